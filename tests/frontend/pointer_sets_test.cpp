// Pointers that may point to several places (frontend/lower_pointer.cpp):
// conditional pointers, reassigned pointers (also after their first use in
// a loop: a second lowering pass), pointers to a thread's own variables,
// null, pointer fields of structs in registers and of struct parameters,
// pointers returned by inlined functions, atomics through them, pointers
// stored in shared memory. Each DRF with a racy twin that differs in one
// place (the index, with a value that differs between threads, so that
// no write is benign), so that a lowering that drops accesses fails.
#include "tests/frontend/test_util.hpp"

using namespace racecert::fetest;

namespace {

const std::string kPointerSets1d = "//pass\n//--blockDim=128 --gridDim=4\n";

// The kernel `k` with INDEX replaced: `threadIdx.x` (DRF) or `0` (racy).
void expect_pair(const std::string& body, const std::string& race_on, const std::string& header = kPointerSets1d) {
  auto drf = check(header + std::regex_replace(body, std::regex("INDEX"), "blockIdx.x * blockDim.x + threadIdx.x"));
  EXPECT_DRF(drf, "k");
  auto racy = check(header + std::regex_replace(body, std::regex("INDEX"), "0"));
  EXPECT_RACY(racy, "k");
  EXPECT_TRUE(contains(racy.out, "data race on " + race_on)) << racy.out;
}

}  // namespace

TEST(PointerSets, ConditionalAssignmentReachesBothArrays) {
  // The race is on whichever array n selects: both must be accessed.
  expect_pair(R"(__global__ void k(int *a, int *b, int n) {
  int *p = a;
  if (n) p = b;
  p[INDEX] = threadIdx.x;
}
)", "b[0]");
  expect_pair(R"(__global__ void k(int *a, int *b, int n) {
  int *p = n > 3 ? b : a;
  p[INDEX] = threadIdx.x;
}
)", "a[0]");
}

TEST(PointerSets, ReassignedAfterUseInALoopNeedsASecondPass) {
  // p points to a in the first iteration and to b afterwards: the write
  // through p reaches b only if the lowering knows b when it lowers it.
  // One block: p's offset is a uniform unknown of each iteration, and two
  // blocks may be in different iterations (transform/sync_views.hpp), so
  // with several blocks the DRF twin is a false alarm.
  expect_pair(R"(__global__ void k(int *a, int *b, int n) {
  int *p = a;
  for (int i = 0; i < n; i++) {
    p[INDEX] = i + threadIdx.x;
    __syncthreads();
    p = b;
  }
}
)", "b[0]", "//pass\n//--blockDim=128 --gridDim=1\n");
}

TEST(PointerSets, PointerToAThreadsOwnVariable) {
  // *p writes x: the index out[x] is the thread's own id, or 0 for all.
  expect_pair(R"(__global__ void k(int *out) {
  int x = 7;
  int *p = &x;
  *p = INDEX;
  out[x] = threadIdx.x;
}
)", "out[0]");
}

TEST(PointerSets, NullIsNeverDereferenced) {
  expect_pair(R"(__global__ void k(int *a, int n) {
  int *p = 0;
  if (n) p = a;
  if (n) p[INDEX] = threadIdx.x;
}
)", "a[0]");
}

TEST(PointerSets, PointerFieldsOfStructsInRegistersAndOfStructParameters) {
  expect_pair(R"(struct S { int *p; int n; };
__global__ void k(int *a) {
  S s;
  s.p = a;
  S t = s;
  t.p[INDEX] = threadIdx.x;
}
)", "a[0]");
  expect_pair(R"(struct Params { const float *in; float *out; int n; };
__global__ void k(Params prm) {
  prm.out[INDEX] = prm.in[threadIdx.x];
}
)", "prm.out[0]");
}

TEST(PointerSets, PointerReturnedByAnInlinedFunction) {
  expect_pair(R"(__device__ int *pick(int *a, int *b, int c) { return c ? a : b; }
__global__ void k(int *a, int *b, int n) {
  pick(a, b, n)[INDEX] = threadIdx.x;
}
)", "a[0]");
}

TEST(PointerSets, AtomicsAndPlainWritesThroughAChoice) {
  auto drf = check(kPointerSets1d + R"(__global__ void k(int *a, int *b, int n) {
  int *p = n ? a : b;
  atomicAdd(p, 1);
}
)");
  EXPECT_DRF(drf, "k");
  auto racy = check(kPointerSets1d + R"(__global__ void k(int *a, int *b, int n) {
  int *p = n ? a : b;
  atomicAdd(p, 1);
  if (threadIdx.x == 5) b[0] = 7;
}
)");
  EXPECT_RACY(racy, "k");
  EXPECT_TRUE(contains(racy.out, "data race on b[0]")) << racy.out;
}

