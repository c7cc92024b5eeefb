// The replay of reported races (pipeline/replay.hpp, docs/pipeline.md
// "Replay"): each race `racecert check` reports on a small kernel is
// confirmed by a concrete run, or carries the reason it is not; witnesses
// show only the user's names; a refuted witness is re-solved.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <unistd.h>

#include "pipeline/driver.hpp"
#include "pipeline/replay.hpp"

using namespace racecert;
using namespace racecert::pipeline;

namespace {

std::string write_replay_input(const std::string& text, const std::string& ext = ".cu") {
  char tmpl[] = "/tmp/racecert-replay-XXXXXX";
  std::string dir = mkdtemp(tmpl);
  std::string path = dir + "/k" + ext;
  std::ofstream(path) << text;
  return path;
}

// The one kernel's report, checked with a block of 4 threads and two blocks
// unless the kernel's text says otherwise.
KernelReport check(const std::string& text, const std::string& ext = ".cu", bool launch = true) {
  Options o;
  if (launch) {
    o.launch.block = Dim3{4, 1, 1};
    o.launch.grid = Dim3{2, 1, 1};
  }
  Result r = run_check({write_replay_input(text, ext)}, o);
  EXPECT_TRUE(r.errors.empty()) << (r.errors.empty() ? "" : r.errors[0].render());
  EXPECT_EQ(r.kernels.size(), 1u);
  return r.kernels.empty() ? KernelReport{} : r.kernels[0];
}

std::string witness_text(const ReportedRace& r) {
  std::string s;
  for (const auto& [n, v] : r.witness) s += n + "=" + std::to_string(v) + " ";
  return s;
}

bool has(const ReportedRace& r, const std::string& name, std::int64_t value) {
  for (const auto& [n, v] : r.witness)
    if (n == name) return v == value;
  return false;
}

// Every witness name is the user's: no internal name.
void expect_user_names(const ReportedRace& r) {
  for (const auto& [n, v] : r.witness) {
    EXPECT_EQ(n.find('$'), std::string::npos) << n;
    EXPECT_EQ(n.find('#'), std::string::npos) << n;
    EXPECT_NE(n.rfind("trips", 0), 0u) << n;
    EXPECT_NE(n.rfind("iteration", 0), 0u) << n;
    EXPECT_NE(n.rfind("tmp", 0), 0u) << n;
  }
}

}  // namespace

TEST(Replay, PlainRaceIsConfirmed) {
  KernelReport k = check("__global__ void k(int *a) { a[threadIdx.x / 2] = threadIdx.x; }\n");
  ASSERT_EQ(k.status, KernelStatus::Racy);
  ASSERT_FALSE(k.races.empty());
  const ReportedRace& r = k.races[0];
  EXPECT_TRUE(r.confirmed) << r.replay_reason;
  EXPECT_TRUE(r.replay_reason.empty());
  expect_user_names(r);
}

// for (...; i < n; i += 0): the first witness has n = 0, under which the
// body never runs; the re-solve excludes it and the next one confirms.
TEST(Replay, RefutedWitnessIsResolved) {
  KernelReport k = check("__global__ void k(int *a, int n) { for (int i = 0; i < n; i += 0) a[i] = threadIdx.x; }\n");
  ASSERT_EQ(k.status, KernelStatus::Racy);
  ASSERT_FALSE(k.races.empty());
  const ReportedRace& r = k.races[0];
  EXPECT_TRUE(r.confirmed) << r.replay_reason << " | " << witness_text(r);
  EXPECT_FALSE(has(r, "n", 0)) << witness_text(r);
  // The user's loop variable at the racing access, per thread.
  EXPECT_TRUE(has(r, "i@1", 0)) << witness_text(r);
  expect_user_names(r);
}

// An index read from an input array (a parameter the kernel never writes):
// the replay chooses the array's contents, the model's loaded values.
TEST(Replay, RaceBehindAnInputLoadIsConfirmed) {
  KernelReport k = check("__global__ void k(int *a, const int *b) { a[b[threadIdx.x]] = threadIdx.x; }\n");
  ASSERT_EQ(k.status, KernelStatus::Racy);
  ASSERT_FALSE(k.races.empty());
  EXPECT_TRUE(k.races[0].confirmed) << k.races[0].replay_reason;
  expect_user_names(k.races[0]);
}

