// leave_allocated: the value handed over is never destroyed (the point: no
// teardown at exit), and what it owns stays valid. populate_arena: a table
// allocated after it in the same thread is touched without page faults.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <cstdlib>
#include <cstring>
#include <latch>
#include <memory>
#include <thread>
#include <vector>

#include "support/memory_reuse.hpp"

namespace {

struct Counted {
  explicit Counted(int* destroyed) : destroyed(destroyed) {}
  Counted(Counted&& o) noexcept : destroyed(o.destroyed), items(std::move(o.items)) { o.destroyed = nullptr; }
  ~Counted() {
    if (destroyed) ++*destroyed;
  }
  int* destroyed;
  std::vector<int> items;
};

TEST(LeaveAllocated, TheValueIsNeverDestroyed) {
  int destroyed = 0;
  {
    Counted c(&destroyed);
    c.items = {1, 2, 3};
    racecert::leave_allocated(std::move(c));
    EXPECT_TRUE(c.items.empty());  // moved into the holder
  }
  EXPECT_EQ(destroyed, 0);  // neither the moved-from local nor the kept value counted
  {
    Counted d(&destroyed);
  }
  EXPECT_EQ(destroyed, 1);  // the counter works
}

TEST(LeaveAllocated, WhatItOwnsStaysValid) {
  auto shared = std::make_shared<int>(7);
  std::weak_ptr<int> watch = shared;
  racecert::leave_allocated(std::move(shared));
  EXPECT_FALSE(watch.expired());
  EXPECT_EQ(*watch.lock(), 7);
}

long minor_faults_of_this_thread() {
  rusage u{};
  getrusage(RUSAGE_THREAD, &u);
  return u.ru_minflt;
}

// The page faults a thread takes to allocate and fill a block of the size
// of a Z3 context's tables (8.5 MB), after populating its arena or not.
// Both threads stay alive until both have measured, so that each has an
// arena of its own: glibc hands an ended thread's arena to the next new
// thread, and the second would reuse the table the first freed.
TEST(PopulateArena, ATableAllocatedAfterItTakesNoPageFaults) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "AddressSanitizer's allocator has no arenas to populate";
#else
  racecert::keep_freed_memory_for_reuse();  // as racecert's main does: the block comes from the arena
  long faults[2] = {-1, -1};
  std::latch measured(2);
  auto fill = [&](int populate) {
    if (populate) racecert::populate_arena(12u << 20);
    long before = minor_faults_of_this_thread();
    constexpr std::size_t kTable = 8500000;
    auto* table = static_cast<char*>(std::malloc(kTable));
    std::memset(table, 1, kTable);
    asm volatile("" : : "r"(table) : "memory");  // else the compiler drops the unread block
    faults[populate] = minor_faults_of_this_thread() - before;
    std::free(table);
    measured.arrive_and_wait();
  };
  std::thread plain(fill, 0), populated(fill, 1);
  plain.join();
  populated.join();
  EXPECT_GT(faults[0], 1000);  // a fault per page: 2,076 pages
  EXPECT_LT(faults[1], 100);
#endif
}

}  // namespace
