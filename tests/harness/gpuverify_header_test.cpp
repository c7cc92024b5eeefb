// The one GPUVerify-style header parser (support/gpuverify_header.hpp):
// expected results, CUDA and OpenCL dimensions, -D flags, the synth line,
// unknown flags, and one-line diagnostics for malformed ones.
#include <gtest/gtest.h>

#include "support/gpuverify_header.hpp"
#include "support/diagnostic.hpp"

using namespace racecert;

namespace {

GpuVerifyHeader parse(const std::string& text) { return parse_gpuverify_header(text, "k.cu"); }

std::string error_of(const std::string& text) {
  GpuVerifyHeader h = parse(text);
  if (!h.malformed) return "no error";
  EXPECT_EQ(h.malformed->code(), kExitBadInput);
  return h.malformed->render();
}

}  // namespace

TEST(GpuVerifyHeader, ExpectedResults) {
  EXPECT_EQ(parse("//pass\n").expected, Expected::Drf);
  EXPECT_EQ(parse("//xfail:NOT_ALL_VERIFIED\n").expected, Expected::Racy);
  EXPECT_EQ(parse("//xfail:BOOGIE_ERROR\n").expected, Expected::ToolError);
  EXPECT_EQ(parse("// pass\r\n").expected, Expected::Drf);           // blank after // and CRLF
  EXPECT_EQ(parse("\xEF\xBB\xBF//pass\n").expected, Expected::Drf);  // UTF-8 BOM
  EXPECT_EQ(parse("__global__ void k() {}\n").expected, Expected::None);
  EXPECT_EQ(parse("").expected, Expected::None);
  EXPECT_EQ(parse("//passed\n").expected, Expected::None);
  // GPUVerify's runner reads line 1 regardless of case.
  EXPECT_EQ(parse("//PASS\n").expected, Expected::Drf);
  EXPECT_EQ(parse("//XFAIL:NOT_ALL_VERIFIED\n").expected, Expected::Racy);
  EXPECT_EQ(parse("//XFAIL:NOT_ALL_VERIFIED\n").expected_text, "XFAIL:NOT_ALL_VERIFIED");
}

TEST(GpuVerifyHeader, CudaDimensionsAndDefines) {
  auto h = parse("//pass\n//--blockDim=[16,8] --gridDim=4 -DN=64 -DFAST --no-inline\nint x;\n");
  ASSERT_TRUE(h.block && h.grid);
  EXPECT_EQ(*h.block, (Dim3{16, 8, 1}));
  EXPECT_EQ(*h.grid, (Dim3{4, 1, 1}));
  EXPECT_EQ(h.defines, (std::vector<std::string>{"N=64", "FAST"}));
  EXPECT_EQ(h.args, (std::vector<std::string>{"--blockDim=[16,8]", "--gridDim=4", "-DN=64", "-DFAST", "--no-inline"}));
  EXPECT_EQ(h.block->str(), "[16,8,1]");
  EXPECT_FALSE(h.opencl_dims);
}

TEST(GpuVerifyHeader, NoBenignTolerance) {
  EXPECT_FALSE(parse_gpuverify_header("//pass\n//--blockDim=64\n", "k.cu").no_benign_tolerance);
  GpuVerifyHeader h = parse_gpuverify_header("//pass\n//--blockDim=64 --no-benign-tolerance\n", "k.cu");
  EXPECT_TRUE(h.no_benign_tolerance);
  EXPECT_TRUE(h.ignored.empty());
}

TEST(GpuVerifyHeader, AdversarialAbstraction) {
  EXPECT_FALSE(parse_gpuverify_header("//pass\n//--blockDim=64\n", "k.cu").adversarial_abstraction);
  GpuVerifyHeader h = parse_gpuverify_header("//pass\n//--blockDim=64 --adversarial-abstraction\n", "k.cu");
  EXPECT_TRUE(h.adversarial_abstraction);
  EXPECT_TRUE(h.ignored.empty());
}

