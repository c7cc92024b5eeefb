#include "liveness/sc_graph.hpp"

#include <algorithm>
#include <climits>
#include <deque>
#include <map>

#include "liveness/global_state.hpp"
#include "liveness/unit_sets.hpp"

namespace racecert::liveness {

using explorer::InstrKind;
using explorer::StepKind;
using explorer::ThreadStatus;
using progress::ThreadSet;

namespace {

constexpr std::size_t kMaxStates = 200000;

struct Node {
  std::vector<explorer::ThreadState> threads;
  std::vector<explorer::Value> memory;
  ThreadSet started = 0;
  BarrierBook barriers{0};
};

struct Edge {
  std::uint32_t target;
  int thread, unit;
  std::vector<explorer::ScheduledEvent> events;  // one, or an RMW's two
};

class ScGraph {
 public:
  ScGraph(const explorer::Program& p, const UnitMap& units) : p_(p), units_(units) {
    for (std::size_t t = 0; t < p.threads.size(); ++t) runners_.emplace_back(p, static_cast<int>(t), INT_MAX, false);
  }

  // False when too large or out of time.
  bool build(Deadline deadline) {
    Node init;
    for (const auto& r : runners_) init.threads.push_back(r.initial());
    init.memory = p_.init;
    init.barriers = BarrierBook(runners_.size());
    intern(std::move(init));
    parent_.push_back({0, 0});
    for (std::size_t s = 0; s < nodes_.size(); ++s) {
      if (nodes_.size() > kMaxStates || ((s & 0xff) == 0 && deadline.expired())) return false;
      for (std::size_t t = 0; t < runners_.size(); ++t) {
        if (!enabled(s, t)) continue;
        Node next = nodes_[s];
        std::vector<explorer::ScheduledEvent> events;
        if (!step(next, t, events)) {
          if (unsupported_) return false;
          continue;
        }
        const std::uint32_t target = intern(std::move(next));
        if (target == parent_.size()) parent_.push_back({static_cast<std::uint32_t>(s), edges_[s].size()});
        edges_[s].push_back(Edge{target, static_cast<int>(t), units_.of_thread[t], std::move(events)});
      }
    }
    return true;
  }

  std::size_t size() const { return nodes_.size(); }
  const std::vector<Edge>& out(std::size_t s) const { return edges_[s]; }
  ThreadSet started(std::size_t s) const { return nodes_[s].started; }
  ThreadSet terminated(std::size_t s) const { return terminated_[s]; }
  // Running, and not waiting at an incomplete barrier instance.
  bool enabled(std::size_t s, std::size_t t) const {
    const explorer::ThreadState& st = nodes_[s].threads[t];
    return st.status == ThreadStatus::Running &&
           !(waits_at_barrier(runners_[t], st) && !nodes_[s].barriers.released(static_cast<int>(t)));
  }
  // Waiting at an incomplete barrier instance.
  bool blocked(std::size_t s, std::size_t t) const {
    return nodes_[s].threads[t].status == ThreadStatus::Running && !enabled(s, t);
  }
  // Its pc (for a lasso's waiting threads).
  int pc(std::size_t s, std::size_t t) const { return nodes_[s].threads[t].pc; }
  std::size_t num_threads() const { return runners_.size(); }
  int unit_of(std::size_t t) const { return units_.of_thread[t]; }
  ThreadSet all() const { return units_.count == 32 ? ~ThreadSet{0} : unit_bit(units_.count) - 1; }
  // The BFS tree: the state and edge that discovered s (s != 0).
  std::pair<std::uint32_t, std::size_t> parent(std::size_t s) const { return parent_[s]; }

 private:
  // One atomic step of thread t (an RMW: read and write). False: the step
  // ends the run as no run of the program (a false assumption), or (with
  // unsupported_ set) a barrier arrival outside the rule BarrierBook keeps.
  bool step(Node& n, std::size_t t, std::vector<explorer::ScheduledEvent>& events) {
    const explorer::ThreadRunner& r = runners_[t];
    explorer::ThreadState& s = n.threads[t];
    n.started |= unit_bit(units_.of_thread[t]);
    auto one = [&](const explorer::Step& st) {
      if (st.kind == StepKind::BarrierArrive &&
          !n.barriers.arrive(p_, static_cast<int>(t), st, r.instr(s).barrier_wait)) {
        unsupported_ = true;
        return false;
      }
      if (st.kind == StepKind::BarrierDepart) n.barriers.depart(static_cast<int>(t));
      explorer::ScheduledEvent e;
      e.thread = static_cast<int>(t);
      e.pc = st.pc;
      e.kind = st.kind;
      e.location = st.location;
      e.rmw = st.rmw;
      if (st.kind == StepKind::Read) {
        e.value = n.memory[static_cast<std::size_t>(st.location)];
      } else if (st.kind == StepKind::Write) {
        e.value = st.value;
        n.memory[static_cast<std::size_t>(st.location)] = st.value;
      }
      events.push_back(e);
      r.advance(s, e.value);
      return true;
    };
    if (!one(r.next(s))) return false;
    if (s.status == ThreadStatus::Running && s.phase != 0 && r.instr(s).kind == InstrKind::Rmw) one(r.next(s));
    return s.status != ThreadStatus::Pruned;
  }

