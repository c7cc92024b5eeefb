// Device functions without a body that access memory
// (frontend/lower_builtins.cpp): memcpy/memset over byte ranges, cache-hint
// loads and stores, cuRAND states; textures are read-only. Racy kernels
// have DRF twins that differ only in the bytes they touch.
#include "tests/frontend/test_util.hpp"

using namespace racecert::fetest;

namespace {

const std::vector<std::string> kBuiltinsLaunch = {"--block-dim", "64", "--grid-dim", "1"};

}  // namespace

TEST(Builtins, MemcpyCoversItsByteRange) {
  // 16 bytes from element 4t: disjoint; from element 2t: t's [8t, 8t + 16)
  // meets t + 1's [8t + 8, ...).
  EXPECT_DRF(check("__global__ void k(int *o, const int *i) {\n  memcpy(o + 4 * threadIdx.x, i, 16);\n}\n", kBuiltinsLaunch),
             "k");
  auto racy = check("__global__ void k(int *o, const int *i) {\n  memcpy(o + 2 * threadIdx.x, i, 16);\n}\n", kBuiltinsLaunch);
  EXPECT_RACY(racy, "k");
  EXPECT_TRUE(contains(racy.out, ".cu:2:3: error: data race on o")) << racy.out;
  // The source is read: a write to it by another thread races.
  EXPECT_RACY(check("__global__ void k(int *o, int *i) {\n  memcpy(o + 4 * threadIdx.x, i, 16);\n  i[threadIdx.x] = "
                    "0;\n}\n",
                    kBuiltinsLaunch),
              "k");
}

TEST(Builtins, MemsetAndSizesKnownOnlyAtRunTime) {
  EXPECT_DRF(check("__global__ void k(char *o, int n) {\n  __requires(n <= 8);\n  memset(o + 8 * threadIdx.x, 0, n);\n}\n",
                   kBuiltinsLaunch),
             "k");
  EXPECT_RACY(check("__global__ void k(char *o, int n) {\n  __requires(n <= 9);\n  memset(o + 8 * threadIdx.x, 0, n);\n}\n",
                    kBuiltinsLaunch),
              "k");
}

TEST(Builtins, MemcpyOfStructsTouchesTheFieldsInRange) {
  // 4 of the 6 bytes: x and y, not z. Another thread's z is not touched.
  const char* source = R"(struct S { short x; short y; char z; };
__global__ void k(S *in, S *out) {
  size_t len = 4;
  memcpy(&out[threadIdx.x], &in[threadIdx.x], len);
  if (threadIdx.x == 0) out[1].FIELD = 7;
}
)";
  EXPECT_DRF(check(std::string("#define FIELD z\n") + source, kBuiltinsLaunch), "k");
  EXPECT_RACY(check(std::string("#define FIELD y\n") + source, kBuiltinsLaunch), "k");
}

TEST(Builtins, CacheHintLoadsAndStoresAreAccesses) {
  EXPECT_DRF(check("__global__ void k(float *o, const float *i) {\n  __stcs(&o[threadIdx.x], __ldcs(&i[threadIdx.x]));\n}\n",
                   kBuiltinsLaunch),
             "k");
  EXPECT_RACY(check("__global__ void k(float *o) {\n  __stcg(&o[threadIdx.x / 2], 1.0f);\n}\n", kBuiltinsLaunch), "k");
  EXPECT_RACY(check("__global__ void k(float *o) {\n  o[0] = __ldca(&o[threadIdx.x]);\n}\n", kBuiltinsLaunch), "k");
}

TEST(Builtins, CurandStatesPerThreadAndShared) {
  EXPECT_DRF(check("__global__ void k(curandState *s, float *a) {\n  a[threadIdx.x] = curand_uniform(&s[threadIdx.x]);\n}\n",
                   kBuiltinsLaunch),
             "k");
  EXPECT_RACY(check("__global__ void k(curandState *s, float *a) {\n  a[threadIdx.x] = curand_normal(s);\n}\n", kBuiltinsLaunch), "k");
  // One MTGP32 state per block serves up to 256 threads.
  const char* mtgp = "__global__ void k(curandStateMtgp32_t *s, float *a) {\n  a[threadIdx.x] = curand(s);\n}\n";
  EXPECT_DRF(check(mtgp, {"--block-dim", "256", "--grid-dim", "1"}), "k");
  EXPECT_RACY(check(mtgp, {"--block-dim", "256", "--grid-dim", "2"}), "k");
}

