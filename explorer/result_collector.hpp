#pragma once
// Fills an ExploreResult from the graphs an exploration builds: races when an
// access is added, and the classification of every final graph (complete,
// blocked, divergent, cut by the loop bound; the final condition; the first
// witness). Shared by every exploration (the optimal DPOR, delay bounding
// and its brute-force test reference), so that they classify and count
// exactly alike.
#include <algorithm>
#include <functional>
#include <set>
#include <tuple>

#include "explorer/graph.hpp"
#include "explorer/program.hpp"
#include "explorer/result.hpp"

namespace racecert::explorer {

class ResultCollector {
 public:
  ResultCollector(const Program& program, const GraphContext& ctx, bool stop_on_first,
                  std::function<void(const Graph&, bool complete)> on_final, bool same_value_writes_race = true)
      : program_(program), ctx_(ctx), stop_on_first_(stop_on_first), on_final_(std::move(on_final)),
        same_value_writes_race_(same_value_writes_race) {}

  // Records the races between access e (just added, with its final hb) and
  // the accesses added before it. Returns whether it found one.
  bool report_races(const Graph& g, EventId e);
  // Classifies a final graph: no thread can go on.
  void finish(const Graph& g);
  // An execution cut short (too many events): counted as cut by the bound.
  void cut(const Graph& g) {
    result_.max_events = std::max(result_.max_events, g.total_events());
    ++result_.blocked;
    ++result_.bounded;
  }
  FinalState final_state(const Graph& g) const;

  void time_out() { result_.timed_out = true; }
  // --stop-on-first saw an error.
  bool stopped() const { return result_.stopped_early; }
  const ExploreResult& result() const { return result_; }
  ExploreResult take() { return std::move(result_); }

 private:
  const Program& program_;
  const GraphContext& ctx_;
  bool stop_on_first_;
  std::function<void(const Graph&, bool complete)> on_final_;
  bool same_value_writes_race_;
  ExploreResult result_;
  std::set<std::tuple<int, int, int, int, int, int>> race_keys_;
};

}  // namespace racecert::explorer
