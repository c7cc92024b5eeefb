// Theorem 1 with grid and warp barriers (transform/sync_views.hpp): for
// random well-formed protocols with block barriers, grid barriers and warp
// barriers of groups of 2 threads, the symbolic pipeline finds a race
// exactly when the reference interpreter finds one in some small
// configuration (1-3 threads per block, so groups {0,1} and {2}; 1-2
// blocks; N, M in 0..2; a per-thread unknown v in {0, 1}).
#include <gtest/gtest.h>


#include "tests/smt/verdict_differential.hpp"
#include "tests/support/seed_sampling.hpp"

using namespace racecert;
using namespace racecert::protocol;

namespace {

bool has_scope(const Block& b, SyncScope scope) {
  for (const auto& s : b) {
    if (s.is<Sync>() && s.as<Sync>().scope == scope) return true;
    if (s.is<If>() && (has_scope(s.as<If>().then_body, scope) || has_scope(s.as<If>().else_body, scope)))
      return true;
    if (s.is<Loop>() && has_scope(s.as<Loop>().body, scope)) return true;
  }
  return false;
}

void check_scope_seeds(unsigned first, unsigned count) {
  testkit::RandomProtocolOptions ro;
  ro.max_depth = 2;
  ro.max_block = 3;
  ro.sync_scopes = true;
  int grid = 0, warp = 0;
  testkit::VerdictOptions vo;
  vo.expect_no_divergence = true;  // barriers only under uniform control
  vo.inspect = [&](const Kernel& k) {
    grid += has_scope(k.body, SyncScope::Grid);
    warp += has_scope(k.body, SyncScope::Warp);
  };
  testkit::VerdictCounts n = testkit::compare_verdicts(first, count, ro, vo);
  EXPECT_GT(n.racy, testkit::seeds_checked(count) / 5);
  EXPECT_GT(n.drf, testkit::seeds_checked(count) / 10);
  // Both new kinds of barrier occur often enough to be tested.
  EXPECT_GT(grid, testkit::seeds_checked(count) / 8);
  EXPECT_GT(warp, testkit::seeds_checked(count) / 5);
}

}  // namespace

TEST(SyncScopesVerdicts, Seeds0To299) { check_scope_seeds(0, 300); }
TEST(SyncScopesVerdicts, Seeds300To599) { check_scope_seeds(300, 300); }
