#include "support/deadline.hpp"

#include <pthread.h>

#include <condition_variable>
#include <exception>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace racecert {

namespace {

struct Registration {
  Clock::time_point next;  // when the action fires next
  std::function<void()> action;
  bool fired = false;
};

// The watchdog's state. It is never destroyed: its thread is detached and
// may still wait on the condition variable while the process exits.
struct State {
  std::mutex mutex;
  std::condition_variable wake;
  std::map<std::uint64_t, Registration> live;
  std::uint64_t next_id = 1;
  bool thread_running = false;

  void run() {
    std::unique_lock<std::mutex> lock(mutex);
    for (;;) {
      auto earliest = Clock::time_point::max();
      for (const auto& [id, r] : live) earliest = std::min(earliest, r.next);
      if (earliest == Clock::time_point::max()) {
        wake.wait(lock);
        continue;
      }
      if (Clock::now() < earliest) {
        wake.wait_until(lock, earliest);
        continue;
      }
      // Actions run under the lock, so none runs after its Guard is gone.
      auto now = Clock::now();
      for (auto& [id, r] : live) {
        if (r.next > now) continue;
        r.fired = true;
        r.action();
        r.next = now + Watchdog::kRepeat;
      }
    }
  }

  void ensure_thread() {  // with the lock held
    if (thread_running) return;
    thread_running = true;
    std::thread([this] { run(); }).detach();
  }
};

State& state();
struct Pool;
Pool& pool();

// fork() copies only the calling thread: the child has the registrations
// but no watchdog thread, and maybe a mutex locked by a thread that does not
// exist there. Holding the mutex across fork and starting afresh in the
// child keeps limits working in forked workers (the harness runs kernels
// in-process in forked children).
void before_fork();
void after_fork_parent();
void after_fork_child();

State& state() {
  static State* s = [] {
    auto* created = new State;
    pthread_atfork(before_fork, after_fork_parent, after_fork_child);
    return created;
  }();
  return *s;
}

// What one call of run_until waits for.
struct Completion {
  std::mutex mutex;
  std::condition_variable done_cv;
  bool done = false;
  std::exception_ptr error;
};

// Threads that run tasks; an idle one waits for its next task. Workers are
// never destroyed (an abandoned one may still be running at exit).
struct Worker {
  std::mutex mutex;
  std::condition_variable wake;
  std::function<void()> task;
};

struct Pool {
  std::mutex mutex;
  std::vector<Worker*> idle;

  Worker* acquire() {
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (!idle.empty()) {
        Worker* w = idle.back();
        idle.pop_back();
        return w;
      }
    }
    auto* w = new Worker;
    std::thread([this, w] { serve(w); }).detach();
    return w;
  }

  void serve(Worker* w) {
    for (;;) {
      std::function<void()> task;
      {
        std::unique_lock<std::mutex> lock(w->mutex);
        w->wake.wait(lock, [w] { return static_cast<bool>(w->task); });
        task = std::move(w->task);
        w->task = nullptr;
      }
      task();
      std::lock_guard<std::mutex> lock(mutex);
      idle.push_back(w);
    }
  }
};

Pool& pool() {
  static Pool* p = new Pool;
  return *p;
}

void before_fork() {
  state().mutex.lock();
  pool().mutex.lock();
}
void after_fork_parent() {
  pool().mutex.unlock();
  state().mutex.unlock();
}
void after_fork_child() {
  // No thread of the parent's pool or watchdog exists in the child.
  Pool& p = pool();
  p.idle.clear();
  p.mutex.unlock();
  State& s = state();
  s.live.clear();
  s.thread_running = false;
  s.mutex.unlock();
}

}  // namespace

bool run_until(const Deadline& give_up, std::function<void()> task) {
  state();  // registers the fork handlers before any pooled thread exists
  auto completion = std::make_shared<Completion>();
  Worker* w = pool().acquire();
  {
    std::lock_guard<std::mutex> lock(w->mutex);
    w->task = [completion, task = std::move(task)]() mutable {
      std::exception_ptr error;
      try {
        task();
      } catch (...) {
        error = std::current_exception();
      }
      // What the task holds goes before its caller wakes: a caller that
      // goes on to ask for a Z3 context finds the last one handed back.
      task = nullptr;
      std::lock_guard<std::mutex> lock(completion->mutex);
      completion->done = true;
      completion->error = error;
      completion->done_cv.notify_all();
    };
  }
  w->wake.notify_one();
  std::unique_lock<std::mutex> lock(completion->mutex);
  if (give_up.is_never())
    completion->done_cv.wait(lock, [&] { return completion->done; });
  else if (!completion->done_cv.wait_until(lock, give_up.when(), [&] { return completion->done; }))
    return false;
  if (completion->error) std::rethrow_exception(completion->error);
  return true;
}

Watchdog::Guard::Guard(Deadline deadline, std::function<void()> action) {
  if (deadline.is_never()) return;  // id_ 0: nothing registered
  State& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.ensure_thread();
  id_ = s.next_id++;
  s.live.emplace(id_, Registration{deadline.when(), std::move(action), false});
  s.wake.notify_one();
}

Watchdog::Guard::~Guard() {
  if (id_ == 0) return;
  State& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.live.erase(id_);
}

bool Watchdog::Guard::fired() const {
  if (id_ == 0) return false;
  State& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  auto it = s.live.find(id_);
  return it != s.live.end() && it->second.fired;
}

}  // namespace racecert
