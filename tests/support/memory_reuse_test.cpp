// leave_allocated: the value handed over is never destroyed (the point: no
// teardown at exit), and what it owns stays valid.
#include <gtest/gtest.h>

#include <memory>
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

}  // namespace
