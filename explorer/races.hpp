#pragma once
// Race detection on an execution graph (§2.1 of the GPUMC paper, scope
// inclusion mutual as the issue says): two accesses to the same location, in
// different threads, at least one a write, unordered by hb, are
//  - a data race if at least one is non-atomic;
//  - a heterogeneous race if both are atomic but not scope-inclusive.
#include <optional>
#include <vector>

#include "explorer/graph.hpp"
#include "explorer/result.hpp"

namespace racecert::explorer {

// Two plain writes of the same value are *benign* and no race when
// `same_value_writes_race` is false: GPUVerify's convention, which the
// protocol analysis keeps by default (`check --benign-races` counts them), so
// that the two engines agree on kernels. Litmus tests count them.
// Appends the races between access e and every other access to its location
// in g (duplicates included; the caller deduplicates).
void races_of(const Graph& g, EventId e, std::vector<Race>& out, bool same_value_writes_race = true);

// The race between two accesses, if any.
std::optional<Race> race_between(const Graph& g, EventId a, EventId b, bool same_value_writes_race = true);

}  // namespace racecert::explorer
