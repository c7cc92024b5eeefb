// Every litmus test of datasets/litmus that states a PTX expectation in its
// header ("expect ptx condition: true", optionally "expect ptx executions:
// N") explored under --model ptx (explorer/ptx_explore.hpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <regex>

#include "explorer/litmus_lower.hpp"
#include "explorer/litmus_parser.hpp"
#include "explorer/ptx_explore.hpp"
#include "support/diagnostic.hpp"

namespace racecert::explorer {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> ptx_dataset_files() {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(fs::path(RACECERT_SOURCE_DIR) / "datasets" / "litmus"))
    if (e.path().extension() == ".litmus" && read_file(e.path().string()).find("expect ptx condition:") != std::string::npos)
      out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

std::string expectation(const std::string& text, const std::string& key) {
  std::smatch m;
  if (!std::regex_search(text, m, std::regex("expect ptx " + key + R"(: (\w+))"))) return "";
  return m[1];
}

class PtxDataset : public ::testing::TestWithParam<std::string> {};

TEST_P(PtxDataset, MatchesExpectations) {
  std::string text = read_file(GetParam());
  Program p = litmus::lower(litmus::parse_litmus(text, GetParam())).program;
  ptx::PtxResult r = ptx::explore(p);
  ASSERT_FALSE(r.result.timed_out);
  EXPECT_EQ(r.result.condition_holds(p.condition.quantifier) ? "true" : "false", expectation(text, "condition"));
  std::string executions = expectation(text, "executions");
  if (!executions.empty()) { EXPECT_EQ(std::to_string(r.result.executions), executions); }
}

std::string test_name(const ::testing::TestParamInfo<std::string>& info) {
  std::string n = fs::path(info.param).stem().string();
  for (char& c : n)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return n;
}

INSTANTIATE_TEST_SUITE_P(Litmus, PtxDataset, ::testing::ValuesIn(ptx_dataset_files()), test_name);

TEST(PtxDataset, HasTests) { EXPECT_GE(ptx_dataset_files().size(), 5u); }

}  // namespace
}  // namespace racecert::explorer
