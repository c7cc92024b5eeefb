// --help (issue 17): every sub-command lists its options with value names
// and one default each, the exit codes (deadlock included), each hook verb
// has its own help, and no paper jargon.
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "tests/cli/run_racecert.hpp"
#include "tests/support/text.hpp"

using Outcome = racecert::testkit::Run;
using racecert::testkit::has;
using racecert::testkit::run_racecert;

namespace {

TEST(Help, CheckListsOptionsWithValueNamesAndDefaults) {
  Outcome r = run_racecert({"check", "--help"});
  EXPECT_EQ(r.code, 0);
  EXPECT_TRUE(has(r.out, "racecert check [OPTION...] FILE...")) << r.out;
  for (const char* option : {"--block-dim DIM", "--grid-dim DIM", "-j, --jobs N", "--timeout-ms MS", "--kernel NAME",
                             "--format FORMAT", "--color WHEN", "--time-limit SECONDS", "-v, --verbose"})
    EXPECT_TRUE(has(r.out, option)) << option << "\n" << r.out;
  EXPECT_TRUE(has(r.out, "(default: 10000)")) << r.out;
  // cxxopts adds "(default: X)" itself: a description that also names its
  // default says it twice.
  std::regex twice(R"(\(default[^)]*\)\s*\(default)");
  EXPECT_FALSE(std::regex_search(r.out, twice)) << r.out;
  // A value-taking option never shows cxxopts' anonymous "arg".
  EXPECT_FALSE(std::regex_search(r.out, std::regex(R"(--[a-z-]+ arg\b)"))) << r.out;
}

TEST(Help, CheckListsExitCodesWithDeadlock) {
  Outcome r = run_racecert({"check", "--help"});
  EXPECT_TRUE(has(r.out, "Exit codes:\n  0  every kernel is data-race free")) << r.out;
  EXPECT_TRUE(has(r.out, "  1  a violation: a race, a barrier divergence, a deadlock or a failed assertion\n")) << r.out;
  EXPECT_TRUE(has(r.out, "  3  usage error")) << r.out;
  Outcome top = run_racecert({"--help"});
  EXPECT_TRUE(has(top.out, "exit codes:\n")) << top.out;
  EXPECT_TRUE(has(top.out, "deadlock")) << top.out;
}

TEST(Help, EachHookVerbHasItsOwnHelp) {
  Outcome install = run_racecert({"hook", "install", "--help"});
  EXPECT_EQ(install.code, 0);
  EXPECT_TRUE(has(install.out, "Install racecert's pre-commit")) << install.out;
  EXPECT_TRUE(has(install.out, "--force")) << install.out;
  EXPECT_FALSE(has(install.out, "--verbose")) << install.out;
  Outcome uninstall = run_racecert({"hook", "uninstall", "--help"});
  EXPECT_EQ(uninstall.code, 0);
  EXPECT_TRUE(has(uninstall.out, "Remove racecert's hooks")) << uninstall.out;
  EXPECT_FALSE(has(uninstall.out, "--force")) << uninstall.out;
  Outcome run = run_racecert({"hook", "run", "--help"});
  EXPECT_EQ(run.code, 0);
  EXPECT_TRUE(has(run.out, "Check the staged kernels")) << run.out;
  EXPECT_TRUE(has(run.out, "-v, --verbose")) << run.out;
  EXPECT_TRUE(has(run.out, "deadlock")) << run.out;
  EXPECT_NE(install.out, run.out);
}

TEST(Help, NoPaperJargon) {
  std::regex jargon(R"(Claim \d|Fig\. \d|Lemma \d|Theorem \d)");
  for (const auto& args : std::vector<std::vector<std::string>>{{"--help"},
                                                               {"check", "--help"},
                                                               {"explore", "--help"},
                                                               {"harness", "--help"},
                                                               {"harness", "synth", "--help"},
                                                               {"harness", "run", "--help"},
                                                               {"progress", "--help"},
                                                               {"hook", "--help"}}) {
    Outcome r = run_racecert(args);
    EXPECT_FALSE(std::regex_search(r.out, jargon)) << args[0] << "\n" << r.out;
  }
}

}  // namespace