TEST(PointerSets, PointerStoredInSharedMemoryIsAValue) {
  // Every thread stores the same pointer: a benign write. Different
  // pointers (a or b by thread) race.
  auto drf = check(kPointerSets1d + R"(__global__ void k(int *a, int *b) {
  __shared__ int *p;
  p = a + 4;
}
)");
  EXPECT_DRF(drf, "k");
  auto racy = check(kPointerSets1d + R"(__global__ void k(int *a, int *b) {
  __shared__ int *p;
  p = threadIdx.x % 2 ? a : b;
}
)");
  EXPECT_RACY(racy, "k");
}

TEST(PointerSets, ArrayMembersOfStructsInRegisters) {
  // Element 2 of an array of pointers in a struct parameter is an array of
  // its own; element 1 of an int array member is a value.
  expect_pair(R"(struct Bufs { float *b[4]; int scale[2]; };
__global__ void k(Bufs q) {
  q.scale[1] = 3;
  q.b[2][INDEX] = q.scale[1] * threadIdx.x;
}
)", "q.b.e_2[0]");
  // A non-constant index into such an array names no element: unknown.
  auto r = check(kPointerSets1d + R"(struct Bufs { float *b[4]; };
__global__ void k(Bufs q, int n) {
  q.b[n][threadIdx.x] = 1.0f;
}
)");
  EXPECT_EQ(status_of(r, "k"), "unknown") << r.out;
  EXPECT_TRUE(contains(r.out, "unsupported: write to array base")) << r.out;
  // Reading an int member at a run-time index is an untracked value, not unknown.
  auto read = check(kPointerSets1d + R"(struct Table { int w[4]; };
__global__ void k(Table t, int n, int *out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = t.w[n];
}
)");
  EXPECT_DRF(read, "k");
}

TEST(PointerSets, PointersToPointerVariables) {
  // A helper that returns a pointer through a pointer to the caller's
  // pointer variable, which may be either of two.
  expect_pair(R"(__device__ void pick(int **out, int *a, int *b, int c) { *out = c ? a : b; }
__global__ void k(int *a, int *b, int n) {
  int *p = a, *q = b;
  int **pp = n ? &p : &q;
  pick(pp, a, b, n + 1);
  (*pp)[INDEX] = threadIdx.x;
}
)", "b[0]");
}

TEST(PointerSets, TheAddressOfAScalarInSharedMemory) {
  // &count is the shared scalar itself (no index): the atomics meet the
  // plain reset, unless a barrier separates them.
  const std::string body = R"(__global__ void k(int *out) {
  __shared__ int count;
  if (threadIdx.x == 0) count = 0;
  BARRIER
  atomicAdd(&count, 1);
}
)";
  EXPECT_DRF(check(kPointerSets1d + std::regex_replace(body, std::regex("BARRIER"), "__syncthreads();")), "k");
  auto racy = check(kPointerSets1d + std::regex_replace(body, std::regex("BARRIER"), ""));
  EXPECT_RACY(racy, "k");
  EXPECT_TRUE(contains(racy.out, "data race on count")) << racy.out;
}

TEST(PointerSets, FieldsNeverInitializedAreNotUniform) {
  // Every thread writes an uninitialized field, or a struct value racecert
  // does not follow, to one cell: the values may differ, so it is no
  // benign write.
  auto uninit = check(kPointerSets1d + R"(struct S { int v; };
__global__ void k(int *out) {
  S s;
  out[0] = s.v;
}
)");
  EXPECT_RACY(uninit, "k");
  auto chosen = check(kPointerSets1d + R"(struct S { int v; };
__device__ S make(int x) { S s; s.v = x; return s; }
__global__ void k(int *out, S *in) {
  S s = threadIdx.x > 3 ? in[threadIdx.x] : make(2);
  out[0] = s.v;
}
)");
  EXPECT_RACY(chosen, "k");
}

TEST(PointerSets, StructsPassedByValueToDeviceFunctions) {
  // The callee's copy keeps the pointer fields, from a variable or a
  // compound literal alike.
  for (const char* arg : {"q", "(P){a, 3}"}) {
    std::string body = std::string(R"(struct P { int *a; int n; };
__device__ void put(P p, int i) { p.a[i] = p.n + threadIdx.x; }
__global__ void k(int *a) {
  P q = {a, 3};
  put(ARG, INDEX);
}
)");
    body = std::regex_replace(body, std::regex("ARG"), arg);
    expect_pair(body, "a[0]");
  }
}

TEST(PointerSets, AStructParametersPointerFieldKeepsItsArrayUntilReassigned) {
  // out points to the caller's array until the kernel points it at b: the
  // first write still reaches prm.out.
  expect_pair(R"(struct Params { int *out; };
__global__ void k(Params prm, int *b) {
  prm.out[INDEX] = threadIdx.x;
  prm.out = b;
  prm.out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}
)", "prm.out[0]");
}
