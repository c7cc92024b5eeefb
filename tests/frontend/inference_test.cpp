// Protocol inference on small CUDA kernels, through `racecert check`: values
// read back from memory (Claim 1, test 5), templates, preconditions,
// atomics, global memory across blocks, barrier divergence, -D and --kernel.
// Each pattern has a DRF and a racy variant, and racy verdicts are checked
// against their witness.
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "tests/frontend/test_util.hpp"

using namespace racecert::fetest;

namespace {

const std::string kOneBlock64 = "//pass\n//--blockDim=64 --gridDim=1\n";
const std::string kFourBlocks64 = "//pass\n//--blockDim=64 --gridDim=4\n";

}  // namespace

// ---- values read from memory: Claim 1, test 5

TEST(ReadOwnWrite, Claim1Test5IsDrf) {
  auto r = check(kOneBlock64 + R"(__global__ void read_index() {
  __shared__ int A[65];
  int tid = threadIdx.x;
  A[tid] = tid;
  int x = A[tid];
  A[x] = 0;
}
)");
  EXPECT_DRF(r, "read_index");
}

TEST(ReadOwnWrite, ReadingTheNeighboursCellIsRacy) {
  auto r = check(kOneBlock64 + R"(__global__ void read_index() {
  __shared__ int A[65];
  int tid = threadIdx.x;
  A[tid] = tid;
  int x = A[tid + 1];
  A[x] = 0;
}
)");
  EXPECT_RACY(r, "read_index");
  // The write A[tid] (line 6) against the read A[tid + 1] (line 7) of the thread below.
  EXPECT_TRUE(contains(r.out, ":6:3: error: data race on A[")) << r.out;
  EXPECT_TRUE(contains(r.out, ":7:11: note:")) << r.out;
  auto w = witness(r);
  EXPECT_EQ(std::abs(w["threadIdx.x@1"] - w["threadIdx.x@2"]), 1);
}

TEST(ReadOwnWrite, TheReadValueIsForgottenAtABarrier) {
  // After the barrier another thread may have written A[tid] (here: thread
  // tid - 1 writes A[tid] = 7 in between), so x is unknown and A[x] racy.
  auto r = check(kOneBlock64 + R"(__global__ void k() {
  __shared__ int A[65];
  int tid = threadIdx.x;
  A[tid] = tid;
  __syncthreads();
  A[tid + 1] = 7;
  __syncthreads();
  int x = A[tid];
  A[x] = 0;
}
)");
  EXPECT_RACY(r, "k");
  EXPECT_TRUE(contains(r.out, "data race on A[")) << r.out;
}

TEST(ReadOwnWrite, AValueReadFromInputIsAnyIndex) {
  // idx[] is input data: two threads may read the same index.
  auto racy = check(kFourBlocks64 + R"(__global__ void k(const int *idx, int *out) {
  int i = idx[blockIdx.x * blockDim.x + threadIdx.x];
  out[i] = threadIdx.x;
}
)");
  EXPECT_RACY(racy, "k");
  // Kept within the thread's own cells, it is DRF.
  auto drf = check(kFourBlocks64 + R"(__global__ void k(const int *idx, int *out) {
  unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
  int i = idx[g] & 3;
  out[g * 4 + i] = threadIdx.x;
}
)");
  EXPECT_DRF(drf, "k");
}

TEST(Values, NarrowingConversionWrapsAround) {
  auto r = check("//pass\n//--blockDim=512 --gridDim=1\n" R"(__global__ void k(int *out) {
  __shared__ int A[256];
  unsigned char c = threadIdx.x;
  A[c] = threadIdx.x;
}
)");
  EXPECT_RACY(r, "k");
}

