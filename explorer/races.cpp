#include "explorer/races.hpp"

#include <utility>

namespace racecert::explorer {

const char* to_string(RaceKind k) { return k == RaceKind::Data ? "data" : "heterogeneous"; }

std::optional<Race> race_between(const Graph& g, EventId a, EventId b, bool same_value_writes_race) {
  if (a.is_init() || b.is_init() || a.thread == b.thread) return std::nullopt;
  const Event& ea = g.event(a);
  const Event& eb = g.event(b);
  if (!ea.is_access() || !eb.is_access() || ea.location != eb.location) return std::nullopt;
  if (!ea.is_write() && !eb.is_write()) return std::nullopt;
  if (g.hb_before(a, b) || g.hb_before(b, a)) return std::nullopt;
  if (!same_value_writes_race && ea.is_write() && eb.is_write() && !is_atomic(ea.order) && !is_atomic(eb.order) &&
      ea.value == eb.value)
    return std::nullopt;
  Race race;
  race.location = ea.location;
  if (!is_atomic(ea.order) || !is_atomic(eb.order)) {
    race.kind = RaceKind::Data;
  } else if (!g.context().inclusive(a.thread, ea.scope, b.thread, eb.scope)) {
    race.kind = RaceKind::Heterogeneous;
  } else {
    return std::nullopt;
  }
  race.first = AccessRef{a.thread, ea.pc, ea.is_write()};
  race.second = AccessRef{b.thread, eb.pc, eb.is_write()};
  if (race.second < race.first) std::swap(race.first, race.second);
  return race;
}

void races_of(const Graph& g, EventId e, std::vector<Race>& out, bool same_value_writes_race) {
  const Event& ev = g.event(e);
  for (EventId w : g.co(ev.location))
    if (auto r = race_between(g, e, w, same_value_writes_race)) out.push_back(*r);
  if (ev.is_write())
    for (EventId r : g.reads(ev.location))
      if (auto x = race_between(g, e, r, same_value_writes_race)) out.push_back(*x);
}

}  // namespace racecert::explorer
