// Finding kernels: recursion, extensions, skipped files, dataset names and
// --root, errors.
#include <gtest/gtest.h>

#include "harness/dataset.hpp"
#include "support/diagnostic.hpp"
#include "tests/harness/test_util.hpp"

using namespace racecert::harness;
using namespace racecert::harness::testkit;

TEST(HarnessDiscovery, FindsKernelsRecursivelyAndSkipsFilesWithoutVerdict) {
  TempDir d;
  write_file(d / "suite/a.cu", kernel_text(false));
  write_file(d / "suite/sub/b.cl", kernel_text(true, "//--local_size=8 --num_groups=2"));
  write_file(d / "suite/sub/c.map", "//pass\nkernel c { shared A; }\n");
  write_file(d / "suite/helper.cuh", "//pass\n");
  write_file(d / "suite/notes.txt", "//pass\n");
  write_file(d / "suite/nohdr.cu", "__global__ void k() {}\n");
  write_file(d / "suite/tool-error.cu", "//xfail:COMMAND_LINE_ERROR\n");
  auto found = discover_kernels({d / "suite"}, "", default_kernel_extensions());
  ASSERT_EQ(found.cases.size(), 3u);
  EXPECT_EQ(found.cases[0].name, "a.cu");
  EXPECT_EQ(found.cases[1].name, "sub/b.cl");
  EXPECT_EQ(found.cases[2].name, "sub/c.map");
  for (const auto& c : found.cases) EXPECT_EQ(c.dataset, "suite");
  EXPECT_EQ(found.cases[1].header.expected, Expected::Racy);
  EXPECT_EQ(found.skipped.size(), 2u);
  auto only_cu = discover_kernels({d / "suite"}, "", {".cu"});
  EXPECT_EQ(only_cu.cases.size(), 1u);
}

TEST(HarnessDiscovery, FileArgumentsAndRoot) {
  TempDir d;
  write_file(d / "suite/x/a.cu", kernel_text(false));
  auto alone = discover_kernels({d / "suite/x/a.cu"}, "", default_kernel_extensions());
  ASSERT_EQ(alone.cases.size(), 1u);
  EXPECT_EQ(alone.cases[0].dataset, "x");
  EXPECT_EQ(alone.cases[0].name, "a.cu");
  auto rooted = discover_kernels({d / "suite/x/a.cu"}, d / "suite", default_kernel_extensions());
  EXPECT_EQ(rooted.cases[0].dataset, "suite");
  EXPECT_EQ(rooted.cases[0].name, "x/a.cu");
  // The same file twice runs once.
  auto twice = discover_kernels({d / "suite", d / "suite/x/a.cu"}, d / "suite", default_kernel_extensions());
  EXPECT_EQ(twice.cases.size(), 1u);
}

TEST(HarnessDiscovery, Errors) {
  TempDir d;
  write_file(d / "bad/k.cu", "//pass\n//--blockDim=zero\n");
  try {
    discover_kernels({d / "missing"}, "", default_kernel_extensions());
    FAIL();
  } catch (const racecert::Error& e) {
    EXPECT_EQ(e.code(), racecert::kExitBadInput);
  }
  try {
    discover_kernels({d / "bad"}, "", default_kernel_extensions());
    FAIL();
  } catch (const racecert::Error& e) {
    EXPECT_EQ(e.code(), racecert::kExitBadInput);
    EXPECT_NE(e.render().find("k.cu:2:3"), std::string::npos) << e.render();
  }
  write_file(d / "other/k.cu", kernel_text(false));
  try {
    discover_kernels({d / "other/k.cu"}, d / "bad", default_kernel_extensions());
    FAIL();
  } catch (const racecert::Error& e) {
    EXPECT_EQ(e.code(), racecert::kExitUsage);
  }
}
