// The witness of a racy query (smt::solve with minimize_witness, the
// `minimize` of smt/query.cpp) against a brute force: on random small
// traces (tests/smt/random_traces.hpp) restricted to the brute force's
// bounds, the witness must be a race (the assumptions hold, both guards
// are true, the modes conflict, the indices are equal) and its weight, the
// sum of 4 |v| over the uniform variables and |v| over the per-thread ones,
// must be the least of every race within the bounds.
#include <gtest/gtest.h>

#include <cstdio>
#include <random>

#include "protocol/protocol.hpp"
#include "smt/query.hpp"
#include "tests/smt/random_traces.hpp"
#include "tests/support/seed_sampling.hpp"
#include "transform/trace.hpp"

using namespace racecert;
using transform::SymbolicTrace;
using protocol::BinOp;
using protocol::binary;
using protocol::int_lit;
using protocol::var;

namespace {

testkit::Assignment assignment(const smt::QueryResult& r) {
  return testkit::Assignment(r.model.begin(), r.model.end());
}

std::string show(const testkit::Assignment& a) {
  std::string out;
  for (const auto& [name, value] : a) out += " " + name + "=" + std::to_string(value);
  return out;
}

TEST(WitnessMinimization, FindsTheLightestRaceOfTheBruteForce) {
  constexpr unsigned kSeeds = 600;
  smt::QueryOptions o;
  o.fast_paths = false;
  o.minimize_witness = true;
  smt::QueryOptions plain = o;
  plain.minimize_witness = false;
  // compared: racy traces whose witness was checked; lowered: those where
  // Z3's first model was heavier than the minimum (the ones where the
  // minimization has something to do).
  // not_minimal: witnesses the search did not prove the lightest.
  int compared = 0, lowered = 0, not_minimal = 0;
  for (unsigned seed = 0; seed < kSeeds; seed += testkit::seed_stride()) {
    std::mt19937 rng(seed);
    SymbolicTrace small = testkit::bounded(testkit::random_trace(rng));
    testkit::BruteForce brute = testkit::brute_force(small, testkit::BruteForceGoal::LightestRace);
    if (!brute.racy) continue;
    ++compared;
    smt::QueryResult r = smt::solve(small, o);
    ASSERT_EQ(r.status, smt::QueryStatus::Racy) << "seed " << seed << ": " << r.reason << "\n" << transform::print(small);
    testkit::Assignment witness = assignment(r);
    ASSERT_EQ(witness.size(), small.vars.size()) << "seed " << seed;
    EXPECT_TRUE(testkit::satisfies_assumptions(small, witness)) << "seed " << seed << ":" << show(witness);
    EXPECT_TRUE(testkit::is_race(small, witness)) << "seed " << seed << ":" << show(witness);
    // The search takes a step that runs out of its resource units as a
    // floor (and stops on the clock): then the witness is real but may be
    // heavier, and says so. Otherwise it is the lightest.
    std::int64_t weight = testkit::witness_weight(small, witness);
    if (r.witness_minimal) {
      EXPECT_EQ(weight, *brute.min_weight)
          << "seed " << seed << ": witness" << show(witness) << "\nlightest race" << show(brute.lightest) << "\n"
          << transform::print(small);
    } else {
      EXPECT_GE(weight, *brute.min_weight) << "seed " << seed;
      ++not_minimal;
      std::printf("seed %u: the search was cut short, weight %lld where the least is %lld\n", seed,
                  static_cast<long long>(weight), static_cast<long long>(*brute.min_weight));
    }
    smt::QueryResult first = smt::solve(small, plain);
    ASSERT_EQ(first.status, smt::QueryStatus::Racy) << "seed " << seed;
    lowered += testkit::witness_weight(small, assignment(first)) > *brute.min_weight;
    if (::testing::Test::HasFailure()) return;
  }
  std::printf("compared %d witnesses with the brute force's lightest race; %d first models were heavier; %d searches "
              "cut short\n",
              compared, lowered, not_minimal);
  // Enough races for the comparison to mean something, and enough of them
  // where Z3's first model is not already the lightest (else a search that
  // did nothing would pass).
  EXPECT_GT(compared, testkit::seeds_checked(kSeeds) / 4);
  EXPECT_GT(lowered, compared / 10);
  // Most searches end at the proven minimum. In Release 16 of the 279
  // racy traces do not: a step ran out of its 20,000 resource units
  // (kMinimizeStepUnits in smt/query.cpp) and was taken as a floor, or
  // two did; 8 of those witnesses are heavier than the least (seed 147:
  // 42 for 38). Under the sanitizer's seed stride 8 of 92 do not. A
  // quarter leaves the sanitizer's slower clock (a step has at most
  // 100 ms, the search 500) room; a search that stops after its first
  // probe leaves nearly all unproved (121 of the first 136) and fails here.
  EXPECT_LE(not_minimal, compared / 4);
}

// The weights themselves, which the random traces above rarely put to the
// test: both threads write A[0] when N >= 2 or their own i >= 3. N is
// uniform (weight 4: 8 for N = 2) and each i per thread (weight 1: 6 for
// both at 3), so the lightest race is N = 0 with i = 3 in both threads,
// where equal weights would pick N = 2.
TEST(WitnessMinimization, WeighsUniformVariablesFourTimesPerThreadOnes) {
  testkit::TraceBuilder b(false);
  for (const char* fixed : {"blockDim.y", "blockDim.z", "gridDim.x", "gridDim.y", "gridDim.z"})
    b.t.assumptions.push_back(binary(BinOp::Eq, var(fixed), int_lit(1)));
  b.t.assumptions.push_back(binary(BinOp::Eq, var("blockDim.x"), int_lit(2)));
  b.access(protocol::AccessMode::Write, {int_lit(0)},
           binary(BinOp::Or, binary(BinOp::Le, int_lit(2), var("N")), binary(BinOp::Le, int_lit(3), var("i"))));
  smt::QueryOptions o;
  o.fast_paths = false;
  smt::QueryResult r = smt::solve(b.t, o);
  ASSERT_EQ(r.status, smt::QueryStatus::Racy) << r.reason;
  EXPECT_TRUE(r.witness_minimal);
  testkit::Assignment witness = assignment(r);
  EXPECT_EQ(witness.at("N"), 0) << show(witness);
  EXPECT_EQ(witness.at("i@1"), 3) << show(witness);
  EXPECT_EQ(witness.at("i@2"), 3) << show(witness);
  EXPECT_EQ(witness.at("threadIdx.x@1") + witness.at("threadIdx.x@2"), 1) << show(witness);
}

}  // namespace
