#pragma once
// A deliberately naive re-implementation of the synthesis constraints and
// of symmetry reduction, for cross-checking progress/synth_*: raw programs
// are enumerated without canonical restrictions, explored with std::map,
// checked by the definitions, and canonicalized by trying every location
// permutation and every per-location permutation of non-zero values.
#include <string>
#include <vector>

#include "progress/synth_enumerate.hpp"

namespace racecert::progress::naive {

bool accepts(const Program& p);
// Every program of the bounds' raw instruction space (meaningful comparisons
// applied; no-ops at location 0).
std::vector<Program> raw_programs(const SynthBounds& b, bool allow_nops);
// The lexicographically least serialization over all symmetric variants.
std::string canonical_key(const Program& p, unsigned locations, unsigned values);
// Whether the LTS has a reachable cycle through a state with >= 2 live threads.
bool has_multi_thread_cycle(const Program& p);

}  // namespace racecert::progress::naive
