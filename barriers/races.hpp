#pragma once
// The race check across barrier generations, in the scalable form.
//
// Definition 8 of the paper: two accesses of different threads to the same
// address, at least one a write, not ordered by happens-before. In lockstep
// mode the threads of one unit execute a command together, so two of them
// accessing the same address in that command race (at least one a write).
//
// find_races (races.cpp) works on *group accesses*: the threads of a unit (or
// of one warp of it) executing one access command whose address is affine in
// the thread (or uniform) touch an arithmetic progression of address ranges,
// and are one group access. A table address is split into one group access
// per thread (the per-thread fallback, decided per access). Group accesses
// with the same thread range and address progression form a *shape*; two
// shapes meet when their address sets intersect (found once, by expanding
// the shapes, not the accesses). For every pair of meeting shapes, the group
// accesses of one, in command order, look up their barrier interval in the
// other's unit and sweep its accesses with two cursors: a candidate in the
// interval races, except for same-value writes (checked thread by thread on
// the progressions) and thread exclusion inside one unit (decided once per
// shape pair). Cost: O(G + S_a + P_s * G_s + races) for G group accesses,
// S_a shape addresses, P_s meeting shape pairs and G_s accesses per shape,
// instead of one record per thread and address.
//
// find_races_per_thread (races_per_thread.cpp) is issue 6's check, every
// access expanded to its threads and addresses and grouped by address; it is
// kept as the reference of the differential test (tests/barriers/).
//
// Witnesses (both functions report each racing command pair once): for the
// pair (first <= second), find_races gives the lexicographically smallest
// (first thread, second thread) among the colliding, non-benign thread pairs,
// and the smallest address of their overlap; find_races_per_thread gives
// some colliding pair.
#include <cstdint>

#include "barriers/dependence_graph.hpp"
#include "barriers/verdict.hpp"

namespace racecert::barriers {

struct RaceOptions {
  std::size_t max_witnesses = 20;          // races kept in the verdict
  std::uint64_t max_pairs = 1u << 16;      // stop after this many distinct command pairs
  // --benign-races: two writes of the same known value over the same
  // addresses (Program::same_value_writes) race too. Off: they are benign
  // and not reported, racecert's default.
  bool benign_writes_race = false;
  // find_races: group affine accesses (default). Off: every access is split
  // into one group access per thread, as for tables (for tests and benches).
  bool group_affine = true;
};

struct RaceResult {
  std::vector<Race> witnesses;  // one per racing command pair, sorted, at most max_witnesses
  std::uint64_t racing_pairs = 0;
  bool capped = false;
  std::uint64_t thread_accesses = 0;  // accesses counted once per thread and address
  std::uint64_t tests = 0;            // interval look-ups
  std::uint64_t group_accesses = 0;   // find_races: accesses counted once per group
};

RaceResult find_races(const Program& p, const BarrierGraph& g, const RaceOptions& o = {});
RaceResult find_races_per_thread(const Program& p, const BarrierGraph& g, const RaceOptions& o = {});

}  // namespace racecert::barriers
