// Calls through function pointers (frontend/lower_indirect.cpp): each
// possible target's body runs under a guard on the pointer's selector, so a
// race in any target is found and targets that are excluded do not count.
#include "tests/frontend/test_util.hpp"

using namespace racecert::fetest;

namespace {

const std::vector<std::string> kIndirectLaunch = {"--block-dim", "64", "--grid-dim", "1"};

}  // namespace

TEST(IndirectCalls, LocalPointerAssignedOneOfSeveralFunctions) {
  // `halved` makes threads 2k and 2k + 1 write one cell: a race when it may be called.
  const char* racy = R"(__device__ void own(int *v) { v[threadIdx.x] = 1; }
__device__ void halved(int *v) { v[threadIdx.x / 2] = threadIdx.x; }
__global__ void k(int *v, int mode) {
  void (*f)(int *) = own;
  if (mode == 1) f = halved;
  f(v);
}
)";
  EXPECT_RACY(check(racy, kIndirectLaunch), "k");
  const char* drf = R"(__device__ void own(int *v) { v[threadIdx.x] = 1; }
__device__ void doubled(int *v) { v[threadIdx.x] *= 2; }
__global__ void k(int *v, int mode) {
  void (*f)(int *) = own;
  if (mode == 1) f = doubled;
  (*f)(v);
}
)";
  EXPECT_DRF(check(drf, kIndirectLaunch), "k");
}

TEST(IndirectCalls, ConditionalChoiceAndReturnValue) {
  // The result of the chosen function indexes the write.
  auto drf = check(R"(__device__ int same(int i) { return i; }
__device__ int next(int i) { return i + 64; }
__global__ void k(int *v) {
  int (*f)(int) = threadIdx.x % 2 ? same : next;
  v[f(threadIdx.x)] = threadIdx.x;
}
)", kIndirectLaunch);
  EXPECT_DRF(drf, "k");
  auto racy = check(R"(__device__ int same(int i) { return i; }
__device__ int half(int i) { return i / 2; }
__global__ void k(int *v) {
  int (*f)(int) = threadIdx.x % 2 ? same : half;
  v[f(threadIdx.x)] = threadIdx.x;
}
)", kIndirectLaunch);
  EXPECT_RACY(racy, "k");
}

TEST(IndirectCalls, ParameterWhoseTargetsARequiresNames) {
  const char* source = R"(__device__ void own(int *v) { v[threadIdx.x] = 1; }
__device__ void halved(int *v) { v[threadIdx.x / 2] = threadIdx.x; }
__global__ void k(int *v, void (*f)(int *)) {
  __requires(f == own || f == TARGET);
  f(v);
}
)";
  EXPECT_DRF(check(source, {"--block-dim", "64", "--grid-dim", "1", "-DTARGET=own"}), "k");
  EXPECT_RACY(check(source, {"--block-dim", "64", "--grid-dim", "1", "-DTARGET=halved"}), "k");
}

TEST(IndirectCalls, AssignmentsToParametersAddTargets) {
  // Both the kernel's and a device function's parameter are reassigned
  // after the call site's value is known: halved must still be a target.
  auto kernel = check(R"(__device__ void own(int *v) { v[threadIdx.x] = 1; }
__device__ void halved(int *v) { v[threadIdx.x / 2] = threadIdx.x; }
__global__ void k(int *v, void (*f)(int *)) {
  __requires(f == own);
  if (threadIdx.x % 2) f = halved;
  f(v);
}
)", kIndirectLaunch);
  EXPECT_RACY(kernel, "k");
  auto device = check(R"(__device__ void own(int *v) { v[threadIdx.x] = 1; }
__device__ void halved(int *v) { v[threadIdx.x / 2] = threadIdx.x; }
__device__ void run(int *v, void (*f)(int *)) {
  if (threadIdx.x % 2) f = halved;
  f(v);
}
__global__ void k(int *v) { run(v, own); }
)", kIndirectLaunch);
  EXPECT_RACY(device, "k");
}

TEST(IndirectCalls, ConstantTableOfFunctions) {
  auto r = check(R"(__device__ void own(int *v) { v[threadIdx.x] = 1; }
__device__ void halved(int *v) { v[threadIdx.x / 2] = threadIdx.x; }
typedef void (*op)(int *);
__global__ void k(int *v, int which) {
  op const table[2] = {own, halved};
  table[which](v);
}
)", kIndirectLaunch);
  EXPECT_RACY(r, "k");
}

TEST(IndirectCalls, PointerReturnedByADeviceFunction) {
  const char* source = R"(__device__ void own(int *v) { v[threadIdx.x] = 1; }
__device__ void halved(int *v) { v[threadIdx.x / 2] = threadIdx.x; }
typedef void (*op)(int *);
__device__ op pick(int i) {
  if (i == 0) return own;
  return SECOND;
}
__global__ void k(int *v) {
  op f = pick(threadIdx.x % 2);
  f(v);
}
)";
  EXPECT_DRF(check(std::string("#define SECOND own\n") + source, kIndirectLaunch), "k");
  EXPECT_RACY(check(std::string("#define SECOND halved\n") + source, kIndirectLaunch), "k");
}

TEST(IndirectCalls, KernelIrIsAGuardedChoice) {
  auto r = check(R"(__device__ void own(int *v) { v[threadIdx.x] = 1; }
__device__ void other(int *v) { v[threadIdx.x] = 2; }
__global__ void k(int *v, int mode) {
  void (*f)(int *) = mode ? own : other;
  f(v);
}
)", {"--show", "kernel"});
  EXPECT_TRUE(contains(r.out, "if (f.target == 1) {")) << r.out;
  EXPECT_TRUE(contains(r.out, "if (f.target == 2) {")) << r.out;
}

TEST(IndirectCalls, UnknownTargetsStayUnsupported) {
  // The address of the pointer escapes: its value is anyone's guess.
  auto r = check(R"(__device__ void own(int *v) { v[threadIdx.x] = 1; }
__device__ void set(void (**p)(int *));
__global__ void k(int *v) {
  void (*f)(int *) = own;
  set(&f);
  f(v);
}
)", kIndirectLaunch);
  EXPECT_VERDICT(r, "k", kUnknown, "unknown");
  EXPECT_TRUE(contains(r.out, ".cu:6:3: warning: unsupported: indirect call whose targets")) << r.out;
}
