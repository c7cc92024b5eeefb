// racecert's additions for OpenCL C, force-included after Clang's default
// OpenCL header: GPUVerify's specification builtins. Preconditions
// (__requires, __assume, __global_requires) constrain the analysis; the
// others are accepted and ignored.
#ifndef RACECERT_OPENCL_H
#define RACECERT_OPENCL_H
#define __RACECERT__ 1
void __requires(int);
void __global_requires(int);
void __assume(int);
void __assert(int);
void __global_assert(int);
void __ensures(int);
void __global_ensures(int);
void __invariant(int);
void __global_invariant(int);
void __function_wide_invariant(int);
void __candidate_invariant(int);
int __implies(int, int);
int __enabled(void);
int __uniform_int(int);
int __distinct_int(int);
int __read_implies(const volatile __global void*, int) __attribute__((overloadable));
int __read_implies(const volatile __local void*, int) __attribute__((overloadable));
int __write_implies(const volatile __global void*, int) __attribute__((overloadable));
int __write_implies(const volatile __local void*, int) __attribute__((overloadable));
int __no_read(const volatile __global void*) __attribute__((overloadable));
int __no_read(const volatile __local void*) __attribute__((overloadable));
int __no_write(const volatile __global void*) __attribute__((overloadable));
int __no_write(const volatile __local void*) __attribute__((overloadable));
#endif
