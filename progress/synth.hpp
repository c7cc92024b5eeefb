#pragma once
// Progress litmus test synthesis (§5): every canonical program within the
// bounds that satisfies the paper's constraints (synth_constraints.hpp),
// classified under the 11 models (classify.hpp). Exhaustive, so the result
// is the complete set for the bounds, not what a solver found in its time.
#include <array>
#include <cstdint>
#include <vector>

#include "progress/classify.hpp"
#include "progress/synth_constraints.hpp"
#include "progress/synth_enumerate.hpp"

namespace racecert::progress {

struct SynthOptions {
  int jobs = 0;                    // threads (<= 0: one per core)
  std::size_t max_states = 0;      // the paper's caps on the LTS (0: none)
  std::size_t max_actions = 0;
  bool allow_nops = true;          // the paper's AXB space has them; --no-nops drops them
  bool classify = true;
  std::uint64_t max_candidates = 200'000'000'000ull;  // refuse bounds estimated beyond this
};

struct SynthTest {
  Program program;
  std::uint32_t states = 0, actions = 0;
  Labels labels;
};

struct SynthStats {
  std::uint64_t candidates = 0;
  std::array<std::uint64_t, static_cast<std::size_t>(Reject::kCount)> rejected{};
  double enumerate_seconds = 0, classify_seconds = 0;
};

struct SynthResult {
  SynthBounds bounds;
  std::vector<SynthTest> tests;
  SynthStats stats;
  Table4 table4;
};

// Throws racecert::Error (usage) for bounds beyond the dense representation
// or estimated to have more than max_candidates candidates.
SynthResult synthesize(const SynthBounds& b, const SynthOptions& o = {});

// An upper bound on the number of candidates (before symmetry reduction).
double estimate_candidates(const SynthBounds& b, bool allow_nops);

}  // namespace racecert::progress
