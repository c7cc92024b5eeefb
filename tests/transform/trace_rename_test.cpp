// The sequentialization's memoized renaming (transform/trace.cpp, issue 18):
// one expression node met under two bindings of its variable, as aligning
// and inference share nodes between statements, gets each binding's name,
// not the first one's from the memo.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <initializer_list>
#include <set>

#include "protocol/parser.hpp"
#include "transform/align.hpp"
#include "transform/split.hpp"
#include "transform/trace.hpp"

using namespace racecert;
using namespace racecert::protocol;
using namespace racecert::transform;

namespace {

// The indices of every access of the trace of the kernel's single closure,
// thread by thread, after `edit` changed the closure's code.
std::vector<std::string> trace_indices(const std::string& text, const std::function<void(Block&)>& edit) {
  WellFormed w = make_well_formed(parse_protocol(text, "t.map").kernels.at(0));
  std::vector<Closure> cs = split(align(w));
  EXPECT_EQ(cs.size(), 1u);
  edit(cs.at(0).code);
  SymbolicTrace t = sequentialize(w, cs.at(0), "A");
  std::vector<std::string> out;
  for (const auto& a : t.accesses) out.push_back("t" + std::to_string(a.thread) + ":" + to_string(a.index.at(0)));
  return out;
}

// Copies of a statement share its expression nodes, as aligning's copies do
// (the tail and the head of a synchronized loop's body in one closure).
void twice(Block& code) {
  Block copy = code;
  code.insert(code.end(), copy.begin(), copy.end());
}

TEST(TraceRename, SharedIndexNodeInTwoLoopsOfOneVariable) {
  EXPECT_EQ(trace_indices("kernel k { shared A; for x in 0..4 { wr A[x + 1]; } sync; }", twice),
            (std::vector<std::string>{"t1:x@1 + 1", "t1:x@1#2 + 1", "t2:x@2 + 1", "t2:x@2#2 + 1"}));
}

TEST(TraceRename, SharedIndexNodeAfterARedeclaration) {
  EXPECT_EQ(trace_indices("kernel k { shared A; if (threadIdx.x > 0) { local v; wr A[v * 2]; } sync; }",
                          [](Block& code) {
                            ASSERT_EQ(code.size(), 1u);
                            Block inner = code.at(0).as<If>().then_body;  // the declaration and the write
                            ASSERT_EQ(inner.size(), 2u);
                            code = inner;
                            twice(code);
                          }),
            (std::vector<std::string>{"t1:v@1 * 2", "t1:v@1#2 * 2", "t2:v@2 * 2", "t2:v@2#2 * 2"}));
}

// A left scope ends its binding: after the second copy of the loop, the
// index node is free again (`x`, uniform, shared by both threads), not the
// second loop's variable.
TEST(TraceRename, SharedIndexNodeAfterTheLoopThatBoundIt) {
  EXPECT_EQ(trace_indices("kernel k { shared A; for x in 0..4 { wr A[x + 1]; } sync; }",
                          [](Block& code) {
                            ASSERT_EQ(code.size(), 1u);
                            Stmt loop = code.at(0);
                            code.push_back(loop);
                            code.push_back(loop.as<Loop>().body.at(0));
                          }),
            (std::vector<std::string>{"t1:x@1 + 1", "t1:x@1#2 + 1", "t1:x + 1", "t2:x@2 + 1", "t2:x@2#2 + 1",
                                      "t2:x + 1"}));
}

// The same node in both threads' walks gets each thread's copy.
TEST(TraceRename, SharedNodeInBothThreads) {
  EXPECT_EQ(trace_indices("kernel k { shared A; wr A[threadIdx.x * 2]; sync; }", twice),
            (std::vector<std::string>{"t1:threadIdx.x@1 * 2", "t1:threadIdx.x@1 * 2", "t2:threadIdx.x@2 * 2",
                                      "t2:threadIdx.x@2 * 2"}));
}

}  // namespace

// A trace declares the kernel's uniform and block-local unknowns, which a
// witness shows and the replay reads, but a per-thread one only where its
// code uses it: each phase declaring every one made n phases of n loads
// cost n^2 (issue 18).
TEST(TraceVariables, PerThreadUnknownsOnlyWhereUsed) {
  WellFormed w = make_well_formed(
      parse_protocol("kernel k { shared A; uniform N; block B; local used; local unused; wr A[used + N]; }", "t.map")
          .kernels.at(0));
  std::vector<Closure> cs = split(align(w));
  ASSERT_EQ(cs.size(), 1u);
  SymbolicTrace t = sequentialize(w, cs.at(0), "A");
  std::set<std::string> names;
  for (const auto& v : t.vars) names.insert(v.name);
  for (const char* n : {"N", "B", "used@1", "used@2", "threadIdx.x@1", "blockDim.x"}) EXPECT_TRUE(names.count(n)) << n;
  EXPECT_FALSE(names.count("unused@1"));
  EXPECT_FALSE(names.count("unused@2"));
  EXPECT_EQ(w.shared_vars, (std::vector<std::string>{"N", "B"}));
}

