#include "smt/checker.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <set>

#include "protocol/interpreter.hpp"
#include "protocol/printer.hpp"
#include "support/diagnostic.hpp"
#include "smt/array_stages.hpp"
#include "smt/group_uniform.hpp"
#include "smt/launch_explanation.hpp"
#include "support/parallel.hpp"
#include "transform/trace.hpp"
#include "transform/wellformed.hpp"

namespace racecert::smt {

using namespace protocol;
using namespace transform;

namespace {

struct Job {
  SymbolicTrace trace;
  QueryResult result;
  bool skipped = false;  // not run: the kernel's time limit had passed
  bool decided = false;  // by the fast path as the trace was made (result set)
  // Not asked yet: every race it could report is one its group found
  // before (see check); report_results asks it only if that race is not
  // what the report gives.
  bool deferred = false;
};

// A decided trace without its accesses, variables and assumptions: what the
// report reads of it stays (array, phase, kind). Its group of queries keeps
// its place, so the other queries' contexts have the same history.
SymbolicTrace without_steps(SymbolicTrace t) {
  // Swapped with empty ones: assigning `{}` would keep the capacity.
  std::vector<TraceAccess>().swap(t.accesses);
  std::vector<TraceVar>().swap(t.vars);
  std::vector<Expr>().swap(t.assumptions);
  t.lockstep.reset();
  return t;
}

std::string display_name(const TraceVar& v, const std::map<std::string, int>& count) {
  std::string base = v.source + (v.thread ? "@" + std::to_string(v.thread) : "");
  return count.at(base) > 1 ? v.name : base;
}

std::string thread_of(const Job& j, int thread) {
  std::map<std::string, std::int64_t> values(j.result.model.begin(), j.result.model.end());
  auto get = [&](const std::string& n) {
    auto it = values.find(n + "@" + std::to_string(thread));
    if (it == values.end()) it = values.find(n);
    return it == values.end() ? std::int64_t{0} : it->second;
  };
  auto triple = [&](const std::string& n) {
    return "(" + std::to_string(get(n + ".x")) + "," + std::to_string(get(n + ".y")) + "," +
           std::to_string(get(n + ".z")) + ")";
  };
  return "threadIdx=" + triple("threadIdx") + " blockIdx=" + triple("blockIdx");
}

ReportedRace make_race(const Job& j) {
  const SymbolicTrace& t = j.trace;
  const TraceAccess& a = t.accesses[static_cast<std::size_t>(j.result.first)];
  const TraceAccess& b = t.accesses[static_cast<std::size_t>(j.result.second)];
  ReportedRace r;
  r.array = t.array;
  r.index = j.result.index;
  if (a.view != b.view || a.view.unit != a.view.width) {
    // Byte views (differing ones, or one that is not whole steps of its
    // unit): each access's own index, and the bytes it covers.
    auto bytes = [](const std::vector<std::int64_t>& index, const protocol::AccessView& v) {
      return ReportedBytes{index, index.empty() ? 0 : index.back() * v.unit, v.width};
    };
    r.bytes = {bytes(j.result.index, a.view), bytes(j.result.second_index, b.view)};
  }
  r.heterogeneous = protocol::heterogeneous(a.mode, b.mode);
  r.first = ReportedAccess{to_string(a.mode), a.loc, thread_of(j, 1), ""};
  r.second = ReportedAccess{to_string(b.mode), b.loc, thread_of(j, 2), ""};
  r.note = t.phase;
  std::map<std::string, int> count;
  for (const auto& v : t.vars) ++count[v.source + (v.thread ? "@" + std::to_string(v.thread) : "")];
  std::map<std::string, std::int64_t> values(j.result.model.begin(), j.result.model.end());
  // Per-thread variables matter when the chosen accesses use them (a loop
  // variable of another access would only confuse); thread ids always do.
  std::set<std::string> used;
  for (const TraceAccess* x : {&a, &b}) {
    collect_vars(x->guard, used);
    for (const auto& i : x->index) collect_vars(i, used);
    collect_vars(x->value, used);
  }
  for (int th = 0; th <= 2; ++th) {
    std::vector<std::pair<std::string, std::int64_t>> part;
    for (const auto& v : t.vars)
      if (v.thread == th && (th == 0 || v.builtin || used.count(v.name)))
        part.emplace_back(display_name(v, count), values[v.name]);
    std::sort(part.begin(), part.end());
    r.witness.insert(r.witness.end(), part.begin(), part.end());
  }
  return r;
}

// The witness's values by the user's names. Where two trace variables of
// one thread share a source name (a loop variable in two loops), the first
// one's: the replay reads only parameters and builtins, which are unique.
WitnessValues witness_values(const Job& j) {
  std::map<std::string, std::int64_t> values(j.result.model.begin(), j.result.model.end());
  WitnessValues w;
  for (const auto& v : j.trace.vars) {
    auto it = values.find(v.name);
    if (it != values.end() && v.thread >= 0 && v.thread <= 2) w.by_thread[v.thread].emplace(v.source, it->second);
  }
  return w;
}

// The race of job `j`, replayed on the kernel's code (CheckOptions::replay).
// A witness the replay refutes with known values is re-solved with those
// values excluded, a few times within a small time limit; the first
// confirmed race is reported. Otherwise the first witness is, unconfirmed:
// the kernel stays racy (the query found a race of the protocol, which
// over-approximates the code), the report says why it is only possible.
ReportedRace replayed_race(const Kernel& k, const Job& j, const CheckOptions& o) {
  ReportedRace r = make_race(j);
  if (!o.replay) {
    r.replay_reason = "not replayed";
    return r;
  }
  ReplayOutcome out = o.replay(k, witness_values(j), r);
  if (r.confirmed || !out.retry) return r;
  QueryOptions q = o.query;
  q.deadline = q.deadline.min(Deadline::after(std::chrono::milliseconds(o.replay_solve_ms)));
  SymbolicTrace t = j.trace;
  Job last = j;
  int tried = 0;
  QueryContext retries;  // one after another: a fixed context history
  while (out.retry && tried < o.replay_attempts && !q.deadline.expired()) {
    // Exclude the refuted values: not (v1 == c1 && v2 == c2 && ...).
    std::map<std::string, std::int64_t> values(last.result.model.begin(), last.result.model.end());
    std::vector<Expr> same;
    for (const auto& [source, thread] : out.refuted)
      for (const auto& v : t.vars)
        if (v.source == source && v.thread == thread && values.count(v.name)) {
          same.push_back(expr::binary(expr::BinOp::Eq, expr::var(v.name), expr::int_lit(values[v.name])));
          break;
        }
    if (same.empty()) break;
    t.assumptions.push_back(expr::neg(expr::conj(same)));
    ++tried;
    Job next{t, solve(t, q, &retries), false};
    if (next.result.status != QueryStatus::Racy) break;
    ReportedRace again = make_race(next);
    out = o.replay(k, witness_values(next), again);
    if (again.confirmed) return again;
    last = std::move(next);
  }
  if (tried > 0)
    r.replay_reason += " (" + std::to_string(tried) + " other witness" + (tried > 1 ? "es" : "") + " tried)";
  return r;
}

// What makes two reported races the same: the array and the two accesses'
// places and modes (each `place`), in either order. The report gives each
// such race once.
std::string place(const SourceLoc& loc, const std::string& mode) { return loc.str() + mode; }

std::string race_key(const std::string& array, const std::string& first, const std::string& second) {
  return array + "|" + std::min(first, second) + "|" + std::max(first, second);
}

std::string race_key(const ReportedRace& r) {
  return race_key(r.array, place(r.first.loc, r.first.mode), place(r.second.loc, r.second.mode));
}

// The key of the race make_race(j) reports.
std::string race_key(const Job& j) {
  const TraceAccess& a = j.trace.accesses[static_cast<std::size_t>(j.result.first)];
  const TraceAccess& b = j.trace.accesses[static_cast<std::size_t>(j.result.second)];
  return race_key(j.trace.array, place(a.loc, to_string(a.mode)), place(b.loc, to_string(b.mode)));
}

bool same_race(const ReportedRace& x, const ReportedRace& y) { return race_key(x) == race_key(y); }

// Whether every race the trace may have is one of `found`: then its witness
// is never reported (report_results drops a race it already gave). Pairs of
// two reads are left out, as they never race; any other pair of a thread-1
// and a thread-2 access counts, which is more than the query can answer.
// Each thread's places are taken once (a device function called n times
// puts n accesses at one place), and each pair either is in `found` or ends
// the search, so this is linear in the trace whatever its pairs.
bool only_races_among(const SymbolicTrace& t, const std::set<std::string>& found) {
  std::set<std::string> reads[3], others[3];  // by thread: 1 and 2
  for (const TraceAccess& a : t.accesses)
    if (a.thread == 1 || a.thread == 2)
      (a.mode == AccessMode::Read ? reads : others)[a.thread].insert(place(a.loc, to_string(a.mode)));
  auto all_found = [&](const std::set<std::string>& ones, const std::set<std::string>& twos) {
    for (const auto& a : ones)
      for (const auto& b : twos)
        if (!found.count(race_key(t.array, a, b))) return false;
    return true;
  };
  return all_found(others[1], others[2]) && all_found(others[1], reads[2]) && all_found(reads[1], others[2]);
}

// Consecutive queries of a kernel that share one Z3 context (smt/query.hpp
// QueryContext), in order: a fixed grouping, so that each query's context
// history is the same whatever the number of threads. Larger groups save
// more contexts (about 1 ms each) and leave fewer units to run in parallel.
constexpr std::size_t kQueriesPerContext = 4;

// Queries are CPU-bound: more threads than cores only cost memory (each
// thread keeps a Z3 context), and more than queries cost nothing but
// thread starts.
int query_threads(int requested, std::size_t queries) {
  int cores = default_jobs();
  int n = requested <= 0 ? cores : std::min(requested, cores);
  return static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(n), std::max<std::size_t>(queries, 1)));
}

