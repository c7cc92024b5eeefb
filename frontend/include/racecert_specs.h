// With --cuda-path, the real CUDA headers declare the device API; racecert
// adds GPUVerify's specification builtins only.
#ifndef RACECERT_SPECS_H
#define RACECERT_SPECS_H
#define __RACECERT__ 1
__device__ void __requires(bool);
__device__ void __global_requires(bool);
__device__ void __assume(bool);
__device__ void __assert(bool);
__device__ void __global_assert(bool);
__device__ void __ensures(bool);
__device__ void __invariant(bool);
__device__ void __global_invariant(bool);
__device__ void __function_wide_invariant(bool);
__device__ bool __implies(bool, bool);
#endif
