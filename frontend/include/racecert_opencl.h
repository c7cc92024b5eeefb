// racecert's additions for OpenCL C, force-included after Clang's default
// OpenCL header: GPUVerify's specification language, the one list for
// OpenCL (racecert_specs.h has CUDA's). Preconditions (__requires,
// __global_requires, __assume) constrain the analysis; invariants and
// checks are macros that expand to nothing; the builtins that may appear
// inside an expression are declared, and the front end reads __implies and
// __ite (any other makes the enclosing precondition unknown: dropped).
#ifndef RACECERT_OPENCL_H
#define RACECERT_OPENCL_H
#define __RACECERT__ 1
void __requires(int);
void __global_requires(int);
void __assume(int);
// Checks (glibc declares a function __assert too: these stay functions,
// which the front end ignores).
void __assert(int);
void __global_assert(int);
// Invariants: nothing to analyse.
#define RACECERT_AXIOM_FUNCTION static __attribute__((unused))
#include "racecert_spec_macros.h"
// Logic.
int __implies(int, int);
#define __ite(c, a, b) ((c) ? (a) : (b))
int __all(int);
int __at_most_one(int);
int __exclusive(int);
int __enabled(void);
int __dominator_enabled(void);
// Written without parentheses, as in GPUVerify: `__implies(__same_group, e)`.
int __same_group(void);
#define __same_group __same_group()
int __other_int(int);
int __other_bool(int);
int __uniform_int(int);
int __uniform_bool(int);
int __distinct_int(int);
int __all_int(int);
int __old_int(int);
int __return_val_int(void);
int4 __return_val_int4(void);
int __return_val_bool(void);
int __is_pow2(unsigned);
unsigned __mod_pow2(unsigned, unsigned);
// __add_noovfl(a, b[, c[, d]]): no overflow in the sum (2 to 4 operands).
#define RACECERT_NOOVFL(T) \
  int __add_noovfl(T, T) __attribute__((overloadable)); \
  int __add_noovfl(T, T, T) __attribute__((overloadable)); \
  int __add_noovfl(T, T, T, T) __attribute__((overloadable));
