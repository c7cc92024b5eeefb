#include "naive_synth.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <numeric>
#include <set>

namespace racecert::progress::naive {

namespace {

using State = std::pair<std::vector<std::uint32_t>, std::vector<Value>>;

struct Lts {
  std::vector<State> states;
  std::vector<std::vector<std::pair<std::size_t, std::size_t>>> out;  // (thread, target)
  std::map<std::pair<std::size_t, std::uint32_t>, int> outcomes;       // (thread, pc) -> bits
  std::set<std::pair<std::size_t, std::uint32_t>> influencing_stores;
  std::set<std::pair<std::size_t, std::size_t>> influence;  // (u, t)
};

bool live(const Program& p, const State& s, std::size_t t) { return s.first[t] < p.threads[t].code.size(); }

Lts explore(const Program& p, unsigned locations) {
  Lts l;
  std::map<State, std::size_t> index;
  State init{std::vector<std::uint32_t>(p.thread_count(), 0), std::vector<Value>(locations, 0)};
  index[init] = 0;
  l.states.push_back(init);
  for (std::size_t k = 0; k < l.states.size(); ++k) {
    const State s = l.states[k];
    l.out.emplace_back();
    for (std::size_t t = 0; t < p.thread_count(); ++t) {
      if (!live(p, s, t)) continue;
      const std::uint32_t pc = s.first[t];
      const Instr& i = p.threads[t].code[pc];
      State n = s;
      const bool equal = s.second[i.loc] == i.check;
      n.first[t] = equal ? i.jump : pc + 1;
      if (i.exch) n.second[i.loc] = i.write;
      const bool branch = i.jump != pc + 1;
      l.outcomes[{t, pc}] |= branch && equal ? 2 : 1;
      auto [it, fresh] = index.emplace(n, l.states.size());
      if (fresh) l.states.push_back(n);
      l.out[k].push_back({t, it->second});
      if (!branch) continue;
      for (std::size_t u = 0; u < p.thread_count(); ++u) {
        if (u == t || !live(p, s, u)) continue;
        const Instr& w = p.threads[u].code[s.first[u]];
        if (w.exch && w.loc == i.loc && (w.write == i.check) != equal) {
          l.influencing_stores.insert({u, s.first[u]});
          l.influence.insert({u, t});
        }
      }
    }
  }
  return l;
}

std::set<std::size_t> reachable_from(const Lts& l, std::size_t s) {
  std::set<std::size_t> seen;
  std::vector<std::size_t> stack{s};
  while (!stack.empty()) {
    std::size_t x = stack.back();
    stack.pop_back();
    for (auto [t, y] : l.out[x])
      if (seen.insert(y).second) stack.push_back(y);
  }
  return seen;  // states reachable in >= 1 step
}

}  // namespace

bool accepts(const Program& p) {
  unsigned locs = 1;
  for (const auto& t : p.threads)
    for (const auto& i : t.code) locs = std::max(locs, i.loc + 1);
  const Lts l = explore(p, locs);
  for (std::size_t t = 0; t < p.thread_count(); ++t)
    for (std::uint32_t pc = 0; pc < p.threads[t].code.size(); ++pc) {
      const Instr& i = p.threads[t].code[pc];
      const int need = i.jump != pc + 1 ? 3 : 1;
      auto it = l.outcomes.find({t, pc});
      if (it == l.outcomes.end() || (it->second & need) != need) return false;
      if (i.exch && !l.influencing_stores.count({t, pc})) return false;
    }
  bool cycle = false;
  for (std::size_t s = 0; s < l.states.size(); ++s) {
    const auto r = reachable_from(l, s);
    bool reaches_end = l.out[s].empty();
    for (std::size_t x : r) reaches_end |= l.out[x].empty();
    if (!reaches_end) return false;
    cycle |= r.count(s) > 0;
  }
  if (!cycle) return false;
  // Influence connects every thread (union-find).
  std::vector<std::size_t> parent(p.thread_count());
  std::iota(parent.begin(), parent.end(), 0);
  std::function<std::size_t(std::size_t)> find = [&](std::size_t x) { return parent[x] == x ? x : parent[x] = find(parent[x]); };
  for (auto [u, t] : l.influence) parent[find(u)] = find(t);
  for (std::size_t t = 0; t < p.thread_count(); ++t)
    if (find(t) != find(0)) return false;
  return true;
}

bool has_multi_thread_cycle(const Program& p) {
  unsigned locs = 1;
  for (const auto& t : p.threads)
    for (const auto& i : t.code) locs = std::max(locs, i.loc + 1);
  const Lts l = explore(p, locs);
  for (std::size_t s = 0; s < l.states.size(); ++s) {
    std::size_t alive = 0;
    for (std::size_t t = 0; t < p.thread_count(); ++t) alive += live(p, l.states[s], t);
    if (alive >= 2 && reachable_from(l, s).count(s)) return true;
  }
  return false;
}

std::vector<Program> raw_programs(const SynthBounds& b, bool allow_nops) {
  std::vector<Program> out;
  for (const auto& shape : thread_shapes(b)) {
    // Choices per instruction slot.
    std::vector<std::vector<Instr>> choices;
    for (std::uint32_t len : shape)
      for (std::uint32_t pc = 0; pc < len; ++pc) {
        std::vector<Instr> c;
        if (allow_nops) c.push_back(Instr{0, 0, pc + 1, false, 0});
        for (std::uint32_t loc = 0; loc < b.locations; ++loc) {
          for (Value w = 0; w < b.values; ++w) c.push_back(Instr{loc, 0, pc + 1, true, w});
          for (std::uint32_t j = 0; j <= len; ++j) {
            if (j == pc + 1) continue;
            for (Value v = 0; v < b.values; ++v) {
              c.push_back(Instr{loc, v, j, false, 0});
              for (Value w = 0; w < b.values; ++w) c.push_back(Instr{loc, v, j, true, w});
            }
          }
        }
        choices.push_back(c);
      }
    std::vector<std::size_t> odo(choices.size(), 0);
    for (;;) {
      Program p;
      std::size_t k = 0;
      for (std::uint32_t len : shape) {
        Thread t;
        for (std::uint32_t pc = 0; pc < len; ++pc) t.code.push_back(choices[k][odo[k]]), ++k;
        p.threads.push_back(t);
      }
      out.push_back(p);
      std::size_t i = 0;
      while (i < odo.size() && ++odo[i] == choices[i].size()) odo[i++] = 0;
      if (i == odo.size()) break;
    }
  }
  return out;
}

std::string canonical_key(const Program& p, unsigned locations, unsigned values) {
  std::vector<std::uint32_t> loc_perm(locations);
  std::iota(loc_perm.begin(), loc_perm.end(), 0);
  std::string best;
  bool first = true;
  do {
    // Independent permutations of the non-zero values of each location.
    std::vector<std::vector<Value>> vperm(locations);
    for (auto& v : vperm) {
      v.resize(values);
      std::iota(v.begin(), v.end(), 0);
    }
    std::function<void(unsigned)> per_loc = [&](unsigned x) {
      if (x == locations) {
        std::string key;
        for (std::size_t t = 0; t < p.thread_count(); ++t) {
          key += "|";
          for (std::uint32_t pc = 0; pc < p.threads[t].code.size(); ++pc) {
            const Instr& i = p.threads[t].code[pc];
            const bool nop = !i.exch && i.jump == pc + 1;
            const std::uint32_t loc = nop ? 0 : loc_perm[i.loc];
            const Value c = nop ? 0 : vperm[i.loc][i.check], w = i.exch ? vperm[i.loc][i.write] : 0;
            key += std::to_string(loc) + "," + std::to_string(c) + "," + std::to_string(i.jump) + "," +
                   (i.exch ? "x" : "-") + std::to_string(w) + ";";
          }
        }
        if (first || key < best) best = key, first = false;
        return;
      }
      do {
        per_loc(x + 1);
      } while (std::next_permutation(vperm[x].begin() + 1, vperm[x].end()));
    };
    per_loc(0);
  } while (std::next_permutation(loc_perm.begin(), loc_perm.end()));
  return best;
}

}  // namespace racecert::progress::naive
