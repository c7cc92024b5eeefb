// What the front end cannot model gives status `unknown`, exit 4 and one
// diagnostic naming the construct and its position: never a crash, never a
// silent DRF. Named barriers from inline PTX are kept in the kernel IR. A
// broken function or a missing header does not stop the other kernels.
#include <sstream>

#include "tests/frontend/test_util.hpp"

using namespace racecert::fetest;

namespace {

// The "warning: unsupported: ..." lines of a text report.
std::vector<std::string> unsupported_lines(const Run& r) {
  std::vector<std::string> out;
  std::istringstream in(r.out);
  for (std::string line; std::getline(in, line);)
    if (contains(line, "warning: unsupported:")) out.push_back(line);
  return out;
}

// Asserts an unknown verdict with exactly one diagnostic that names `what`
// at `line` (a racy access elsewhere in the kernel must not win over it).
void expect_unsupported(const Run& r, const std::string& what, int line) {
  EXPECT_VERDICT(r, "k", kUnknown, "unknown");
  auto lines = unsupported_lines(r);
  ASSERT_EQ(lines.size(), 1u) << r.out;
  EXPECT_TRUE(contains(lines[0], what)) << lines[0];
  EXPECT_TRUE(contains(lines[0], ".cu:" + std::to_string(line) + ":")) << lines[0];
}

}  // namespace

TEST(Unsupported, Recursion) {
  auto r = check(R"(__device__ int depth(int n) { return n <= 0 ? 0 : 1 + depth(n - 1); }
__global__ void k(int *a) {
  a[0] = depth(threadIdx.x);
}
)");
  expect_unsupported(r, "recursive call to 'depth'", 1);
}

// A function pointer whose targets the file does not name (a parameter
// without a __requires on it); named targets: indirect_call_test.cpp.
TEST(Unsupported, FunctionPointerCall) {
  auto r = check(R"(__device__ int twice(int n) { return 2 * n; }
__global__ void k(int *a, int (*f)(int)) {
  a[0] = f(threadIdx.x);
}
)");
  expect_unsupported(r, "indirect call whose targets racecert cannot name", 3);
}

TEST(Unsupported, VirtualCall) {
  auto r = check(R"(struct Op { __device__ virtual int apply(int x) const { return x; } };
__global__ void k(int *a, const Op *op) {
  a[0] = op->apply(threadIdx.x);
}
)");
  EXPECT_VERDICT(r, "k", kUnknown, "unknown");
  auto lines = unsupported_lines(r);
  ASSERT_EQ(lines.size(), 1u) << r.out;
  EXPECT_TRUE(contains(lines[0], "virtual call")) << r.out;
  EXPECT_TRUE(contains(lines[0], ".cu:3:")) << r.out;
}

TEST(Unsupported, InlineAssemblyOtherThanBarriers) {
  auto r = check(R"(__global__ void k(int *a) {
  unsigned lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  a[0] = lane;
}
)");
  EXPECT_VERDICT(r, "k", kUnknown, "unknown");
  auto lines = unsupported_lines(r);
  ASSERT_EQ(lines.size(), 1u) << r.out;
  EXPECT_TRUE(contains(lines[0], "inline assembly 'mov.u32")) << lines[0];
}

TEST(Unsupported, InlineAssemblyDiagnosticHasItsLine) {
  auto r = check(R"(__global__ void k(int *a) {
  unsigned lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  a[0] = lane;
}
)");
  expect_unsupported(r, "inline assembly", 3);
  // A divergent bar.sync 0 is reported without its position too.
  auto div = check("__global__ void k() {\n  if (threadIdx.x < 3)\n    asm volatile(\"bar.sync 0;\");\n}\n");
  EXPECT_VERDICT(div, "k", kRacy, "divergent");
  EXPECT_TRUE(contains(div.out, ".cu:3:5: error: barrier divergence")) << div.out;
}

// A goto into a block cannot be structured (forward gotos to a label of an
// enclosing block can: jumps_test.cpp).
TEST(Unsupported, Goto) {
  auto r = check(R"(__global__ void k(int *a) {
  if (threadIdx.x > 3) goto inside;
  if (a[1]) {
  inside:
    a[threadIdx.x] = 1;
  }
  a[0] = threadIdx.x;
}
)");
  EXPECT_VERDICT(r, "k", kUnknown, "unknown");
  auto lines = unsupported_lines(r);
  ASSERT_FALSE(lines.empty()) << r.out;
  EXPECT_TRUE(contains(lines[0], ".cu:2:24: warning: unsupported: goto 'inside'")) << lines[0];
  // The racy a[0] = threadIdx.x does not win over the unsupported goto.
  EXPECT_FALSE(contains(r.out, "data race")) << r.out;
}

