// support/parallel: every item runs once, on the calling thread alone while
// the start delay lasts, and on several threads when the items need them.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

#include "support/parallel.hpp"

namespace racecert {
namespace {

using namespace std::chrono_literals;

TEST(ParallelFor, RunsEveryItemExactlyOnce) {
  for (std::size_t n : {0, 1, 2, 5, 300})
    for (int jobs : {0, 1, 2, 4})
      for (auto delay : {0ms, 1ms, kWorkerStartDelay}) {
        std::vector<std::atomic<int>> runs(n);
        parallel_for(n, jobs, [&](std::size_t i) { ++runs[i]; }, delay);
        for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(runs[i].load(), 1) << n << " items, -j " << jobs << ", item " << i;
      }
}

// Items that end before the delay never leave the calling thread.
TEST(ParallelFor, ShortItemsStayOnTheCallingThread) {
  std::mutex m;
  std::set<std::thread::id> threads;
  parallel_for(50, 4, [&](std::size_t) {
    std::lock_guard<std::mutex> lock(m);
    threads.insert(std::this_thread::get_id());
  }, std::chrono::hours(1));
  EXPECT_EQ(threads, std::set<std::thread::id>{std::this_thread::get_id()});
}

// Two items that each wait for the other to start finish only if a second
// worker starts: immediately, or after the default delay.
TEST(ParallelFor, StartsTheOtherWorkersWhenItemsLast) {
  for (auto delay : {0ms, kWorkerStartDelay}) {
    std::mutex m;
    std::condition_variable cv;
    int started = 0;
    std::set<std::thread::id> threads;
    parallel_for(2, 2, [&](std::size_t) {
      std::unique_lock<std::mutex> lock(m);
      threads.insert(std::this_thread::get_id());
      ++started;
      cv.notify_all();
      cv.wait(lock, [&] { return started == 2; });
    }, delay);
    EXPECT_EQ(threads.size(), 2u);
  }
}

TEST(ParallelFor, RethrowsTheFirstErrorAfterEveryItemRan) {
  for (auto delay : {0ms, kWorkerStartDelay}) {
    std::atomic<int> runs = 0;
    EXPECT_THROW(parallel_for(20, 2, [&](std::size_t i) {
      ++runs;
      if (i % 5 == 0) throw std::runtime_error("item " + std::to_string(i));
    }, delay), std::runtime_error);
    EXPECT_EQ(runs.load(), 20);
  }
}

}  // namespace
}  // namespace racecert
