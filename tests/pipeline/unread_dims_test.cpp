// Launch dimensions the kernel never reads (pipeline/launch.hpp): which
// sizes become 1, where "read" looks (kernel IR, protocol, preconditions,
// OpenCL builtins, shared memory routed to the named-barrier check), that
// a fixed or explicitly unconstrained size is left alone, and that
// --all-dims lifts it.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <unistd.h>

#include "pipeline/driver.hpp"
#include "pipeline/launch.hpp"
#include "support/expr.hpp"

using namespace racecert;
using namespace racecert::pipeline;

namespace {

std::string write_file(const std::string& text, const std::string& ext) {
  char tmpl[] = "/tmp/racecert-unread-XXXXXX";
  std::string dir = mkdtemp(tmpl);
  std::string path = dir + "/k" + ext;
  std::ofstream(path) << text;
  return path;
}

std::vector<std::string> assumed(const std::string& text, const std::string& ext, Options o = {}) {
  Result r = run_check({write_file(text, ext)}, o);
  EXPECT_TRUE(r.errors.empty()) << (r.errors.empty() ? "" : r.errors[0].render());
  EXPECT_EQ(r.kernels.size(), 1u);
  return r.kernels.empty() ? std::vector<std::string>{} : r.kernels[0].assumed_one;
}

using Dims = std::vector<std::string>;

}  // namespace

TEST(UnreadDimensions, SizesOfUnreadYAndZ) {
  UnreadDimensions none = unread_dimensions({}, false, false);
  EXPECT_EQ(none.assumed_one, (Dims{"blockDim.y", "blockDim.z", "gridDim.y", "gridDim.z"}));
  std::string text;
  for (const auto& e : none.preconditions) text += expr::to_string(e) + ";";
  EXPECT_EQ(text, "blockDim.y == 1;blockDim.z == 1;gridDim.y == 1;gridDim.z == 1;");
  // Any of the four builtins of a dimension makes it read, for both sizes.
  for (const char* b : {"threadIdx.y", "blockIdx.y", "blockDim.y", "gridDim.y"})
    EXPECT_EQ(unread_dimensions({b, "threadIdx.x"}, false, false).assumed_one, (Dims{"blockDim.z", "gridDim.z"})) << b;
  // x is never assumed, whatever is read.
  EXPECT_EQ(unread_dimensions({"threadIdx.y", "threadIdx.z"}, false, false).assumed_one, Dims{});
  // A size the launch fixes (or leaves explicitly unconstrained) is kept.
  EXPECT_EQ(unread_dimensions({}, true, false).assumed_one, (Dims{"gridDim.y", "gridDim.z"}));
  EXPECT_EQ(unread_dimensions({}, false, true).assumed_one, (Dims{"blockDim.y", "blockDim.z"}));
  EXPECT_EQ(unread_dimensions({}, true, true).assumed_one, Dims{});
}

TEST(UnreadDimensions, WhereTheKernelReadsThem) {
  // Only in a precondition.
  EXPECT_EQ(assumed("__global__ void k(int *a) {\n  __assume(blockDim.y == 4);\n  a[threadIdx.x] = 1;\n}\n", ".cu"),
            (Dims{"blockDim.z", "gridDim.z"}));
  // Only in the kernel IR: a value no access uses, which the protocol drops.
  EXPECT_EQ(assumed("__global__ void k(int *a) {\n  int unused = blockIdx.z * 2;\n  a[threadIdx.x] = 1;\n}\n", ".cu"),
            (Dims{"blockDim.y", "gridDim.y"}));
  // OpenCL sizes lower to the builtins: get_global_size(1) reads y.
  EXPECT_EQ(assumed("__kernel void k(__global int *a) {\n  if (get_global_size(1) > 4) a[get_global_id(0)] = 1;\n}\n",
                    ".cl"),
            (Dims{"blockDim.z", "gridDim.z"}));
  EXPECT_EQ(assumed("__kernel void k(__global int *a) {\n  a[get_global_id(0) + get_num_groups(2)] = 1;\n}\n", ".cl"),
            (Dims{"blockDim.y", "gridDim.y"}));
  // A protocol: its body and its preconditions.
  EXPECT_EQ(assumed("kernel k {\n  global A;\n  wr A[tid];\n}\n", ".map"),
            (Dims{"blockDim.y", "blockDim.z", "gridDim.y", "gridDim.z"}));
  EXPECT_EQ(assumed("kernel k {\n  global A;\n  assume gridDim.z == 2;\n  wr A[tid];\n}\n", ".map"),
            (Dims{"blockDim.y", "gridDim.y"}));
}