RACECERT_NOOVFL(int)
RACECERT_NOOVFL(uint)
RACECERT_NOOVFL(long)
RACECERT_NOOVFL(ulong)
#undef RACECERT_NOOVFL
int __add_noovfl_int(int, int);
int __add_noovfl_unsigned_int(unsigned, unsigned);
int __add_noovfl_char(char, char);
int __add_noovfl_unsigned_char(uchar, uchar);
int __add_noovfl_short(short, short);
int __add_noovfl_unsigned_short(ushort, ushort);
int __add_noovfl_long(long, long);
int __add_noovfl_unsigned_long(ulong, ulong);
// Access predicates and offsets. The effect specifications (__writes_to,
// __reads_from, __array_snapshot) have no body: a call makes the kernel
// `unknown`.
void __array_snapshot(__local void*, __local void*) __attribute__((overloadable));
void __array_snapshot(__global void*, __global void*) __attribute__((overloadable));
void __array_snapshot(__local void*, __global void*) __attribute__((overloadable));
void __array_snapshot(__global void*, __local void*) __attribute__((overloadable));
int __read(const volatile __global void*) __attribute__((overloadable));
int __read(const volatile __local void*) __attribute__((overloadable));
int __read(const volatile __constant void*) __attribute__((overloadable));
int __read(const volatile __private void*) __attribute__((overloadable));
int __write(const volatile __global void*) __attribute__((overloadable));
int __write(const volatile __local void*) __attribute__((overloadable));
int __write(const volatile __constant void*) __attribute__((overloadable));
int __write(const volatile __private void*) __attribute__((overloadable));
int __atomic(const volatile __global void*) __attribute__((overloadable));
int __atomic(const volatile __local void*) __attribute__((overloadable));
int __atomic(const volatile __constant void*) __attribute__((overloadable));
int __atomic(const volatile __private void*) __attribute__((overloadable));
int __ptr_base(const volatile __global void*) __attribute__((overloadable));
int __ptr_base(const volatile __local void*) __attribute__((overloadable));
int __ptr_base(const volatile __constant void*) __attribute__((overloadable));
int __ptr_base(const volatile __private void*) __attribute__((overloadable));
int __writes_to(const volatile __global void*) __attribute__((overloadable));
int __writes_to(const volatile __local void*) __attribute__((overloadable));
int __writes_to(const volatile __constant void*) __attribute__((overloadable));
int __writes_to(const volatile __private void*) __attribute__((overloadable));
int __reads_from(const volatile __global void*) __attribute__((overloadable));
int __reads_from(const volatile __local void*) __attribute__((overloadable));
int __reads_from(const volatile __constant void*) __attribute__((overloadable));
int __reads_from(const volatile __private void*) __attribute__((overloadable));
int __no_read(const volatile __global void*) __attribute__((overloadable));
int __no_read(const volatile __local void*) __attribute__((overloadable));
int __no_read(const volatile __constant void*) __attribute__((overloadable));
int __no_read(const volatile __private void*) __attribute__((overloadable));
int __no_write(const volatile __global void*) __attribute__((overloadable));
int __no_write(const volatile __local void*) __attribute__((overloadable));
int __no_write(const volatile __constant void*) __attribute__((overloadable));
int __no_write(const volatile __private void*) __attribute__((overloadable));
int __read_offset_bytes(const volatile __global void*) __attribute__((overloadable));
int __read_offset_bytes(const volatile __local void*) __attribute__((overloadable));
int __read_offset_bytes(const volatile __constant void*) __attribute__((overloadable));
int __read_offset_bytes(const volatile __private void*) __attribute__((overloadable));
int __write_offset_bytes(const volatile __global void*) __attribute__((overloadable));
int __write_offset_bytes(const volatile __local void*) __attribute__((overloadable));
int __write_offset_bytes(const volatile __constant void*) __attribute__((overloadable));
int __write_offset_bytes(const volatile __private void*) __attribute__((overloadable));
int __atomic_offset_bytes(const volatile __global void*) __attribute__((overloadable));
int __atomic_offset_bytes(const volatile __local void*) __attribute__((overloadable));
int __atomic_offset_bytes(const volatile __constant void*) __attribute__((overloadable));
int __atomic_offset_bytes(const volatile __private void*) __attribute__((overloadable));
int __ptr_offset_bytes(const volatile __global void*) __attribute__((overloadable));
int __ptr_offset_bytes(const volatile __local void*) __attribute__((overloadable));
int __ptr_offset_bytes(const volatile __constant void*) __attribute__((overloadable));
int __ptr_offset_bytes(const volatile __private void*) __attribute__((overloadable));
int __read_implies(const volatile __global void*, int) __attribute__((overloadable));
int __read_implies(const volatile __local void*, int) __attribute__((overloadable));
int __read_implies(const volatile __constant void*, int) __attribute__((overloadable));
int __read_implies(const volatile __private void*, int) __attribute__((overloadable));
int __write_implies(const volatile __global void*, int) __attribute__((overloadable));
int __write_implies(const volatile __local void*, int) __attribute__((overloadable));
int __write_implies(const volatile __constant void*, int) __attribute__((overloadable));
int __write_implies(const volatile __private void*, int) __attribute__((overloadable));
int __atomic_implies(const volatile __global void*, int) __attribute__((overloadable));
int __atomic_implies(const volatile __local void*, int) __attribute__((overloadable));
int __atomic_implies(const volatile __constant void*, int) __attribute__((overloadable));
int __atomic_implies(const volatile __private void*, int) __attribute__((overloadable));
int __atomic_has_taken_value(const volatile __global void*, int, int) __attribute__((overloadable));
int __atomic_has_taken_value(const volatile __local void*, int, int) __attribute__((overloadable));
int __atomic_has_taken_value(const volatile __constant void*, int, int) __attribute__((overloadable));
int __atomic_has_taken_value(const volatile __private void*, int, int) __attribute__((overloadable));
#endif
