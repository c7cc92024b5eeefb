// SRC11 (GPUMC §3, Fig. 3) evaluated literally on boolean relation matrices.
#include <algorithm>

#include "explorer/bit_matrix.hpp"
#include "explorer/reference.hpp"

namespace racecert::explorer::reference {

namespace {

struct Node {
  bool init = false;
  int thread = -1, index = -1;
  RefEvent ev;
};

struct Relations {
  std::vector<Node> nodes;
  BitMatrix po, rf, co, fr, rmw, same_loc, incl, incl_scope, hb, eco, bar;
  // incl_scope: incl without its same-location clause, as the SC axiom uses it.
};

bool is_write(const Node& n) { return n.init || n.ev.kind == StepKind::Write; }
bool is_read(const Node& n) { return !n.init && n.ev.kind == StepKind::Read; }
bool is_fence(const Node& n) { return !n.init && n.ev.kind == StepKind::Fence; }
bool is_access(const Node& n) { return is_write(n) || is_read(n); }
Order order(const Node& n) { return n.init ? Order::NA : n.ev.order; }

Relations build(const Program& p, const RefGraph& g) {
  Relations R;
  const int L = static_cast<int>(p.locations.size());
  for (int l = 0; l < L; ++l) {
    Node n;
    n.init = true;
    n.ev.kind = StepKind::Write;
    n.ev.location = l;
    n.ev.value = p.init[static_cast<std::size_t>(l)];
    R.nodes.push_back(n);
  }
  std::vector<std::vector<int>> id(g.events.size());
  for (std::size_t t = 0; t < g.events.size(); ++t)
    for (std::size_t i = 0; i < g.events[t].size(); ++i) {
      id[t].push_back(static_cast<int>(R.nodes.size()));
      R.nodes.push_back(Node{false, static_cast<int>(t), static_cast<int>(i), g.events[t][i]});
    }
  const int n = static_cast<int>(R.nodes.size());
  for (BitMatrix* m : {&R.po, &R.rf, &R.co, &R.fr, &R.rmw, &R.same_loc, &R.incl, &R.incl_scope, &R.hb, &R.eco, &R.bar}) *m = BitMatrix(n);
  auto node_of_write = [&](int thread, int index, int loc) { return thread < 0 ? loc : id[static_cast<std::size_t>(thread)][static_cast<std::size_t>(index)]; };
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b) {
      const Node& x = R.nodes[static_cast<std::size_t>(a)];
      const Node& y = R.nodes[static_cast<std::size_t>(b)];
      if (!x.init && !y.init && x.thread == y.thread && x.index < y.index) R.po.set(a, b);
      if (is_access(x) && is_access(y) && x.ev.location == y.ev.location) R.same_loc.set(a, b);
      bool atomic = !x.init && !y.init && is_atomic(x.ev.order) && is_atomic(y.ev.order) &&
                    (is_access(x) || is_fence(x)) && (is_access(y) || is_fence(y));
      if (atomic) {
        int d = scope_distance(p.threads[static_cast<std::size_t>(x.thread)], p.threads[static_cast<std::size_t>(y.thread)]);
        bool scopes = static_cast<int>(x.ev.scope) >= d && static_cast<int>(y.ev.scope) >= d;
        bool loc_ok = !(is_access(x) && is_access(y)) || x.ev.location == y.ev.location;
        if (scopes && loc_ok) R.incl.set(a, b);
        if (scopes) R.incl_scope.set(a, b);
      }
    }
  for (int l = 0; l < L; ++l) {
    std::vector<int> order{l};
    for (auto [t, i] : g.co[static_cast<std::size_t>(l)]) order.push_back(id[static_cast<std::size_t>(t)][static_cast<std::size_t>(i)]);
    for (std::size_t i = 0; i < order.size(); ++i)
      for (std::size_t j = i + 1; j < order.size(); ++j) R.co.set(order[i], order[j]);
  }
  for (int b = 0; b < n; ++b) {
    const Node& y = R.nodes[static_cast<std::size_t>(b)];
    if (!is_read(y)) continue;
    int w = node_of_write(y.ev.rf_thread, y.ev.rf_index, y.ev.location);
    R.rf.set(w, b);
    for (int c = 0; c < n; ++c)
      if (R.co.get(w, c)) R.fr.set(b, c);
    if (y.ev.rmw && y.index + 1 < static_cast<int>(g.events[static_cast<std::size_t>(y.thread)].size()) &&
        g.events[static_cast<std::size_t>(y.thread)][static_cast<std::size_t>(y.index) + 1].kind == StepKind::Write &&
        g.events[static_cast<std::size_t>(y.thread)][static_cast<std::size_t>(y.index) + 1].rmw)
      R.rmw.set(b, b + 1);
  }
  // Barrier synchronisation: every arrival at an instance happens before
  // every departure from it (departures exist only for complete instances).
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b) {
      const Node& x = R.nodes[static_cast<std::size_t>(a)];
      const Node& y = R.nodes[static_cast<std::size_t>(b)];
      if (x.init || y.init || x.ev.kind != StepKind::BarrierArrive || y.ev.kind != StepKind::BarrierDepart) continue;
      const Thread& tx = p.threads[static_cast<std::size_t>(x.thread)];
      const Thread& ty = p.threads[static_cast<std::size_t>(y.thread)];
      if (tx.cta == ty.cta && tx.gpu == ty.gpu && x.ev.barrier_id == y.ev.barrier_id &&
          x.ev.barrier_group == y.ev.barrier_group)
        R.bar.set(a, b);
    }