// A data-dependent loop over an input the model says nothing of: the
// guessed contents (1000) run it long enough, and the witness shows them.
TEST(Replay, GuessedInputContentsConfirmAndAreShown) {
  KernelReport k = check("__global__ void k(const unsigned *in, unsigned *out) {\n"
                         "  __shared__ unsigned trail[64];\n"
                         "  unsigned t = threadIdx.x, g = blockIdx.x * blockDim.x + t, x = in[g], j = 0;\n"
                         "  while (x > 1 && j < 32) { x /= 2; trail[t + j] = x; j++; }\n"
                         "  __syncthreads();\n"
                         "  out[g] = trail[t];\n"
                         "}\n");
  ASSERT_EQ(k.status, KernelStatus::Racy);
  ASSERT_EQ(k.races.size(), 1u);
  const ReportedRace& r = k.races[0];
  EXPECT_EQ(r.array, "trail");
  EXPECT_TRUE(r.confirmed) << r.replay_reason << " | " << witness_text(r);
  bool shows_input = false;
  for (const auto& [n, v] : r.witness) shows_input = shows_input || n.rfind("in[", 0) == 0;
  EXPECT_TRUE(shows_input) << witness_text(r);
  EXPECT_TRUE(has(r, "j@1", 1) || has(r, "j@2", 1)) << witness_text(r);  // one thread in its second iteration
}

TEST(Replay, BranchOnAnInputLoadIsConfirmed) {
  KernelReport k = check("__global__ void k(int *a, const int *b) { if (b[threadIdx.x] > 0) a[0] = threadIdx.x; }\n");
  ASSERT_EQ(k.status, KernelStatus::Racy);
  ASSERT_FALSE(k.races.empty());
  EXPECT_TRUE(k.races[0].confirmed) << k.races[0].replay_reason;
}

// Memory the kernel writes holds what the threads put there, which the
// replay does not track.
const char* kBehindWrittenMemory = "__global__ void k(int *a) {\n"
                                   "  __shared__ int s[8];\n"
                                   "  s[threadIdx.x] = threadIdx.x * 3 % 8;\n"
                                   "  __syncthreads();\n"
                                   "  a[s[(threadIdx.x + 1) % 8]] = threadIdx.x;\n"
                                   "}\n";

TEST(Replay, RaceBehindWrittenMemoryHasItsReason) {
  KernelReport k = check(kBehindWrittenMemory);
  ASSERT_EQ(k.status, KernelStatus::Racy);
  ASSERT_EQ(k.races.size(), 1u);
  EXPECT_EQ(k.races[0].array, "a");
  EXPECT_FALSE(k.races[0].confirmed);
  EXPECT_EQ(k.races[0].replay_reason, kReasonMemory);
  expect_user_names(k.races[0]);
}

TEST(Replay, BranchOnWrittenMemoryHasItsReason) {
  KernelReport k = check("__global__ void k(int *a, int *b) {\n"
                         "  b[threadIdx.x] = threadIdx.x;\n"
                         "  if (b[threadIdx.x] > 0) a[0] = threadIdx.x;\n"
                         "}\n");
  ASSERT_EQ(k.status, KernelStatus::Racy);
  ASSERT_FALSE(k.races.empty());
  EXPECT_FALSE(k.races[0].confirmed);
  EXPECT_EQ(k.races[0].replay_reason, kReasonMemory);
}

TEST(Replay, UnknownFunctionHasItsReason) {
  KernelReport k = check("__device__ int f(int);\n"
                         "__global__ void k(int *a) { if (f(threadIdx.x) > 0) a[0] = threadIdx.x; }\n");
  ASSERT_EQ(k.status, KernelStatus::Racy);
  ASSERT_FALSE(k.races.empty());
  EXPECT_FALSE(k.races[0].confirmed);
  EXPECT_EQ(k.races[0].replay_reason, kReasonUnknownFunction);
}

// A race in the phase after a barrier: both accesses after it.
TEST(Replay, RaceAfterABarrierIsConfirmed) {
  KernelReport k = check("__global__ void k(int *a) {\n"
                         "  __shared__ int s[8];\n"
                         "  s[threadIdx.x] = 1;\n"
                         "  __syncthreads();\n"
                         "  s[0] = threadIdx.x;\n"
                         "  a[threadIdx.x] = s[1];\n"
                         "}\n");
  ASSERT_EQ(k.status, KernelStatus::Racy);
  ASSERT_FALSE(k.races.empty());
  for (const auto& r : k.races) EXPECT_TRUE(r.confirmed) << r.array << ": " << r.replay_reason;
}

