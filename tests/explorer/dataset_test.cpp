// Runs every litmus test of datasets/litmus and checks the expectations in
// its header comment ("expect executions: 3", "expect races: data x", ...).
// Tests small enough for the brute-force reference are also cross-checked
// against it, execution by execution.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <regex>
#include <set>

#include "explorer/dpor.hpp"
#include "explorer/litmus_lower.hpp"
#include "explorer/litmus_parser.hpp"
#include "explorer/reference.hpp"
#include "support/diagnostic.hpp"

namespace racecert::explorer {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> dataset_files() {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(fs::path(RACECERT_SOURCE_DIR) / "datasets" / "litmus"))
    if (e.path().extension() == ".litmus") out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

std::map<std::string, std::string> expectations(const std::string& text) {
  std::map<std::string, std::string> out;
  std::regex line(R"(expect (\w+): ([^\n*]*))");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), line); it != std::sregex_iterator(); ++it) {
    std::string v = (*it)[2];
    while (!v.empty() && v.back() == ' ') v.pop_back();
    out[(*it)[1]] = v;
  }
  return out;
}

std::string races_text(const Program& p, const std::vector<Race>& races) {
  std::set<std::string> kinds;
  for (const auto& r : races) kinds.insert(std::string(to_string(r.kind)) + " " + p.locations[static_cast<std::size_t>(r.location)]);
  std::string s;
  for (const auto& k : kinds) s += (s.empty() ? "" : ", ") + k;
  return s.empty() ? "none" : s;
}

class ExplorerDataset : public ::testing::TestWithParam<std::string> {};

TEST_P(ExplorerDataset, MatchesExpectations) {
  std::string text = read_file(GetParam());
  auto expect = expectations(text);
  ASSERT_TRUE(expect.count("condition") && expect.count("races")) << "header lacks expectations";
  Program p = litmus::lower(litmus::parse_litmus(text, GetParam())).program;
  std::set<std::string> complete, blocked;
  ExploreOptions opts;
  opts.on_final = [&](const Graph& g, bool done) {
    EXPECT_TRUE((done ? complete : blocked).insert(g.key()).second) << "explored twice: " << g.key();
  };
  ExploreResult r = explore(p, opts);
  if (expect.count("executions")) {
    EXPECT_EQ(std::to_string(r.executions), expect["executions"]);
  }
  if (expect.count("blocked")) {
    EXPECT_EQ(std::to_string(r.blocked), expect["blocked"]);
  }
  EXPECT_EQ(r.condition_holds(p.condition.quantifier) ? "true" : "false", expect["condition"]);
  EXPECT_EQ(races_text(p, r.races), expect["races"]);
  if (expect.count("divergence")) {
    EXPECT_EQ(r.divergence() ? "true" : "false", expect["divergence"]);
  }
  if (expect.count("deadlock")) {
    EXPECT_EQ(r.deadlocked > 0 ? "true" : "false", expect["deadlock"]);
  }

  auto ref = reference::explore(p, ExploreOptions{}.loop_bound, 20000);
  if (ref.truncated) return;
  EXPECT_EQ(complete, ref.complete);
  EXPECT_EQ(blocked, ref.blocked);
  EXPECT_EQ(races_text(p, ref.races), expect["races"]);
  EXPECT_EQ(r.satisfying, ref.satisfying);
}

std::string test_name(const ::testing::TestParamInfo<std::string>& info) {
  std::string n = fs::path(info.param).stem().string();
  for (char& c : n)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return n;
}

INSTANTIATE_TEST_SUITE_P(Litmus, ExplorerDataset, ::testing::ValuesIn(dataset_files()), test_name);

TEST(ExplorerDataset, HasTheRequiredShapes) {
  auto files = dataset_files();
  std::set<std::string> names;
  for (const auto& f : files) names.insert(fs::path(f).stem().string());
  for (const char* required : {"MP", "SB", "LB", "IRIW", "CoRR", "2+2W", "SEG", "caslock", "caslock1", "caslock2",
                               "ticketlock", "ticketlock1", "ticketlock2", "ttaslock", "ttaslock1", "ttaslock2",
                               "XF-Barrier", "XF-Barrier1", "XF-Barrier2"})
    EXPECT_TRUE(names.count(required)) << required;
}

}  // namespace
}  // namespace racecert::explorer
