#pragma once
// The race check across barrier generations, in the scalable form: every
// access is expanded to the threads of its unit, grouped by address, and
// each access looks, in every unit touching the same address, for a
// conflicting access inside its barrier interval (latest-happens-before,
// earliest-happens-after). Those ranges are found by binary search over the
// group's accesses sorted by command, so a race-free program costs
// O(A log A + A * U_g * log A) for A thread accesses and U_g units per address,
// never a test per pair; a racy one enumerates its racing pairs until
// `max_pairs` distinct command pairs are found.
//
// Definition 8 of the paper: two accesses of different threads to the same
// address, at least one a write, not ordered by happens-before. In lockstep
// mode the threads of one unit execute a command together, so two of them
// accessing the same address in that command race (at least one a write).
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
};

struct RaceResult {
  std::vector<Race> witnesses;  // one per racing command pair, sorted, at most max_witnesses
  std::uint64_t racing_pairs = 0;
  bool capped = false;
  std::uint64_t thread_accesses = 0;  // accesses counted once per thread
  std::uint64_t tests = 0;            // interval look-ups (access x unit sharing its address)
};

RaceResult find_races(const Program& p, const BarrierGraph& g, const RaceOptions& o = {});

}  // namespace racecert::barriers
