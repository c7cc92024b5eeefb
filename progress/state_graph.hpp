#pragma once
// The explicit state graph (LTS) of a program, optionally in product with the
// set of threads that have started (needed by OBE, HSA+OBE and LOBE) and an
// occupancy bound. A state is (pc of each thread, memory, started set); a
// transition is one AXB step of one thread. A thread's termination is folded
// into its last step (the paper's Fig. 6 does the same), so every transition
// is a step; states where every thread has terminated are final.
//
// States are numbered in breadth-first order from the initial state 0, and
// each keeps the edge it was discovered by, so shortest prefixes are free.
#include <cstdint>
#include <span>
#include <vector>

#include "progress/program.hpp"

namespace racecert::progress {

struct GraphOptions {
  bool track_started = false;
  unsigned occupancy = 0;             // 0: unbounded (needs track_started otherwise)
  std::size_t max_states = 4'000'000; // beyond: racecert::Error, exit code 4
};

struct StepEdge {
  std::uint32_t target;
  std::uint32_t thread;
};

struct DecodedState {
  std::vector<std::uint32_t> pcs;
  std::vector<Value> mem;
  ThreadSet started = 0;
};

class StateGraph {
 public:
  std::size_t size() const { return keys_.size(); }
  std::size_t edge_count() const { return edges_.size(); }
  static constexpr std::uint32_t initial() { return 0; }
  std::span<const StepEdge> out(std::uint32_t s) const {
    return {edges_.data() + offsets_[s], edges_.data() + offsets_[s + 1]};
  }
  ThreadSet started(std::uint32_t s) const { return started_[s]; }
  ThreadSet terminated(std::uint32_t s) const { return terminated_[s]; }
  bool is_final(std::uint32_t s) const { return terminated_[s] == all_; }
  ThreadSet all_threads() const { return all_; }
  std::uint32_t pc(std::uint32_t s, std::size_t thread) const;
  Value mem(std::uint32_t s, std::size_t loc) const;
  DecodedState decode(std::uint32_t s) const;
  // The BFS tree: the state and thread of the step that discovered s (s != 0).
  std::uint32_t parent(std::uint32_t s) const { return parent_[s]; }
  std::uint32_t parent_thread(std::uint32_t s) const { return parent_thread_[s]; }
  const Program& program() const { return prog_; }
  const GraphOptions& options() const { return opts_; }

 private:
  friend StateGraph build_state_graph(const Program&, const GraphOptions&);
  struct Field {
    unsigned shift = 0;
    std::uint64_t mask = 0;
  };

  Program prog_;  // a copy: graphs outlive the caller's program
  GraphOptions opts_;
  ThreadSet all_ = 0;
  std::vector<Field> pc_field_, mem_field_;
  Field started_field_;
  std::vector<std::vector<Value>> domain_;  // per location: the values it can hold, sorted
  std::vector<std::uint64_t> keys_;
  std::vector<ThreadSet> started_, terminated_;
  std::vector<std::uint32_t> parent_, parent_thread_;
  std::vector<std::uint32_t> offsets_{0};
  std::vector<StepEdge> edges_;
};

// Explores every state reachable from the initial one. Throws racecert::Error (kExitInconclusive) when the
// state does not fit in 64 bits or there are more than max_states states.
StateGraph build_state_graph(const Program& p, const GraphOptions& opts);

}  // namespace racecert::progress
