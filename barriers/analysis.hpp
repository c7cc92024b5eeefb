#pragma once
// The named-barrier check of one program, in the scalable form:
//   1. refuse data-dependent programs (Opaque commands): outcome unknown;
//   2. simulate one schedule at unit granularity, assigning generations
//      (a failing schedule is a deadlock, count mismatch or overflow);
//   3. build the barrier dependence graph and the happens-before intervals;
//   4. check that every registration of generation k+1 is ordered after the
//      completion of generation k (well-synchronization, with the fixes);
//   5. check races across generations with constant-time interval tests.
#include <cstdint>
#include <vector>

#include "barriers/program.hpp"
#include "barriers/simulator.hpp"
#include "barriers/verdict.hpp"

namespace racecert::barriers {

struct AnalysisOptions {
  std::size_t max_races = 20;             // witnesses kept
  std::uint64_t max_racing_pairs = 1u << 16;  // the race search stops after this many
  bool benign_writes_race = false;            // --benign-races (RaceOptions)
};

struct AnalysisStats {
  std::uint64_t commands = 0, thread_commands = 0;
  std::uint64_t dynamic_barriers = 0, graph_edges = 0;
  std::uint64_t thread_accesses = 0, group_accesses = 0, race_tests = 0;
  double simulate_s = 0, graph_s = 0, wellsync_s = 0, races_s = 0, total_s = 0;
};

struct Analysis {
  Verdict verdict;
  Schedule schedule;
  std::vector<CmdRef> opaque;  // data-dependent commands (outcome unknown)
  AnalysisStats stats;
};

// Validates the program (throws racecert::Error, exit 2, when malformed).
Analysis analyze(const Program& p, const AnalysisOptions& o = {});

}  // namespace racecert::barriers
