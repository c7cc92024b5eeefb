// Kernels that once crashed the front end (a segfault, a use after free
// under ASan) or were lowered from what Clang kept of code that does not
// compile: each run must end with a verdict, and the right one. Code that
// does not compile gives its compile error with its position and status
// unknown; valid code gives the verdict of the kernel.
#include "tests/frontend/test_util.hpp"

using namespace racecert::fetest;

// float3 has no operator- in plain CUDA (helper_math.h is no part of it):
// the parenthesized initializer is a ParenListExpr without a type around a
// RecoveryExpr, which lowering used to dereference.
TEST(Robustness, StructInitializedFromCodeThatDoesNotCompile) {
  std::string f = kernel_file("__global__ void k(float3 *p) { float3 L(p[0] - p[1]); }\n");
  auto r = testkit::run_racecert({"check", f});
  EXPECT_VERDICT(r, "k", kUnknown, "unknown");
  EXPECT_TRUE(contains(r.out, f + ":1:46: error: the kernel does not compile: invalid operands to binary expression "
                                  "('float3' and 'float3')"))
      << r.out;
  // The kernel IR of the failed kernel shows what was not lowered, and where.
  auto shown = testkit::run_racecert({"check", f, "--show", "kernel"});
  EXPECT_TRUE(contains(shown.out, "code that does not compile")) << shown.out;
  auto json = testkit::run_racecert({"check", f, "--format", "json"});
  EXPECT_EQ(json.code, kUnknown) << dump(json);
  auto v = parse_json(json.out);
  auto* k = (*v.getAsObject()->getArray("kernels"))[0].getAsObject();
  EXPECT_EQ(k->getString("status"), "unknown");
}

// The same initializer in a kernel that compiles, and in other positions
// where Clang keeps an expression that contains errors.
TEST(Robustness, ErrorsInsideExpressionsOfEveryKind) {
  for (const std::string& body : {
           std::string("  float3 a = p[0] - p[1];\n"),                    // copy-initialization
           std::string("  if ((p[0] - p[1]).x > 0) p[threadIdx.x].x = 1;\n"),  // condition
           std::string("  float3 &r = p[0] - p[1];\n"),                   // reference
           std::string("  float3 *q = &(p[0] - p[1]);\n"),                // pointer
           std::string("  p[threadIdx.x] = p[0] - p[1];\n"),              // assignment
           std::string("  for (int i = 0; i < (p[0] - p[1]).x; ++i) p[i].y = 0;\n"),  // loop condition
       }) {
    auto r = check("__global__ void k(float3 *p) {\n" + body + "}\n");
    EXPECT_VERDICT(r, "k", kUnknown, "unknown");
    EXPECT_TRUE(contains(r.out, ".cu:2:")) << body << r.out;
  }
}

// An uninstantiated template keeps `T v(1, 2)` as a ParenListExpr without
// a type and without errors: unsupported, not a crash.
TEST(Robustness, ParenthesizedInitializerInAnUninstantiatedTemplate) {
  auto r = check(R"(template <typename T> __global__ void k(T *p) {
  T v(1, 2);
  p[threadIdx.x] = v;
}
)");
  EXPECT_VERDICT(r, "k", kUnknown, "unknown");
  EXPECT_TRUE(contains(r.out, ".cu:2:6: warning: unsupported: expression without a type ('ParenListExpr')")) << r.out;
}

// return c(x) + 0 inlines c while b's return is being lowered: that pushed a
// frame and left b's frame dangling; the value of b went to a variable with
// an empty name and the kernel turned racy (or crashed under ASan).
TEST(Robustness, CallInsideTheValueOfAnInlinedReturn) {
  auto r = check(R"(//pass
//--blockDim=64 --gridDim=1
__device__ int c(int x){return x;}
__device__ int b(int x){return c(x)+0;}
__global__ void k(int *o){o[b(threadIdx.x)]=threadIdx.x;}
)");
  EXPECT_DRF(r, "k");
  // Deeper: every level returns a call of the next, so that frames_ grows
  // past any small capacity while a return is lowered.
  std::string chain = "__device__ int f0(int x) { return x; }\n";
  for (int i = 1; i <= 12; ++i)
    chain += "__device__ int f" + std::to_string(i) + "(int x) { return f" + std::to_string(i - 1) + "(x) + 0; }\n";
  auto deep = check(chain + "__global__ void k(int *o) { o[f12(threadIdx.x)] = 1; }\n",
                    {"--block-dim", "64", "--grid-dim", "1"});
  EXPECT_DRF(deep, "k");
  // ... and the value still matters: a chain that halves the index races.
  auto racy = check(R"(__device__ int c(int x){return x / 2;}
__device__ int b(int x){return c(x)+0;}
__global__ void k(int *o){o[b(threadIdx.x)]=threadIdx.x;}
)",
                    {"--block-dim", "64", "--grid-dim", "1"});
  EXPECT_RACY(racy, "k");
}

