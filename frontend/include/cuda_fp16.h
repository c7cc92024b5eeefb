// Shadowed by racecert: the half-precision types and the conversions and
// arithmetic kernels use most. racecert never runs them: a half value is an
// untracked floating-point value, so declarations are enough.
#pragma once

struct __half {
  unsigned short __x;
  __host__ __device__ __half() = default;
  __host__ __device__ __half(float f);
  __host__ __device__ operator float() const;
};
struct __half2 {
  __half x, y;
};
typedef __half half;
typedef __half2 half2;

__host__ __device__ __half __float2half(float f);
__host__ __device__ __half __float2half_rn(float f);
__host__ __device__ float __half2float(__half h);
__host__ __device__ __half __int2half_rn(int i);
__host__ __device__ int __half2int_rn(__half h);
__host__ __device__ __half2 __floats2half2_rn(float a, float b);
__host__ __device__ __half2 __float2half2_rn(float f);
__host__ __device__ __half2 __halves2half2(__half a, __half b);
__host__ __device__ float __low2float(__half2 h);
__host__ __device__ float __high2float(__half2 h);
__host__ __device__ __half __low2half(__half2 h);
__host__ __device__ __half __high2half(__half2 h);
__device__ __half __hadd(__half a, __half b);
__device__ __half __hsub(__half a, __half b);
__device__ __half __hmul(__half a, __half b);
__device__ __half __hdiv(__half a, __half b);
__device__ __half __hfma(__half a, __half b, __half c);
__device__ __half __hneg(__half a);
__device__ __half2 __hadd2(__half2 a, __half2 b);
__device__ __half2 __hmul2(__half2 a, __half2 b);
__device__ __half2 __hfma2(__half2 a, __half2 b, __half2 c);
__device__ bool __hlt(__half a, __half b);
__device__ bool __hgt(__half a, __half b);
__device__ bool __heq(__half a, __half b);
__device__ __half hsqrt(__half a);
__device__ __half hexp(__half a);
__device__ __half __shfl_sync(unsigned mask, __half v, int lane, int width = 32);
__device__ __half __shfl_xor_sync(unsigned mask, __half v, int lane, int width = 32);
__device__ __half __shfl_down_sync(unsigned mask, __half v, unsigned delta, int width = 32);
__device__ __half atomicAdd(__half* address, __half value);
__device__ __half2 atomicAdd(__half2* address, __half2 value);