TEST(Unsupported, GotoIsOneDiagnostic) {
  auto r = check(R"(__global__ void k(int *a) {
  if (threadIdx.x > 3) goto inside;
  if (a[1]) {
  inside:
    a[threadIdx.x] = 1;
  }
  a[0] = threadIdx.x;
}
)");
  expect_unsupported(r, "goto", 2);
}

// GPUVerify's effect specifications say what a bodiless function accesses
// (`__spec_f`'s body `__writes_to(p)`: f writes somewhere in p). racecert
// does not model them: unknown, never the DRF that ignoring the write
// would give (the read below races with it).
TEST(Unsupported, EffectSpecificationsAreUnknown) {
  auto cuda = check(R"(__device__ void __spec_fill(int *p) { __writes_to(p); }
__device__ void use(int);
__global__ void k(int *A) {
  __spec_fill(A);
  use(A[threadIdx.x]);
}
)");
  EXPECT_VERDICT(cuda, "k", kUnknown, "unknown");
  auto opencl = check_cl(R"(void __spec_fill(__local int *p) { __writes_to(p); }
__kernel void k(__local int *A, __global int *out) {
  __spec_fill(A);
  out[get_global_id(0)] = A[get_local_id(0)];
}
)");
  EXPECT_VERDICT(opencl, "k", kUnknown, "unknown");
  auto snapshot = check_cl(R"(__kernel void k(__local int *A, __local int *B) {
  __array_snapshot(B, A);
  A[get_local_id(0)] = B[0];
}
)");
  EXPECT_VERDICT(snapshot, "k", kUnknown, "unknown");
}

TEST(Unsupported, OtherConstructs) {
  // Each one alone in a kernel: unknown, with a diagnostic on its line.
  struct Case {
    const char* what;
    const char* source;
    int line;
  };
  for (const Case& c : std::vector<Case>{
           {"lambda", "__global__ void k(int *a) {\n  auto f = [&](int i) { a[i] = i; };\n  f(threadIdx.x);\n}\n", 2},
           {"'memcpy' on 'b', whose elements are not scalars or structs",
            "#include <string.h>\nunion U { int i; float f; };\n__global__ void k(U *a, U *b) {\n  memcpy(a + threadIdx.x, "
            "b, 8);\n}\n",
            4},
           {"write to array base that racecert cannot resolve",
            "__global__ void k(int **rows) {\n  int *p = rows[blockIdx.x];\n  p[threadIdx.x] = 1;\n}\n", 3},
           {"range-based for loop",
            "__global__ void k(int *a) {\n  int v[4] = {1, 2, 3, 4};\n  for (int x : v) a[x] = x;\n}\n", 3},
       }) {
    auto r = check(c.source);
    EXPECT_EQ(r.code, kUnknown) << c.what << "\n" << dump(r);
    EXPECT_EQ(status_of(r, "k"), "unknown") << c.what << "\n" << r.out;
    auto lines = unsupported_lines(r);
    ASSERT_FALSE(lines.empty()) << c.what << "\n" << r.out;
    EXPECT_TRUE(contains(lines[0], c.what)) << lines[0];
    EXPECT_TRUE(contains(lines[0], ".cu:" + std::to_string(c.line) + ":")) << c.what << ": " << lines[0];
  }
}

TEST(Unsupported, JsonAndSarifCarryTheDiagnostic) {
  std::string f = kernel_file(R"(__device__ int depth(int n) { return n <= 0 ? 0 : depth(n - 1); }
__global__ void k(int *a) {
  a[0] = depth(threadIdx.x);
}
)");
  auto json = testkit::run_racecert({"check", f, "--format", "json"});
  EXPECT_EQ(json.code, kUnknown);
  auto v = parse_json(json.out);
  auto* k = (*v.getAsObject()->getArray("kernels"))[0].getAsObject();
  EXPECT_EQ(k->getString("status"), "unknown");
  auto* diags = k->getArray("diagnostics");
  ASSERT_TRUE(diags && diags->size() == 1);
  auto* d = (*diags)[0].getAsObject();
  EXPECT_EQ(d->getInteger("line"), 1);
  EXPECT_EQ(d->getInteger("column"), 51);
  EXPECT_EQ(d->getString("file"), f);
  EXPECT_TRUE(contains(d->getString("message")->str(), "recursive")) << json.out;
  auto sarif = testkit::run_racecert({"check", f, "--format", "sarif"});
  EXPECT_EQ(sarif.code, kUnknown);
  EXPECT_TRUE(contains(sarif.out, "\"ruleId\": \"inconclusive\"")) << sarif.out;
}

// ---- named barriers

