// The KernelReport that `racecert check` renders for .bar files, and the
// in-memory API a front end uses (per-warp command sequences with thread
// ranges and positions).
#include <gtest/gtest.h>

#include "barriers/check.hpp"
#include "support/diagnostic.hpp"
#include "test_util.hpp"

namespace racecert::barriers {
namespace {

using testing::dataset;

KernelReport one(const std::string& file) {
  auto rs = check_text_file(dataset(file));
  EXPECT_EQ(rs.size(), 1u);
  return rs.at(0);
}

TEST(Report, DeadlockNamesWarpsBarriersAndGenerations) {
  KernelReport r = one("listing1-deadlock.bar");
  EXPECT_EQ(r.name, "example_deadlock");
  EXPECT_EQ(r.file, dataset("listing1-deadlock.bar"));
  EXPECT_EQ(r.status, KernelStatus::Deadlock);
  EXPECT_TRUE(r.races.empty());
  ASSERT_EQ(r.diagnostics.size(), 2u);
  EXPECT_EQ(r.diagnostics[0].severity, Diagnostic::Severity::Error);
  EXPECT_EQ(r.diagnostics[0].loc.line, 5);
  EXPECT_EQ(r.diagnostics[0].message,
            "deadlock: warp 0 (threads 0..31) waits at 'sync 0 64' on barrier 0 generation 1"
            ": 32 of 64 threads arrived");
  EXPECT_EQ(r.diagnostics[1].loc.line, 9);
  EXPECT_EQ(r.diagnostics[1].message,
            "deadlock: warp 1 (threads 32..63) waits at 'sync 1 64' on barrier 1 generation 1"
            ": 32 of 64 threads arrived");
}

TEST(Report, RaceCarriesAccessesThreadsAndGenerations) {
  KernelReport r = one("rtm-war.bar");
  EXPECT_EQ(r.status, KernelStatus::Racy);
  ASSERT_EQ(r.races.size(), 1u);
  const ReportedRace& race = r.races[0];
  EXPECT_EQ(race.array, "buf");
  EXPECT_EQ(race.index, (std::vector<std::int64_t>{0}));
  EXPECT_EQ(race.first.mode, "wr");
  EXPECT_EQ(race.first.loc.line, 10);
  EXPECT_EQ(race.first.thread, "dma warp (threads 0..31), thread 0");
  std::string f = dataset("rtm-war.bar");
  EXPECT_EQ(race.first.detail, "after sync barrier 1 generation 1 (" + f + ":9:5), before arrive barrier 0 generation 2 (" +
                                   f + ":11:5)");
  EXPECT_EQ(race.second.mode, "rd");
  EXPECT_EQ(race.second.loc.line, 17);
  EXPECT_EQ(race.second.thread, "compute warp (threads 32..63), thread 32");
  EXPECT_EQ(race.second.detail, "after arrive barrier 1 generation 1 (" + f +
                                    ":16:5), before sync barrier 0 generation 2 (" + f + ":18:5)");
  EXPECT_EQ(race.witness, (std::vector<std::pair<std::string, std::int64_t>>{{"threadIdx.x@1", 0},
                                                                              {"threadIdx.x@2", 32}}));
}

TEST(Report, RecyclingAndCountErrors) {
  KernelReport r = one("double-arrival.bar");
  EXPECT_EQ(r.status, KernelStatus::Deadlock);
  ASSERT_EQ(r.diagnostics.size(), 2u);
  EXPECT_EQ(r.diagnostics[0].loc.line, 10);
  EXPECT_EQ(r.diagnostics[0].message,
            "unsafe recycling of barrier 1: 'arrive 1 64' by warp 0 (threads 0..31) registers for generation 2 but "
            "is not ordered after the completion of generation 1, so it may join that generation");
  EXPECT_EQ(r.diagnostics[1].severity, Diagnostic::Severity::Note);
  EXPECT_EQ(r.diagnostics[1].message,
            "generation 1 completes with 'sync 1 64' by warp 1 (threads 32..63), which does not happen before it");
  r = one("count-mismatch.bar");
  EXPECT_EQ(r.status, KernelStatus::Deadlock);
  EXPECT_EQ(r.diagnostics.at(0).message,
            "count mismatch on barrier 0 generation 1: 'sync 0 96' by warp 1 (threads 32..63) expects 96 threads, "
            "but the generation was configured for 64");
  r = one("late-first-registration.bar");
  EXPECT_EQ(r.diagnostics.at(0).message,
            "'sync 0 64' by warp 2 (threads 64..95) is the first command of its unit and registers for barrier 0 "
            "generation 2; nothing orders it after generation 1, so it may join that generation");
}

TEST(Report, DrfUnknownAndWarnings) {
  KernelReport r = one("heptane-reuse.bar");
  EXPECT_EQ(r.status, KernelStatus::Drf);
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].message,
            "well-synchronized (4 dynamic barriers) and race-free across barrier generations");
  r = one("unknown.bar");
  EXPECT_EQ(r.status, KernelStatus::Unknown);
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].loc.line, 3);
  EXPECT_EQ(r.diagnostics[0].loc.column, 38);
  EXPECT_NE(r.diagnostics[0].message.find("branch on a value loaded from global memory"), std::string::npos);
  auto rs = check_text("kernel k block 64 { warp 0 { write x[lane]; arrive 3 64 } warp 1 { read y } }", "w.bar");
  EXPECT_EQ(rs.at(0).status, KernelStatus::Drf);
  ASSERT_EQ(rs.at(0).diagnostics.size(), 2u);
  EXPECT_EQ(rs.at(0).diagnostics[1].severity, Diagnostic::Severity::Warning);
  EXPECT_EQ(rs.at(0).diagnostics[1].message,
            "barrier 3 generation 1 never completes: 32 of 64 threads arrive before the block exits");
}