// Per array, its traces not proved race-free (racy, unknown or not run),
// same-block ones and all: what a launch explanation may claim of the
// array's races (smt/launch_explanation.hpp).
struct Unsettled {
  std::map<std::string, int> same_block, all;
};
Unsettled unsettled_traces(const std::vector<Job>& jobs) {
  Unsettled out;
  for (const auto& j : jobs)
    if (j.skipped || j.deferred || j.result.status != QueryStatus::Drf) {
      ++out.all[j.trace.array];
      if (!j.trace.cross_block) ++out.same_block[j.trace.array];
    }
  return out;
}

// The arrays some access writes (a write or an atomic). Two reads never
// race, so an array only read has no trace that may conflict (may_conflict):
// its stages are not run at all. A kernel's input arrays are often read
// only, and each phase's trace of them cost as much as a written one's
// (issue 18).
std::set<std::string> written_arrays(const Block& body) {
  std::vector<const Access*> all;
  collect_accesses(body, all);
  std::set<std::string> out;
  for (const Access* a : all)
    if (a->mode != AccessMode::Read) out.insert(a->array);
  return out;
}

void report_results(const Kernel& k, std::vector<Job>& jobs, const CheckOptions& o, KernelReport& rep) {
  const QueryOptions& query = o.query;
  std::set<std::string> bv_noted;
  Unsettled unsettled = unsettled_traces(jobs);
  std::size_t skipped = 0;
  for (auto& j : jobs) {
    if (j.deferred) {
      // Its every race is one the report already gives (the usual case:
      // the same phase's same-block and cross-block traces): not asked
      // at all. Rarely, the earlier race of its group was reported with
      // another witness, one the replay confirmed after excluding the
      // first, at other places: then it is asked now, alone.
      std::set<std::string> given;
      for (const auto& race : rep.races) given.insert(race_key(race));
      if (only_races_among(j.trace, given)) continue;
      j.result = solve(j.trace, query);
      j.deferred = false;
    }
    if (j.result.bitvectors && bv_noted.insert(j.trace.array).second)
      rep.diagnostics.push_back({Diagnostic::Severity::Note, k.loc,
                                 "array '" + j.trace.array + "': bit-vector arithmetic used because of " +
                                     j.result.logic_reason,
                                 /*internal=*/true});
    if (j.result.status == QueryStatus::Racy) {
      rep.status = KernelStatus::Racy;
      ReportedRace r = make_race(j);
      auto reported = [&](const ReportedRace& race) {
        return std::any_of(rep.races.begin(), rep.races.end(), [&](const auto& x) { return same_race(x, race); });
      };
      if (reported(r)) continue;
      r = replayed_race(k, j, o);
      r.launch_explanation = launch_explanation(
          j.trace, j.result,
          LaunchFacts{j.trace.cross_block && !unsettled.same_block.count(j.trace.array),
                      unsettled.all[j.trace.array] == 1},
          query);
      rep.races.push_back(std::move(r));
    } else if (j.result.status == QueryStatus::Unknown) {
      rep.status = worse(rep.status, KernelStatus::Unknown);
      if (j.skipped) {
        ++skipped;
        continue;
      }
      rep.diagnostics.push_back({Diagnostic::Severity::Warning, k.loc,
                                 "array '" + j.trace.array + "', " + j.trace.phase +
                                     ": solver returned unknown (" + j.result.reason + ")"});
    }
  }
  if (skipped > 0)
    rep.diagnostics.push_back({Diagnostic::Severity::Warning, k.loc,
                               std::to_string(skipped) + " of " + std::to_string(jobs.size()) +
                                   " queries not run: the kernel's time limit was reached"});
}

}  // namespace

