// The liveness engine (liveness.hpp). Shape:
//   1. Pause plans: per thread an event budget (explorer::ExploreOptions::
//      event_budget) after which it is never scheduled again. Phase A pauses
//      whole units before their first step (every subset of units): enough
//      for every model but HSA and UNFAIR, whose F lets a unit stop mid-way.
//      Phase B (HSA, UNFAIR) adds budgets that stop a thread right after one
//      of its writes (pausing after a read changes no memory and F of these
//      models ignores the started set), found as a fixpoint: the write
//      positions seen in the final graphs of the plans explored so far.
//   2. Every final graph of every plan is classified (lasso.cpp): terminated,
//      stuck, paused and bounded threads, per unit.
//   3. Per model: a graph with a stuck thread, no bounded one, a legal
//      residency and F ∩ paused = {} is a lasso (may-hang). Otherwise a
//      bounded graph whose pauses the model allows, a cut, a time-out or too
//      many plans make it unknown; else it terminates.
#include "liveness/liveness.hpp"

#include <algorithm>
#include <bit>
#include <set>
#include <string>

#include "explorer/dpor.hpp"
#include "liveness/cycles.hpp"
#include "liveness/judge.hpp"
#include "liveness/ptx_liveness.hpp"
#include "liveness/lasso.hpp"
#include "liveness/sc_graph.hpp"

namespace racecert::liveness {

const char* to_string(Verdict v) {
  switch (v) {
    case Verdict::Terminates: return "terminates";
    case Verdict::MayHang: return "may-hang";
    case Verdict::Unknown: return "unknown";
  }
  return "?";
}

namespace {

using progress::Model;
using progress::ModelSpec;
using progress::ThreadSet;

// At most this many pause plans per program: beyond it HSA and UNFAIR rows
// that are still open become unknown.
constexpr std::size_t kMaxPlans = 4096;
// At most this many units for the subsets of phase A.
constexpr int kMaxSubsetUnits = 12;

struct ModelState {
  ModelSpec spec;
  std::optional<Lasso> lasso;
  bool bounded = false;  // a bounded graph whose pauses the model allows
  std::optional<bool> sc_terminates;  // the exact sequentially consistent decision, where asked
};

class Engine {
 public:
  Engine(const explorer::Program& p, const LivenessOptions& o, std::vector<ModelSpec> specs)
      : program_(p), options_(o), units_(unit_map(p, o)) {
    for (const ModelSpec& s : specs) models_.push_back(ModelState{s, std::nullopt, false, std::nullopt});
  }

  std::vector<LivenessResult> run() {
    const int num_units = units_.count;
    if (num_units > 32) return all_unknown("more than 32 scheduling units");
    if (num_units > kMaxSubsetUnits)
      return all_unknown("more than " + std::to_string(kMaxSubsetUnits) + " scheduling units to pause");
    phase_a();
    if (!ended() && needs_midway()) phase_b();
    decide_open_rows();
    return results();
  }

 private:
  static UnitMap unit_map(const explorer::Program& p, const LivenessOptions& o) {
    UnitMap m;
    const int n = static_cast<int>(p.threads.size());
    m.of_thread = o.unit_of_thread.empty() ? std::vector<int>() : o.unit_of_thread;
    if (m.of_thread.empty())
      for (int t = 0; t < n; ++t) m.of_thread.push_back(t);
    if (static_cast<int>(m.of_thread.size()) != n)
      throw std::invalid_argument("liveness: unit_of_thread must name a unit for every thread");
    m.count = 0;
    for (int u : m.of_thread) m.count = std::max(m.count, u + 1);
    return m;
  }

  bool all_fair() const {
    return std::all_of(models_.begin(), models_.end(), [](const ModelState& m) { return m.spec.model == Model::Fair; });
  }
  bool needs_midway() const {
    return std::any_of(models_.begin(), models_.end(), [](const ModelState& m) {
      return !m.lasso && (m.spec.model == Model::Hsa || m.spec.model == Model::Unfair);
    });
  }
  bool all_found() const {
    return std::all_of(models_.begin(), models_.end(), [](const ModelState& m) { return m.lasso.has_value(); });
  }
  bool ended() const { return timed_out_ || all_found(); }

