#pragma once
// Well-formedness (§6 of the paper, "Well-formedness"): makes a protocol fit
// the grammar of synchronized protocols before aligning.
//  - Renames loop variables and scoped unknowns so that every name is bound
//    once in the kernel (the later stages copy code around freely).
//  - Classifies every variable as uniform, block-uniform or per-thread.
//  - Tags loops and conditionals as synchronized (containing a barrier) or
//    unsynchronized.
//  - Reports a barrier under a thread-dependent condition, or in a loop with
//    thread-dependent bounds, as barrier divergence; a grid barrier also
//    under block-dependent control. A warp barrier under thread-dependent
//    control is no divergence (it may be warp-uniform) but is recorded with
//    its conditions (transform/sync_views.hpp).
//  - Case-splits synchronized loops that may run zero times:
//    `forS x ... {p}` becomes `ifS (cond(init)) { forS x ... {p} }`, so that
//    aligning only sees loops that run at least once.
#include <map>
#include <string>
#include <vector>

#include "protocol/protocol.hpp"

namespace racecert::transform {

// How much a value may differ between threads.

struct Divergence {
  SourceLoc barrier;  // the barrier that not every thread of a block reaches
  SourceLoc cause;    // the condition or loop that makes it thread-dependent
  std::string message;
};

struct ThreadControlledWarpSync {
  SourceLoc loc;
  int width = 0;
  std::vector<protocol::Expr> conditions;  // renamed; a branch's negation is as uniform as its condition
  bool thread_loop = false;  // also inside a loop with thread-dependent bounds: never shown uniform
};

struct WellFormed {
  protocol::Kernel kernel;                         // tagged, renamed, case-split
  // The variables not per thread; every other name is per thread, as
  // level_of reads it (a kernel's many per-thread locals need no entry).
  UniformityLevels levels;
  // The kernel-wide unknowns not per thread (uniform, or the same in a
  // block), in declaration order: every trace declares these.
  std::vector<std::string> shared_vars;
  // Renamed variable -> the user's name; a name not here is the user's own.
  std::map<std::string, std::string> source_name;
  std::map<std::string, protocol::TicketCounter> tickets;  // renamed ticket -> its counter
  std::vector<Divergence> divergences;
  // The warp barriers under thread-dependent control, with the conditions
  // on their path that depend on the thread: such a barrier is used only
  // where each condition is the same in every thread of a group (as
  // `threadIdx.x < 32` for warps); otherwise every warp barrier of its
  // width is ignored (transform/sync_views.hpp).
  std::vector<ThreadControlledWarpSync> thread_controlled_warp_syncs;
};

// Takes the kernel by value: a caller done with its protocol moves it in,
// and its statements are moved, not copied.
WellFormed make_well_formed(protocol::Kernel k);

// Prints the well-formed stage (loops and conditionals tagged S or U).
std::string print(const WellFormed& w);

}  // namespace racecert::transform