TEST(Values, NarrowingWithinRangeStaysPrecise) {
  // 256 threads fit an unsigned char: no wrap, no false alarm; a signed char
  // wraps at 128 (thread 128 becomes -128 + 128 = 0 after the shift).
  auto fits = check("//pass\n//--blockDim=256 --gridDim=1\n" R"(__global__ void k() {
  __shared__ int A[256];
  unsigned char c = threadIdx.x;
  A[c] = threadIdx.x;
}
)");
  EXPECT_DRF(fits, "k");
  auto signed_wraps = check("//pass\n//--blockDim=256 --gridDim=1\n" R"(__global__ void k() {
  __shared__ int A[256];
  signed char c = threadIdx.x;
  A[c + 128] = threadIdx.x;
}
)");
  EXPECT_DRF(signed_wraps, "k");
  auto short_fits = check("//pass\n//--blockDim=256 --gridDim=1\n" R"(__global__ void k(int *out) {
  __shared__ int A[256];
  unsigned short s = threadIdx.x * 256;
  A[s % 256 + s / 256] = threadIdx.x;
}
)");
  EXPECT_DRF(short_fits, "k");
}

// 32-bit arithmetic wraps (docs/frontend.md, "Integer widths").
// threadIdx.x * 0x80000000u is 0 for every even thread in 32-bit unsigned
// arithmetic: threads 0 and 2 write out[0]. Same with the common idiom
// `unsigned i = t - 1; if (i >= n)`: for thread 0, i is 4294967295, so
// thread 0 writes A[0] as thread 1 does.
TEST(Values, UnsignedArithmeticWrapsAround) {
  auto r = check(kOneBlock64 + R"(__global__ void k(int *out) {
  unsigned i = threadIdx.x * 0x80000000u;
  out[i] = threadIdx.x;
}
)");
  EXPECT_RACY(r, "k");
  auto idiom = check(kOneBlock64 + R"(__global__ void k(int *A) {
  unsigned i = threadIdx.x - 1;
  if (i >= blockDim.x) A[0] = threadIdx.x;
  if (threadIdx.x == 1) A[0] = 5;
}
)");
  EXPECT_RACY(idiom, "k");
}

TEST(Values, MasksAndDivisionsFollowC) {
  // x & 255 is modelled: threads t and t + 256 meet.
  auto mask = check("//pass\n//--blockDim=512 --gridDim=1\n" R"(__global__ void k() {
  __shared__ int A[256];
  A[threadIdx.x & 255] = threadIdx.x;
}
)");
  EXPECT_RACY(mask, "k");
  auto w = witness(mask);
  EXPECT_EQ(std::abs(w["threadIdx.x@1"] - w["threadIdx.x@2"]), 256) << mask.out;
  // C division truncates toward zero: (2t - 1) / 2 is 0 for t = 0 and t = 1.
  auto div = check(kOneBlock64 + R"(__global__ void k() {
  __shared__ int A[128];
  int t = threadIdx.x;
  A[(2 * t - 1) / 2 + 1] = t;
}
)");
  EXPECT_RACY(div, "k");
  auto dw = witness(div);
  EXPECT_EQ(dw["threadIdx.x@1"] + dw["threadIdx.x@2"], 1) << div.out;
}

// ---- templates

const char* kStrideTemplate = R"(template <int S>
__global__ void strided(int *out) {
  __shared__ int s[256];
  s[threadIdx.x * S] = threadIdx.x;
  s[threadIdx.x * S + 1] = threadIdx.x;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[threadIdx.x];
}
)";

TEST(Templates, ExplicitInstantiationUsesItsArguments) {
  auto r = check(kFourBlocks64 + kStrideTemplate +
                 "template __global__ void strided<1>(int *);\ntemplate __global__ void strided<2>(int *);\n");
  EXPECT_EQ(r.code, kRacy) << dump(r);
  EXPECT_EQ(status_of(r, "strided<1>"), "racy") << r.out;  // s[t + 1] of thread t is s[t'] of thread t + 1
  EXPECT_EQ(status_of(r, "strided<2>"), "drf") << r.out;
  EXPECT_EQ(status_of(r, "strided"), "") << r.out;  // the template itself is not analysed
  EXPECT_EQ(count_of(r.out, "error: data race"), 1u) << r.out;
  EXPECT_TRUE(contains(r.out, "in kernel 'strided<1>'")) << r.out;
}

