#include "support/memory_reuse.hpp"

#include <mutex>
#include <vector>

#include <malloc.h>

namespace racecert {

void keep_freed_memory_for_reuse() {
  // Setting either value also turns off glibc's dynamic adjustment of both.
  mallopt(M_MMAP_THRESHOLD, 16 << 20);
  mallopt(M_TRIM_THRESHOLD, 32 << 20);
  mallopt(M_MXFAST, 0);
}

namespace detail {

void keep_forever(std::shared_ptr<void> kept) {
  // Allocated once and never deleted: its contents are never destroyed.
  static std::mutex* lock = new std::mutex;
  static std::vector<std::shared_ptr<void>>* all = new std::vector<std::shared_ptr<void>>;
  std::lock_guard<std::mutex> guard(*lock);
  all->push_back(std::move(kept));
}

}  // namespace detail

}  // namespace racecert