// Two writes of the same known value over the same addresses are a benign
// race: not reported by default, reported with benign_writes_race
// (--benign-races). Different or unknown values, a read, or the same value
// over other bytes are harmful.
TEST(Report, BenignRacesOnlyOnRequest) {
  CheckOptions all;
  all.analysis.benign_writes_race = true;
  auto status = [](const std::string& body, const CheckOptions& o = {}) {
    return check_text("kernel k block 64 { " + body + " }", "b.bar", o).at(0).status;
  };
  std::string same = "warp 0 { write s value 5 } warp 1 { write s value 5 }";
  EXPECT_EQ(status(same), KernelStatus::Drf);
  EXPECT_EQ(status(same, all), KernelStatus::Racy);
  EXPECT_EQ(status("warp 0 { write s value 5 } warp 1 { write s value 6 }"), KernelStatus::Racy);
  EXPECT_EQ(status("warp 0 { write s value 5 } warp 1 { write s }"), KernelStatus::Racy);
  EXPECT_EQ(status("warp 0 { write s value 5 } warp 1 { read s }"), KernelStatus::Racy);
  // One value over 4 bytes from byte 0 and from byte 2: other bytes meet.
  EXPECT_EQ(status("warp 0 { write b[0] width 4 value 5 } warp 1 { write b[2] width 4 value 5 }"),
            KernelStatus::Racy);
  EXPECT_EQ(status("warp 0 { write b[0] width 4 value 5 } warp 1 { write b[0] width 4 value 5 }"),
            KernelStatus::Drf);
  // Per-thread values: lanes of warp 1 write their lane's cell; warp 0 the
  // same values, except lane 3.
  std::string lanes0 = "{", lanes1 = "{";
  for (int l = 0; l < 32; ++l) {
    lanes0 += (l ? ", " : "") + std::to_string(l == 3 ? 100 : l);
    lanes1 += (l ? ", " : "") + std::to_string(l);
  }
  lanes0 += "}";
  lanes1 += "}";
  EXPECT_EQ(status("warp 0 { write s[lane] value " + lanes1 + " } warp 1 { write s[lane] value " + lanes1 + " }"),
            KernelStatus::Drf);
  auto rs = check_text("kernel k block 64 { warp 0 { write s[lane] value " + lanes0 +
                           " } warp 1 { write s[lane] value " + lanes1 + " } }",
                       "b.bar");
  ASSERT_EQ(rs.at(0).status, KernelStatus::Racy);
  ASSERT_EQ(rs.at(0).races.size(), 1u);
  // Lockstep: the threads of one command writing one cell, same value or not.
  auto lockstep = [](const std::string& body, const CheckOptions& o = {}) {
    return check_text("kernel k block 32 lockstep { warp 0 { " + body + " } }", "l.bar", o).at(0).status;
  };
  EXPECT_EQ(lockstep("write s value 1"), KernelStatus::Drf);
  EXPECT_EQ(lockstep("write s value 1", all), KernelStatus::Racy);
  EXPECT_EQ(lockstep("write s value " + lanes1), KernelStatus::Racy);
  // The dataset: drf, and with --benign-races the same-value writes race
  // (done in each warp and across the two, tile across), not the ordered
  // writes of out.
  EXPECT_EQ(check_text_file(testing::dataset("benign-same-value.bar")).at(0).status, KernelStatus::Drf);
  KernelReport r = check_text_file(testing::dataset("benign-same-value.bar"), all).at(0);
  EXPECT_EQ(r.status, KernelStatus::Racy);
  EXPECT_EQ(r.races.size(), 4u);
}

TEST(Report, RacesAreCappedAndCounted) {
  // 40 writes in one warp against 40 reads in another, unsynchronized.
  std::string w0, w1;
  for (int i = 0; i < 40; ++i) {
    w0 += "write a" + std::to_string(i) + "[lane] ";
    w1 += "read a" + std::to_string(i) + "[lane] ";
  }
  auto rs = check_text("kernel k { warp 0 { " + w0 + "} warp 1 { " + w1 + "} }", "c.bar");
  EXPECT_EQ(rs.at(0).status, KernelStatus::Racy);
  EXPECT_EQ(rs.at(0).races.size(), 20u);
  EXPECT_EQ(rs.at(0).diagnostics.back().message,
            "well-synchronized (0 dynamic barriers); racing command pairs: 40, 20 shown");
  CheckOptions o;
  o.analysis.max_racing_pairs = 5;
  rs = check_text("kernel k { warp 0 { " + w0 + "} warp 1 { " + w1 + "} }", "c.bar", o);
  EXPECT_EQ(rs.at(0).races.size(), 5u);
  EXPECT_EQ(rs.at(0).diagnostics.back().message,
            "well-synchronized (0 dynamic barriers); racing command pairs: at least 5 (search stopped), 5 shown");
}