TEST(NamedBarriers, InlinePtxIsANamedBarrierInTheKernelIr) {
  std::string f = kernel_file(R"(__global__ void k(int *a) {
  __shared__ int s[64];
  s[threadIdx.x] = 1;
  asm volatile("bar.sync 1, 64;");
  asm volatile("bar.arrive 2, %0;" :: "r"(blockDim.x));
  asm volatile("bar.sync 0;");
  a[threadIdx.x] = s[63 - threadIdx.x];
}
)");
  auto shown = testkit::run_racecert({"check", f, "--show", "kernel"});
  EXPECT_EQ(shown.code, 0) << dump(shown);
  EXPECT_TRUE(contains(shown.out, "  bar.sync 1, 64;\n")) << shown.out;
  EXPECT_TRUE(contains(shown.out, "  bar.arrive 2, blockDim.x;\n")) << shown.out;
  EXPECT_TRUE(contains(shown.out, "  bar.sync 0;\n")) << shown.out;
  EXPECT_FALSE(contains(shown.out, "unsupported")) << shown.out;
  // bar.sync 0 is __syncthreads: the kernel is DRF.
  auto r = testkit::run_racecert({"check", f, "--block-dim", "64", "--grid-dim", "1"});
  EXPECT_DRF(r, "k");
  EXPECT_TRUE(contains(r.out, "named barrier")) << r.out;  // the note about bar.sync 1
}

TEST(NamedBarriers, DivergentBarSyncZero) {
  // bar.sync 0 is __syncthreads, and diverges like it.
  auto r = check("__global__ void k() {\n  if (threadIdx.x < 3)\n    asm volatile(\"bar.sync 0;\");\n}\n");
  EXPECT_VERDICT(r, "k", kRacy, "divergent");
  EXPECT_TRUE(contains(r.out, "barrier divergence")) << r.out;
  EXPECT_TRUE(contains(r.out, "threadIdx.x < 3")) << r.out;
}

TEST(NamedBarriers, APartialNamedBarrierDoesNotOrderTheBlock) {
  // bar.sync 1, 32 synchronizes 32 threads of the block only. Without a
  // block size the named-barrier part (the barrier and shared memory) is
  // unknown, never drf (docs/named-barriers.md).
  const char* source = R"(__global__ void k(int *a) {
  __shared__ int s[64];
  s[threadIdx.x] = 1;
  asm volatile("bar.sync 1, 32;");
  a[threadIdx.x] = s[63 - threadIdx.x];
}
)";
  auto r = check(source, {"--grid-dim", "1"});
  EXPECT_VERDICT(r, "k", kUnknown, "unknown");
  EXPECT_TRUE(contains(r.out, "4:3: warning: named barriers need a known block size")) << r.out;
  // With 64 threads the named-barrier check runs: the two warps each fill a
  // generation of barrier 1, in either order, which is unsafe recycling.
  auto known = check(source, {"--block-dim", "64", "--grid-dim", "1"});
  EXPECT_VERDICT(known, "k", kRacy, "deadlock");
  EXPECT_TRUE(contains(known.out, "4:3: error: unsafe recycling of barrier 1")) << known.out;
}

// ---- errors in one function, missing headers

TEST(Robustness, ParseErrorInOneKernelDoesNotStopTheOthers) {
  std::string f = kernel_file(R"(//pass
//--blockDim=64 --gridDim=1
__global__ void good(int *a) {
  a[threadIdx.x] = threadIdx.x;
}
__global__ void broken(int *a) {
  a[threadIdx.x] = 1 +;
}
__global__ void racy(int *a) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  a[threadIdx.x] = s[(threadIdx.x + 1) % 64];
}
)");
  auto r = testkit::run_racecert({"check", f});
  // A syntax error makes the input malformed (exit 2), but every other kernel
  // still gets its verdict.
  EXPECT_EQ(r.code, kMalformed) << dump(r);
  EXPECT_EQ(status_of(r, "good"), "drf") << r.out;
  EXPECT_EQ(status_of(r, "racy"), "racy") << r.out;
  EXPECT_EQ(status_of(r, "broken"), "unknown") << r.out;
  EXPECT_TRUE(contains(r.out, ":7:23: error: the kernel does not compile: expected expression")) << r.out;
  // Printed once, with the kernel's report: not again on standard error.
  EXPECT_FALSE(contains(r.err, "expected expression")) << r.err;
  // JSON says the same.
  auto json = testkit::run_racecert({"check", f, "--format", "json"});
  EXPECT_EQ(json.code, kMalformed);
  auto v = parse_json(json.out);
  auto* kernels = v.getAsObject()->getArray("kernels");
  ASSERT_TRUE(kernels);
  std::map<std::string, std::string> status;
  for (const auto& k : *kernels) status[k.getAsObject()->getString("name")->str()] = k.getAsObject()->getString("status")->str();
  EXPECT_EQ(status, (std::map<std::string, std::string>{{"good", "drf"}, {"broken", "unknown"}, {"racy", "racy"}}));
  ASSERT_TRUE(v.getAsObject()->getArray("errors"));
  EXPECT_EQ((*v.getAsObject()->getArray("errors"))[0].getAsObject()->getInteger("line"), 7);
}

