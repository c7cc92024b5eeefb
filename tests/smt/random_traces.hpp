#pragma once
// Random small symbolic traces and a brute force over them, shared by the
// fast path's tests (fast_path_test.cpp) and the witness minimization's
// (witness_minimization_test.cpp): traces of one phase with affine (and
// some non-affine) indices over the thread and block ids, a parameter N and
// a per-thread loop variable i, launches partly fixed; the brute force
// enumerates every assignment within small bounds (`bounded` states the
// same bounds as assumptions, for the solver).
#include <cstdint>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "protocol/protocol.hpp"
#include "transform/trace.hpp"

namespace racecert::testkit {

// A trace of one phase: thread ids per thread; block ids shared (same
// block) or per thread (cross block); both threads run the same accesses.
struct TraceBuilder {
  transform::SymbolicTrace t;
  bool cross = false;

  explicit TraceBuilder(bool cross_block);
  // The name of `base` (threadIdx.x, blockIdx.y, i, N, ...) in `thread`.
  std::string id(const std::string& base, int thread) const;
  // `index` written over thread-neutral names (threadIdx.x, i, N, ...).
  void access(protocol::AccessMode m, const std::vector<protocol::Expr>& index,
              const protocol::Expr& guard = protocol::bool_lit(true));
};

transform::SymbolicTrace random_trace(std::mt19937& rng);

// The small bounds of the brute force, as assumptions.
transform::SymbolicTrace bounded(transform::SymbolicTrace t);

using Assignment = std::map<std::string, std::int64_t>;

// Whether `a` (every variable of t) satisfies t's assumptions.
bool satisfies_assumptions(const transform::SymbolicTrace& t, const Assignment& a);
// Whether under `a` an access of thread 1 and one of thread 2 conflict:
// both guards true, conflicting modes, equal indices.
bool is_race(const transform::SymbolicTrace& t, const Assignment& a);

// What smt::solve's witness minimization lowers: the sum of w(v) * |v|,
// w = 4 for uniform variables (TraceVar::thread == 0) and 1 for per-thread
// ones. Over every variable: the minimization leaves out those an
// assumption fixes to a constant, which adds the same amount to every
// assignment, so minima compare alike.
std::int64_t witness_weight(const transform::SymbolicTrace& t, const Assignment& a);

struct BruteForce {
  bool racy = false;
  // With Goal::LightestRace, when racy: the least witness_weight of a race
  // within the bounds, and one race of that weight.
  std::optional<std::int64_t> min_weight;
  Assignment lightest;
};
enum class BruteForceGoal { AnyRace, LightestRace };

// Every assignment within the small bounds that satisfies the assumptions:
// AnyRace stops at the first race, LightestRace visits them all (skipping
// the partial assignments already too heavy to lower the minimum).
BruteForce brute_force(const transform::SymbolicTrace& t, BruteForceGoal goal);
inline bool brute_force_racy(const transform::SymbolicTrace& t) {
  return brute_force(t, BruteForceGoal::AnyRace).racy;
}

}  // namespace racecert::testkit
