// Every bundled kernel and protocol is checked by the command line tool and
// must give the verdict its GPUVerify-style header announces: `//pass`
// (exit 0) or `//xfail:NOT_ALL_VERIFIED` (exit 1, a race or a divergence).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "tests/cli/run_racecert.hpp"

namespace fs = std::filesystem;

namespace {

std::vector<fs::path> dataset_files() {
  std::vector<fs::path> out;
  for (const auto& e : fs::recursive_directory_iterator(RACECERT_SOURCE_DIR "/datasets")) {
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
  std::string header;
  std::getline(in, header);
  int expected = header.rfind("//pass", 0) == 0 ? 0 : header.rfind("//xfail:NOT_ALL_VERIFIED", 0) == 0 ? 1 : -1;
  ASSERT_NE(expected, -1) << GetParam() << ": first line must be //pass or //xfail:NOT_ALL_VERIFIED";
  auto r = racecert::testkit::run_racecert({"check", GetParam().string()});
  EXPECT_EQ(r.code, expected) << r.out << r.err;
}

INSTANTIATE_TEST_SUITE_P(All, Dataset, ::testing::ValuesIn(dataset_files()),
                         [](const ::testing::TestParamInfo<fs::path>& info) {
                           std::string name = fs::relative(info.param, RACECERT_SOURCE_DIR "/datasets").string();
                           for (char& c : name)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return name;
                         });
