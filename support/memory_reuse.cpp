#include "support/memory_reuse.hpp"

#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <vector>

#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>

namespace racecert {

void keep_freed_memory_for_reuse() {
  // Setting either value also turns off glibc's dynamic adjustment of both.
  mallopt(M_MMAP_THRESHOLD, 16 << 20);
  mallopt(M_TRIM_THRESHOLD, 32 << 20);
  mallopt(M_MXFAST, 0);
}

void populate_arena(std::size_t bytes) {
#if !defined(__SANITIZE_ADDRESS__)
#ifndef MADV_POPULATE_WRITE
  constexpr int MADV_POPULATE_WRITE = 23;  // Linux 5.14; older headers lack it
#endif
  // Blocks under the mmap threshold (keep_freed_memory_for_reuse), so that
  // they come from the arena, next to each other, and merge back into its
  // top when freed (nothing else may be allocated between them: a vector
  // growing there split the freed space into blocks too small for a table).
  constexpr std::size_t kBlock = 2u << 20;
  constexpr std::size_t kMaxBlocks = 32;
  const auto page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
  void* blocks[kMaxBlocks];
  std::size_t n = 0;
  for (std::size_t done = 0; done < bytes && n < kMaxBlocks; done += kBlock) {
    void* b = std::malloc(kBlock);
    if (!b) break;
    blocks[n++] = b;
    auto first = (reinterpret_cast<std::uintptr_t>(b) + page - 1) & ~(page - 1);
    auto last = (reinterpret_cast<std::uintptr_t>(b) + kBlock) & ~(page - 1);
    if (last > first) madvise(reinterpret_cast<void*>(first), last - first, MADV_POPULATE_WRITE);
  }
  while (n > 0) std::free(blocks[--n]);
#else
  (void)bytes;
#endif
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
