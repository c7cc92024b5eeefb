// Issue 18: the same file must get the same verdict on every run. The
// cross-block query of a row loop whose offset wraps mod 2^32 took 0.01 s
// or 0.5 s (and under load timed out: unknown) depending on which pooled
// solver thread ran it and what that thread's Z3 context had seen before.
// Each query now gets a fresh context and the plain core's share is counted
// in Z3 resource units, not on the clock (docs/smt-encoding.md). The test
// asks the query shape many times, in one process, from one and two jobs,
// after other queries, and asserts the verdict every time (not the time).
#include <gtest/gtest.h>

#include <string>

#include "pipeline/driver.hpp"

using namespace racecert;

namespace {

const std::string kDir = RACECERT_SOURCE_DIR "/datasets/kernels/";
const std::string kRacyNeighbour = "derived-induction/for-header-stride-racy.cu";

KernelStatus verdict(const std::string& file, int jobs, unsigned rlimit = 0) {
  pipeline::Options po;
  po.check.jobs = jobs;
  po.check.query.rlimit = rlimit;
  pipeline::Result r = pipeline::run_check({kDir + file}, po);
  EXPECT_TRUE(r.errors.empty()) << file;
  EXPECT_EQ(r.kernels.size(), 1u) << file;
  return r.kernels.empty() ? KernelStatus::Unknown : r.kernels.front().status;
}

}  // namespace

TEST(SolverDeterminism, WrappingRowOffsetQueryIsDrfOnEveryRun) {
  // The row offset r * 8192 + blockIdx.x * 128 + threadIdx.x, taken mod 2^32:
  // 8192 divides 2^32, so two different threads never meet (drf).
  for (int run = 0; run < 6; ++run)
    for (int jobs : {1, 2})
      EXPECT_EQ(verdict("derived-induction/for-header-stride-drf.cu", jobs), KernelStatus::Drf)
          << "run " << run << ", " << jobs << " jobs";
}

TEST(SolverDeterminism, RacyNeighbourKeepsItsVerdictBetweenDrfRuns) {
  // Queries of another file in between change what a reused context would
  // have seen: the verdicts of both files stay put.
  for (int run = 0; run < 3; ++run) {
    EXPECT_EQ(verdict("derived-induction/for-header-stride-drf.cu", 1), KernelStatus::Drf) << "run " << run;
    EXPECT_EQ(verdict(kRacyNeighbour, 1), KernelStatus::Racy) << "run " << run;
  }
}

TEST(SolverDeterminism, WrappingRowOffsetQueryFitsASmallResourceLimit) {
  // A budget in Z3's resource units, the same on every machine: the core
  // with the older simplex (arith.solver=2) needs about 15,000 units for
  // the cross-block query; the default arithmetic needed 330,000 in a fresh
  // context and went past 8 s under other random seeds. Before the fix,
  // `--rlimit 50000` gave drf or unknown from run to run.
  for (int run = 0; run < 3; ++run)
    EXPECT_EQ(verdict("derived-induction/for-header-stride-drf.cu", 1, 50000), KernelStatus::Drf) << "run " << run;
}
