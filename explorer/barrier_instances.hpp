#pragma once
// Which arrivals at a barrier form an instance: the one definition of the
// explorer's barrier rule (docs/explorer.md, "Semantics", Barriers).
//
// As the hardware does it: the arrivals at barrier id b in one CTA, in the
// order they happen, fill instance after instance; an instance is complete
// when it holds its count of arrivals, and the next arrival opens the next
// instance. So three threads at a count-2 barrier: the first two pass, the
// third waits.
//
// That is the rule for barriers with a count; without one, see
// countless_instance_complete below.
//
// The DPOR (graph.cpp) does not fix an arrival order: each arrival chooses
// the instance it joins (an open one, or a new one), and a graph is kept
// while the instances can be ordered in time consistently with porf; a final
// graph needs at most one incomplete instance, which must be able to come
// last. The brute-force reference (reference.cpp) instead runs every
// interleaving and lets each arrival join the instance open at that moment.
// Both use the functions below.
#include <functional>
#include <vector>

#include "explorer/thread_runner.hpp"

namespace racecert::explorer {

// The number of arrivals that completes an instance: `count`, or for a
// barrier without one (0) every thread of the CTA (kernels' __syncthreads
// get an explicit count; litmus barriers without one follow the rule below).
inline int barrier_capacity(int count, int cta_size) { return count > 0 ? count : cta_size; }

// Barriers without a count, Dat3M's reading (docs/explorer.md, "Dat3M's
// barrier operands"): a thread's k-th use of barrier id b joins instance k
// of b in its CTA (no arrival order to explore; the instance is named
// {kCountlessGroup, k}), and the instance completes with the threads of the
// CTA that arrive at it: once no other thread of the CTA may still arrive
// (ThreadRunner::may_arrive_at: finished, past it, or no path of its code
// uses b often enough). A thread waiting at another instance may still
// arrive if its code goes on to b, so a cycle of such waits never completes
// (a deadlock), while a thread alone at an id nobody else uses passes.
// An arrival at an instance that already completed (possible only when a
// backward revisit changed a read after the completion) is no execution.
constexpr int kCountlessGroup = -2;
bool countless_instance_complete(const std::vector<ThreadRunner>& runners, const std::vector<int>& cta_threads,
                                 const std::function<const ThreadState&(int)>& state, int id, int instance);

// The arrivals at one barrier (CTA and id): each one's instance (an index
// into `capacity`), and `before(i, j)`: arrival i is in arrival j's causal
// prefix (porf), so i arrived first.
struct BarrierArrivals {
  std::vector<int> instance;  // per arrival
  std::vector<int> capacity;  // per instance
  std::function<bool(int, int)> before;
};

// The instances can be ordered in time so that each is complete before the
// next one's first arrival (arrivals of a later instance never porf-precede
// those of an earlier one): the relation between instances is acyclic.
bool barrier_instances_ordered(const BarrierArrivals& a);
// And as a final state: at most one instance is incomplete, and no arrival
// of another instance porf-follows one of its arrivals (it can come last).
bool barrier_instances_final(const BarrierArrivals& a);

}  // namespace racecert::explorer
