#include "smt/z3_runtime.hpp"

#include <memory>

namespace racecert::smt::detail {

namespace {

thread_local std::unique_ptr<z3::context> t_context;
thread_local bool t_interrupted = false;  // t_context was interrupted at least once

}  // namespace

z3::context& thread_context() {
  if (!t_context) t_context = std::make_unique<z3::context>();
  return *t_context;
}

LimitedResult limited_check(z3::solver& s, const Deadline& deadline, unsigned rlimit) {
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
    if (guard.fired()) t_interrupted = true;
    out.timed_out = out.result == z3::unknown && guard.fired();
  }
  if (out.result == z3::unknown) out.reason = out.timed_out ? "timeout" : s.reason_unknown();
  return out;
}

bool run_bounded(const Deadline& deadline, std::function<void()> work) {
  Deadline give_up = deadline.is_never() ? deadline : Deadline::at(deadline.when() + kAbandonGrace);
  return run_until(give_up, [work = std::move(work)] {
    // Every Z3 object of the work is gone when it returns: the context can go too.
    auto renew = [] {
      if (t_interrupted) t_context.reset();
      t_interrupted = false;
    };
    try {
      work();
    } catch (...) {
      renew();
      throw;
    }
    renew();
  });
}

}  // namespace racecert::smt::detail
