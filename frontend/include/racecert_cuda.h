// racecert's CUDA device-API declarations, force-included before every CUDA
// file it analyses, so that kernels parse without a CUDA installation.
//
// Everything here is a declaration: racecert never runs the code, it reads
// the calls. The front end recognizes the barriers, atomics, fences and
// thread-index variables by name (frontend/lower_call.cpp); other functions
// only matter through their results, which it treats as unknown values.
//
// All functions declared in this file are __host__ __device__ (the pragma
// below), as the CUDA SDK's are.
#ifndef RACECERT_CUDA_H
#define RACECERT_CUDA_H

#define __RACECERT__ 1
#define __CUDACC__ 1
#ifndef __CUDA_ARCH__
#define __CUDA_ARCH__ 800
#endif
#define CUDART_VERSION 12000
#define __CUDACC_VER_MAJOR__ 12
#define __CUDACC_VER_MINOR__ 0

#pragma clang force_cuda_host_device begin

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __forceinline__ inline __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __align__(n) __attribute__((aligned(n)))
#define __restrict__ __restrict
#define __grid_constant__
#define CUDART_CB

typedef __SIZE_TYPE__ size_t;

// ---------------------------------------------------------------- vector types
#define RACECERT_VEC2(T, N) struct N##2 { T x, y; }; \
  inline N##2 make_##N##2(T x, T y) { N##2 v; v.x = x; v.y = y; return v; }
#define RACECERT_VEC3(T, N) struct N##3 { T x, y, z; }; \
  inline N##3 make_##N##3(T x, T y, T z) { N##3 v; v.x = x; v.y = y; v.z = z; return v; }
#define RACECERT_VEC4(T, N) struct __align__(16) N##4 { T x, y, z, w; }; \
  inline N##4 make_##N##4(T x, T y, T z, T w) { N##4 v; v.x = x; v.y = y; v.z = z; v.w = w; return v; }
#define RACECERT_VECS(T, N) struct N##1 { T x; }; RACECERT_VEC2(T, N) RACECERT_VEC3(T, N) RACECERT_VEC4(T, N)
RACECERT_VECS(char, char)
RACECERT_VECS(unsigned char, uchar)
RACECERT_VECS(short, short)
RACECERT_VECS(unsigned short, ushort)
RACECERT_VECS(int, int)
RACECERT_VECS(unsigned int, uint)
RACECERT_VECS(long, long)
RACECERT_VECS(unsigned long, ulong)
RACECERT_VECS(long long, longlong)
RACECERT_VECS(unsigned long long, ulonglong)
RACECERT_VECS(float, float)
RACECERT_VECS(double, double)
#undef RACECERT_VECS
#undef RACECERT_VEC2
#undef RACECERT_VEC3
#undef RACECERT_VEC4

struct dim3 {
  unsigned int x, y, z;
  constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1) : x(vx), y(vy), z(vz) {}
  constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  constexpr operator uint3() const { return uint3{x, y, z}; }
};

// ------------------------------------------------------- thread coordinates
// The front end reads `threadIdx.x` and the like as its builtin variables.
extern const __device__ uint3 threadIdx;
extern const __device__ uint3 blockIdx;
extern const __device__ dim3 blockDim;
extern const __device__ dim3 gridDim;
extern const __device__ int warpSize;

// ------------------------------------------------------------------ barriers
// __syncthreads is a Clang builtin in CUDA mode.
__device__ int __syncthreads_count(int predicate);
__device__ int __syncthreads_and(int predicate);
__device__ int __syncthreads_or(int predicate);
__device__ void __syncwarp(unsigned int mask = 0xffffffffu);
__device__ void __threadfence(void);
__device__ void __threadfence_block(void);
__device__ void __threadfence_system(void);

// ------------------------------------------------------------------- atomics
#define RACECERT_ATOMIC(NAME, T) \
  __device__ T NAME(T* address, T val); \
  __device__ T NAME##_block(T* address, T val); \
  __device__ T NAME##_system(T* address, T val);
#define RACECERT_ATOMIC_INTS(NAME) \
  RACECERT_ATOMIC(NAME, int) RACECERT_ATOMIC(NAME, unsigned int) \
  RACECERT_ATOMIC(NAME, unsigned long long int) RACECERT_ATOMIC(NAME, long long int)