TEST(Report, SparseAndDenseAddresses) {
  // x is sparse (stride 100000: hashed), y dense: both race at the right cell.
  auto rs = check_text(
      "kernel k { warp 0 { write x[100000*tid]; write y[lane] } warp 1 { read x[100000*tid - 3200000]; read y[lane] } }",
      "s.bar");
  ASSERT_EQ(rs.at(0).status, KernelStatus::Racy);
  ASSERT_EQ(rs.at(0).races.size(), 2u);
  EXPECT_EQ(rs.at(0).races[0].array, "x");
  EXPECT_EQ(rs.at(0).races[0].index, (std::vector<std::int64_t>{0}));
  EXPECT_EQ(rs.at(0).races[1].array, "y");
  EXPECT_EQ(rs.at(0).races[1].index, (std::vector<std::int64_t>{0}));
  EXPECT_EQ(rs.at(0).races[0].witness[1].second, 32);
  EXPECT_EQ(rs.at(0).races[0].first.detail, "its unit executes no barrier command");
  rs = check_text("kernel k { thread 0 { write x } thread 1 { read x } }", "t.bar");
  EXPECT_EQ(rs.at(0).races.at(0).first.thread, "thread 0");
  EXPECT_EQ(rs.at(0).races.at(0).second.thread, "thread 1");
}

// What a front end produces: warps with thread ranges, commands with
// positions in the .cu file, addresses per lane.
TEST(Api, ProgramBuiltLikeAFrontEnd) {
  Program p;
  p.name = "two_phase";
  p.files = {"rtm.cu"};
  p.loc = SourceLoc{"rtm.cu", 1, 1};
  p.block_threads = 64;
  Unit& dma = p.add_unit("warp 0", 0, 32);
  dma.cmds = {p.write("s_PQ", affine(0, 0, 1), {20, 7}), Program::arrive(0, 64, {21, 7}),
              Program::sync(1, 64, {22, 7}), p.write("s_PQ", affine(0, 0, 1), {20, 7}),
              Program::arrive(0, 64, {21, 7})};
  Unit& compute = p.add_unit("warp 1", 32, 32);
  IndexForm per_lane;
  per_lane.kind = IndexForm::Kind::Table;  // addresses the front end computed per thread
  for (int l = 0; l < 32; ++l) per_lane.table.push_back(l);
  compute.cmds = {Program::sync(0, 64, {10, 5}), Program::arrive(1, 64, {11, 5}), p.read("s_PQ", per_lane, {13, 9}),
                  Program::sync(0, 64, {10, 5})};
  KernelReport r = check(p);
  EXPECT_EQ(r.status, KernelStatus::Racy);
  ASSERT_EQ(r.races.size(), 1u);
  EXPECT_EQ(r.races[0].first.loc.str(), "rtm.cu:20:7");
  EXPECT_EQ(r.races[0].second.loc.str(), "rtm.cu:13:9");
  EXPECT_EQ(r.races[0].second.thread, "warp 1 (threads 32..63), thread 32");

  // A data-dependent point makes the verdict unknown, at its position.
  compute.cmds.push_back(p.opaque("bar.sync operand depends on a load", {30, 3}));
  r = check(p);
  EXPECT_EQ(r.status, KernelStatus::Unknown);
  EXPECT_EQ(r.diagnostics.at(0).loc.str(), "rtm.cu:30:3");

  // Malformed programs are bad input.
  p.units[1].first_thread = 16;
  try {
    check(p);
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), kExitBadInput);
  }
}

TEST(Api, InterningAndDuplicateNames) {
  Program p;
  p.name = "k";
  p.block_threads = 32;
  EXPECT_EQ(p.var("a"), 0u);
  p.vars.push_back("b");  // appended directly: still found
  EXPECT_EQ(p.var("b"), 1u);
  EXPECT_EQ(p.var("a"), 0u);
  EXPECT_EQ(p.index(affine(1, 2)), 0u);
  p.indices.push_back(affine(3));
  EXPECT_EQ(p.index(affine(3)), 1u);
  EXPECT_EQ(p.index(affine(1, 2)), 0u);
  p.add_unit("warp 0", 0, 32).cmds.push_back(p.write("a"));
  EXPECT_NO_THROW(validate(p));
  p.vars.push_back("a");  // two ids for one name would hide races
  try {
    validate(p);
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), kExitBadInput);
    EXPECT_STREQ(e.what(), "variable 'a' declared twice");
  }
}

}  // namespace
}  // namespace racecert::barriers
