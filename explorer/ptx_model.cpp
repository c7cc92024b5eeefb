// The PTX v7.5 axioms, following cat/ptx-v7.5.cat definition by definition
// (the names below are the cat file's).
#include "explorer/ptx_model.hpp"

#include <algorithm>

namespace racecert::explorer::ptx {

namespace {

bool strong_memory(const Event& e) {
  return e.thread >= 0 && (e.kind == StepKind::Read || e.kind == StepKind::Write) && is_atomic(e.order);
}
bool is_fence(const Event& e) { return e.kind == StepKind::Fence; }
// strong-operation = strong-m | F
bool strong_operation(const Event& e) { return strong_memory(e) || is_fence(e); }
bool memory_fence(const Event& e) { return is_fence(e) && e.fence == FenceKind::Memory; }
bool fence_acq_rel(const Event& e) { return memory_fence(e) && (e.order == Order::AcqRel || e.order == Order::SC); }
bool fence_sc(const Event& e) { return memory_fence(e) && e.order == Order::SC; }
bool generic(const Event& e) {
  return (e.kind == StepKind::Read || e.kind == StepKind::Write) && e.proxy == Proxy::Generic;
}
// The proxy an event is performed through: alias fences and memory fences
// belong to the generic proxy.
Proxy proxy_of(const Event& e) {
  return is_fence(e) && e.fence != FenceKind::Proxy ? Proxy::Generic : e.proxy;
}

// r := r ∪ id
void add_identity(BitMatrix& r) {
  for (int i = 0; i < r.size(); ++i) r.set(i, i);
}

}  // namespace

bool morally_strong(const Program& p, const Event& x, const Event& y) {
  // ms1: po | po⁻¹ | [strong-operation]; sr; [strong-operation]
  bool ms1 = x.thread >= 0 && x.thread == y.thread;
  if (!ms1 && x.thread >= 0 && y.thread >= 0 && strong_operation(x) && strong_operation(y)) {
    int d = scope_distance(p.threads[static_cast<std::size_t>(x.thread)], p.threads[static_cast<std::size_t>(y.thread)]);
    ms1 = static_cast<int>(x.scope) >= d && static_cast<int>(y.scope) >= d;
  }
  // ms2: the same proxy; ms3: memory operations overlap completely (the
  // same virtual address).
  bool both_memory = (x.kind == StepKind::Read || x.kind == StepKind::Write) &&
                     (y.kind == StepKind::Read || y.kind == StepKind::Write);
  bool ms3 = !both_memory || x.vlocation == y.vlocation;
  return ms1 && proxy_of(x) == proxy_of(y) && ms3;
}

const char* to_string(Axiom a) {
  switch (a) {
    case Axiom::None: return "none";
    case Axiom::NoThinAir: return "no-thin-air";
    case Axiom::FenceSC: return "fence-sc";
    case Axiom::Coherence: return "coherence";
    case Axiom::Coherence2: return "coherence2";
    case Axiom::Atomicity: return "atomicity";
    case Axiom::Causality: return "causality";
  }
  return "?";
}

Checker::Checker(const Program& p, const Candidate& c) : p_(&p), c_(&c), n_(static_cast<int>(c.events.size())) {
  for (BitMatrix* m : {&po_, &rf_, &ms_, &loc_, &vloc_, &same_proxy_, &scta_, &observation_, &sync_, &sync_barrier_,
                       &sync_fence_, &cause_})
    *m = BitMatrix(n_);
  for (int a = 0; a < n_; ++a) {
    const Event& x = ev(a);
    if (fence_sc(x)) sc_fences_.push_back(a);
    for (int b = 0; b < n_; ++b) {
      if (a == b) continue;
      const Event& y = ev(b);
      bool same_thread = x.thread >= 0 && x.thread == y.thread;
      if (same_thread && a < b) po_.set(a, b);
      bool both_memory = is_memory(a) && is_memory(b);
      if (both_memory && x.location == y.location) loc_.set(a, b);
      if (both_memory && x.vlocation == y.vlocation) vloc_.set(a, b);
      const bool same_proxy = proxy_of(x) == proxy_of(y);
      if (same_proxy) same_proxy_.set(a, b);
      if (x.thread >= 0 && y.thread >= 0) {
        const Thread& tx = p.threads[static_cast<std::size_t>(x.thread)];
        const Thread& ty = p.threads[static_cast<std::size_t>(y.thread)];
        if (tx.cta == ty.cta && tx.gpu == ty.gpu) scta_.set(a, b);
      }
      if (ptx::morally_strong(p, x, y)) ms_.set(a, b);
    }
  }
  for (auto [a, d] : c.sync_barrier) sync_barrier_.set(a, d);
  for (int r = 0; r < n_; ++r)
    if (c.rf[static_cast<std::size_t>(r)] >= 0) rf_.set(c.rf[static_cast<std::size_t>(r)], r);
  // observation = (morally-strong & rf) | rmw
  observation_ = rf_;
  observation_ &= ms_;
  for (auto [r, w] : c.rmw) observation_.set(r, w);
  // release-pattern = [W & REL]; po-vloc?; [strong-write] | [F & ACQ_REL]; po; [strong-write]
  // acquire-pattern = [strong-read]; po-vloc?; [R & ACQ] | [strong-read]; po; [F & ACQ_REL]
  BitMatrix release(n_), acquire(n_);
  for (int a = 0; a < n_; ++a)
    for (int b = 0; b < n_; ++b) {
      const Event& x = ev(a);
      const Event& y = ev(b);
      bool po_vloc_opt = a == b || (po_.get(a, b) && vloc_.get(a, b));
      if (is_write(b) && strong_memory(y) &&
          ((is_write(a) && x.thread >= 0 && has_release(x.order) && po_vloc_opt) || (fence_acq_rel(x) && po_.get(a, b))))
        release.set(a, b);
      if (is_read(a) && strong_memory(x) &&
          ((is_read(b) && has_acquire(y.order) && po_vloc_opt) || (fence_acq_rel(y) && po_.get(a, b))))
        acquire.set(a, b);
    }
  // sync = morally-strong & (release-pattern; observation+; acquire-pattern)
  sync_ = release.compose(observation_.closure()).compose(acquire);
  sync_ &= ms_;
}

bool Checker::no_thin_air() const {
  BitMatrix r = rf_;
  for (auto [a, b] : c_->dep) r.set(a, b);
  return r.acyclic();
}

bool Checker::use_fence_order(const std::vector<int>& order) {
  sync_fence_ = BitMatrix(n_);
  for (std::size_t i = 0; i < order.size(); ++i)
    for (std::size_t j = i + 1; j < order.size(); ++j)
      if (ms_.get(order[i], order[j])) sync_fence_.set(order[i], order[j]);
  // cause-base = (po?; ((sync | sync_fence | sync_barrier); po?)+) | po
  BitMatrix po_opt = po_;
  add_identity(po_opt);
  BitMatrix step = sync_;
  step |= sync_fence_;
  step |= sync_barrier_;
  BitMatrix chain = step.compose(po_opt).closure();
  BitMatrix cause_base = po_opt.compose(chain);
  cause_base |= po_;
  // cause = observation?; proxy-preserved-cause-base
  BitMatrix obs_opt = observation_;
  add_identity(obs_opt);
  cause_ = obs_opt.compose(proxy_preserved(cause_base));
  // FenceSC: ([F & SC]; cause; [F & SC]) \ sync_fence = ∅
  for (int a : sc_fences_)
    for (int b : sc_fences_)
      if (cause_.get(a, b) && !sync_fence_.get(a, b)) return false;
  return true;
}

// proxy-preserved-cause-base, the cat file's nine lines in four products:
// with Start = [GEN] | (cause-base & proxy-fence-ops⁻¹) (from an access to a
// fence of its proxy) and End = [GEN] | (cause-base & proxy-fence-ops),
//   lines 1, 3, 4, 5: vloc & (Start; cause-base; End)
//   line 2:           [M]; (same-proxy & scta & vloc & cause-base); [M]
//   lines 6 to 9:     loc & (Start; cause-base; [F & ALIAS]; cause-base; End)
BitMatrix Checker::proxy_preserved(const BitMatrix& cb) const {
  // Without proxies or alias fences every access is generic and lines 2 to
  // 9 add nothing to line 1 (cause-base is transitive).
  const bool plain = std::all_of(c_->events.begin(), c_->events.end(), [](const Event& e) {
    return e.proxy == Proxy::Generic && e.fence == FenceKind::Memory;
  });
  if (plain) {
    BitMatrix line1 = cb;
    line1 &= vloc_;
    return line1;
  }
  BitMatrix start(n_), end(n_), alias(n_), line2 = cb;
  for (int a = 0; a < n_; ++a) {
    const Event& x = ev(a);
    if (generic(x)) {
      start.set(a, a);
      end.set(a, a);
    }
    if (is_fence(x) && x.fence == FenceKind::Alias) alias.set(a, a);
    if (!is_fence(x)) continue;
    // proxy-fence-ops = [F]; (same-proxy & scta); [M]
    for (int m = 0; m < n_; ++m) {
      if (!is_memory(m) || !same_proxy_.get(a, m) || !scta_.get(a, m)) continue;
      if (cb.get(m, a)) start.set(m, a);
      if (cb.get(a, m)) end.set(a, m);
    }
  }
  line2 &= same_proxy_;
  line2 &= scta_;
  line2 &= vloc_;  // vloc relates memory operations only: [M] at both ends
  BitMatrix start_cb = start.compose(cb);
  BitMatrix out = start_cb.compose(end);
  out &= vloc_;
  out |= line2;
  BitMatrix through_alias = start_cb.compose(alias).compose(cb).compose(end);
  through_alias &= loc_;
  out |= through_alias;
  return out;
}

bool Checker::rf_causality() const {
  for (int r = 0; r < n_; ++r) {
    int w = c_->rf[static_cast<std::size_t>(r)];
    if (w >= 0 && cause_.get(r, w)) return false;
  }
  return true;
}

BitMatrix Checker::partial_co(int init_write, const std::vector<int>& total) const {
  BitMatrix co(n_);
  for (std::size_t i = 0; i < total.size(); ++i) {
    co.set(init_write, total[i]);
    for (std::size_t j = i + 1; j < total.size(); ++j)
      if (ms_.get(total[i], total[j]) || cause_.get(total[i], total[j])) co.set(total[i], total[j]);
  }
  return co.closure();
}

Axiom Checker::check_co(const BitMatrix& co, int location) const {
  auto here = [&](int a) { return is_memory(a) && (location < 0 || ev(a).location == location); };
  for (int a = 0; a < n_; ++a) {
    if (!is_write(a) || !here(a)) continue;
    for (int b = 0; b < n_; ++b) {
      if (a == b || !is_write(b) || ev(b).location != ev(a).location) continue;
      // Coherence: ([W]; cause; [W]) & loc ⊆ co
      if (cause_.get(a, b) && !co.get(a, b)) return Axiom::Coherence;
      // Coherence2: ([W]; morally-strong; [W]) & loc ⊆ co | co⁻¹
      if (ms_.get(a, b) && !co.get(a, b) && !co.get(b, a)) return Axiom::Coherence2;
    }
  }
  // fr = rf⁻¹; co: the row of a read is the co row of its write.
  auto fr = [&](int r, int x) { return co.get(c_->rf[static_cast<std::size_t>(r)], x); };
  // Atomicity: ((morally-strong & fr); (morally-strong & co)) & rmw = ∅
  for (auto [r, w] : c_->rmw) {
    if (!here(r) || c_->rf[static_cast<std::size_t>(r)] < 0) continue;
    for (int x = 0; x < n_; ++x)
      if (ms_.get(r, x) && fr(r, x) && ms_.get(x, w) && co.get(x, w)) return Axiom::Atomicity;
  }
  // Causality: irreflexive((rf | fr); cause), the fr half.
  for (int r = 0; r < n_; ++r) {
    if (!is_read(r) || !here(r) || c_->rf[static_cast<std::size_t>(r)] < 0) continue;
    for (int x = 0; x < n_; ++x)
      if (fr(r, x) && cause_.get(x, r)) return Axiom::Causality;
  }
  return Axiom::None;
}

Axiom check(const Program& p, const Candidate& c, const std::vector<std::vector<int>>& co,
            const std::vector<int>& fence_order) {
  Checker k(p, c);
  if (!k.no_thin_air()) return Axiom::NoThinAir;
  if (!k.use_fence_order(fence_order)) return Axiom::FenceSC;
  if (!k.rf_causality()) return Axiom::Causality;
  BitMatrix all(k.size());
  for (std::size_t l = 0; l < co.size(); ++l) {
    int init = -1;
    for (int a = 0; a < k.size(); ++a)
      if (c.events[static_cast<std::size_t>(a)].thread < 0 && c.events[static_cast<std::size_t>(a)].location == static_cast<int>(l))
        init = a;
    if (init < 0) continue;
    all |= k.partial_co(init, co[l]);
  }
  return k.check_co(all, -1);
}

}  // namespace racecert::explorer::ptx
