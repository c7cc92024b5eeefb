// The PTX v7.5 model: each axiom on hand-built candidates, whole litmus
// tests where PTX and scoped RC11 differ (both verdicts asserted), and a
// randomized inclusion check against the DPOR.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "explorer/dpor.hpp"
#include "explorer/litmus_lower.hpp"
#include "explorer/litmus_parser.hpp"
#include "explorer/ptx_explore.hpp"
#include "explorer/ptx_model.hpp"
#include "explorer/thread_runner.hpp"
#include "random_litmus.hpp"
#include "tests/support/seed_sampling.hpp"

namespace racecert::explorer {
namespace {

Program load(const std::string& text) { return litmus::lower(litmus::parse_litmus(text, "t.litmus")).program; }

// A program skeleton: threads with CTAs, two locations x, y (initially 0).
Program skeleton(std::vector<int> ctas) {
  Program p;
  p.locations = {"x", "y"};
  p.init = {0, 0};
  for (std::size_t t = 0; t < ctas.size(); ++t) {
    Thread th;
    th.name = "P" + std::to_string(t);
    th.cta = ctas[t];
    th.code.resize(8);  // pcs for the events below
    for (auto& in : th.code) in.text = "i";
    p.threads.push_back(th);
  }
  return p;
}

ptx::Event write(int thread, int loc, Value v, Order o = Order::Rlx, Scope s = Scope::Gpu) {
  ptx::Event e;
  e.kind = StepKind::Write;
  e.thread = thread;
  e.location = loc;
  e.value = v;
  e.order = o;
  e.scope = s;
  e.pc = 0;
  return e;
}
ptx::Event read(int thread, int loc, Value v, Order o = Order::Rlx, Scope s = Scope::Gpu) {
  ptx::Event e = write(thread, loc, v, o, s);
  e.kind = StepKind::Read;
  return e;
}
ptx::Event fence(int thread, Order o, Scope s) {
  ptx::Event e;
  e.kind = StepKind::Fence;
  e.thread = thread;
  e.order = o;
  e.scope = s;
  e.pc = 0;
  return e;
}

// Events 0, 1: the initial writes of x and y.
ptx::Candidate with_inits(std::vector<ptx::Event> events) {
  ptx::Candidate c;
  c.events = {write(-1, 0, 0, Order::NA), write(-1, 1, 0, Order::NA)};
  for (auto& e : events) c.events.push_back(e);
  c.rf.assign(c.events.size(), -1);
  return c;
}

TEST(PtxModel, LoadBufferingIsAllowedWithoutDependenciesAndForbiddenWithThem) {
  Program p = skeleton({0, 1});
  // P0: r = ld x (2); st y, 1 (3)   P1: r = ld y (4); st x, 1 (5)
  ptx::Candidate c = with_inits({read(0, 0, 1, Order::NA), write(0, 1, 1, Order::NA), read(1, 1, 1, Order::NA),
                                 write(1, 0, 1, Order::NA)});
  c.rf[2] = 5;
  c.rf[4] = 3;
  EXPECT_EQ(ptx::check(p, c, {{5}, {3}}, {}), ptx::Axiom::None);
  c.dep = {{2, 3}, {4, 5}};
  EXPECT_EQ(ptx::check(p, c, {{5}, {3}}, {}), ptx::Axiom::NoThinAir);
}

TEST(PtxModel, ProgramOrderedWritesMustBeCoherenceOrdered) {
  Program p = skeleton({0});
  ptx::Candidate c = with_inits({write(0, 0, 1, Order::NA), write(0, 0, 2, Order::NA)});
  EXPECT_EQ(ptx::check(p, c, {{2, 3}, {}}, {}), ptx::Axiom::None);
  EXPECT_EQ(ptx::check(p, c, {{3, 2}, {}}, {}), ptx::Axiom::Coherence);
}

TEST(PtxModel, MorallyStrongWritesMustBeCoherenceOrderedButWeakOnesNeedNot) {
  Program p = skeleton({0, 0});
  ptx::Candidate c = with_inits({write(0, 0, 1), write(1, 0, 2)});
  ptx::Checker k(p, c);
  ASSERT_TRUE(k.use_fence_order({}));
  BitMatrix only_init(k.size());
  only_init.set(0, 2);
  only_init.set(0, 3);
  EXPECT_EQ(k.check_co(only_init, 0), ptx::Axiom::Coherence2);
  // Different CTAs with CTA scope: not morally strong, no order required.
  Program q = skeleton({0, 1});
  ptx::Candidate d = with_inits({write(0, 0, 1, Order::Rlx, Scope::Cta), write(1, 0, 2, Order::Rlx, Scope::Cta)});
  ptx::Checker kd(q, d);
  ASSERT_TRUE(kd.use_fence_order({}));
  EXPECT_EQ(kd.check_co(only_init, 0), ptx::Axiom::None);
}

TEST(PtxModel, TwoMorallyStrongRmwsCannotReadTheSameWrite) {
  Program p = skeleton({0, 0});
  // P0: rmw x (2, 3)   P1: rmw x (4, 5), both reading the initial 0.
  ptx::Candidate c = with_inits({read(0, 0, 0), write(0, 0, 1), read(1, 0, 0), write(1, 0, 1)});
  c.events[2].rmw = c.events[3].rmw = c.events[4].rmw = c.events[5].rmw = true;
  c.rmw = {{2, 3}, {4, 5}};
  c.rf[2] = 0;
  c.rf[4] = 0;
  EXPECT_EQ(ptx::check(p, c, {{3, 5}, {}}, {}), ptx::Axiom::Atomicity);
  EXPECT_EQ(ptx::check(p, c, {{5, 3}, {}}, {}), ptx::Axiom::Atomicity);
  c.rf[4] = 3;
  c.events[4].value = 1;
  EXPECT_EQ(ptx::check(p, c, {{3, 5}, {}}, {}), ptx::Axiom::None);
}

TEST(PtxModel, ReleaseAcquireMessagePassingViolatesCausality) {
  Program p = skeleton({0, 1});
  // P0: st x, 1 (2); st.release y, 1 (3)   P1: ld.acquire y (4) = 1; ld x (5) = 0
  ptx::Candidate c = with_inits({write(0, 0, 1, Order::NA), write(0, 1, 1, Order::Rel), read(1, 1, 1, Order::Acq),
                                 read(1, 0, 0, Order::NA)});
  c.rf[4] = 3;
  c.rf[5] = 0;
  EXPECT_EQ(ptx::check(p, c, {{2}, {3}}, {}), ptx::Axiom::Causality);
  // CTA scope across CTAs: the release and the acquire are not morally strong.
  c.events[3].scope = c.events[4].scope = Scope::Cta;
  EXPECT_EQ(ptx::check(p, c, {{2}, {3}}, {}), ptx::Axiom::None);
}

TEST(PtxModel, FenceScOrderBetweenMorallyStrongFencesForbidsStoreBuffering) {
  // P0: st x, 1 (2); fence.sc (3); ld y = 0 (4)   P1: st y, 1 (5); fence.sc (6); ld x = 0 (7)
  auto sb = [](Scope s) {
    ptx::Candidate c = with_inits({write(0, 0, 1), fence(0, Order::SC, s), read(0, 1, 0), write(1, 1, 1),
                                   fence(1, Order::SC, s), read(1, 0, 0)});
    c.rf[4] = 1;
    c.rf[7] = 0;
    return c;
  };
  Program p = skeleton({0, 1});
  for (auto order : {std::vector<int>{3, 6}, std::vector<int>{6, 3}})
    EXPECT_EQ(ptx::check(p, sb(Scope::Gpu), {{2}, {5}}, order), ptx::Axiom::Causality);
  // fence.sc.cta in different CTAs are not morally strong: no sync_fence.
  EXPECT_EQ(ptx::check(p, sb(Scope::Cta), {{2}, {5}}, {3, 6}), ptx::Axiom::None);
}

// ---- Whole tests: PTX next to scoped RC11 --------------------------------

struct Verdicts {
  bool src11;
  bool ptx;
};

Verdicts both(const std::string& text) {
  Program p = load(text);
  ExploreResult s = explore(p);
  ptx::PtxResult x = ptx::explore(p);
  EXPECT_FALSE(x.result.timed_out);
  return {s.condition_holds(p.condition.quantifier), x.result.condition_holds(p.condition.quantifier)};
}

TEST(PtxVersusSrc11, LoadBufferingWithoutDependenciesIsAPtxBehaviour) {
  Verdicts v = both(R"(PTX LB
{ x=0; y=0; }
 P0@cta 0,gpu 0       | P1@cta 0,gpu 0       ;
 ld.relaxed.gpu r0, x | ld.relaxed.gpu r0, y ;
 st.relaxed.gpu y, 1  | st.relaxed.gpu x, 1  ;
exists (P0:r0 == 1 /\ P1:r0 == 1)
)");
  EXPECT_FALSE(v.src11);
  EXPECT_TRUE(v.ptx);
}

TEST(PtxVersusSrc11, LoadBufferingWithDataDependenciesIsForbiddenInBoth) {
  // The stored value is always 1 but depends on the load syntactically.
  Verdicts v = both(R"(PTX LB+data
{ x=0; y=0; }
 P0@cta 0,gpu 0  | P1@cta 0,gpu 0  ;
 ld.weak r0, x   | ld.weak r0, y   ;
 sub r1, r0, r0  | sub r1, r0, r0  ;
 add r1, r1, 1   | add r1, r1, 1   ;
 st.weak y, r1   | st.weak x, r1   ;
exists (P0:r0 == 1 /\ P1:r0 == 1)
)");
  EXPECT_FALSE(v.src11);
  EXPECT_FALSE(v.ptx);
}

TEST(PtxVersusSrc11, WeakWritesNeedNotBeCoherenceOrdered) {
  // Two readers see two unordered weak writes in opposite orders.
  Verdicts v = both(R"(PTX Co-weak
{ x=0; f=0; g=0; }
 P0@cta 0,gpu 0      | P1@cta 0,gpu 0      | P2@cta 0,gpu 0       | P3@cta 0,gpu 0       ;
 st.weak x, 1        | st.weak x, 2        | ld.acquire.gpu r0, f | ld.acquire.gpu r0, f ;
 st.release.gpu f, 1 | st.release.gpu g, 1 | ld.acquire.gpu r1, g | ld.acquire.gpu r1, g ;
                     |                     | ld.weak r2, x        | ld.weak r2, x        ;
exists (P2:r0 == 1 /\ P2:r1 == 1 /\ P2:r2 == 1 /\ P3:r0 == 1 /\ P3:r1 == 1 /\ P3:r2 == 2)
)");
  EXPECT_FALSE(v.src11);
  EXPECT_TRUE(v.ptx);
}

TEST(PtxVersusSrc11, MessagePassingAcrossCtasNeedsGpuScopeInBoth) {
  const char* mp = R"(PTX MP
{ x=0; f=0; }
 P0@cta 0,gpu 0        | P1@cta 1,gpu 0        ;
 st.weak x, 1          | ld.acquire.%s r0, f  ;
 st.release.%s f, 1   | ld.weak r1, x         ;
exists (P1:r0 == 1 /\ P1:r1 == 0)
)";
  char buf[512];
  std::snprintf(buf, sizeof buf, mp, "gpu", "gpu");
  Verdicts gpu = both(buf);
  EXPECT_FALSE(gpu.src11);
  EXPECT_FALSE(gpu.ptx);
  std::snprintf(buf, sizeof buf, mp, "cta", "cta");
  Verdicts cta = both(buf);
  EXPECT_TRUE(cta.ptx);
}

TEST(PtxVersusSrc11, FenceScForbidsStoreBufferingOnlyBetweenMorallyStrongFences) {
  const char* sb = R"(PTX SB
{ x=0; y=0; }
 P0@cta 0,gpu 0       | P1@cta 1,gpu 0       ;
 st.relaxed.gpu x, 1  | st.relaxed.gpu y, 1  ;
 fence.sc.%s          | fence.sc.%s          ;
 ld.relaxed.gpu r0, y | ld.relaxed.gpu r0, x ;
exists (P0:r0 == 0 /\ P1:r0 == 0)
)";
  char buf[512];
  std::snprintf(buf, sizeof buf, sb, "gpu", "gpu");
  Verdicts gpu = both(buf);
  EXPECT_FALSE(gpu.src11);
  EXPECT_FALSE(gpu.ptx);
  std::snprintf(buf, sizeof buf, sb, "cta", "cta");
  Verdicts cta = both(buf);
  EXPECT_TRUE(cta.ptx);
}

