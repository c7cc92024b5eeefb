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
__device__ unsigned long long __brevll(unsigned long long x);
__device__ int __clzll(long long x);
__device__ int __ffsll(long long x);
__device__ unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s);
__device__ unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int shift);
__device__ unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi, unsigned int shift);
__device__ unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int shift);
__device__ unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi, unsigned int shift);
__device__ unsigned int __sad(int x, int y, unsigned int z);
__device__ unsigned int __usad(unsigned int x, unsigned int y, unsigned int z);
__device__ int __hadd(int x, int y);
__device__ int __rhadd(int x, int y);
__device__ unsigned int __uhadd(unsigned int x, unsigned int y);
__device__ unsigned int __urhadd(unsigned int x, unsigned int y);
__device__ int __mulhi(int x, int y);
__device__ unsigned int __umulhi(unsigned int x, unsigned int y);
__device__ long long __mul64hi(long long x, long long y);
__device__ unsigned long long __umul64hi(unsigned long long x, unsigned long long y);
__device__ int __dp4a(int a, int b, int c);
__device__ unsigned int __dp4a(unsigned int a, unsigned int b, unsigned int c);
// abs of the wider integers and of floating point (abs(int), labs, llabs
// are the C library's, below).
__device__ long abs(long x);
__device__ long long abs(long long x);
__device__ float abs(float x);
__device__ double abs(double x);

// ------------------------------------------------------------- loads, misc
template <class T> __device__ T __ldg(const T* ptr);
// Loads and stores with a cache hint: plain accesses to the analysis
// (frontend/lower_builtins.cpp).
template <class T> __device__ T __ldca(const T* ptr);
template <class T> __device__ T __ldcg(const T* ptr);
template <class T> __device__ T __ldcs(const T* ptr);
template <class T> __device__ T __ldlu(const T* ptr);
template <class T> __device__ T __ldcv(const T* ptr);
template <class T> __device__ void __stwb(T* ptr, T value);
template <class T> __device__ void __stcg(T* ptr, T value);
template <class T> __device__ void __stcs(T* ptr, T value);
template <class T> __device__ void __stwt(T* ptr, T value);
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
__device__ float __tanf(float x) noexcept;
__device__ float __exp10f(float x) noexcept;
__device__ float __log2f(float x) noexcept;
__device__ float __log10f(float x) noexcept;
__device__ void __sincosf(float x, float* s, float* c) noexcept;
}
// Rounding-mode arithmetic, conversions and bit casts.
#define RACECERT_ROUNDED(R) \
  __device__ float __fadd_##R(float x, float y); __device__ float __fsub_##R(float x, float y); \
  __device__ float __fmul_##R(float x, float y); __device__ float __fdiv_##R(float x, float y); \
  __device__ float __fmaf_##R(float x, float y, float z); __device__ float __frcp_##R(float x); \
  __device__ float __fsqrt_##R(float x); \
  __device__ double __dadd_##R(double x, double y); __device__ double __dsub_##R(double x, double y); \
  __device__ double __dmul_##R(double x, double y); __device__ double __ddiv_##R(double x, double y); \
  __device__ double __fma_##R(double x, double y, double z); __device__ double __drcp_##R(double x); \
  __device__ double __dsqrt_##R(double x); \
  __device__ unsigned int __float2uint_##R(float x); __device__ float __uint2float_##R(unsigned int x); \
  __device__ long long __float2ll_##R(float x); __device__ unsigned long long __float2ull_##R(float x); \
  __device__ float __ll2float_##R(long long x); __device__ float __ull2float_##R(unsigned long long x); \
  __device__ int __double2int_##R(double x); __device__ unsigned int __double2uint_##R(double x); \
  __device__ long long __double2ll_##R(double x); __device__ float __double2float_##R(double x); \
  __device__ double __ll2double_##R(long long x);
RACECERT_ROUNDED(rn) RACECERT_ROUNDED(rz) RACECERT_ROUNDED(ru) RACECERT_ROUNDED(rd)
#undef RACECERT_ROUNDED
__device__ int __float2int_ru(float x);
__device__ int __float2int_rd(float x);
__device__ float __int2float_rz(int x);
__device__ float __int2float_ru(int x);
__device__ float __int2float_rd(int x);
__device__ double __int2double_rn(int x);
__device__ double __uint2double_rn(unsigned int x);
__device__ int __float_as_int(float x);
__device__ float __int_as_float(int x);
__device__ unsigned int __float_as_uint(float x);
__device__ float __uint_as_float(unsigned int x);
__device__ long long __double_as_longlong(double x);
__device__ double __longlong_as_double(long long x);
__device__ int __double2hiint(double x);
__device__ int __double2loint(double x);
__device__ double __hiloint2double(int hi, int lo);
// CUDA's own math functions (the C library's are below).
#define RACECERT_MATH(F, unused) \
  __device__ float F##f(float x); __device__ double F(double x);
