#include "explorer/consistency.hpp"

#include <algorithm>

#include "explorer/bit_matrix.hpp"

namespace racecert::explorer {

int read_co_floor(const Graph& g, EventId r) {
  int loc = g.event(r).location;
  const auto& co = g.co(loc);
  int floor = -1;
  for (int i = static_cast<int>(co.size()) - 1; i >= 0; --i)
    if (g.hb_before(co[static_cast<std::size_t>(i)], r)) {
      floor = i;
      break;
    }
  for (EventId other : g.reads(loc))
    if (other != r && g.hb_before(other, r)) floor = std::max(floor, g.co_pos(g.event(other).rf));
  return floor;
}

bool read_coherent(const Graph& g, EventId r) { return g.co_pos(g.event(r).rf) >= read_co_floor(g, r); }

int write_co_floor(const Graph& g, EventId w) {
  int loc = g.event(w).location;
  const auto& co = g.co(loc);
  int floor = -1;
  for (int i = static_cast<int>(co.size()) - 1; i >= 0; --i)
    if (g.hb_before(co[static_cast<std::size_t>(i)], w)) {
      floor = i;
      break;
    }
  for (EventId r : g.reads(loc))
    if (r.thread != w.thread || r.index != w.index)
      if (g.hb_before(r, w)) floor = std::max(floor, g.co_pos(g.event(r).rf));
  return floor + 1;
}

namespace {
// Y directly follows X in co: if Y is an RMW write, its read must read X.
bool adjacent_ok(const Graph& g, EventId x, EventId y) {
  if (y.is_init()) return true;
  const Event& ye = g.event(y);
  if (!ye.rmw) return true;
  return g.event(EventId{y.thread, y.index - 1}).rf == x;
}
}  // namespace

bool atomic_at(const Graph& g, int loc, int pos) {
  const auto& co = g.co(loc);
  EventId w = co[static_cast<std::size_t>(pos)];
  EventId prev = pos > 0 ? co[static_cast<std::size_t>(pos - 1)] : EventId{-1, loc};
  if (!adjacent_ok(g, prev, w)) return false;
  if (static_cast<std::size_t>(pos) + 1 < co.size() && !adjacent_ok(g, w, co[static_cast<std::size_t>(pos) + 1]))
    return false;
  return true;
}

// psc_base ≜ ([E_sc] ∪ [F_sc]; hb?); scb; ([E_sc] ∪ hb?; [F_sc])
// psc_F    ≜ [F_sc]; (hb ∪ hb; eco; hb); [F_sc]
// scb      ≜ po ∪ po_≠loc; hb; po_≠loc ∪ hb_=loc ∪ co ∪ fr
// Fences have no location, so po_≠loc relates them to everything.
bool sc_consistent(const Graph& g) {
  if (g.sc_events() < 2) return true;
  const int T = g.num_threads();
  const int L = g.context().num_locations;
  std::vector<EventId> ids;
  for (int l = 0; l < L; ++l) ids.push_back(EventId{-1, l});
  std::vector<std::vector<int>> index(static_cast<std::size_t>(T));
  for (int t = 0; t < T; ++t)
    for (int i = 0; i < g.size(t); ++i) {
      index[static_cast<std::size_t>(t)].push_back(static_cast<int>(ids.size()));
      ids.push_back(EventId{t, i});
    }
  auto idx = [&](EventId e) {
    return e.is_init() ? e.index : index[static_cast<std::size_t>(e.thread)][static_cast<std::size_t>(e.index)];
  };
  auto loc_of = [&](EventId e) { return e.is_init() ? e.index : g.event(e).location; };
  auto is_access = [&](EventId e) { return e.is_init() || g.event(e).is_access(); };
  const int n = static_cast<int>(ids.size());
  BitMatrix hb(n), po(n), po_diff(n), scb(n), co(n), fr(n), rf(n);
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b) {
      if (a == b || ids[static_cast<std::size_t>(b)].is_init()) continue;
      EventId ea = ids[static_cast<std::size_t>(a)], eb = ids[static_cast<std::size_t>(b)];
      if (g.hb_before(ea, eb)) hb.set(a, b);
      if (!ea.is_init() && ea.thread == eb.thread && ea.index < eb.index) {
        po.set(a, b);
        bool same = is_access(ea) && is_access(eb) && loc_of(ea) == loc_of(eb);
        if (!same) po_diff.set(a, b);
      }
    }
  for (int l = 0; l < L; ++l) {
    std::vector<EventId> order{EventId{-1, l}};
    for (EventId w : g.co(l)) order.push_back(w);
    for (std::size_t i = 0; i < order.size(); ++i)
      for (std::size_t j = i + 1; j < order.size(); ++j) co.set(idx(order[i]), idx(order[j]));
    for (EventId r : g.reads(l)) {
      EventId src = g.event(r).rf;
      rf.set(idx(src), idx(r));
      // src sits at order[co_pos + 1]; r is fr-before every later write.
      for (std::size_t j = static_cast<std::size_t>(g.co_pos(src) + 2); j < order.size(); ++j)
        fr.set(idx(r), idx(order[j]));
    }
  }
  scb |= po;
  scb |= po_diff.compose(hb).compose(po_diff);
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b)
      if (hb.get(a, b) && is_access(ids[static_cast<std::size_t>(a)]) && is_access(ids[static_cast<std::size_t>(b)]) &&
          loc_of(ids[static_cast<std::size_t>(a)]) == loc_of(ids[static_cast<std::size_t>(b)]))
        scb.set(a, b);
  scb |= co;
  scb |= fr;
  BitMatrix eco = rf;
  eco |= co;
  eco |= fr;
  eco |= co.compose(rf);
  eco |= fr.compose(rf);
  BitMatrix hb_eco_hb = hb.compose(eco).compose(hb);

  std::vector<int> sc;
  for (int a = 0; a < n; ++a) {
    EventId e = ids[static_cast<std::size_t>(a)];
    if (!e.is_init() && g.event(e).order == Order::SC) sc.push_back(a);
  }
  auto is_fence = [&](int a) { return g.event(ids[static_cast<std::size_t>(a)]).kind == StepKind::Fence; };
  const int m = static_cast<int>(sc.size());
  BitMatrix psc(m);
  for (int i = 0; i < m; ++i) {
    int a = sc[static_cast<std::size_t>(i)];
    BitMatrix left(n);  // row 0: [E_sc] ∪ [F_sc]; hb? from a
    left.set(0, a);
    if (is_fence(a)) left.or_row(0, hb, a);
    BitMatrix reach(n);  // row 0: left; scb
    for (int c = 0; c < n; ++c)
      if (left.get(0, c)) reach.or_row(0, scb, c);
    for (int j = 0; j < m; ++j) {
      int b = sc[static_cast<std::size_t>(j)];
      if (a == b) continue;
      EventId ea = ids[static_cast<std::size_t>(a)], eb = ids[static_cast<std::size_t>(b)];
      const Event& xa = g.event(ea);
      const Event& xb = g.event(eb);
      // The issue drops incl's same-location clause here: SC accesses to
      // different locations must still be ordered (think SB with SC accesses).
      if (!g.context().inclusive(ea.thread, xa.scope, eb.thread, xb.scope)) continue;
      bool edge = reach.get(0, b);
      if (!edge && is_fence(b))
        for (int d = 0; d < n && !edge; ++d) edge = reach.get(0, d) && hb.get(d, b);
      if (!edge && is_fence(a) && is_fence(b)) edge = hb.get(a, b) || hb_eco_hb.get(a, b);
      if (edge) psc.set(i, j);
    }
  }
  return psc.acyclic();
}

}  // namespace racecert::explorer
