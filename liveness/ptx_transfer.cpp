#include "liveness/ptx_transfer.hpp"

#include <algorithm>

#include "liveness/sc_graph.hpp"

namespace racecert::liveness {

using explorer::Instr;
using explorer::InstrKind;

namespace {

bool is_fence_sc(const Instr& in) {
  return in.kind == InstrKind::Fence && in.fence == explorer::FenceKind::Memory && in.order == explorer::Order::SC;
}

// PTX's ms1 for two strong operations of different threads a, b: each one's
// scope includes the other's thread.
bool scopes_include_each_other(const explorer::Thread& a, const Instr& x, const explorer::Thread& b, const Instr& y) {
  const int d = explorer::scope_distance(a, b);
  return static_cast<int>(x.scope) >= d && static_cast<int>(y.scope) >= d;
}

// Whether every pair (x of thread i, y of thread j != i) with pick(x) and
// pick(y) has scopes that include each other.
template <class Pick>
bool every_cross_pair_in_scope(const explorer::Program& p, Pick pick) {
  for (std::size_t i = 0; i < p.threads.size(); ++i)
    for (std::size_t j = i + 1; j < p.threads.size(); ++j)
      for (const Instr& x : p.threads[i].code)
        for (const Instr& y : p.threads[j].code)
          if (pick(x) && pick(y) && !scopes_include_each_other(p.threads[i], x, p.threads[j], y)) return false;
  return true;
}

}  // namespace

bool sc_runs_are_ptx_executions(const explorer::Program& p) {
  if (!p.aliases.empty()) return false;
  for (const auto& t : p.threads)
    for (const Instr& in : t.code) switch (in.kind) {
        case InstrKind::Load:
        case InstrKind::Store:
        case InstrKind::Rmw:
          // Another proxy or virtual address: cause is no longer the run's
          // order restricted to generic accesses (proxy-preserved-cause-base).
          if (in.proxy != explorer::Proxy::Generic) return false;
          if (in.vlocation >= 0 && in.vlocation != in.location) return false;
          break;
        case InstrKind::Fence:
          if (in.fence != explorer::FenceKind::Memory) return false;
          break;
        case InstrKind::Barrier:
          // sync_barrier pairs arrivals with departures by the barrier
          // reading of ptx_explore.cpp; the SRC11 lassos skip barriers anyway.
          return false;
        case InstrKind::Branch:
        case InstrKind::Arith:
        case InstrKind::Nop:
        case InstrKind::Compute:
        case InstrKind::Assert:
        case InstrKind::Assume: break;
      }
  // FenceSC: ([F & SC]; cause; [F & SC]) ⊆ sync_fence, and sync_fence holds
  // morally strong pairs only. In an SC run a fence.sc.cta of one CTA can be
  // cause-before one of another CTA (a release/acquire chain through a gpu
  // scope location): no PTX execution.
  return every_cross_pair_in_scope(p, is_fence_sc);
}

bool ptx_executions_are_sc(const explorer::Program& p) {
  if (!sc_runs_are_ptx_executions(p) || !sc_is_exact(p)) return false;
  // sc_is_exact: every access atomic (strong) to one location. Morally
  // strong across threads too: Coherence2 totally orders the writes, and
  // Coherence / Causality (cause ⊇ po and (morally-strong & rf); po) forbid
  // the four coherence shapes, so communication follows one total order.
  return every_cross_pair_in_scope(p, [](const Instr& in) { return in.accesses_memory(); });
}

Src11ForPtx src11_verdicts_for_ptx(const explorer::Program& p, const LivenessOptions& options,
                                   const std::vector<progress::ModelSpec>& specs) {
  Src11ForPtx out{std::vector<std::optional<LivenessResult>>(specs.size()), std::vector<std::string>(specs.size())};
  if (!sc_runs_are_ptx_executions(p)) return out;
  const bool exact = ptx_executions_are_sc(p);
  LivenessOptions src11 = options;
  src11.ptx = false;
  const std::vector<LivenessResult> got = check_liveness_src11(p, src11, specs);
  for (std::size_t k = 0; k < got.size(); ++k) {
    const LivenessResult& s = got[k];
    // A lasso with a cycle is a livelock lasso: prefix and cycle are one SC
    // run (cycles.cpp, sc_graph.cpp). A stuck lasso (no cycle) is an SRC11
    // graph, which is a PTX execution only on other grounds (the PTX
    // enumeration finds those itself).
    const bool sc_hang = s.verdict == Verdict::MayHang && s.lasso && !s.lasso->cycle.empty();
    if (sc_hang || (exact && s.verdict != Verdict::Unknown)) {
      LivenessResult row = s;
      row.reason += sc_hang ? " (PTX: carried over from SRC11: this sequentially consistent run is a PTX execution)"
                            : " (PTX: carried over from SRC11: one location, every pair of accesses morally strong, "
                              "so the PTX executions are the sequentially consistent ones)";
      out.carried[k] = std::move(row);
    } else if (s.verdict != Verdict::Unknown) {
      out.notes[k] = " (SRC11 says " + std::string(to_string(s.verdict)) + "; not carried over: " +
                     (s.verdict == Verdict::MayHang ? "its lasso is no sequentially consistent run"
                                                     : "PTX may have more executions than SRC11 here") +
                     ")";
    }
  }
  return out;
}

}  // namespace racecert::liveness
