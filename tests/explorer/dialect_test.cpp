// Dat3M's PTX litmus dialect, one form per test: description strings,
// `ld r0, 1`, Dat3M's barrier operands, register comparisons, proxies and
// aliases; and the format of every parse error.
#include <gtest/gtest.h>

#include <regex>

#include "explorer/dpor.hpp"
#include "explorer/litmus_lower.hpp"
#include "explorer/litmus_parser.hpp"
#include "explorer/litmus_printer.hpp"
#include "support/diagnostic.hpp"

namespace racecert::explorer::litmus {
namespace {

Program load(const std::string& text) { return lower(parse_litmus(text, "t.litmus")).program; }

// The printed test parses back to the same text.
void expect_round_trip(const std::string& text) {
  std::string once = print_test(parse_litmus(text, "t.litmus"));
  EXPECT_EQ(print_test(parse_litmus(once, "printed")), once) << once;
}

TEST(LitmusDialect, DescriptionsSpanLinesAndHoldQuotes) {
  const std::string text =
      "PTX D\n\"first line\n second line\"\n\"said \"hi\" twice \"\n"
      "\"\nA \"quoted\" word\nends \"here\"\n\"\n"
      "\"one\" \"two\"\n{ x=0; }\n P0@cta 0,gpu 0 ;\n st.weak x, 1 ;\nexists (x == 1)\n";
  litmus::Test t = parse_litmus(text, "t.litmus");
  ASSERT_EQ(t.docs.size(), 5u);
  EXPECT_EQ(t.docs[0], "first line\n second line");
  EXPECT_EQ(t.docs[1], "said \"hi\" twice ");
  EXPECT_EQ(t.docs[2], "\nA \"quoted\" word\nends \"here\"\n");
  EXPECT_EQ(t.docs[3], "one");
  EXPECT_EQ(t.docs[4], "two");
  expect_round_trip(text);
}

TEST(LitmusDialect, LoadOfAnImmediateIsAMove) {
  Program p = load("PTX L\n{ x=0; }\n P0@cta 0,gpu 0 ;\n ld r0, 7 ;\n ld r1, x ;\n st.weak x, r0 ;\nforall (P0:r0 == 7)\n");
  const Instr& mov = p.threads[0].code[0];
  EXPECT_EQ(mov.kind, InstrKind::Arith);
  EXPECT_EQ(mov.arith, ArithOp::Mov);
  EXPECT_EQ(mov.a.value, 7);
  const Instr& ld = p.threads[0].code[1];  // no qualifier: a weak load
  EXPECT_EQ(ld.kind, InstrKind::Load);
  EXPECT_EQ(ld.order, Order::NA);
  EXPECT_TRUE(explore(p).condition_holds(Quantifier::Forall));
  expect_round_trip("PTX L\n{ x=0; }\n P0@cta 0,gpu 0 ;\n ld r0, 7 ;\n ld r1, x ;\nforall (P0:r0 == 7)\n");
}

// SB with a barrier between store and load in both threads: the barriers
// synchronise exactly when the forall holds (one of the loads sees a 1).
std::string sb_with(const std::string& bar0, const std::string& bar1, const std::string& init = "") {
  return "PTX SB\n{ x=0; y=0; " + init + " }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n st.weak x, 1 | st.weak y, 1 ;\n " +
         bar0 + " | " + bar1 + " ;\n ld.weak r0, y | ld.weak r1, x ;\nforall (P0:r0 == 1 \\/ P1:r1 == 1)\n";
}

TEST(LitmusDialect, BarrierOperandsHaveDat3MsMeaning) {
  Program p = load(sb_with("bar.cta.sync 3", "bar.cta.sync 1, 2, 2"));
  EXPECT_EQ(p.threads[0].code[1].barrier_id, 3);
  EXPECT_EQ(p.threads[0].code[1].barrier_count, 0);
  EXPECT_EQ(p.threads[1].code[1].barrier_id, 16 * 2 + 2);  // instance 1, logical id 2
  EXPECT_EQ(p.threads[1].code[1].barrier_count, 2);
  // `a, b`: b is the logical barrier, not a thread count.
  Program two = load(sb_with("bar.cta.sync 1, 2", "bar.cta.sync 1, 2"));
  EXPECT_EQ(two.threads[0].code[1].barrier_count, 0);
  struct Case {
    std::string bar0, bar1, init;
    bool synchronised;
  } cases[] = {
      {"bar.cta.sync 1", "bar.cta.sync 1", "", true},
      {"bar.cta.sync 1, 1", "bar.cta.sync 1, 1", "", true},
      {"bar.cta.sync 1, 1, 2", "bar.cta.sync 1, 1, 2", "", true},
      {"bar.cta.sync 1, r2", "bar.cta.sync 1, 0", "P0:r2=0;", true},
      {"bar.cta.sync 1, r2", "bar.cta.sync 1, r3", "P0:r2=1; P1:r3=1;", true},
      {"bar.cta.sync r2", "bar.cta.sync 5", "P0:r2=5;", true},
      {"bar.cta.sync 1, 1, r3", "bar.cta.sync 1, 1, 2", "P0:r3=2;", true},
      {"bar.cta.sync 1, 1, 1", "bar.cta.sync 1, 2, 1", "", false},  // one thread each: no synchronisation
  };
  for (const auto& c : cases) {
    ExploreResult r = explore(load(sb_with(c.bar0, c.bar1, c.init)));
    EXPECT_EQ(r.condition_holds(Quantifier::Forall), c.synchronised) << c.bar0 << " | " << c.bar1;
    EXPECT_GT(r.executions, 0u) << c.bar0 << " | " << c.bar1;
  }
  // Different logical ids without a count: each thread passes its own
  // barrier alone (Dat3M's reading), unsynchronised: the four SB outcomes.
  ExploreResult apart = explore(load(sb_with("bar.cta.sync 1, 1", "bar.cta.sync 1, 2")));
  EXPECT_EQ(apart.executions, 4u);
  EXPECT_EQ(apart.blocked, 0u);
  EXPECT_FALSE(apart.condition_holds(Quantifier::Forall));
  // A register id outside 0..15 is undefined: the thread fails.
  ExploreResult bad = explore(load(sb_with("bar.cta.sync 1, r2", "bar.cta.sync 1, 0", "P0:r2=99;")));
  EXPECT_GT(bad.failed, 0u);
  // So is a register count outside 1..1024.
  ExploreResult bad_count = explore(load(sb_with("bar.cta.sync 1, 1, r3", "bar.cta.sync 1, 1, 2", "P0:r3=0;")));
  EXPECT_GT(bad_count.failed, 0u);
  expect_round_trip(sb_with("bar.cta.sync 1, r2", "bar.cta.sync 1, 1, 2", "P0:r2=1;"));
}

TEST(LitmusDialect, ConditionsCompareRegistersAndLocations) {
  const std::string text =
      "PTX R\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n ld r1, 2 | ld r1, 3 ;\n ld r2, 2 | st.weak y, 3 ;\n"
      " st.weak x, 2 | ;\nforall (P0:r1 == P0:r2 /\\ P0:r1 != P1:r1 /\\ x == P0:r2 /\\ y == P1:r1 /\\ x != y)\n";
  Program p = load(text);
  const CondExpr& first = p.condition.expr.kids[0].kids[0].kids[0].kids[0];
  EXPECT_EQ(first.rhs_thread, 0);
  EXPECT_EQ(first.rhs_reg, 1);
  ExploreResult r = explore(p);
  EXPECT_TRUE(r.condition_holds(Quantifier::Forall));
  EXPECT_EQ(r.satisfying, r.executions);
  expect_round_trip(text);
  // The same comparisons, falsified.
  ExploreResult f = explore(load(
      "PTX R\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n ld r1, 2 | ld r1, 2 ;\nexists (P0:r1 != P1:r1 \\/ x == P0:r1)\n"));
  EXPECT_FALSE(f.condition_holds(Quantifier::Exists));
}

const char* kProxies = R"(PTX P
{
x = 0;
y @ generic aliases x;
t @ texture aliases y;
s @ surface aliases x;
c @ constant aliases y;
z = 0;
}
 P0@cta 0,gpu 0      | P1@cta 0,gpu 0      ;
 sust.weak s, 2      | ld.acquire.cta r0, z ;
 fence.proxy.surface | fence.proxy.alias    ;
 st.release.cta z, 1 | fence.proxy.texture  ;
 st.weak y, 3        | tld.weak r1, t       ;
                     | suld.weak r2, s      ;
                     | cold.weak r3, c      ;
                     | fence.proxy.constant ;
~exists (P1:r0 == 1 /\ P1:r1 == 0)
)";

TEST(LitmusDialect, AliasesAndProxiesReachThePhysicalLocation) {
  Program p = load(kProxies);
  ASSERT_EQ(p.locations, (std::vector<std::string>{"x", "z"}));
  ASSERT_EQ(p.aliases.size(), 4u);
  // y: a second virtual address of x; t, c: views of y; s: a view of x.
  EXPECT_EQ(p.aliases[0].name, "y");
  EXPECT_EQ(p.aliases[0].location, 0);
  EXPECT_EQ(p.aliases[0].vlocation, 2);
  EXPECT_EQ(p.aliases[1].proxy, Proxy::Texture);
  EXPECT_EQ(p.aliases[1].location, 0);
  EXPECT_EQ(p.aliases[1].vlocation, 2);
  EXPECT_EQ(p.aliases[2].vlocation, 0);
  EXPECT_EQ(p.aliases[3].vlocation, 2);
  EXPECT_EQ(p.num_vlocations(), 3);
  const auto& c0 = p.threads[0].code;
  const auto& c1 = p.threads[1].code;
  EXPECT_EQ(c0[0].kind, InstrKind::Store);
  EXPECT_EQ(c0[0].proxy, Proxy::Surface);
  EXPECT_EQ(c0[0].location, 0);
  EXPECT_EQ(c0[0].vlocation, 0);
  EXPECT_EQ(c0[1].fence, FenceKind::Proxy);
  EXPECT_EQ(c0[1].proxy, Proxy::Surface);
  EXPECT_EQ(c0[1].order, Order::NA);
  EXPECT_EQ(c0[3].vlocation, 2);
  EXPECT_EQ(c1[1].fence, FenceKind::Alias);
  EXPECT_EQ(c1[3].proxy, Proxy::Texture);
  EXPECT_EQ(c1[3].vlocation, 2);
  EXPECT_EQ(c1[4].proxy, Proxy::Surface);
  EXPECT_EQ(c1[5].proxy, Proxy::Constant);
  EXPECT_EQ(c1[6].proxy, Proxy::Constant);
  EXPECT_EQ(c0[2].vlocation, -1);  // no alias: the location itself
  expect_round_trip(kProxies);
  // SRC11 reads every alias as its physical location and ignores proxy
  // fences: the release/acquire pair orders sust before tld, which then
  // cannot read the initial 0 of x.
  ExploreResult r = explore(p);
  EXPECT_TRUE(r.condition_holds(Quantifier::NotExists));
  EXPECT_GT(r.executions, 0u);
}

TEST(LitmusDialect, EventsCarryProxiesAndVirtualAddresses) {
  Program p = load("PTX E\n{ x=0; y @ generic aliases x; }\n P0@cta 0,gpu 0 ;\n st.weak x, 1 ;\n fence.proxy.alias ;\n"
                   " ld.weak r0, y ;\nforall (P0:r0 == 1)\n");
  bool seen = false;
  ExploreOptions opts;
  opts.on_final = [&](const Graph& g, bool) {
    const Event& st = g.event(EventId{0, 0});
    const Event& f = g.event(EventId{0, 1});
    const Event& ld = g.event(EventId{0, 2});
    EXPECT_EQ(st.vlocation, 0);
    EXPECT_EQ(f.fence, FenceKind::Alias);
    EXPECT_EQ(ld.location, 0);
    EXPECT_EQ(ld.vlocation, 1);
    EXPECT_EQ(ld.value, 1);
    seen = true;
  };
  ExploreResult r = explore(p, opts);
  EXPECT_TRUE(seen);
  EXPECT_TRUE(r.condition_holds(Quantifier::Forall));
}

std::string dialect_error_of(const std::string& text) {
  try {
    lower(parse_litmus(text, "t.litmus"));
  } catch (const Error& e) {
    return e.render();
  }
  return "";
}

TEST(LitmusDialect, DialectErrorsPointAtTheProblem) {
  struct Case {
    std::string text, error;
  } cases[] = {
      {"PTX T\n{ x=0; t @ texture aliases q; }\n P0 ;\nexists (x == 0)\n",
       "t.litmus:2:8: error: 't' aliases 'q', which is not declared before it"},
      {"PTX T\n{ x=0; x @ generic aliases x; }\n P0 ;\nexists (x == 0)\n", "t.litmus:2:8: error: 'x' declared twice"},
      {"PTX T\n{ x=0; y @ proxy aliases x; }\n P0 ;\nexists (x == 0)\n",
       "t.litmus:2:8: error: malformed init entry 'y @ proxy aliases x' (expected 'x=v', 'P0:r=v' or "
       "'y @ generic|texture|surface|constant aliases x')"},
      {"PTX T\n{ x=0; }\n P0 ;\n bar.cta.sync 1, 2, 0 ;\nexists (x == 0)\n",
       "t.litmus:4:2: error: 'bar.cta.sync 1, 2, 0': thread count must be in 1..1024"},
      {"PTX T\n{ x=0; }\n P0 ;\n bar.cta.sync 1, 16 ;\nexists (x == 0)\n",
       "t.litmus:4:2: error: 'bar.cta.sync 1, 16': logical barrier id must be in 0..15"},
      {"PTX T\n{ x=0; }\n P0 ;\n bar.cta.sync 1, 2, 3, 4 ;\nexists (x == 0)\n",
       "t.litmus:4:2: error: 'bar.cta.sync 1, 2, 3, 4': expected 1 to 3 operands (a[, b[, c]])"},
      {"PTX T\n{ x=0; }\n P0 ;\n ld.weak r0, 1 ;\nexists (x == 0)\n",
       "t.litmus:4:2: error: 'ld.weak r0, 1': loads an immediate, which takes no qualifiers"},
      {"PTX T\n{ x=0; }\n P0 ;\n fence.proxy.global ;\nexists (x == 0)\n",
       "t.litmus:4:2: error: unknown instruction 'fence.proxy.global'"},
      {"PTX T\n{ x=0; }\n P0 ;\nexists (P0:r0 == P4:r1)\n", "t.litmus:4:9: error: no thread P4 in this test"},
  };
  for (const auto& c : cases) EXPECT_EQ(dialect_error_of(c.text), c.error) << c.text;
}

// Every malformed input gets `file:line:col: error: message`, never a
// mangled Boost type name: the test is cut at every offset, and each
// character is deleted or replaced in turn.
TEST(LitmusDialect, EveryParseErrorIsPositionedAndReadable) {
  const std::string base = std::string(kProxies) +
                           "(* and the rest of the dialect *)\n";
  const std::string more =
      "PTX M\n\"a \"b\"\nc\"\n{ x=0; P1:r2=1; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n"
      " L: ld r0, 1 | bar.cta.sync 1, r2, 2 ;\n atom.relaxed.gpu.cas r1, x, 0, 1 | bne r2, 1, L2 ;\n"
      " red.release.gpu.add x, 1 | L2: fence.sc.gpu ;\nforall (0==0 /\\ P0:r0 == P1:r2 \\/ ~(x != 1))\n";
  const std::regex format(R"(^t\.litmus:\d+:\d+: error: [^\n]+$)");
  int errors = 0;
  for (const std::string& text : {base, more}) {
    ASSERT_EQ(dialect_error_of(text), "") << text;
    std::vector<std::string> inputs;
    for (std::size_t i = 0; i < text.size(); ++i) {
      inputs.push_back(text.substr(0, i));
      inputs.push_back(text.substr(0, i) + text.substr(i + 1));
      for (char c : std::string("x;|,@\"{}(:.~0")) inputs.push_back(text.substr(0, i) + c + text.substr(i + 1));
    }
    for (const std::string& in : inputs) {
      std::string e = dialect_error_of(in);
      if (e.empty()) continue;
      ++errors;
      EXPECT_TRUE(std::regex_match(e, format)) << e;
      EXPECT_EQ(e.find("boost"), std::string::npos) << e;
      EXPECT_EQ(e.find("x3"), std::string::npos) << e;
    }
  }
  EXPECT_GT(errors, 1000);
}

}  // namespace
}  // namespace racecert::explorer::litmus