// Ray-tracer shapes: structs of float3 and device functions that return
// structs built by other calls. They compile (nvcc too) and are DRF.
TEST(Robustness, StructsReturnedByDeviceFunctions) {
  auto r = check(R"(struct Ray { float3 o, d; };
__device__ float3 sub(float3 a, float3 b) { return make_float3(a.x - b.x, a.y - b.y, a.z - b.z); }
__device__ float3 scale(float3 a, float s) { return make_float3(a.x * s, a.y * s, a.z * s); }
__device__ float dot(float3 a, float3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
__device__ float3 reflect(float3 d, float3 n) { return sub(d, scale(n, 2.0f * dot(d, n))); }
__device__ Ray make_ray(float3 o, float3 d) { Ray r; r.o = o; r.d = d; return r; }
__device__ Ray bounce(Ray r, float3 n) { return make_ray(r.o, reflect(r.d, n)); }
__global__ void k(Ray *rays, const float3 *normals, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) rays[i] = bounce(rays[i], normals[i]);
}
)",
                 {"--block-dim", "128", "--grid-dim", "8"});
  EXPECT_DRF(r, "k");
}

// `extern __shared__ T s[]` in an uninstantiated template: T has no size
// (asking Clang for it was a null dereference). Two arrays of the same T
// are one array; T beside int may differ in size: unsupported.
TEST(Robustness, ExternSharedArrayOfATemplateParameter) {
  auto same = check(R"(template <typename T> __global__ void k(T *o) {
  extern __shared__ T a[];
  extern __shared__ T b[];
  a[threadIdx.x] = o[threadIdx.x];
  __syncthreads();
  o[threadIdx.x] = b[threadIdx.x];
}
)",
                    {"--block-dim", "64", "--grid-dim", "1"});
  EXPECT_DRF(same, "k");
  auto mixed = check(R"(template <typename T> __global__ void k(T *o) {
  extern __shared__ T a[];
  extern __shared__ int b[];
  a[threadIdx.x] = o[0];
  b[0] = 1;
}
)");
  EXPECT_VERDICT(mixed, "k", kUnknown, "unknown");
  EXPECT_TRUE(contains(mixed.out, ".cu:3:25: warning: unsupported: extern __shared__ arrays with elements of different sizes"))
      << mixed.out;
}

// Code that refers to a declaration Clang marked invalid is dropped without
// an error of its own: `o[f(t)] = t;` vanished with f's unknown return
// type, and the empty kernel was reported DRF. The declaration's error now
// makes every kernel of the file unknown.
TEST(Robustness, ErrorInADeclarationAKernelMayUse) {
  struct Case {
    const char* source;
    const char* error;
  };
  for (const Case& c : std::vector<Case>{
           {"__device__ Undeclared f(int x) { return x; }\n"
            "__global__ void k(int *o) { o[f(threadIdx.x)] = threadIdx.x; }\n",
            ".cu:1:12: error: the kernel does not compile: unknown type name 'Undeclared'"},
           {"__device__ int f(Undeclared x);\n__global__ void k(int *o) { o[f(1)] = threadIdx.x; }\n",
            ".cu:1:18: error: the kernel does not compile: unknown type name 'Undeclared'"},
           {"struct S { int a; Undeclared b; };\n__global__ void k(S *p) { p[0].b = threadIdx.x; }\n",
            ".cu:1:19: error: the kernel does not compile: unknown type name 'Undeclared'"},
       }) {
    auto r = check(c.source);
    EXPECT_VERDICT(r, "k", kUnknown, "unknown");
    EXPECT_TRUE(contains(r.out, c.error)) << r.out;
  }
}
