// Theorem 1, pair inclusion: aligning and splitting preserve and reflect the
// set of concurrent access pairs. For random well-formed protocols and every
// small configuration, the pairs of accesses (by distinct threads of a block)
// that share a phase in the reference interpreter are exactly the pairs that
// share an instance of some closure.
#include <gtest/gtest.h>

#include <random>

#include "protocol/interpreter.hpp"
#include "protocol/printer.hpp"
#include "smt/implication.hpp"
#include "support/diagnostic.hpp"
#include "tests/support/concrete_pairs.hpp"
#include "tests/support/random_protocol.hpp"
#include "transform/align.hpp"

using namespace racecert;
using namespace racecert::protocol;
using namespace racecert::transform;

namespace {

std::string show(const std::set<testkit::AccessPair>& s) {
  std::string out;
  for (const auto& [a, b] : s) {
    out += "(site " + std::to_string(a.site) + " t" + std::to_string(a.thread) + ", site " +
           std::to_string(b.site) + " t" + std::to_string(b.thread) + ") ";
  }
  return out;
}

void check_seed_range(unsigned first, unsigned count) {
  testkit::RandomProtocolOptions ro;
  ro.thread_unknowns = false;  // per-thread values are covered by the SMT differential test
  int compared = 0;
  for (unsigned seed = first; seed < first + count; ++seed) {
    std::mt19937 rng(seed);
    Kernel k = random_protocol(rng, ro);
    WellFormed w = make_well_formed(k);
    ASSERT_TRUE(w.divergences.empty()) << print(k);
    AlignOptions ao;
    ao.implies = smt::z3_implication(2000);
    ao.facts = builtin_constraints();
    std::vector<Closure> closures;
    try {
      closures = split(align(w, ao));
    } catch (const Error& e) {
      FAIL() << "seed " << seed << ": " << e.render() << "\n" << print(w);
    }
    for (std::int64_t threads = 1; threads <= 3; ++threads) {
      for (std::int64_t n = 0; n <= 2; ++n) {
        ConcreteConfig cfg;
        cfg.block_dim = {threads, 1, 1};
        cfg.uniform["N"] = n;
        cfg.uniform["M"] = 1;
        ConcreteResult r = interpret(k, cfg);
        ASSERT_FALSE(r.divergent);
        auto expected = testkit::interpreter_pairs(r);
        auto actual = testkit::closure_pairs(w.kernel, closures, cfg);
        ASSERT_EQ(expected, actual) << "seed " << seed << ", " << threads << " threads, N=" << n << "\n"
                                    << print(k) << "\nmissing or extra: interpreter " << show(expected)
                                    << "\nclosures " << show(actual) << "\n"
                                    << print(closures);
        ++compared;
      }
    }
  }
  EXPECT_EQ(compared, static_cast<int>(count) * 9);
}

}  // namespace

TEST(Theorem1Pairs, RandomProtocolsSeeds0To499) { check_seed_range(0, 500); }
TEST(Theorem1Pairs, RandomProtocolsSeeds500To999) { check_seed_range(500, 500); }
TEST(Theorem1Pairs, RandomProtocolsSeeds1000To1499) { check_seed_range(1000, 500); }