TEST(PtxVersusSrc11, BarrierSynchronisesWeakAccessesOfOneCta) {
  Verdicts v = both(R"(PTX bar
{ x=0; }
 P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;
 ld.weak r0, x  | bar.cta.sync 0 ;
 bar.cta.sync 0 | st.weak x, 1   ;
exists (P0:r0 == 1)
)");
  EXPECT_FALSE(v.src11);
  EXPECT_FALSE(v.ptx);
}

TEST(PtxExplore, CountsTheExecutionsOfStoreBuffering) {
  // SB with relaxed accesses: four outcomes, each with one rf and co choice.
  Program p = load(R"(PTX SB
{ x=0; y=0; }
 P0@cta 0,gpu 0       | P1@cta 0,gpu 0       ;
 st.relaxed.gpu x, 1  | st.relaxed.gpu y, 1  ;
 ld.relaxed.gpu r0, y | ld.relaxed.gpu r0, x ;
exists (P0:r0 == 0 /\ P1:r0 == 0)
)");
  ptx::PtxResult r = ptx::explore(p);
  EXPECT_EQ(r.result.executions, 4u);
  EXPECT_EQ(r.result.satisfying, 1u);
  ASSERT_TRUE(r.result.witness);
  EXPECT_NE(r.witness_execution.find("reads 0 from init y"), std::string::npos) << r.witness_execution;
}