RACECERT_MATH(rcbrt, ) RACECERT_MATH(sinpi, ) RACECERT_MATH(cospi, ) RACECERT_MATH(erfinv, )
RACECERT_MATH(erfcinv, ) RACECERT_MATH(erfcx, ) RACECERT_MATH(normcdf, ) RACECERT_MATH(normcdfinv, )
RACECERT_MATH(cyl_bessel_i0, ) RACECERT_MATH(cyl_bessel_i1, )
#undef RACECERT_MATH
__device__ float fdividef(float x, float y);
__device__ void sincospif(float x, float* s, float* c);
__device__ void sincospi(double x, double* s, double* c);
__device__ float rhypotf(float x, float y); __device__ double rhypot(double x, double y);
__device__ float norm3df(float a, float b, float c); __device__ double norm3d(double a, double b, double c);
__device__ float rnorm3df(float a, float b, float c); __device__ double rnorm3d(double a, double b, double c);
__device__ float norm4df(float a, float b, float c, float d); __device__ double norm4d(double a, double b, double c, double d);
__device__ float rnorm4df(float a, float b, float c, float d); __device__ double rnorm4d(double a, double b, double c, double d);
__device__ float normf(int dim, const float* a); __device__ double norm(int dim, const double* a);
__device__ float rnormf(int dim, const float* a); __device__ double rnorm(int dim, const double* a);

// ------------------------------------------------------- textures, surfaces
// Textures are read-only memory: a fetch is an unknown value, never a race.
// Surface writes and reads are accesses (frontend/lower_builtins.cpp).
enum cudaTextureReadMode { cudaReadModeElementType, cudaReadModeNormalizedFloat };
enum cudaTextureAddressMode { cudaAddressModeWrap, cudaAddressModeClamp, cudaAddressModeMirror, cudaAddressModeBorder };
enum cudaTextureFilterMode { cudaFilterModePoint, cudaFilterModeLinear };
enum cudaSurfaceBoundaryMode { cudaBoundaryModeZero, cudaBoundaryModeClamp, cudaBoundaryModeTrap };
enum cudaChannelFormatKind { cudaChannelFormatKindSigned, cudaChannelFormatKindUnsigned, cudaChannelFormatKindFloat, cudaChannelFormatKindNone };
struct cudaChannelFormatDesc { int x, y, z, w; cudaChannelFormatKind f; };
#define cudaTextureType1D 0x01
#define cudaTextureType2D 0x02
#define cudaTextureType3D 0x03
#define cudaTextureTypeCubemap 0x0C
#define cudaTextureType1DLayered 0xF1
#define cudaTextureType2DLayered 0xF2
#define cudaTextureTypeCubemapLayered 0xFC
typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;
template <class T, int dim = cudaTextureType1D, enum cudaTextureReadMode mode = cudaReadModeElementType>
struct __attribute__((device_builtin_texture_type)) texture {
  int normalized;
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureAddressMode addressMode[3];
  struct cudaChannelFormatDesc channelDesc;
};
template <class T, int dim = 1>
struct __attribute__((device_builtin_surface_type)) surface {
  struct cudaChannelFormatDesc channelDesc;
};
template <class T, enum cudaTextureReadMode M> struct racecert_texel { typedef T type; };
template <class T> struct racecert_texel<T, cudaReadModeNormalizedFloat> { typedef float type; };
#define RACECERT_TEXEL typename racecert_texel<T, M>::type
template <class T, enum cudaTextureReadMode M> __device__ RACECERT_TEXEL tex1Dfetch(texture<T, cudaTextureType1D, M> t, int x);
template <class T, enum cudaTextureReadMode M> __device__ RACECERT_TEXEL tex1D(texture<T, cudaTextureType1D, M> t, float x);
template <class T, enum cudaTextureReadMode M> __device__ RACECERT_TEXEL tex2D(texture<T, cudaTextureType2D, M> t, float x, float y);
template <class T, enum cudaTextureReadMode M> __device__ RACECERT_TEXEL tex3D(texture<T, cudaTextureType3D, M> t, float x, float y, float z);
template <class T, enum cudaTextureReadMode M> __device__ RACECERT_TEXEL tex1DLayered(texture<T, cudaTextureType1DLayered, M> t, float x, int layer);
template <class T, enum cudaTextureReadMode M> __device__ RACECERT_TEXEL tex2DLayered(texture<T, cudaTextureType2DLayered, M> t, float x, float y, int layer);
template <class T, enum cudaTextureReadMode M> __device__ RACECERT_TEXEL texCubemap(texture<T, cudaTextureTypeCubemap, M> t, float x, float y, float z);
template <class T, enum cudaTextureReadMode M> __device__ RACECERT_TEXEL texCubemapLayered(texture<T, cudaTextureTypeCubemapLayered, M> t, float x, float y, float z, int layer);
#undef RACECERT_TEXEL
template <class T> __device__ T tex1Dfetch(cudaTextureObject_t t, int x);
template <class T> __device__ T tex1D(cudaTextureObject_t t, float x);
template <class T> __device__ T tex2D(cudaTextureObject_t t, float x, float y);
template <class T> __device__ T tex3D(cudaTextureObject_t t, float x, float y, float z);
template <class T> __device__ T tex1DLayered(cudaTextureObject_t t, float x, int layer);
template <class T> __device__ T tex2DLayered(cudaTextureObject_t t, float x, float y, int layer);
template <class T> __device__ T texCubemap(cudaTextureObject_t t, float x, float y, float z);
template <class T> __device__ T texCubemapLayered(cudaTextureObject_t t, float x, float y, float z, int layer);
template <class T> __device__ T tex1DLod(cudaTextureObject_t t, float x, float level);
template <class T> __device__ T tex2DLod(cudaTextureObject_t t, float x, float y, float level);
template <class T> __device__ T tex3DLod(cudaTextureObject_t t, float x, float y, float z, float level);
template <class T> __device__ T tex2Dgather(cudaTextureObject_t t, float x, float y, int comp = 0);
template <class T> __device__ void surf1Dwrite(T data, cudaSurfaceObject_t s, int x, cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap);
template <class T> __device__ void surf2Dwrite(T data, cudaSurfaceObject_t s, int x, int y, cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap);
template <class T> __device__ void surf3Dwrite(T data, cudaSurfaceObject_t s, int x, int y, int z, cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap);
template <class T> __device__ void surf1DLayeredwrite(T data, cudaSurfaceObject_t s, int x, int layer, cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap);
template <class T> __device__ void surf2DLayeredwrite(T data, cudaSurfaceObject_t s, int x, int y, int layer, cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap);
template <class T> __device__ T surf1Dread(cudaSurfaceObject_t s, int x, cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap);
template <class T> __device__ T surf2Dread(cudaSurfaceObject_t s, int x, int y, cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap);
template <class T> __device__ T surf3Dread(cudaSurfaceObject_t s, int x, int y, int z, cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap);
__device__ float __saturatef(float x);
__device__ float rsqrtf(float x);
__device__ double rsqrt(double x);
__device__ float __frsqrt_rn(float x);
__device__ int __float2int_rn(float x);
__device__ int __float2int_rz(float x);
__device__ float __int2float_rn(int x);

