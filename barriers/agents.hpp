#pragma once
// Internal to the reference checkers (direct_check, reference): the threads
// of the paper's semantics. In lockstep mode an agent is a whole unit (its
// threads step together and a registration counts all of them); otherwise
// every thread of every unit is an agent of its own that registers one thread.
#include <cstdint>
#include <vector>

#include "barriers/program.hpp"
#include "barriers/verdict.hpp"

namespace racecert::barriers::detail {

struct Agent {
  std::uint32_t unit = 0, first_thread = 0, num_threads = 1;
};
std::vector<Agent> make_agents(const Program& p);

// Two accesses of different agents that share an address, at least one a
// write; one entry per pair of agent commands, with a witness thread pair.
// Unless benign_writes_race, a pair of writes of the same known value over
// the same addresses (Program::same_value_writes) is not a conflict.
struct Conflict {
  std::uint32_t a1, i1, a2, i2;  // agent and command of each access, a1 < a2
  Race race;                     // the same pair as a Race (unit-level, ordered)
};
std::vector<Conflict> conflicts(const Program& p, const std::vector<Agent>& agents, bool benign_writes_race);

// Lockstep only: two threads of one agent accessing the same address in the
// same command, at least one a write (every such command races with itself).
std::vector<Race> simultaneous_races(const Program& p, const std::vector<Agent>& agents,
                                     bool benign_writes_race);

// Keeps one race per command pair.
void add_unique(std::vector<Race>& races, const Race& r);

}  // namespace racecert::barriers::detail
