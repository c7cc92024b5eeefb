// `racecert check` on CUDA kernels with named barriers (issue 6): the
// named-barrier check decides shared memory when the block size is known,
// the protocol analysis global memory; one report per kernel.
#include <gtest/gtest.h>

#include <regex>

#include "tests/cli/run_racecert.hpp"
#include "tests/support/text.hpp"

using racecert::testkit::has;
using racecert::testkit::run_racecert;
using racecert::testkit::temp_file;

namespace {

std::string dataset(const std::string& name) {
  return std::string(RACECERT_SOURCE_DIR) + "/datasets/kernels/named-barriers/" + name;
}
TEST(NamedBarriersCli, PipelineIsWellSynchronized) {
  auto r = run_racecert({"check", dataset("producer-consumer-drf.cu")});
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "shared memory checked by the named-barrier analysis for a block of 128 threads")) << r.out;
  EXPECT_TRUE(has(r.out, "kernel 'pipeline': drf")) << r.out;
}

TEST(NamedBarriersCli, EarlyArriveRacesOncePerSourcePair) {
  auto r = run_racecert({"check", "--format", "json", dataset("producer-consumer-early-arrive-racy.cu")});
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "\"status\": \"racy\"")) << r.out;
  EXPECT_TRUE(has(r.out, "\"array\": \"buf\"")) << r.out;
  // The write buf[...] at line 18 races with the second read at line 26; the
  // loop is unrolled for the check but the race is reported once per warp pair.
  EXPECT_TRUE(has(r.out, "\"line\": 18")) << r.out;
  EXPECT_TRUE(has(r.out, "\"line\": 26")) << r.out;
  std::size_t races = 0;
  for (std::size_t at = r.out.find("\"accesses\""); at != std::string::npos; at = r.out.find("\"accesses\"", at + 1))
    ++races;
  EXPECT_EQ(races, 1u) << r.out;
}

// A char view of a shared int array: the extraction gives the array byte
// addresses, and the race is reported as the two byte ranges.
TEST(NamedBarriersCli, ByteViewRaceIsReportedAsByteRanges) {
  auto r = run_racecert({"check", dataset("byte-write-inside-read-word-racy.cu")});
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "data race on s (bytes [65, 66)) and s (bytes [64, 68))")) << r.out;
  auto drf = run_racecert({"check", dataset("byte-writes-other-words-drf.cu")});
  EXPECT_EQ(drf.code, 0) << drf.out << drf.err;
  EXPECT_TRUE(has(drf.out, "shared memory checked by the named-barrier analysis")) << drf.out;
}

TEST(NamedBarriersCli, CountMismatchIsADeadlockWithItsPosition) {
  auto r = run_racecert({"check", dataset("count-mismatch-racy.cu")});
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "count-mismatch-racy.cu:13:5: error: count mismatch on barrier 1 generation 1")) << r.out;
  EXPECT_TRUE(has(r.out, "deadlock")) << r.out;
}

TEST(NamedBarriersCli, MissingArrivalNamesTheWaitingWarps) {
  auto r = run_racecert({"check", dataset("missing-arrival-deadlock-racy.cu")});
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  // One line per barrier the block is stuck at: the waiting warps as a
  // range, their source line, and how far the generation got.
  EXPECT_TRUE(has(r.out, "missing-arrival-deadlock-racy.cu:11:5: error: deadlock: warps 0-1 (threads 0..63) wait at "
                         "'sync 1 96' on barrier 1 generation 1: 64 of 96 threads arrived"))
      << r.out;
  EXPECT_TRUE(has(r.out, "units that ran to completion: warp 2 (threads 64..95)")) << r.out;
}

TEST(NamedBarriersCli, DataDependentCountIsUnknownAtTheBarrier) {
  auto r = run_racecert({"check", dataset("data-dependent-count-drf.cu")});
  EXPECT_EQ(r.code, 4) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "data-dependent-count-drf.cu:14:5: warning: data-dependent")) << r.out;
}

TEST(NamedBarriersCli, CommandLineBlockSizeOverridesTheHeader) {
  // With 64 threads per block, warps 2 and 3 do not exist: the consumers'
  // barrier never completes, nobody waits on it, and nothing races.
  auto r = run_racecert({"check", "--block-dim", "64", dataset("count-mismatch-racy.cu")});
  EXPECT_TRUE(has(r.out, "for a block of 64 threads")) << r.out;
  EXPECT_EQ(r.code, 0) << r.out << r.err;
}

