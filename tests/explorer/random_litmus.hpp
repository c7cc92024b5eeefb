#pragma once
// Seeded generator of small random PTX litmus tests for differential testing
// of the DPOR against the brute-force reference.
#include <cstdint>
#include <string>

namespace racecert::explorer::testing {

struct RandomShape {
  int max_threads = 3;
  int max_instructions = 4;  // per thread
  int locations = 2;
  bool fences = true;
  int fence_weight = 2;      // out of about 20
  bool sandwich = false;     // every thread: access; fence; access (message-passing shapes)
  bool rmws = true;
  bool barriers = true;
  // Barriers with ids 0-1 and counts 1-3 (overfilled, exactly filled and
  // underfilled instances), some `bar.cta.arrive`, instead of `bar.cta.sync 0`.
  bool counted_barriers = false;
  bool branches = true;      // forward branches and spin loops
  // Barriers without a count at ids 0..countless_ids-1 (Dat3M's reading:
  // ids used by subsets of the threads), some behind a branch on a value
  // read, instead of `bar.cta.sync 0` (0: that one id only).
  int countless_ids = 0;
};

std::string random_litmus(std::uint64_t seed, const RandomShape& shape = {});

// The same test with every access strong at system scope (weak loads and
// stores become relaxed.sys, every scope sys): then every pair of accesses
// is morally strong under PTX, which is where SRC11 ⊆ PTX holds.
std::string strong_system_scope(std::string litmus);

}  // namespace racecert::explorer::testing
