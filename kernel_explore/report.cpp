#include "kernel_explore/report.hpp"

#include <set>
#include <tuple>

namespace racecert::kexplore {

KernelStatus kernel_status(Status s) {
  switch (s) {
    case Status::Racy: return KernelStatus::Racy;
    case Status::Assertion: return KernelStatus::Assertion;
    case Status::Deadlock: return KernelStatus::Deadlock;
    case Status::Divergence: return KernelStatus::Divergent;
    case Status::Bounded: return KernelStatus::Bounded;
    case Status::Unknown: return KernelStatus::Unknown;
  }
  return KernelStatus::Unknown;
}

namespace {

using explorer::StepKind;

class Describer {
 public:
  explicit Describer(const LoweredKernel& l) : l_(l) {}

  const explorer::Instr& instr(int thread, int pc) const {
    return l_.program.threads[static_cast<std::size_t>(thread)].code[static_cast<std::size_t>(pc)];
  }
  std::string cell(int loc) const { return l_.program.locations[static_cast<std::size_t>(loc)]; }

  std::vector<ReportedStep> schedule(const explorer::Schedule& s) const {
    std::vector<ReportedStep> out;
    for (const explorer::ScheduledEvent& e : s) {
      const explorer::Instr& in = instr(e.thread, e.pc);
      std::string action = in.text;
      switch (e.kind) {
        case StepKind::Read:
          action += ": read " + cell(e.location) + " = " + std::to_string(e.value) +
                    (e.read_from < 0 ? " (initial)" : " (written by " + l_.thread_name(e.read_from) + ")");
          break;
        case StepKind::Write: action += ": wrote " + cell(e.location) + " = " + std::to_string(e.value); break;
        case StepKind::Fence: break;
        case StepKind::BarrierArrive: action += ": arrives"; break;
        case StepKind::BarrierDepart: action += ": leaves"; break;
      }
      // The read and write of one atomic read-modify-write read as one step.
      if (e.kind == StepKind::Write && e.rmw && !out.empty() && out.back().thread == l_.thread_name(e.thread) &&
          out.back().loc == in.where) {
        out.back().action += ", wrote " + std::to_string(e.value);
        continue;
      }
      out.push_back(ReportedStep{l_.thread_name(e.thread), in.where, action});
    }
    return out;
  }

  ReportedAccess access(const explorer::AccessRef& a) const {
    const explorer::Instr& in = instr(a.thread, a.pc);
    std::string mode = in.kind == explorer::InstrKind::Rmw || explorer::is_atomic(in.order) ? "atomic" : a.write ? "wr" : "rd";
    return ReportedAccess{mode, in.where, l_.thread_name(a.thread), in.text};
  }

  std::string where_blocked(const std::vector<explorer::AccessRef>& at) const {
    std::string s;
    for (const auto& a : at) {
      const explorer::Instr& in = instr(a.thread, a.pc);
      s += (s.empty() ? "" : "; ") + l_.thread_name(a.thread) + " at " + in.text + " (" + in.where.str() + ")";
    }
    return s;
  }