TEST(Templates, UninstantiatedNonTypeParameterIsAUniformUnknown) {
  // Racy for S = 1 only: some value of S makes it racy, and the witness says which.
  auto r = check(kFourBlocks64 + kStrideTemplate);
  EXPECT_RACY(r, "strided");
  // s[t*S] meets s[t'*S] or s[t'*S + 1], where t*S is an unsigned product
  // (modulo 2^32): S = 1, or a large S that wraps around.
  auto w = witness(r);
  auto cell = [&](std::int64_t t) { return ((t * w["S"]) % (std::int64_t{1} << 32) + (std::int64_t{1} << 32)) % (std::int64_t{1} << 32); };
  std::int64_t d = cell(w["threadIdx.x@1"]) - cell(w["threadIdx.x@2"]);
  EXPECT_TRUE(d == 0 || d == 1 || d == -1) << r.out;
  EXPECT_TRUE(w["S"] >= INT32_MIN && w["S"] <= INT32_MAX) << r.out;
  // S is the same in every thread: s[t + S] is DRF however large S is.
  auto uniform = check(kFourBlocks64 + R"(template <int S>
__global__ void shift(int *out) {
  __shared__ int s[1024];
  s[threadIdx.x + S] = threadIdx.x;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[threadIdx.x + S];
}
)");
  EXPECT_DRF(uniform, "shift");
  // A per-block offset scaled by S: racy for S = 0 only, across blocks.
  auto blocks = check(kFourBlocks64 + R"(template <int S>
__global__ void blocks(int *out) {
  out[blockIdx.x * S + threadIdx.x] = blockIdx.x;
}
)");
  EXPECT_RACY(blocks, "blocks");
  EXPECT_LT(witness(blocks)["S"], 64) << blocks.out;
  EXPECT_TRUE(contains(blocks.out, "threads of different blocks")) << blocks.out;
}

TEST(Templates, InstantiationByAHostLaunchUsesItsArguments) {
  auto r = check(kFourBlocks64 + kStrideTemplate + "void launch(int *o) { strided<2><<<4, 64>>>(o); }\n");
  EXPECT_DRF(r, "strided<2>");
}

// ---- preconditions, -D and --kernel

const char* kOffsetKernel = R"(__global__ void k(int n) {
  __shared__ int s[256];
#ifdef WITH_REQUIRES
  __requires(n == 64);
#endif
  s[threadIdx.x] = threadIdx.x;
  s[threadIdx.x + n] = threadIdx.x;
}
)";

TEST(Preconditions, RequiresMakesItDrf) {
  auto with = check(kOneBlock64 + std::string("#define WITH_REQUIRES\n") + kOffsetKernel);
  EXPECT_DRF(with, "k");
  auto without = check(kOneBlock64 + kOffsetKernel);
  EXPECT_RACY(without, "k");
  EXPECT_NE(witness(without)["n"], 64) << without.out;
  EXPECT_LT(std::abs(witness(without)["n"]), 64) << without.out;
}

TEST(Preconditions, DefineOptionReachesTheSource) {
  auto r = check(kOneBlock64 + kOffsetKernel, {"-D", "WITH_REQUIRES"});
  EXPECT_DRF(r, "k");
  auto value = check(kOneBlock64 + R"(__global__ void k() {
  __shared__ int s[256];
  s[threadIdx.x * STEP] = threadIdx.x;
  s[threadIdx.x * STEP + 1] = threadIdx.x;
}
)",
                     {"-D", "STEP=2"});
  EXPECT_DRF(value, "k");
  EXPECT_RACY(check(kOneBlock64 + "__global__ void k() {\n  __shared__ int s[256];\n"
                                  "  s[threadIdx.x * STEP] = threadIdx.x;\n  s[threadIdx.x * STEP + 1] = 0;\n}\n",
                    {"-DSTEP=1"}),
              "k");
}

