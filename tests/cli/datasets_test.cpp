// Every bundled kernel and protocol is checked by the command line tool and
// must give the verdict its GPUVerify-style header announces: `//pass`
// (exit 0) or `//xfail:NOT_ALL_VERIFIED` (exit 1, a race or a divergence).
// A known limitation is stated on line 3 as `//racecert: unknown (why)` or
// `//racecert: racy (why)` (a false alarm), and then that is what the test
// expects: racecert must stay sound (never DRF on a racy kernel), and its
// imprecisions are listed where a reader sees them. A kernel of the
// explorer's datasets (datasets/explorer/) states on line 3
// `//explore: STATUS [options]`: `racecert explore FILE options` must give
// exactly STATUS, and `racecert check` (which falls back to the explorer)
// must find the problem too, or for `bounded` say drf or bounded. A kernel
// whose `//progress:` line says `obe=hangs` is a `deadlock` for `check`
// (its default progress model is OBE; progress_datasets_test.cpp checks
// the other verdicts).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/cli/dataset_header.hpp"
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
  const racecert::testkit::DatasetHeader h = racecert::testkit::read_dataset_header(GetParam());
  ASSERT_FALSE(h.lines.empty());
  const std::string& header = h.lines[0];
  const std::string limitation = h.lines.size() >= 3 ? h.lines[2] : "";
  int expected = header.rfind("//pass", 0) == 0 ? 0 : header.rfind("//xfail:NOT_ALL_VERIFIED", 0) == 0 ? 1 : -1;
  ASSERT_NE(expected, -1) << GetParam() << ": first line must be //pass or //xfail:NOT_ALL_VERIFIED";
  if (limitation.rfind("//racecert: unknown", 0) == 0) expected = 4;
  bool bounded = limitation.rfind("//explore: bounded", 0) == 0;
  if (limitation.rfind("//racecert: racy", 0) == 0) {
    ASSERT_EQ(expected, 0) << "a false alarm can only be on a DRF kernel";
    expected = 1;
  }
  // A kernel that may hang under OBE (a //progress: line says obe=hangs) is
  // a deadlock for `check`, whose default progress model OBE is.
  const bool deadlock = h.check_deadlock();
  std::vector<std::string> args{"check", GetParam().string()};
  // The explorer's inputs on line 3, which check's fallback reads too.
  args.insert(args.end(), h.explore_inputs.begin(), h.explore_inputs.end());
  // A sanitizer build runs about ten times slower: scripts/test --sanitize
  // scales the solver's time limit (RACECERT_TEST_TIMEOUT_MS) so that a
  // query the Release build answers in a second does not time out there.
  if (const char* ms = std::getenv("RACECERT_TEST_TIMEOUT_MS")) {
    args.push_back("--timeout-ms");
    args.push_back(ms);
  }
  if (deadlock) {
    args.push_back("--format");
    args.push_back("json");
  }
  auto r = racecert::testkit::run_racecert(args);
  if (deadlock) {
    EXPECT_EQ(r.code, 1) << r.out << r.err;
    EXPECT_NE(r.out.find("\"status\": \"deadlock\""), std::string::npos) << r.out << r.err;
    EXPECT_NE(r.out.find("\"progressModel\": \"obe\""), std::string::npos) << r.out << r.err;
  } else if (bounded) {
    EXPECT_TRUE(r.code == 0 || r.code == 4) << r.out << r.err;
  } else {
    EXPECT_EQ(r.code, expected) << r.out << r.err;
  }
}

namespace {

std::vector<fs::path> explorer_dataset_files() {
  std::vector<fs::path> out;
  for (const auto& f : dataset_files())
    if (f.string().find("/datasets/explorer/") != std::string::npos) out.push_back(f);
  return out;
}

std::vector<std::string> words(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

class ExploredDataset : public ::testing::TestWithParam<fs::path> {};

// A --memory file named on line 3 is a sibling of the kernel.
void sibling_memory(std::vector<std::string>& args, const fs::path& kernel) {
  for (std::size_t i = 0; i + 1 < args.size(); ++i)
    if (args[i] == "--memory") args[i + 1] = (kernel.parent_path() / args[i + 1]).string();
}

}  // namespace

TEST_P(ExploredDataset, StatusMatchesHeader) {
  std::ifstream in(GetParam());
  std::string header, flags, line3;
  std::getline(in, header);
  std::getline(in, flags);
  std::getline(in, line3);
  ASSERT_EQ(line3.rfind("//explore: ", 0), 0u) << GetParam() << ": line 3 must be //explore: STATUS [options]";
  std::vector<std::string> w = words(line3.substr(11));
  ASSERT_FALSE(w.empty());
  const std::string status = w[0];
  EXPECT_EQ(status == "bounded", header.rfind("//pass", 0) == 0) << "//pass goes with bounded";
  std::vector<std::string> args{"explore", GetParam().string(), "--format", "json"};
  for (std::size_t i = 1; i < w.size(); ++i) args.push_back(w[i]);
  sibling_memory(args, GetParam());
  auto r = racecert::testkit::run_racecert(args);
  const std::string want = status == "divergence" ? "divergent" : status;
  EXPECT_NE(r.out.find("\"status\": \"" + want + "\""), std::string::npos) << r.out << r.err;
}

INSTANTIATE_TEST_SUITE_P(All, ExploredDataset, ::testing::ValuesIn(explorer_dataset_files()),
                         [](const ::testing::TestParamInfo<fs::path>& info) {
                           std::string name = fs::relative(info.param, RACECERT_SOURCE_DIR "/datasets").string();
                           for (char& c : name)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return name;
                         });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ExploredDataset);

INSTANTIATE_TEST_SUITE_P(All, Dataset, ::testing::ValuesIn(dataset_files()),
                         [](const ::testing::TestParamInfo<fs::path>& info) {
                           std::string name = fs::relative(info.param, RACECERT_SOURCE_DIR "/datasets").string();
                           for (char& c : name)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return name;
                         });
