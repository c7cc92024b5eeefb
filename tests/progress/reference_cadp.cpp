// The CADP-style reference: see reference.hpp.
#include <map>
#include <set>
#include <vector>

#include "reference.hpp"

namespace racecert::progress::reference {

namespace {

// The monitor processes of the paper (LNT), one struct for all six, with
// their variables kept as the LNT code does.
struct Monitor {
  Model model;
  int n;
  std::set<int> F, done;
  int smallest = 0;

  Monitor(Model m, int threads) : model(m), n(threads) {
    if (m == Model::Fair)
      for (int t = 0; t < n; ++t) F.insert(t);
    if (m == Model::Hsa || m == Model::HsaObe) F = {0};
  }
  void step(int tid) {
    switch (model) {
      case Model::Obe:
      case Model::HsaObe: F.insert(tid); break;
      case Model::Lobe:
        for (int t = 0; t <= tid; ++t)
          if (!done.count(t)) F.insert(t);
        break;
      default: break;
    }
  }
  void terminate(int tid) {
    switch (model) {
      case Model::Unfair: break;
      case Model::Fair:
      case Model::Obe: F.erase(tid); break;
      case Model::Hsa:
        done.insert(tid);
        while (done.count(smallest)) ++smallest;
        F = {smallest};
        break;
      case Model::HsaObe:
        F.erase(tid);
        done.insert(tid);
        while (done.count(smallest)) ++smallest;
        F.insert(smallest);
        break;
      case Model::Lobe:
        F.erase(tid);
        done.insert(tid);
        break;
    }
  }
  auto key() const { return std::tuple(F, done, smallest); }
};

struct RState {
  std::vector<std::uint32_t> pcs;
  std::vector<Value> mem;
  std::vector<bool> announced;  // Terminate(tid) has happened
  std::set<int> resident;       // occupancy scheduler: stepped, not terminated
  std::set<int> ever;           // threads that ever stepped
  Monitor mon;
  bool exited = false;
  auto key() const { return std::tuple(pcs, mem, announced, resident, ever, mon.key(), exited); }
};

struct RTrans {
  enum Kind { Step, Terminate, Exit } kind;
  int tid;
  std::set<int> F;  // for steps: F before the step, as the monitor reports it
  std::size_t target;
};

struct Lts {
  std::vector<RState> states;
  std::vector<std::vector<RTrans>> out;
};

// The F a step carries: the monitor's, restricted under an occupancy bound
// to threads that can run (progress/models.hpp).
std::set<int> reported_fair(const RState& s, const ModelSpec& spec, int n) {
  std::set<int> f = s.mon.F;
  f.erase(n);  // HSA's `smallest` runs past the last thread once all are done
  if (spec.occupancy && uses_occupancy(spec.model)) {
    std::set<int> keep;
    for (int t : f) {
      bool can_run = s.resident.count(t) || (!s.ever.count(t) && s.resident.size() < spec.occupancy);
      if (can_run && !s.announced[t]) keep.insert(t);
    }
    f = keep;
  }
  return f;
}

Lts explore(const Program& p, const ModelSpec& spec) {
  const int n = static_cast<int>(p.thread_count());
  Lts lts;
  std::map<decltype(std::declval<RState>().key()), std::size_t> index;
  RState init{std::vector<std::uint32_t>(n, 0), std::vector<Value>(p.location_count(), 0),
              std::vector<bool>(n, false), {}, {}, Monitor(spec.model, n)};
  auto intern = [&](const RState& s) {
    auto [it, fresh] = index.emplace(s.key(), lts.states.size());
    if (fresh) {
      lts.states.push_back(s);
      lts.out.emplace_back();
    }
    return it->second;
  };
  intern(init);
  for (std::size_t i = 0; i < lts.states.size(); ++i) {
    const RState s = lts.states[i];
    if (s.exited) continue;
    std::vector<RTrans> out;
    bool all_done = true;
    for (int t = 0; t < n; ++t) {
      const auto& code = p.threads[t].code;
      if (!s.announced[t]) all_done = false;
      if (s.pcs[t] == code.size()) {
        if (s.announced[t]) continue;
        RState x = s;
        x.announced[t] = true;
        x.resident.erase(t);
        x.mon.terminate(t);
        out.push_back({RTrans::Terminate, t, {}, intern(x)});
        continue;
      }
      if (spec.occupancy && uses_occupancy(spec.model) && !s.resident.count(t) &&
          s.resident.size() >= spec.occupancy)
        continue;  // no free slot to start in
      const Instr& in = code[s.pcs[t]];
      RState x = s;
      const Value old = x.mem[in.loc];
      x.pcs[t] = old == in.check ? in.jump : s.pcs[t] + 1;
      if (in.exch) x.mem[in.loc] = in.write;
      x.resident.insert(t);
      x.ever.insert(t);
      x.mon.step(t);
      out.push_back({RTrans::Step, t, reported_fair(s, spec, n), intern(x)});
    }
    if (all_done) {
      RState x = s;
      x.exited = true;
      out.push_back({RTrans::Exit, -1, {}, intern(x)});
    }
    lts.out[i] = std::move(out);
  }
  return lts;
}

// Listing 1: a closed walk from s on which every thread of F steps (any
// closed walk when F is empty: nothing is guaranteed to run).
bool weak_cycle_from(const Lts& lts, std::size_t s, const std::set<int>& F) {
  std::uint32_t need = 0;
  for (int t : F) need |= 1u << t;
  std::set<std::pair<std::size_t, std::uint32_t>> seen;
  std::vector<std::pair<std::size_t, std::uint32_t>> stack;
  for (const auto& tr : lts.out[s]) {
    if (tr.kind != RTrans::Step) continue;
    stack.push_back({tr.target, 1u << tr.tid});
  }
  while (!stack.empty()) {
    auto [x, m] = stack.back();
    stack.pop_back();
    if (x == s && (m & need) == need) return true;
    if (!seen.insert({x, m}).second) continue;
    for (const auto& tr : lts.out[x])
      if (tr.kind == RTrans::Step) stack.push_back({tr.target, m | (1u << tr.tid)});
  }
  return false;
}

}  // namespace

bool cadp_terminates(const Program& p, const ModelSpec& spec) {
  const Lts lts = explore(p, spec);
  if (spec.fairness == Fairness::Weak) {
    for (std::size_t s = 0; s < lts.states.size(); ++s) {
      for (const auto& tr : lts.out[s]) {
        if (tr.kind != RTrans::Step) continue;
        if (weak_cycle_from(lts, s, tr.F)) return false;
        break;  // every step out of s carries the same F
      }
    }
    return true;
  }
  // Listing 2, by naive iteration to a fixpoint.
  std::vector<char> good(lts.states.size(), 0);
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t s = 0; s < lts.states.size(); ++s) {
      if (good[s]) continue;
      for (const auto& tr : lts.out[s]) {
        bool ok = tr.kind == RTrans::Exit || (tr.kind == RTrans::Step && tr.F.empty()) ||
                  ((tr.kind == RTrans::Terminate || (tr.kind == RTrans::Step && tr.F.count(tr.tid))) &&
                   good[tr.target]);
        if (ok) {
          good[s] = 1;
          changed = true;
          break;
        }
      }
    }
  }
  for (std::size_t s = 0; s < lts.states.size(); ++s)
    if (!lts.states[s].exited && !good[s]) return false;
  return true;
}

}  // namespace racecert::progress::reference
