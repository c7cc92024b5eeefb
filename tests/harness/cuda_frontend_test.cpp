// End-to-end tests on CUDA (.cu) kernels with the real racecert.
#include <gtest/gtest.h>

#include "harness/results.hpp"
#include "tests/harness/test_util.hpp"

using namespace racecert::harness;
using namespace racecert::harness::testkit;

TEST(HarnessCudaFrontEnd, SynthesizedKernelsGetTheirHeadersVerdict) {
  TempDir d;
  Cmd s = run_racecert({"harness", "synth", "--family", "all", "--size", "1-3", "--both", "--out", d / "syn"});
  ASSERT_EQ(s.code, 0) << s.err;
  Cmd c = run_racecert({"harness", "run", d / "syn", "--out", d / "out", "--jobs", "2"});
  ASSERT_EQ(c.code, 0) << c.err;
  for (const auto& r : read_csv(read_text(d / "out/results.csv"), "results.csv"))
    EXPECT_TRUE(r.outcome == Outcome::CorrectDrf || r.outcome == Outcome::CorrectRace)
        << r.kernel << ": " << to_string(r.outcome) << " " << r.detail;
  EXPECT_TRUE(file_exists(d / "out/growth.svg"));
}

TEST(HarnessCudaFrontEnd, HeaderDimensionsDecideTheVerdict) {
  // Each block writes A[threadIdx.x] of a global array: racy only when
  // there is more than one block.
  const std::string body = "__global__ void k(int *A) {\n  A[threadIdx.x] = blockIdx.x;\n}\n";
  TempDir d;
  write_file(d / "ds/one-block.cu", "//pass\n//--blockDim=32 --gridDim=1\n" + body);
  write_file(d / "ds/two-blocks.cu", "//xfail:NOT_ALL_VERIFIED\n//--blockDim=32 --gridDim=2\n" + body);
  Cmd c = run_racecert({"harness", "run", d / "ds", "--out", d / "out"});
  ASSERT_EQ(c.code, 0) << c.err;
  EXPECT_NE(c.out.find("racecert: 2 kernels, 1 correct DRF, 1 correct race"), std::string::npos) << c.out;
}

TEST(HarnessCudaFrontEnd, HookBlocksARacyStagedKernel) {
  TempDir d;
  Env env = {{"GIT_CONFIG_GLOBAL", "/dev/null"}, {"GIT_CONFIG_NOSYSTEM", "1"},  {"GIT_AUTHOR_NAME", "T"},
             {"GIT_AUTHOR_EMAIL", "t@e"},        {"GIT_COMMITTER_NAME", "T"}, {"GIT_COMMITTER_EMAIL", "t@e"}};
  ASSERT_EQ(run({"git", "init", "-q", d.path()}).code, 0);
  ASSERT_EQ(run_racecert({"hook", "install"}, d.path(), env).code, 0);
  write_file(d / "k.cu", kernel_text(true));
  ASSERT_EQ(run({"git", "add", "k.cu"}, d.path(), env).code, 0);
  Cmd blocked = run({"git", "commit", "-q", "-m", "racy"}, d.path(), env);
  EXPECT_NE(blocked.code, 0);
  EXPECT_NE(blocked.err.find("k.cu:"), std::string::npos) << blocked.err;
  EXPECT_NE(blocked.err.find("data race"), std::string::npos) << blocked.err;
  write_file(d / "k.cu", kernel_text(false));
  ASSERT_EQ(run({"git", "add", "k.cu"}, d.path(), env).code, 0);
  Cmd ok = run({"git", "commit", "-q", "-m", "drf"}, d.path(), env);
  EXPECT_EQ(ok.code, 0) << ok.err;
}