TEST(GpuVerifyHeader, OnlyIntraGroupAndKernelArgs) {
  GpuVerifyHeader h =
      parse_gpuverify_header("//pass\n//--local_size=2 --num_groups=1 --only-intra-group --kernel-args=foo,3,0x10\n", "k.cl");
  EXPECT_TRUE(h.only_intra_group);
  ASSERT_TRUE(h.kernel_args);
  EXPECT_EQ(h.kernel_args->kernel, "foo");
  EXPECT_EQ(h.kernel_args->values, (std::vector<std::int64_t>{3, 16}));
  EXPECT_TRUE(h.ignored.empty());
  EXPECT_EQ(parse_gpuverify_header("//pass\n//--local_size=2 --global_offset=[64,0,2]\n", "k.cl").global_offset,
            (std::vector<std::int64_t>{64, 0, 2}));
  EXPECT_TRUE(parse_gpuverify_header("//pass\n//--local_size=2 --global_offset=1,2,3,4\n", "k.cl").malformed);
  GpuVerifyHeader bad = parse_gpuverify_header("//pass\n//--local_size=2 --kernel-args=foo,x3\n", "k.cl");
  ASSERT_TRUE(bad.malformed);
  EXPECT_NE(bad.malformed->render().find("k.cl:2:"), std::string::npos) << bad.malformed->render();
  EXPECT_FALSE(bad.kernel_args);
}

TEST(GpuVerifyHeader, OpenClDimensions) {
  auto h = parse("//pass\n//--local_size=[8,8] --num_groups=[2,3]\n");
  EXPECT_EQ(*h.block, (Dim3{8, 8, 1}));
  EXPECT_EQ(*h.grid, (Dim3{2, 3, 1}));
  EXPECT_TRUE(h.opencl_dims);
  auto g = parse("//pass\n//--local_size=64 --global_size=256\n");
  EXPECT_EQ(*g.grid, (Dim3{4, 1, 1}));
  EXPECT_NE(error_of("//pass\n//--num_groups=4\n").find("--local_size"), std::string::npos);
  EXPECT_NE(error_of("//pass\n//--blockDim=4 --local_size=4\n").find("mixes"), std::string::npos);
}

// What GPUVerify's command line rejects is malformed input: its tests of
// COMMAND_LINE_ERROR are such files.
TEST(GpuVerifyHeader, OpenClSizesGpuVerifyRejects) {
  EXPECT_EQ(error_of("//pass\n//--local_size=64 --global_size=100\n"),
            "k.cu:2:19: error: --global_size is not a multiple of --local_size in dimension 1");
  EXPECT_EQ(error_of("//pass\n//--local_size=[8,8] --global_size=[16,20]\n"),
            "k.cu:2:22: error: --global_size is not a multiple of --local_size in dimension 2");
  EXPECT_EQ(error_of("//pass\n//--local_size=[8,8] --global_size=[64]\n"),
            "k.cu:2:22: error: --global_size and --local_size have different numbers of dimensions");
  // Even when they agree: GPUVerify takes one or the other.
  EXPECT_EQ(error_of("//pass\n//--local_size=4 --num_groups=4 --global_size=16\n"),
            "k.cu:2:33: error: --global_size and --num_groups given together");
}

TEST(GpuVerifyHeader, CommaSeparatedSizesAreMultiDimensional) {
  auto h = parse("//pass\n//--local_size=1,10 --num_groups=1,10 --check-array-bounds\n");
  EXPECT_EQ(*h.block, (Dim3{1, 10, 1}));
  EXPECT_EQ(*h.grid, (Dim3{1, 10, 1}));
  auto c = parse("//pass\n//--blockDim=2,3,4 --gridDim=5,6\n");
  EXPECT_EQ(*c.block, (Dim3{2, 3, 4}));
  EXPECT_EQ(*c.grid, (Dim3{5, 6, 1}));
  auto g = parse("//pass\n//--local_size=4,8 --global_size=16,16\n");
  EXPECT_EQ(*g.grid, (Dim3{4, 2, 1}));
  // Only a header may leave out the brackets: a flag's "16,16" is an error.
  EXPECT_EQ(parse_dim3("16,16"), std::nullopt);
  EXPECT_EQ(parse_dim3("[16,16]"), (Dim3{16, 16, 1}));
  EXPECT_NE(error_of("//pass\n//--local_size=1,10, --num_groups=1\n").find("k.cu:2:3: error: invalid dimension"),
            std::string::npos);
  EXPECT_NE(error_of("//pass\n//--blockDim=1,2,3,4\n").find("invalid dimension"), std::string::npos);
}

