#pragma once
// The runs of each thread of a litmus program for the PTX candidate search
// (ptx_explore.cpp): every path through the thread's code under guessed
// read values, with the dependencies of each event. Internal to explorer/.
#include <bitset>
#include <vector>

#include "explorer/ptx_explore.hpp"
#include "explorer/thread_runner.hpp"

namespace racecert::explorer::ptx {

constexpr int kMaxRunEvents = 256;  // the size of a dependency mask
using Mask = std::bitset<kMaxRunEvents>;

// One event of a thread run; deps: the run's earlier reads it depends on
// (addr | data | ctrl), as a mask over run event indices.
struct RunEvent {
  Step step;
  Value value = 0;
  Mask deps;
};

struct Run {
  std::vector<RunEvent> events;
  std::vector<Value> regs;
  ThreadStatus status = ThreadStatus::Finished;
  FailureKind failure = FailureKind::Assertion;
  int fail_pc = -1;
  RunEnd end = RunEnd::Finished;
  int end_pc = -1;      // Spinning: the backward jump; AtBarrier: the barrier
  int spin_start = -1;  // Spinning: the index of the failed iteration's first event
};

// The runs of every thread under value domains grown to a fixpoint. Round
// k adds the values written by runs that read values of round k - 1. In an
// execution satisfying No-Thin-Air every written value derives from reads
// along an acyclic rf ∪ dep chain of distinct writes, so it appears by
// round W + 1, W the most writes an execution can have (the sum over the
// threads of their longest run's writes); values that only appear later
// come from dependency cycles (an RMW's write depends on its read) and are
// not added.
bool enumerate_runs(const Program& p, const PtxOptions& o, std::vector<std::vector<Run>>& runs);

}  // namespace racecert::explorer::ptx
