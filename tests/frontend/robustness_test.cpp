// Kernels that once crashed the front end (a segfault, a use after free
// under ASan): each run must end with a verdict, and the right one. Code
// that does not compile gives its compile error with its position and
// status unknown; valid code gives the verdict of the kernel.
#include "tests/frontend/test_util.hpp"

using namespace racecert::fetest;

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
