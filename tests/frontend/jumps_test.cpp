// Forward jumps lowered as exits (frontend/lower_jumps.cpp): gotos to a
// later label of an enclosing block, returns inside loops of inlined
// functions, switch cases that fall through or break from inside. Each
// racy kernel has a DRF twin, so that a lowering that drops or skips code
// fails one of them; the kernel IR shows the flag a jump from a loop sets.
#include "tests/frontend/test_util.hpp"

using namespace racecert::fetest;

namespace {

const std::vector<std::string> kBlock = {"--block-dim", "64", "--grid-dim", "1"};

}  // namespace

TEST(Jumps, ForwardGotoSkipsToItsLabel) {
  // Threads above 3 skip a[t] = 1; everyone writes a[0] after the label.
  auto racy = check(R"(__global__ void k(int *a) {
  if (threadIdx.x > 3) goto done;
  a[threadIdx.x] = 1;
done:
  a[0] = threadIdx.x;
}
)", kBlock);
  EXPECT_RACY(racy, "k");
  auto drf = check(R"(__global__ void k(int *a, int *b) {
  if (threadIdx.x > 3) goto done;
  a[threadIdx.x] = 1;
done:
  b[threadIdx.x] = threadIdx.x;
}
)", kBlock);
  EXPECT_DRF(drf, "k");
}

TEST(Jumps, CodeBetweenTheLoopAndTheLabelStillRunsWithoutTheGoto) {
  // The goto leaves two loops; when it is not taken, a[0] = t runs (racy).
  auto racy = check(R"(__global__ void k(int *a, const int *m, int n) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (m[i * n + j] == 0) goto found;
  a[0] = threadIdx.x;
found:
  ;
}
)", kBlock);
  EXPECT_RACY(racy, "k");
  auto drf = check(R"(__global__ void k(int *a, const int *m, int n) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (m[i * n + j] == 0) goto found;
  a[threadIdx.x] = 0;
found:
  a[threadIdx.x + 64] = 1;
}
)", kBlock);
  EXPECT_DRF(drf, "k");
}

TEST(Jumps, GotoOutOfALoopSetsAFlagThatTheLoopTests) {
  auto r = check(R"(__global__ void k(int *a, int n) {
  for (int i = 0; i < n; ++i)
    if (a[i] == 0) goto out;
  a[threadIdx.x] = 1;
out:
  ;
}
)", {"--show", "kernel"});
  EXPECT_TRUE(contains(r.out, "jumped = 1;")) << r.out;
  EXPECT_TRUE(contains(r.out, "if (jumped != 0) {")) << r.out;
  EXPECT_TRUE(contains(r.out, "do-loop (false) {")) << r.out;
}

TEST(Jumps, GotoSkippingABarrierIsDivergence) {
  auto r = check(R"(__global__ void k(int *a) {
  __shared__ int s[64];
  if (threadIdx.x == 0) goto done;
  s[threadIdx.x] = a[threadIdx.x];
  __syncthreads();
  a[threadIdx.x] = s[63 - threadIdx.x];
done:
  ;
}
)", kBlock);
  EXPECT_EQ(status_of(r, "k"), "divergent") << dump(r);
}

TEST(Jumps, BackwardGotoIsALoop) {
  // The loop runs an unknown number of times: what it writes must not
  // depend on the iteration to be DRF.
  const char* source = R"(__global__ void k(int *a, const int *b) {
  int i = 0;
again:
  a[INDEX] = threadIdx.x;
  if (b[i++] != 0) goto again;
}
)";
  EXPECT_DRF(check(std::string("#define INDEX threadIdx.x\n") + source, kBlock), "k");
  EXPECT_RACY(check(std::string("#define INDEX i\n") + source, kBlock), "k");
  auto ir = check(std::string("#define INDEX threadIdx.x\n") + source, {"--show", "kernel"});
  EXPECT_TRUE(contains(ir.out, "loop (true) {")) << ir.out;
  EXPECT_TRUE(contains(ir.out, "if (jumped == 0) {")) << ir.out;
}