// The other device functions nvcc declares.
#include "racecert_device_functions.h"

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

// CUDART_* constants (GPUVerify declares them without an #include) and
// assert, which glibc's <assert.h> redefines the same way if included.
#include "math_constants.h"
#ifndef assert
#define assert(e) ((e) ? (void)0 : __assert_fail(#e, __FILE__, __LINE__, __func__))
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
__device__ float exp10f(float x) noexcept; __device__ double exp10(double x) noexcept;
__device__ float j0f(float x) noexcept; __device__ double j0(double x) noexcept;
__device__ float j1f(float x) noexcept; __device__ double j1(double x) noexcept;
__device__ float y0f(float x) noexcept; __device__ double y0(double x) noexcept;
__device__ float y1f(float x) noexcept; __device__ double y1(double x) noexcept;
__device__ float jnf(int n, float x) noexcept; __device__ double jn(int n, double x) noexcept;
__device__ float ynf(int n, float x) noexcept; __device__ double yn(int n, double x) noexcept;
__device__ int ilogbf(float x) noexcept; __device__ int ilogb(double x) noexcept;
__device__ float scalbnf(float x, int n) noexcept; __device__ double scalbn(double x, int n) noexcept;
__device__ float scalblnf(float x, long n) noexcept; __device__ double scalbln(double x, long n) noexcept;
__device__ float frexpf(float x, int* e) noexcept; __device__ double frexp(double x, int* e) noexcept;
__device__ float modff(float x, float* i) noexcept; __device__ double modf(double x, double* i) noexcept;
__device__ float remquof(float x, float y, int* q) noexcept; __device__ double remquo(double x, double y, int* q) noexcept;
__device__ float nanf(const char* tag) noexcept; __device__ double nan(const char* tag) noexcept;
__device__ long lrintf(float x) noexcept; __device__ long lrint(double x) noexcept;
__device__ long long llrintf(float x) noexcept; __device__ long long llrint(double x) noexcept;
__device__ long long llroundf(float x) noexcept; __device__ long long llround(double x) noexcept;
__device__ int abs(int x) noexcept; __device__ long labs(long x) noexcept; __device__ long long llabs(long long x) noexcept;
__device__ void __assert_fail(const char* assertion, const char* file, unsigned line, const char* function) noexcept
    __attribute__((__noreturn__));
__device__ void* malloc(size_t size) noexcept;
__device__ void free(void* ptr) noexcept;
__device__ void* memcpy(void* dst, const void* src, size_t n) noexcept;
__device__ void* memset(void* dst, int value, size_t n) noexcept;
__device__ int printf(const char* format, ...);
}

// GPUVerify declares the cuRAND device API without an #include.
#include "curand_kernel.h"

#endif  // RACECERT_CUDA_H
