#pragma once
// The paper's synthesis constraints (§5.1, §5.2) checked on one candidate
// program, fast: the state space of a synthesis candidate is tiny and dense,
// so states are mixed-radix indices into arrays reused across candidates.
//
// Well-formedness (a unique start state and "always enabled" hold by
// construction of the language):
//   end state            some reachable state has every thread terminated;
//   possible termination from every reachable state an end state is reachable;
//   non-termination cycle the LTS has a reachable cycle. With possible
//                        termination every cycle involves >= 2 live threads:
//                        one live thread alone is deterministic, so a cycle
//                        of its own could never be left.
// Minimality heuristics:
//   all branches possible every instruction executes, and every branching one
//                        (target != pc + 1) both jumps and falls through;
//   inter-thread influence "u's store can change the outcome of t's branch"
//                        (t != u): some reachable state has t at a branch on
//                        x and u at a store to x whose value flips t's
//                        comparison. Every store must influence another
//                        thread (the paper checks each store in §5.3), and
//                        the influence graph must be weakly connected over
//                        all threads (so no thread is a bystander);
//   meaningful comparisons non-branching instructions compare with 0 only
//                        (enforced by the enumerator).
#include <cstdint>
#include <vector>

#include "progress/program.hpp"

namespace racecert::progress {

// Limits of the dense representation (checked by synthesize()).
inline constexpr unsigned kMaxSynthThreads = 8;
inline constexpr unsigned kMaxSynthLength = 64;     // instructions per thread
inline constexpr unsigned kMaxSynthLocations = 16;
inline constexpr unsigned kMaxSynthValues = 32;
inline constexpr std::uint64_t kMaxSynthStates = 1u << 24;  // dense state space

enum class Reject : std::uint8_t {
  None,
  NoBackwardJump,     // static: no cycle is possible
  ImpossibleBranch,   // static: a branch's outcome can never vary
  NoStaticInfluence,  // static: threads cannot be connected by stores/branches
  DeadBranch,         // a branch outcome or an instruction never happens
  CannotTerminate,    // no end state, or one is unreachable from some state
  NoCycle,
  NoInfluence,
  StoreWithoutInfluence,
  OverCap,            // more states/actions than the optional caps
  kCount
};
const char* reject_name(Reject r);

struct CandidateResult {
  Reject reason = Reject::None;
  std::uint32_t states = 0, actions = 0;
};

class CandidateChecker {
 public:
  // All candidates share the thread lengths, locations and values given here.
  CandidateChecker(const std::vector<std::uint32_t>& lengths, unsigned locations, unsigned values,
                   std::size_t max_states = 0, std::size_t max_actions = 0);
  CandidateResult check(const Program& p);

 private:
  Reject static_check(const Program& p) const;

  std::vector<std::uint32_t> lengths_;
  unsigned threads_, locations_, values_;
  std::size_t max_states_, max_actions_;
  std::vector<std::uint32_t> pc_stride_, mem_stride_;
  std::uint32_t final_base_ = 0;  // index of "all pcs at END" with memory 0
  std::uint32_t mem_states_ = 1;
  // Scratch, sized to the dense state space.
  std::vector<std::uint32_t> seen_;  // generation stamps
  std::uint32_t generation_ = 0;
  std::vector<std::uint32_t> order_;  // reachable states, BFS order
  std::vector<std::uint32_t> succ_;   // per (reachable slot, thread): successor index or kNone
  std::vector<std::uint32_t> slot_;   // state index -> BFS slot
  std::vector<std::uint32_t> indeg_, rstart_, rpred_, queue_;
  std::vector<char> good_;
  std::vector<std::uint8_t> outcome_;
  struct Decoded {
    std::uint8_t pc[kMaxSynthThreads] = {};
    std::uint8_t mem[kMaxSynthLocations] = {};
  };
  std::vector<Decoded> decoded_;  // per BFS slot
};

}  // namespace racecert::progress
