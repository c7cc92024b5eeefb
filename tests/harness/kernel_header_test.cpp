// GPUVerify-style headers: expected results, CUDA and OpenCL dimensions,
// -D flags, the synth line, and one-line errors for malformed ones.
#include <gtest/gtest.h>

#include "harness/kernel_header.hpp"
#include "support/diagnostic.hpp"

using namespace racecert::harness;

namespace {

KernelHeader parse(const std::string& text) { return parse_kernel_header(text, "k.cu"); }

std::string error_of(const std::string& text) {
  try {
    parse(text);
  } catch (const racecert::Error& e) {
    EXPECT_EQ(e.code(), racecert::kExitBadInput);
    return e.render();
  }
  return "no error";
}

}  // namespace

TEST(HarnessKernelHeader, ExpectedResults) {
  EXPECT_EQ(parse("//pass\n").expected, Expected::Drf);
  EXPECT_EQ(parse("//xfail:NOT_ALL_VERIFIED\n").expected, Expected::Racy);
  EXPECT_EQ(parse("//xfail:BOOGIE_ERROR\n").expected, Expected::ToolError);
  EXPECT_EQ(parse("// pass\r\n").expected, Expected::Drf);           // blank after // and CRLF
  EXPECT_EQ(parse("\xEF\xBB\xBF//pass\n").expected, Expected::Drf);  // UTF-8 BOM
  EXPECT_EQ(parse("__global__ void k() {}\n").expected, Expected::None);
  EXPECT_EQ(parse("").expected, Expected::None);
  EXPECT_EQ(parse("//passed\n").expected, Expected::None);
}

TEST(HarnessKernelHeader, CudaDimensionsAndDefines) {
  auto h = parse("//pass\n//--blockDim=[16,8] --gridDim=4 -DN=64 -DFAST --no-inline\nint x;\n");
  ASSERT_TRUE(h.block && h.grid);
  EXPECT_EQ(*h.block, (Dim3{16, 8, 1}));
  EXPECT_EQ(*h.grid, (Dim3{4, 1, 1}));
  EXPECT_EQ(h.defines, (std::vector<std::string>{"N=64", "FAST"}));
  EXPECT_EQ(h.args, (std::vector<std::string>{"--blockDim=[16,8]", "--gridDim=4", "-DN=64", "-DFAST", "--no-inline"}));
  EXPECT_EQ(h.block->str(), "[16,8,1]");
  EXPECT_FALSE(h.opencl_dims);
}

TEST(HarnessKernelHeader, OpenClDimensions) {
  auto h = parse("//pass\n//--local_size=[8,8] --num_groups=[2,3]\n");
  EXPECT_EQ(*h.block, (Dim3{8, 8, 1}));
  EXPECT_EQ(*h.grid, (Dim3{2, 3, 1}));
  EXPECT_TRUE(h.opencl_dims);
  auto g = parse("//pass\n//--local_size=64 --global_size=256\n");
  EXPECT_EQ(*g.grid, (Dim3{4, 1, 1}));
  EXPECT_NE(error_of("//pass\n//--local_size=64 --global_size=100\n").find("multiple"), std::string::npos);
  EXPECT_NE(error_of("//pass\n//--num_groups=4\n").find("--local_size"), std::string::npos);
  EXPECT_NE(error_of("//pass\n//--local_size=4 --num_groups=2 --global_size=16\n").find("disagrees"),
            std::string::npos);
  EXPECT_NE(error_of("//pass\n//--blockDim=4 --local_size=4\n").find("mixes"), std::string::npos);
}

TEST(HarnessKernelHeader, OrdinaryCommentOnLineTwoIsNotArguments) {
  auto h = parse("//pass\n// Claim 1, test 2: -DN is not a flag here\nkernel k {}\n");
  EXPECT_FALSE(h.block);
  EXPECT_TRUE(h.args.empty());
  EXPECT_TRUE(h.defines.empty());
}

TEST(HarnessKernelHeader, MalformedLineTwoPointsAtTheWord) {
  EXPECT_EQ(error_of("//pass\n//--blockDim=64 --gridDim=abc\n"),
            "k.cu:2:17: error: invalid dimension (expected N or [X,Y,Z], each from 1 to 2^31-1) in '--gridDim=abc'");
  EXPECT_NE(error_of("//pass\n//--blockDim=0\n").find("k.cu:2:3"), std::string::npos);
  EXPECT_NE(error_of("//pass\n//--blockDim=[1,2,3,4]\n").find("invalid dimension"), std::string::npos);
  EXPECT_NE(error_of("//pass\n//--blockDim=99999999999\n").find("invalid dimension"), std::string::npos);
  EXPECT_NE(error_of("//pass\n//--blockDim=[4,\n").find("invalid dimension"), std::string::npos);
  EXPECT_NE(error_of("//pass\n//-D1X=2\n").find("invalid macro"), std::string::npos);
  EXPECT_NE(error_of("//pass\n//-D\n").find("invalid macro"), std::string::npos);
}

TEST(HarnessKernelHeader, SynthLine) {
  auto h = parse("//xfail:NOT_ALL_VERIFIED\n//--blockDim=1024 --gridDim=1\n//synth: family=sync-loop size=12 racy=1\n");
  EXPECT_EQ(h.family, "sync-loop");
  EXPECT_EQ(h.size, 12);
  EXPECT_TRUE(h.racy_variant);
  EXPECT_NE(error_of("//pass\n//--blockDim=4\n//synth: family=access size=x racy=0\n").find("k.cu:3:1"),
            std::string::npos);
  EXPECT_NE(error_of("//pass\n//--blockDim=4\n//synth: family=access size=0 racy=0\n").find("synth"),
            std::string::npos);
}

TEST(HarnessKernelHeader, Dim3Values) {
  EXPECT_EQ(parse_dim3("7"), (Dim3{7, 1, 1}));
  EXPECT_EQ(parse_dim3("[2,3,4]"), (Dim3{2, 3, 4}));
  EXPECT_FALSE(parse_dim3(""));
  EXPECT_FALSE(parse_dim3("[]"));
  EXPECT_FALSE(parse_dim3("-1"));
  EXPECT_FALSE(parse_dim3("2147483648"));
  EXPECT_TRUE(parse_dim3("2147483647"));
}