// Without a block size the named-barrier part (the barriers and the shared
// arrays) is unknown, pointing at the first named barrier; global memory
// still goes to the protocol analysis.
TEST(NamedBarriersCli, UnknownBlockSizeLeavesTheNamedBarrierPartUnknown) {
  const char* src = R"(__global__ void k(float *out) {
  __shared__ float buf[64];
  if (threadIdx.x < 32) { buf[threadIdx.x] = 1; asm volatile("bar.arrive 1, 64;"); }
  else { asm volatile("bar.sync 1, 64;"); out[blockIdx.x * blockDim.x + threadIdx.x] = buf[threadIdx.x - 32]; }
}
)";
  std::string f = temp_file(src, ".cu");
  auto r = run_racecert({"check", "--grid-dim", "1", f});
  EXPECT_EQ(r.code, 4) << r.out << r.err;  // neither a false alarm nor a silent DRF
  EXPECT_TRUE(has(r.out, ":3:49: warning: named barriers need a known block size")) << r.out;
  EXPECT_TRUE(has(r.out, "--block-dim N, a GPUVerify header (//--blockDim=N) or __launch_bounds__(N)")) << r.out;
  auto fixed = run_racecert({"check", "--grid-dim", "1", "--block-dim", "64", f});
  EXPECT_EQ(fixed.code, 0) << fixed.out << fixed.err;
}

// A real race on global memory still makes the kernel racy without a block size.
TEST(NamedBarriersCli, UnknownBlockSizeStillFindsGlobalRaces) {
  const char* src = R"(__global__ void k(float *out) {
  __shared__ float buf[64];
  if (threadIdx.x < 32) { buf[threadIdx.x] = 1; asm volatile("bar.arrive 1, 64;"); }
  else { asm volatile("bar.sync 1, 64;"); out[0] = buf[threadIdx.x - 32]; }
}
)";
  auto r = run_racecert({"check", "--grid-dim", "1", temp_file(src, ".cu")});
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "data race on out")) << r.out;
  EXPECT_TRUE(has(r.out, "named barriers need a known block size")) << r.out;
}

// WEFT's deadlock example without a block size: unknown, never drf; with one,
// the deadlock.
TEST(NamedBarriersCli, DeadlockWithoutBlockSizeIsUnknownNeverDrf) {
  auto r = run_racecert({"check", dataset("weft-deadlock-no-block-size.cu")});
  EXPECT_EQ(r.code, 4) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "weft-deadlock-no-block-size.cu:13:5: warning: named barriers need a known block size"))
      << r.out;
  EXPECT_FALSE(has(r.out, ": drf")) << r.out;
  auto json = run_racecert({"check", "--format", "json", dataset("weft-deadlock-no-block-size.cu")});
  EXPECT_TRUE(has(json.out, "\"status\": \"unknown\"")) << json.out;
  auto sized = run_racecert({"check", "--block-dim", "64", dataset("weft-deadlock-no-block-size.cu")});
  EXPECT_EQ(sized.code, 1) << sized.out << sized.err;
  EXPECT_TRUE(has(sized.out, "kernel 'cyclic_wait_unsized': deadlock")) << sized.out;
  EXPECT_TRUE(has(sized.out, ":13:5: error: deadlock: warp 0 (threads 0..31) waits at 'sync 2 64' on barrier 2 "
                             "generation 1: 32 of 64 threads arrived"))
      << sized.out;
  EXPECT_TRUE(has(sized.out, ":16:5: error: deadlock: warp 1 (threads 32..63) waits at 'sync 3 64'")) << sized.out;
}

