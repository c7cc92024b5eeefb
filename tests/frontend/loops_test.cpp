// Loops through `racecert check`: halving and doubling reductions, while and
// do loops, grid-stride loops, a ping-pong double buffer, steps that differ
// between threads, unknown trip counts. Each DRF kernel has a racy twin (a
// missing barrier or a wrong stride) whose witness is checked.
#include "tests/frontend/test_util.hpp"

using namespace racecert::fetest;

namespace {

const std::string kHeader = "//pass\n//--blockDim=256 --gridDim=4\n";

}  // namespace

TEST(Loops, TreeReductionHalving) {
  const std::string body = R"(__global__ void tree(float *out) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = t;
  __syncthreads();
  for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
    if (t < k) s[t] += s[t + k];
    BARRIER
  }
  if (t == 0) out[blockIdx.x] = s[0];
}
)";
  auto with = check(kHeader + std::regex_replace(body, std::regex("BARRIER"), "__syncthreads();"));
  EXPECT_DRF(with, "tree");
  auto without = check(kHeader + std::regex_replace(body, std::regex("BARRIER"), ""));
  EXPECT_RACY(without, "tree");
  // Line 9: s[t] += s[t + k], a thread's write against another's read.
  EXPECT_TRUE(contains(without.out, ":9:")) << without.out;
  auto w = witness(without);
  EXPECT_NE(w["threadIdx.x@1"], w["threadIdx.x@2"]);
  EXPECT_EQ(w["blockIdx.x"], 0) << without.out;  // one block: shared memory
}

TEST(Loops, InterleavedReductionDoubling) {
  const std::string body = R"(__global__ void interleaved(float *out) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = t;
  __syncthreads();
  for (unsigned k = 1; k < blockDim.x; k *= 2) {
    unsigned i = 2 * k * t;
    if (i < blockDim.x) s[i] += s[i + k];
    BARRIER
  }
  if (t == 0) out[blockIdx.x] = s[0];
}
)";
  EXPECT_DRF(check(kHeader + std::regex_replace(body, std::regex("BARRIER"), "__syncthreads();")), "interleaved");
  auto racy = check(kHeader + std::regex_replace(body, std::regex("BARRIER"), ""));
  EXPECT_RACY(racy, "interleaved");
  EXPECT_TRUE(contains(racy.out, "data race on s[")) << racy.out;
}

TEST(Loops, WhileLoopHalving) {
  const std::string body = R"(__global__ void k(float *out) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = t;
  __syncthreads();
  unsigned k = blockDim.x / 2;
  while (k > 0) {
    if (t < k) s[t] += s[t + k];
    BARRIER
    k >>= 1;
  }
  if (t == 0) out[blockIdx.x] = s[0];
}
)";
  EXPECT_DRF(check(kHeader + std::regex_replace(body, std::regex("BARRIER"), "__syncthreads();")), "k");
  EXPECT_RACY(check(kHeader + std::regex_replace(body, std::regex("BARRIER"), "")), "k");
}

TEST(Loops, DoLoop) {
  const std::string body = R"(__global__ void k(float *out, int n) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  int i = 0;
  do {
    s[t] = i;
    __syncthreads();
    out[blockIdx.x * blockDim.x + t] += s[(t + 1) % blockDim.x];
    BARRIER
    i++;
  } while (i < n);
}
)";
  EXPECT_DRF(check(kHeader + std::regex_replace(body, std::regex("BARRIER"), "__syncthreads();")), "k");
  // Without the second barrier, the next iteration's write races with the read.
  auto racy = check(kHeader + std::regex_replace(body, std::regex("BARRIER"), ""));
  EXPECT_RACY(racy, "k");
  EXPECT_TRUE(contains(racy.out, ":8:5: error: data race on s[") || contains(racy.out, ":10:30: error: data race on s["))
      << racy.out;
}

TEST(Loops, GridStride) {
  auto drf = check(kHeader + R"(__global__ void saxpy(const float *x, float *y, float a, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i];
}
)");
  EXPECT_DRF(drf, "saxpy");
  // A stride of one block: block 0's second iteration meets block 1's first.
  auto racy = check(kHeader + R"(__global__ void saxpy(const float *x, float *y, float a, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x)
    y[i] = a * x[i] + y[i];
}
)");
  EXPECT_RACY(racy, "saxpy");
  EXPECT_TRUE(contains(racy.out, "threads of different blocks")) << racy.out;
  auto w = witness(racy);
  EXPECT_EQ(w["threadIdx.x@1"], w["threadIdx.x@2"]) << racy.out;
  EXPECT_NE(w["blockIdx.x@1"], w["blockIdx.x@2"]) << racy.out;
  EXPECT_GT(w["n"], 256) << racy.out;
}

