#pragma once
// Brute-force reference for the delay-bounded explorer: every sequentially
// consistent interleaving of a program (an RMW's read and write adjacent),
// each one built with ScSchedule and reported through ResultCollector like
// the explorer's schedules. Exponential: small programs only.
#include <cstdint>
#include <functional>

#include "explorer/graph.hpp"
#include "explorer/program.hpp"
#include "explorer/result.hpp"

namespace racecert::explorer::testing {

struct InterleavingsResult {
  ExploreResult result;  // executions/blocked count interleavings
  bool truncated = false;  // more than `limit` interleavings: result incomplete
};

InterleavingsResult all_sc_interleavings(const Program& program, int loop_bound, std::uint64_t limit,
                                         std::function<void(const Graph&, bool complete)> on_final);

}  // namespace racecert::explorer::testing
