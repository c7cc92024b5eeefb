#include "barriers/agents.hpp"

#include <algorithm>
#include <map>
#include <optional>

namespace racecert::barriers::detail {

std::vector<Agent> make_agents(const Program& p) {
  std::vector<Agent> out;
  for (std::uint32_t u = 0; u < p.units.size(); ++u) {
    const Unit& unit = p.units[u];
    if (p.lockstep) {
      out.push_back(Agent{u, unit.first_thread, unit.num_threads});
    } else {
      for (std::uint32_t t = unit.first_thread; t <= unit.last_thread(); ++t) out.push_back(Agent{u, t, 1});
    }
  }
  return out;
}

namespace {
// address -> the threads of the agent touching it, in increasing order (every
// address of the access's width: ranges overlap when they share an address)
using Addresses = std::map<std::pair<std::uint32_t, std::int64_t>, std::vector<std::uint32_t>>;
Addresses addresses(const Program& p, const Agent& a, const Command& c) {
  Addresses out;
  const Unit& unit = p.units[a.unit];
  for (std::uint32_t t = a.first_thread; t < a.first_thread + a.num_threads; ++t) {
    std::int64_t first = p.address(c, unit, t);
    for (std::int64_t addr = first; addr < first + p.width(c); ++addr) out[std::make_pair(c.arg, addr)].push_back(t);
  }
  return out;
}
}  // namespace

std::vector<Conflict> conflicts(const Program& p, const std::vector<Agent>& agents, bool benign_writes_race) {
  std::vector<Conflict> out;
  for (std::uint32_t a1 = 0; a1 < agents.size(); ++a1) {
    const auto& c1s = p.units[agents[a1].unit].cmds;
    for (std::uint32_t i1 = 0; i1 < c1s.size(); ++i1) {
      if (!is_access(c1s[i1].op)) continue;
      auto addr1 = addresses(p, agents[a1], c1s[i1]);
      for (std::uint32_t a2 = a1 + 1; a2 < agents.size(); ++a2) {
        const auto& c2s = p.units[agents[a2].unit].cmds;
        for (std::uint32_t i2 = 0; i2 < c2s.size(); ++i2) {
          if (!is_access(c2s[i2].op) || c2s[i2].arg != c1s[i1].arg) continue;
          if (c1s[i1].op != Op::Write && c2s[i2].op != Op::Write) continue;
          // The first thread pair sharing an address that is not a benign
          // pair of same-value writes.
          std::optional<Race> found;
          for (const auto& [key, t2s] : addresses(p, agents[a2], c2s[i2])) {
            auto hit = addr1.find(key);
            if (hit == addr1.end()) continue;
            for (std::uint32_t t1 : hit->second) {
              for (std::uint32_t t2 : t2s) {
                if (!benign_writes_race && p.same_value_writes(agents[a1].unit, i1, t1, agents[a2].unit, i2, t2))
                  continue;
                Race r;
                r.first = AccessRef{CmdRef{agents[a1].unit, i1}, t1};
                r.second = AccessRef{CmdRef{agents[a2].unit, i2}, t2};
                if (r.second.at < r.first.at) std::swap(r.first, r.second);
                r.var = key.first;
                r.address = key.second;
                found = r;
                break;
              }
              if (found) break;
            }
            if (found) break;
          }
          if (found) out.push_back(Conflict{a1, i1, a2, i2, *found});
        }
      }
    }
  }
  return out;
}

std::vector<Race> simultaneous_races(const Program& p, const std::vector<Agent>& agents, bool benign_writes_race) {
  std::vector<Race> out;
  if (!p.lockstep) return out;
  for (const Agent& a : agents) {
    const Unit& unit = p.units[a.unit];
    for (std::uint32_t i = 0; i < unit.cmds.size(); ++i) {
      const Command& c = unit.cmds[i];
      if (c.op != Op::Write) continue;
      std::map<std::int64_t, std::uint32_t> seen;
      bool found = false;
      for (std::uint32_t t = a.first_thread; t < a.first_thread + a.num_threads && !found; ++t) {
        std::int64_t first = p.address(c, unit, t);
        for (std::int64_t addr = first; addr < first + p.width(c) && !found; ++addr) {
          auto [it, fresh] = seen.emplace(addr, t);
          if (fresh) continue;
          // Same value and range as the first writer: benign (an equivalence,
          // so comparing with the first writer finds any other value).
          if (!benign_writes_race && p.same_value_writes(a.unit, i, it->second, a.unit, i, t)) continue;
          Race r;
          r.first = AccessRef{CmdRef{a.unit, i}, it->second};
          r.second = AccessRef{CmdRef{a.unit, i}, t};
          r.var = c.arg;
          r.address = addr;
          out.push_back(r);
          found = true;
        }
      }
    }
  }
  return out;
}

void add_unique(std::vector<Race>& races, const Race& r) {
  for (const Race& x : races)
    if (x.first.at == r.first.at && x.second.at == r.second.at) return;
  races.push_back(r);
}

}  // namespace racecert::barriers::detail
