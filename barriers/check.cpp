// Renders an Analysis as the shared KernelReport: what the user reads.
#include "barriers/check.hpp"

#include <algorithm>
#include <optional>

#include "barriers/parser.hpp"
#include "support/diagnostic.hpp"

namespace racecert::barriers {

namespace {

using Severity = Diagnostic::Severity;

class Reporter {
 public:
  Reporter(const Program& p, const Analysis& a) : p_(p), a_(a) {}

  KernelReport run() {
    r_.name = p_.name;
    r_.file = p_.loc.file.empty() && !p_.files.empty() ? p_.files.front() : p_.loc.file.str();
    r_.seconds = a_.stats.total_s;
    const Verdict& v = a_.verdict;
    switch (v.outcome) {
      case Outcome::Unknown: unknown(); break;
      case Outcome::NotWellSynchronized: not_well_synchronized(*v.violation); break;
      case Outcome::Racy: racy(); break;
      case Outcome::RaceFree:
        r_.status = KernelStatus::Drf;
        note(p_.loc, "well-synchronized (" + std::to_string(a_.schedule.gens.size()) +
                         " dynamic barriers) and race-free across barrier generations");
        break;
    }
    if (v.outcome == Outcome::Racy || v.outcome == Outcome::RaceFree) incomplete_generations();
    return std::move(r_);
  }

 private:
  const Program& p_;
  const Analysis& a_;
  KernelReport r_;

  void add(Severity s, SourceLoc loc, std::string msg) { r_.diagnostics.push_back(Diagnostic{s, std::move(loc), std::move(msg)}); }
  void error(SourceLoc loc, std::string msg) { add(Severity::Error, std::move(loc), std::move(msg)); }
  void note(SourceLoc loc, std::string msg) { add(Severity::Note, std::move(loc), std::move(msg)); }

  const Command& cmd(CmdRef c) const { return p_.units[c.unit].cmds[c.cmd]; }
  SourceLoc loc(CmdRef c) const { return p_.loc_of(cmd(c)); }
  std::string unit(CmdRef c) const { return describe(p_.units[c.unit]); }
  std::string what(CmdRef c) const { return "'" + describe(p_, cmd(c)) + "' by " + unit(c); }
  static std::string gen(std::uint32_t barrier, std::uint32_t number) {
    return "barrier " + std::to_string(barrier) + " generation " + std::to_string(number);
  }
  const Generation* find_gen(std::uint32_t barrier, std::uint32_t number) const {
    for (const Generation& g : a_.schedule.gens)
      if (g.barrier == barrier && g.number == number) return &g;
    return nullptr;
  }

  void unknown() {
    r_.status = KernelStatus::Unknown;
    std::size_t shown = 0;
    for (const CmdRef& c : a_.opaque) {
      if (++shown > 10) break;
      add(Severity::Warning, loc(c),
          "data-dependent in " + unit(c) + ": " + p_.notes[cmd(c).arg] +
              "; the named-barrier check needs statically known commands");
    }
    if (a_.opaque.size() > 10)
      note(p_.loc, std::to_string(a_.opaque.size() - 10) + " more data-dependent commands not shown");
  }

