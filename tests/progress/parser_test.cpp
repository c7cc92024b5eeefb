// The two X3 parsers and the printers: the paper's figures, errors with
// positions, and round trips through both forms.
#include <gtest/gtest.h>

#include <random>

#include "progress/parser.hpp"
#include "progress/printer.hpp"
#include "random_programs.hpp"
#include "support/diagnostic.hpp"
#include "test_util.hpp"

namespace racecert::progress {
namespace {

constexpr const char* kFig2c = R"(// Mutex value is at global memory location m,
// and it is initially set to 0. Program location 2
// implicitly corresponds to the end of the program
Thread 0: [
  0: AXB(m, 1, 0, true, 1) // acquire
  1: AXB(m, 0, 2, true, 0) // release
]
Thread 1: [
  0: AXB(m, 1, 0, true, 1) // acquire
  1: AXB(m, 0, 2, true, 0) // release
]
)";

constexpr const char* kIssueSuite = R"(THREAD 0
0: Mem[0] = 1;
1: if (Exch(Mem[0],0) == 0) goto 0;

THREAD 1
0: if (Mem[1] == 0) goto 0;
1: if (Exch(Mem[0],1) == 1) goto END;
)";

TEST(ProgressParser, PaperFigure2c) {
  const Program p = parse_program(kFig2c, "fig2c");
  ASSERT_EQ(p.thread_count(), 2u);
  ASSERT_EQ(p.locations, std::vector<std::string>{"m"});
  for (const auto& t : p.threads) {
    ASSERT_EQ(t.code.size(), 2u);
    EXPECT_EQ(t.code[0], (Instr{0, 1, 0, true, 1}));
    EXPECT_EQ(t.code[1], (Instr{0, 0, 2, true, 0}));
  }
}

TEST(ProgressParser, IssueTestSuiteExample) {
  const Program p = parse_program(kIssueSuite, "suite");
  ASSERT_EQ(p.thread_count(), 2u);
  EXPECT_EQ(p.locations, (std::vector<std::string>{"0", "1"}));
  EXPECT_EQ(p.threads[0].code[0], (Instr{0, 0, 1, true, 1}));  // a store falls through
  EXPECT_EQ(p.threads[0].code[1], (Instr{0, 0, 0, true, 0}));
  EXPECT_EQ(p.threads[1].code[0], (Instr{1, 0, 0, false, 0}));
  EXPECT_EQ(p.threads[1].code[1], (Instr{0, 1, 2, true, 1}));  // END is 2
}

TEST(ProgressParser, BothFormsOfEachIdiomAgree) {
  for (const std::string& f : testing::dataset_files()) {
    if (f.size() < 4 || f.substr(f.size() - 4) != ".axb") continue;
    const std::string suite = f.substr(0, f.size() - 4) + ".test";
    EXPECT_EQ(normalized(load_program(f)).threads, normalized(load_program(suite)).threads) << f;
  }
}

TEST(ProgressParser, AxbDetails) {
  // The fifth argument is optional without an exchange; END is accepted;
  // numeric locations come before named ones.
  const Program p = parse_axb("Thread 0: [ 0: AXB(x, 1, END, false) 1: AXB(3, 0, 0, true, 7) ]", "t");
  EXPECT_EQ(p.locations, (std::vector<std::string>{"3", "x"}));
  EXPECT_EQ(p.threads[0].code[0], (Instr{1, 1, 2, false, 0}));
  EXPECT_EQ(p.threads[0].code[1], (Instr{0, 0, 0, true, 7}));
  // An empty thread is allowed: it is terminated from the start.
  EXPECT_EQ(parse_axb("Thread 0: [ ] Thread 1: [ 0: AXB(m, 0, 1, true, 1) ]", "t").threads[0].code.size(), 0u);
}

TEST(ProgressParser, SuiteSemicolonsAreOptional) {
  const Program a = parse_suite("THREAD 0\n0: Mem[0] = 1\n1: if (Mem[0] == 1) goto 0\n", "t");
  const Program b = parse_suite("THREAD 0\n0: Mem[0] = 1;\n1: if (Mem[0] == 1) goto 0;\n", "t");
  EXPECT_EQ(a.threads, b.threads);
}

// Each malformed input must give exactly this "file:line:col: error: ..." text.
struct BadInput {
  const char* text;
  const char* message;
};