  // rseq ≜ [W]; po_=loc?; [W⊒RLX]; ((incl ∩ rf); rmw)*
  BitMatrix head(n);  // [W]; po_=loc?; [W⊒RLX]
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b) {
      const Node& x = R.nodes[static_cast<std::size_t>(a)];
      const Node& y = R.nodes[static_cast<std::size_t>(b)];
      if (!is_write(x) || !is_write(y) || !is_atomic(order(y))) continue;
      if (a == b || (R.po.get(a, b) && R.same_loc.get(a, b))) head.set(a, b);
    }
  BitMatrix incl_rf = R.rf;
  incl_rf &= R.incl;
  BitMatrix step = incl_rf.compose(R.rmw);
  BitMatrix star = step.closure();
  for (int a = 0; a < n; ++a) star.set(a, a);
  BitMatrix rseq = head.compose(star);
  // prel ≜ [E⊒REL]; ([F]; po)?    pacq ≜ (po; [F])?; [E⊒ACQ]
  BitMatrix prel(n), pacq(n);
  for (int a = 0; a < n; ++a) {
    const Node& x = R.nodes[static_cast<std::size_t>(a)];
    if (x.init || !(is_access(x) || is_fence(x))) continue;
    if (has_release(x.ev.order)) {
      prel.set(a, a);
      if (is_fence(x))
        for (int b = 0; b < n; ++b)
          if (R.po.get(a, b)) prel.set(a, b);
    }
    if (has_acquire(x.ev.order)) {
      pacq.set(a, a);
      if (is_fence(x))
        for (int b = 0; b < n; ++b)
          if (R.po.get(b, a)) pacq.set(b, a);
    }
  }
  BitMatrix sw = prel.compose(rseq).compose(incl_rf).compose(pacq);
  sw &= R.incl;
  // hb ≜ (po ∪ (incl ∩ sw))+, plus barrier edges, plus init before everything.
  BitMatrix base = R.po;
  base |= sw;
  base |= R.bar;
  for (int a = 0; a < L; ++a)
    for (int b = L; b < n; ++b) base.set(a, b);
  R.hb = base.closure();
  BitMatrix e = R.rf;
  e |= R.co;
  e |= R.fr;
  R.eco = e.closure();
  return R;
}