  void not_well_synchronized(const SyncViolation& v) {
    r_.status = KernelStatus::Deadlock;  // the report's status for "not well-synchronized"
    using K = SyncViolation::Kind;
    switch (v.kind) {
      case K::Deadlock:
        deadlock(v.waits);
        finished_units();
        break;
      case K::CountMismatch:
        error(loc(v.at), "count mismatch on " + gen(v.barrier, v.generation) + ": " + what(v.at) + " expects " +
                             std::to_string(cmd(v.at).aux) + " threads, but the generation was configured for " +
                             std::to_string(cmd(v.other).aux));
        note(loc(v.other), "generation configured here by " + what(v.other));
        break;
      case K::Overflow: {
        const Generation* g = find_gen(v.barrier, v.generation);
        std::uint32_t left = g ? g->count - g->registered : 0;
        std::string msg = "too many threads on " + gen(v.barrier, v.generation) + ": " + what(v.at) + " registers " +
                          std::to_string(p_.units[v.at.unit].num_threads) + " threads but only " +
                          std::to_string(left) + " of " + std::to_string(cmd(v.at).aux) + " remain";
        if (!p_.lockstep)
          msg += "; its threads would join different generations depending on the schedule";
        error(loc(v.at), msg);
        break;
      }
      case K::UnsafeRecycling:
        error(loc(v.at), "unsafe recycling of barrier " + std::to_string(v.barrier) + ": " + what(v.at) +
                             " registers for generation " + std::to_string(v.generation) +
                             " but is not ordered after the completion of generation " +
                             std::to_string(v.generation - 1) + ", so it may join that generation");
        if (cmd(v.other).op == Op::Sync)
          note(loc(v.other), "generation " + std::to_string(v.generation - 1) + " completes with " +
                                 what(v.other) + ", which does not happen before it");
        else
          note(loc(v.other), what(v.other) + " registers for generation " + std::to_string(v.generation - 1) +
                                 " and does not happen before it");
        break;
      case K::FirstRegistration:
        error(loc(v.at), what(v.at) + " is the first command of its unit and registers for " +
                             gen(v.barrier, v.generation) + "; nothing orders it after generation " +
                             std::to_string(v.generation - 1) + ", so it may join that generation");
        note(loc(v.other), "generation " + std::to_string(v.generation - 1) + " includes " + what(v.other));
        break;
    }
  }

  // One error per barrier command the block is stuck at: the units waiting
  // there (consecutive warps as a range, "warps 2-3 (threads 64..127)"), and
  // how far the generation they wait for got.
  void deadlock(const std::vector<SyncViolation::Wait>& waits) {
    std::vector<bool> done(waits.size(), false);
    for (std::size_t i = 0; i < waits.size(); ++i) {
      if (done[i]) continue;
      const auto& w = waits[i];
      std::vector<std::uint32_t> units;
      for (std::size_t j = i; j < waits.size(); ++j) {
        const auto& x = waits[j];
        if (done[j] || x.barrier != w.barrier || x.generation != w.generation ||
            !(loc(x.at) == loc(w.at)) || describe(p_, cmd(x.at)) != describe(p_, cmd(w.at)))
          continue;
        done[j] = true;
        units.push_back(x.at.unit);
      }
      error(loc(w.at), "deadlock: " + unit_list(units) + (units.size() == 1 ? " waits" : " wait") + " at '" +
                           describe(p_, cmd(w.at)) + "' on " + gen(w.barrier, w.generation) + ": " +
                           std::to_string(w.registered) + " of " + std::to_string(w.count) + " threads arrived");
    }
  }

  // "warp 1 (threads 32..63)", "warps 2-3 (threads 64..127)", or the units
  // one by one when they are not consecutive warps.
  std::string unit_list(const std::vector<std::uint32_t>& units) const {
    auto warp_number = [&](std::uint32_t u) -> std::optional<std::uint32_t> {
      const Unit& x = p_.units[u];
      if (x.name != "warp " + std::to_string(x.first_thread / 32) || x.first_thread % 32) return std::nullopt;
      return x.first_thread / 32;
    };
    bool consecutive = units.size() > 1;
    for (std::size_t i = 0; consecutive && i < units.size(); ++i) {
      auto n = warp_number(units[i]);
      consecutive = n && (i == 0 || (*warp_number(units[i - 1]) + 1 == *n &&
                                     p_.units[units[i - 1]].last_thread() + 1 == p_.units[units[i]].first_thread));
    }
    if (consecutive) {
      const Unit &a = p_.units[units.front()], &b = p_.units[units.back()];
      return "warps " + std::to_string(*warp_number(units.front())) + "-" + std::to_string(*warp_number(units.back())) +
             " (threads " + std::to_string(a.first_thread) + ".." + std::to_string(b.last_thread()) + ")";
    }
    std::string s;
    for (std::uint32_t u : units) s += (s.empty() ? "" : ", ") + describe(p_.units[u]);
    return s;
  }

  void finished_units() {
    std::string done;
    std::vector<bool> waiting(p_.units.size(), false);
    for (const auto& w : a_.verdict.violation->waits) waiting[w.at.unit] = true;
    for (std::size_t u = 0; u < p_.units.size(); ++u)
      if (!waiting[u]) done += (done.empty() ? "" : ", ") + describe(p_.units[u]);
    if (!done.empty()) note(p_.loc, "units that ran to completion: " + done);
  }

