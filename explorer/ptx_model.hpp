#pragma once
// The PTX v7.5 memory model (Lustig et al., ASPLOS'19, with the proxy
// extension of Dat3M's cat/ptx-v7.5.cat) as axioms over one candidate
// execution, evaluated on boolean relation matrices. The candidate
// enumerator (explorer/ptx_explore.cpp) feeds it; unit tests build
// candidates by hand.
//
// The checker is staged so that the enumerator can share work: the
// constructor builds everything that depends only on events, rf and
// dependencies; use_fence_order adds the fence.sc order (sync_fence) and
// computes cause; check_co then evaluates the axioms that mention co.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "explorer/bit_matrix.hpp"
#include "explorer/program.hpp"
#include "explorer/thread_runner.hpp"

namespace racecert::explorer::ptx {

// An event of a candidate. thread -1: the initial write of `location`.
struct Event {
  StepKind kind = StepKind::Write;
  Order order = Order::NA;  // NA: weak (ld/st, ld.weak); Rlx, Acq, Rel, SC as lowered
  Scope scope = Scope::Sys;
  int thread = -1;
  int location = -1;   // Read, Write: the physical location (the model's `loc`)
  int vlocation = -1;  // Read, Write: the virtual address (the model's `vloc`)
  Proxy proxy = Proxy::Generic;         // accesses; a proxy fence's proxy
  FenceKind fence = FenceKind::Memory;  // Fence
  Value value = 0;
  bool rmw = false;
  int pc = -1;
  int barrier_id = 0, barrier_instance = 0, barrier_count = 0;  // BarrierArrive, BarrierDepart
};

struct Candidate {
  // Initial writes first (any order); each thread's events in program order.
  std::vector<Event> events;
  std::vector<int> rf;                       // per event: the write a read reads from, else -1
  std::vector<std::pair<int, int>> rmw;      // (read, write) of one atomic instruction
  std::vector<std::pair<int, int>> dep;      // addr | data | ctrl, from a read to a po-later event
  // sync_barrier: (arrival, departure) pairs of one barrier instance that
  // synchronise; the enumerator decides which (ptx_explore.cpp).
  std::vector<std::pair<int, int>> sync_barrier;
};

// morally-strong = ms1 & ms2 & ms3 (without the identity): in program order,
// or both strong with scopes that include each other; the same proxy; and,
// for two memory operations, the same virtual address.
bool morally_strong(const Program& p, const Event& x, const Event& y);

enum class Axiom : std::uint8_t { None, NoThinAir, FenceSC, Coherence, Coherence2, Atomicity, Causality };
const char* to_string(Axiom a);  // "none", "no-thin-air", "fence-sc", ...

class Checker {
 public:
  Checker(const Program& p, const Candidate& c);

  int size() const { return n_; }
  // acyclic(rf ∪ dep)
  bool no_thin_air() const;
  // sync_fence := morally-strong pairs of fence.sc ordered as in `order`
  // (every fence.sc event of the candidate once); computes cause. Returns
  // the FenceSC axiom: ([F & SC]; cause; [F & SC]) ⊆ sync_fence.
  bool use_fence_order(const std::vector<int>& order);
  // The SC fences of the candidate, in event order.
  const std::vector<int>& sc_fences() const { return sc_fences_; }
  // Causality restricted to rf: irreflexive(rf; cause). Needs use_fence_order.
  bool rf_causality() const;
  // Coherence, Coherence2, Atomicity and Causality (with fr = rf⁻¹; co) for
  // the writes of `location` (-1: all), given a transitive co.
  Axiom check_co(const BitMatrix& co, int location) const;
  // co' = (T ∩ (morally-strong ∪ cause ∪ init × W))+ for a total order T of
  // the writes of one location (the initial write excluded): see
  // docs/explorer.md, "PTX model", for why this enumerates every partial co.
  BitMatrix partial_co(int init_write, const std::vector<int>& total) const;

  const BitMatrix& morally_strong() const { return ms_; }
  const BitMatrix& cause() const { return cause_; }

 private:
  bool is_write(int a) const { return c_->events[static_cast<std::size_t>(a)].kind == StepKind::Write; }
  bool is_read(int a) const { return c_->events[static_cast<std::size_t>(a)].kind == StepKind::Read; }
  bool is_memory(int a) const { return is_write(a) || is_read(a); }
  const Event& ev(int a) const { return c_->events[static_cast<std::size_t>(a)]; }

  const Program* p_;
  const Candidate* c_;
  int n_;
  BitMatrix proxy_preserved(const BitMatrix& cause_base) const;

  BitMatrix po_, rf_, ms_, loc_, vloc_, same_proxy_, scta_, observation_, sync_, sync_barrier_, sync_fence_, cause_;
  std::vector<int> sc_fences_;
};

// Every axiom, with `co` given per location as a total order of its writes
// (initial write excluded) turned into co' as above, and `fence_order` the
// order of the fence.sc events. Returns the first violated axiom.
Axiom check(const Program& p, const Candidate& c, const std::vector<std::vector<int>>& co,
            const std::vector<int>& fence_order);

}  // namespace racecert::explorer::ptx