// ---- Randomized: scoped RC11 ⊆ PTX on strong same-scope programs ----------

// Every access strong at system scope, no fences, barriers or loops: then
// every pair of accesses is morally strong, co is total per location, and
// every SRC11 axiom implies its PTX counterpart (PTX's No-Thin-Air is weaker
// than porf-acyclicity), so every final state SRC11 reaches PTX reaches too.
TEST(PtxExplore, EveryScopedRc11OutcomeOfAStrongProgramIsAPtxOutcome) {
  testing::RandomShape shape;
  shape.fences = false;
  shape.fence_weight = 0;
  shape.barriers = false;
  shape.branches = false;
  int compared = 0;
  for (std::uint64_t seed = 1; seed <= 300; seed += testkit::seed_stride()) {
    std::string text = testing::strong_system_scope(testing::random_litmus(seed, shape));
    Program p = load(text);
    using State = std::pair<std::vector<std::vector<Value>>, std::vector<Value>>;
    std::set<State> src11, ptx_states;
    ExploreOptions o;
    o.on_final = [&](const Graph& g, bool complete) {
      if (!complete) return;
      State s;
      for (int t = 0; t < g.num_threads(); ++t) s.first.push_back(ThreadRunner(p, t, 4).registers(g.state(t)));
      for (std::size_t l = 0; l < p.locations.size(); ++l) s.second.push_back(g.final_value(static_cast<int>(l)));
      src11.insert(s);
    };
    explore(p, o);
    ptx::PtxOptions po;
    po.on_execution = [&](const FinalState& f) { ptx_states.insert({f.registers, f.memory}); };
    ptx::PtxResult r = ptx::explore(p, po);
    ASSERT_FALSE(r.result.timed_out) << text;
    for (const State& s : src11) EXPECT_TRUE(ptx_states.count(s)) << "seed " << seed << "\n" << text;
    EXPECT_GE(ptx_states.size(), src11.size());
    ++compared;
  }
  EXPECT_EQ(compared, testkit::seeds_checked(300));
}

