#pragma once
// Seeded random programs for differential tests: small enough for the
// brute-force references, biased towards spin loops and shared locations so
// that most of them have cycles.
#include <random>

#include "progress/program.hpp"

namespace racecert::progress::testing {

struct RandomShape {
  int max_threads = 3;
  int max_length = 3;     // instructions per thread (0..max)
  int max_locations = 2;
  int max_value = 2;      // values 0..max_value
};

inline Program random_program(std::mt19937& rng, const RandomShape& shape = {}) {
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  Program p;
  const int threads = pick(1, shape.max_threads), locs = pick(1, shape.max_locations);
  for (int t = 0; t < threads; ++t) {
    Thread th;
    // Any thread may be empty (terminated from the start), thread 0 included:
    // that is where folding Terminate into the last step matters most (HSA).
    const int len = pick(0, shape.max_length);
    for (int pc = 0; pc < len; ++pc) {
      Instr i;
      i.loc = static_cast<std::uint32_t>(pick(0, locs - 1));
      i.check = static_cast<Value>(pick(0, shape.max_value));
      // Jumps backwards (spins) are likelier than forward ones.
      i.jump = static_cast<std::uint32_t>(pick(0, 2) ? pick(0, pc) : pick(0, len));
      i.exch = pick(0, 1) == 1;
      i.write = i.exch ? static_cast<Value>(pick(0, shape.max_value)) : 0;
      th.code.push_back(i);
    }
    p.threads.push_back(th);
  }
  if (p.instruction_count() == 0) p.threads[0].code.push_back(Instr{0, 0, 0, true, 1});
  name_locations_by_index(p);
  while (p.locations.size() < static_cast<std::size_t>(locs)) p.locations.push_back(std::to_string(p.locations.size()));
  return p;
}

}  // namespace racecert::progress::testing