TEST(Loops, PingPongDoubleBuffer) {
  const std::string body = R"(__global__ void k(float *out, int iters) {
  __shared__ float buf[2][256];
  unsigned t = threadIdx.x;
  int p = 0;
  buf[0][t] = t;
  __syncthreads();
  for (int it = 0; it < iters; it++) {
    buf[WRITE][t] = buf[p][t] + buf[p][(t + 1) % blockDim.x];
    __syncthreads();
    p = 1 - p;
  }
  out[blockIdx.x * blockDim.x + t] = buf[p][t];
}
)";
  // p is the same in every thread: reads of one buffer, writes of the other.
  EXPECT_DRF(check(kHeader + std::regex_replace(body, std::regex("WRITE"), "1 - p")), "k");
  // Writing the buffer being read: racy.
  auto racy = check(kHeader + std::regex_replace(body, std::regex("WRITE"), "p"));
  EXPECT_RACY(racy, "k");
  EXPECT_TRUE(contains(racy.out, "data race on buf[")) << racy.out;
  // Only thread 0 flips p: from the second iteration on, thread 0 reads the
  // buffer the others write. p is no longer the same in every thread.
  auto one = check(kHeader + std::regex_replace(std::regex_replace(body, std::regex("WRITE"), "1 - p"),
                                                std::regex("p = 1 - p;"), "if (t == 0) p = 1 - p;"));
  EXPECT_RACY(one, "k");
  EXPECT_TRUE(contains(one.out, ":10:5: error: data race on buf[")) << one.out;
}

TEST(Loops, StepsThatDifferBetweenThreads) {
  // Thread t visits t, 2t + 1, ...: threads 0 and 1 both write A[1].
  auto r = check(kHeader + R"(__global__ void k() {
  __shared__ int A[512];
  unsigned t = threadIdx.x;
  for (unsigned i = t; i < 512; i += t + 1) A[i] = t;
}
)");
  EXPECT_RACY(r, "k");
  // Thread t's cells t, t + 256: disjoint from every other thread's.
  auto drf = check(kHeader + R"(__global__ void k() {
  __shared__ int A[512];
  unsigned t = threadIdx.x;
  for (unsigned i = t; i < 512; i += blockDim.x) A[i] = t;
}
)");
  EXPECT_DRF(drf, "k");
}

TEST(Loops, UnknownTripCountsAndJumps) {
  // A loop whose count comes from memory, with break and continue.
  auto drf = check(kHeader + R"(__global__ void k(const int *len, int *out) {
  unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
  int n = len[g];
  int j = 0;
  while (j < n) {
    if (j % 3 == 0) { j++; continue; }
    if (j > 100) break;
    out[g * 128 + (j & 127)] = j;
    j++;
  }
}
)");
  EXPECT_DRF(drf, "k");
  auto racy = check(kHeader + R"(__global__ void k(const int *len, int *out) {
  unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
  int n = len[g];
  for (int j = 0; j < n; j++) {
    if (j > 100) break;
    out[g + j] = j;
  }
}
)");
  EXPECT_RACY(racy, "k");
}

TEST(Loops, NestedLoopsWithBarriers) {
  const std::string body = R"(__global__ void k(float *out, int rounds) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = t;
  __syncthreads();
  for (int r = 0; r < rounds; r++) {
    for (unsigned d = 1; d < blockDim.x; d <<= 1) {
      float v = t >= d ? s[t - d] : 0.0f;
      __syncthreads();
      s[t] += v;
      BARRIER
    }
  }
  out[blockIdx.x * blockDim.x + t] = s[t];
}
)";
  EXPECT_DRF(check(kHeader + std::regex_replace(body, std::regex("BARRIER"), "__syncthreads();")), "k");
  auto racy = check(kHeader + std::regex_replace(body, std::regex("BARRIER"), ""));
  EXPECT_RACY(racy, "k");
  EXPECT_TRUE(contains(racy.out, "data race on s[")) << racy.out;
}