// An OpenCL barrier that orders global memory only does not separate two
// accesses to local memory: the replay counts barriers per memory space.
TEST(Replay, BarrierOfAnotherMemorySpaceDoesNotSeparate) {
  KernelReport k = check("__kernel void k(__local int *s, __global int *o) {\n"
                         "  s[get_local_id(0)] = 1;\n"
                         "  barrier(CLK_GLOBAL_MEM_FENCE);\n"
                         "  o[get_global_id(0)] = s[(get_local_id(0) + 1) % get_local_size(0)];\n"
                         "}\n",
                         ".cl");
  ASSERT_EQ(k.status, KernelStatus::Racy);
  ASSERT_EQ(k.races.size(), 1u);
  EXPECT_TRUE(k.races[0].confirmed) << k.races[0].replay_reason;
}

// float4 stores against float loads: the bytes overlap.
TEST(Replay, ByteViewRaceIsConfirmed) {
  KernelReport k = check("__global__ void k(float *a) {\n"
                         "  if (threadIdx.x == 0) reinterpret_cast<float4 *>(a)[0] = make_float4(0, 0, 0, 0);\n"
                         "  else a[threadIdx.x] = 1.0f;\n"
                         "}\n");
  ASSERT_EQ(k.status, KernelStatus::Racy);
  ASSERT_FALSE(k.races.empty());
  for (const auto& r : k.races) EXPECT_TRUE(r.confirmed) << r.replay_reason << " | " << witness_text(r);
}

TEST(Replay, CrossBlockRaceIsConfirmed) {
  KernelReport k = check("__global__ void k(int *a) { a[threadIdx.x] = blockIdx.x; }\n");
  ASSERT_EQ(k.status, KernelStatus::Racy);
  ASSERT_FALSE(k.races.empty());
  EXPECT_TRUE(k.races[0].confirmed) << k.races[0].replay_reason;
  expect_user_names(k.races[0]);
}

// A same-block race gives its block once, among the shared values: the
// replay runs both threads in that block (it ran block 0 before, where
// this kernel does not race), and the witness, the index and the threads
// shown agree on it.
TEST(Replay, SameBlockRaceIsReplayedInItsBlock) {
  KernelReport k = check(
      "__global__ void k(int *out) { __shared__ int s[4]; if (blockIdx.x == 1) s[0] = threadIdx.x; "
      "__syncthreads(); out[blockIdx.x * blockDim.x + threadIdx.x] = s[threadIdx.x]; }\n");
  ASSERT_EQ(k.status, KernelStatus::Racy);
  ASSERT_EQ(k.races.size(), 1u);
  const ReportedRace& r = k.races[0];
  EXPECT_TRUE(r.confirmed) << r.replay_reason << " | " << witness_text(r);
  EXPECT_TRUE(has(r, "blockIdx.x", 1)) << witness_text(r);
  EXPECT_NE(r.first.thread.find("blockIdx=(1,0,0)"), std::string::npos) << r.first.thread;
  EXPECT_NE(r.second.thread.find("blockIdx=(1,0,0)"), std::string::npos) << r.second.thread;
  expect_user_names(r);
}

TEST(Replay, HeterogeneousAtomicRaceIsConfirmed) {
  KernelReport k = check("__global__ void k(int *a) { atomicAdd_block(&a[0], 1); atomicAdd(&a[0], 1); }\n");
  ASSERT_EQ(k.status, KernelStatus::Racy);
  ASSERT_FALSE(k.races.empty());
  EXPECT_TRUE(k.races[0].heterogeneous);
  EXPECT_TRUE(k.races[0].confirmed) << k.races[0].replay_reason;
}

// A loop too long for the replay's bound before the racing access.
TEST(Replay, LoopBoundHasItsReason) {
  KernelReport k = check("__global__ void k(int *a) {\n"
                         "  int j = 0;\n"
                         "  for (int i = 0; i < 1000000; ++i) j += 1;\n"
                         "  a[0] = j + threadIdx.x;\n"
                         "}\n");
  ASSERT_EQ(k.status, KernelStatus::Racy);
  ASSERT_FALSE(k.races.empty());
  EXPECT_FALSE(k.races[0].confirmed);
  EXPECT_NE(k.races[0].replay_reason.find(kReasonLoopBound), std::string::npos) << k.races[0].replay_reason;
}

// A protocol file has no code to run.
TEST(Replay, ProtocolFileIsNotReplayed) {
  KernelReport k = check("kernel k {\n  global a;\n  wr a[0];\n}\n", ".map", false);
  ASSERT_EQ(k.status, KernelStatus::Racy);
  ASSERT_FALSE(k.races.empty());
  EXPECT_FALSE(k.races[0].confirmed);
  EXPECT_FALSE(k.races[0].replay_reason.empty());
}