RACECERT_ATOMIC_INTS(atomicAdd)
RACECERT_ATOMIC(atomicAdd, float)
RACECERT_ATOMIC(atomicAdd, double)
RACECERT_ATOMIC_INTS(atomicSub)
RACECERT_ATOMIC_INTS(atomicExch)
RACECERT_ATOMIC(atomicExch, float)
RACECERT_ATOMIC_INTS(atomicMin)
RACECERT_ATOMIC_INTS(atomicMax)
RACECERT_ATOMIC_INTS(atomicAnd)
RACECERT_ATOMIC_INTS(atomicOr)
RACECERT_ATOMIC_INTS(atomicXor)
RACECERT_ATOMIC(atomicInc, unsigned int)
RACECERT_ATOMIC(atomicDec, unsigned int)
#define RACECERT_CAS(T) \
  __device__ T atomicCAS(T* address, T compare, T val); \
  __device__ T atomicCAS_block(T* address, T compare, T val); \
  __device__ T atomicCAS_system(T* address, T compare, T val);
RACECERT_CAS(int)
RACECERT_CAS(unsigned int)
RACECERT_CAS(unsigned long long int)
RACECERT_CAS(unsigned short int)
#undef RACECERT_CAS
#undef RACECERT_ATOMIC_INTS
#undef RACECERT_ATOMIC

// ------------------------------------------------------- warp intrinsics
__device__ int __shfl_sync(unsigned mask, int var, int srcLane, int width = 32);
__device__ float __shfl_sync(unsigned mask, float var, int srcLane, int width = 32);
__device__ int __shfl_up_sync(unsigned mask, int var, unsigned delta, int width = 32);
__device__ float __shfl_up_sync(unsigned mask, float var, unsigned delta, int width = 32);
__device__ int __shfl_down_sync(unsigned mask, int var, unsigned delta, int width = 32);
__device__ float __shfl_down_sync(unsigned mask, float var, unsigned delta, int width = 32);
__device__ int __shfl_xor_sync(unsigned mask, int var, int laneMask, int width = 32);
__device__ float __shfl_xor_sync(unsigned mask, float var, int laneMask, int width = 32);
__device__ int __shfl(int var, int srcLane, int width = 32);
__device__ float __shfl(float var, int srcLane, int width = 32);
__device__ int __shfl_up(int var, unsigned delta, int width = 32);
__device__ float __shfl_up(float var, unsigned delta, int width = 32);
__device__ int __shfl_down(int var, unsigned delta, int width = 32);
__device__ float __shfl_down(float var, unsigned delta, int width = 32);
__device__ int __shfl_xor(int var, int laneMask, int width = 32);
__device__ float __shfl_xor(float var, int laneMask, int width = 32);
__device__ unsigned __ballot_sync(unsigned mask, int predicate);
__device__ unsigned __ballot(int predicate);
__device__ int __any_sync(unsigned mask, int predicate);
__device__ int __all_sync(unsigned mask, int predicate);
__device__ int __any(int predicate);
__device__ int __all(int predicate);
__device__ unsigned __activemask(void);

// ----------------------------------------------------------------- integer
__device__ int min(int a, int b);
__device__ unsigned int min(unsigned int a, unsigned int b);
__device__ long long min(long long a, long long b);
__device__ unsigned long long min(unsigned long long a, unsigned long long b);
__device__ int max(int a, int b);
__device__ unsigned int max(unsigned int a, unsigned int b);
__device__ long long max(long long a, long long b);
__device__ unsigned long long max(unsigned long long a, unsigned long long b);
__device__ float min(float a, float b);
__device__ float max(float a, float b);
__device__ unsigned int umin(unsigned int a, unsigned int b);
__device__ unsigned int umax(unsigned int a, unsigned int b);
__device__ int __mul24(int a, int b);
__device__ unsigned int __umul24(unsigned int a, unsigned int b);
__device__ int __popc(unsigned int x);
__device__ int __popcll(unsigned long long x);
__device__ int __clz(int x);
__device__ int __ffs(int x);
__device__ unsigned int __brev(unsigned int x);

// ------------------------------------------------------------- loads, misc
template <class T> __device__ T __ldg(const T* ptr);
__device__ long long clock64(void);
__device__ int clock(void);
__device__ void __nanosleep(unsigned ns);

