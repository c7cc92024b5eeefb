// `racecert check` on CUDA kernels with named barriers (issue 6): the
// named-barrier check decides shared memory when the block size is known,
// the protocol analysis global memory; one report per kernel.
#include <gtest/gtest.h>

#include <regex>

#include "tests/cli/run_racecert.hpp"

using racecert::testkit::run_racecert;
using racecert::testkit::temp_file;

namespace {

std::string dataset(const std::string& name) {
  return std::string(RACECERT_SOURCE_DIR) + "/datasets/kernels/named-barriers/" + name;
}
bool has(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

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
  EXPECT_TRUE(has(r.out, "deadlock: warp 0 (threads 0..31) waits at 'sync 1 96' on barrier 1 generation 1")) << r.out;
  EXPECT_TRUE(has(r.out, "deadlock: warp 1 (threads 32..63)")) << r.out;
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

TEST(NamedBarriersCli, UnknownBlockSizeFallsBackToTheProtocolAnalysis) {
  const char* src = R"(__global__ void k(float *out) {
  __shared__ float buf[64];
  if (threadIdx.x < 32) { buf[threadIdx.x] = 1; asm volatile("bar.arrive 1, 64;"); }
  else { asm volatile("bar.sync 1, 64;"); out[blockIdx.x * blockDim.x + threadIdx.x] = buf[threadIdx.x - 32]; }
}
)";
  std::string f = temp_file(src, ".cu");
  auto r = run_racecert({"check", "--grid-dim", "1", f});
  EXPECT_TRUE(has(r.out, "named barriers are checked only with a known block size")) << r.out;
  EXPECT_EQ(r.code, 1) << r.out << r.err;  // a false alarm, never a silent DRF
  auto fixed = run_racecert({"check", "--grid-dim", "1", "--block-dim", "64", f});
  EXPECT_EQ(fixed.code, 0) << fixed.out << fixed.err;
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