// __launch_bounds__(N) is the block size when no flag or header gives one,
// and the report says so; --block-dim overrides it.
TEST(NamedBarriersCli, LaunchBoundsGiveTheBlockSize) {
  const char* src = R"(__global__ void __launch_bounds__(64, 2) k(float *out) {
  __shared__ float buf[64];
  if (threadIdx.x < 32) { buf[threadIdx.x] = 1; asm volatile("bar.arrive 1, 64;"); }
  else { asm volatile("bar.sync 1, 64;"); out[blockIdx.x * blockDim.x + threadIdx.x] = buf[threadIdx.x - 32]; }
}
)";
  std::string f = temp_file(src, ".cu");
  auto r = run_racecert({"check", "--grid-dim", "1", f});
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "using __launch_bounds__(64) as the block size")) << r.out;
  EXPECT_TRUE(has(r.out, "for a block of 64 threads")) << r.out;
  auto kernel = run_racecert({"check", "--show", "kernel", f});
  EXPECT_TRUE(has(kernel.out, "launch_bounds 64;")) << kernel.out;
  // With 96 threads warp 2 also syncs on barrier 1: 96 threads register on
  // a barrier for 64, too many.
  auto flag = run_racecert({"check", "--grid-dim", "1", "--block-dim", "96", f});
  EXPECT_EQ(flag.code, 1) << flag.out << flag.err;
  EXPECT_TRUE(has(flag.out, "for a block of 96 threads")) << flag.out;
  EXPECT_FALSE(has(flag.out, "__launch_bounds__")) << flag.out;
}

// For the protocol analysis __launch_bounds__(N) bounds the block: a launch
// above it fails, so threads N apart never meet on s[tid % N].
TEST(NamedBarriersCli, LaunchBoundsBoundTheBlockForTheProtocolAnalysis) {
  const char* bounded = R"(__global__ void __launch_bounds__(256) k(float *out) {
  __shared__ float s[256];
  s[threadIdx.x % 256] = threadIdx.x;
}
)";
  auto r = run_racecert({"check", temp_file(bounded, ".cu")});
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  auto all = run_racecert({"check", "--all-dims", temp_file(bounded, ".cu")});  // the product bound
  EXPECT_EQ(all.code, 0) << all.out << all.err;
  const char* unbounded = R"(__global__ void k(float *out) {
  __shared__ float s[256];
  s[threadIdx.x % 256] = threadIdx.x;
}
)";
  auto racy = run_racecert({"check", temp_file(unbounded, ".cu")});
  EXPECT_EQ(racy.code, 1) << racy.out << racy.err;
}

// --warp-sync 32: warps run in lock step in the named-barrier check too.
// Warp 0 exchanges values among its lanes without a barrier (warp-synchronous
// code): a race between its threads unless they run in lock step.
TEST(NamedBarriersCli, WarpSyncOrdersAWarpsOwnThreads) {
  const char* src = R"(__global__ void k(float *out) {
  __shared__ float s[64];
  int lane = threadIdx.x % 32;
  if (threadIdx.x < 32) {
    s[lane] = lane;
    out[threadIdx.x] = s[31 - lane];
    s[32 + lane] = 1;
    asm volatile("bar.arrive 1, 64;");
  } else {
    asm volatile("bar.sync 1, 64;");
    out[threadIdx.x] = s[threadIdx.x];
  }
}
)";
  std::string f = temp_file(src, ".cu");
  auto independent = run_racecert({"check", "--grid-dim", "1", "--block-dim", "64", f});
  EXPECT_EQ(independent.code, 1) << independent.out << independent.err;
  EXPECT_TRUE(has(independent.out, "data race on s")) << independent.out;
  auto lockstep = run_racecert({"check", "--grid-dim", "1", "--block-dim", "64", "--warp-sync", "32", f});
  EXPECT_EQ(lockstep.code, 0) << lockstep.out << lockstep.err;
  EXPECT_TRUE(has(lockstep.out, "warps of 32 threads in lock step")) << lockstep.out;
}

