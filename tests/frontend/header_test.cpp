// GPUVerify header conventions: line 1 the expected result, line 2 the
// launch (`--blockDim=`, `--gridDim=`, `--local_size=`, `--num_groups=`,
// `--global_size=`, `-DNAME=V`); unknown flags ignored, bad text never fatal.
// The parser itself (parse_header, parse_dims), then its effect on verdicts.
#include "frontend/gpuverify_header.hpp"

#include "tests/frontend/test_util.hpp"

using namespace racecert::frontend;
using namespace racecert::fetest;

namespace {

std::optional<Dims> dims(std::initializer_list<std::int64_t> d) { return Dims(d); }

}  // namespace

TEST(Header, CudaNumbers) {
  HeaderFlags h = parse_header("//pass\n//--blockDim=64 --gridDim=4\n__global__ void k() {}\n");
  EXPECT_EQ(h.expected, "pass");
  EXPECT_EQ(h.block_dim, dims({64}));
  EXPECT_EQ(h.grid_dim, dims({4}));
  EXPECT_TRUE(h.defines.empty());
}

TEST(Header, CudaLists) {
  HeaderFlags h = parse_header("//xfail:NOT_ALL_VERIFIED\n//--blockDim=[16,8,2] --gridDim=[4,2]\n");
  EXPECT_EQ(h.expected, "xfail:NOT_ALL_VERIFIED");
  EXPECT_EQ(h.block_dim, dims({16, 8, 2}));
  EXPECT_EQ(h.grid_dim, dims({4, 2}));
  // One component in brackets, and the flags in the other order.
  h = parse_header("//pass\n//--gridDim=[3] --blockDim=[32]");
  EXPECT_EQ(h.block_dim, dims({32}));
  EXPECT_EQ(h.grid_dim, dims({3}));
}

TEST(Header, OpenClLocalSizeAndNumGroups) {
  HeaderFlags h = parse_header("//pass\n//--local_size=64 --num_groups=[4,3]\n");
  EXPECT_EQ(h.block_dim, dims({64}));
  EXPECT_EQ(h.grid_dim, dims({4, 3}));
}

TEST(Header, OpenClGlobalSizeIsDividedByLocalSize) {
  HeaderFlags h = parse_header("//pass\n//--local_size=[8,4] --global_size=[64,32]\n");
  EXPECT_EQ(h.block_dim, dims({8, 4}));
  EXPECT_EQ(h.grid_dim, dims({8, 8}));
  // Either order.
  h = parse_header("//pass\n//--global_size=1024 --local_size=256\n");
  EXPECT_EQ(h.block_dim, dims({256}));
  EXPECT_EQ(h.grid_dim, dims({4}));
  // --num_groups wins over --global_size.
  h = parse_header("//pass\n//--local_size=16 --global_size=1024 --num_groups=2\n");
  EXPECT_EQ(h.grid_dim, dims({2}));
}

TEST(Header, OpenClGlobalSizeThatIsNoWholeNumberOfGroupsGivesNoGrid) {
  HeaderFlags h = parse_header("//pass\n//--local_size=64 --global_size=100\n");
  EXPECT_EQ(h.block_dim, dims({64}));
  EXPECT_FALSE(h.grid_dim);
  // Different numbers of dimensions, or no local size: no grid either.
  h = parse_header("//pass\n//--local_size=[8,8] --global_size=64\n");
  EXPECT_FALSE(h.grid_dim);
  h = parse_header("//pass\n//--global_size=64\n");
  EXPECT_FALSE(h.block_dim);
  EXPECT_FALSE(h.grid_dim);
}

TEST(Header, LeadingZeros) {
  HeaderFlags h = parse_header("//pass\n//--blockDim=0064 --gridDim=[01,000000000000000000000002]\n");
  EXPECT_EQ(h.block_dim, dims({64}));
  EXPECT_EQ(h.grid_dim, dims({1, 2}));
}

TEST(Header, Defines) {
  HeaderFlags h = parse_header("//pass\n//--blockDim=32 -DN=128 -DFLAG --gridDim=2 -DM=N*2\n");
  EXPECT_EQ(h.defines, (std::vector<std::string>{"N=128", "FLAG", "M=N*2"}));
  EXPECT_EQ(h.block_dim, dims({32}));
  EXPECT_EQ(h.grid_dim, dims({2}));
}

