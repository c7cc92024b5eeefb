#pragma once
// Seeded random programs for the differential test, small enough for the
// brute-force reference. "Structured" programs are built from barrier events
// (a set of units registering together with a matching count) with accesses
// in between, so many are well-synchronized and the race check gets work;
// "free" programs are arbitrary command sequences, mostly not well-synchronized.
#include <random>

#include "barriers/program.hpp"

namespace racecert::barriers::testing {

struct RandomShape {
  bool lockstep = false;
  bool structured = true;
  unsigned max_units = 3;
  unsigned max_lanes = 2;    // threads per unit
  unsigned max_threads = 4;  // total threads (keeps the brute force small)
  unsigned max_events = 4;
  // Writes store a random value (0 or 1, uniform or one per thread) or an
  // unknown one, so that same-value pairs (benign) and others both occur.
  bool values = false;
  // Richer addresses (tables, lane and warp terms, byte-like widths 1..8),
  // for the grouped race check (grouped_races_test.cpp); off, the draws are
  // the same as before it existed.
  bool rich_addresses = false;
};

Program random_program(std::mt19937_64& rng, const RandomShape& shape);

}  // namespace racecert::barriers::testing