TEST(GpuVerifyHeader, StarLeavesTheDimensionUnconstrained) {
  auto l = parse("//pass\n//--local_size=* --global_size=1024\n");
  EXPECT_FALSE(l.block);
  EXPECT_TRUE(l.block_unconstrained);
  EXPECT_FALSE(l.grid);  // 1024 / * is unknown too
  EXPECT_TRUE(l.grid_unconstrained);
  auto n = parse("//pass\n//--local_size=1024 --num_groups=*\n");
  EXPECT_EQ(*n.block, (Dim3{1024, 1, 1}));
  EXPECT_FALSE(n.block_unconstrained);
  EXPECT_FALSE(n.grid);
  EXPECT_TRUE(n.grid_unconstrained);
  auto g = parse("//pass\n//--local_size=1024 --global_size=*\n");
  EXPECT_EQ(*g.block, (Dim3{1024, 1, 1}));
  EXPECT_TRUE(g.grid_unconstrained);
  // One component is enough to leave the dimension symbolic.
  auto c = parse("//pass\n//--blockDim=[32,*] --gridDim=4\n");
  EXPECT_FALSE(c.block);
  EXPECT_TRUE(c.block_unconstrained);
  EXPECT_EQ(*c.grid, (Dim3{4, 1, 1}));
  EXPECT_FALSE(parse_dim3("*"));  // a concrete dimension (.racecert) has no `*`
  EXPECT_NE(error_of("//pass\n//--blockDim=**\n").find("invalid dimension"), std::string::npos);
}

TEST(GpuVerifyHeader, BytesAreBytes) {
  // Invalid UTF-8 in a header is read like any other byte: a value may hold
  // it, a name may not, and no character classification is asked of it.
  auto h = parse("//pass\n//--blockDim=64 --gridDim=1 -DNAME=\xff\xfe --x=\xc3\n//synth-not: \xe9\n");
  EXPECT_EQ(*h.block, (Dim3{64, 1, 1}));
  EXPECT_EQ(h.defines, (std::vector<std::string>{"NAME=\xff\xfe"}));
  EXPECT_EQ(error_of("//pass\n//--blockDim=64 -D\xffX=1\n"),
            "k.cu:2:17: error: invalid macro definition (expected -DNAME or -DNAME=VALUE) '-D\xffX=1'");
  EXPECT_NE(error_of("//pass\n//--blockDim=6\xe9" "4\n").find("k.cu:2:3: error: invalid dimension"), std::string::npos);
  EXPECT_NE(error_of("//pass\n//--blockDim=4\n//synth: family=caf\xc3\xa9 size=1 racy=0\n").find("k.cu:3:1"),
            std::string::npos);
  EXPECT_EQ(parse("//pass\xff\n").expected, Expected::None);
}

TEST(GpuVerifyHeader, OrdinaryCommentOnLineTwoIsNotArguments) {
  auto h = parse("//pass\n// Claim 1, test 2: -DN is not a flag here\nkernel k {}\n");
  EXPECT_FALSE(h.block);
  EXPECT_TRUE(h.args.empty());
  EXPECT_TRUE(h.defines.empty());
}

