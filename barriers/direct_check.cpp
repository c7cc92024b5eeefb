#include "barriers/direct_check.hpp"

#include <stdexcept>

#include "barriers/agents.hpp"

namespace racecert::barriers {

namespace {

class Relation {
 public:
  explicit Relation(std::size_t n) : n_(n), words_((n + 63) / 64), bits_(n * words_, 0) {}
  void add(std::size_t a, std::size_t b) { bits_[a * words_ + b / 64] |= std::uint64_t{1} << (b % 64); }
  bool has(std::size_t a, std::size_t b) const { return bits_[a * words_ + b / 64] >> (b % 64) & 1; }
  void close() {  // Warshall, one row at a time
    for (std::size_t k = 0; k < n_; ++k)
      for (std::size_t i = 0; i < n_; ++i)
        if (has(i, k))
          for (std::size_t w = 0; w < words_; ++w) bits_[i * words_ + w] |= bits_[k * words_ + w];
  }

 private:
  std::size_t n_, words_;
  std::vector<std::uint64_t> bits_;
};

}  // namespace

struct ExplicitHappensBefore::Impl {
  const Program& p;
  std::vector<detail::Agent> agents;
  std::vector<std::size_t> base;
  std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> members;  // per generation: (agent, cmd)
  Relation r{0};

  Impl(const Program& prog, const Schedule& s, bool printed, std::size_t max_commands)
      : p(prog), agents(detail::make_agents(prog)) {
    base.assign(agents.size() + 1, 0);
    for (std::size_t a = 0; a < agents.size(); ++a) base[a + 1] = base[a] + p.units[agents[a].unit].cmds.size();
    std::size_t n = base.back();
    if (n > max_commands) throw std::length_error("explicit happens-before: program too large");
    members.resize(s.gens.size());
    for (std::uint32_t a = 0; a < agents.size(); ++a)
      for (const BarrierRef& b : s.barrier_cmds[agents[a].unit]) members[b.gen].emplace_back(a, b.cmd);
    r = Relation(n);
    for (std::uint32_t a = 0; a < agents.size(); ++a) {
      std::size_t len = base[a + 1] - base[a];
      for (std::size_t i = 0; i < len; ++i) {
        if (!printed) r.add(base[a] + i, base[a] + i);  // reflexive
        if (i + 1 < len) r.add(base[a] + i, base[a] + i + 1);  // lines 4-6: program order
      }
    }
    for (const auto& m : members)  // lines 7-16: arrive -> sync, sync <-> sync
      for (const auto& [a1, i1] : m)
        for (const auto& [a2, i2] : m)
          if (is_sync(a2, i2) && (a1 != a2 || i1 != i2)) r.add(id(a1, i1), id(a2, i2));
    r.close();  // line 17
  }
  std::size_t id(std::uint32_t a, std::uint32_t i) const { return base[a] + i; }
  bool is_sync(std::uint32_t a, std::uint32_t i) const { return p.units[agents[a].unit].cmds[i].op == Op::Sync; }
  std::uint32_t agent(CmdRef c, std::uint32_t thread) const {
    for (std::uint32_t a = 0; a < agents.size(); ++a)
      if (agents[a].unit == c.unit && (p.lockstep || agents[a].first_thread == thread)) return a;
    throw std::out_of_range("explicit happens-before: no such thread");
  }
};

ExplicitHappensBefore::ExplicitHappensBefore(const Program& p, const Schedule& s, bool printed,
                                             std::size_t max_commands)
    : impl_(std::make_unique<Impl>(p, s, printed, max_commands)) {}
ExplicitHappensBefore::~ExplicitHappensBefore() = default;

bool ExplicitHappensBefore::holds(CmdRef a, std::uint32_t t, CmdRef b, std::uint32_t t2) const {
  return impl_->r.has(impl_->id(impl_->agent(a, t), a.cmd), impl_->id(impl_->agent(b, t2), b.cmd));
}

Verdict check_direct(const Program& p, const DirectOptions& o) {
  validate(p);
  Verdict v;
  Schedule s = simulate(p);
  if (s.violation) {
    v.outcome = Outcome::NotWellSynchronized;
    v.violation = s.violation;
    return v;
  }
  ExplicitHappensBefore hb(p, s, o.printed_algorithm, o.max_commands);
  const auto& m = *hb.impl_;

  // WELLSYNC lines 18-23: consecutive generations of each barrier.
  std::vector<std::uint32_t> last(kNumBarriers, kNone);
  for (std::uint32_t g = 0; g < s.gens.size(); ++g) {
    std::uint32_t prev = last[s.gens[g].barrier];
    last[s.gens[g].barrier] = g;
    if (prev == kNone) continue;
    for (const auto& [a1, i1] : m.members[prev]) {
      if (o.printed_algorithm && !m.is_sync(a1, i1)) continue;  // gap 1: c1 only over syncs
      for (const auto& [a2, i2] : m.members[g]) {
        SyncViolation bad;
        bad.barrier = s.gens[g].barrier;
        bad.generation = s.gens[g].number;
        bad.at = CmdRef{m.agents[a2].unit, i2};
        bad.other = CmdRef{m.agents[a1].unit, i1};
        bad.has_other = true;
        if (i2 == 0) {
          if (o.printed_algorithm) continue;  // gap 2: no c3, nothing checked
          bad.kind = SyncViolation::Kind::FirstRegistration;
        } else if (!m.r.has(m.id(a1, i1), m.id(a2, i2 - 1))) {
          bad.kind = SyncViolation::Kind::UnsafeRecycling;
        } else {
          continue;
        }
        v.outcome = Outcome::NotWellSynchronized;
        v.violation = bad;
        return v;
      }
    }
  }

  // Races: conflicting accesses of different agents unordered both ways.
  for (const detail::Conflict& c : detail::conflicts(p, m.agents, o.benign_writes_race))
    if (!m.r.has(m.id(c.a1, c.i1), m.id(c.a2, c.i2)) && !m.r.has(m.id(c.a2, c.i2), m.id(c.a1, c.i1)))
      detail::add_unique(v.races, c.race);
  for (const Race& race : detail::simultaneous_races(p, m.agents, o.benign_writes_race))
    detail::add_unique(v.races, race);
  v.racing_pairs = v.races.size();
  v.outcome = v.races.empty() ? Outcome::RaceFree : Outcome::Racy;
  return v;
}

}  // namespace racecert::barriers
