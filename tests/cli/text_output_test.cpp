// `racecert check`'s text output (issue 17, "Output people can use"): the
// status line names the file, a run over several files ends with totals,
// colours follow --color, internal notes need -v, and source lines carry
// Clang's numbered gutter.
#include <gtest/gtest.h>

#include <string>

#include "tests/cli/run_racecert.hpp"
#include "tests/support/text.hpp"

using Outcome = racecert::testkit::Run;
using racecert::testkit::has;
using racecert::testkit::run_racecert;
using racecert::testkit::temp_file;

namespace {

const char* kLaunch = "//pass\n//--blockDim=64 --gridDim=1\n";

std::string racy_file() { return temp_file(std::string(kLaunch) + "__global__ void r(int *a) {\n  a[0] = threadIdx.x;\n}\n", ".cu"); }
std::string drf_file() {
  return temp_file(std::string(kLaunch) + "__global__ void d(int *a) {\n  a[threadIdx.x] = 1;\n}\n", ".cu");
}

TEST(TextOutput, StatusLineNamesTheFile) {
  std::string f = racy_file();
  Outcome r = run_racecert({"check", f});
  EXPECT_EQ(r.code, 1);
  EXPECT_TRUE(has(r.out, "\n" + f + ": kernel 'r': racy (")) << r.out;
}

TEST(TextOutput, SeveralFilesEndWithTotals) {
  std::string racy = racy_file(), drf = drf_file(), drf2 = drf_file();
  std::string header = temp_file("__device__ int twice(int x) { return 2 * x; }\n", ".cuh");
  Outcome r = run_racecert({"check", racy, drf, drf2, header});
  EXPECT_EQ(r.code, 1);
  ASSERT_FALSE(r.out.empty());
  std::string last = r.out.substr(r.out.rfind('\n', r.out.size() - 2) + 1);
  EXPECT_EQ(last, "4 files, 3 kernels: 2 drf, 1 racy\n") << r.out;
  // One file: no totals.
  Outcome one = run_racecert({"check", drf});
  EXPECT_EQ(one.code, 0);
  EXPECT_FALSE(has(one.out, "files,")) << one.out;
}

TEST(TextOutput, TotalsCountInputErrors) {
  Outcome r = run_racecert({"check", drf_file(), "/nonexistent/k.cu"});
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(has(r.out, "2 files, 1 kernel: 1 drf; 1 input error\n")) << r.out;
}

TEST(TextOutput, ColorFollowsTheFlag) {
  std::string f = racy_file();
  // Standard output is a file here, so auto means no colour.
  EXPECT_FALSE(has(run_racecert({"check", f}).out, "\033[")) << "auto off a terminal";
  EXPECT_FALSE(has(run_racecert({"check", f, "--color", "never"}).out, "\033["));
  Outcome always = run_racecert({"check", f, "--color=always"});
  EXPECT_TRUE(has(always.out, "\033[1;31merror: \033[0m")) << always.out;
  Outcome bad = run_racecert({"check", f, "--color", "sometimes"});
  EXPECT_EQ(bad.code, 3);
  EXPECT_EQ(bad.err, "racecert check: error: unknown --color 'sometimes' (expected auto, always or never)\n");
}

TEST(TextOutput, InternalNotesOnlyWithVerbose) {
  // An index with '^' is encoded with bit-vector arithmetic: a note on how
  // the query was built, not on the verdict.
  std::string f = temp_file(std::string(kLaunch) + "__global__ void x(int *a) {\n  a[threadIdx.x ^ 1] = 1;\n}\n", ".cu");
  Outcome quiet = run_racecert({"check", f});
  EXPECT_EQ(quiet.code, 0) << quiet.out << quiet.err;
  EXPECT_FALSE(has(quiet.out, "bit-vector")) << quiet.out;
  Outcome verbose = run_racecert({"check", f, "-v"});
  EXPECT_EQ(verbose.code, 0);
  EXPECT_TRUE(has(verbose.out, "note: array 'a': bit-vector arithmetic used because of '^'")) << verbose.out;
  // The launch a verdict assumes is for everyone.
  Outcome assumed = run_racecert({"check", temp_file("__global__ void y(int *a) {\n  a[threadIdx.x] = 1;\n}\n", ".cu")});
  EXPECT_TRUE(has(assumed.out, "note: assuming")) << assumed.out;
}

TEST(TextOutput, SourceLinesHaveANumberedGutter) {
  std::string f = racy_file();
  Outcome r = run_racecert({"check", f});
  EXPECT_TRUE(has(r.out, f + ":4:3: error: data race on a[0] in kernel 'r'\n"
                             "    4 |   a[0] = threadIdx.x;\n"
                             "      |   ^\n"))
      << r.out;
}

}  // namespace
