// Theorem 1 with grid and warp barriers (transform/sync_views.hpp): for
// random well-formed protocols with block barriers, grid barriers and warp
// barriers of groups of 2 threads, the symbolic pipeline finds a race
// exactly when the reference interpreter finds one in some small
// configuration (1-3 threads per block, so groups {0,1} and {2}; 1-2
// blocks; N, M in 0..2; a per-thread unknown v in {0, 1}).
#include <gtest/gtest.h>

#include <random>

#include "protocol/interpreter.hpp"
#include "protocol/printer.hpp"
#include "smt/checker.hpp"
#include "tests/support/random_protocol.hpp"

using namespace racecert;
using namespace racecert::protocol;

namespace {

bool interpreter_racy(const Kernel& k, const testkit::SmallBounds& b) {
  InterpretOptions io;
  io.stop_at_first_race = true;
  return testkit::any_small_config(k, b, b.max_block_dim, [&](const ConcreteConfig& c) {
    ConcreteResult r = interpret(k, c, io);
    EXPECT_FALSE(r.divergent) << r.divergence << "\n" << print(k);  // barriers only under uniform control
    return !r.races.empty();
  });
}

bool has_scope(const Block& b, SyncScope scope) {
  for (const auto& s : b) {
    if (s.is<Sync>() && s.as<Sync>().scope == scope) return true;
    if (s.is<If>() && (has_scope(s.as<If>().then_body, scope) || has_scope(s.as<If>().else_body, scope)))
      return true;
    if (s.is<Loop>() && has_scope(s.as<Loop>().body, scope)) return true;
  }
  return false;
}

void check_seed_range(unsigned first, unsigned count) {
  testkit::SmallBounds bounds;
  int racy = 0, drf = 0, grid = 0, warp = 0;
  for (unsigned seed = first; seed < first + count; ++seed) {
    std::mt19937 rng(seed);
    testkit::RandomProtocolOptions ro;
    ro.max_depth = 2;
    ro.max_block = 3;
    ro.sync_scopes = true;
    Kernel k = testkit::random_protocol(rng, ro);
    smt::CheckOptions o;
    o.jobs = 1;
    o.query.minimize_witness = false;
    o.assumptions = testkit::bound_assumptions(k, bounds);
    KernelReport rep = smt::check({k}, o).at(0);
    ASSERT_NE(rep.status, KernelStatus::Unknown) << "seed " << seed << "\n" << print(k);
    ASSERT_NE(rep.status, KernelStatus::Divergent) << "seed " << seed << "\n" << print(k);
    bool expected = interpreter_racy(k, bounds);
    ASSERT_EQ(rep.status == KernelStatus::Racy, expected)
        << "seed " << seed << ": interpreter says " << (expected ? "racy" : "drf") << "\n"
        << print(k);
    (expected ? racy : drf)++;
    grid += has_scope(k.body, SyncScope::Grid);
    warp += has_scope(k.body, SyncScope::Warp);
  }
  EXPECT_GT(racy, static_cast<int>(count) / 5);
  EXPECT_GT(drf, static_cast<int>(count) / 10);
  // Both new kinds of barrier occur often enough to be tested.
  EXPECT_GT(grid, static_cast<int>(count) / 8);
  EXPECT_GT(warp, static_cast<int>(count) / 5);
}

}  // namespace

TEST(SyncScopesVerdicts, Seeds0To299) { check_seed_range(0, 300); }
TEST(SyncScopesVerdicts, Seeds300To599) { check_seed_range(300, 300); }
