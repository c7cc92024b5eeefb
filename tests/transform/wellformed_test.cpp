// Well-formedness: tags, renaming, divergence, the empty-loop case split.
#include <gtest/gtest.h>

#include "protocol/parser.hpp"
#include "protocol/printer.hpp"
#include "transform/sync_views.hpp"
#include "transform/wellformed.hpp"

using namespace racecert;
using namespace racecert::protocol;
using namespace racecert::transform;

namespace {
Kernel kernel(const std::string& body) {
  return parse_protocol("kernel k {\nshared A;\nuniform N;\nlocal v;\n" + body + "\n}\n", "t.map").kernels.at(0);
}
}  // namespace

TEST(WellFormed, TagsLoopsAndConditionals) {
  WellFormed w = make_well_formed(kernel("for i in 0..4 { rd A[i]; } if (N > 0) { sync; } if (tid < 2) { wr A[0]; }"));
  EXPECT_EQ(print(w), R"(kernel k {
  shared A;
  uniform N;
  local v;
  forU i in 0..4 {
    rd A[i];
  }
  ifS (N > 0) {
    sync;
  }
  ifU (threadIdx.x < 2) {
    wr A[0];
  }
}
)");
  EXPECT_TRUE(w.divergences.empty());
}

// A conditional is synchronized when a barrier is anywhere below it (the
// stage counts the barriers it meets): deep in a nest, in the else-branch
// only, in a loop of a branch; a conditional after one that held a barrier
// holds none of its own.
TEST(WellFormed, TagsNestedConditionalsByTheBarriersBelowThem) {
  WellFormed w = make_well_formed(kernel(
      "if (N > 0) { if (N > 1) { if (N > 2) { sync; } } } if (N > 3) { rd A[0]; } "
      "if (N > 4) { rd A[1]; } else { if (N > 5) { for i in 0..4 { sync; } } } if (tid < 2) { if (N > 6) { wr A[0]; } }"));
  EXPECT_EQ(print(w), R"(kernel k {
  shared A;
  uniform N;
  local v;
  ifS (N > 0) {
    ifS (N > 1) {
      ifS (N > 2) {
        sync;
      }
    }
  }
  ifU (N > 3) {
    rd A[0];
  }
  ifS (N > 4) {
    rd A[1];
  } else {
    ifS (N > 5) {
      forS i in 0..4 {
        sync;
      }
    }
  }
  ifU (threadIdx.x < 2) {
    ifU (N > 6) {
      wr A[0];
    }
  }
}
)");
}

TEST(WellFormed, CaseSplitsSynchronizedLoopsThatMayNotRun) {
  WellFormed w = make_well_formed(kernel("for x in 0..N { sync; } for y in 0..4 { sync; }"));
  const Block& b = w.kernel.body;
  ASSERT_EQ(b.size(), 2u);
  ASSERT_TRUE(b[0].is<If>());  // 0 < N may be false
  EXPECT_EQ(to_string(b[0].as<If>().cond), "0 < N");
  EXPECT_EQ(b[0].as<If>().tag, SyncTag::Sync);
  EXPECT_TRUE(b[1].is<Loop>());  // 0 < 4: always runs, no split
}

TEST(WellFormed, RenamesReusedNamesApart) {
  WellFormed w = make_well_formed(kernel("for i in 0..2 { rd A[i]; } for i in 0..3 { local u; wr A[i + u]; }"));
  EXPECT_EQ(w.kernel.body[0].as<Loop>().var, "i");
  const Loop& second = w.kernel.body[1].as<Loop>();
  EXPECT_EQ(second.var, "i#1");
  EXPECT_EQ(to_string(second.body[1].as<Access>().index[0]), "i#1 + u");
  EXPECT_EQ(w.source_name.at("i#1"), "i");
  EXPECT_EQ(w.source_name.size(), 1u);
}

// The views re-form the kernel without renaming again: a renamed name keeps
// its user's name in each (a witness shows `i`, not `i#1`).
TEST(WellFormed, ViewsKeepTheUsersNames) {
  WellFormed w = make_well_formed(kernel("for i in 0..2 { rd A[i]; } for i in 0..3 { wr A[i]; sync; sync warp 32; }"));
  ASSERT_EQ(w.source_name.at("i#1"), "i");
  std::vector<SyncView> views = sync_views(std::move(w), true);
  ASSERT_EQ(views.size(), 3u);  // no common warp, one warp, different blocks
  for (const SyncView& v : views) {
    EXPECT_EQ(v.kernel.source_name.size(), 1u) << v.pairs;
    EXPECT_EQ(v.kernel.source_name.at("i#1"), "i") << v.pairs;
  }
}