// Barrier-only programs (no memory access, so the memory models do not
// matter): ids 0-2 without a count, used by subsets of the threads, once or
// more, in one or two CTAs. Both models read them the same way (Dat3M's,
// barrier_instances.hpp): every thread finishes under SRC11 exactly when
// PTX has an execution, and otherwise SRC11 reports a blocked execution.
TEST(PtxExplore, BarrierOnlyProgramsPassOrDeadlockAlikeInBothModels) {
  int passed = 0, deadlocked = 0;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    std::mt19937_64 rng(seed);
    auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<std::uint64_t>(n)); };
    const int threads = 2 + pick(3);
    std::vector<std::vector<std::string>> code(static_cast<std::size_t>(threads));
    std::size_t rows = 0;
    for (auto& c : code) {
      for (int i = 0, n = 1 + pick(3); i < n; ++i) c.push_back("bar.cta.sync " + std::to_string(pick(3)));
      rows = std::max(rows, c.size());
    }
    std::string text = "PTX bars-" + std::to_string(seed) + "\n{ x=0; }\n";
    for (int t = 0; t < threads; ++t)
      text += (t ? " | P" : " P") + std::to_string(t) + "@cta " + std::to_string(pick(4) == 0 ? 1 : 0) + ",gpu 0";
    text += " ;\n";
    for (std::size_t row = 0; row < rows; ++row) {
      for (int t = 0; t < threads; ++t) {
        const auto& c = code[static_cast<std::size_t>(t)];
        text += (t ? " | " : " ") + (row < c.size() ? c[row] : std::string());
      }
      text += " ;\n";
    }
    text += "exists (x == 0)\n";
    Program p = load(text);
    ExploreResult src11 = explore(p, ExploreOptions{});
    ptx::PtxResult ptx = ptx::explore(p);
    ASSERT_FALSE(ptx.result.timed_out) << text;
    EXPECT_EQ(src11.executions + src11.blocked, 1u) << text;
    EXPECT_EQ(src11.executions, ptx.result.executions) << "seed " << seed << "\n" << text;
    (src11.executions ? passed : deadlocked) += 1;
  }
  // Both outcomes occur often enough for the comparison to mean something.
  EXPECT_GT(passed, 50);
  EXPECT_GT(deadlocked, 20);
}

}  // namespace
}  // namespace racecert::explorer

