#pragma once
// The paper's direct form (Fig. 4 and Sec. 4.2), for small programs and as a
// reference for the scalable form: an explicit happens-before relation over
// every command of every thread (agent), built from the generations of the
// simulated schedule and closed transitively with bit sets (O(n^3 / 64)),
// then WELLSYNC and the pairwise race check of Definition 8.
//
// With `printed_algorithm` it reproduces the algorithm as printed, gaps
// included (c1 only over syncs, R not reflexive, no check for a first command
// of generation >= 2), to show what the fixes change.
#include <cstddef>
#include <memory>

#include "barriers/verdict.hpp"

namespace racecert::barriers {

struct DirectOptions {
  bool printed_algorithm = false;
  std::size_t max_commands = 8192;  // agent-level commands; larger programs throw
  bool benign_writes_race = false;  // RaceOptions::benign_writes_race
};

// R of Fig. 4 lines 3-17 over every command of every agent (thread, or unit in
// lockstep mode), from the generations of a violation-free schedule.
class ExplicitHappensBefore {
 public:
  ExplicitHappensBefore(const Program& p, const Schedule& s, bool printed_algorithm = false,
                        std::size_t max_commands = 8192);
  ~ExplicitHappensBefore();
  // Command i of unit u in thread t happens before command j of unit v in
  // thread t2 (threads are ignored in lockstep mode).
  bool holds(CmdRef a, std::uint32_t t, CmdRef b, std::uint32_t t2) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  friend Verdict check_direct(const Program&, const DirectOptions&);
};


Verdict check_direct(const Program& p, const DirectOptions& o = {});

}  // namespace racecert::barriers
