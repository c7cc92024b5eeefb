#pragma once
// How many seeds a randomized differential test runs. The Release suite runs
// every seed. The sanitizer suite (scripts/test --sanitize, which sets
// RACECERT_TEST_TIMEOUT_MS) runs about ten times slower and is there to find
// memory errors and undefined behaviour, which every third seed of a range
// exercises as well; checking all of them again would cost CI several
// minutes for no new coverage of the verdicts.
#include <cstdlib>

namespace racecert::testkit {

inline unsigned seed_stride() { return std::getenv("RACECERT_TEST_TIMEOUT_MS") ? 3u : 1u; }

// How many of `count` consecutive seeds the stride visits: tests scale their
// expected counts ("more than a fifth are racy") by it.
inline int seeds_checked(unsigned count) { return static_cast<int>((count + seed_stride() - 1) / seed_stride()); }

}  // namespace racecert::testkit
