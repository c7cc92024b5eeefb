// GPUVerify header conventions and `racecert check`: line 2's launch
// (`--blockDim=`, `--gridDim=`, `--local_size=`, `--num_groups=`,
// `--global_size=`, `-DNAME=V`) fixes dimensions and macros; a bad value is
// malformed input, as in the harness and the hook. The parser itself is
// tested in tests/harness/gpuverify_header_test.cpp.
#include "tests/frontend/test_util.hpp"

using namespace racecert::fetest;

// ---- the header's effect on `racecert check`

// Thread t writes s[t] and reads s[t + 1]: racy unless one thread per block.
const char* kNeighbour = R"(__global__ void k(int *out) {
  __shared__ int s[1024];
  s[threadIdx.x] = threadIdx.x;
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[threadIdx.x + 1];
}
)";

TEST(HeaderCheck, DimensionsOfLine2AreAssumed) {
  auto one = check(std::string("//pass\n//--blockDim=1 --gridDim=4\n") + kNeighbour);
  EXPECT_DRF(one, "k");
  auto many = check(std::string("//xfail:NOT_ALL_VERIFIED\n//--blockDim=64 --gridDim=4\n") + kNeighbour);
  EXPECT_RACY(many, "k");
  EXPECT_EQ(witness(many)["blockDim.x"], 64);
  EXPECT_EQ(witness(many)["gridDim.x"], 4);
  // [x,y,z]: a 1x1x1 block.
  EXPECT_DRF(check(std::string("//pass\n//--blockDim=[1,1,1] --gridDim=[4,1,1]\n") + kNeighbour), "k");
  // The command line wins over the header.
  EXPECT_RACY(check(std::string("//pass\n//--blockDim=1 --gridDim=4\n") + kNeighbour, {"--block-dim", "8"}), "k");
}

TEST(HeaderCheck, WithoutDimensionsTheyStaySymbolic) {
  // Racy as soon as a block has two threads along x: the witness picks a
  // block; one thread per block (given on the command line) is DRF.
  const std::string k = R"(__global__ void k() {
  __shared__ int s[1024];
  s[threadIdx.x] = threadIdx.x;
  s[threadIdx.x + 1] = threadIdx.x;
}
)";
  auto r = check(k);
  EXPECT_RACY(r, "k");
  EXPECT_GE(witness(r)["blockDim.x"], 2) << r.out;
  EXPECT_DRF(check(k, {"--block-dim", "1"}), "k");
  EXPECT_DRF(check("//pass\n//--blockDim=[1,32,2]\n" + k), "k");
}

TEST(HeaderCheck, GridDimOrdersGlobalWritesOfOneBlock) {
  // out[threadIdx.x]: DRF in one block, racy between blocks.
  const char* k = R"(__global__ void k(int *out) {
  out[threadIdx.x] = blockIdx.x;
}
)";
  EXPECT_DRF(check(std::string("//pass\n//--blockDim=64 --gridDim=1\n") + k), "k");
  auto two = check(std::string("//pass\n//--blockDim=64 --gridDim=2\n") + k);
  EXPECT_RACY(two, "k");
  EXPECT_TRUE(contains(two.out, "threads of different blocks")) << two.out;
}

TEST(HeaderCheck, OpenClHeaders) {
  const char* k = R"(__kernel void k(__global int *out) {
  __local int s[256];
  s[get_local_id(0)] = get_group_id(0);
  out[get_global_id(0)] = s[get_local_id(0) + 1];
}
)";
  EXPECT_DRF(check_cl(std::string("//pass\n//--local_size=1 --num_groups=8\n") + k), "k");
  auto racy = check_cl(std::string("//pass\n//--local_size=32 --global_size=128\n") + k);
  EXPECT_RACY(racy, "k");
  EXPECT_EQ(witness(racy)["blockDim.x"], 32);
  EXPECT_EQ(witness(racy)["gridDim.x"], 4);
}

TEST(HeaderCheck, DefinesOfLine2AreMacros) {
  // Without -DSTRIDE the kernel does not compile; with it the stride decides.
  const char* k = R"(__global__ void k() {
  __shared__ int s[1024];
  s[threadIdx.x * STRIDE] = threadIdx.x;
  s[threadIdx.x * STRIDE + 1] = threadIdx.x;
}
)";
  EXPECT_DRF(check(std::string("//pass\n//--blockDim=64 --gridDim=1 -DSTRIDE=2\n") + k), "k");
  EXPECT_RACY(check(std::string("//pass\n//--blockDim=64 --gridDim=1 -DSTRIDE=1\n") + k), "k");
  auto none = check(std::string("//pass\n//--blockDim=64 --gridDim=1\n") + k);
  EXPECT_VERDICT(none, "k", kUnknown, "unknown");
  EXPECT_TRUE(contains(none.out, "STRIDE")) << none.out;
}

TEST(HeaderCheck, BadValueIsMalformedInputWithOneDiagnostic) {
  // Never checked with dimensions the file does not have: exit 2, one line
  // with the position of the bad value (the same as `harness run` records).
  for (const char* bad : {"//--blockDim=0", "//--blockDim=abc --gridDim=4", "//--blockDim=[0,0] --gridDim=[[ -D",
                          "//--local_size=64 --global_size=100"}) {
    auto r = check(std::string("//pass\n") + bad + "\n" + kNeighbour);
    EXPECT_EQ(r.code, kMalformed) << bad << "\n" << dump(r);
    EXPECT_TRUE(contains(r.err, ".cu:2:")) << r.err;
    EXPECT_EQ(count_of(r.err, "\n"), 1u) << r.err;
  }
}

TEST(HeaderCheck, GpuVerifyForms) {
  // Comma lists, as GPUVerify's own testsuite writes them: one thread along
  // x makes the kernel DRF (racy for symbolic sizes).
  const char* k = R"(__kernel void k() {
  __local int s[64];
  s[get_local_id(1)] = get_local_id(0);
}
)";
  EXPECT_DRF(check_cl(std::string("//pass\n//--local_size=1,10 --num_groups=1,10\n") + k), "k");
  EXPECT_RACY(check_cl(std::string("//pass\n//--local_size=2,10 --num_groups=1,10\n") + k), "k");
  // Flags racecert does not read: a note, and the verdict as without them.
  auto r = check(std::string("//pass\n//--blockDim=1 --gridDim=4 --no-inline --warp-sync=32\n") + kNeighbour);
  EXPECT_DRF(r, "k");
  // --warp-sync is read (lock-step warps), so it is not among them.
  EXPECT_TRUE(contains(r.out, "GPUVerify header flags ignored: --no-inline")) << r.out;
  EXPECT_FALSE(contains(r.out, "--warp-sync=32")) << r.out;
  // `*`: that dimension stays symbolic.
  EXPECT_RACY(check(std::string("//pass\n//--blockDim=* --gridDim=4\n") + kNeighbour), "k");
}
