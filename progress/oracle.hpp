#pragma once
// The termination oracle: builds the state graphs a program needs (one per
// kind of monitor state) and decides termination under any of the models.
#include <map>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "progress/decide.hpp"
#include "progress/models.hpp"
#include "progress/state_graph.hpp"

namespace racecert::progress {

struct CheckOptions {
  std::size_t max_states = 4'000'000;
  bool witness = true;
};

struct Verdict {
  ModelSpec spec;
  bool terminates = true;
  std::optional<Lasso> witness;
  // The graph the verdict was decided on, with F per state; witness states
  // index into it.
  std::shared_ptr<const StateGraph> graph;
  std::vector<ThreadSet> fair;
};

// The size of the program's own LTS (no monitor state): reachable states and
// steps, self-loops included; the "States" and "Actions" of Table 3.
struct LtsCounts {
  std::size_t states = 0, actions = 0;
};

class Checker {
 public:
  explicit Checker(Program p, CheckOptions opts = {});
  Verdict check(const ModelSpec& spec);
  // The 11 verdicts in all_models() order.
  std::vector<Verdict> check_all(unsigned occupancy = 0);
  LtsCounts lts_counts();
  const Program& program() const { return prog_; }
  // The graph a model is decided on (shared between models that need the
  // same monitor state).
  std::shared_ptr<const StateGraph> graph_for(const ModelSpec& spec);

 private:
  Program prog_;
  CheckOptions opts_;
  std::map<std::pair<bool, unsigned>, std::shared_ptr<const StateGraph>> graphs_;
};

std::vector<ThreadSet> fair_sets(const StateGraph& g, const ModelSpec& spec);

}  // namespace racecert::progress
