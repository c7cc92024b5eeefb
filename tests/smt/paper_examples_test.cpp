// The paper's examples as protocols, with their verdicts and witnesses
// (datasets/protocols/paper/).
#include <gtest/gtest.h>

#include <map>

#include "protocol/parser.hpp"
#include "smt/checker.hpp"

using namespace racecert;
using namespace racecert::protocol;

namespace {

KernelReport check_file(const std::string& name) {
  ProtocolFile f = parse_protocol_file(RACECERT_SOURCE_DIR "/datasets/protocols/paper/" + name);
  smt::CheckOptions o;
  o.jobs = 2;
  auto reports = smt::check(f.kernels, o);
  EXPECT_EQ(reports.size(), 1u);
  return reports.at(0);
}

std::map<std::string, std::int64_t> witness(const ReportedRace& r) {
  return std::map<std::string, std::int64_t>(r.witness.begin(), r.witness.end());
}

// The witness with the reading thread first (the paper's t1).
std::map<std::string, std::int64_t> reader_first(const ReportedRace& r) {
  auto w = witness(r);
  if (r.first.mode == "rd") return w;
  std::map<std::string, std::int64_t> swapped;
  for (const auto& [k, v] : w) {
    std::string n = k;
    auto at = n.rfind('@');
    if (at != std::string::npos) n = n.substr(0, at + 1) + (n.substr(at + 1) == "1" ? "2" : "1");
    swapped[n] = v;
  }
  return swapped;
}

}  // namespace

TEST(PaperExamples, Listing22IsRacyWhenMAtLeast2) {
  KernelReport r = check_file("listing-2-2.map");
  ASSERT_EQ(r.status, KernelStatus::Racy);
  ASSERT_EQ(r.races.size(), 1u);
  auto w = reader_first(r.races[0]);
  EXPECT_EQ(w["M"], 2);
  EXPECT_EQ(w["threadIdx.x@1"], 0);
  EXPECT_EQ(w["threadIdx.x@2"], 1);
  EXPECT_EQ(w["j@1"], 1);
  EXPECT_EQ(r.races[0].index, std::vector<std::int64_t>{1});
}

// "racy at r = 1, t1 = 0, t2 = 1, j1 = 1" (N > 1, M > 1).
TEST(PaperExamples, Listing23RacyAtTheIterationBoundary) {
  KernelReport r = check_file("listing-2-3.map");
  ASSERT_EQ(r.status, KernelStatus::Racy);
  ASSERT_EQ(r.races.size(), 1u);
  const ReportedRace& race = r.races[0];
  auto w = reader_first(race);
  EXPECT_EQ(w["r"], 1);
  EXPECT_EQ(w["threadIdx.x@1"], 0);
  EXPECT_EQ(w["threadIdx.x@2"], 1);
  EXPECT_EQ(w["j@1"], 1);
  EXPECT_EQ(w["N"], 2);
  EXPECT_EQ(w["M"], 2);
  EXPECT_EQ(race.array, "tile");
  EXPECT_EQ(race.index, std::vector<std::int64_t>{1});
  // The read is at line 16 and the write at line 12 of the file.
  const ReportedAccess& rd = race.first.mode == "rd" ? race.first : race.second;
  const ReportedAccess& wr = race.first.mode == "rd" ? race.second : race.first;
  EXPECT_EQ(rd.loc.line, 16);
  EXPECT_EQ(rd.loc.column, 7);
  EXPECT_EQ(wr.loc.line, 12);
}

TEST(PaperExamples, Claim1Test1TransposeDiagonalDrfWithTheExtraBarrier) {
  EXPECT_EQ(check_file("claim1-test1-drf.map").status, KernelStatus::Drf);
}

TEST(PaperExamples, Claim1Test2FirstIter) {
  KernelReport racy = check_file("claim1-test2-racy.map");
  ASSERT_EQ(racy.status, KernelStatus::Racy);
  auto w = witness(racy.races.at(0));
  EXPECT_EQ(w["x"], 0);  // the first iteration
  EXPECT_EQ(w["N"], 1);
  EXPECT_EQ(check_file("claim1-test2-drf.map").status, KernelStatus::Drf);
}

TEST(PaperExamples, Claim1Test3LastIter) {
  KernelReport racy = check_file("claim1-test3-racy.map");
  ASSERT_EQ(racy.status, KernelStatus::Racy);
  const ReportedRace& race = racy.races.at(0);
  auto w = witness(race);
  // Thread T-1 writes T through tid+1 and thread 0 writes T through tid+T.
  EXPECT_EQ(race.index, std::vector<std::int64_t>{w["blockDim.x"]});
  EXPECT_EQ(check_file("claim1-test3-drf.map").status, KernelStatus::Drf);
}

TEST(PaperExamples, Claim1Test4LastIterFirstIter) {
  KernelReport racy = check_file("claim1-test4-racy.map");
  ASSERT_EQ(racy.status, KernelStatus::Racy);
  auto w = witness(racy.races.at(0));
  EXPECT_EQ(w["x"], w["N"]);  // the last iteration of the outer loop
  EXPECT_EQ(w["z"], 2 * w["N"]);  // the first iteration of the z loop
  EXPECT_EQ(check_file("claim1-test4-drf.map").status, KernelStatus::Drf);
}

TEST(PaperExamples, Example2EmptySynchronizedLoopIsACaseSplit) {
  KernelReport r = check_file("example-2-empty-loop.map");
  ASSERT_EQ(r.status, KernelStatus::Racy);
  EXPECT_LE(witness(r.races.at(0))["N"], 0);
}

TEST(PaperExamples, Examples4And5) {
  KernelReport r = check_file("example-4.map");
  ASSERT_EQ(r.status, KernelStatus::Racy);
  const ReportedRace& race = r.races.at(0);
  auto w = witness(race);
  // The writer's tid+1 is the reader's tid+2.
  std::int64_t writer = race.first.mode == "wr" ? w["threadIdx.x@1"] : w["threadIdx.x@2"];
  std::int64_t reader = race.first.mode == "wr" ? w["threadIdx.x@2"] : w["threadIdx.x@1"];
  EXPECT_EQ(writer, reader + 1);
  EXPECT_EQ(race.index, std::vector<std::int64_t>{reader + 2});
}
