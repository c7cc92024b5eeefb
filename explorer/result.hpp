#pragma once
// What one exploration found.
#include <cstdint>
#include <optional>
#include <vector>

#include "explorer/program.hpp"

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

struct FinalState {
  std::vector<std::vector<Value>> registers;  // per thread
  std::vector<Value> memory;                  // per location
};

struct ExploreResult {
  std::uint64_t executions = 0;  // complete executions: every thread finished
  std::uint64_t blocked = 0;     // ended with a thread that can never go on
  std::uint64_t divergent = 0;   // blocked with threads waiting at a barrier (and no spin/bound block)
  std::uint64_t bounded = 0;     // blocked by the loop bound
  std::uint64_t satisfying = 0;  // complete executions satisfying the final condition
  int max_events = 0;            // largest complete or blocked execution
  std::vector<Race> races;       // distinct races, in order of discovery
  std::vector<AccessRef> divergence_witness;  // where the threads of the first divergent execution wait
  // First complete execution that satisfies the condition (exists, ~exists)
  // or violates it (forall).
  std::optional<FinalState> witness;
  bool stopped_early = false;  // --stop-on-first ended the exploration

  // The truth of the final condition as written.
  bool condition_holds(Quantifier q) const;
  bool divergence() const { return divergent > 0; }
  // A race, a divergence or a violated forall.
  bool has_errors(Quantifier q) const;
};

}  // namespace racecert::explorer
