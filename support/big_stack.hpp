#pragma once
// Runs a function on a thread of its own with a large stack, and waits for
// it: for depth-first searches whose recursion depth grows with the input
// (the explorer's DPOR recurses once per event of an execution), which the
// main thread's 8 MiB would overflow, the sooner under a sanitizer. The
// memory is reserved, not committed: only the depth reached costs pages.
// An exception the function throws is rethrown in the caller.
#include <cstddef>
#include <functional>

namespace racecert {

inline constexpr std::size_t kBigStackBytes = std::size_t{1} << 30;  // 1 GiB

void run_with_big_stack(const std::function<void()>& f, std::size_t bytes = kBigStackBytes);

}  // namespace racecert
