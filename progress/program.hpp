#pragma once
// The progress-litmus language of the paper (§3): threads of AXB instructions
// over a shared memory of integer locations, all initially 0.
//
//   AXB(loc, check, jump, exch, write):
//     pc   := (mem[loc] == check) ? jump : pc + 1
//     if (exch) mem[loc] := write          -- both atomically
//
// A thread of n instructions terminates when its pc reaches n ("END").
#include <cstdint>
#include <string>
#include <vector>

namespace racecert::progress {

using Value = std::uint32_t;
// A set of thread ids as a bit mask (bit t = thread t).
using ThreadSet = std::uint32_t;

// Parse-time limits; the explicit-state checker has its own (state_graph.hpp).
inline constexpr std::size_t kMaxThreads = 32;
inline constexpr std::size_t kMaxInstructionsPerThread = 1024;

struct Instr {
  std::uint32_t loc = 0;  // index into Program::locations
  Value check = 0;        // compared with mem[loc]
  std::uint32_t jump = 0; // target when equal; the thread's length means END
  bool exch = false;      // whether mem[loc] is replaced by `write`
  Value write = 0;        // unused when !exch

  friend bool operator==(const Instr&, const Instr&) = default;
};

// True when the instruction really branches: its target is not the next pc.
// A non-branching instruction goes to pc + 1 whatever it reads.
inline bool is_branch(const Instr& i, std::uint32_t pc) { return i.jump != pc + 1; }

struct Thread {
  std::vector<Instr> code;
  friend bool operator==(const Thread&, const Thread&) = default;
};

struct Program {
  std::vector<Thread> threads;
  // Display name of each location: a decimal number ("0") or an identifier
  // ("m"). Numeric names come first in ascending order, then identifiers in
  // order of appearance, so Mem[0], Mem[1] keep their indices.
  std::vector<std::string> locations;

  std::size_t thread_count() const { return threads.size(); }
  std::size_t instruction_count() const;
  std::size_t location_count() const { return locations.size(); }
  ThreadSet all_threads() const;
};

// The program with irrelevant fields zeroed (the comparison value of a
// non-branching instruction, the written value of a non-exchanging one) and
// the used locations renumbered 0.. in order and named by their index; two
// programs with equal normal forms behave identically.
Program normalized(const Program& p);

// Ensures that every location has a name: numeric names "0".."L-1" for
// programs built in code (the synthesizer, tests).
void name_locations_by_index(Program& p);

}  // namespace racecert::progress
