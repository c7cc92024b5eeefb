// The reference's exploration: all interleavings of event additions, with
// memoisation of the graphs already seen.
#include <functional>
#include <tuple>
#include <unordered_set>

#include "explorer/barrier_instances.hpp"
#include "explorer/reference.hpp"

namespace racecert::explorer::reference {

namespace {

class Search {
 public:
  Search(const Program& p, int loop_bound, std::uint64_t max_states) : p_(p), max_states_(max_states) {
    for (std::size_t t = 0; t < p.threads.size(); ++t) runners_.emplace_back(p, static_cast<int>(t), loop_bound);
  }

  ReferenceResult run() {
    RefGraph g;
    g.events.resize(p_.threads.size());
    g.co.resize(p_.locations.size());
    for (const auto& r : runners_) g.states.push_back({r.initial()});
    dfs(g);
    for (const auto& r : race_set_) result_.races.push_back(r);
    return std::move(result_);
  }

 private:
  const ThreadState& state(const RefGraph& g, std::size_t t) const { return g.states[t].back(); }

  bool can_step(const RefGraph& g, std::size_t t) const {
    const ThreadState& s = state(g, t);
    if (s.status != ThreadStatus::Running) return false;
    const Instr& in = runners_[t].instr(s);
    if (in.kind != InstrKind::Barrier || s.phase != 1) return true;
    // A departure waits until its instance is complete.
    const RefEvent& arrival = g.events[t].back();
    if (arrival.barrier_count == 0) {
      std::vector<int> cta;
      for (std::size_t u = 0; u < g.events.size(); ++u)
        if (p_.threads[u].cta == p_.threads[t].cta && p_.threads[u].gpu == p_.threads[t].gpu)
          cta.push_back(static_cast<int>(u));
      return countless_instance_complete(
          runners_, cta, [&](int u) -> const ThreadState& { return state(g, static_cast<std::size_t>(u)); },
          arrival.barrier_id, arrival.barrier_group.second);
    }
    return static_cast<int>(members(g, t, arrival.barrier_id, arrival.barrier_group).size()) >=
           capacity(t, arrival.barrier_count);
  }

  int capacity(std::size_t t, int count) const {
    return barrier_capacity(count, p_.cta_size(p_.threads[t].cta, p_.threads[t].gpu));
  }

  // The arrivals of instance `group` of barrier `id` in thread t's CTA, in
  // thread order.
  std::vector<std::pair<int, int>> members(const RefGraph& g, std::size_t t, int id, std::pair<int, int> group) const {
    std::vector<std::pair<int, int>> out;
    for (std::size_t u = 0; u < g.events.size(); ++u) {
      if (p_.threads[u].cta != p_.threads[t].cta || p_.threads[u].gpu != p_.threads[t].gpu) continue;
      for (std::size_t i = 0; i < g.events[u].size(); ++i) {
        const RefEvent& e = g.events[u][i];
        if (e.kind == StepKind::BarrierArrive && e.barrier_id == id && e.barrier_group == group)
          out.emplace_back(static_cast<int>(u), static_cast<int>(i));
      }
    }
    return out;
  }

  // The instance an arrival joins in this interleaving: the incomplete one
  // of its barrier (at most one exists in an arrival order), else a new one.
  std::pair<int, int> arrival_group(const RefGraph& g, std::size_t t, const Step& st) const {
    if (st.barrier_count == 0) return {kCountlessGroup, st.barrier_instance};  // the k-th use: instance k
    const int cap = capacity(t, st.barrier_count);
    for (std::size_t u = 0; u < g.events.size(); ++u) {
      if (p_.threads[u].cta != p_.threads[t].cta || p_.threads[u].gpu != p_.threads[t].gpu) continue;
      for (std::size_t i = 0; i < g.events[u].size(); ++i) {
        const RefEvent& e = g.events[u][i];
        std::pair<int, int> self{static_cast<int>(u), static_cast<int>(i)};
        if (e.kind == StepKind::BarrierArrive && e.barrier_id == st.barrier_id && e.barrier_group == self &&
            capacity(u, e.barrier_count) == cap && static_cast<int>(members(g, u, e.barrier_id, self).size()) < cap)
          return self;
      }
    }
    return {static_cast<int>(t), static_cast<int>(g.events[t].size())};
  }

  std::string key(const RefGraph& g) const {
    std::string k;
    auto num = [&](long long v) { k.append(std::to_string(v)); };
    for (std::size_t t = 0; t < g.events.size(); ++t) {
      k.push_back('T');
      num(static_cast<long long>(t));
      k.push_back(':');
      for (const RefEvent& e : g.events[t]) {
        k.push_back("RWFAD"[static_cast<int>(e.kind)]);
        if (e.kind == StepKind::BarrierArrive) {
          auto first = members(g, t, e.barrier_id, e.barrier_group).front();
          k.push_back('@');
          num(first.first);
          k.push_back('.');
          num(first.second);
        }
        if (e.kind == StepKind::Read || e.kind == StepKind::Write) {
          num(e.location);
          k.push_back('=');
          num(e.value);
        }
        if (e.kind == StepKind::Read) {
          k.push_back('<');
          num(e.rf_thread);
          k.push_back('.');
          num(e.rf_thread < 0 ? e.location : e.rf_index);
        }
        k.push_back(' ');
      }
      k.push_back('s');
      num(static_cast<int>(g.states[t].back().status));
      k.push_back(';');
    }
    for (std::size_t l = 0; l < g.co.size(); ++l) {
      k.append("co");
      num(static_cast<long long>(l));
      k.push_back(':');
      for (auto [t, i] : g.co[l]) {
        num(t);
        k.push_back('.');
        num(i);
        k.push_back(' ');
      }
    }
    return k;
  }

