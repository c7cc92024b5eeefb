#pragma once
// Wall-clock limits that racecert enforces itself.
//
// Z3 4.8.12's own `timeout` parameter starts a `scoped_timer` whose worker
// pool can deadlock (a query's thread waits forever in pthread_mutex_lock
// inside libz3 while the timer thread waits on its condition variable): a
// `--timeout-ms 100` run hung in every try. So no Z3 call gets Z3's timeout;
// a Watchdog interrupts it instead (smt/solve_limits.hpp).
#include <chrono>
#include <cstdint>
#include <functional>

namespace racecert {

using Clock = std::chrono::steady_clock;

// A point in time after which work is abandoned; `never()` by default.
class Deadline {
 public:
  Deadline() = default;
  static Deadline never() { return Deadline(); }
  static Deadline after(std::chrono::milliseconds d) { return Deadline(Clock::now() + d); }
  static Deadline at(Clock::time_point t) { return Deadline(t); }

  bool is_never() const { return never_; }
  bool expired() const { return !never_ && Clock::now() >= at_; }
  Clock::time_point when() const { return never_ ? Clock::time_point::max() : at_; }
  // The earlier of the two.
  Deadline min(const Deadline& other) const { return when() <= other.when() ? *this : other; }

 private:
  explicit Deadline(Clock::time_point t) : at_(t), never_(false) {}
  Clock::time_point at_{};
  bool never_ = true;
};

// One process-wide thread that calls each registered action when its
// deadline passes, and then again every `kRepeat` until the registration
// ends. The repetition matters: Z3 does not remember an interrupt that lands
// before a check has started its search, so one interrupt sent in that
// window would be lost and the check would run unbounded.
class Watchdog {
 public:
  static constexpr std::chrono::milliseconds kRepeat{20};

  // While a Guard lives, `action` fires at `deadline` and every kRepeat
  // after it. The action runs on the watchdog's thread, never after the
  // Guard's destructor returns. fired() tells whether it ran at least once.
  class Guard {
   public:
    Guard(Deadline deadline, std::function<void()> action);
    ~Guard();
    Guard(const Guard&) = delete;
    Guard& operator=(const Guard&) = delete;
    bool fired() const;

   private:
    std::uint64_t id_ = 0;
  };
};

// Runs `task` on a pooled thread and waits for it until `give_up`. Returns
// true when it finished (an exception it threw is rethrown here). Returns
// false when it did not: the caller goes on, and the task runs to its end on
// its own thread, which then rejoins the pool. So the task must own what it
// touches (capture by value, hand results back through a shared_ptr).
//
// This is the last line behind the Watchdog: Z3's nonlinear arithmetic can
// go seconds without looking at its interrupt flag (4 s past a 100 ms limit
// was seen), and a limit must hold regardless. Pooled threads keep their
// thread_local state (a Z3 context) from one task to the next.
bool run_until(const Deadline& give_up, std::function<void()> task);

}  // namespace racecert
