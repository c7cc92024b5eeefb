// Soundness consistency between the two engines on the bundled kernels:
// for one launch (4 threads in each of 2 blocks) the protocol analysis and
// the explorer must agree wherever both decide: a race the explorer finds
// (a concrete execution) must not be called DRF by the protocol analysis,
// which covers that launch. The explorer's other findings (assertions,
// deadlocks) are outside the protocol analysis and not compared.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "frontend/frontend.hpp"
#include "pipeline/driver.hpp"
#include "pipeline/explore.hpp"

namespace fs = std::filesystem;
using namespace racecert;

namespace {

// The kernels of datasets/kernels with atomics or fences, and every eighth
// other one (the explorer's own datasets have their test); under a
// sanitizer (RACECERT_TEST_TIMEOUT_MS set, scripts/test --sanitize) every
// third of those: both engines run on each, which is what this test costs.
std::vector<fs::path> kernels() {
  std::vector<fs::path> all;
  for (const auto& e : fs::recursive_directory_iterator(RACECERT_SOURCE_DIR "/datasets/kernels")) {
    auto ext = e.path().extension();
    if (ext == ".cu" || ext == ".cl") all.push_back(e.path());
  }
  std::sort(all.begin(), all.end());
  std::vector<fs::path> out;
  for (std::size_t i = 0; i < all.size(); ++i) {
    std::ifstream in(all[i]);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    bool explorer_kind = text.find("atomic") != std::string::npos || text.find("fence") != std::string::npos;
    if (explorer_kind || i % 8 == 0) out.push_back(all[i]);
  }
  if (!std::getenv("RACECERT_TEST_TIMEOUT_MS")) return out;
  std::vector<fs::path> third;
  for (std::size_t i = 0; i < out.size(); i += 3) third.push_back(out[i]);
  return third;
}

// Header flags that change what the protocol analysis compares (only one
// block, some arrays, lock-step warps...) make the two incomparable.
bool plain_header(const GpuVerifyHeader& h) {
  return !h.only_intra_group && h.no_race_check.empty() && !h.check_arrays && h.warp_sync == 0 &&
         !h.adversarial_abstraction && !h.malformed && h.global_offset.empty() && !h.no_benign_tolerance;
}

}  // namespace

TEST(ExplorerConsistency, AnExploredRaceIsNeverProvedAbsent) {
  const Dim3 block{4, 1, 1}, grid{2, 1, 1};
  int compared = 0, explored_races = 0, explored_bounded = 0;
  for (const fs::path& file : kernels()) {
    GpuVerifyHeader header = read_gpuverify_header(file.string());
    if (!plain_header(header)) continue;
    frontend::Options fo;
    fo.block = block;
    fo.grid = grid;
    fo.defines = header.defines;
    frontend::ParsedFile f;
    try {
      f = frontend::parse_kernels(file.string(), fo);
    } catch (const Error&) {
      continue;
    }
    pipeline::Options po;
    po.launch.block = block;
    po.launch.grid = grid;
    po.explore_fallback = false;
    po.check.kernel_timeout_ms = 20000;
    pipeline::Result protocols = pipeline::run_check({file.string()}, po);
    for (const auto& lk : f.kernels) {
      if (!lk.errors.empty()) continue;
      pipeline::ExploreSettings s;
      s.launch.block = block;
      s.launch.grid = grid;
      s.deadline = Deadline::after(std::chrono::milliseconds(1000));
      KernelReport x = pipeline::explore_report(lk.kernel, file.string(), header, s);
      if (x.status == KernelStatus::Unknown) continue;
      for (const auto& p : protocols.kernels) {
        if (p.name != lk.kernel.name) continue;
        ++compared;
        if (x.status == KernelStatus::Racy) {
          ++explored_races;
          EXPECT_NE(p.status, KernelStatus::Drf)
              << file << " kernel " << p.name << ": the explorer's race on " << x.races[0].array << " at "
              << x.races[0].first.loc.str() << " and " << x.races[0].second.loc.str();
        }
        if (x.status == KernelStatus::Bounded) ++explored_bounded;
      }
    }
  }
  // The comparison is not vacuous: many kernels are decided by both.
  const bool sampled = std::getenv("RACECERT_TEST_TIMEOUT_MS") != nullptr;
  EXPECT_GT(compared, sampled ? 10 : 30);
  EXPECT_GT(explored_races, sampled ? 2 : 8);
  EXPECT_GT(explored_bounded, sampled ? 5 : 15);
}