TEST(Robustness, SemanticErrorInOneKernelOnlyMakesThatOneUnknown) {
  auto r = check(R"(__global__ void good(int *a) {
  a[blockIdx.x * blockDim.x + threadIdx.x] = threadIdx.x;
}
__global__ void typo(int *a) {
  a[threadIdx.x] = undeclared_thing;
}
)");
  EXPECT_EQ(r.code, kUnknown) << dump(r);
  EXPECT_EQ(status_of(r, "good"), "drf") << r.out;
  EXPECT_EQ(status_of(r, "typo"), "unknown") << r.out;
  EXPECT_TRUE(contains(r.out, ":5:20: error: the kernel does not compile: use of undeclared identifier 'undeclared_thing'"))
      << r.out;
  // An error in host code, outside every kernel, does not matter.
  auto host = check(R"(__global__ void good(int *a) {
  a[blockIdx.x * blockDim.x + threadIdx.x] = threadIdx.x;
}
void host() { int x = not_declared_either; }
)");
  EXPECT_DRF(host, "good");
}

TEST(Robustness, MissingIncludeIsANoteAndAnalysisContinues) {
  auto r = check(R"(#include "nothere.h"
#include <thrust/device_vector.h>
__global__ void k(int *a) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  a[threadIdx.x] = s[threadIdx.x ^ 1];
}
)",
                 {"--block-dim", "64", "--grid-dim", "1"});
  EXPECT_RACY(r, "k");  // the analysis ran: s[t ^ 1] is another thread's cell
  EXPECT_TRUE(contains(r.out, "note: header 'nothere.h' not found; skipped")) << r.out;
  EXPECT_TRUE(contains(r.out, "note: header 'thrust/device_vector.h' not found; skipped")) << r.out;
  auto drf = check("#include \"nothere.h\"\n__global__ void k(int *a) {\n  a[threadIdx.x] = threadIdx.x;\n}\n",
                   {"--grid-dim", "1"});
  EXPECT_DRF(drf, "k");
}

// nvcc compiles kernels that call sqrtf, expf, fabsf, memcpy, memset,
// malloc and free without any #include (its implicit cuda_runtime.h declares
// them; checked with nvcc 13.0): so does racecert.
TEST(Robustness, KernelsNvccCompilesWithoutIncludes) {
  auto math = check(R"(__global__ void k(float *a) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = sqrtf(a[i]) + expf(1.0f) + fabsf(-2.0f);
}
)", {"--block-dim", "64", "--grid-dim", "4"});
  EXPECT_DRF(math, "k");
  auto heap = check(R"(__global__ void k(int *a) {
  int *p = (int *)malloc(16);
  free(p);
  a[blockIdx.x * blockDim.x + threadIdx.x] = 0;
}
)", {"--block-dim", "64", "--grid-dim", "4"});
  EXPECT_DRF(heap, "k");
  // memcpy on arrays: bytes [4t, 4t + 8) of a overlap for threads t, t + 1.
  auto copy = check("__global__ void k(int *a, int *b) {\n  memcpy(a + threadIdx.x, b, 8);\n}\n",
                    {"--block-dim", "64", "--grid-dim", "1"});
  EXPECT_RACY(copy, "k");
}

TEST(Robustness, MissingHeaderNoteExplainsACompileError) {
  auto r = check("#include \"tile.h\"\n__global__ void k(int *a) {\n  a[threadIdx.x] = TILE;\n}\n");
  EXPECT_VERDICT(r, "k", kUnknown, "unknown");
  EXPECT_TRUE(contains(r.out, "header 'tile.h' not found")) << r.out;
}

TEST(Robustness, GarbageAndEmptyFiles) {
  // Code that does not compile and has no kernel: malformed input, one
  // line on stderr, no crash.
  for (const std::string& text : {std::string("\xff\xfe garbage {{{", 15), std::string("__global__ void k(")}) {
    auto r = check(text);
    EXPECT_EQ(r.code, kMalformed) << dump(r);
    EXPECT_FALSE(r.err.empty()) << dump(r);
  }
  // A file that compiles and has no kernel (host code, a helper header) is
  // no error: "no kernels", exit 0.
  for (const std::string& text : {std::string(""), std::string("int main() { return 0; }\n")}) {
    auto r = check(text);
    EXPECT_EQ(r.code, 0) << dump(r);
    EXPECT_TRUE(contains(r.out, ": no kernels\n")) << dump(r);
    EXPECT_TRUE(r.err.empty()) << dump(r);
  }
}
