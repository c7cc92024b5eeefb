#pragma once
// Internal: how racecert runs Z3. Every check goes through limited_check, so
// that each one ends by its deadline, and every query runs on a pooled
// solver thread through run_bounded, so that the caller goes on even when
// Z3 ignores an interrupt for seconds (support/deadline.hpp says why both).
// Z3's own `timeout` parameter is never used: in Z3 4.8.12 its timer can
// deadlock the process.
#include <atomic>
#include <functional>
#include <memory>
#include <string>

#include <z3++.h>

#include "smt/context_maker.hpp"
#include "support/deadline.hpp"

namespace racecert::smt::detail {

// A Z3 context that the works of one run_bounded call after another use in
// turn (a QueryContext hands it on; smt/query.hpp). `spoiled` says a check in
// it was interrupted: Z3 4.8.12 keeps an interrupt that lands between checks
// and would cancel the next one, so the next work gets a new context. Made
// by make_context (smt/context_maker.hpp).
struct SharedContext {
  ContextPtr owned = make_context();
  z3::context& ctx = *owned;
  std::atomic<bool> spoiled = false;
};

// The Z3 context of the calling thread. Inside run_bounded it is the work's
// shared context when it was given one, else fresh for each work: Z3's run
// time on a query depends on what its context saw before (docs/smt-encoding.md,
// "Deterministic solver runs"), and a verdict must not depend on which pooled
// thread ran the query or what it ran before. A fresh context costs about
// 1.5 ms when it reuses the memory of the last one, else 6 ms and 4,000
// page faults (smt/context_maker.hpp says how they reuse it).
z3::context& thread_context();

struct LimitedResult {
  z3::check_result result = z3::unknown;
  bool timed_out = false;  // the deadline passed (before or during the check)
  bool out_of_rlimit = false;  // the rlimit ran out (reason kOutOfRlimit)
  std::string reason;          // for unknown: Z3's reason, "timeout" or kOutOfRlimit
};

// Z3's own words for it elsewhere (its QF_NIA tactic says them).
inline constexpr const char* kOutOfRlimit = "max. resource limit exceeded";

// s.check() that returns unknown (timed_out) once `deadline` has passed: a
// Watchdog interrupts the context (Z3_interrupt). Z3's SIGINT handler is
// turned off for the solver: Ctrl-C must stop racecert, not just a query.
// A non-zero `rlimit` also bounds Z3's own resource count for the check: a
// limit that gives the same answer on a loaded machine as on an idle one.
LimitedResult limited_check(z3::solver& s, const Deadline& deadline, unsigned rlimit = 0);

// How many checks limited_check has begun in this process: the tests read
// which questions were asked at all.
std::size_t checks_begun();

// How long past its deadline a solver thread may run before its caller
// stops waiting for it.
constexpr std::chrono::milliseconds kAbandonGrace{100};

// Runs `work` on a solver thread and waits until `deadline` plus
// kAbandonGrace. Returns false when it gave up; `work` then finishes on its
// own, so it must own what it touches (it holds `shared` until then).
// thread_context() in `work` is `shared`'s context, or a fresh one when
// `shared` is null.
bool run_bounded(const Deadline& deadline, std::function<void()> work,
                 std::shared_ptr<SharedContext> shared = nullptr);

}  // namespace racecert::smt::detail
