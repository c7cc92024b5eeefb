#pragma once
// The verdict every checker of this library produces (the algorithm, the
// paper's direct form and the brute-force reference), so that they can be
// compared on the same programs.
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "barriers/simulator.hpp"

namespace racecert::barriers {

enum class Outcome { RaceFree, Racy, NotWellSynchronized, Unknown };
const char* to_string(Outcome o);

// One thread's execution of an access command.
struct AccessRef {
  CmdRef at;
  std::uint32_t thread = 0;  // threadIdx.x
};

struct Race {
  AccessRef first, second;  // first.at <= second.at
  std::uint32_t var = 0;
  std::int64_t address = 0;
};

struct Verdict {
  Outcome outcome = Outcome::RaceFree;
  std::optional<SyncViolation> violation;  // when NotWellSynchronized
  std::vector<Race> races;          // one witness per racing command pair (maybe capped)
  std::uint64_t racing_pairs = 0;   // distinct racing command pairs found
  bool racing_pairs_capped = false; // the race search stopped early: "at least"

  // The racing command pairs (first <= second), sorted, from `races`.
  std::vector<std::pair<CmdRef, CmdRef>> pairs() const;
};

}  // namespace racecert::barriers