// In lock step one thread's arrival is its warp's, which the extraction
// (a diverged warp becomes single threads) cannot count: unknown at that
// barrier. A warp that diverges only around accesses still counts right.
TEST(NamedBarriersCli, WarpSyncWithABarrierOfSomeLanesIsUnknown) {
  const char* some = R"(__global__ void k(float *out) {
  __shared__ float s[32];
  int lane = threadIdx.x % 32;
  if (threadIdx.x < 32) {
    s[lane] = lane;
    if (lane == 0) asm volatile("bar.arrive 1, 64;");
  } else {
    asm volatile("bar.sync 1, 64;");
    out[threadIdx.x] = s[lane];
  }
}
)";
  auto r = run_racecert({"check", "--grid-dim", "1", "--block-dim", "64", "--warp-sync", "32", temp_file(some, ".cu")});
  EXPECT_EQ(r.code, 4) << r.out << r.err;
  EXPECT_TRUE(has(r.out, ":6:20: warning: named barriers: with --warp-sync 32 a warp registers as a whole")) << r.out;
  const char* all = R"(__global__ void k(float *out) {
  __shared__ float s[32];
  int lane = threadIdx.x % 32;
  if (threadIdx.x < 32) {
    if (lane == 0) s[0] = 1;
    asm volatile("bar.arrive 1, 64;");
  } else {
    asm volatile("bar.sync 1, 64;");
    out[threadIdx.x] = s[0];
  }
}
)";
  auto ok = run_racecert({"check", "--grid-dim", "1", "--block-dim", "64", "--warp-sync", "32", temp_file(all, ".cu")});
  EXPECT_EQ(ok.code, 0) << ok.out << ok.err;
}

// A race between two warps stays a race in lock step.
TEST(NamedBarriersCli, WarpSyncKeepsRacesBetweenWarps) {
  const char* src = R"(__global__ void k(float *out) {
  __shared__ float s[32];
  int lane = threadIdx.x % 32;
  if (threadIdx.x < 32) {
    s[lane] = lane;
    asm volatile("bar.arrive 1, 64;");
  } else {
    out[threadIdx.x] = s[lane];
    asm volatile("bar.sync 1, 64;");
  }
}
)";
  std::string f = temp_file(src, ".cu");
  for (bool lockstep : {false, true}) {
    std::vector<std::string> args = {"check", "--grid-dim", "1", "--block-dim", "64", f};
    if (lockstep) args.insert(args.end(), {"--warp-sync", "32"});
    auto r = run_racecert(args);
    EXPECT_EQ(r.code, 1) << lockstep << r.out << r.err;
    EXPECT_TRUE(has(r.out, "data race on s[0]")) << r.out;
  }
}

// Two warps store into s[0] without ordering, then warp 1 reads it after the
// barrier. Writes of the same known value are a benign race: drf by default,
// racy with --benign-races (docs/named-barriers.md "Benign races").
// Different values, or a value loaded from global memory (unknown), are a
// harmful race either way.
std::string same_cell_kernel(const std::string& type, const std::string& value) {
  return "__global__ void k(" + type + " *out, const " + type + " *in) {\n  __shared__ " + type +
         " s[1];\n  s[0] = " + value +
         ";\n  if (threadIdx.x < 32) asm volatile(\"bar.arrive 1, 64;\");\n  else {\n"
         "    asm volatile(\"bar.sync 1, 64;\");\n    out[threadIdx.x] = s[0];\n  }\n}\n";
}

TEST(NamedBarriersCli, SameValueWritesAreBenignRacesForTheNamedBarrierCheck) {
  auto check = [](const std::string& type, const std::string& value, bool benign) {
    std::vector<std::string> args = {"check", "--grid-dim", "1", "--block-dim", "64",
                                     temp_file(same_cell_kernel(type, value), ".cu")};
    if (benign) args.push_back("--benign-races");
    return run_racecert(args);
  };
  for (const char* type : {"int", "float"}) {
    auto r = check(type, type == std::string("int") ? "7" : "1.5f", false);
    EXPECT_EQ(r.code, 0) << type << r.out << r.err;
    EXPECT_FALSE(has(r.out, "data race")) << r.out;
    r = check(type, type == std::string("int") ? "7" : "1.5f", true);
    EXPECT_EQ(r.code, 1) << type << r.out << r.err;
    EXPECT_TRUE(has(r.out, "data race on s")) << r.out;
  }
  for (const char* value : {"threadIdx.x / 32 + 7", "in[0]"}) {
    auto r = check("int", value, false);
    EXPECT_EQ(r.code, 1) << value << r.out << r.err;
    EXPECT_TRUE(has(r.out, "data race on s")) << value << r.out;
  }
}