  // Phase A: every subset of units never starts (FAIR pauses nobody).
  void phase_a() {
    const std::uint32_t subsets = all_fair() ? 1u : (1u << units_.count);
    for (std::uint32_t mask = 0; mask < subsets && !ended(); ++mask) {
      std::vector<int> budget(program_.threads.size(), -1);
      for (std::size_t t = 0; t < budget.size(); ++t)
        if (mask >> units_.of_thread[t] & 1u) budget[t] = 0;
      explore_plan(budget);
    }
  }

  // Phase B: budgets {unlimited, 0} ∪ write positions per thread, to a fixpoint.
  void phase_b() {
    const std::size_t n = program_.threads.size();
    for (;;) {
      std::vector<std::vector<int>> choices(n);
      for (std::size_t t = 0; t < n; ++t) {
        choices[t] = {-1, 0};
        choices[t].insert(choices[t].end(), write_points_[t].begin(), write_points_[t].end());
      }
      const std::size_t before = known_points();
      std::vector<std::size_t> pick(n, 0);
      for (;;) {
        if (ended() || !needs_midway()) return;
        std::vector<int> budget(n);
        for (std::size_t t = 0; t < n; ++t) budget[t] = choices[t][pick[t]];
        if (!done_.count(budget)) {
          if (done_.size() >= kMaxPlans) {
            too_many_plans_ = true;
            return;
          }
          explore_plan(budget);
        }
        std::size_t t = 0;
        while (t < n && ++pick[t] == choices[t].size()) pick[t++] = 0;
        if (t == n) break;
      }
      if (known_points() == before) return;  // fixpoint: no new write position
    }
  }

  std::size_t known_points() const {
    std::size_t k = 0;
    for (const auto& s : write_points_) k += s.size();
    return k;
  }

  void explore_plan(const std::vector<int>& budget) {
    done_.insert(budget);
    explorer::ExploreOptions eo;
    eo.loop_bound = options_.loop_bound;
    eo.deadline = options_.deadline;
    eo.event_budget = budget;
    std::uint64_t bounded_seen = 0;
    eo.on_final = [&](const explorer::Graph& g, bool) {
      ++executions_;
      GraphShape shape = classify(g, budget, units_);
      for (std::size_t t = 0; t < shape.write_points.size(); ++t)
        write_points_[t].insert(shape.write_points[t].begin(), shape.write_points[t].end());
      if (shape.bounded) ++bounded_seen;
      judge(g, shape);
    };
    write_points_.resize(program_.threads.size());
    explorer::ExploreResult r = explorer::explore(program_, eo);
    if (r.timed_out) timed_out_ = true;
    // Executions cut at the event limit never reach on_final.
    if (r.bounded > bounded_seen) cut_ = true;
  }

  void judge(const explorer::Graph& g, const GraphShape& shape) {
    judge_write_cycles(g);
    for (ModelState& m : models_) {
      if (m.lasso) continue;
      ThreadSet fair = 0;
      switch (liveness::judge(m.spec, shape, units_.count, fair)) {
        case Judgement::Nothing: break;
        case Judgement::Bounded: m.bounded = true; break;
        case Judgement::Lasso: m.lasso = make_lasso(g, shape, fair, units_.count); break;
      }
    }
  }

  // Rows the graphs leave open (a bound was hit): the exact decision where
  // the program's executions are the sequentially consistent ones.
  void decide_open_rows() {
    if (timed_out_) return;
    std::vector<ModelSpec> open;
    std::vector<std::size_t> where;
    for (std::size_t m = 0; m < models_.size(); ++m)
      if (!models_[m].lasso && (models_[m].bounded || cut_ || too_many_plans_))
        open.push_back(models_[m].spec), where.push_back(m);
    if (open.empty()) return;
    auto decided = decide_sequentially_consistent(program_, units_, open, options_.deadline);
    for (std::size_t k = 0; k < decided.size(); ++k) {
      models_[where[k]].sc_terminates = decided[k].terminates;
      if (decided[k].lasso) models_[where[k]].lasso = std::move(decided[k].lasso);
    }
  }

