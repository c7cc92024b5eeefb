#pragma once
#include <chrono>
#include <cstddef>
#include <functional>

namespace racecert {

// How long a parallel loop runs on the calling thread alone before it starts
// its other workers. A loop whose items are all short (the few small solver
// queries of a small kernel) then ends without a thread start, nor the
// per-thread state its items build (a Z3 context per solver thread costs
// several ms of CPU: docs/benchmarks.md "Start-up"); a long loop loses at
// most this much of its parallel time.
constexpr std::chrono::milliseconds kWorkerStartDelay{10};

// Runs body(i) for i in [0, n) on up to `jobs` threads (jobs <= 0: one per
// core): the calling thread at once, the others once `start_after` has passed
// with items left. Exceptions from a body are rethrown in the caller after
// all threads have joined; the first one wins.
void parallel_for(std::size_t n, int jobs, const std::function<void(std::size_t)>& body,
                  std::chrono::milliseconds start_after = kWorkerStartDelay);

// Number of hardware threads, at least 1.
int default_jobs();

}  // namespace racecert
