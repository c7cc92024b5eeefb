#pragma once
#include <cstddef>
#include <functional>

namespace racecert {

// Runs body(i) for i in [0, n) on up to `jobs` threads (jobs <= 0: one per
// core). Exceptions from a body are rethrown in the caller after all threads
// have joined; the first one wins.
void parallel_for(std::size_t n, int jobs, const std::function<void(std::size_t)>& body);

// Number of hardware threads, at least 1.
int default_jobs();

}  // namespace racecert
