// Bad input gets one clear line (issue 17): for each kind of mistake a user
// makes, the exit code and the first line of the message.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "tests/cli/run_racecert.hpp"

using Outcome = racecert::testkit::Run;
using racecert::testkit::run_racecert;
using racecert::testkit::temp_file;

namespace {

std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

std::size_t occurrences(const std::string& s, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
  return n;
}

const char* kRacyKernel = "__global__ void k(int *a) {\n  a[0] = threadIdx.x;\n}\n";

// ---- launch dimensions: one parser, an error with its position

TEST(BadInput, UnbalancedBracketsInBlockDim) {
  std::string f = temp_file(kRacyKernel, ".cu");
  Outcome r = run_racecert({"check", f, "--block-dim", "[16,16"});
  EXPECT_EQ(r.code, 3);
  EXPECT_EQ(first_line(r.err), "racecert check: error: --block-dim: invalid launch size '[16,16': missing ']' at "
                               "column 7 (expected N, [X,Y] or [X,Y,Z])");
  r = run_racecert({"check", f, "--grid-dim", "[16"});
  EXPECT_EQ(r.code, 3);
  EXPECT_EQ(first_line(r.err), "racecert check: error: --grid-dim: invalid launch size '[16': missing ']' at "
                               "column 4 (expected N, [X,Y] or [X,Y,Z])");
  r = run_racecert({"check", f, "--block-dim", "16]"});
  EXPECT_EQ(r.code, 3);
  EXPECT_EQ(first_line(r.err), "racecert check: error: --block-dim: invalid launch size '16]': unexpected ']' at "
                               "column 3 (expected N, [X,Y] or [X,Y,Z])");
}

TEST(BadInput, OutOfRangeAndTooManyComponents) {
  std::string f = temp_file(kRacyKernel, ".cu");
  Outcome r = run_racecert({"check", f, "--block-dim", "[1,0]"});
  EXPECT_EQ(r.code, 3);
  EXPECT_EQ(first_line(r.err), "racecert check: error: --block-dim: invalid launch size '[1,0]': component 2 is 0 "
                               "(each from 1 to 2^31-1) (expected N, [X,Y] or [X,Y,Z])");
  r = run_racecert({"check", f, "--block-dim", "[1,2,3,4]"});
  EXPECT_EQ(r.code, 3);
  EXPECT_EQ(first_line(r.err), "racecert check: error: --block-dim: invalid launch size '[1,2,3,4]': 4 components "
                               "(at most 3: x, y and z) (expected N, [X,Y] or [X,Y,Z])");
  r = run_racecert({"check", f, "--block-dim", "*"});
  EXPECT_EQ(r.code, 3);
  EXPECT_EQ(first_line(r.err), "racecert check: error: --block-dim: invalid launch size '*': component 1 is '*', "
                               "which only a GPUVerify header may use (expected N, [X,Y] or [X,Y,Z])");
}

TEST(BadInput, ExploreReadsDimensionsWithTheSameParser) {
  std::string f = temp_file(kRacyKernel, ".cu");
  Outcome r = run_racecert({"explore", f, "--block-dim", "[2,2"});
  EXPECT_EQ(r.code, 3);
  EXPECT_NE(first_line(r.err).find("--block-dim: invalid launch size '[2,2': missing ']' at column 5"),
            std::string::npos)
      << r.err;
}

// A flag takes one form: several components need brackets, so that a lost
// '[' is an error, not a size (GPUVerify's unbracketed "1,10" stays for
// headers, GpuVerifyHeader.CommaSeparatedSizesAreMultiDimensional).
TEST(BadInput, UnbracketedListOnTheCommandLineNeedsBrackets) {
  std::string f = temp_file(kRacyKernel, ".cu");
  for (const char* flag : {"--block-dim", "--grid-dim"}) {
    Outcome r = run_racecert({"check", f, flag, "16,16"});
    EXPECT_EQ(r.code, 3) << r.err;
    EXPECT_EQ(first_line(r.err), std::string("racecert check: error: ") + flag +
                                     ": invalid launch size '16,16': several components need brackets: write "
                                     "[16,16] (expected N, [X,Y] or [X,Y,Z])");
  }
  Outcome ok = run_racecert({"check", f, "--block-dim", "[16,16]", "--grid-dim", "1"});
  EXPECT_EQ(ok.code, 1) << ok.err;
  EXPECT_NE(ok.out.find("blockDim.x=16 blockDim.y=16"), std::string::npos) << ok.out;
}

// ---- files

TEST(BadInput, MissingFileSaysWhy) {
  for (const char* name : {"/nonexistent/k.cu", "/nonexistent/p.map", "/nonexistent/b.bar", "/nonexistent/x.txt"}) {
    Outcome r = run_racecert({"check", name});
    EXPECT_EQ(r.code, 2) << name;
    EXPECT_EQ(first_line(r.err), std::string(name) + ": error: cannot read file: No such file or directory");
  }
}

TEST(BadInput, DirectorySaysItIsADirectory) {
  std::string dir = std::filesystem::temp_directory_path().string();
  Outcome r = run_racecert({"check", dir});
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(first_line(r.err), dir + ": error: is a directory, not a file");
  std::filesystem::path cu = std::filesystem::temp_directory_path() / ("racecert-dir-" + std::to_string(getpid()) + ".cu");
  std::filesystem::create_directories(cu);
  r = run_racecert({"check", cu.string()});
  std::filesystem::remove(cu);
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(first_line(r.err), cu.string() + ": error: is a directory, not a file");
}

TEST(BadInput, HeaderWithoutKernelsIsNotMalformed) {
  std::string h = temp_file("__device__ int twice(int x) { return 2 * x; }\n", ".cuh");
  Outcome r = run_racecert({"check", h});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(first_line(r.out), h + ": no kernels");
}

// ---- --kernel

TEST(BadInput, UnknownKernelListsTheKernelsThere) {
  std::string f = temp_file(std::string(kRacyKernel) + "__global__ void other(int *a) { a[threadIdx.x] = 1; }\n", ".cu");
  Outcome r = run_racecert({"check", f, "--kernel", "nope"});
  EXPECT_EQ(r.code, 3);
  EXPECT_EQ(first_line(r.err), "racecert: error: no kernel named 'nope'; the files have: k, other");
  EXPECT_EQ(r.out, "");
}

// ---- unknown options: the cxxopts message and the closest valid option

TEST(BadInput, UnknownOptionSuggestsTheClosest) {
  std::string f = temp_file(kRacyKernel, ".cu");
  Outcome r = run_racecert({"check", f, "--blokc-dim", "4"});
  EXPECT_EQ(r.code, 3);
  EXPECT_EQ(first_line(r.err),
            "racecert check: error: Option \u2018blokc-dim\u2019 does not exist; did you mean '--block-dim'?");
  r = run_racecert({"check", f, "--blockdim=4"});
  EXPECT_EQ(r.code, 3);
  EXPECT_NE(first_line(r.err).find("did you mean '--block-dim'?"), std::string::npos) << r.err;
  // Nothing close: the cxxopts message alone.
  r = run_racecert({"check", f, "--frobnicate"});
  EXPECT_EQ(r.code, 3);
  EXPECT_EQ(first_line(r.err), "racecert check: error: Option \u2018frobnicate\u2019 does not exist");
}

TEST(BadInput, EverySubcommandSuggests) {
  struct Case {
    std::vector<std::string> args;
    std::string suggestion;
  };
  for (const Case& c : std::vector<Case>{{{"explore", "x.litmus", "--formt", "json"}, "'--format'"},
                                         {{"progress", "check", "x", "--formt", "json"}, "'--format'"},
                                         {{"harness", "run", "--jbos", "3"}, "'--jobs'"},
                                         {{"hook", "run", "--verbse"}, "'--verbose'"},
                                         {{"hook", "install", "--froce"}, "'--force'"}}) {
    Outcome r = run_racecert(c.args);
    EXPECT_EQ(r.code, 3) << c.args[0];
    EXPECT_NE(first_line(r.err).find("; did you mean " + c.suggestion + "?"), std::string::npos)
        << c.args[0] << ": " << r.err;
  }
}

// ---- compile errors

TEST(BadInput, CompileErrorPrintedOnceAndOtherKernelsStillChecked) {
  std::string f = temp_file(
      "__global__ void ok(int *a) { a[threadIdx.x] = 1; }\n"
      "__global__ void broken(int *a) { a[threadIdx.x] = undefined_thing; }\n"
      "__global__ void racy(int *a) { a[0] = threadIdx.x; }\n",
      ".cu");
  Outcome r = run_racecert({"check", f, "--block-dim", "64", "--grid-dim", "1"});
  // The race found wins over the kernel that could not be checked.
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find(f + ": kernel 'racy': racy"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(f + ": kernel 'ok': drf"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(f + ": kernel 'broken': unknown"), std::string::npos) << r.out;
  // Once, on one stream, with its caret under the undeclared name.
  EXPECT_EQ(occurrences(r.out + r.err, "undeclared identifier 'undefined_thing'"), 1u) << r.out << r.err;
  EXPECT_NE(r.out.find("    2 | __global__ void broken(int *a) { a[threadIdx.x] = undefined_thing; }\n"
                       "      | " + std::string(50, ' ') + "^\n"),
            std::string::npos)
      << r.out;
}

TEST(BadInput, SyntaxErrorPrintedOnceWithItsCaret) {
  std::string f = temp_file("__global__ void k(int *a) {\n  a[threadIdx.x] = 1\n}\n", ".cu");
  Outcome r = run_racecert({"check", f, "--block-dim", "32"});
  EXPECT_EQ(r.code, 2);  // a syntax error is malformed input
  EXPECT_EQ(occurrences(r.out + r.err, "expected ';' after expression"), 1u) << r.out << r.err;
  EXPECT_EQ(first_line(r.out), f + ":2:21: error: the kernel does not compile: expected ';' after expression");
  EXPECT_NE(r.out.find("    2 |   a[threadIdx.x] = 1\n      |                     ^\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.err, "");
}

// ---- protocol and barrier-program parse errors: at the missing token

TEST(BadInput, ProtocolMissingSemicolonPointsAfterTheStatement) {
  std::string f = temp_file("kernel k {\n  shared A;\n  wr A[tid]\n}\n", ".map");
  Outcome r = run_racecert({"check", f});
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(first_line(r.err), f + ":3:12: error: expected ';', found '}'");
}

TEST(BadInput, ProtocolErrorNamesTheWholeTokenFound) {
  std::string f = temp_file("kernel k {\n  shared A\n  wr A[tid];\n}\n", ".map");
  Outcome r = run_racecert({"check", f});
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(first_line(r.err), f + ":2:11: error: expected ';', found 'wr'");
}

TEST(BadInput, BarrierProgramErrorNamesTheWholeTokenFound) {
  std::string f = temp_file("kernel k block 64 {\n  warp 0 { sync 0 64 }\n  wrap 1 { sync 0 64 }\n}\n", ".bar");
  Outcome r = run_racecert({"check", f});
  EXPECT_EQ(r.code, 2);
  // A wrong word is pointed at where it is.
  EXPECT_EQ(first_line(r.err), f + ":3:3: error: expected a unit (warp, thread, threads) or '}', found 'wrap'");
}

}  // namespace
