// Finding kernels: recursion, extensions, files without a verdict or with a
// malformed header, huge files, dataset names and --root, errors.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <filesystem>

#include "harness/dataset.hpp"
#include "support/diagnostic.hpp"
#include "tests/harness/test_util.hpp"

using namespace racecert;
using namespace racecert::harness;
using namespace racecert::harness::testkit;

TEST(HarnessDiscovery, FindsKernelsRecursivelyWithOrWithoutVerdict) {
  TempDir d;
  write_file(d / "suite/a.cu", kernel_text(false));
  write_file(d / "suite/sub/b.cl", kernel_text(true, "//--local_size=8 --num_groups=2"));
  write_file(d / "suite/sub/c.map", "//pass\nkernel c { shared A; }\n");
  write_file(d / "suite/helper.cuh", "//pass\n");
  write_file(d / "suite/notes.txt", "//pass\n");
  write_file(d / "suite/nohdr.cu", "__global__ void k() {}\n");
  write_file(d / "suite/tool-error.cu", "//xfail:COMMAND_LINE_ERROR\n");
  auto found = discover_kernels({d / "suite"}, "", default_kernel_extensions());
  // Every file with a kernel extension is a case: those without a verdict
  // become `skipped` rows (runner), not silently dropped.
  ASSERT_EQ(found.cases.size(), 5u);
  EXPECT_EQ(found.cases[0].name, "a.cu");
  EXPECT_EQ(found.cases[1].name, "nohdr.cu");
  EXPECT_EQ(found.cases[2].name, "sub/b.cl");
  EXPECT_EQ(found.cases[3].name, "sub/c.map");
  EXPECT_EQ(found.cases[4].name, "tool-error.cu");
  for (const auto& c : found.cases) EXPECT_EQ(c.dataset, "suite");
  EXPECT_EQ(found.cases[1].header.expected, Expected::None);
  EXPECT_EQ(found.cases[2].header.expected, Expected::Racy);
  EXPECT_EQ(found.cases[4].header.expected, Expected::ToolError);
  auto only_cu = discover_kernels({d / "suite"}, "", {".cu"});
  EXPECT_EQ(only_cu.cases.size(), 3u);
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
  try {
    discover_kernels({d / "missing"}, "", default_kernel_extensions());
    FAIL();
  } catch (const racecert::Error& e) {
    EXPECT_EQ(e.code(), racecert::kExitBadInput);
  }
  write_file(d / "bad/k.cu", kernel_text(false));
  write_file(d / "other/k.cu", kernel_text(false));
  try {
    discover_kernels({d / "other/k.cu"}, d / "bad", default_kernel_extensions());
    FAIL();
  } catch (const racecert::Error& e) {
    EXPECT_EQ(e.code(), racecert::kExitUsage);
  }
}

TEST(HarnessDiscovery, AMalformedHeaderIsACaseNotAnError) {
  TempDir d;
  write_file(d / "bad/k.cu", "//xfail:NOT_ALL_VERIFIED\n//--blockDim=zero\n");
  write_file(d / "bad/ok.cu", kernel_text(false));
  auto found = discover_kernels({d / "bad"}, "", default_kernel_extensions());
  ASSERT_EQ(found.cases.size(), 2u);
  EXPECT_EQ(found.cases[0].malformed,
            d / "bad/k.cu" + ":2:3: error: invalid dimension (expected N, [X,Y,Z] or X,Y,Z, each from 1 to 2^31-1 "
                             "or *) in '--blockDim=zero'");
  EXPECT_EQ(found.cases[0].header.expected, Expected::Racy);  // line 1 still read
  EXPECT_EQ(found.cases[1].malformed, "");
}

TEST(HarnessDiscovery, OnlyTheHeaderOfAHugeFileIsRead) {
  // A 1 GiB sparse file: no disk space used, and reading it whole would
  // take a gigabyte of memory. Discovery reads its first lines only.
  TempDir d;
  write_file(d / "ds/huge.cu", kernel_text(true));
  std::filesystem::resize_file(d / "ds/huge.cu", std::uintmax_t{1} << 30);
  rusage before{}, after{};
  getrusage(RUSAGE_SELF, &before);
  auto found = discover_kernels({d / "ds"}, "", default_kernel_extensions());
  getrusage(RUSAGE_SELF, &after);
  ASSERT_EQ(found.cases.size(), 1u);
  EXPECT_EQ(found.cases[0].header.expected, Expected::Racy);
  EXPECT_EQ(*found.cases[0].header.block, (Dim3{64, 1, 1}));
  EXPECT_LT(after.ru_maxrss - before.ru_maxrss, 100 * 1024);  // kB: far less than the file
}
