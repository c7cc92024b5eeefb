// `racecert explore --liveness` end to end: the table, one model with its
// lasso, exit codes, JSON in the shape of `progress check --format json`,
// and usage errors.
#include <gtest/gtest.h>
#include "tests/cli/run_racecert.hpp"
#include <llvm/Support/JSON.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>

namespace {

using Outcome = racecert::testkit::Run;  // out: stdout and stderr

Outcome run(const std::string& args) { return racecert::testkit::run_racecert_shell("explore " + args); }

// P0 waits for the flag P1 sets.
std::string flag_wait() {
  auto path = std::filesystem::temp_directory_path() / "racecert_liveness_flag_wait.litmus";
  std::ofstream(path) << R"(PTX flag_wait
{
flag=0;
P0:r0=0;
}
P0@cta 0,gpu 0                | P1@cta 0,gpu 0          ;
L0:                           | st.relaxed.gpu flag, 1  ;
ld.relaxed.gpu r0, flag       |                         ;
beq r0, 0, L0                 |                         ;
exists 0==0
)";
  return path.string();
}

TEST(LivenessCli, TableOfElevenModels) {
  Outcome r = run(flag_wait() + " --liveness");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("fair        weak      terminates"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("obe         strong    may-hang"), std::string::npos) << r.out;
}

TEST(LivenessCli, OneModelPrintsItsLassoAndExitsOne) {
  Outcome r = run(flag_wait() + " --liveness --progress obe");
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("P0 spins forever at beq r0, 0, L0"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("paused (starved) units {1}"), std::string::npos) << r.out;
  EXPECT_EQ(run(flag_wait() + " --liveness --progress fair --fairness strong").code, 0);
}

TEST(LivenessCli, JsonHasProgressCheckShape) {
  Outcome r = run(flag_wait() + " --liveness --format json");
  ASSERT_EQ(r.code, 0) << r.out;
  auto v = llvm::json::parse(r.out);
  ASSERT_TRUE(static_cast<bool>(v)) << r.out;
  const llvm::json::Array* rows = v->getAsObject()->getArray("results");
  ASSERT_NE(rows, nullptr);
  ASSERT_EQ(rows->size(), 11u);
  const llvm::json::Object& fair = *(*rows)[1].getAsObject();
  EXPECT_EQ(fair.getString("model"), "fair");
  EXPECT_EQ(fair.getString("fairness"), "weak");
  EXPECT_EQ(fair.getBoolean("terminates"), true);
  const llvm::json::Object& obe = *(*rows)[3].getAsObject();
  EXPECT_EQ(obe.getBoolean("terminates"), false);
  EXPECT_EQ(obe.getString("verdict"), "may-hang");
  const llvm::json::Object* w = obe.getObject("witness");
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->getArray("paused")->size(), 1u);
  EXPECT_EQ(w->getArray("loop")->size(), 1u);
}

TEST(LivenessCli, UsageErrors) {
  EXPECT_EQ(run(flag_wait() + " --liveness --progress bogus").code, 3);
  EXPECT_EQ(run(flag_wait() + " --progress fair").code, 3);
  EXPECT_EQ(run(flag_wait() + " --liveness --fairness strong").code, 3);
  EXPECT_EQ(run(flag_wait() + " --liveness --progress unfair --fairness strong").code, 3);
  EXPECT_EQ(run(flag_wait() + " --liveness --occupancy 0").code, 3);
}

}  // namespace

namespace {

// datasets/litmus/LIVE-weak-own-write.litmus: a hang under PTX only.
std::string weak_own_write() {
  return (std::filesystem::path(RACECERT_SOURCE_DIR) / "datasets" / "litmus" / "LIVE-weak-own-write.litmus").string();
}

TEST(LivenessCli, ModelPtxFindsTheWeakCoherenceHang) {
  Outcome src11 = run(weak_own_write() + " --liveness --progress fair");
  EXPECT_EQ(src11.code, 0) << src11.out;
  Outcome ptx = run(weak_own_write() + " --liveness --progress fair --model ptx");
  EXPECT_EQ(ptx.code, 1) << ptx.out;
  EXPECT_NE(ptx.out.find("P0 spins forever at beq r0, 1, LC00"), std::string::npos) << ptx.out;
  EXPECT_NE(ptx.out.find("P0 ld.weak r0, f  reads f = 1 (from P0)"), std::string::npos) << ptx.out;
  Outcome json = run(weak_own_write() + " --liveness --model ptx --format json");
  ASSERT_EQ(json.code, 0) << json.out;
  auto v = llvm::json::parse(json.out);
  ASSERT_TRUE(static_cast<bool>(v)) << json.out;
  const llvm::json::Object& fair = *(*v->getAsObject()->getArray("results"))[1].getAsObject();
  EXPECT_EQ(fair.getString("verdict"), "may-hang");
  EXPECT_NE(fair.getObject("witness"), nullptr);
}

}  // namespace