 private:
  const LoweredKernel& l_;
};

}  // namespace

std::vector<ReportedStep> describe_schedule(const LoweredKernel& l, const explorer::Schedule& s) {
  return Describer(l).schedule(s);
}

KernelReport to_report(const KernelExploration& e, const kir::Kernel& k, const std::string& file, const Options& o) {
  const int loop_bound = o.loop_bound;
  KernelReport r;
  r.name = k.name;
  r.file = file;
  r.status = kernel_status(e.status);
  for (const kir::Array& a : k.arrays) r.engines[a.name] = "explorer";
  if (e.status == Status::Unknown)
    r.diagnostics.push_back(Diagnostic{Diagnostic::Severity::Warning, e.where, "the explorer cannot decide: " + e.reason});
  if (!e.lowered) return r;
  const LoweredKernel& l = *e.lowered;
  Describer d(l);
  const explorer::ExploreResult& x = e.result;
  // One race per pair of source positions: the explorer tells apart every
  // pair of threads, a reader wants each racing pair of lines once.
  std::set<std::tuple<bool, std::string, std::string, std::string>> seen;
  for (std::size_t i = 0; i < x.races.size(); ++i) {
    const explorer::Race& race = x.races[i];
    {
      std::string a = d.instr(race.first.thread, race.first.pc).where.str();
      std::string b = d.instr(race.second.thread, race.second.pc).where.str();
      if (b < a) std::swap(a, b);
      const std::string& array = l.cells[static_cast<std::size_t>(race.location)].array;
      if (!seen.insert({race.kind == explorer::RaceKind::Heterogeneous, array, a, b}).second) continue;
    }
    ReportedRace rr;
    rr.heterogeneous = race.kind == explorer::RaceKind::Heterogeneous;
    const CellInfo& c = l.cells[static_cast<std::size_t>(race.location)];
    rr.array = c.array;
    rr.index = {c.index};
    rr.first = d.access(race.first);
    rr.second = d.access(race.second);
    rr.note = "found by the explorer in an execution of the launch (" + d.cell(race.location) + ")";
    rr.replay_reason = "";
    rr.confirmed = true;  // a concrete execution shows it
    rr.schedule = d.schedule(x.race_schedules[i]);
    r.races.push_back(std::move(rr));
  }
  std::set<std::pair<std::string, std::string>> failed_at;  // one failure per kind and source position
  for (const explorer::Failure& f : x.failures) {
    const explorer::Instr& in = d.instr(f.thread, f.pc);
    if (!failed_at.insert({explorer::to_string(f.kind), in.where.str()}).second) continue;
    std::string what = f.kind == explorer::FailureKind::Assertion ? "the assertion fails"
                       : f.kind == explorer::FailureKind::OutOfBounds
                           ? "index out of the bounds of the array at " + in.text
                           : "an undefined operation (division by zero, an overflow or a shift out of range) in " + in.text;
    r.failures.push_back(ReportedFailure{explorer::to_string(f.kind), in.where, what + " in " + l.thread_name(f.thread),
                                         d.schedule(f.schedule), {}, {}});
  }
  // Executions where no thread can go on: the first one's blocked threads and schedule.
  auto blocked = [&](const char* kind, std::uint64_t count, const std::vector<explorer::AccessRef>& w,
                     const explorer::Schedule& schedule, const char* what) {
    if (count == 0) return;
    SourceLoc at = w.empty() ? SourceLoc{} : d.instr(w[0].thread, w[0].pc).where;
    r.failures.push_back(ReportedFailure{kind, at,
                                         std::string(what) + " in " + std::to_string(count) + " executions: " +
                                             d.where_blocked(w),
                                         d.schedule(schedule), {}, {}});
  };
  blocked("deadlock", x.deadlocked, x.deadlock_witness, x.deadlock_schedule, "no thread can go on");
  blocked("divergence", x.divergent, x.divergence_witness, x.divergence_schedule,
          "threads wait forever at different barriers");
  auto note = [&](const std::string& m) { r.diagnostics.push_back(Diagnostic{Diagnostic::Severity::Note, k.loc, m}); };
  note("explored " + std::to_string(x.executions) + " complete executions and " + std::to_string(x.blocked) +
       " blocked ones (at most " + std::to_string(x.max_events) + " events) of one launch: " +
       std::to_string(l.program.threads.size()) + " threads");
  if (o.strategy == Strategy::DelayBounding)
    note("strategy cd: sequentially consistent schedules with at most " + std::to_string(o.delay_bound) +
         " delays at conflicting accesses" + (o.cd_optimized ? " (optimized conflict selection)" : "") + ", " +
         std::to_string(x.executions + x.blocked + x.failed + x.pruned) +
         " schedules; weak-memory behaviours and schedules needing more delays are not explored");
  for (const std::string& n : l.notes) note(n);
  if (e.loop_bound_hit())
    note("the loop bound " + std::to_string(loop_bound) + " (or the limit of 100000 events per execution) cut " +
         std::to_string(x.bounded) + " executions; raise --loop-bound to explore further");
  if (x.stopped_early) note("stopped at the first problem found; others, if any, were not looked for");
  if (e.status == Status::Bounded)
    note(std::string(kBoundedNote) + ": a bounded result, not a proof for every launch");
  return r;
}

}  // namespace racecert::kexplore