  // Livelocks: a sequentially consistent schedule that comes back to a state.
  void judge_write_cycles(const explorer::Graph& g) {
    std::vector<ModelSpec> open;
    std::vector<std::size_t> where;
    for (std::size_t m = 0; m < models_.size(); ++m)
      if (!models_[m].lasso) open.push_back(models_[m].spec), where.push_back(m);
    if (open.empty()) return;
    auto found = find_write_cycles(g, units_, open);
    for (std::size_t k = 0; k < found.size(); ++k)
      if (found[k]) models_[where[k]].lasso = std::move(found[k]);
  }

  std::vector<LivenessResult> all_unknown(const std::string& why) const {
    std::vector<LivenessResult> out;
    for (const ModelState& m : models_) out.push_back(LivenessResult{m.spec, Verdict::Unknown, why, std::nullopt, 0});
    return out;
  }

  std::vector<LivenessResult> results() const {
    std::vector<LivenessResult> out;
    for (const ModelState& m : models_) {
      LivenessResult r{m.spec, Verdict::Unknown, "", std::nullopt, executions_};
      const bool midway = m.spec.model == Model::Hsa || m.spec.model == Model::Unfair;
      if (m.lasso) {
        r.verdict = Verdict::MayHang;
        r.reason = describe(program_, *m.lasso);
        r.lasso = m.lasso;
      } else if (m.sc_terminates && *m.sc_terminates) {
        r.verdict = Verdict::Terminates;
        r.reason = "every run terminates: the program's executions are sequentially consistent (atomics on one "
                   "location) and its state graph has no fair infinite run";
      } else if (timed_out_) {
        r.reason = "the time limit ended the exploration";
      } else if (cut_) {
        r.reason = "an execution was cut at the explorer's event limit";
      } else if (m.bounded) {
        r.reason = "a loop with side effects reached the loop bound (" + std::to_string(options_.loop_bound) +
                   "): a run that writes forever is not decided";
        if (m.sc_terminates) r.reason += " (the sequentially consistent state graph has a fair infinite run)";
      } else if (midway && too_many_plans_) {
        r.reason = "more than " + std::to_string(kMaxPlans) + " pause plans";
      } else {
        r.verdict = Verdict::Terminates;
        r.reason = "every execution the model allows terminates (no loop reached the bound)";
      }
      out.push_back(std::move(r));
    }
    return out;
  }

  const explorer::Program& program_;
  const LivenessOptions& options_;
  UnitMap units_;
  std::vector<ModelState> models_;
  std::set<std::vector<int>> done_;
  std::vector<std::set<int>> write_points_;
  std::uint64_t executions_ = 0;
  bool timed_out_ = false, cut_ = false, too_many_plans_ = false;
};

}  // namespace

LivenessResult check_liveness(const explorer::Program& program, const LivenessOptions& options) {
  ModelSpec spec = options.model;
  spec.occupancy = progress::uses_occupancy(spec.model) ? options.max_resident_units : 0;
  if (options.ptx) return check_liveness_ptx(program, options, {spec}).front();
  return Engine(program, options, {spec}).run().front();
}

std::vector<LivenessResult> check_liveness_all(const explorer::Program& program, const LivenessOptions& options) {
  if (options.ptx) return check_liveness_ptx(program, options, progress::all_models(options.max_resident_units));
  return Engine(program, options, progress::all_models(options.max_resident_units)).run();
}

std::vector<LivenessResult> check_liveness_src11(const explorer::Program& program, const LivenessOptions& options,
                                                 const std::vector<ModelSpec>& specs) {
  return Engine(program, options, specs).run();
}

}  // namespace racecert::liveness