// WEFT Sec. 4's error kinds, each in its dataset kernel, with the report in
// the user's terms.
TEST(NamedBarriersCli, WeftErrorKindsAreReportedInSourceTerms) {
  auto deadlock = run_racecert({"check", dataset("weft-deadlock-racy.cu")});
  EXPECT_EQ(deadlock.code, 1) << deadlock.out;
  EXPECT_TRUE(has(deadlock.out, "weft-deadlock-racy.cu:12:5: error: deadlock: warp 0 (threads 0..31) waits at "
                                "'sync 2 64' on barrier 2 generation 1: 32 of 64 threads arrived"))
      << deadlock.out;
  auto count = run_racecert({"check", dataset("weft-thread-count-error-racy.cu")});
  EXPECT_EQ(count.code, 1) << count.out;
  EXPECT_TRUE(has(count.out, "error: count mismatch on barrier 4 generation 1")) << count.out;
  auto recycling = run_racecert({"check", dataset("weft-unsafe-recycling-racy.cu")});
  EXPECT_EQ(recycling.code, 1) << recycling.out;
  EXPECT_TRUE(has(recycling.out, "error: unsafe recycling of barrier 5")) << recycling.out;
  EXPECT_TRUE(has(recycling.out, "registers for generation 2 but is not ordered after the completion of generation 1"))
      << recycling.out;
  auto race = run_racecert({"check", dataset("weft-race-across-generations-racy.cu")});
  EXPECT_EQ(race.code, 1) << race.out;
  EXPECT_TRUE(has(race.out, "data race on g[0]")) << race.out;
  EXPECT_TRUE(has(race.out, "weft-race-across-generations-racy.cu:25:")) << race.out;
  EXPECT_TRUE(has(race.out, "weft-race-across-generations-racy.cu:28:")) << race.out;
}

}  // namespace

// --show stops after its stage: `barriers` prints the extracted program in
// the .bar form, `protocol` exactly the arrays the protocol analysis checks
// (the global ones: the shared buffer went to the named-barrier check).
TEST(NamedBarriersCli, ShowBarriersAndTheRoutedProtocol) {
  auto bar = run_racecert({"check", dataset("producer-consumer-drf.cu"), "--show", "barriers"});
  EXPECT_EQ(bar.code, 0) << bar.err;
  EXPECT_TRUE(has(bar.out, "kernel pipeline block 128")) << bar.out;
  EXPECT_TRUE(has(bar.out, "arrive 1 128")) << bar.out;
  auto protocol = run_racecert({"check", dataset("producer-consumer-drf.cu"), "--show", "protocol"});
  EXPECT_EQ(protocol.code, 0) << protocol.err;
  EXPECT_TRUE(has(protocol.out, "global out;")) << protocol.out;
  EXPECT_FALSE(has(protocol.out, "buf")) << protocol.out;
  auto help = run_racecert({"check", "--help"});
  // The stage names, wherever the help's wrapping breaks the line.
  EXPECT_TRUE(std::regex_search(help.out, std::regex(R"(kernel,\s+barriers,\s+protocol,\s+wellformed)"))) << help.out;
}

// The Singe-style kernels generated by bench/barriers/gen_singe.py
// (datasets/kernels/warp-specialized-generated/): each planted bug is found
// as what it is, and the clean rings are DRF.
TEST(NamedBarriersCli, GeneratedSingeKernelsGetTheirVerdicts) {
  struct Case {
    const char* file;
    int code;
    const char* status;
    const char* diagnostic;
  };
  const Case cases[] = {
      {"singe-ring-drf.cu", 0, "drf", "race-free across barrier generations"},
      {"singe-ring-4roles-drf.cu", 0, "drf", "race-free across barrier generations"},
      {"singe-missing-arrive-racy.cu", 1, "deadlock", "wait at 'sync 1 128' on barrier 1"},
      {"singe-wrong-count-racy.cu", 1, "deadlock", "count mismatch on barrier 0"},
      {"singe-unsafe-recycling-racy.cu", 1, "deadlock", "unsafe recycling of barrier 0"},
      {"singe-cross-generation-racy.cu", 1, "racy", "data race on buf0"},
  };
  for (const Case& c : cases) {
    auto r = run_racecert(
        {"check", std::string(RACECERT_SOURCE_DIR) + "/datasets/kernels/warp-specialized-generated/" + c.file});
    EXPECT_EQ(r.code, c.code) << c.file << r.out << r.err;
    EXPECT_TRUE(has(r.out, std::string("': ") + c.status + " (")) << c.file << r.out;
    EXPECT_TRUE(has(r.out, c.diagnostic)) << c.file << r.out;
  }
}
