#pragma once
// Race queries decided without Z3 (docs/smt-encoding.md "Fast paths").
//
// Most phases of real kernels are race-free for a reason that needs no
// solver: every access indexes by an affine function of the thread id with
// a non-zero thread coefficient (`a[threadIdx.x]`, `a[blockIdx.x * 64 +
// threadIdx.x]`), two accesses touch disjoint constant ranges, or offsets
// that no two threads can close. For a phase with thousands of such
// accesses the Z3 query costs seconds and gigabytes (the values written
// are long chains of 32-bit wraps); this check is linear in the accesses.
//
// It only ever proves: a trace it cannot prove goes to Z3 unchanged. The
// argument, per pair of a thread-1 and a thread-2 access whose modes
// conflict, is that some dimension of their indices differs, as an
// integer fact under the trace's assumptions:
//
//  * the two indices are affine (sums of literals times variables; no
//    division, remainder, wrap or bitwise operator; but see wrapped indices
//    below), after replacing the variables the assumptions fix
//    (`blockDim.x == 64`);
//  * the difference D = index@1 - index@2 has no uniform variable left
//    (their coefficients cancel), and
//    - D's interval, from the variables' ranges in the assumptions, omits
//      0; or
//    - D's constant is not a multiple of the gcd of its coefficients; or
//    - D is sum_v c_v * (v@1 - v@2) over the thread-id components
//      (threadIdx, and blockIdx where it is per-thread), every component
//      with no coefficient is fixed by its range (so distinct threads
//      differ in one with a coefficient), and the coefficients are a mixed
//      radix: sorted by magnitude, each exceeds the sum of the smaller
//      ones times their spans (a single component needs no span at all).
//
// Wrapped indices (`(t + 64 * k) & (2^32 - 1)`, the front end's unsigned
// arithmetic; C's `%` by a positive constant) are known only modulo m: equal
// indices are congruent modulo m (the gcd of both sides' moduli). Then,
// with g the gcd of m and the coefficients of D's variables other than the
// thread-id components:
//    - D's constant is not a multiple of the gcd of m and all of D's
//      coefficients; or
//    - the thread-id coefficients are the same in both accesses, D's
//      constant is a multiple of g, and the thread-id terms are a mixed
//      radix over bounded components whose whole difference stays below g:
//      modulo g only they are left, so they cancel, and the threads are one.
//
// Integer facts carry over to bit-vector queries, which exclude every
// overflow. Guards, values and lock-step are ignored (each only removes
// races). Byte views other than one common whole-element view go to Z3.
#include <optional>
#include <string>

#include "transform/trace.hpp"

namespace racecert::smt {

// The argument that proves the trace race-free, in words; nullopt when
// the trace needs the solver.
std::optional<std::string> decide_without_solver(const transform::SymbolicTrace& t);

}  // namespace racecert::smt
