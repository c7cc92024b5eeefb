#pragma once
// Sequentialization (Fig. 8, seq): a protocol closure becomes a symbolic
// trace of two distinct symbolic threads. Per-thread variables get one copy
// per thread (threadIdx.x@1, threadIdx.x@2); uniform ones are shared. The
// trace is a flat list of guarded accesses for each thread plus the
// assumptions that bind the variables; the SMT stage asks whether one access
// of each thread can conflict (Example 5).
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "protocol/protocol.hpp"
#include "transform/split.hpp"
#include "transform/wellformed.hpp"

namespace racecert::transform {

struct TraceVar {
  std::string name;    // unique in the trace, e.g. "j@1", "r", "threadIdx.x@2"
  std::string source;  // the user's name, e.g. "j"
  int thread = 0;      // 0: shared by both threads; 1 or 2: one thread's copy
  bool builtin = false;
};

struct TraceAccess {
  int thread = 1;                    // 1 or 2
  protocol::Expr guard;              // when the access happens (path and binder conditions)
  std::vector<protocol::Expr> index;
  protocol::AccessView view{1, 1};   // resolved against the array's element size (resolve_view)
  protocol::AccessMode mode = protocol::AccessMode::Read;
  protocol::Expr value;              // written value, or null (also when the trace leaves values out)
  SourceLoc loc;
  // For lock-step warps (SymbolicTrace::lockstep): the access's place in the
  // walk of the code, the same in both threads' copies, and the number of
  // its source position (-1: unknown, which may be any instruction). The
  // instruction is only numbered in lock-step traces (-1 in the others).
  int site = -1;
  int instruction = -1;
};

// Threads of one warp run in lock-step (GPUVerify's --warp-sync=N, docs/
// smt-encoding.md "Lock-step warps"): two threads of one warp race only when
// they perform the same dynamic instruction, a write, in the same iterations
// of the loops around it. Every other pair of their accesses is ordered.
struct LockStep {
  int warp_size = 0;
  protocol::Expr same_warp;  // linear thread ids / warp_size agree
  // Per site: both threads' counters of the loops around it agree, which
  // the same iteration implies. A counter is x - init for x += s with the
  // same s in both threads, x when start and step are the same in both, a
  // binder's variable (a synchronized loop's, uniform); other loops have
  // none (their iterations are not compared).
  std::map<int, protocol::Expr> same_iteration;
};

// Whether a trace's accesses carry their written values. The fast paths
// (smt/fast_path.hpp) read guards and indices only, so a trace made for
// them alone leaves the values out, and with them the unknowns that only
// values use. In a long phase of bounds-checked updates, renaming the
// values for both threads was a third of the check and 70 MiB at 50,000
// statements (issue 18). Values matter to the solver: two writes of one
// value do not race, and a witness shows them. smt::solve refuses a trace
// without them.
enum class WrittenValues { Kept, LeftOut };

struct SymbolicTrace {
  std::string kernel;
  std::string array;
  protocol::MemorySpace space = protocol::MemorySpace::Shared;
  std::int64_t element_bytes = 0;   // the array's (0: not given, indices are in elements)
  bool cross_block = false;         // threads of different blocks, barriers ignored
  std::string phase;                // which phase, for reports
  std::vector<TraceVar> vars;
  std::vector<protocol::Expr> assumptions;
  std::vector<TraceAccess> accesses;
  std::optional<LockStep> lockstep;  // none: the threads of a warp are not lock-step (the default)
  WrittenValues values = WrittenValues::Kept;
};

struct TraceOptions {
  std::vector<protocol::Expr> extra_assumptions;  // e.g. blockDim.x == 64 from the command line
  int warp_size = 0;  // > 0: warps of this many threads run in lock-step (same-block traces only)
  // Same-block traces of a view of the barriers (sync_views.hpp): > 0, the
  // two threads are in one group of this many consecutive linear ids
  // (same_group), or in different ones (other_group).
  int same_group = 0;
  int other_group = 0;
};

struct TracePrelude;

// Makes the traces of one view of an array (same-block, or threads of
// different blocks): the traces the functions below make. Every trace
// starts with the same launch constraints, preconditions and assumptions,
// renamed for both threads; the maker renames them once, from its second
// trace on, and copies them into each (issue 18: a kernel of n phases
// renamed them n times).
class TraceMaker {
 public:
  TraceMaker(const WellFormed& w, const std::string& array, bool cross_block, TraceOptions o = {});
  ~TraceMaker();
  TraceMaker(const TraceMaker&) = delete;
  TraceMaker& operator=(const TraceMaker&) = delete;
  SymbolicTrace of(const Closure& c, WrittenValues values = WrittenValues::Kept);
  // Threads of different blocks over the whole kernel (cross_block only).
  SymbolicTrace of_whole_kernel(WrittenValues values = WrittenValues::Kept);

 private:
  const WellFormed& w_;
  std::string array_;
  bool cross_;
  TraceOptions options_;
  int made_ = 0;
  bool kept_made_ = false;  // a trace with its values was made
  std::unique_ptr<TracePrelude> prelude_;  // made for the second trace
};

// Same-block trace of one closure.
SymbolicTrace sequentialize(const WellFormed& w, const Closure& c, const std::string& array,
                            const TraceOptions& o = {});
// For a global array: threads of different blocks are never ordered by a
// barrier, so every access of the kernel is concurrent with every other.
SymbolicTrace cross_block_trace(const WellFormed& w, const std::string& array, const TraceOptions& o = {});
// Threads of different blocks in one phase between grid barriers: a closure
// of the kernel whose only barriers are grid barriers (sync_views.hpp).
SymbolicTrace cross_block_trace(const WellFormed& w, const Closure& c, const std::string& array,
                                const TraceOptions& o = {});

std::string print(const SymbolicTrace& t);

// Whether some access of thread 1 can conflict with some access of thread 2
// by mode alone (a trace of reads only cannot race).
bool may_conflict(const SymbolicTrace& t);

}  // namespace racecert::transform
