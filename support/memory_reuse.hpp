#pragma once
// How the process's allocator keeps freed memory (glibc's malloc), and
// memory a process about to exit does not free.
#include <cstddef>
#include <memory>
#include <type_traits>
#include <utility>

namespace racecert {

// Called first in main, before any thread starts. Each Z3 context allocates
// and touches two tables of 8.5 MB when it is made; by default glibc maps
// such blocks fresh and unmaps (or trims) them when the context goes, so
// every context paid about 4,000 page faults, some 5 ms: more than most
// queries, and a check makes one context per group of queries and per
// implication closure (issue 18). With a fixed mmap threshold above those
// tables and a trim threshold above two of them, the next context reuses
// the memory already mapped. Fast bins are off: a free of a large block
// (a grown vector) first merged every small chunk waiting in them, and a
// large kernel frees millions of expression nodes, so that merging was up to
// 9 % of its check (issue 18: 10 % faster on a 50,000-statement kernel of
// bounds-checked updates, no change on small kernels; small blocks are
// still cached per thread). A no-op under AddressSanitizer's allocator.
void keep_freed_memory_for_reuse();

// Makes the calling thread's malloc arena hold `bytes` of free memory whose
// pages are already mapped, so that the blocks allocated next there take no
// page faults. One madvise(MADV_POPULATE_WRITE) maps them all in one go, at
// about two thirds of the CPU time that faulting them in one by one takes
// (the first Z3 context's tables: issue 18). Does nothing where the kernel
// lacks it (before Linux 5.14) or under AddressSanitizer's allocator.
void populate_arena(std::size_t bytes);

namespace detail {
void keep_forever(std::shared_ptr<void> kept);
}

// Moves `value` into a holder that is never destroyed. For a process that
// exits right after: freeing a large kernel's millions of nodes one by one
// (its IR, protocol and traces) took 5 % of the check of a 50,000-statement
// kernel, and the system takes the pages back at once (clang -cc1 leaves
// its AST the same way, -disable-free; issue 18). The holder stays
// reachable from a global, so leak checkers do not report it. Never for a
// long-lived process: each call keeps its value until exit.
template <class T> void leave_allocated(T&& value) {
  using Plain = std::remove_cvref_t<T>;
  detail::keep_forever(std::shared_ptr<void>(new Plain(std::forward<T>(value)), [](void*) {}));
}

}  // namespace racecert