TEST(Header, UnknownFlagsAreIgnored) {
  HeaderFlags h = parse_header(
      "//pass\n//--warp-sync=32 --blockDim=64 --no-inline --only-intra-group --gridDim=8 --boogie-file=x.bpl\n");
  EXPECT_EQ(h.block_dim, dims({64}));
  EXPECT_EQ(h.grid_dim, dims({8}));
  EXPECT_TRUE(h.defines.empty());
}

TEST(Header, MalformedDimensionsAreIgnoredNotFatal) {
  for (const char* bad : {"//--blockDim=0 --gridDim=-4", "//--blockDim=[1,2,3,4] --gridDim=[]", "//--blockDim=abc --gridDim=[4",
                          "//--blockDim=64, --gridDim=[4,0]", "//--blockDim= --gridDim=99999999999999999999999",
                          "//--blockDim=[16, 16] --gridDim=4x"}) {
    HeaderFlags h = parse_header(std::string("//pass\n") + bad + "\n");
    EXPECT_EQ(h.expected, "pass") << bad;
    EXPECT_FALSE(h.block_dim) << bad;
    EXPECT_FALSE(h.grid_dim) << bad;
  }
  // A good flag beside a bad one still counts.
  HeaderFlags h = parse_header("//pass\n//--blockDim=[64,0] --gridDim=4\n");
  EXPECT_FALSE(h.block_dim);
  EXPECT_EQ(h.grid_dim, dims({4}));
}

TEST(Header, OnlyTheSecondLineHoldsFlags) {
  // Flags on line 1 or 3 are comments.
  HeaderFlags h = parse_header("//--blockDim=64\n__global__ void k() {}\n");
  EXPECT_EQ(h.expected, "--blockDim=64");
  EXPECT_FALSE(h.block_dim);
  h = parse_header("//pass\n// launch it right\n//--blockDim=64\n");
  EXPECT_FALSE(h.block_dim);
  // Line 2 that is not a comment.
  h = parse_header("//pass\n--blockDim=64\n");
  EXPECT_FALSE(h.block_dim);
}

TEST(Header, DegenerateTexts) {
  EXPECT_EQ(parse_header("").expected, "");
  EXPECT_EQ(parse_header("//pass").expected, "pass");
  EXPECT_EQ(parse_header("//pass  \r\n//--blockDim=8\r\n").expected, "pass");
  EXPECT_EQ(parse_header("//pass\r\n//--blockDim=8\r\n").block_dim, dims({8}));
  EXPECT_FALSE(parse_header("\n\n\n").block_dim);
  EXPECT_FALSE(parse_header("//\n//").block_dim);
  const char nul[] = "//pass\n//--blockDim=4\0 --gridDim=2\n";
  HeaderFlags h = parse_header(std::string(nul, sizeof nul - 1));
  EXPECT_FALSE(h.block_dim);  // a NUL is a character like another: "4\0" is no number
  EXPECT_EQ(h.grid_dim, dims({2}));
}

TEST(Header, ParseDims) {
  EXPECT_EQ(parse_dims("64"), dims({64}));
  EXPECT_EQ(parse_dims("[16,16]"), dims({16, 16}));
  EXPECT_EQ(parse_dims(" [ 2 , 3 , 4 ] "), dims({2, 3, 4}));
  EXPECT_EQ(parse_dims("[007,0000000000000000000064]"), dims({7, 64}));  // leading zeros (found by the fuzzer)
  EXPECT_EQ(parse_dims("2147483647"), dims({2147483647}));
  EXPECT_EQ(parse_dims("1,10"), dims({1, 10}));  // GPUVerify's comma form
  // One parser for the project (support/launch_dims.hpp): sizes past 2^31-1
  // are malformed, as in the harness and the hook.
  for (const char* bad : {"", "0", "-1", "[]", "[1,2,3,4]", "[4,0]", "abc", "[4", "4]", "4 4", "99999999999999999999",
                          "2147483648", "9223372036854775807", "*", "1,,2"})
    EXPECT_FALSE(parse_dims(bad)) << bad;
}

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

TEST(HeaderCheck, BadHeaderIsOnlyAComment) {
  // Junk on line 2: the dimensions stay symbolic, the verdict is still given.
  auto r = check(std::string("//pass\n//--blockDim=[0,0] --gridDim=[[ -D --local_size=x\n") + kNeighbour);
  EXPECT_RACY(r, "k");
}
