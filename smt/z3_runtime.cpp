#include "smt/z3_runtime.hpp"

#include <atomic>
#include <memory>

namespace racecert::smt::detail {

namespace {

thread_local ContextPtr t_context;
thread_local SharedContext* t_shared = nullptr;  // the running work's, if it was given one
std::atomic<std::size_t> begun{0};

}  // namespace

z3::context& thread_context() {
  if (t_shared) return t_shared->ctx;
  if (!t_context) t_context = make_context();
  return *t_context;
}

std::size_t checks_begun() { return begun.load(); }

LimitedResult limited_check(z3::solver& s, const Deadline& deadline, unsigned rlimit) {
  ++begun;
  LimitedResult out;
  if (deadline.expired()) {
    out.timed_out = true;
    out.reason = "timeout";
    return out;
  }
  z3::params p(s.ctx());
  p.set("ctrl_c", false);
  if (rlimit > 0) p.set("rlimit", rlimit);  // a counter, not a timer: safe in 4.8.12
  s.set(p);
  Z3_context ctx = s.ctx();
  {
    Watchdog::Guard guard(deadline, [ctx] { Z3_interrupt(ctx); });
    out.result = s.check();
    out.timed_out = out.result == z3::unknown && guard.fired();
    // Any context the work checks in may be the shared one (a fresh one
    // spoiled by this flag only costs a context).
    if (guard.fired() && t_shared) t_shared->spoiled = true;
  }
  if (out.result == z3::unknown && !out.timed_out && rlimit > 0) {
    // Z3 4.8.12 says only "unknown" when the rlimit runs out: its counter says it.
    z3::stats st = s.statistics();
    for (unsigned k = 0; k < st.size(); ++k)
      if (st.key(k) == "rlimit count" && st.is_uint(k) && st.uint_value(k) >= rlimit) out.out_of_rlimit = true;
  }
  if (out.result == z3::unknown)
    out.reason = out.timed_out ? "timeout" : out.out_of_rlimit ? kOutOfRlimit : s.reason_unknown();
  return out;
}

bool run_bounded(const Deadline& deadline, std::function<void()> work, std::shared_ptr<SharedContext> shared) {
  Deadline give_up = deadline.is_never() ? deadline : Deadline::at(deadline.when() + kAbandonGrace);
  return run_until(give_up, [work = std::move(work), shared = std::move(shared)] {
    // Every Z3 object of the work is gone when it returns: the thread's own
    // context goes too, so that the next work starts from a fresh one (or
    // from its shared one, whose history the caller fixes). Z3's search
    // depends on the history of its context (term ids, caches): a reused
    // context made the same query take 0.01 s or 0.5 s (issue 18), by which
    // pooled thread ran it.
    t_shared = shared.get();
    auto renew = [] {
      t_shared = nullptr;
      t_context.reset();
    };
    try {
      work();
    } catch (...) {
      if (shared) shared->spoiled = true;
      renew();
      throw;
    }
    renew();
  });
}

}  // namespace racecert::smt::detail