TEST(Jumps, BreakOutOfAGotoRegionStaysUnsupported) {
  auto brk = check(R"(__global__ void k(int *a, int n) {
  for (int i = 0; i < n; ++i) {
    if (a[i] < 0) goto next;
    if (a[i] == 0) break;
    a[i] = 1;
  next:
    ;
  }
}
)", kBlock);
  EXPECT_VERDICT(brk, "k", kUnknown, "unknown");
  EXPECT_TRUE(contains(brk.out, ".cu:4:20: warning: unsupported: break out of a goto's region")) << brk.out;
}

TEST(Jumps, ReturnInsideALoopOfAnInlinedFunction) {
  // find returns from inside its loop; the write after the loop runs only
  // when no element matched, and races then (every thread writes v[0]).
  auto racy = check(R"(__device__ int find(int *v, int n, int key) {
  for (int j = 0; j < n; ++j)
    if (v[j] == key) return j;
  v[0] = key;
  return -1;
}
__global__ void k(int *v, int *out, int n) {
  out[threadIdx.x] = find(v, n, threadIdx.x);
}
)", kBlock);
  EXPECT_RACY(racy, "k");
  auto drf = check(R"(__device__ int find(const int *v, int n, int key) {
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i)
      if (v[j * n + i] == key) return j;
  return -1;
}
__global__ void k(const int *v, int *out, int n) {
  out[threadIdx.x] = find(v, n, threadIdx.x);
}
)", kBlock);
  EXPECT_DRF(drf, "k");
}

TEST(Jumps, SwitchFallThroughRunsTheNextCase) {
  // Even threads fall into case 1: threads 2k and 2k + 1 both write b[k].
  auto racy = check(R"(__global__ void k(int *a, int *b) {
  switch (threadIdx.x % 2) {
  case 0:
    a[threadIdx.x] = 0;
  case 1:
    b[threadIdx.x / 2] = threadIdx.x;
  }
}
)", kBlock);
  EXPECT_RACY(racy, "k");
  auto drf = check(R"(__global__ void k(int *a, int *b) {
  switch (threadIdx.x % 2) {
  case 0:
    a[threadIdx.x] = 0;
    break;
  case 1:
    b[threadIdx.x / 2] = threadIdx.x;
  }
}
)", kBlock);
  EXPECT_DRF(drf, "k");
}

TEST(Jumps, BreakFromInsideASwitchCaseLeavesTheSwitchOnly) {
  // The break inside the if leaves the switch, not the loop: later
  // iterations still write a[i] (racy across threads).
  auto racy = check(R"(__global__ void k(int *a, int n) {
  for (int i = 0; i < n; ++i) {
    switch (threadIdx.x % 2) {
    case 0:
      if (i == 0) break;
      a[threadIdx.x] = 1;
      break;
    default:
      a[i] = 2;
    }
  }
}
)", kBlock);
  EXPECT_RACY(racy, "k");
  auto drf = check(R"(__global__ void k(int *a, int n) {
  for (int i = 0; i < n; ++i) {
    switch (threadIdx.x % 2) {
    case 0:
      if (i == 0) break;
      a[threadIdx.x] = 1;
      break;
    default:
      a[threadIdx.x] = 2;
    }
  }
}
)", kBlock);
  EXPECT_DRF(drf, "k");
}

TEST(Jumps, ContinueInsideASwitchWithExitsContinuesTheLoop) {
  // Case 0 continues: its threads never reach the write after the switch.
  // Read as a break out of the switch, thread 0 and 3 would both write a[0].
  const char* source = R"(__global__ void k(int *a, int n) {
  for (int i = 0; i < n; ++i) {
    switch (threadIdx.x % 3) {
    case 0:
      JUMP;
    case 1:
      a[threadIdx.x + 64] = i;
      break;
    default:
      break;
    }
    if (threadIdx.x % 3 == 0) a[0] = threadIdx.x;
  }
}
)";
  EXPECT_DRF(check(std::string("#define JUMP continue\n") + source, kBlock), "k");
  EXPECT_RACY(check(std::string("#define JUMP break\n") + source, kBlock), "k");
}