  void add(RefGraph& g, std::size_t t, const Step& st, int rf_thread, int rf_index) {
    RefEvent e;
    e.kind = st.kind;
    e.order = st.order;
    e.scope = st.scope;
    e.rmw = st.rmw;
    e.location = st.location;
    e.vlocation = st.vlocation;
    e.proxy = st.proxy;
    e.fence = st.fence;
    e.pc = st.pc;
    e.barrier_id = st.barrier_id;
    e.barrier_count = st.barrier_count;
    if (st.kind == StepKind::BarrierArrive) e.barrier_group = arrival_group(g, t, st);
    if (st.kind == StepKind::BarrierDepart) e.barrier_group = g.events[t].back().barrier_group;
    e.value = st.value;
    if (st.kind == StepKind::Read) {
      e.rf_thread = rf_thread;
      e.rf_index = rf_index;
      e.value = rf_thread < 0 ? p_.init[static_cast<std::size_t>(st.location)]
                              : g.events[static_cast<std::size_t>(rf_thread)][static_cast<std::size_t>(rf_index)].value;
    }
    g.events[t].push_back(e);
    ThreadState next = g.states[t].back();
    runners_[t].advance(next, e.value);
    g.states[t].push_back(std::move(next));
  }

  void dfs(const RefGraph& g) {
    if (result_.truncated) return;
    if (!seen_.insert(key(g)).second) return;
    if (seen_.size() > max_states_) {
      result_.truncated = true;
      return;
    }
    bool any = false;
    for (std::size_t t = 0; t < g.events.size(); ++t) {
      if (!can_step(g, t)) continue;
      any = true;
      Step st = runners_[t].next(state(g, t));
      auto loc = static_cast<std::size_t>(st.location);
      if (st.kind == StepKind::Read) {
        std::vector<std::pair<int, int>> sources{{-1, st.location}};
        sources.insert(sources.end(), g.co[loc].begin(), g.co[loc].end());
        for (auto [wt, wi] : sources) {
          RefGraph h = g;
          add(h, t, st, wt, wi);
          if (consistent(p_, h)) dfs(h);
        }
      } else if (st.kind == StepKind::Write) {
        for (std::size_t pos = 0; pos <= g.co[loc].size(); ++pos) {
          RefGraph h = g;
          add(h, t, st, -1, -1);
          h.co[loc].insert(h.co[loc].begin() + static_cast<std::ptrdiff_t>(pos),
                           {static_cast<int>(t), static_cast<int>(h.events[t].size()) - 1});
          if (consistent(p_, h)) dfs(h);
        }
      } else {
        RefGraph h = g;
        add(h, t, st, -1, -1);
        if (consistent(p_, h)) dfs(h);
      }
    }
    if (!any) finish(g);
  }

  void finish(const RefGraph& g) {
    bool finished = true, spin = false, bound = false;
    for (const auto& s : g.states) {
      finished = finished && s.back().status == ThreadStatus::Finished;
      spin = spin || s.back().status == ThreadStatus::SpinBlocked;
      bound = bound || s.back().status == ThreadStatus::BoundBlocked;
    }
    for (const Race& r : races(p_, g)) race_set_.insert(r);
    if (!finished) {
      result_.blocked.insert(key(g));
      if (!spin && !bound) ++result_.divergent;
      return;
    }
    result_.complete.insert(key(g));
    if (p_.condition.quantifier == Quantifier::None) return;
    std::vector<std::vector<Value>> regs;
    for (std::size_t t = 0; t < g.states.size(); ++t) regs.push_back(runners_[t].registers(g.states[t].back()));
    std::vector<Value> mem;
    for (std::size_t l = 0; l < g.co.size(); ++l) {
      if (g.co[l].empty()) {
        mem.push_back(p_.init[l]);
      } else {
        auto [t, i] = g.co[l].back();
        mem.push_back(g.events[static_cast<std::size_t>(t)][static_cast<std::size_t>(i)].value);
      }
    }
    if (evaluate(p_.condition.expr, regs, mem)) ++result_.satisfying;
  }

  struct RaceLess {
    bool operator()(const Race& a, const Race& b) const {
      auto key = [](const Race& r) {
        return std::make_tuple(static_cast<int>(r.kind), r.location, r.first.thread, r.first.pc, r.second.thread,
                               r.second.pc);
      };
      return key(a) < key(b);
    }
  };

  const Program& p_;
  std::uint64_t max_states_;
  std::vector<ThreadRunner> runners_;
  std::unordered_set<std::string> seen_;
  std::set<Race, RaceLess> race_set_;
  ReferenceResult result_;
};

}  // namespace

ReferenceResult explore(const Program& p, int loop_bound, std::uint64_t max_states) {
  return Search(p, loop_bound, max_states).run();
}

}  // namespace racecert::explorer::reference
