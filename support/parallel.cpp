#include "support/parallel.hpp"

#include <atomic>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace racecert {

int default_jobs() {
  unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : static_cast<int>(n);
}

void parallel_for(std::size_t n, int jobs, const std::function<void(std::size_t)>& body,
                  std::chrono::milliseconds start_after) {
  if (jobs <= 0) jobs = default_jobs();
  std::size_t workers = std::min<std::size_t>(static_cast<std::size_t>(jobs), n);
  if (workers <= 1) {
    for (std::size_t i = 0; i < n; ++i) body(i);
    return;
  }
  std::atomic<std::size_t> next{0};
  std::exception_ptr first_error;
  std::mutex mutex;  // guards first_error and taken_all
  std::condition_variable taken;
  bool taken_all = false;  // every item was taken: no worker is needed any more
  auto work = [&] {
    for (std::size_t i = next++; i < n; i = next++) {
      try {
        body(i);
      } catch (...) {
        std::lock_guard<std::mutex> lock(mutex);
        if (!first_error) first_error = std::current_exception();
      }
    }
  };
  // The starter waits `start_after` (or until the caller has taken every
  // item), then starts the other workers and works itself.
  std::vector<std::thread> threads;
  std::thread starter([&] {
    {
      std::unique_lock<std::mutex> lock(mutex);
      if (start_after.count() > 0 && taken.wait_for(lock, start_after, [&] { return taken_all; })) return;
    }
    if (next.load() >= n) return;
    for (std::size_t t = 2; t < workers; ++t) threads.emplace_back(work);
    work();
    for (auto& t : threads) t.join();
  });
  work();
  {
    std::lock_guard<std::mutex> lock(mutex);
    taken_all = true;
  }
  taken.notify_one();
  starter.join();
  if (first_error) std::rethrow_exception(first_error);
}

}  // namespace racecert