// -------------------------------------------------------------------- math
__device__ float __fdividef(float x, float y);
// glibc's math.h declares these names too (its internal float versions),
// noexcept: the declarations must agree.
extern "C" {
__device__ float __expf(float x) noexcept;
__device__ float __logf(float x) noexcept;
__device__ float __sinf(float x) noexcept;
__device__ float __cosf(float x) noexcept;
__device__ float __powf(float x, float y) noexcept;
}
__device__ float __saturatef(float x);
__device__ float rsqrtf(float x);
__device__ double rsqrt(double x);
__device__ float __frsqrt_rn(float x);
__device__ int __float2int_rn(float x);
__device__ int __float2int_rz(float x);
__device__ float __int2float_rn(int x);

// ---------------------------------------------------------------- runtime API
// Host code compiles too, so that kernels with their `main` parse.
typedef int cudaError_t;
enum { cudaSuccess = 0 };
typedef struct CUstream_st* cudaStream_t;
typedef struct CUevent_st* cudaEvent_t;
enum cudaMemcpyKind { cudaMemcpyHostToHost, cudaMemcpyHostToDevice, cudaMemcpyDeviceToHost, cudaMemcpyDeviceToDevice, cudaMemcpyDefault };
cudaError_t cudaMalloc(void** ptr, size_t size);
template <class T> cudaError_t cudaMalloc(T** ptr, size_t size);
cudaError_t cudaMallocManaged(void** ptr, size_t size, unsigned flags = 1);
cudaError_t cudaFree(void* ptr);
cudaError_t cudaMemcpy(void* dst, const void* src, size_t count, cudaMemcpyKind kind);
cudaError_t cudaMemcpyToSymbol(const void* symbol, const void* src, size_t count, size_t offset = 0, cudaMemcpyKind kind = cudaMemcpyHostToDevice);
cudaError_t cudaMemset(void* ptr, int value, size_t count);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaDeviceReset(void);
cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);
const char* cudaGetErrorString(cudaError_t error);
cudaError_t cudaSetDevice(int device);
cudaError_t cudaEventCreate(cudaEvent_t* event);
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = 0);
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end);
cudaError_t cudaStreamCreate(cudaStream_t* stream);
cudaError_t cudaStreamSynchronize(cudaStream_t stream);
extern "C" int cudaConfigureCall(dim3 gridSize, dim3 blockSize, size_t sharedSize = 0, cudaStream_t stream = 0);
extern "C" unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0, void* stream = 0);

// ------------------------------------------------ GPUVerify specifications
// GPUVerify's specification language: the one list, shared with --cuda-path.
#include "racecert_specs.h"

// The kernel's own code is compiled as written: host functions stay host
// functions (so that their kernel launches, kernel<<<...>>>, instantiate
// templates), and device code may call only what is __device__, constexpr
// (Clang makes those __host__ __device__) or declared above.
#pragma clang force_cuda_host_device end

// What nvcc's headers bring in without an #include: glibc's <sys/types.h>
// typedefs that the SDK samples use (and uchar, which they define), and
// NULL. Identical typedefs may be repeated, so a kernel's own still compiles.
typedef unsigned int uint;
typedef unsigned short ushort;
typedef unsigned long ulong;
typedef unsigned char uchar;
#ifndef NULL
#define NULL __null
#endif

