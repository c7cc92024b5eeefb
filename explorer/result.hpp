#pragma once
// What one exploration found.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "explorer/program.hpp"
#include "explorer/schedule.hpp"

namespace racecert::explorer {

enum class RaceKind : std::uint8_t { Data, Heterogeneous };
const char* to_string(RaceKind k);  // "data", "heterogeneous"

// An access by instruction `pc` of `thread`.
struct AccessRef {
  int thread = -1;
  int pc = -1;
  bool write = false;
  friend bool operator<(const AccessRef& a, const AccessRef& b) {
    return a.thread != b.thread ? a.thread < b.thread : a.pc != b.pc ? a.pc < b.pc : a.write < b.write;
  }
  friend bool operator==(const AccessRef&, const AccessRef&) = default;
};

// A pair of conflicting accesses unordered by hb; `first` < `second`.
struct Race {
  RaceKind kind = RaceKind::Data;
  int location = -1;
  AccessRef first, second;
  friend bool operator==(const Race&, const Race&) = default;
};

// A thread that failed (an assertion, an index out of bounds, an undefined
// operation) at instruction pc, with an execution that gets there.
struct Failure {
  FailureKind kind = FailureKind::Assertion;
  int thread = -1;
  int pc = -1;
  Schedule schedule;
};

struct FinalState {
  std::vector<std::vector<Value>> registers;  // per thread
  std::vector<Value> memory;                  // per location
};

// "P0:r0=1 P1:r1=0 x=2": every register, then every location, as reports
// print a final state (both memory models' reports use it).
inline std::string final_state_text(const Program& p, const FinalState& s) {
  std::string out;
  for (std::size_t t = 0; t < p.threads.size(); ++t)
    for (std::size_t r = 0; r < p.threads[t].reg_names.size(); ++r)
      out += (out.empty() ? "" : " ") + p.threads[t].name + ":" + p.threads[t].reg_names[r] + "=" +
             std::to_string(s.registers[t][r]);
  for (std::size_t l = 0; l < p.locations.size(); ++l)
    out += (out.empty() ? "" : " ") + p.locations[l] + "=" + std::to_string(s.memory[l]);
  return out;
}

struct ExploreResult {
  std::uint64_t executions = 0;  // complete executions: every thread finished
  std::uint64_t blocked = 0;     // ended with a thread that can never go on
  std::uint64_t divergent = 0;   // blocked: threads of a block wait at different barriers, or some finished
  std::uint64_t deadlocked = 0;  // blocked: threads spin forever in await loops (reading the latest
                                 // values), or the threads of a block all wait at a barrier that
                                 // cannot complete
  std::uint64_t bounded = 0;     // blocked by the loop bound
  std::uint64_t failed = 0;      // executions in which a thread failed
  std::uint64_t pruned = 0;      // ended by a false assumption: no run of the program
  std::uint64_t satisfying = 0;  // complete executions satisfying the final condition
  int max_events = 0;            // largest complete or blocked execution
  std::vector<Race> races;       // distinct races, in order of discovery
  std::vector<Schedule> race_schedules;  // one per race: an execution showing it
  std::vector<Failure> failures;         // distinct by thread, instruction and kind
  std::vector<AccessRef> divergence_witness;  // where the threads of the first divergent execution wait
  Schedule divergence_schedule;
  std::vector<AccessRef> deadlock_witness;    // where the threads of the first deadlock are blocked
  Schedule deadlock_schedule;
  // First complete execution that satisfies the condition (exists, ~exists)
  // or violates it (forall).
  std::optional<FinalState> witness;
  bool stopped_early = false;  // --stop-on-first ended the exploration
  bool timed_out = false;      // the deadline ended it: the exploration is incomplete

  // The truth of the final condition as written.
  bool condition_holds(Quantifier q) const;
  bool divergence() const { return divergent > 0; }
  // A race, a failure, a divergence, a deadlock or a violated forall.
  bool has_errors(Quantifier q) const;
};

}  // namespace racecert::explorer