TEST(ProgressParser, ErrorsCarryPositions) {
  const BadInput cases[] = {
      {"", "bad:1:1: error: expected 'Thread' (AXB form) or 'THREAD' (test-suite form)"},
      {"// only a comment\n", "bad:2:1: error: expected 'Thread' (AXB form) or 'THREAD' (test-suite form)"},
      {"Thread 0: [\n 0: AXB(m, 1, 0, maybe, 1)\n]", "bad:2:18: error: expected true or false"},
      {"Thread 0: [\n 0: AXB(m, 1, 0, true, 1)\n", "bad:3:1: error: expected ']'"},
      {"Thread 1: [ ]", "bad:1:8: error: thread 1 out of order: expected thread 0"},
      {"Thread 0: [ 1: AXB(m, 1, 0, true, 1) ]", "bad:1:13: error: instruction label 1 out of order: expected 0"},
      {"Thread 0: [ 0: AXB(m, 1, 5, true, 1) ]",
       "bad:1:26: error: jump target 5 is past the end of thread 0 (its END is 1)"},
      {"Thread 0: [ 0: AXB(m, 99999999999, 0, true, 1) ]",
       "bad:1:23: error: value 99999999999 is out of range (at most 4294967295)"},
      {"Thread 0: [ 0: AXB(m, -1, 0, true, 1) ]", "bad:1:23: error: expected value"},
      {"Thread 0: [ ] junk", "bad:1:15: error: expected Thread or end of input"},
      {"THREAD 0\n0: Mem[0] = 1;\n1: if (Mem[0] == 1) goto 7;\n",
       "bad:3:26: error: jump target 7 is past the end of thread 0 (its END is 2)"},
      {"THREAD 0\n0: Mem[0] == 1;\n", "bad:2:12: error: expected value"},
      {"THREAD 0\n0: if (Exch(Mem[0]) == 1) goto 0;\n", "bad:2:19: error: expected ','"},
      {"THREAD 0\n0: while (1);\n", "bad:2:4: error: expected statement (Mem[...] = v or if (...) goto L)"},
      {"THREAD 0\n0: if (Mem[0] == 1) goto 0;\nTHREAD 2\n", "bad:3:8: error: thread 2 out of order: expected thread 1"},
      {"THREAD 0\n0: if (Mem[0] == 1) goto 0; ???", "bad:2:29: error: expected instruction, THREAD or end of input"},
      {"THREAD 0\n/* unterminated", "bad:2:1: error: expected instruction, THREAD or end of input"},
  };
  for (const auto& c : cases) {
    try {
      parse_program(c.text, "bad");
      ADD_FAILURE() << "accepted: " << c.text;
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), kExitBadInput);
      EXPECT_EQ(e.render(), c.message) << c.text;
    }
  }
}

TEST(ProgressParser, LimitsAreInputErrors) {
  std::string many;
  for (int t = 0; t <= 32; ++t) many += "Thread " + std::to_string(t) + ": [ ]\n";
  try {
    parse_program(many, "many");
    ADD_FAILURE();
  } catch (const Error& e) {
    EXPECT_EQ(e.render(), "many:33:8: error: too many threads (at most 32)");
  }
}

TEST(ProgressParser, PrintersRoundTrip) {
  std::mt19937 rng(99);
  std::vector<Program> programs;
  for (const auto& f : testing::dataset_files()) {
    programs.push_back(load_program(f));
    EXPECT_EQ(parse_axb(print_axb(programs.back()), "a").locations, programs.back().locations) << f;
  }
  for (int i = 0; i < 500; ++i) programs.push_back(testing::random_program(rng, {4, 4, 3, 5}));
  for (const Program& p : programs) {
    const Program via_suite = parse_suite(print_suite(p), "s");
    const Program via_axb = parse_axb(print_axb(p), "a");
    EXPECT_EQ(normalized(via_suite).threads, normalized(p).threads) << print_suite(p);
    EXPECT_EQ(normalized(via_axb).threads, normalized(p).threads) << print_axb(p);
    // Printing is a fixpoint after one round.
    EXPECT_EQ(print_suite(parse_suite(print_suite(via_suite), "s")), print_suite(via_suite));
  }
}

TEST(ProgressParser, PrintsTheIssueSyntax) {
  EXPECT_EQ(print_suite(parse_program(kIssueSuite, "s")), kIssueSuite);
}

}  // namespace
}  // namespace racecert::progress
