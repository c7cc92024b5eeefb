#pragma once
// Reference interpreter of protocols (the semantics of Fig. 5: histories of
// phases) for a concrete grid and concrete values of every unknown. It is the
// oracle of the differential tests: small, direct, and slow on purpose.
//
// Each thread runs the kernel on its own; its accesses are cut into phases at
// each barrier. Phase k of a block is the union of every thread's k-th
// segment. Threads of a block that meet different barriers diverge. Global
// arrays also race across blocks, unless a grid barrier separates the
// accesses (blocks that meet different grid barriers diverge). A warp
// barrier `sync warp N` orders only threads of one group of N (the threads
// of a group that meet different ones diverge); it does not cut phases.
#include <array>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "protocol/protocol.hpp"

namespace racecert::protocol {

using Dim3 = std::array<std::int64_t, 3>;

struct ConcreteConfig {
  Dim3 block_dim{1, 1, 1};
  Dim3 grid_dim{1, 1, 1};
  // Kernel-wide unknowns: uniform ones by name; per-thread ones indexed by the
  // global linear thread id; per-block ones by the linear block id. Missing
  // values default to 0.
  std::map<std::string, std::int64_t> uniform;
  std::map<std::string, std::vector<std::int64_t>> per_thread;
  std::map<std::string, std::vector<std::int64_t>> per_block;
  // Scoped declarations: value of the n-th execution (0-based) of the
  // declaration of `name` by `thread`. Uniform ones must ignore `thread`.
  std::function<std::int64_t(const std::string& name, std::int64_t thread, int occurrence)> scoped;
};

struct ConcreteAccess {
  std::int64_t thread = 0;  // global linear thread id
  std::int64_t block = 0;   // linear block id
  std::string array;
  std::vector<std::int64_t> index;
  AccessView view{1, 1};  // resolved (resolve_view): the bytes it covers
  AccessMode mode = AccessMode::Read;
  std::optional<std::int64_t> value;
  const Access* site = nullptr;
  // Barriers this thread had passed that order the array's memory space
  // (Sync::orders). Two accesses of a block can race only with the same
  // epoch: phases cut at every barrier, but a barrier that does not order
  // a space (an OpenCL barrier(CLK_GLOBAL_MEM_FENCE) for local memory)
  // does not separate that space's accesses.
  std::int64_t epoch = 0;
  // Grid barriers this thread had passed that order the array's space: two
  // accesses of different blocks race only with the same grid epoch.
  std::int64_t grid_epoch = 0;
  // Per group width N, the warp barriers `sync warp N` this thread had
  // passed that order the array's space: two threads of one group of N
  // (linear ids agreeing on / N) race only with the same count for N.
  std::map<int, std::int64_t> warp_epochs;
  // The iteration number (0, 1, ...) of every loop around the access,
  // outermost first: with `site`, its dynamic instruction (lock-step warps).
  std::vector<std::int64_t> iterations;
};

using Phase = std::vector<ConcreteAccess>;

struct ConcreteRace {
  ConcreteAccess first, second;
};

struct ConcreteResult {
  bool preconditions_hold = true;  // false: this configuration is excluded
  bool divergent = false;          // threads of a block met different barriers
  std::string divergence;          // why, for messages
  std::vector<std::vector<Phase>> blocks;  // blocks[b][k]: phase k of block b
  std::vector<ConcreteRace> races;         // every racy pair (both orders are not repeated)
};

struct InterpretOptions {
  bool benign_writes_race = false;  // count same-value writes as races
  bool stop_at_first_race = false;
  // > 0: the threads of a block whose linear ids agree on / warp_size run in
  // lock-step: two of them race only in one dynamic instruction (the same
  // site in the same iterations), both writing. 0: warps are not lock-step.
  int warp_size = 0;
};

// Runs the kernel. Throws EvalError when an expression is undefined
// (division by zero, overflow) or a loop exceeds kMaxLoopIterations.
ConcreteResult interpret(const Kernel& k, const ConcreteConfig& cfg, const InterpretOptions& o = {});

// Two accesses by distinct threads to the same location conflict: one writes
// (or is atomic against a non-atomic, or they are atomics of different
// blocks and one is block-scoped: a heterogeneous race), and they are not
// two same-value writes unless `benign_writes_race`. Shared by the
// interpreter and the SMT encoding.
bool is_atomic(AccessMode m);
bool modes_conflict(AccessMode a, AccessMode b, bool different_blocks);
// Both atomic, and they race only because one is block-scoped.
bool heterogeneous(AccessMode a, AccessMode b);
bool conflict(const ConcreteAccess& a, const ConcreteAccess& b, bool benign_writes_race);
// Whether two accesses touch a common byte of one array (same_location_bytes).
bool same_location(const ConcreteAccess& a, const ConcreteAccess& b);

}  // namespace racecert::protocol