TEST(UnreadDimensions, FixedSizesAndAllDims) {
  std::string kernel = "__global__ void k(int *a) {\n  a[blockIdx.x * blockDim.x + threadIdx.x] = 1;\n}\n";
  Options block;
  block.launch.block = Dim3{64, 1, 1};
  EXPECT_EQ(assumed(kernel, ".cu", block), (Dims{"gridDim.y", "gridDim.z"}));
  EXPECT_EQ(assumed("//pass\n//--blockDim=64 --gridDim=4\n" + kernel, ".cu"), Dims{});
  // A header that gives one size leaves the other's unread dimensions 1:
  // its `blockDim.y == 1` is no read of y (it was counted as one, and the
  // grid stayed free in y and z).
  EXPECT_EQ(assumed("//pass\n//--blockDim=64\n" + kernel, ".cu"), (Dims{"gridDim.y", "gridDim.z"}));
  EXPECT_EQ(assumed("//pass\n//--gridDim=4\n" + kernel, ".cu"), (Dims{"blockDim.y", "blockDim.z"}));
  // `*`: the header asks for every size, so it stays symbolic.
  EXPECT_EQ(assumed("//pass\n//--blockDim=* --gridDim=4\n" + kernel, ".cu"), Dims{});
  Options all;
  all.all_dims = true;
  EXPECT_EQ(assumed(kernel, ".cu", all), Dims{});
  EXPECT_EQ(assumed("kernel k {\n  global A;\n  wr A[tid];\n}\n", ".map", all), Dims{});
}

// The verdicts the assumption changes: a 1-D kernel whose threads write
// distinct cells is DRF under it and racy with --all-dims (two threads that
// differ only in threadIdx.y write the same cell).
TEST(UnreadDimensions, VerdictsWithAndWithoutTheAssumption) {
  std::string path = write_file("__global__ void k(int *in, int *a) {\n"
                                "  a[blockIdx.x * blockDim.x + threadIdx.x] = in[threadIdx.x] + 1;\n}\n",
                                ".cu");
  Result assumed = run_check({path}, Options{});
  ASSERT_EQ(assumed.kernels.size(), 1u);
  EXPECT_EQ(assumed.kernels[0].status, KernelStatus::Drf);
  // The same with a header that gives the block size only.
  Result block_only = run_check({write_file("//pass\n//--blockDim=64\n"
                                            "__global__ void k(int *in, int *a) {\n"
                                            "  a[blockIdx.x * blockDim.x + threadIdx.x] = in[threadIdx.x] + 1;\n}\n",
                                            ".cu")},
                                Options{});
  ASSERT_EQ(block_only.kernels.size(), 1u);
  EXPECT_EQ(block_only.kernels[0].status, KernelStatus::Drf);
  Options all;
  all.all_dims = true;
  Result full = run_check({path}, all);
  ASSERT_EQ(full.kernels.size(), 1u);
  EXPECT_EQ(full.kernels[0].status, KernelStatus::Racy);
  ASSERT_FALSE(full.kernels[0].races.empty());
  bool second_dimension = false;
  for (const auto& [name, value] : full.kernels[0].races[0].witness)
    if (name == "blockDim.y" || name == "blockDim.z" || name == "gridDim.y" || name == "gridDim.z")
      second_dimension = second_dimension || value >= 2;
  EXPECT_TRUE(second_dimension);
}

// --show protocol prints the preconditions the check uses.
TEST(UnreadDimensions, ShownInTheProtocol) {
  Options o;
  o.show = Stage::Protocol;
  Result r = run_check({write_file("__global__ void k(int *a) {\n  a[threadIdx.x + threadIdx.y] = 1;\n}\n", ".cu")}, o);
  EXPECT_NE(r.shown.find("blockDim.z == 1"), std::string::npos) << r.shown;
  EXPECT_EQ(r.shown.find("blockDim.y == 1"), std::string::npos) << r.shown;
}
