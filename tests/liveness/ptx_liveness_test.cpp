// Liveness under the PTX model (liveness/ptx_liveness.hpp): weak-coherence
// spins that hang under PTX only, their strong variants, a barrier left
// waiting, the datasets' "expect [ptx] liveness fair:" lines, and a
// randomized inclusion check against the SRC11 engine.
#include <gtest/gtest.h>

#include <filesystem>
#include <iostream>
#include <map>
#include <set>
#include <regex>

#include "explorer/litmus_lower.hpp"
#include "explorer/litmus_parser.hpp"
#include "liveness/liveness.hpp"
#include "support/diagnostic.hpp"
#include "../explorer/random_litmus.hpp"

namespace racecert::liveness {
namespace {

namespace fs = std::filesystem;
using progress::Fairness;
using progress::Model;
using progress::ModelSpec;

explorer::Program parse(const std::string& text) {
  return explorer::litmus::lower(explorer::litmus::parse_litmus(text)).program;
}

LivenessResult check(const explorer::Program& p, Model m, bool ptx) {
  LivenessOptions o;
  o.model = ModelSpec{m, Fairness::Weak, 0};
  o.ptx = ptx;
  return check_liveness(p, o);
}

// P0 spins while f reads its own write 1; P1 (another CTA) waits for it and
// writes 0. ACCESS: the load and store flavour.
std::string own_write_spin(const std::string& ld, const std::string& st) {
  return "PTX own_write\n{ f=0; P0:r0=0; P1:r1=0; }\n"
         " P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
         " " + st + " f, 1 | LC10: ;\n"
         " LC00: | " + ld + " r1, f ;\n"
         " " + ld + " r0, f | beq r1, 0, LC10 ;\n"
         " beq r0, 1, LC00 | " + st + " f, 0 ;\n"
         "exists 0==0\n";
}

TEST(PtxLiveness, WeakOwnWriteSpinHangsUnderPtxAndTerminatesUnderSrc11) {
  explorer::Program p = parse(own_write_spin("ld.weak", "st.weak"));
  EXPECT_EQ(check(p, Model::Fair, false).verdict, Verdict::Terminates);
  LivenessResult r = check(p, Model::Fair, true);
  ASSERT_EQ(r.verdict, Verdict::MayHang) << r.reason;
  ASSERT_TRUE(r.lasso);
  ASSERT_EQ(r.lasso->looping.size(), 1u);
  EXPECT_EQ(r.lasso->looping[0].thread, 0);
  EXPECT_FALSE(r.lasso->looping[0].at_barrier);
  EXPECT_EQ(r.lasso->terminated_units, std::vector<int>{1});
  // The prefix: P1 read P0's write and reset f; P0's last read is its own 1.
  bool reset = false, own = false;
  for (const auto& e : r.lasso->prefix) {
    if (e.thread == 1 && e.kind == explorer::StepKind::Write && e.value == 0) reset = true;
    if (e.thread == 0 && e.kind == explorer::StepKind::Read && e.value == 1 && e.read_from == 0) own = true;
  }
  EXPECT_TRUE(reset && own);
}

TEST(PtxLiveness, RelaxedOwnWriteSpinTerminatesUnderBothModels) {
  explorer::Program p = parse(own_write_spin("ld.relaxed.gpu", "st.relaxed.gpu"));
  EXPECT_EQ(check(p, Model::Fair, false).verdict, Verdict::Terminates);
  EXPECT_EQ(check(p, Model::Fair, true).verdict, Verdict::Terminates) << check(p, Model::Fair, true).reason;
}

TEST(PtxLiveness, ObeStarvesAnUnstartedThreadUnderPtxToo) {
  // One thread never starts and the other spins waiting for it (P0 on its
  // own write, or P1 for f = 1): a hang under OBE, not under FAIR.
  explorer::Program p = parse(own_write_spin("ld.relaxed.gpu", "st.relaxed.gpu"));
  LivenessResult r = check(p, Model::Obe, true);
  ASSERT_EQ(r.verdict, Verdict::MayHang) << r.reason;
  ASSERT_EQ(r.lasso->paused_units.size(), 1u);
  ASSERT_EQ(r.lasso->looping.size(), 1u);
  const int spinner = r.lasso->looping[0].thread;
  EXPECT_NE(spinner, r.lasso->paused_units[0]);
  EXPECT_EQ(r.lasso->fair_units, std::vector<int>{spinner});
  EXPECT_EQ(check(p, Model::Fair, true).verdict, Verdict::Terminates);
}

TEST(PtxLiveness, ASpinThroughASilentRmwReadsItsOwnWrite) {
  // P0 exchanges 0 into m until it gets a nonzero value; P1 would put 1
  // there. P0's failed iteration writes back the 0 it read: the next
  // iteration reads that write, so it is the one that must be co'-maximal.
  explorer::Program p = parse(R"(PTX silent
{ m=0; P0:r0=0; P1:r1=0; }
 P0@cta 0,gpu 0                 | P1@cta 0,gpu 0                 ;
 LC00:                          | atom.relaxed.gpu.exch r1, m, 1 ;
 atom.relaxed.gpu.exch r0, m, 0 |                                ;
 beq r0, 0, LC00                |                                ;
exists 0==0
)");
  for (Model m : {Model::Fair, Model::Obe, Model::Hsa, Model::Unfair})
    EXPECT_EQ(check(p, m, true).verdict, check(p, m, false).verdict) << progress::model_name(m);
  LivenessResult r = check(p, Model::Obe, true);
  ASSERT_EQ(r.verdict, Verdict::MayHang) << r.reason;
  EXPECT_EQ(r.lasso->paused_units, std::vector<int>{1});
}

TEST(PtxLiveness, ABarrierThatCannotCompleteWaitsForever) {
  // P1 waits at a barrier of count 2 that P0, spinning on its own weak
  // write, never reaches.
  explorer::Program p = parse(R"(PTX bar
{ f=0; P0:r0=0; P1:r1=0; }
 P0@cta 0,gpu 0       | P1@cta 0,gpu 0       | P2@cta 1,gpu 0 ;
 st.weak f, 1         | bar.cta.sync 1, 0, 2 | LC20:          ;
 LC00:                |                      | ld.weak r1, f  ;
 ld.weak r0, f        |                      | beq r1, 0, LC20 ;
 beq r0, 1, LC00      |                      | st.weak f, 0   ;
 bar.cta.sync 1, 0, 2 |                      |                ;
exists 0==0
)");
  LivenessResult r = check(p, Model::Fair, true);
  ASSERT_EQ(r.verdict, Verdict::MayHang) << r.reason;
  ASSERT_EQ(r.lasso->looping.size(), 2u);
  EXPECT_TRUE(r.lasso->looping[1].thread == 1 && r.lasso->looping[1].at_barrier);
  EXPECT_EQ(check(p, Model::Fair, false).verdict, Verdict::Terminates);
}

TEST(PtxLiveness, ALoopThatWritesIsUnknownNeverTerminates) {
  // P0 increments x until it reads 5: past the loop bound.
  explorer::Program p = parse(R"(PTX counter
{ x=0; P0:r0=0; }
 P0@cta 0,gpu 0            ;
 LC00:                     ;
 atom.relaxed.gpu.add r0, x, 1 ;
 bne r0, 5, LC00           ;
exists 0==0
)");
  EXPECT_EQ(check(p, Model::Fair, true).verdict, Verdict::Unknown);
}

// ---- datasets/litmus: "expect liveness fair:" (SRC11) and "expect ptx liveness fair:"

std::vector<std::string> liveness_datasets() {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(fs::path(RACECERT_SOURCE_DIR) / "datasets" / "litmus"))
    if (e.path().extension() == ".litmus" && read_file(e.path().string()).find("liveness fair:") != std::string::npos)
      out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

TEST(PtxLiveness, DatasetVerdicts) {
  auto files = liveness_datasets();
  ASSERT_GE(files.size(), 3u);
  for (const auto& f : files) {
    std::string text = read_file(f);
    explorer::Program p = explorer::litmus::lower(explorer::litmus::parse_litmus(text, f)).program;
    for (bool ptx : {false, true}) {
      std::smatch m;
      std::string key = std::string("expect ") + (ptx ? "ptx " : "") + R"(liveness fair: ([\w-]+))";
      if (!std::regex_search(text, m, std::regex(key))) continue;
      EXPECT_EQ(to_string(check(p, Model::Fair, ptx).verdict), m[1].str()) << f << (ptx ? " (ptx)" : " (src11)");
    }
  }
}

// ---- Randomized: SRC11 hangs ⊆ PTX hangs on strong system-scope programs

// With every access strong at system scope, every SRC11 execution is a PTX
// execution with co = mo (tests/explorer/ptx_model_test.cpp), so an SRC11
// stuck graph (spins reading mo-final writes) is a PTX partial candidate
// whose spins read co'-maximal writes: an SRC11 hang is never a PTX
// "terminates". The converse fails (PTX has load buffering), and SRC11's
// livelock lassos are bounded (unknown) under PTX.
TEST(PtxLiveness, EverySrc11HangOfAStrongProgramIsNoPtxTermination) {
  explorer::testing::RandomShape shape;
  shape.fences = false;
  shape.fence_weight = 0;
  shape.barriers = false;
  shape.max_threads = 2;
  int hangs = 0, both = 0;
  // SRC11's verdicts and a few of its reasons: this test once found no
  // SRC11 hang at all in a loaded `ctest -j2` (2026-11-26, not reproduced
  // since in 40 loaded runs and under valgrind); if it recurs, the counts
  // say which verdict the rows got instead, and the reasons of the others why.
  std::map<std::string, int> src_verdicts;
  std::set<std::string> src_reasons;
  for (std::uint64_t seed = 1; seed <= 150; ++seed) {
    std::string text = explorer::testing::strong_system_scope(explorer::testing::random_litmus(seed, shape));
    explorer::Program p = parse(text);
    for (Model m : {Model::Fair, Model::Obe, Model::Hsa, Model::Unfair}) {
      LivenessResult src = check(p, m, false);
      LivenessResult ptx = check(p, m, true);
      ++src_verdicts[to_string(src.verdict)];
      if (src.verdict != Verdict::MayHang && src_reasons.size() < 8) src_reasons.insert(src.reason);
      if (src.verdict != Verdict::MayHang) continue;
      ++hangs;
      EXPECT_NE(ptx.verdict, Verdict::Terminates) << text << progress::model_name(m) << ": " << src.reason;
      if (ptx.verdict == Verdict::MayHang) ++both;
    }
  }
  std::cout << hangs << " SRC11 hangs, " << both << " also PTX hangs\n";
  // Not vacuous: hangs occur and most are found under PTX too.
  std::string seen;
  for (const auto& [v, n] : src_verdicts) seen += v + " " + std::to_string(n) + "; ";
  for (const auto& r : src_reasons) seen += "\n  " + r;
  EXPECT_GE(hangs, 20) << "SRC11 verdicts: " << seen;
  EXPECT_GE(both * 10, hangs * 8);
}

}  // namespace
}  // namespace racecert::liveness