TEST(GpuVerifyHeader, MalformedLineTwoPointsAtTheWord) {
  EXPECT_EQ(error_of("//pass\n//--blockDim=64 --gridDim=abc\n"),
            "k.cu:2:17: error: invalid dimension (expected N, [X,Y,Z] or X,Y,Z, each from 1 to 2^31-1 or *) in "
            "'--gridDim=abc'");
  EXPECT_NE(error_of("//pass\n//--blockDim=0\n").find("k.cu:2:3"), std::string::npos);
  EXPECT_NE(error_of("//pass\n//--local_size=[8,0]\n").find("k.cu:2:3"), std::string::npos);
  EXPECT_NE(error_of("//pass\n//--blockDim=[1,2,3,4]\n").find("invalid dimension"), std::string::npos);
  EXPECT_NE(error_of("//pass\n//--blockDim=99999999999\n").find("invalid dimension"), std::string::npos);
  EXPECT_NE(error_of("//pass\n//--blockDim=[4,\n").find("invalid dimension"), std::string::npos);
  EXPECT_NE(error_of("//pass\n//-D1X=2\n").find("invalid macro"), std::string::npos);
  EXPECT_NE(error_of("//pass\n//-D\n").find("invalid macro"), std::string::npos);
}

TEST(GpuVerifyHeader, SynthLine) {
  auto h = parse("//xfail:NOT_ALL_VERIFIED\n//--blockDim=1024 --gridDim=1\n//synth: family=sync-loop size=12 racy=1\n");
  EXPECT_EQ(h.family, "sync-loop");
  EXPECT_EQ(h.size, 12);
  EXPECT_TRUE(h.racy_variant);
  EXPECT_NE(error_of("//pass\n//--blockDim=4\n//synth: family=access size=x racy=0\n").find("k.cu:3:1"),
            std::string::npos);
  EXPECT_NE(error_of("//pass\n//--blockDim=4\n//synth: family=access size=0 racy=0\n").find("synth"),
            std::string::npos);
}

TEST(GpuVerifyHeader, Dim3Values) {
  EXPECT_EQ(parse_dim3("7"), (Dim3{7, 1, 1}));
  EXPECT_EQ(parse_dim3("[2,3,4]"), (Dim3{2, 3, 4}));
  EXPECT_FALSE(parse_dim3(""));
  EXPECT_FALSE(parse_dim3("[]"));
  EXPECT_FALSE(parse_dim3("-1"));
  EXPECT_FALSE(parse_dim3("2147483648"));
  EXPECT_TRUE(parse_dim3("2147483647"));
}

TEST(GpuVerifyHeader, UnknownFlagsAreNotedAndIgnored) {
  auto h = parse("//pass\n//--warp-sync=32 --blockDim=64 --no-inline --only-intra-group --gridDim=8 extra\n");
  EXPECT_FALSE(h.malformed);
  EXPECT_EQ(*h.block, (Dim3{64, 1, 1}));
  EXPECT_EQ(*h.grid, (Dim3{8, 1, 1}));
  EXPECT_TRUE(h.only_intra_group);
  EXPECT_EQ(h.warp_sync, 32);
  EXPECT_EQ(h.ignored, (std::vector<std::string>{"--no-inline", "extra"}));
  EXPECT_EQ(h.args.size(), 6u);
}

TEST(GpuVerifyHeader, WarpSyncTakesAWarpSize) {
  EXPECT_EQ(parse("//pass\n//--blockDim=64\n").warp_sync, 0);
  EXPECT_EQ(parse("//pass\n//--warp-sync=16 --blockDim=64\n").warp_sync, 16);
  for (const char* bad : {"//--warp-sync=0", "//--warp-sync=", "//--warp-sync=32x", "//--warp-sync=-4",
                          "//--warp-sync=2048"}) {
    auto h = parse(std::string("//pass\n") + bad + "\n");
    ASSERT_TRUE(h.malformed) << bad;
    EXPECT_EQ(h.malformed->loc().line, 2) << bad;
    EXPECT_EQ(h.warp_sync, 0) << bad;
  }
}

