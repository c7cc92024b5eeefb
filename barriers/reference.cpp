#include "barriers/reference.hpp"

#include <unordered_set>

#include "barriers/agents.hpp"

namespace racecert::barriers {

namespace {

// State layout (bytes): pc per agent, blocked flag per agent, then per barrier
// id in use: configured count (2 bytes, 0 = unconfigured), registered threads
// (2 bytes), generations completed (2 bytes).
class Explorer {
 public:
  Explorer(const Program& p, const ReferenceOptions& o) : p_(p), o_(o), agents_(detail::make_agents(p)) {
    for (const Unit& u : p.units)
      for (const Command& c : u.cmds)
        if (is_barrier(c.op) && dense_[c.arg] < 0) dense_[c.arg] = used_++;
    gen_seen_.resize(agents_.size());
    for (std::size_t a = 0; a < agents_.size(); ++a) gen_seen_[a].assign(cmds(a).size(), 0);
    conflicts_ = detail::conflicts(p, agents_, o.benign_writes_race);
    order_.assign(conflicts_.size(), 0);
  }

  std::optional<Verdict> run() {
    Verdict v;
    std::string init(agents_.size() * 2 + used_ * 6, '\0');
    std::vector<std::string> stack{init};
    std::unordered_set<std::string> seen{init};
    while (!stack.empty()) {
      std::string s = std::move(stack.back());
      stack.pop_back();
      observe(s);
      bool moved = false, finished = true;
      for (std::size_t a = 0; a < agents_.size(); ++a) {
        if (pc(s, a) < cmds(a).size()) finished = false;
        if (blocked(s, a) || pc(s, a) >= cmds(a).size()) continue;
        moved = true;
        std::string next = s;
        if (!step(next, a)) return not_well_synchronized(SyncViolation::Kind::CountMismatch);
        if (bad_) return not_well_synchronized(SyncViolation::Kind::UnsafeRecycling);
        if (seen.insert(next).second) {
          if (seen.size() > o_.max_states) return std::nullopt;
          stack.push_back(std::move(next));
        }
      }
      if (!moved && !finished) return not_well_synchronized(SyncViolation::Kind::Deadlock);
    }
    for (std::size_t k = 0; k < conflicts_.size(); ++k)
      if (order_[k] == 3) detail::add_unique(v.races, conflicts_[k].race);
    for (const Race& r : detail::simultaneous_races(p_, agents_, o_.benign_writes_race)) detail::add_unique(v.races, r);
    v.racing_pairs = v.races.size();
    v.outcome = v.races.empty() ? Outcome::RaceFree : Outcome::Racy;
    return v;
  }

 private:
  const Program& p_;
  const ReferenceOptions& o_;
  std::vector<detail::Agent> agents_;
  int dense_[kNumBarriers] = {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1};
  int used_ = 0;
  std::vector<std::vector<std::uint32_t>> gen_seen_;  // 0 = never registered yet
  std::vector<detail::Conflict> conflicts_;
  std::vector<unsigned char> order_;  // bit 0: c1 before c2 seen; bit 1: c2 before c1
  bool bad_ = false;

  const std::vector<Command>& cmds(std::size_t a) const { return p_.units[agents_[a].unit].cmds; }
  static std::size_t pc(const std::string& s, std::size_t a) { return static_cast<unsigned char>(s[a]); }
  bool blocked(const std::string& s, std::size_t a) const { return s[agents_.size() + a] != 0; }
  std::size_t slot(int b, int field) const { return agents_.size() * 2 + static_cast<std::size_t>(b) * 6 + field * 2; }
  static unsigned get(const std::string& s, std::size_t i) {
    return static_cast<unsigned char>(s[i]) | static_cast<unsigned>(static_cast<unsigned char>(s[i + 1])) << 8;
  }
  static void put(std::string& s, std::size_t i, unsigned v) {
    s[i] = static_cast<char>(v & 0xff);
    s[i + 1] = static_cast<char>(v >> 8);
  }

  void observe(const std::string& s) {
    for (std::size_t k = 0; k < conflicts_.size(); ++k) {
      const auto& c = conflicts_[k];
      bool e1 = pc(s, c.a1) > c.i1, e2 = pc(s, c.a2) > c.i2;
      if (e1 && !e2) order_[k] |= 1;
      if (e2 && !e1) order_[k] |= 2;
    }
  }

  // One step of agent a; false on an error state (count mismatch, overflow).
  bool step(std::string& s, std::size_t a) {
    std::size_t i = pc(s, a);
    const Command& c = cmds(a)[i];
    if (!is_barrier(c.op)) {
      s[a] = static_cast<char>(i + 1);
      return true;
    }
    int b = dense_[c.arg];
    unsigned count = get(s, slot(b, 0)), reg = get(s, slot(b, 1)), done = get(s, slot(b, 2));
    unsigned w = agents_[a].num_threads;
    if (count == 0) count = c.aux;
    if (count != c.aux || reg + w > count) return false;
    reg += w;
    std::uint32_t gen = done + 1;
    if (gen_seen_[a][i] != 0 && gen_seen_[a][i] != gen) bad_ = true;
    gen_seen_[a][i] = gen;
    if (c.op == Op::Sync)
      s[agents_.size() + a] = 1;
    else
      s[a] = static_cast<char>(i + 1);
    if (reg == count) {  // completion and recycling in one step
      for (std::size_t x = 0; x < agents_.size(); ++x) {
        if (!blocked(s, x) || cmds(x)[pc(s, x)].arg != c.arg) continue;
        s[agents_.size() + x] = 0;
        s[x] = static_cast<char>(pc(s, x) + 1);
      }
      count = 0;
      reg = 0;
      ++done;
    }
    put(s, slot(b, 0), count);
    put(s, slot(b, 1), reg);
    put(s, slot(b, 2), done);
    return true;
  }

  Verdict not_well_synchronized(SyncViolation::Kind k) {
    Verdict v;
    v.outcome = Outcome::NotWellSynchronized;
    SyncViolation sv;
    sv.kind = k;
    v.violation = sv;
    return v;
  }
};

}  // namespace

std::optional<Verdict> check_brute_force(const Program& p, const ReferenceOptions& o) {
  validate(p);
  for (const Unit& u : p.units) {
    if (u.cmds.size() > 250) return std::nullopt;  // pcs are stored in one byte
    for (const Command& c : u.cmds)
      if (c.op == Op::Opaque) return std::nullopt;
  }
  return Explorer(p, o).run();
}

}  // namespace racecert::barriers
