#pragma once
// How the process's allocator keeps freed memory (glibc's malloc).

namespace racecert {

// Called first in main, before any thread starts. Each Z3 context allocates
// and touches two tables of 8.5 MB when it is made; by default glibc maps
// such blocks fresh and unmaps (or trims) them when the context goes, so
// every context paid about 4,000 page faults, some 5 ms: more than most
// queries, and a check makes one context per group of queries and per
// implication closure (issue 18). With a fixed mmap threshold above those
// tables and a trim threshold above two of them, the next context reuses
// the memory already mapped. A no-op under AddressSanitizer's allocator.
void keep_freed_memory_for_reuse();

}  // namespace racecert
