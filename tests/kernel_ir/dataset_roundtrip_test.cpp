// The text form is lossless on real kernels: every kernel the front end
// lowers from a dataset file prints and parses back to an equal kernel,
// positions included, and prints again to the same text.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>

#include "frontend/frontend.hpp"
#include "kernel_ir/equality.hpp"
#include "kernel_ir/parser.hpp"

namespace racecert::kir {
namespace {

namespace fs = std::filesystem;

TEST(KernelIrText, EveryDatasetKernelRoundTrips) {
  int kernels = 0;
  for (const auto& entry : fs::recursive_directory_iterator(RACECERT_SOURCE_DIR "/datasets")) {
    const std::string path = entry.path().string();
    if (!entry.is_regular_file() || !frontend::is_kernel_file(path)) continue;
    frontend::ParsedFile file;
    try {
      file = frontend::parse_kernels(path, {});
    } catch (const Error&) {
      continue;  // files that do not compile are the front end's tests
    }
    for (const auto& lk : file.kernels) {
      SCOPED_TRACE(path + ": " + lk.kernel.name);
      std::string text = print(lk.kernel, {.locations = true});
      Kernel back;
      try {
        back = parse_kernel(text, "printed.kir");
      } catch (const Error& e) {
        ADD_FAILURE() << e.render() << "\n" << text;
        continue;
      }
      EXPECT_TRUE(equal(back, lk.kernel)) << text << "\nparsed back as\n" << print(back, {.locations = true});
      EXPECT_EQ(print(back, {.locations = true}), text);
      // Without positions: the same kernel but for them.
      EXPECT_EQ(print(parse_kernel(print(lk.kernel), "plain.kir")), print(lk.kernel));
      ++kernels;
    }
  }
  EXPECT_GT(kernels, 120) << kernels;  // the datasets hold about 150 kernels
  std::printf("%d dataset kernels round-tripped\n", kernels);
}

}  // namespace
}  // namespace racecert::kir
