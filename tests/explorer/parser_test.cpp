// The PTX litmus front end: what it accepts, what it prints back, and the
// positioned errors it gives for what it does not accept.
#include <gtest/gtest.h>

#include <filesystem>

#include "explorer/litmus_lower.hpp"
#include "explorer/litmus_parser.hpp"
#include "explorer/litmus_printer.hpp"
#include "support/diagnostic.hpp"

namespace racecert::explorer::litmus {
namespace {

const char* kMP = R"(PTX MP
"doc one" "doc two"
{ x=0; y=0; P1:r0=0; }
 P0@cta 0,gpu 0        | P1@cta 1,gpu 0        ;
 st.weak x, 1          | ld.acquire.gpu r0, y  ;
 st.release.gpu y, 1   | ld.weak r1, x         ;
exists (P1:r0 == 1 /\ P1:r1 == 0)
)";

TEST(ExplorerLitmusParser, ParsesTheIssueExample) {
  litmus::Test t = parse_litmus(kMP, "mp.litmus");
  EXPECT_EQ(t.name, "MP");
  ASSERT_EQ(t.docs.size(), 2u);
  EXPECT_EQ(t.docs[1], "doc two");
  ASSERT_EQ(t.init.size(), 3u);
  EXPECT_EQ(t.init[2].thread, 1);
  EXPECT_EQ(t.init[2].name, "r0");
  ASSERT_EQ(t.threads.size(), 2u);
  EXPECT_TRUE(t.threads[1].scoped);
  EXPECT_EQ(t.threads[1].cta, 1);
  ASSERT_EQ(t.rows.size(), 2u);
  const Instruction& ld = *t.rows[0][1].instr;
  EXPECT_EQ(ld.op, Op::Ld);
  EXPECT_EQ(ld.sem, Sem::Acquire);
  EXPECT_EQ(*ld.scope, Scope::Gpu);
  EXPECT_EQ(ld.dst, "r0");
  EXPECT_EQ(ld.location, "y");
  EXPECT_EQ(ld.where.line, 5);
  EXPECT_EQ(ld.where.column, 26);
  EXPECT_EQ(t.quantifier, Quantifier::Exists);
  EXPECT_EQ(t.condition.kind, Cond::Kind::And);
  EXPECT_EQ(print_condition(t.condition), "P1:r0 == 1 /\\ P1:r1 == 0");
}

TEST(ExplorerLitmusParser, LowersOrdersScopesAndNames) {
  Program p = lower(parse_litmus(kMP)).program;
  ASSERT_EQ(p.locations.size(), 2u);
  EXPECT_EQ(p.locations[0], "x");
  const Instr& st = p.threads[0].code[0];
  EXPECT_EQ(st.kind, InstrKind::Store);
  EXPECT_EQ(st.order, Order::NA);
  const Instr& rel = p.threads[0].code[1];
  EXPECT_EQ(rel.order, Order::Rel);
  EXPECT_EQ(rel.scope, Scope::Gpu);
  EXPECT_EQ(p.threads[1].code[0].order, Order::Acq);
  EXPECT_EQ(p.threads[1].reg_names, (std::vector<std::string>{"r0", "r1"}));
  EXPECT_EQ(p.condition.quantifier, Quantifier::Exists);
  EXPECT_EQ(p.condition.text, "exists (P1:r0 == 1 /\\ P1:r1 == 0)");
}

TEST(ExplorerLitmusParser, AcceptsTheWholeInstructionSet) {
  const char* text = R"(PTX all (* herd comment *)
{ x=0; y=-3; 0:r9=0x10; }
 P0@cta 0, gpu 0                   | P1                 ;
 L0: ld.relaxed.cta r0, x          | bar.cta.sync 0     ;
 ld.volatile r1, [y]               | bar.sync 1, 2      ;
 st.relaxed.sys.b32 x, r0          | bar.cta.arrive 2   ;
 st.volatile y, 2                  | fence.sc.sys       ;
 atom.acq_rel.gpu.cas.b32 r2, x, 0, 1 | fence.acq_rel.cta ;
 atom.release.cta.exch r3, x, r2   | goto L1            ;
 atom.acquire.sys.xor r3, x, 1     | L1:                ;
 red.relaxed.gpu.and x, 7          | bra L2             ;
 red.release.gpu.or x, 8           | L2: mov r0, 5      ;
 add r4, r0, 1                     | div r1, r0, 0      ;
 sub.s32 r4, r4, r1                | mul r2, r0, r0     ;
 beq r4, 0, L0                     | bne r2, 25, L2     ;
 blt r4, r1, L0                    | ble r0, 1, L1      ;
 bgt r4, 1, L0                     | bge r0, 9, L1      ;
forall (0:r0 = 1 \/ ~(P1:r1 != 0) /\ true \/ false)
)";
  litmus::Test t = parse_litmus(text);
  Program p = lower(t).program;
  EXPECT_EQ(p.threads.size(), 2u);
  EXPECT_EQ(p.init[1], -3);
  EXPECT_EQ(p.threads[0].reg_init[0], 16);  // r9 is the first register of P0
  EXPECT_GE(p.threads[1].cta, 1 << 24);     // unscoped: a CTA of its own
  const Instr& cas = p.threads[0].code[5];
  EXPECT_EQ(cas.kind, InstrKind::Rmw);
  EXPECT_EQ(cas.rmw, RmwOp::Cas);
  EXPECT_EQ(cas.order, Order::AcqRel);
  const Instr& red = p.threads[0].code[8];
  EXPECT_EQ(red.dst, -1);
  EXPECT_EQ(p.threads[0].code[2].order, Order::Rlx);  // volatile
  EXPECT_EQ(p.threads[0].code[2].scope, Scope::Sys);
  EXPECT_EQ(p.threads[1].code[0].barrier_count, 0);
  EXPECT_EQ(p.threads[1].code[1].barrier_id, 16 * 2 + 2);  // Dat3M: instance 1, logical barrier 2
  EXPECT_EQ(p.threads[1].code[1].barrier_count, 0);
  EXPECT_FALSE(p.threads[1].code[2].barrier_wait);
  EXPECT_EQ(p.condition.quantifier, Quantifier::Forall);
}

