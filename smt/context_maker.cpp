#include "smt/context_maker.hpp"

#include <pthread.h>
#include <unistd.h>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <new>
#include <thread>
#include <vector>

#include "support/memory_reuse.hpp"

namespace racecert::smt::detail {

namespace {

// What the tests read (contexts_handed_out, contexts_made).
std::atomic<std::size_t> handed_out{0};
std::atomic<std::size_t> made_count{0};

// What a Z3 4.8.12 context allocates when it is made: two tables of 8.5 MB
// and smaller parts.
constexpr std::size_t kContextBytes = 18u << 20;
// Contexts handed back and not yet deleted (a kernel's checks hold two or
// three at a time; parallel ones more).
constexpr std::size_t kMaxRetired = 4;

// Never destroyed: its thread is detached and may still be waiting when the
// process exits.
struct Maker {
  std::mutex mutex;
  std::condition_variable wake;  // the maker's: work to do
  std::condition_variable made;  // the askers': a context is ready, or the maker is idle
  std::size_t to_make = 0;       // asked for, not yet made
  std::deque<z3::context*> ready;
  std::vector<z3::context*> retired;  // handed back, deleted just before the next is made
  bool busy = false;               // making or deleting, outside the lock
  pid_t running_in = 0;            // the process whose maker thread runs (none in a forked child)

  bool running() const { return running_in == getpid(); }

  void run() {
    std::unique_lock<std::mutex> lock(mutex);
    for (;;) {
      wake.wait(lock, [this] { return to_make > 0; });
      std::vector<z3::context*> old;
      old.swap(retired);
      busy = true;
      lock.unlock();
      for (z3::context* c : old) delete c;
      // With none deleted (the first context, or one asked for while the
      // others are in use) the context would fault in every page of its
      // tables one by one.
      if (old.empty()) populate_arena(kContextBytes);
      auto* fresh = new z3::context;
      ++made_count;
      lock.lock();
      busy = false;
      --to_make;
      ready.push_back(fresh);
      made.notify_all();
    }
  }

  void ask() {  // with the lock held
    ++to_make;
    if (!running()) {
      running_in = getpid();
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
// kernels in forked children) has no maker thread. The fork waits until the
// maker is between contexts: one half made or half deleted there could hold
// a lock of Z3's (its memory counters) that no thread of the child would
// ever release. The child starts afresh; what the parent made or retired
// stays allocated, unused, in the child's copy.
void before_fork() {
  Maker& m = maker();
  std::unique_lock<std::mutex> lock(m.mutex);
  m.made.wait(lock, [&m] { return !m.busy; });
  lock.release();  // held across the fork; the handlers below unlock it
}
void after_fork_parent() { maker().mutex.unlock(); }
void after_fork_child() {
  Maker& m = maker();
  // The parent's maker thread may have been waiting on these: their copies
  // count a waiter the child does not have, and a signal would wait for it.
  new (&m.wake) std::condition_variable;
  new (&m.made) std::condition_variable;
  m.to_make = 0;
  m.ready.clear();
  m.retired.clear();
  m.busy = false;
  m.running_in = 0;
  m.mutex.unlock();
}

// At exit, before libz3's own statics are destroyed (they were made first,
// so they go last): a context still being made or deleted must be done with
// them first. The contexts themselves stay allocated.
// Made at load time too, while the process has one thread: a fork() while
// another thread ran maker()'s first call would leave the child its copy of
// the static's guard marked "being initialized", and the child's first
// make_context() would wait on it forever (measured: 3 hung children in 40
// runs of ContextMaker.AForkedChildMakesItsOwn).
struct WaitAtExit {
  WaitAtExit() { maker(); }
  ~WaitAtExit() {
    Maker& m = maker();
    std::unique_lock<std::mutex> lock(m.mutex);
    if (!m.running()) return;
    m.made.wait(lock, [&m] { return !m.busy && m.to_make == 0; });
  }
} g_wait_at_exit;

}  // namespace

void RetireContext::operator()(z3::context* c) const {
  Maker& m = maker();
  {
    std::lock_guard<std::mutex> lock(m.mutex);
    // Kept until the maker makes the next context, which reuses their
    // memory (the last ones of a run are never deleted: a deletion costs 1
    // to 3 ms). A few at most: more are deleted here.
    if (m.running() && m.retired.size() < kMaxRetired) {
      m.retired.push_back(c);
      return;
    }
  }
  delete c;
}

std::size_t contexts_handed_out() { return handed_out.load(); }
std::size_t contexts_made() { return made_count.load(); }

ContextPtr make_context() {
  ++handed_out;
  Maker& m = maker();
  std::unique_lock<std::mutex> lock(m.mutex);
  // One the idle maker makes for this asker alone. While the maker serves
  // another asker, this one makes its own: parallel checks never queue
  // behind one thread.
  if (m.to_make == 0 && m.ready.empty()) {
    m.ask();
  } else {
    lock.unlock();
    ++made_count;
    return ContextPtr(new z3::context);
  }
  m.made.wait(lock, [&m] { return !m.ready.empty(); });
  z3::context* c = m.ready.front();
  m.ready.pop_front();
  return ContextPtr(c);
}

}  // namespace racecert::smt::detail