std::vector<KernelReport> check(std::vector<Kernel> kernels, const CheckOptions& o) {
  std::vector<KernelReport> reports(kernels.size());
  // One kernel after another, each with its own wall-clock limit over its
  // stages and its queries (the queries of one kernel run in parallel).
  for (std::size_t i = 0; i < kernels.size(); ++i) {
    auto started = Clock::now();
    if (o.progress) o.progress(i, 0, 0);
    CheckOptions ko = o;
    if (o.kernel_timeout_ms > 0)
      ko.query.deadline = o.query.deadline.min(Deadline::after(std::chrono::milliseconds(o.kernel_timeout_ms)));
    KernelReport& rep = reports[i];
    rep.name = kernels[i].name;
    rep.file = kernels[i].loc.file;
    // The protocol moves into its well-formed stage, which keeps every
    // field but renames its code: `k` is that.
    WellFormed w = make_well_formed(std::move(kernels[i]));
    const Kernel& k = w.kernel;
    if (!w.divergences.empty()) {
      rep.status = KernelStatus::Divergent;
      for (const auto& d : w.divergences)
        rep.diagnostics.push_back({Diagnostic::Severity::Error, d.barrier, "barrier divergence: " + d.message});
      rep.seconds = std::chrono::duration<double>(Clock::now() - started).count();
      continue;
    }
    // One Z3 context for the kernel's implication checks (the warp
    // barriers' uniformity, every array's aligning), one after another,
    // then for the first group of its queries: a context costs 2 to 3 ms
    // to make, more than most of those checks, and a kernel of loops over
    // two arrays made three (issue 18). Asked in a fixed order, so the
    // first group's context history is the same on every run.
    auto kernel_context = std::make_shared<QueryContext>();
    GroupUniform uniform = z3_group_uniform(w, ko, kernel_context);
    for (const auto& y : non_uniform_warp_syncs(w, uniform))
      rep.diagnostics.push_back({Diagnostic::Severity::Note, y.loc,
                                 "warp barriers of groups of " + std::to_string(y.width) +
                                     " threads are ignored (which only adds races): this one is under "
                                     "thread-dependent control not shown the same in every thread of a group"});
    std::vector<Job> jobs;
    std::set<std::string> written = written_arrays(w.kernel.body);
    for (const auto& array : k.arrays) {
      if (o.race_arrays && !o.race_arrays->count(array.name)) continue;
      if (!written.count(array.name)) continue;
      try {
        ArrayStages stages(w, array, ko, uniform, kernel_context);
        // The fast path decides on the trace without its written values;
        // the solver gets the trace with them.
        ArrayStages::TraceScreen fast_path = [&](SymbolicTrace&& t) {
          if (!may_conflict(t)) return true;
          auto r = solve_without_solver(t, ko.query);
          if (!r) return false;
          // Decided: the report reads only the trace's array and kind.
          jobs.push_back(Job{without_steps(std::move(t)), std::move(*r), false, true});
          return true;
        };
        stages.for_each_trace(
            [&](SymbolicTrace&& t) {
              if (may_conflict(t)) jobs.push_back(Job{std::move(t), {}, false, false});
            },
            ko.query.fast_paths ? fast_path : ArrayStages::TraceScreen{});
      } catch (const Error& e) {
        rep.status = worse(rep.status, KernelStatus::Unknown);
        rep.diagnostics.push_back({Diagnostic::Severity::Warning, e.loc(),
                                   std::string("array '") + array.name + "': " + e.what()});
      }
    }
    // The fast path already ran on each trace as it was made.
    QueryOptions asked = ko.query;
    asked.fast_paths = false;
    std::atomic<std::size_t> answered = 0;
    std::size_t groups = (jobs.size() + kQueriesPerContext - 1) / kQueriesPerContext;
    parallel_for(groups, query_threads(o.jobs, groups), [&](std::size_t g) {
      QueryContext own;
      QueryContext& shared = g == 0 ? *kernel_context : own;
      // The races this group's queries found so far. A query whose every
      // possible race is among them is not asked here (deferred): any race
      // it finds is one the report already gives (the same array, places
      // and modes, from an earlier query), and the kernel is racy whatever
      // it answers. Only this group's, so that what a query's context saw
      // before is the same on every run, whatever the other threads did.
      std::set<std::string> found;
      for (std::size_t q = g * kQueriesPerContext; q < std::min(jobs.size(), (g + 1) * kQueriesPerContext); ++q) {
        if (jobs[q].decided) {
          if (o.progress) o.progress(i, ++answered, jobs.size());
          continue;
        }
        if (ko.query.deadline.expired()) {
          jobs[q].skipped = true;  // reported once for all, not once per query
          continue;
        }
        if (!found.empty() && only_races_among(jobs[q].trace, found)) {
          jobs[q].deferred = true;
          if (o.progress) o.progress(i, ++answered, jobs.size());
          continue;
        }
        jobs[q].result = solve(jobs[q].trace, asked, &shared);
        if (jobs[q].result.status == QueryStatus::Racy) found.insert(race_key(jobs[q]));
        if (o.progress) o.progress(i, ++answered, jobs.size());
      }
    });
    report_results(k, jobs, ko, rep);
    rep.seconds = std::chrono::duration<double>(Clock::now() - started).count();
  }
  return reports;
}

}  // namespace racecert::smt
