#include "random_programs.hpp"

#include <algorithm>

namespace racecert::barriers::testing {

namespace {

unsigned pick(std::mt19937_64& rng, unsigned lo, unsigned hi) {  // inclusive
  return std::uniform_int_distribution<unsigned>(lo, hi)(rng);
}
bool chance(std::mt19937_64& rng, double p) { return std::bernoulli_distribution(p)(rng); }

Command random_access(std::mt19937_64& rng, Program& p, const Unit& u) {
  std::string var = chance(rng, 0.6) ? "x" : "y";
  bool write = chance(rng, 0.5);
  unsigned kind = pick(rng, 0, 9);
  IndexForm f;
  if (kind < 4) {  // scalar: every thread of the unit touches the same cell
    return write ? p.write(var) : p.read(var);
  } else if (kind < 6) {  // the unit's lane: units overlap at equal lanes
    f = affine(-static_cast<std::int64_t>(u.first_thread), 1);
  } else if (kind < 7) {  // the same with a huge stride (sparse addresses)
    f = affine(-static_cast<std::int64_t>(u.first_thread) << 20, std::int64_t{1} << 20);
  } else if (kind < 8) {  // thread id: distinct per thread
    f = affine(0, 1);
  } else {  // a constant cell
    f = affine(pick(rng, 0, 1));
  }
  // Wider accesses cover the next addresses too: neighbours' ranges overlap.
  if (chance(rng, 0.2)) f.width = pick(rng, 2, 3);
  return write ? p.write(var, f) : p.read(var, f);
}

// An access with any kind of address: uniform, affine in tid, lane and warp
// (units span warps, so the grouped check splits them), or a table; widths
// up to 8 overlap the neighbours' ranges.
Command rich_access(std::mt19937_64& rng, Program& p, const Unit& u) {
  std::string var = chance(rng, 0.7) ? "x" : "y";
  bool write = chance(rng, 0.5);
  auto small = [&](int lo, int hi) { return static_cast<std::int64_t>(std::uniform_int_distribution<int>(lo, hi)(rng)); };
  unsigned kind = pick(rng, 0, 9);
  IndexForm f;
  if (kind < 2) {
    f = affine(small(0, 3));
  } else if (kind < 4) {
    f.kind = IndexForm::Kind::Table;
    for (unsigned t = 0; t < u.num_threads; ++t) f.table.push_back(small(0, 12));
  } else if (kind < 6) {  // relative to the unit: units overlap
    std::int64_t step = small(-2, 2);
    f = affine(small(0, 4) - step * u.first_thread, step);
  } else {
    f = affine(small(-4, 8), small(-1, 1), small(-2, 2), small(-3, 3));
  }
  if (chance(rng, 0.3)) f.width = small(2, 8);
  return write ? p.write(var, f) : p.read(var, f);
}

// Appends a random access to unit u, with a stored value on a write when the
// shape asks for values (drawn after the access: programs without values
// are the same as before values existed).
void add_access(std::mt19937_64& rng, Program& p, unsigned u, const RandomShape& s) {
  p.units[u].cmds.push_back(s.rich_addresses ? rich_access(rng, p, p.units[u]) : random_access(rng, p, p.units[u]));
  if (!s.values || p.units[u].cmds.back().op != Op::Write || chance(rng, 0.25)) return;
  ValueForm v;
  if (chance(rng, 0.7)) {
    v.push_back(pick(rng, 0, 1));
  } else {
    for (unsigned t = 0; t < p.units[u].num_threads; ++t) v.push_back(pick(rng, 0, 1));
  }
  p.set_value(p.units[u], v);
}

}  // namespace

Program random_program(std::mt19937_64& rng, const RandomShape& s) {
  Program p;
  p.name = "random";
  p.lockstep = s.lockstep;
  unsigned units = pick(rng, 2, s.max_units);
  unsigned thread = 0;
  for (unsigned u = 0; u < units; ++u) {
    unsigned room = s.max_threads - thread - (units - u - 1);  // leave one thread per later unit
    unsigned lanes = pick(rng, 1, std::min(s.max_lanes, room));
    p.add_unit("", thread, lanes);
    p.units.back().name = describe(p.units.back());
    thread += lanes;
  }
  p.block_threads = thread;
  auto lanes = [&](unsigned u) { return p.units[u].num_threads; };
  auto sprinkle = [&](unsigned u, unsigned max) {
    for (unsigned k = pick(rng, 0, max); k > 0; --k) add_access(rng, p, u, s);
  };

  if (!s.structured) {
    for (unsigned u = 0; u < units; ++u) {
      for (unsigned k = pick(rng, 1, 5); k > 0; --k) {
        if (chance(rng, 0.5)) {
          add_access(rng, p, u, s);
          continue;
        }
        unsigned count = chance(rng, 0.5) ? thread : lanes(u) * pick(rng, 1, 2);
        unsigned b = pick(rng, 0, 1);
        p.units[u].cmds.push_back(chance(rng, 0.5) ? Program::sync(b, count) : Program::arrive(b, count));
      }
    }
    return p;
  }

  for (unsigned u = 0; u < units; ++u) sprinkle(u, 1);
  for (unsigned e = pick(rng, 1, s.max_events); e > 0; --e) {
    unsigned b = pick(rng, 0, 2);
    std::vector<unsigned> members;
    for (unsigned u = 0; u < units; ++u)
      if (chance(rng, 0.7)) members.push_back(u);
    if (members.empty()) members.push_back(pick(rng, 0, units - 1));
    unsigned count = 0;
    for (unsigned u : members) count += lanes(u);
    if (chance(rng, 0.05)) count += 1;  // a count that does not add up
    bool all_arrive = chance(rng, 0.15);
    for (unsigned u : members) {
      bool sync = !all_arrive && chance(rng, 0.6);
      p.units[u].cmds.push_back(sync ? Program::sync(b, count) : Program::arrive(b, count));
    }
    for (unsigned u = 0; u < units; ++u) sprinkle(u, 2);
  }
  return p;
}

}  // namespace racecert::barriers::testing
