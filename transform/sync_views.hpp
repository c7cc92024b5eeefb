#pragma once
// Which barriers order which pairs of threads (docs/pipeline.md "Grid and
// warp barriers"). A block barrier orders the threads of one block, a grid
// barrier every thread (also a block barrier), a warp barrier `sync warp N`
// the threads of one group of N consecutive linear ids. Each kind of pair
// gets its own copy of the protocol that keeps exactly the barriers that
// order it; aligning, splitting and sequentialization then run on each copy
// unchanged, and the traces of a copy assume that the two threads form such
// a pair:
//
//  * one block, in no common group: block and grid barriers;
//  * one group of N (for each width N met, smallest first), not in one
//    group of the next smaller width: those and the warp barriers of width
//    >= N (a group of N lies inside one group of every larger width: the
//    widths kept divide each other);
//  * different blocks (global arrays): grid barriers only.
//
// Every pair of threads is in exactly one kind. A warp barrier under
// thread-dependent control (WellFormed::thread_controlled_warp_syncs) is
// used only when each condition on its path is the same in all threads of
// one group (`GroupUniform`, a solver check: `threadIdx.x < 32` for warps
// of 32); otherwise every warp barrier of its width is ignored, and so is a
// width that a smaller one does not divide: ignoring a barrier only adds
// races. Under such a proved condition the warp views' traces may take the
// guard of one thread for both: the pair is in one group.
#include <functional>
#include <string>
#include <vector>

#include "transform/wellformed.hpp"

namespace racecert::transform {

struct SyncView {
  WellFormed kernel;         // re-formed: tags and levels for these barriers alone
  bool cross_block = false;  // threads of different blocks (else of one block)
  bool grid_phases = false;  // cross-block: the kernel has grid barriers (else no barrier orders the pair)
  int same_group = 0;        // > 0: both threads in one group of this many
  int other_group = 0;       // > 0: the threads in different groups of this many
  std::string pairs;         // which pairs, for reports; empty for the plain same-block view
};

// The views of a well-formed (projected) kernel without divergence: the
// same-block ones, the plain one first, then the different-block one when
// `cross_block`. A kernel without warp barriers is its own plain view. The
// cross-block view keeps the grid barriers only, even when there are none
// (then sequentialized whole): what a loop synchronized by block barriers
// binds is per-thread there.
// Whether `conditions` are the same in every two threads of one group of
// `width` consecutive threads of a block (false when not shown).
using GroupUniform = std::function<bool(int width, const std::vector<protocol::Expr>& conditions)>;

// Takes w by value: a kernel without warp barriers is moved into its plain
// view, not copied (issue 18: the copy and its release were a tenth of the
// check of a 50k-statement kernel).
std::vector<SyncView> sync_views(WellFormed w, bool cross_block, const GroupUniform& uniform = {});

// The widths of the warp barriers the analysis uses (sorted).
std::vector<int> modelled_warp_widths(const WellFormed& w, const GroupUniform& uniform = {});
// The warp barriers whose control is not shown group-uniform: each makes
// the analysis ignore its width.
std::vector<ThreadControlledWarpSync> non_uniform_warp_syncs(const WellFormed& w, const GroupUniform& uniform);

}  // namespace racecert::transform