// A bad value makes the file malformed input, with one diagnostic: the first
// bad value. Its line counts for nothing (no dimension from a good flag
// beside a bad one), and line 1 still says what was expected.
TEST(GpuVerifyHeader, ABadValueIsOneDiagnosticAndNoDimensions) {
  for (const char* bad : {"//--blockDim=0 --gridDim=-4", "//--blockDim=[1,2,3,4] --gridDim=[]",
                          "//--blockDim=abc --gridDim=[4", "//--blockDim=64, --gridDim=[4,0]",
                          "//--blockDim= --gridDim=99999999999999999999999", "//--blockDim=[16, 16] --gridDim=4x",
                          "//--gridDim=4 --blockDim=[64,0]"}) {
    auto h = parse(std::string("//pass\n") + bad + "\n");
    EXPECT_EQ(h.expected, Expected::Drf) << bad;
    ASSERT_TRUE(h.malformed) << bad;
    EXPECT_EQ(h.malformed->loc().line, 2) << bad;
    EXPECT_FALSE(h.block) << bad;
    EXPECT_FALSE(h.grid) << bad;
    EXPECT_TRUE(h.args.empty()) << bad;
  }
  EXPECT_EQ(error_of("//pass\n//--gridDim=4 --blockDim=[64,0]\n"),
            "k.cu:2:15: error: invalid dimension (expected N, [X,Y,Z] or X,Y,Z, each from 1 to 2^31-1 or *) in "
            "'--blockDim=[64,0]'");
  // A bad synth line leaves the good line 2 in place.
  auto s = parse("//pass\n//--blockDim=4\n//synth: family=x size=0 racy=0\n");
  EXPECT_EQ(*s.block, (Dim3{4, 1, 1}));
  EXPECT_TRUE(s.family.empty());
  EXPECT_EQ(s.malformed->loc().line, 3);
}

TEST(GpuVerifyHeader, OnlyTheSecondLineHoldsFlags) {
  EXPECT_FALSE(parse("//--blockDim=64\n__global__ void k() {}\n").block);
  EXPECT_FALSE(parse("//pass\n// launch it right\n//--blockDim=64\n").block);
  EXPECT_FALSE(parse("//pass\n--blockDim=64\n").block);  // not a comment
  EXPECT_EQ(*parse("//pass\r\n//--blockDim=8\r\n").block, (Dim3{8, 1, 1}));
  EXPECT_FALSE(parse("\n\n\n").block);
  EXPECT_FALSE(parse("//\n//").block);
  // A NUL is a byte like another: "4\0" is no number.
  const char nul[] = "//pass\n//--blockDim=4\0 --gridDim=2\n";
  auto h = parse(std::string(nul, sizeof nul - 1));
  EXPECT_FALSE(h.block);
  EXPECT_NE(error_of(std::string(nul, sizeof nul - 1)).find("k.cu:2:3: error: invalid dimension"), std::string::npos);
}

TEST(GpuVerifyHeader, LeadingZerosAsGpuVerifyReadsThem) {
  auto h = parse("//pass\n//--blockDim=0064 --gridDim=[01,000000000000000000000002]\n");
  EXPECT_EQ(*h.block, (Dim3{64, 1, 1}));
  EXPECT_EQ(*h.grid, (Dim3{1, 2, 1}));
}

TEST(GpuVerifyHeader, RaceCheckRestrictions) {
  GpuVerifyHeader none = parse_gpuverify_header("//pass\n//--blockDim=64\n", "k.cu");
  EXPECT_TRUE(none.no_race_check.empty());
  EXPECT_FALSE(none.check_arrays);
  EXPECT_EQ(parse_gpuverify_header("//pass\n//--blockDim=64 --only-log\n", "k.cu").no_race_check, "--only-log");
  GpuVerifyHeader arrays = parse_gpuverify_header("//pass\n//--local_size=2 --vcgen-op=/checkArrays:A,b_2\n", "k.cl");
  ASSERT_TRUE(arrays.check_arrays);
  EXPECT_EQ(*arrays.check_arrays, (std::vector<std::string>{"A", "b_2"}));
  EXPECT_EQ(arrays.check_arrays_column, 18);
  EXPECT_TRUE(arrays.ignored.empty());
  GpuVerifyHeader bad = parse_gpuverify_header("//pass\n//--local_size=2 --vcgen-opt=/checkArrays:A,,B\n", "k.cl");
  ASSERT_TRUE(bad.malformed);
  EXPECT_NE(bad.malformed->render().find("k.cl:2:18: error: invalid array list"), std::string::npos)
      << bad.malformed->render();
}
