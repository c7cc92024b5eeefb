#include "smt/context_maker.hpp"

#include <pthread.h>

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

namespace racecert::smt::detail {

namespace {

// Never destroyed: its thread is detached and may still be waiting when the
// process exits.
struct Maker {
  std::mutex mutex;
  std::condition_variable wake;  // the maker's: work to do
  std::condition_variable made;  // the askers': a context is ready, or the maker is idle
  std::size_t to_make = 0;       // asked for, not yet made
  std::size_t ahead = 0;         // of those, asked for ahead and not yet claimed
  std::deque<z3::context*> ready;
  std::vector<z3::context*> retired;
  bool busy = false;  // making or deleting, outside the lock
  bool thread_running = false;

  void run() {
    std::unique_lock<std::mutex> lock(mutex);
    for (;;) {
      wake.wait(lock, [this] { return to_make > 0; });
      std::vector<z3::context*> old;
      old.swap(retired);
      busy = true;
      lock.unlock();
      for (z3::context* c : old) delete c;
      auto* fresh = new z3::context;
      lock.lock();
      busy = false;
      --to_make;
      ready.push_back(fresh);
      made.notify_all();
    }
  }

  void ask() {  // with the lock held
    ++to_make;
    if (!thread_running) {
      thread_running = true;
      std::thread([this] { run(); }).detach();
    }
    wake.notify_one();
  }
};

void before_fork();
void after_fork_parent();
void after_fork_child();

Maker& maker() {
  static Maker* m = [] {
    auto* created = new Maker;
    pthread_atfork(before_fork, after_fork_parent, after_fork_child);
    return created;
  }();
  return *m;
}

// fork() copies only the calling thread: the child (the harness checks
// kernels in forked children) has no maker thread, and a context the
// parent was making is half made there. The child starts afresh; what the
// parent made or retired stays allocated, unused, in the child's copy.
void before_fork() { maker().mutex.lock(); }
void after_fork_parent() { maker().mutex.unlock(); }
void after_fork_child() {
  Maker& m = maker();
  m.to_make = m.ahead = 0;
  m.ready.clear();
  m.retired.clear();
  m.busy = m.thread_running = false;
  m.mutex.unlock();
}

// At exit, before libz3's own statics are destroyed (they were made first,
// so they go last): a context still being made or deleted must be done with
// them first. The contexts themselves stay allocated.
struct WaitAtExit {
  ~WaitAtExit() {
    Maker& m = maker();
    std::unique_lock<std::mutex> lock(m.mutex);
    m.made.wait(lock, [&m] { return !m.busy && m.to_make == 0; });
  }
} g_wait_at_exit;

}  // namespace

void RetireContext::operator()(z3::context* c) const {
  Maker& m = maker();
  std::lock_guard<std::mutex> lock(m.mutex);
  m.retired.push_back(c);
}

void make_context_ahead() {
  Maker& m = maker();
  std::lock_guard<std::mutex> lock(m.mutex);
  if (m.ahead > 0 || !m.ready.empty()) return;
  ++m.ahead;
  m.ask();
}

ContextPtr make_context() {
  Maker& m = maker();
  std::unique_lock<std::mutex> lock(m.mutex);
  // Each asker claims one context made for it: one asked for ahead, or its own.
  if (m.ahead > 0)
    --m.ahead;
  else
    m.ask();
  m.made.wait(lock, [&m] { return !m.ready.empty(); });
  z3::context* c = m.ready.front();
  m.ready.pop_front();
  return ContextPtr(c);
}

}  // namespace racecert::smt::detail
