// Launch specialization on kernel-IR text fixtures: what is substituted,
// which branches and loops resolve, and that a specialized kernel computes
// what the original computes on that launch (executor).
#include <gtest/gtest.h>

#include "kernel_ir/executor.hpp"
#include "kernel_ir/launch_specialization.hpp"
#include "kernel_ir/parser.hpp"
#include "support/diagnostic.hpp"

namespace racecert::kir {
namespace {

const char* kKernel = R"(cuda kernel k {
  param int n;
  param int m;
  array global int A[] (parameter);
  local int i;
  requires n == 2 && m > 0;
  store A[threadIdx.x + blockDim.x * n] = gridDim.y;
  if (blockDim.x > 32) {
    barrier.block;
  } else {
    store A[0] = 1;
  }
  if (threadIdx.x < m) {
    load A[m];
  }
  loop (gridDim.x > 1) {
    init:
      i = 0;
    body:
      i = i + 1;
  }
  m = m - 1;
}
)";

TEST(LaunchSpecialization, SubstitutesAndResolvesConstantConditions) {
  Kernel k = parse_kernel(kKernel, "k.kir");
  Kernel s = specialize_launch(k, {Dim3{64, 1, 1}, Dim3{1, 4, 1}, {{"n", 2}, {"m", 8}}});
  EXPECT_EQ(print(s), R"(cuda kernel k {
  param int n;
  param int m;
  array global int A[] (parameter);
  local int i;
  m = 8;
  store A[threadIdx.x + 128] = 4;
  barrier.block;
  if (threadIdx.x < m) {
    load A[m];
  }
  i = 0;
  m = m - 1;
}
)");
}

TEST(LaunchSpecialization, OnlyWhatIsGivenIsFixed) {
  Kernel k = parse_kernel(kKernel, "k.kir");
  Kernel s = specialize_launch(k, {Dim3{16, 1, 1}, std::nullopt, {}});
  std::string text = print(s);
  EXPECT_NE(text.find("store A[threadIdx.x + 16 * n] = gridDim.y;"), std::string::npos) << text;
  EXPECT_NE(text.find("  store A[0] = 1;\n"), std::string::npos) << text;  // the else branch, inlined
  EXPECT_NE(text.find("loop (gridDim.x > 1)"), std::string::npos) << text;
  EXPECT_NE(text.find("requires n == 2 && m > 0;"), std::string::npos) << text;
}

TEST(LaunchSpecialization, AnUnknownParameterIsAUsageError) {
  Kernel k = parse_kernel(kKernel, "k.kir");
  try {
    specialize_launch(k, {std::nullopt, std::nullopt, {{"threadIdx.x", 1}}});
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), kExitUsage);
    EXPECT_EQ(std::string(e.what()), "kernel 'k' has no scalar parameter 'threadIdx.x'");
  }
}

// The specialized kernel and the original, run with the launch's values,
// end with the same values.
TEST(LaunchSpecialization, ComputesWhatTheOriginalComputes) {
  Kernel k = parse_kernel(R"(cuda kernel k {
  param int n;
  local int i;
  local int sum;
  sum = 0;
  loop (i < n * blockDim.x) {
    init:
      i = 0;
    body:
      if (gridDim.x == 2) {
        sum = sum + i;
      } else {
        sum = sum - i;
      }
    update:
      i = i + blockDim.y;
  }
  n = sum % 7;
}
)", "k.kir");
  for (std::int64_t n : {0, 1, 3}) {
    for (Dim3 block : {Dim3{4, 1, 1}, Dim3{5, 2, 1}}) {
      for (Dim3 grid : {Dim3{1, 1, 1}, Dim3{2, 1, 1}}) {
        Environment env = {{"n", n},          {"blockDim.x", block.x}, {"blockDim.y", block.y},
                           {"gridDim.x", grid.x}, {"threadIdx.x", 0}};
        ThreadExecutor original, specialized;
        original.env = env;
        specialized.env = {{"threadIdx.x", 0}};
        original.run(k.body);
        specialized.run(specialize_launch(k, {block, grid, {{"n", n}}}).body);
        for (const char* v : {"i", "sum", "n"}) {
          EXPECT_EQ(original.lookup(v), specialized.lookup(v)) << v << " n=" << n << " block " << block.str();
          EXPECT_TRUE(original.lookup(v).has_value()) << v;
        }
      }
    }
  }
}

}  // namespace
}  // namespace racecert::kir