TEST(Preconditions, DefineValuesKeepTheirCommas) {
  // -DSTEP=MAX(2,1) is one definition (cxxopts would split it at the comma).
  auto r = check(kOneBlock64 + R"(#define MAX(a, b) ((a) > (b) ? (a) : (b))
__global__ void k() {
  __shared__ int s[256];
  s[threadIdx.x * STEP] = threadIdx.x;
  s[threadIdx.x * STEP + 1] = threadIdx.x;
}
)",
                 {"-DSTEP=MAX(2,1)"});
  EXPECT_DRF(r, "k");
}

TEST(Preconditions, AFileNamedLikeAnOptionIsAFile) {
  // Relative, in the working directory: Clang would read "-x.cu" as `-x .cu`.
  std::string file = "-racecert-x-" + std::to_string(::getpid()) + ".cu";
  std::ofstream(file) << kOneBlock64 << "__global__ void k(int *a) {\n  a[threadIdx.x] = threadIdx.x;\n}\n";
  auto r = racecert::testkit::run_racecert({"check", "--", file});
  std::filesystem::remove(file);
  EXPECT_DRF(r, "k");
}

TEST(Preconditions, KernelOptionSelectsOneKernel) {
  std::string file = kernel_file(kOneBlock64 + R"(__global__ void good(int *a) {
  a[threadIdx.x] = threadIdx.x;
}
__global__ void bad(int *a) {
  a[threadIdx.x / 2] = threadIdx.x;
}
)");
  auto both = testkit::run_racecert({"check", file});
  EXPECT_EQ(both.code, kRacy);
  EXPECT_EQ(status_of(both, "good"), "drf");
  EXPECT_EQ(status_of(both, "bad"), "racy");
  auto good = testkit::run_racecert({"check", file, "--kernel", "good"});
  EXPECT_DRF(good, "good");
  EXPECT_EQ(status_of(good, "bad"), "");
  auto bad = testkit::run_racecert({"check", file, "--kernel", "bad"});
  EXPECT_RACY(bad, "bad");
  EXPECT_EQ(status_of(bad, "good"), "");
  auto none = testkit::run_racecert({"check", file, "--kernel", "nope"});
  EXPECT_EQ(none.code, 3);  // a usage error, naming the kernels there are
  EXPECT_TRUE(contains(none.err, "no kernel named 'nope'; the files have: good, bad")) << none.err;
}

// ---- atomics

TEST(Atomics, SharedHistogramIsDrf) {
  auto r = check(kFourBlocks64 + R"(__global__ void hist(const int *in, int *out) {
  __shared__ int bins[64];
  bins[threadIdx.x] = 0;
  __syncthreads();
  atomicAdd(&bins[in[blockIdx.x * blockDim.x + threadIdx.x] & 63], 1);
  __syncthreads();
  atomicAdd(&out[threadIdx.x], bins[threadIdx.x]);
}
)");
  EXPECT_DRF(r, "hist");
}

TEST(Atomics, PlainStoreMixedWithAtomicsIsRacy) {
  // Resetting a bin while other threads add to it, in the same phase.
  auto r = check(kFourBlocks64 + R"(__global__ void hist(const int *in, int *out) {
  __shared__ int bins[64];
  bins[threadIdx.x] = 0;
  __syncthreads();
  atomicAdd(&bins[in[blockIdx.x * blockDim.x + threadIdx.x] & 63], 1);
  bins[threadIdx.x] = 0;
}
)");
  EXPECT_RACY(r, "hist");
  EXPECT_TRUE(contains(r.out, ":8:3: error: data race on bins[") || contains(r.out, ":7:3: error: data race on bins["))
      << r.out;
  // A plain read of the bins while atomics update them is racy too.
  auto read = check(kFourBlocks64 + R"(__global__ void hist(const int *in, int *out) {
  __shared__ int bins[64];
  bins[threadIdx.x] = 0;
  __syncthreads();
  atomicAdd(&bins[in[blockIdx.x * blockDim.x + threadIdx.x] & 63], 1);
  out[blockIdx.x * blockDim.x + threadIdx.x] = bins[threadIdx.x];
}
)");
  EXPECT_RACY(read, "hist");
  // A plain increment instead of the atomic: racy.
  auto plain = check(kFourBlocks64 + R"(__global__ void hist(const int *in) {
  __shared__ int bins[64];
  bins[threadIdx.x] = 0;
  __syncthreads();
  bins[in[blockIdx.x * blockDim.x + threadIdx.x] & 63]++;
}
)");
  EXPECT_RACY(plain, "hist");
}