TEST(ExplorerLitmusPrinter, PrintsParseableIdempotentText) {
  for (const auto& e : std::filesystem::directory_iterator(std::filesystem::path(RACECERT_SOURCE_DIR) / "datasets" / "litmus")) {
    litmus::Test t = parse_litmus_file(e.path().string());
    std::string once = print_test(t);
    std::string twice = print_test(parse_litmus(once, "printed"));
    EXPECT_EQ(once, twice) << e.path();
    // The printed test means the same program.
    Program a = lower(t).program, b = lower(parse_litmus(once)).program;
    ASSERT_EQ(a.threads.size(), b.threads.size());
    for (std::size_t i = 0; i < a.threads.size(); ++i) {
      ASSERT_EQ(a.threads[i].code.size(), b.threads[i].code.size());
      for (std::size_t k = 0; k < a.threads[i].code.size(); ++k) EXPECT_EQ(a.threads[i].code[k].text, b.threads[i].code[k].text);
    }
  }
}

// Parses and lowers; returns the rendered error ("" if none).
std::string error_of(const std::string& text) {
  try {
    lower(parse_litmus(text, "t.litmus"));
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), kExitBadInput);
    return e.render();
  }
  return "";
}

std::string with_body(const std::string& init, const std::string& threads, const std::string& rows,
                      const std::string& cond = "exists (x == 0)") {
  return "PTX T\n{ " + init + " }\n " + threads + " ;\n" + rows + cond + "\n";
}

