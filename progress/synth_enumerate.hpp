#pragma once
// Enumeration of synthesis candidates, one program per equivalence class of
// the symmetries: renaming locations, and renaming the non-zero values of a
// location (memory starts at 0, and a location's values are only ever
// compared with that location's contents). Thread order is NOT a symmetry:
// HSA and LOBE depend on thread ids.
//
// Canonical form: scanning instructions in order (thread 0 first), each
// location first mentioned is the lowest unused index, and each non-zero
// value first mentioned at a location (comparison before exchange) is one
// more than the highest so far there. Equivalent programs have the same
// canonical form, so generating only canonical programs needs no dedupe.
//
// Per instruction at pc in a thread of length n the choices are: a store
// (exchange, falls through, compares with 0 only: "meaningful comparisons"),
// or a branch to any target in 0..n other than pc + 1, comparing with any
// value, with or without an exchange of any value. No-ops (a non-exchanging
// instruction that falls through) are excluded unless allowed: they neither
// write nor branch, so they cannot take part in any synchronization.
#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "progress/program.hpp"

namespace racecert::progress {

struct SynthBounds {
  unsigned threads = 2, instructions = 2, locations = 2, values = 2;
};

// Every way to give each thread >= 1 instruction, `instructions` in total,
// in lexicographic order.
std::vector<std::vector<std::uint32_t>> thread_shapes(const SynthBounds& b);

class Enumerator {
 public:
  Enumerator(const SynthBounds& b, std::vector<std::uint32_t> lengths, bool allow_nops);
  // The canonical prefixes of the first `depth` instructions (scan order):
  // independent units of work.
  std::vector<std::vector<Instr>> prefixes(std::size_t depth);
  // Calls visit(program) for each canonical candidate extending `prefix`.
  template <class Visit>
  void run(const std::vector<Instr>& prefix, Visit&& visit);

 private:
  struct Canon {
    unsigned used_locations = 0;
    std::array<Value, 16> max_value{};  // per location (kMaxSynthLocations)
  };
  template <class Visit>
  void extend(std::size_t pos, std::size_t stop, Canon& c, Visit& visit);
  void apply(const Instr& i, std::size_t pos, Canon& c) const;
  void place(std::size_t pos, const Instr& i);
  // Pruning: the branches placed so far can only have both outcomes if each
  // location they test gets the compared values and another one; every
  // remaining instruction can supply at most one stored value.
  bool stores_suffice(std::size_t pos) const;

  SynthBounds b_;
  std::vector<std::uint32_t> lengths_;
  bool allow_nops_;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> slots_;  // scan position -> (thread, pc)
  Program prog_;
};

// ---------------------------------------------------------------- templates

template <class Visit>
void Enumerator::run(const std::vector<Instr>& prefix, Visit&& visit) {
  Canon c;
  for (std::size_t pos = 0; pos < prefix.size(); ++pos) {
    place(pos, prefix[pos]);
    apply(prefix[pos], pos, c);
  }
  extend(prefix.size(), slots_.size(), c, visit);
}

template <class Visit>
void Enumerator::extend(std::size_t pos, std::size_t stop, Canon& c, Visit& visit) {
  if (pos == stop) {
    visit(static_cast<const Program&>(prog_));
    return;
  }
  if (!stores_suffice(pos)) return;
  const auto [t, pc] = slots_[pos];
  const std::uint32_t n = lengths_[t];
  auto recurse = [&](const Instr& i) {
    const Canon saved = c;
    place(pos, i);
    apply(i, pos, c);
    extend(pos + 1, stop, c, visit);
    c = saved;
  };
  if (allow_nops_) recurse(Instr{0, 0, pc + 1, false, 0});
  const unsigned loc_limit = std::min(c.used_locations + 1, b_.locations);
  for (std::uint32_t loc = 0; loc < loc_limit; ++loc) {
    const Value fresh = std::min<Value>(c.max_value[loc] + 1, b_.values - 1);
    for (Value w = 0; w <= fresh; ++w) recurse(Instr{loc, 0, pc + 1, true, w});
    for (std::uint32_t jump = 0; jump <= n; ++jump) {
      if (jump == pc + 1) continue;
      for (Value check = 0; check <= fresh; ++check) {
        recurse(Instr{loc, check, jump, false, 0});
        const Value fresh_w = std::min<Value>(std::max(c.max_value[loc], check) + 1, b_.values - 1);
        for (Value w = 0; w <= fresh_w; ++w) recurse(Instr{loc, check, jump, true, w});
      }
    }
  }
}

}  // namespace racecert::progress