// ----------------------------------------------------- the C library, as nvcc
// nvcc's cuda_runtime.h brings in the C library's math, memory and output
// functions, so kernels call sqrtf, expf, memcpy, malloc or printf without
// an #include. Declared here rather than included: <math.h> is libstdc++'s
// <cmath> in C++ and would multiply the parse time. The declarations are
// glibc's (extern "C", noexcept where glibc says __THROW) and __device__
// only, so that a kernel's own #include <math.h> adds the host versions as
// overloads, as CUDA allows.
extern "C" {
__device__ float sqrtf(float x) noexcept; __device__ double sqrt(double x) noexcept;
__device__ float cbrtf(float x) noexcept; __device__ double cbrt(double x) noexcept;
__device__ float expf(float x) noexcept; __device__ double exp(double x) noexcept;
__device__ float exp2f(float x) noexcept; __device__ double exp2(double x) noexcept;
__device__ float expm1f(float x) noexcept; __device__ double expm1(double x) noexcept;
__device__ float logf(float x) noexcept; __device__ double log(double x) noexcept;
__device__ float log2f(float x) noexcept; __device__ double log2(double x) noexcept;
__device__ float log10f(float x) noexcept; __device__ double log10(double x) noexcept;
__device__ float log1pf(float x) noexcept; __device__ double log1p(double x) noexcept;
__device__ float sinf(float x) noexcept; __device__ double sin(double x) noexcept;
__device__ float cosf(float x) noexcept; __device__ double cos(double x) noexcept;
__device__ float tanf(float x) noexcept; __device__ double tan(double x) noexcept;
__device__ float asinf(float x) noexcept; __device__ double asin(double x) noexcept;
__device__ float acosf(float x) noexcept; __device__ double acos(double x) noexcept;
__device__ float atanf(float x) noexcept; __device__ double atan(double x) noexcept;
__device__ float sinhf(float x) noexcept; __device__ double sinh(double x) noexcept;
__device__ float coshf(float x) noexcept; __device__ double cosh(double x) noexcept;
__device__ float tanhf(float x) noexcept; __device__ double tanh(double x) noexcept;
__device__ float asinhf(float x) noexcept; __device__ double asinh(double x) noexcept;
__device__ float acoshf(float x) noexcept; __device__ double acosh(double x) noexcept;
__device__ float atanhf(float x) noexcept; __device__ double atanh(double x) noexcept;
__device__ float fabsf(float x) noexcept; __device__ double fabs(double x) noexcept;
__device__ float floorf(float x) noexcept; __device__ double floor(double x) noexcept;
__device__ float ceilf(float x) noexcept; __device__ double ceil(double x) noexcept;
__device__ float roundf(float x) noexcept; __device__ double round(double x) noexcept;
__device__ float truncf(float x) noexcept; __device__ double trunc(double x) noexcept;
__device__ float rintf(float x) noexcept; __device__ double rint(double x) noexcept;
__device__ float nearbyintf(float x) noexcept; __device__ double nearbyint(double x) noexcept;
__device__ float erff(float x) noexcept; __device__ double erf(double x) noexcept;
__device__ float erfcf(float x) noexcept; __device__ double erfc(double x) noexcept;
__device__ float lgammaf(float x) noexcept; __device__ double lgamma(double x) noexcept;
__device__ float tgammaf(float x) noexcept; __device__ double tgamma(double x) noexcept;
__device__ float logbf(float x) noexcept; __device__ double logb(double x) noexcept;
__device__ float powf(float x, float y) noexcept; __device__ double pow(double x, double y) noexcept;
__device__ float atan2f(float x, float y) noexcept; __device__ double atan2(double x, double y) noexcept;
__device__ float fmodf(float x, float y) noexcept; __device__ double fmod(double x, double y) noexcept;
__device__ float fminf(float x, float y) noexcept; __device__ double fmin(double x, double y) noexcept;
__device__ float fmaxf(float x, float y) noexcept; __device__ double fmax(double x, double y) noexcept;
__device__ float hypotf(float x, float y) noexcept; __device__ double hypot(double x, double y) noexcept;
__device__ float remainderf(float x, float y) noexcept; __device__ double remainder(double x, double y) noexcept;
__device__ float copysignf(float x, float y) noexcept; __device__ double copysign(double x, double y) noexcept;
__device__ float fdimf(float x, float y) noexcept; __device__ double fdim(double x, double y) noexcept;
__device__ float nextafterf(float x, float y) noexcept; __device__ double nextafter(double x, double y) noexcept;
__device__ float fmaf(float x, float y, float z) noexcept; __device__ double fma(double x, double y, double z) noexcept;
__device__ float ldexpf(float x, int e) noexcept; __device__ double ldexp(double x, int e) noexcept;
__device__ long lroundf(float x) noexcept; __device__ long lround(double x) noexcept;
__device__ void sincosf(float x, float* s, float* c) noexcept; __device__ void sincos(double x, double* s, double* c) noexcept;
__device__ void __assert_fail(const char* assertion, const char* file, unsigned line, const char* function) noexcept
    __attribute__((__noreturn__));
__device__ void* malloc(size_t size) noexcept;
__device__ void free(void* ptr) noexcept;
__device__ void* memcpy(void* dst, const void* src, size_t n) noexcept;
__device__ void* memset(void* dst, int value, size_t n) noexcept;
__device__ int printf(const char* format, ...);
}


#endif  // RACECERT_CUDA_H
