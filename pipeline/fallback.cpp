#include "pipeline/fallback.hpp"

#include <algorithm>
#include <set>

#include "kernel_explore/report.hpp"
#include "pipeline/progress.hpp"
#include "pipeline/replay.hpp"

namespace racecert::pipeline {

bool wants_explorer(const kir::Kernel& k) {
  return kir::any_statement(k.body, [](const kir::Stmt& s) { return s.is<kir::Atomic>() || s.is<kir::Fence>(); });
}

namespace {

// An unconfirmed race whose witness needs a value an atomic returned, or
// one read from memory (in a kernel with atomics or fences, where such a
// value may have come from an atomic through memory: a flag, a ticket kept
// in shared memory).
bool needs_atomic_value(const ReportedRace& r) {
  return !r.confirmed && (r.replay_reason.rfind(kReasonAtomic, 0) == 0 || r.replay_reason.rfind(kReasonMemory, 0) == 0);
}

std::int64_t launch_threads(const kexplore::Options& o) {
  const Dim3 &b = o.inputs.block_dim, &g = o.inputs.grid_dim;
  return b.x * b.y * b.z * g.x * g.y * g.z;
}

void note(KernelReport& r, const SourceLoc& at, const std::string& m) {
  r.diagnostics.push_back(Diagnostic{Diagnostic::Severity::Note, at, m});
}

// The protocol analysis's engines: every array, shared ones to the
// named-barrier check when it took them.
void protocol_engines(KernelReport& r, const ExploreCandidate& c) {
  for (const kir::Array& a : c.kernel.arrays)
    r.engines[a.name] = a.space == kir::Space::Shared && !c.shared_engine.empty() ? c.shared_engine : "protocols";
}

void decide(KernelReport& r, const ExploreCandidate& c, const ExploreSettings& settings) {
  protocol_engines(r, c);
  const bool undecided =
      r.status == KernelStatus::Unknown ||
      (r.status == KernelStatus::Racy && std::any_of(r.races.begin(), r.races.end(), needs_atomic_value));
  if (r.status != KernelStatus::Drf && !undecided) return;
  ExploreSettings s = settings;
  s.deadline = Deadline::after(std::chrono::milliseconds(static_cast<long long>(kFallbackSeconds * 1000))).min(settings.deadline);
  // One problem decides the verdict: the explorer stops there instead of
  // going on to its time limit (a racy 64-thread ticket kernel took the
  // whole 5 s after its race; 0.4 s now, issue 18). `racecert explore`
  // lists every problem.
  s.stop_on_first = true;
  kexplore::Options o = explore_options(c.kernel, c.header, s);
  if (launch_threads(o) > kMaxFallbackThreads) {
    if (undecided)
      note(r, c.kernel.loc,
           "the explorer did not run: the launch has " + std::to_string(launch_threads(o)) + " threads, more than " +
               std::to_string(kMaxFallbackThreads) + " (racecert explore with a smaller --block-dim/--grid-dim runs it)");
    return;
  }
  KernelReport x = explore_report(c.kernel, c.file, c.header, s);
  bool found = x.status == KernelStatus::Racy || x.status == KernelStatus::Assertion ||
                     x.status == KernelStatus::Deadlock || x.status == KernelStatus::Divergent;
  // Nothing found under fair scheduling: the kernel may still hang under
  // OBE, where a block that has not started may never start.
  std::vector<std::string> why;  // the OBE check's, when it could not decide
  if (!found && x.status == KernelStatus::Bounded) {
    ExploreSettings ls = settings;
    ls.deadline =
        Deadline::after(std::chrono::milliseconds(static_cast<long long>(kFallbackSeconds * 1000))).min(settings.deadline);
    if (auto hang = obe_deadlock(c.kernel, c.header, ls, why)) {
      x.status = KernelStatus::Deadlock;
      x.failures.push_back(std::move(*hang));
      // The explorer's "no execution shows a problem" was under fair scheduling only.
      std::erase_if(x.diagnostics, [](const Diagnostic& d) { return d.message.rfind(kexplore::kBoundedNote, 0) == 0; });
      found = true;
    }
    for (const std::string& w : why) note(x, c.kernel.loc, w);
  }
  if (r.status == KernelStatus::Drf) {
    // Races: the protocol proof stands for every launch. What protocols do
    // not model can still go wrong.
    if (!found) {
      for (const std::string& w : why) note(r, c.kernel.loc, w);
      return note(r, c.kernel.loc, "the explorer found no assertion failure or deadlock in one launch");
    }
    if (x.status == KernelStatus::Racy)
      note(r, c.kernel.loc,
           "the protocol analysis proved this kernel race-free, yet the explorer found a race: please report this "
           "disagreement");
    r.status = x.status;
    r.races = x.races;
    r.failures = x.failures;
    for (const auto& race : x.races) r.engines[race.array] = "explorer";
    r.diagnostics.insert(r.diagnostics.end(), x.diagnostics.begin(), x.diagnostics.end());
    return;
  }
  if (x.status == KernelStatus::Unknown) {
    for (const auto& d : x.diagnostics) note(r, d.loc, d.message);
    return;
  }
  // The protocol analysis could not decide: the explorer does.
  std::set<std::string> explored;
  if (r.status == KernelStatus::Unknown)
    for (const kir::Array& a : c.kernel.arrays) explored.insert(a.name);
  std::vector<ReportedRace> kept;
  for (auto& race : r.races) {
    if (needs_atomic_value(race)) {
      explored.insert(race.array);
      note(r, race.first.loc,
           "the protocol analysis's possible race on " + race.array + " (with " + race.second.loc.str() +
               ") needs a value read from memory or returned by an atomic: the explorer decides it");
    } else {
      kept.push_back(race);
    }
  }
  for (const auto& race : x.races) explored.insert(race.array);
  for (const auto& a : explored) r.engines[a] = "explorer";
  kept.insert(kept.end(), x.races.begin(), x.races.end());
  r.races = std::move(kept);
  r.failures = x.failures;
  // Why the protocol analysis gave up is no longer the verdict's reason.
  for (Diagnostic& d : r.diagnostics)
    if (r.status == KernelStatus::Unknown && d.severity != Diagnostic::Severity::Note) {
      d.severity = Diagnostic::Severity::Note;
      d.message = "the protocol analysis could not decide: " + d.message;
    }
  r.diagnostics.insert(r.diagnostics.end(), x.diagnostics.begin(), x.diagnostics.end());
  // A race (a confirmed one the protocol analysis kept, or the explorer's)
  // comes first, as in the explorer's own order of findings.
  if (!r.races.empty()) r.status = KernelStatus::Racy;
  else r.status = found ? x.status : KernelStatus::Bounded;
}

}  // namespace

void fall_back_to_explorer(std::vector<KernelReport>& reports, const std::vector<ExploreCandidate>& candidates,
                           const ExploreSettings& settings) {
  for (const ExploreCandidate& c : candidates)
    for (KernelReport& r : reports)
      if (r.file == c.file && r.name == c.kernel.name) decide(r, c, settings);
}

}  // namespace racecert::pipeline
