// GPUVerify's specification language for CUDA: force-included by
// racecert_cuda.h, and on its own with --cuda-path (the real CUDA headers
// then declare the device API). The one list of GPUVerify's builtins for
// CUDA; racecert_opencl.h has OpenCL C's.
//
// Preconditions (__requires, __global_requires, __assume) constrain the
// analysis (frontend/lower_call.cpp). Statements that only state or check
// invariants are macros that expand to nothing, for every arity
// (__barrier_invariant_N for N up to 32). The builtins that may appear
// inside an expression are declared; the front end reads __implies and
// __ite, and any other one makes the enclosing precondition unknown, so it
// is dropped: fewer assumptions, never a hidden race. The effect
// specifications (__writes_to, __reads_from, __array_snapshot) are
// declared without a body: a call to one makes the kernel `unknown`.
#ifndef RACECERT_SPECS_H
#define RACECERT_SPECS_H
#define __RACECERT__ 1
__device__ void __requires(bool);
__device__ void __global_requires(bool);
__device__ void __assume(bool);
// Checks (glibc declares a function __assert too: these stay functions,
// which the front end ignores).
__device__ void __assert(bool);
__device__ void __global_assert(bool);
// Invariants: nothing to analyse.
#define RACECERT_AXIOM_FUNCTION static __device__ __attribute__((unused))
#include "racecert_spec_macros.h"
// Logic.
__device__ bool __implies(bool, bool);
template <class T> __device__ T __ite(bool, T, T);
__device__ bool __all(bool);
__device__ bool __at_most_one(bool);
__device__ bool __exclusive(bool);
__device__ bool __enabled(void);
__device__ bool __dominator_enabled(void);
// Written without parentheses, as in GPUVerify: `__implies(__same_group, e)`.
__device__ bool __same_group(void);
#define __same_group __same_group()
__device__ int __other_int(int);
__device__ bool __other_bool(bool);
template <class T> __device__ T* __other_ptr(T*);
__device__ bool __uniform_int(int);
__device__ bool __uniform_bool(bool);
__device__ bool __distinct_int(int);
__device__ bool __all_int(int);
template <class T> __device__ T __old_int(T);
__device__ int __return_val_int(void);
__device__ int4 __return_val_int4(void);
__device__ bool __return_val_bool(void);
__device__ void* __return_val_ptr(void);
__device__ bool __is_pow2(unsigned);
__device__ unsigned __mod_pow2(unsigned, unsigned);
template <class A, class B> __device__ bool __add_noovfl(A, B);
template <class A, class B, class C> __device__ bool __add_noovfl(A, B, C);
template <class A, class B, class C, class D> __device__ bool __add_noovfl(A, B, C, D);
__device__ bool __add_noovfl_int(int, int);
__device__ bool __add_noovfl_unsigned_int(unsigned, unsigned);
__device__ bool __add_noovfl_char(char, char);
__device__ bool __add_noovfl_unsigned_char(unsigned char, unsigned char);
__device__ bool __add_noovfl_short(short, short);
__device__ bool __add_noovfl_unsigned_short(unsigned short, unsigned short);
__device__ bool __add_noovfl_long(long, long);
__device__ bool __add_noovfl_unsigned_long(unsigned long, unsigned long);
// Access predicates and offsets.
template <class T> __device__ bool __read(const T*);
template <class T> __device__ bool __write(const T*);
template <class T> __device__ bool __atomic(const T*);
template <class T> __device__ int __read_offset_bytes(const T*);
template <class T> __device__ int __write_offset_bytes(const T*);
template <class T> __device__ int __atomic_offset_bytes(const T*);
template <class T> __device__ int __ptr_offset_bytes(const T*);
template <class T> __device__ bool __ptr_base(const T*);
template <class T> __device__ bool __read_implies(const T*, bool);
template <class T> __device__ bool __write_implies(const T*, bool);
template <class T> __device__ bool __atomic_implies(const T*, bool);
template <class T> __device__ bool __writes_to(const T*);
template <class T> __device__ void __array_snapshot(T*, const T*);
template <class T> __device__ bool __reads_from(const T*);
template <class T> __device__ bool __no_read(const T*);
template <class T> __device__ bool __no_write(const T*);
template <class T, class V> __device__ bool __atomic_has_taken_value(const T*, int, V);
#endif