// A binder whose name is free keeps it, and the expressions in its scope
// stay the nodes they were, shared as before: the n guards of n breaks in a
// loop body share one chain, which a rebuild per guard made n^2 nodes. A
// name already taken is renamed in its scope and only there.
TEST(WellFormed, ExpressionsInTheScopeOfAFreeNameStayTheirNodes) {
  Kernel k = kernel("for i in 0..3 { local u; wr A[i + u]; rd A[0]; } for j in 0..2 { local u; rd A[u + j]; }");
  Block& body = k.body[0].as<Loop>().body;
  body[2].as<Access>().index[0] = body[1].as<Access>().index[0];  // shared, as the inferrer's values are
  const ExprNode* shared = body[1].as<Access>().index[0].get();
  WellFormed w = make_well_formed(std::move(k));
  const Block& formed = w.kernel.body[0].as<Loop>().body;
  EXPECT_EQ(formed[1].as<Access>().index[0].get(), shared);
  EXPECT_EQ(formed[2].as<Access>().index[0].get(), shared);
  EXPECT_EQ(to_string(formed[1].as<Access>().index[0]), "i + u");
  const Block& second = w.kernel.body[1].as<Loop>().body;
  EXPECT_EQ(second[0].as<Decl>().name, "u#1");  // the first loop's `u` holds the name
  EXPECT_EQ(to_string(second[1].as<Access>().index[0]), "u#1 + j");
}

TEST(WellFormed, ClassifiesVariables) {
  WellFormed w = make_well_formed(kernel(
      "for x in 0..N { sync; } for y in 0..tid { rd A[y]; } for z in 0..blockIdx.x { sync; } for q in 0..v { rd A[q]; }"));
  EXPECT_EQ(w.levels.at("x"), Uniformity::Grid);
  EXPECT_EQ(level_of("y", w.levels), Uniformity::Thread);
  EXPECT_EQ(w.levels.at("z"), Uniformity::Block);
  EXPECT_EQ(level_of("q", w.levels), Uniformity::Thread);
  EXPECT_EQ(level_of("threadIdx.x", w.levels), Uniformity::Thread);
  EXPECT_EQ(w.levels.at("N"), Uniformity::Grid);
  // Sparse: per-thread names have no entry, renamed names only have one.
  EXPECT_EQ(w.levels.count("y") + w.levels.count("q") + w.levels.count("threadIdx.x"), 0u);
  EXPECT_TRUE(w.divergences.empty());  // blockIdx is the same in a whole block
}

TEST(WellFormed, BarrierUnderThreadDependentConditionDiverges) {
  WellFormed w = make_well_formed(kernel("if (tid < N) {\n  sync;\n}"));
  ASSERT_EQ(w.divergences.size(), 1u);
  EXPECT_EQ(w.divergences[0].barrier.line, 6);
  EXPECT_EQ(w.divergences[0].cause.line, 5);
  EXPECT_NE(w.divergences[0].message.find("depends on the thread"), std::string::npos);
}

TEST(WellFormed, BarrierInLoopWithThreadDependentBoundsDiverges) {
  WellFormed w = make_well_formed(kernel("for i in 0..v {\n  rd A[i];\n  sync;\n}"));
  ASSERT_EQ(w.divergences.size(), 1u);
  EXPECT_EQ(w.divergences[0].barrier.line, 7);
  EXPECT_NE(w.divergences[0].message.find("bounds of the loop"), std::string::npos);
}

// A warp barrier under thread-dependent control records the thread-dependent
// conditions on its path, outermost first, and only those: not a uniform
// one, not one of a sibling branch, not one the barrier comes after.
TEST(WellFormed, WarpBarrierRecordsTheThreadConditionsOnItsPath) {
  WellFormed w = make_well_formed(kernel(
      "if (tid < 16) { if (N > 0) { if (tid > 2) { sync warp 32; } } if (tid < 8) { rd A[0]; } sync warp 32; } "
      "if (tid > 20) { rd A[1]; } else { if (tid < 4) { sync warp 32; } }"));
  ASSERT_EQ(w.thread_controlled_warp_syncs.size(), 3u);
  auto conditions = [&](std::size_t i) {
    std::string out;
    for (const auto& c : w.thread_controlled_warp_syncs[i].conditions) out += to_string(c) + "; ";
    return out;
  };
  EXPECT_EQ(conditions(0), "threadIdx.x < 16; threadIdx.x > 2; ");
  EXPECT_EQ(conditions(1), "threadIdx.x < 16; ");
  EXPECT_EQ(conditions(2), "threadIdx.x > 20; threadIdx.x < 4; ");
}