  std::uint32_t intern(Node n) {
    std::vector<explorer::Value> key;
    ThreadSet live = 0;
    for (std::size_t t = 0; t < n.threads.size(); ++t) {
      const explorer::ThreadState& s = n.threads[t];
      append_thread_key(runners_[t], s, key);
      if (s.status == ThreadStatus::Running) live |= unit_bit(units_.of_thread[t]);
    }
    key.insert(key.end(), n.memory.begin(), n.memory.end());
    key.push_back(n.started);
    n.barriers.append_key(key);
    auto [it, fresh] = ids_.emplace(std::move(key), static_cast<std::uint32_t>(nodes_.size()));
    if (fresh) {
      nodes_.push_back(std::move(n));
      edges_.emplace_back();
      terminated_.push_back(all() & ~live);
    }
    return it->second;
  }

  const explorer::Program& p_;
  const UnitMap& units_;
  std::vector<explorer::ThreadRunner> runners_;
  std::map<std::vector<explorer::Value>, std::uint32_t> ids_;
  std::vector<Node> nodes_;
  std::vector<std::vector<Edge>> edges_;
  std::vector<ThreadSet> terminated_;
  std::vector<std::pair<std::uint32_t, std::size_t>> parent_;
  bool unsupported_ = false;
};

// Tarjan's SCCs, iterative; per state its component.
std::vector<std::uint32_t> components(const ScGraph& g) {
  const std::size_t n = g.size();
  constexpr std::uint32_t kNone = UINT32_MAX;
  std::vector<std::uint32_t> index(n, kNone), low(n, 0), comp(n, kNone), stack;
  std::vector<char> on_stack(n, 0);
  std::uint32_t next_index = 0, next_comp = 0;
  struct Frame {
    std::uint32_t s;
    std::size_t edge;
  };
  for (std::uint32_t root = 0; root < n; ++root) {
    if (index[root] != kNone) continue;
    std::vector<Frame> frames{{root, 0}};
    index[root] = low[root] = next_index++;
    stack.push_back(root);
    on_stack[root] = 1;
    while (!frames.empty()) {
      Frame& f = frames.back();
      if (f.edge < g.out(f.s).size()) {
        const std::uint32_t w = g.out(f.s)[f.edge++].target;
        if (index[w] == kNone) {
          index[w] = low[w] = next_index++;
          stack.push_back(w);
          on_stack[w] = 1;
          frames.push_back({w, 0});
        } else if (on_stack[w]) {
          low[f.s] = std::min(low[f.s], index[w]);
        }
        continue;
      }
      const std::uint32_t s = f.s;
      if (low[s] == index[s]) {
        std::uint32_t w;
        do {
          w = stack.back();
          stack.pop_back();
          on_stack[w] = 0;
          comp[w] = next_comp;
        } while (w != s);
        ++next_comp;
      }
      frames.pop_back();
      if (!frames.empty()) low[frames.back().s] = std::min(low[frames.back().s], low[s]);
    }
  }
  return comp;
}

// A path inside component c from `from` to a state satisfying `goal` (which
// may be `from`), as edges; breadth first.
template <class Goal>
std::vector<const Edge*> path_in(const ScGraph& g, const std::vector<std::uint32_t>& comp, std::uint32_t from,
                                 Goal goal) {
  std::map<std::uint32_t, std::pair<std::uint32_t, const Edge*>> seen{{from, {from, nullptr}}};
  std::deque<std::uint32_t> queue{from};
  while (!queue.empty()) {
    const std::uint32_t s = queue.front();
    queue.pop_front();
    if (goal(s)) {
      std::vector<const Edge*> path;
      for (std::uint32_t x = s; x != from;) {
        path.push_back(seen[x].second);
        x = seen[x].first;
      }
      std::reverse(path.begin(), path.end());
      return path;
    }
    for (const Edge& e : g.out(s))
      if (comp[e.target] == comp[from] && seen.emplace(e.target, std::make_pair(s, &e)).second)
        queue.push_back(e.target);
  }
  return {};
}

// The BFS tree's path from the initial state to r.
std::vector<const Edge*> path_to(const ScGraph& g, std::uint32_t r) {
  std::vector<const Edge*> path;
  for (std::uint32_t x = r; x != 0;) {
    auto [p, k] = g.parent(x);
    path.push_back(&g.out(p)[k]);
    x = p;
  }
  std::reverse(path.begin(), path.end());
  return path;
}

// Who wrote what each read reads, along the lasso's run.
void set_read_from(Lasso& l) {
  std::map<int, int> writer;
  for (auto* run : {&l.prefix, &l.cycle})
    for (auto& ev : *run) {
      if (ev.kind == StepKind::Read) ev.read_from = writer.count(ev.location) ? writer[ev.location] : -1;
      if (ev.kind == StepKind::Write) writer[ev.location] = ev.thread;
    }
}

// A reachable state where some thread waits at an incomplete barrier
// instance and no thread of a unit of F can step: the run may stop there
// without terminating, a hang under weak and strong fairness alike (the
// stuck lasso of docs/explorer.md "Lassos": every thread has terminated,
// waits, or is paused in a unit outside F). The first in BFS order, as a
// lasso with an empty cycle.
std::optional<Lasso> hang_lasso(const ScGraph& g, const progress::ModelSpec& spec, int num_units) {
  for (std::uint32_t s = 0; s < g.size(); ++s) {
    const ThreadSet fair = progress::fair_set(spec, g.all(), g.started(s), g.terminated(s));
    bool waits = false, fair_step = false;
    ThreadSet paused = 0;
    for (std::size_t t = 0; t < g.num_threads(); ++t) {
      waits = waits || g.blocked(s, t);
      if (g.enabled(s, t)) {
        paused |= unit_bit(g.unit_of(t));
        fair_step = fair_step || (fair & unit_bit(g.unit_of(t))) != 0;
      }
    }
    if (!waits || fair_step) continue;
    Lasso l;
    for (const Edge* e : path_to(g, s)) l.prefix.insert(l.prefix.end(), e->events.begin(), e->events.end());
    for (std::size_t t = 0; t < g.num_threads(); ++t)
      if (g.blocked(s, t)) l.looping.push_back(LoopingThread{static_cast<int>(t), g.pc(s, t), {g.pc(s, t)}, true});
    for (int u = 0; u < num_units; ++u) {
      if (g.terminated(s) & unit_bit(u)) l.terminated_units.push_back(u);
      else if (paused & unit_bit(u)) l.paused_units.push_back(u);
      if (fair & unit_bit(u)) l.fair_units.push_back(u);
    }
    set_read_from(l);
    return l;
  }
  return std::nullopt;
}

// Weak fairness per thread of a unit of F (threads of a scheduled unit are
// fair to each other). A component C (F is constant on it: started and
// terminated only grow) holds a weakly fair cycle iff every thread t of a
// unit of F has an internal step in C or is disabled at some state of C:
// then a closed walk through those steps and states is fair; otherwise
// every cycle in C leaves t enabled throughout and never steps it. With
// one thread per unit and no thread disabled before it terminates, this is
// Lemma 9.1's covering condition. An empty F needs any internal step.
// Per component: its internal steps per thread, and the threads disabled
// somewhere in it.
struct Coverage {
  std::vector<char> steps, disabled;
};

std::optional<Lasso> weak_lasso(const ScGraph& g, const std::vector<std::uint32_t>& comp,
                                const progress::ModelSpec& spec, int num_units) {
  const std::size_t n = g.num_threads();
  std::map<std::uint32_t, Coverage> cover;
  for (std::size_t s = 0; s < g.size(); ++s) {
    Coverage& c = cover[comp[s]];
    c.steps.resize(n, 0);
    c.disabled.resize(n, 0);
    for (std::size_t t = 0; t < n; ++t)
      if (!g.enabled(s, t)) c.disabled[t] = 1;
    for (const Edge& e : g.out(s))
      if (comp[e.target] == comp[s]) c.steps[static_cast<std::size_t>(e.thread)] = 1;
  }
  for (std::uint32_t r = 0; r < g.size(); ++r) {
    const Coverage& c = cover[comp[r]];
    if (std::none_of(c.steps.begin(), c.steps.end(), [](char x) { return x != 0; })) continue;
    const ThreadSet fair = progress::fair_set(spec, g.all(), g.started(r), g.terminated(r));
    bool fair_cycle = true;
    for (std::size_t t = 0; t < n; ++t)
      if ((fair & unit_bit(g.unit_of(t))) && !c.steps[t] && !c.disabled[t]) fair_cycle = false;
    if (!fair_cycle) continue;
    Lasso l;
    const std::vector<const Edge*> prefix = path_to(g, r);
    // The walk: to an internal step of each thread of F that has one, and to
    // a state where each other thread of F is disabled (any internal step
    // when F is empty), then back to r.
    std::vector<const Edge*> cycle;
    std::vector<char> stepped(n, 0);
    std::uint32_t cur = r;
    auto walk = [&](const std::vector<const Edge*>& path) {
      for (const Edge* e : path) cycle.push_back(e), stepped[static_cast<std::size_t>(e->thread)] = 1, cur = e->target;
    };
    auto step_of = [&](std::size_t t) {
      auto has_step = [&](std::uint32_t s) {
        return std::any_of(g.out(s).begin(), g.out(s).end(), [&](const Edge& e) {
          return comp[e.target] == comp[r] && static_cast<std::size_t>(e.thread) == t;
        });
      };
      walk(path_in(g, comp, cur, has_step));
      for (const Edge& e : g.out(cur))
        if (comp[e.target] == comp[r] && static_cast<std::size_t>(e.thread) == t) return walk({&e});
    };
    for (std::size_t t = 0; t < n; ++t) {
      if (!(fair & unit_bit(g.unit_of(t))) || stepped[t]) continue;
      if (c.steps[t]) step_of(t);
      else if (g.enabled(cur, t)) walk(path_in(g, comp, cur, [&](std::uint32_t s) { return !g.enabled(s, t); }));
    }
    if (cycle.empty())
      for (std::size_t t = 0; t < n; ++t)
        if (c.steps[t]) {
          step_of(t);
          break;
        }
    walk(path_in(g, comp, cur, [&](std::uint32_t s) { return s == r; }));
    for (const Edge* e : prefix) l.prefix.insert(l.prefix.end(), e->events.begin(), e->events.end());
    std::map<int, std::vector<int>> pcs;
    ThreadSet done = 0;
    for (const Edge* e : cycle) {
      done |= unit_bit(e->unit);
      for (const auto& ev : e->events) l.cycle.push_back(ev), pcs[ev.thread].push_back(ev.pc);
    }
    for (auto& [t, v] : pcs) l.looping.push_back(LoopingThread{t, v.back(), v, false});
    for (int u = 0; u < num_units; ++u) {
      if (g.terminated(r) & unit_bit(u)) l.terminated_units.push_back(u);
      else if (!(done & unit_bit(u))) l.paused_units.push_back(u);
      if (fair & unit_bit(u)) l.fair_units.push_back(u);
    }
    set_read_from(l);
    return l;
  }
  return std::nullopt;
}

bool strong_terminates(const ScGraph& g, const progress::ModelSpec& spec) {
  const std::size_t n = g.size();
  std::vector<std::vector<std::uint32_t>> back(n);
  std::vector<char> reached(n, 0);
  std::deque<std::uint32_t> queue;
  for (std::uint32_t s = 0; s < n; ++s) {
    const ThreadSet fair = progress::fair_set(spec, g.all(), g.started(s), g.terminated(s));
    if (g.terminated(s) == g.all() || fair == 0) {
      reached[s] = 1;
      queue.push_back(s);
    }
    for (const Edge& e : g.out(s))
      if (fair & unit_bit(e.unit)) back[e.target].push_back(s);
  }
  while (!queue.empty()) {
    const std::uint32_t s = queue.front();
    queue.pop_front();
    for (std::uint32_t p : back[s])
      if (!reached[p]) reached[p] = 1, queue.push_back(p);
  }
  return std::all_of(reached.begin(), reached.end(), [](char c) { return c != 0; });
}

}  // namespace

bool sc_is_exact(const explorer::Program& p) {
  int location = -1;
  for (const auto& t : p.threads)
    for (const auto& in : t.code) {
      if (!in.accesses_memory()) continue;
      if (!explorer::is_atomic(in.order) || in.extent > 0) return false;
      if (location >= 0 && in.location != location) return false;
      location = in.location;
    }
  return true;
}

std::vector<ScDecision> decide_sequentially_consistent(const explorer::Program& p, const UnitMap& units,
                                                       const std::vector<progress::ModelSpec>& specs,
                                                       Deadline deadline) {
  std::vector<ScDecision> out(specs.size());
  if (!sc_is_exact(p)) return out;
  ScGraph g(p, units);
  if (!g.build(deadline)) return out;
  const auto comp = components(g);
  for (std::size_t m = 0; m < specs.size(); ++m) {
    if (specs[m].occupancy) continue;  // the graph has no occupancy bound
    if (auto hang = hang_lasso(g, specs[m], units.count)) {
      out[m].terminates = false;
      out[m].lasso = std::move(hang);  // constant: fair under both fairness variants
    } else if (specs[m].fairness == progress::Fairness::Weak) {
      out[m].lasso = weak_lasso(g, comp, specs[m], units.count);
      out[m].terminates = !out[m].lasso;
    } else {
      out[m].terminates = strong_terminates(g, specs[m]);
    }
  }
  return out;
}

}  // namespace racecert::liveness
