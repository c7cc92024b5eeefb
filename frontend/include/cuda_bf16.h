// Shadowed by racecert: the bfloat16 type and its conversions (see
// cuda_fp16.h: declarations are enough).
#pragma once
#include "cuda_fp16.h"

struct __nv_bfloat16 {
  unsigned short __x;
  __host__ __device__ __nv_bfloat16() = default;
  __host__ __device__ __nv_bfloat16(float f);
  __host__ __device__ operator float() const;
};
struct __nv_bfloat162 {
  __nv_bfloat16 x, y;
};
typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;

__host__ __device__ __nv_bfloat16 __float2bfloat16(float f);
__host__ __device__ __nv_bfloat16 __float2bfloat16_rn(float f);
__host__ __device__ float __bfloat162float(__nv_bfloat16 h);
__device__ __nv_bfloat16 __hadd(__nv_bfloat16 a, __nv_bfloat16 b);
__device__ __nv_bfloat16 __hmul(__nv_bfloat16 a, __nv_bfloat16 b);
__device__ __nv_bfloat16 __hfma(__nv_bfloat16 a, __nv_bfloat16 b, __nv_bfloat16 c);
__device__ __nv_bfloat16 atomicAdd(__nv_bfloat16* address, __nv_bfloat16 value);