// TraceMaker copies the renamed launch constraints, preconditions and
// assumptions of a view's first trace into the others (issue 18): each of
// its traces is the one sequentialize makes alone, in either order of the
// closures, also where a closure binds a variable an assumption names (a
// binder is shared by both threads, so that closure renames it otherwise).
namespace {

WellFormed well_formed_of(const std::string& protocol_text) {
  return make_well_formed(parse_protocol(protocol_text, "t.map").kernels.at(0));
}

// Each closure's trace from one TraceMaker, in the closures' order and
// reversed, against sequentialize's alone, with each of the assumptions as
// the one extra assumption of every trace.
void expect_traces_made_alone(const WellFormed& w, const std::vector<Closure>& cs,
                              std::initializer_list<const char*> assumptions) {
  for (const char* assumption : assumptions) {
    TraceOptions o;
    o.extra_assumptions.push_back(parse_expr(assumption));
    for (bool reversed : {false, true}) {
      TraceMaker make(w, "A", false, o);
      std::vector<std::string> made, alone;
      for (std::size_t i = 0; i < cs.size(); ++i) {
        const Closure& c = cs[reversed ? cs.size() - 1 - i : i];
        made.push_back(print(make.of(c)));
        alone.push_back(print(sequentialize(w, c, "A", o)));
      }
      EXPECT_EQ(made, alone) << assumption << (reversed ? ", reversed" : "");
    }
  }
}

}  // namespace

TEST(TraceMaker, EachTraceIsTheOneMadeAlone) {
  WellFormed w = well_formed_of(
      "kernel k { shared A; uniform N; assume N > 2; for r in 0..N { wr A[tid + r]; sync; rd A[tid + r]; } "
      "wr A[tid]; sync; rd A[tid + 1]; }");
  std::vector<Closure> cs = split(align(w));
  ASSERT_EQ(cs.size(), 3u);
  ASSERT_FALSE(cs[0].binders.empty());
  EXPECT_EQ(cs[0].binders.back().var, "r");
  expect_traces_made_alone(w, cs, {"N < 100", "r < N + 7"});
  // The assumption is renamed in every trace, the binding one included.
  TraceOptions o;
  o.extra_assumptions.push_back(parse_expr("r < N + 7"));
  TraceMaker make(w, "A", false, o);
  for (int i : {1, 2, 0}) {
    std::string t = print(make.of(cs[i]));
    EXPECT_NE(t.find("assume r < N + 7;"), std::string::npos) << t;
  }
}

// A closure of nested synchronized loops has a binder per loop: an
// assumption naming the outer one, not the last binder, is renamed with
// the closure as alone.
TEST(TraceMaker, AnAssumptionNamingAnOuterBinder) {
  WellFormed w = well_formed_of(
      "kernel k { shared A; uniform N; for r in 0..N { for q in 0..N { wr A[tid + r + q]; sync; rd A[tid + q]; } } "
      "wr A[tid]; sync; rd A[tid + 1]; }");
  std::vector<Closure> cs = split(align(w));
  std::size_t most = 0;
  for (const auto& c : cs) most = std::max(most, c.binders.size());
  ASSERT_GE(most, 2u);
  expect_traces_made_alone(w, cs, {"r < N + 7", "q < N + 7", "N < 100"});
}

// A trace made for the fast paths leaves the written values out, and the
// unknowns only they use (issue 18); everything else is the trace with
// them, and its printed form says so.
TEST(TraceMaker, ATraceWithoutItsWrittenValues) {
  WellFormed w = well_formed_of(
      "kernel k { global A; local v; local g; if (g > 0) { wr A[tid] = v + 1; } rd A[tid + 1]; }");
  std::vector<Closure> cs = split(align(w));
  ASSERT_EQ(cs.size(), 1u);
  TraceMaker make(w, "A", false);
  SymbolicTrace kept = make.of(cs[0]);
  SymbolicTrace left_out = make.of(cs[0], WrittenValues::LeftOut);
  EXPECT_EQ(kept.values, WrittenValues::Kept);
  EXPECT_EQ(left_out.values, WrittenValues::LeftOut);
  ASSERT_EQ(kept.accesses.size(), 4u);
  ASSERT_EQ(left_out.accesses.size(), 4u);
  int written = 0;
  for (std::size_t i = 0; i < kept.accesses.size(); ++i) {
    const TraceAccess &a = kept.accesses[i], &b = left_out.accesses[i];
    EXPECT_EQ(to_string(a.guard), to_string(b.guard));
    EXPECT_EQ(to_string(a.index.at(0)), to_string(b.index.at(0)));
    EXPECT_EQ(a.mode, b.mode);
    EXPECT_FALSE(b.value);
    if (a.mode == AccessMode::Write) {
      ++written;
      EXPECT_EQ(to_string(a.value), "v@" + std::to_string(a.thread) + " + 1");
    }
  }
  EXPECT_EQ(written, 2);
  auto names = [](const SymbolicTrace& t) {
    std::set<std::string> out;
    for (const auto& v : t.vars) out.insert(v.name);
    return out;
  };
  EXPECT_TRUE(names(kept).count("v@1") && names(kept).count("v@2"));
  EXPECT_FALSE(names(left_out).count("v@1") || names(left_out).count("v@2"));
  EXPECT_TRUE(names(left_out).count("g@1") && names(left_out).count("g@2"));
  EXPECT_NE(print(left_out).find("(written values left out)"), std::string::npos);
  EXPECT_EQ(print(kept).find("(written values left out)"), std::string::npos);
  // Made once more with its values, the trace is the one made first.
  EXPECT_EQ(print(make.of(cs[0])), print(kept));
}