namespace racecert::explorer {
namespace {

bool ptx_holds(const std::string& text) {
  Program p = load(text);
  ptx::PtxResult r = ptx::explore(p);
  EXPECT_FALSE(r.result.timed_out);
  return r.result.condition_holds(p.condition.quantifier);
}

// Message passing where the data is written through one virtual address (or
// proxy) and read through another: `fence` goes between the two writes.
std::string proxy_mp(const std::string& store, const std::string& fence, const std::string& load) {
  return "PTX proxy-MP\n{ x=0; y @ generic aliases x; s @ surface aliases x; f=0; }\n"
         " P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n " +
         store + " | ld.acquire.gpu r0, f ;\n " + fence + " | ;\n st.release.gpu f, 1 | " + load +
         " ;\nexists (P1:r0 == 1 /\\ P1:r1 == 0)\n";
}

TEST(PtxProxies, GenericAliasesNeedAnAliasFence) {
  EXPECT_TRUE(ptx_holds(proxy_mp("st.weak x, 2", "", "ld.weak r1, y")));
  EXPECT_FALSE(ptx_holds(proxy_mp("st.weak x, 2", "fence.proxy.alias", "ld.weak r1, y")));
  // The same virtual address needs no fence.
  EXPECT_FALSE(ptx_holds(proxy_mp("st.weak x, 2", "", "ld.weak r1, x")));
}

TEST(PtxProxies, SurfaceAccessesNeedASurfaceProxyFence) {
  EXPECT_TRUE(ptx_holds(proxy_mp("sust.weak s, 2", "", "ld.weak r1, x")));
  EXPECT_FALSE(ptx_holds(proxy_mp("sust.weak s, 2", "fence.proxy.surface", "ld.weak r1, x")));
  // A fence of another proxy does not help.
  EXPECT_TRUE(ptx_holds(proxy_mp("sust.weak s, 2", "fence.proxy.texture", "ld.weak r1, x")));
}

TEST(PtxProxies, SurfaceThenAliasNeedsBothFencesInThatOrder) {
  EXPECT_FALSE(ptx_holds(proxy_mp("sust.weak s, 2", "fence.proxy.surface | ;\n fence.proxy.alias", "ld.weak r1, y")));
  EXPECT_TRUE(ptx_holds(proxy_mp("sust.weak s, 2", "fence.proxy.alias | ;\n fence.proxy.surface", "ld.weak r1, y")));
}

}  // namespace
}  // namespace racecert::explorer