// ---- atomic tickets (docs/smt-encoding.md "Atomic tickets")

TEST(AtomicTickets, EachCallGetsItsOwnSlotAndTheProtocolSaysSo) {
  const std::string kernel = R"(__global__ void append(unsigned *count, int *out) {
  unsigned slot = atomicAdd(count, 1);
  out[slot] = threadIdx.x;
}
)";
  EXPECT_DRF(check(kFourBlocks64 + kernel), "append");
  // --show protocol declares the ticket, and the printed protocol, checked
  // as a .map file, gives the same verdict.
  auto shown = check(kFourBlocks64 + kernel, {"--show", "protocol"});
  EXPECT_TRUE(contains(shown.out, "ticket tmp0$1 of global count[0];")) << shown.out;
  std::string map = testkit::temp_file(shown.out, ".map");
  EXPECT_EQ(testkit::run_racecert({"check", map}).code, kDrf);
}

TEST(AtomicTickets, AddingZeroInSomeThreadsRacesWithTwoThreadsOnOneSlot) {
  auto r = check(kFourBlocks64 + R"(__global__ void append(unsigned *count, int *out) {
  unsigned slot = atomicAdd(count, threadIdx.x == 5 ? 0 : 1);
  out[slot] = threadIdx.x;
}
)");
  EXPECT_RACY(r, "append");
  EXPECT_TRUE(contains(r.out, ":5:3: error: data race on out[")) << r.out;
  auto w = witness(r);
  EXPECT_EQ(w["tmp1$1@1"], w["tmp1$1@2"]) << r.out;  // the slot (tmp0 is the conditional amount)
}

// ---- global memory is shared by the whole grid

TEST(GlobalMemory, SyncthreadsDoesNotOrderBlocks) {
  // One cell written by every thread: racy, between threads of a block
  // already, and a barrier does not help between blocks.
  auto all = check(kFourBlocks64 + R"(__global__ void k(int *out) {
  out[0] = blockIdx.x * blockDim.x + threadIdx.x;
}
)");
  EXPECT_RACY(all, "k");
  auto one_per_block = check(kFourBlocks64 + R"(__global__ void k(int *out) {
  if (threadIdx.x == 0) out[0] = blockIdx.x;
  __syncthreads();
}
)");
  EXPECT_RACY(one_per_block, "k");
  EXPECT_TRUE(contains(one_per_block.out, "threads of different blocks")) << one_per_block.out;
  auto w = witness(one_per_block);
  EXPECT_NE(w["blockIdx.x@1"], w["blockIdx.x@2"]) << one_per_block.out;
  // Write then barrier then read of another thread's cell: DRF for shared
  // memory, racy for global memory when the other thread is in another block.
  auto global = check(kFourBlocks64 + R"(__global__ void k(int *g, int *out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  g[i] = i;
  __syncthreads();
  out[i] = g[i + 1];
}
)");
  EXPECT_RACY(global, "k");
  // Thread 63 of a block reads what thread 0 of the next block writes.
  auto gw = witness(global);
  EXPECT_EQ(gw["blockIdx.x@1"] + gw["blockIdx.x@2"], 2 * std::min(gw["blockIdx.x@1"], gw["blockIdx.x@2"]) + 1)
      << global.out;
  EXPECT_EQ(gw["threadIdx.x@1"] + gw["threadIdx.x@2"], 63) << global.out;
  auto shared = check(kFourBlocks64 + R"(__global__ void k(int *g) {
  __shared__ int s[65];
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = i;
  __syncthreads();
  g[i] = s[threadIdx.x + 1];
}
)");
  EXPECT_DRF(shared, "k");
}

