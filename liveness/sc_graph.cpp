#include "liveness/sc_graph.hpp"

#include <algorithm>
#include <climits>
#include <deque>
#include <map>

namespace racecert::liveness {

using explorer::InstrKind;
using explorer::StepKind;
using explorer::ThreadStatus;
using progress::ThreadSet;

namespace {

constexpr std::size_t kMaxStates = 200000;

ThreadSet bit(int u) { return ThreadSet{1} << u; }

struct Node {
  std::vector<explorer::ThreadState> threads;
  std::vector<explorer::Value> memory;
  ThreadSet started = 0;
};

struct Edge {
  std::uint32_t target;
  int unit;
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
    intern(std::move(init));
    for (std::size_t s = 0; s < nodes_.size(); ++s) {
      if (nodes_.size() > kMaxStates || ((s & 0xff) == 0 && deadline.expired())) return false;
      for (std::size_t t = 0; t < runners_.size(); ++t) {
        if (nodes_[s].threads[t].status != ThreadStatus::Running) continue;
        Node next = nodes_[s];
        if (!step(next, t)) continue;
        const std::uint32_t target = intern(std::move(next));
        edges_[s].push_back(Edge{target, units_.of_thread[t]});
      }
    }
    return true;
  }

  std::size_t size() const { return nodes_.size(); }
  const std::vector<Edge>& out(std::size_t s) const { return edges_[s]; }
  ThreadSet started(std::size_t s) const { return nodes_[s].started; }
  ThreadSet terminated(std::size_t s) const { return terminated_[s]; }
  ThreadSet all() const { return units_.count == 32 ? ~ThreadSet{0} : bit(units_.count) - 1; }

 private:
  // One atomic step of thread t (an RMW: read and write). False: the step
  // ends the run as no run of the program (a false assumption).
  bool step(Node& n, std::size_t t) {
    const explorer::ThreadRunner& r = runners_[t];
    explorer::ThreadState& s = n.threads[t];
    n.started |= bit(units_.of_thread[t]);
    explorer::Step st = r.next(s);
    auto loc = static_cast<std::size_t>(st.location);
    switch (st.kind) {
      case StepKind::Read: r.advance(s, n.memory[loc]); break;
      case StepKind::Write:
        n.memory[loc] = st.value;
        r.advance(s, 0);
        break;
      default: r.advance(s, 0); break;
    }
    if (s.status == ThreadStatus::Running && s.phase != 0 && r.instr(s).kind == InstrKind::Rmw) {
      explorer::Step w = r.next(s);
      n.memory[static_cast<std::size_t>(w.location)] = w.value;
      r.advance(s, 0);
    }
    return s.status != ThreadStatus::Pruned;
  }

  std::uint32_t intern(Node n) {
    std::vector<explorer::Value> key;
    ThreadSet live = 0;
    for (std::size_t t = 0; t < n.threads.size(); ++t) {
      const explorer::ThreadState& s = n.threads[t];
      key.insert(key.end(), {s.pc, static_cast<explorer::Value>(s.status), s.phase, s.pending});
      for (explorer::Value v : runners_[t].registers(s)) key.push_back(v);
      if (s.status == ThreadStatus::Running) live |= bit(units_.of_thread[t]);
    }
    key.insert(key.end(), n.memory.begin(), n.memory.end());
    key.push_back(n.started);
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

bool weak_terminates(const ScGraph& g, const std::vector<std::uint32_t>& comp, const progress::ModelSpec& spec) {
  std::map<std::uint32_t, ThreadSet> covered, fair;
  for (std::size_t s = 0; s < g.size(); ++s)
    for (const Edge& e : g.out(s))
      if (comp[e.target] == comp[s]) {
        covered[comp[s]] |= bit(e.unit);
        fair[comp[s]] = progress::fair_set(spec, g.all(), g.started(s), g.terminated(s));
      }
  for (const auto& [c, cov] : covered)
    if ((fair[c] & ~cov) == 0) return false;
  return true;
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
      if (fair & bit(e.unit)) back[e.target].push_back(s);
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
      if (in.kind == InstrKind::Barrier) return false;
      if (!in.accesses_memory()) continue;
      if (!explorer::is_atomic(in.order) || in.extent > 0) return false;
      if (location >= 0 && in.location != location) return false;
      location = in.location;
    }
  return true;
}

std::vector<std::optional<bool>> decide_sequentially_consistent(const explorer::Program& p, const UnitMap& units,
                                                                const std::vector<progress::ModelSpec>& specs,
                                                                unsigned max_resident_units, Deadline deadline) {
  std::vector<std::optional<bool>> out(specs.size());
  if (max_resident_units || !sc_is_exact(p)) return out;
  ScGraph g(p, units);
  if (!g.build(deadline)) return out;
  const auto comp = components(g);
  for (std::size_t m = 0; m < specs.size(); ++m)
    out[m] = specs[m].fairness == progress::Fairness::Weak ? weak_terminates(g, comp, specs[m])
                                                           : strong_terminates(g, specs[m]);
  return out;
}

}  // namespace racecert::liveness