// psc and the SC axiom: acyclic(incl ∩ psc).
bool sc_axiom(const Relations& R) {
  const int n = static_cast<int>(R.nodes.size());
  auto is_sc = [&](int a) {
    const Node& x = R.nodes[static_cast<std::size_t>(a)];
    return !x.init && (is_access(x) || is_fence(x)) && x.ev.order == Order::SC;
  };
  int count = 0;
  for (int a = 0; a < n; ++a) count += is_sc(a) ? 1 : 0;
  if (count < 2) return true;
  BitMatrix po_diff(n), hb_loc(n);
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b) {
      if (R.po.get(a, b) && !R.same_loc.get(a, b)) po_diff.set(a, b);
      if (R.hb.get(a, b) && R.same_loc.get(a, b)) hb_loc.set(a, b);
    }
  BitMatrix scb = R.po;
  scb |= po_diff.compose(R.hb).compose(po_diff);
  scb |= hb_loc;
  scb |= R.co;
  scb |= R.fr;
  BitMatrix left(n), right(n);  // [E_sc] ∪ [F_sc]; hb?   and   [E_sc] ∪ hb?; [F_sc]
  for (int a = 0; a < n; ++a) {
    if (!is_sc(a)) continue;
    left.set(a, a);
    right.set(a, a);
    if (is_fence(R.nodes[static_cast<std::size_t>(a)]))
      for (int b = 0; b < n; ++b) {
        if (R.hb.get(a, b)) left.set(a, b);
        if (R.hb.get(b, a)) right.set(b, a);
      }
  }
  BitMatrix psc = left.compose(scb).compose(right);
  BitMatrix fences(n);
  for (int a = 0; a < n; ++a)
    if (is_sc(a) && is_fence(R.nodes[static_cast<std::size_t>(a)])) fences.set(a, a);
  BitMatrix mid = R.hb;
  mid |= R.hb.compose(R.eco).compose(R.hb);
  psc |= fences.compose(mid).compose(fences);
  psc &= R.incl_scope;
  return psc.acyclic();
}

}  // namespace

bool consistent(const Program& p, const RefGraph& g) {
  Relations R = build(p, g);
  // No-Thin-Air: acyclic(po ∪ rf)
  BitMatrix porf = R.po;
  porf |= R.rf;
  if (!porf.acyclic()) return false;
  // Coherence: irreflexive(hb; eco?)
  if (!R.hb.irreflexive()) return false;
  if (!R.hb.compose(R.eco).irreflexive()) return false;
  // Atomicity: rmw ∩ (fr; co) = ∅
  BitMatrix frco = R.fr.compose(R.co);
  frco &= R.rmw;
  const int n = static_cast<int>(R.nodes.size());
  for (int a = 0; a < n; ++a)
    if (frco.any_in_row(a)) return false;
  return sc_axiom(R);
}

std::vector<Race> races(const Program& p, const RefGraph& g) {
  Relations R = build(p, g);
  std::vector<Race> out;
  const int n = static_cast<int>(R.nodes.size());
  for (int a = 0; a < n; ++a)
    for (int b = a + 1; b < n; ++b) {
      const Node& x = R.nodes[static_cast<std::size_t>(a)];
      const Node& y = R.nodes[static_cast<std::size_t>(b)];
      if (x.init || y.init || x.thread == y.thread || !R.same_loc.get(a, b)) continue;
      if (!is_write(x) && !is_write(y)) continue;
      if (R.hb.get(a, b) || R.hb.get(b, a)) continue;
      Race r;
      r.location = x.ev.location;
      if (!is_atomic(x.ev.order) || !is_atomic(y.ev.order)) r.kind = RaceKind::Data;
      else if (!R.incl.get(a, b)) r.kind = RaceKind::Heterogeneous;
      else continue;
      r.first = AccessRef{x.thread, x.ev.pc, is_write(x)};
      r.second = AccessRef{y.thread, y.ev.pc, is_write(y)};
      if (r.second < r.first) std::swap(r.first, r.second);
      out.push_back(r);
    }
  return out;
}

}  // namespace racecert::explorer::reference
