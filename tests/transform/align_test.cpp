// Aligning and splitting: the shape of Listing 2.3, Example 4, and linear
// growth with the nesting of synchronized loops.
#include <gtest/gtest.h>

#include "protocol/parser.hpp"
#include "protocol/printer.hpp"
#include "transform/align.hpp"
#include "transform/split.hpp"
#include "transform/trace.hpp"

using namespace racecert;
using namespace racecert::protocol;
using namespace racecert::transform;

namespace {

WellFormed wf(const std::string& text) {
  return make_well_formed(parse_protocol(text, "t.map").kernels.at(0));
}

std::size_t block_size(const Block& b);
std::size_t stmt_size(const Stmt& s) {
  if (s.is<If>()) return 1 + size(s.as<If>().cond) + block_size(s.as<If>().then_body) + block_size(s.as<If>().else_body);
  if (s.is<Loop>()) return 1 + block_size(s.as<Loop>().body);
  if (s.is<Bind>()) return 1 + size(s.as<Bind>().where) + block_size(s.as<Bind>().body);
  return 1;
}
std::size_t block_size(const Block& b) {
  std::size_t n = 0;
  for (const auto& s : b) n += stmt_size(s);
  return n;
}
std::size_t aligned_size(const Aligned& a) {
  std::size_t n = 0;
  for (const auto& item : a) {
    if (auto* p = std::get_if<PhaseEnd>(&item.node)) n += 1 + block_size(p->code);
    else if (auto* l = std::get_if<AlignedLoop>(&item.node)) n += 1 + aligned_size(l->body);
    else n += 1 + aligned_size(std::get<Guarded>(item.node).body);
  }
  return n;
}

}  // namespace

// Listing 2.3: the aligned loop keeps one copy of the body; iteration r
// starts with the reads of iteration r-1, except the first.
TEST(Align, Listing23) {
  WellFormed w = wf(R"(kernel k { shared tile; uniform N, M;
    for r in 0..N { for i in 0..M { wr tile[tid]; } sync; for j in 0..M { rd tile[tid + j]; } } })");
  AlignedProtocol a = align(w);
  EXPECT_EQ(print(a), R"(when (0 < N) {
  forS r in 0..N {
    ifU (r != 0) {
      forU j in 0..M {
        rd tile[threadIdx.x + j];
      }
    }
    forU i in 0..M {
      wr tile[threadIdx.x];
    }
    sync;  // t.map:2:53
  }
}
// after the last barrier:
ifU (0 < N) {
  var r | r < N && r >= 0 && !(r + 1 < N) {
    forU j in 0..M {
      rd tile[threadIdx.x + j];
    }
  }
}
)");
  std::vector<Closure> cs = split(a);
  ASSERT_EQ(cs.size(), 2u);
  EXPECT_EQ(cs[0].binders.size(), 2u);  // when (0 < N), var r
  EXPECT_TRUE(cs[1].binders.empty());
}

// Example 4: seq(split(wr[tid+1]; rd[tid+2]; sync)) is one trace in which
// each symbolic thread makes both accesses.
TEST(Align, Example4OneTraceTwoThreads) {
  WellFormed w = wf("kernel k { shared A; wr A[tid + 1]; rd A[tid + 2]; sync; }");
  std::vector<Closure> cs = split(align(w));
  ASSERT_EQ(cs.size(), 1u);
  SymbolicTrace t = sequentialize(w, cs[0], "A");
  std::vector<std::string> accesses;
  for (const auto& a : t.accesses)
    accesses.push_back("t" + std::to_string(a.thread) + ":" + to_string(a.mode) + "[" + to_string(a.index[0]) + "]");
  EXPECT_EQ(accesses, (std::vector<std::string>{"t1:wr[threadIdx.x@1 + 1]", "t1:rd[threadIdx.x@1 + 2]",
                                                "t2:wr[threadIdx.x@2 + 1]", "t2:rd[threadIdx.x@2 + 2]"}));
  // The two symbolic threads are distinct.
  EXPECT_EQ(to_string(t.assumptions.back()),
            "threadIdx.x@1 != threadIdx.x@2 || threadIdx.y@1 != threadIdx.y@2 || threadIdx.z@1 != threadIdx.z@2");
}

TEST(Align, SynchronizedConditionalBecomesGuardedBlocks) {
  WellFormed w = wf("kernel k { shared A; uniform N; wr A[tid]; if (N > 0) { sync; rd A[tid]; } wr A[0]; sync; }");
  AlignedProtocol a = align(w);
  std::vector<Closure> cs = split(a);
  // Phases: {wr A[tid]} before the conditional barrier (when N > 0);
  // {rd, wr A[0]} (when N > 0) or {wr A[tid], wr A[0]} (when N <= 0) before the last barrier.
  ASSERT_EQ(cs.size(), 2u);
  EXPECT_EQ(to_string(cs[0].binders.at(0).where), "N > 0");
  std::string code = print(cs);
  EXPECT_NE(code.find("ifU (N > 0) {\n  } else {\n    wr A[threadIdx.x];"), std::string::npos) << code;
}

TEST(Align, UnsupportedWhenBodySynchronizesInSomeIterationsOnly) {
  WellFormed w = wf("kernel k { shared A; uniform N; for x in 0..N { if (x > 2) { sync; } rd A[x]; } }");
  try {
    align(w);
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), kExitInconclusive);
    EXPECT_EQ(e.loc().line, 1);
  }
}

// The paper's aligning copies the loop body at each level of nesting
// (exponential); ours keeps one copy (linear). Fig. 17's synchronized-loop
// family, nested 1..40 deep.
TEST(Align, SizeGrowsLinearlyWithNesting) {
  auto family = [](int depth) {
    std::string s = "kernel k { shared A; uniform N;";
    for (int i = 0; i < depth; ++i) s += " for i" + std::to_string(i) + " in 0..N { wr A[tid]; rd A[tid + i" + std::to_string(i) + "]; sync;";
    for (int i = 0; i < depth; ++i) s += " }";
    return s + " }";
  };
  std::vector<std::size_t> sizes;
  for (int d : {10, 20, 40}) {
    AlignedProtocol a = align(wf(family(d)));
    sizes.push_back(aligned_size(a.items) + block_size(a.last));
    EXPECT_EQ(split(a).size(), static_cast<std::size_t>(d));  // one phase per level
  }
  // Doubling the depth at most doubles the size (plus a constant).
  EXPECT_LE(sizes[1], 2 * sizes[0] + 16);
  EXPECT_LE(sizes[2], 2 * sizes[1] + 16);
}