TEST(ExplorerLitmusErrors, PointAtTheProblem) {
  const std::string two = "P0@cta 0,gpu 0 | P1@cta 0,gpu 0";
  struct Case {
    std::string text, error;
  } cases[] = {
      {"X86 T\n{ }\n P0 ;\nexists (x == 0)\n", "t.litmus:1:1: error: expected 'PTX'"},
      {"", "t.litmus:1:1: error: expected 'PTX'"},
      {with_body("x=0;", two, " ld.foo r0, x | ;\n"), "t.litmus:4:2: error: unknown instruction 'ld.foo'"},
      {with_body("x=0;", two, " st.acquire.gpu x, 1 | ;\n"), "t.litmus:4:2: error: unknown instruction 'st.acquire.gpu'"},
      {with_body("x=0;", two, " ld.relaxed r0, x | ;\n"),
       "t.litmus:4:2: error: 'ld.relaxed r0, x': needs a scope (.cta, .gpu or .sys)"},
      {with_body("x=0;", two, " ld.weak.gpu r0, x | ;\n"),
       "t.litmus:4:2: error: 'ld.weak.gpu r0, x': weak accesses take no scope"},
      {with_body("x=0;", two, " atom.gpu.add r0, x, 1 | ;\n"),
       "t.litmus:4:2: error: 'atom.gpu.add r0, x, 1': needs a memory order (.relaxed, .acquire, .release or .acq_rel)"},
      {with_body("x=0;", two, " atom.relaxed.gpu.cas r0, x, 1 | ;\n"),
       "t.litmus:4:2: error: 'atom.relaxed.gpu.cas r0, x, 1': expected an expected and a new value"},
      {with_body("x=0;", two, " red.relaxed.gpu.exch x, 1 | ;\n"),
       "t.litmus:4:2: error: 'red.relaxed.gpu.exch x, 1': red supports add, sub, and, or and xor"},
      {with_body("x=0;", two, " bar.cta.sync r0, 1 | ;\n"),
       "t.litmus:4:2: error: 'bar.cta.sync r0, 1': the barrier instance must be an integer constant"},
      {with_body("x=0;", two, " ld.weak r0, x ;\n"), "t.litmus:4:2: error: instruction row has 1 columns, expected 2"},
      {with_body("x=0;", "P1@cta 0,gpu 0 | P0@cta 0,gpu 0", " | ;\n"), "t.litmus:3:2: error: expected thread P0, found P1"},
      {with_body("x=0;", two, " goto L9 | ;\n"), "t.litmus:4:2: error: unknown label 'L9' in P0"},
      {with_body("x=0;", two, " L: | ;\n L: ld.weak r0, x | ;\n"), "t.litmus:5:2: error: label 'L' defined twice in P0"},
      {with_body("x=0; y aliases x;", two, " | ;\n"),
       "t.litmus:2:8: error: malformed init entry 'y aliases x' (expected 'x=v', 'P0:r=v' or 'y @ "
       "generic|texture|surface|constant aliases x')"},
      {with_body("x=0; x=1;", two, " | ;\n"), "t.litmus:2:8: error: location 'x' initialised twice"},
      {with_body("x=0; P7:r0=1;", two, " | ;\n"), "t.litmus:2:8: error: no thread P7 in this test"},
      {with_body("x=0;", two, " | ;\n", "exists (P5:r0 == 1)"), "t.litmus:5:9: error: no thread P5 in this test"},
      {with_body("x=0;", two, " | ;\n", "locations [x;]"),
       "t.litmus:5:1: error: unsupported: 'locations' and 'filter' sections"},
      {with_body("x=99999999999999999999;", two, " | ;\n"), "t.litmus:2:5: error: integer literal out of range"},
      {with_body("x=0;", two, " | ;\n", "exists (x == 0) junk"), "t.litmus:5:17: error: expected end of input, found 'junk'"},
      {with_body("x=0;", two, " | ;\n", "exists (x == )"), "t.litmus:5:14: error: expected integer, register or location, found ')'"},
      {with_body("x=-9223372036854775808;", two, " | ;\n", "exists (x == 0x7fffffffffffffff)"), ""},
      {with_body("x=0x8000000000000000;", two, " | ;\n"), "t.litmus:2:5: error: integer literal out of range"},
      {with_body("x=0;", two, " ld.weak r0 x | ;\n"), "t.litmus:4:13: error: expected ',', found 'x'"},
      {"PTX T\n\"unterminated\n{ x=0; }\n", "t.litmus:3:1: error: expected '\"', found '{'"},
      {with_body("x=0;", two, " | ;\n", ""), "t.litmus:6:1: error: expected 'exists', '~exists' or 'forall', found end of input"},
      {with_body("x=0;", two, " | ;\n", "exists " + std::string(65, '(') + "x == 0" + std::string(65, ')')),
       "t.litmus:5:72: error: condition nested too deeply"},
      {with_body("x=0;", two, " | ;\n", "exists " + std::string(64, '(') + "x == 0" + std::string(64, ')')), ""},
  };
  for (const auto& c : cases) EXPECT_EQ(error_of(c.text), c.error) << c.text;
}

TEST(ExplorerLitmusErrors, ReadingAMissingFileIsABadInput) {
  try {
    parse_litmus_file("/nonexistent/x.litmus");
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), kExitBadInput);
    EXPECT_EQ(e.render(), "/nonexistent/x.litmus: error: cannot read file: No such file or directory");
  }
}

}  // namespace
}  // namespace racecert::explorer::litmus