TEST(GlobalMemory, SameValueWritesAreRacesOnlyOnRequest) {
  // out[0] = 1 in all threads: every write stores the same value (benign).
  std::string f = kernel_file(kFourBlocks64 + "__global__ void k(int *out) {\n  out[0] = 1;\n}\n");
  EXPECT_DRF(testkit::run_racecert({"check", f}), "k");
  EXPECT_RACY(testkit::run_racecert({"check", f, "--benign-races"}), "k");
}

TEST(GlobalMemory, GlobalThreadIdIsDrf) {
  auto r = check(kFourBlocks64 + R"(__global__ void k(int *out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = threadIdx.x;
}
)");
  EXPECT_DRF(r, "k");
  // Without the block offset: blocks overwrite each other's cells.
  auto racy = check(kFourBlocks64 + "__global__ void k(int *out) {\n  out[threadIdx.x] = blockIdx.x;\n}\n");
  EXPECT_RACY(racy, "k");
  auto w = witness(racy);
  EXPECT_EQ(w["threadIdx.x@1"], w["threadIdx.x@2"]);
  EXPECT_NE(w["blockIdx.x@1"], w["blockIdx.x@2"]);
}

// ---- barrier divergence

TEST(Divergence, BarrierUnderThreadCondition) {
  auto r = check(kOneBlock64 + R"(__global__ void k(int *a) {
  if (threadIdx.x < 16)
    __syncthreads();
}
)");
  EXPECT_VERDICT(r, "k", kRacy, "divergent");
  EXPECT_TRUE(contains(r.out, ":5:5: error: barrier divergence")) << r.out;
  EXPECT_TRUE(contains(r.out, "threadIdx.x < 16")) << r.out;
}

TEST(Divergence, BarrierUnderUniformConditionIsFine) {
  auto r = check(kOneBlock64 + R"(__global__ void k(int *a, int n) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  if (n > 4 && blockIdx.x == 0)
    __syncthreads();
  else
    __syncthreads();
  a[threadIdx.x] = s[63 - threadIdx.x];
}
)");
  EXPECT_DRF(r, "k");
}

TEST(Divergence, EarlyReturnBeforeABarrier) {
  auto r = check(kFourBlocks64 + R"(__global__ void k(int *a, int n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __syncthreads();
  a[i] = 0;
}
)");
  EXPECT_VERDICT(r, "k", kRacy, "divergent");
  EXPECT_TRUE(contains(r.out, ":6:3: error: barrier divergence")) << r.out;
  // A thread-dependent loop around a barrier.
  auto loop = check(kOneBlock64 + R"(__global__ void k(int *a) {
  for (int i = 0; i < threadIdx.x; i++)
    __syncthreads();
}
)");
  EXPECT_VERDICT(loop, "k", kRacy, "divergent");
  EXPECT_TRUE(contains(loop.out, ":5:5: error: barrier divergence")) << loop.out;
}

// A __requires over a parameter the kernel assigns holds where it is
// written, not all along: after `n = 0` in odd threads, threads 1 and 3
// both write a[0].
TEST(Preconditions, AssignedParameterIsOnlyAssumedWhereRequired) {
  auto r = check(R"(__global__ void k(int *a, int n) {
  __requires(n == 1);
  if (threadIdx.x % 2) n = 0;
  a[threadIdx.x * n] = threadIdx.x;
}
)",
                 {"--block-dim", "64", "--grid-dim", "1"});
  EXPECT_RACY(r, "k");
  auto kept = check("__global__ void k(int *a, int n) {\n  __requires(n == 1);\n  a[threadIdx.x * n] = threadIdx.x;\n}\n",
                    {"--block-dim", "64", "--grid-dim", "1"});
  EXPECT_DRF(kept, "k");
}
