// Every bundled kernel and protocol is checked by the command line tool and
// must give the verdict its GPUVerify-style header announces: `//pass`
// (exit 0) or `//xfail:NOT_ALL_VERIFIED` (exit 1, a race or a divergence).
// A known limitation is stated on line 3 as `//racecert: unknown (why)` or
// `//racecert: racy (why)` (a false alarm), and then that is what the test
// expects: racecert must stay sound (never DRF on a racy kernel), and its
// imprecisions are listed where a reader sees them.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "tests/cli/run_racecert.hpp"

namespace fs = std::filesystem;

namespace {

std::vector<fs::path> dataset_files() {
  std::vector<fs::path> out;
  const fs::path explorer = RACECERT_SOURCE_DIR "/datasets/explorer";
  for (auto it = fs::recursive_directory_iterator(RACECERT_SOURCE_DIR "/datasets"); it != fs::recursive_directory_iterator(); ++it) {
    const auto& e = *it;
    // datasets/explorer states the explorer's status on line 3 and has its
    // own test; its kernels are not GPUVerify-style verdict files.
    if (e.path() == explorer) {
      it.disable_recursion_pending();
      continue;
    }
    auto ext = e.path().extension();
    if (ext == ".map" || ext == ".cu" || ext == ".cl") out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

class Dataset : public ::testing::TestWithParam<fs::path> {};

}  // namespace

TEST_P(Dataset, VerdictMatchesHeader) {
  std::ifstream in(GetParam());
  std::string header, flags, limitation;
  std::getline(in, header);
  std::getline(in, flags);
  std::getline(in, limitation);
  int expected = header.rfind("//pass", 0) == 0 ? 0 : header.rfind("//xfail:NOT_ALL_VERIFIED", 0) == 0 ? 1 : -1;
  ASSERT_NE(expected, -1) << GetParam() << ": first line must be //pass or //xfail:NOT_ALL_VERIFIED";
  if (limitation.rfind("//racecert: unknown", 0) == 0) expected = 4;
  if (limitation.rfind("//racecert: racy", 0) == 0) {
    ASSERT_EQ(expected, 0) << "a false alarm can only be on a DRF kernel";
    expected = 1;
  }
  std::vector<std::string> args{"check", GetParam().string()};
  // A sanitizer build runs about ten times slower: scripts/test --sanitize
  // scales the solver's time limit (RACECERT_TEST_TIMEOUT_MS) so that a
  // query the Release build answers in a second does not time out there.
  if (const char* ms = std::getenv("RACECERT_TEST_TIMEOUT_MS")) {
    args.push_back("--timeout-ms");
    args.push_back(ms);
  }
  auto r = racecert::testkit::run_racecert(args);
  EXPECT_EQ(r.code, expected) << r.out << r.err;
}

INSTANTIATE_TEST_SUITE_P(All, Dataset, ::testing::ValuesIn(dataset_files()),
                         [](const ::testing::TestParamInfo<fs::path>& info) {
                           std::string name = fs::relative(info.param, RACECERT_SOURCE_DIR "/datasets").string();
                           for (char& c : name)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return name;
                         });