TEST(Builtins, TexturesAreReadOnlySurfacesAreImages) {
  EXPECT_DRF(check(R"(texture<float, 1, cudaReadModeElementType> ref;
__global__ void k(float *o, cudaTextureObject_t t) {
  o[threadIdx.x] = tex1Dfetch<float>(t, threadIdx.x) + tex2D<float>(t, 0.5f, 0.5f) + tex1Dfetch(ref, 0);
}
)",
                   kBuiltinsLaunch),
             "k");
  // x counts bytes: 4-byte texels at x = 4t are disjoint, at x = 2t they overlap.
  const char* surf = R"(__global__ void k(cudaSurfaceObject_t s, cudaSurfaceObject_t t) {
  float v = surf2Dread<float>(t, 4 * threadIdx.x, blockIdx.x);
  surf2Dwrite(v, s, STEP * threadIdx.x, blockIdx.x);
}
)";
  EXPECT_DRF(check(surf, {"--block-dim", "64", "--grid-dim", "4", "-DSTEP=4"}), "k");
  auto racy = check(surf, {"--block-dim", "64", "--grid-dim", "4", "-DSTEP=2"});
  EXPECT_RACY(racy, "k");
  EXPECT_TRUE(contains(racy.out, "data race on s.surface")) << racy.out;
  // A surface handle racecert cannot name (a local copy) is unknown, not ignored.
  auto local = check("__global__ void k(cudaSurfaceObject_t s) {\n  cudaSurfaceObject_t c = s;\n  surf1Dwrite(1, c, 0);\n}\n");
  EXPECT_VERDICT(local, "k", kUnknown, "unknown");
  EXPECT_TRUE(contains(local.out, "unsupported: surface access 'surf1Dwrite'")) << local.out;
}

// The samples' helper_math.h overloads make_float3, operators and math
// functions on vector types (as this small header of the same kind does): a
// kernel that includes it with -I compiles and is analysed.
TEST(Builtins, VectorOperatorHeaderInTheStyleOfHelperMath) {
  std::string header = testkit::temp_file(R"(#pragma once
#include "cuda_runtime.h"
typedef unsigned int uint;
inline __host__ __device__ float3 make_float3(float s) { return make_float3(s, s, s); }
inline __host__ __device__ float4 make_float4(float3 a, float w) { return make_float4(a.x, a.y, a.z, w); }
inline __host__ __device__ float3 operator+(float3 a, float3 b) { return make_float3(a.x + b.x, a.y + b.y, a.z + b.z); }
inline __host__ __device__ void operator+=(float3 &a, float3 b) { a.x += b.x; a.y += b.y; a.z += b.z; }
inline __host__ __device__ float3 operator*(float3 a, float b) { return make_float3(a.x * b, a.y * b, a.z * b); }
inline __host__ __device__ float dot(float3 a, float3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline __host__ __device__ float clamp(float f, float a, float b) { return fmaxf(a, fminf(f, b)); }
inline __host__ __device__ float3 normalize(float3 v) { return v * rsqrtf(dot(v, v)); }
inline __host__ __device__ float3 floorf(float3 v) { return make_float3(floorf(v.x), floorf(v.y), floorf(v.z)); }
inline __host__ __device__ float3 fminf(float3 a, float3 b) { return make_float3(fminf(a.x, b.x), fminf(a.y, b.y), fminf(a.z, b.z)); }
)", ".h");
  std::string dir = header.substr(0, header.rfind('/')), name = header.substr(header.rfind('/') + 1);
  std::string kernel = "#include <" + name + R"(>
__global__ void k(float4 *out, const float3 *in) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  float3 p = normalize(in[t]) * 2.0f + make_float3(1.0f);
  p += floorf(p);
  out[OUT] = make_float4(fminf(p, p), clamp(dot(p, p), 0.0f, 1.0f));
}
)";
  EXPECT_DRF(check("#define OUT t\n" + kernel, {"-I", dir, "--block-dim", "64", "--grid-dim", "2"}), "k");
  EXPECT_RACY(check("#define OUT t / 2\n" + kernel, {"-I", dir, "--block-dim", "64", "--grid-dim", "2"}), "k");
}