  // "after sync 0 generation 1 (f:2:5), before arrive 1 generation 1 (f:4:5)"
  std::string context(CmdRef c) const {
    const auto& bc = a_.schedule.barrier_cmds[c.unit];
    auto it = std::lower_bound(bc.begin(), bc.end(), c.cmd,
                               [](const BarrierRef& b, std::uint32_t x) { return b.cmd < x; });
    auto describe_ref = [&](const BarrierRef& b) {
      const Command& bcmd = p_.units[c.unit].cmds[b.cmd];
      return std::string(to_string(bcmd.op)) + " " + gen(bcmd.arg, a_.schedule.gens[b.gen].number) + " (" +
             p_.loc_of(bcmd).str() + ")";
    };
    if (bc.empty()) return "its unit executes no barrier command";
    std::string s = it == bc.begin() ? "before any barrier" : "after " + describe_ref(*(it - 1));
    s += it == bc.end() ? ", after the last barrier" : ", before " + describe_ref(*it);
    return s;
  }

  std::int64_t address(const AccessRef& a) const {
    const Command& c = cmd(a.at);
    return c.aux == kNoIndex ? 0 : p_.indices[c.aux].at(a.thread, p_.units[a.at.unit].first_thread);
  }

  ReportedAccess access(const AccessRef& a) const {
    ReportedAccess r;
    r.mode = cmd(a.at).op == Op::Write ? "wr" : "rd";
    r.loc = loc(a.at);
    r.thread = unit(a.at);
    if (p_.units[a.at.unit].num_threads > 1) r.thread += ", thread " + std::to_string(a.thread);
    r.detail = context(a.at);
    return r;
  }

  void racy() {
    r_.status = KernelStatus::Racy;
    for (const Race& race : a_.verdict.races) {
      ReportedRace rr;
      rr.array = p_.vars[race.var];
      if (cmd(race.first.at).aux != kNoIndex || cmd(race.second.at).aux != kNoIndex) rr.index = {race.address};
      // An access wider than one address is in a byte-addressed array (a
      // byte view of it somewhere, from_kernel.cpp): the program knows
      // byte ranges, not element indices, so the report gives the ranges.
      std::int64_t w1 = p_.width(cmd(race.first.at)), w2 = p_.width(cmd(race.second.at));
      if (w1 > 1 || w2 > 1) {
        rr.index.clear();
        rr.bytes = {ReportedBytes{{}, address(race.first), w1}, ReportedBytes{{}, address(race.second), w2}};
      }
      rr.first = access(race.first);
      rr.second = access(race.second);
      rr.witness = {{"threadIdx.x@1", race.first.thread}, {"threadIdx.x@2", race.second.thread}};
      rr.note = "neither access happens before the other: no chain of barrier generations orders them";
      r_.races.push_back(std::move(rr));
    }
    std::string count = std::to_string(a_.verdict.racing_pairs);
    if (a_.verdict.racing_pairs_capped) count = "at least " + count + " (search stopped)";
    note(p_.loc, "well-synchronized (" + std::to_string(a_.schedule.gens.size()) +
                     " dynamic barriers); racing command pairs: " + count + ", " + std::to_string(r_.races.size()) +
                     " shown");
  }

  void incomplete_generations() {
    for (const Generation& g : a_.schedule.gens) {
      if (g.completed_at != kNeverCompleted) continue;
      add(Severity::Warning, loc(g.parts.front()),
          gen(g.barrier, g.number) + " never completes: " + std::to_string(g.registered) + " of " +
              std::to_string(g.count) + " threads arrive before the block exits");
    }
  }
};

}  // namespace

KernelReport to_report(const Program& p, const Analysis& a) { return Reporter(p, a).run(); }

KernelReport check(const Program& p, const CheckOptions& o) { return to_report(p, analyze(p, o.analysis)); }

std::vector<KernelReport> check_text(const std::string& text, const std::string& filename, const CheckOptions& o) {
  std::vector<KernelReport> out;
  for (const Program& p : parse_text(text, filename)) out.push_back(check(p, o));
  return out;
}

std::vector<KernelReport> check_text_file(const std::string& path, const CheckOptions& o) {
  return check_text(read_file(path), path, o);
}

}  // namespace racecert::barriers
