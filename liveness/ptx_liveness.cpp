#include "liveness/ptx_liveness.hpp"

#include <algorithm>

#include "explorer/ptx_explore.hpp"
#include "liveness/judge.hpp"
#include "liveness/ptx_transfer.hpp"
#include "liveness/unit_sets.hpp"

namespace racecert::liveness {

using explorer::ptx::PartialExecution;
using explorer::ptx::RunEnd;
using progress::Model;
using progress::ThreadSet;

namespace {

// The shape of a partial candidate, thread t being unit t.
GraphShape shape_of(const explorer::Program& p, const PartialExecution& px) {
  GraphShape s;
  const int n = static_cast<int>(px.threads.size());
  for (const auto& e : px.events) s.started |= unit_bit(e.thread);
  ThreadSet live = 0;
  for (int t = 0; t < n; ++t) {
    const auto& pt = px.threads[static_cast<std::size_t>(t)];
    const auto& code = p.threads[static_cast<std::size_t>(t)].code;
    switch (pt.end) {
      case RunEnd::Finished:
      case RunEnd::Failed: break;
      case RunEnd::Bounded:
        live |= unit_bit(t);
        s.bounded = true;
        break;
      case RunEnd::Paused:
        live |= unit_bit(t);
        s.paused |= unit_bit(t);
        break;
      case RunEnd::Spinning: {
        live |= unit_bit(t);
        LoopingThread l{t, pt.pc, {}, false};
        for (int pc = code[static_cast<std::size_t>(pt.pc)].target; pc <= pt.pc; ++pc) l.loop_pcs.push_back(pc);
        if (!pt.reads_maximal) {
          // A newer write may still be read: not stuck here, the candidate
          // that reads it is enumerated on its own. Not so when the failed
          // iteration writes (an RMW writing back what it read): two such
          // spinners, each reading the other's latest write, repeat forever
          // with neither write co'-maximal for the other (a livelock, as
          // exch m, 2 by two threads while m == 2). No candidate shows that
          // run, so the row is undecided here, as a loop that reached the bound.
          s.stale_spin(t, pt.spin_write_pc);
          break;
        }
        s.looping.push_back(std::move(l));
        break;
      }
      case RunEnd::AtBarrier:
        live |= unit_bit(t);
        if (pt.barrier_forever)
          s.looping.push_back(LoopingThread{t, pt.pc, {pt.pc}, true});
        else
          s.stale = true;  // the instance completes: the thread goes on in another candidate
        break;
    }
  }
  s.terminated = (n == 32 ? ~ThreadSet{0} : unit_bit(n) - 1) & ~live;
  return s;
}

struct Row {
  progress::ModelSpec spec;
  std::optional<Lasso> lasso;
  bool bounded = false;
  bool carried = false;  // decided by an SRC11 verdict (ptx_transfer.hpp)
  std::string write_back_spin;  // write_back_reason of a bounded shape (lasso.hpp)
};

}  // namespace

std::vector<LivenessResult> check_liveness_ptx(const explorer::Program& program, const LivenessOptions& options,
                                               const std::vector<progress::ModelSpec>& specs) {
  const int n = static_cast<int>(program.threads.size());
  std::vector<LivenessResult> out;
  auto all_unknown = [&](const std::string& why) {
    for (const auto& spec : specs) out.push_back(LivenessResult{spec, Verdict::Unknown, why, std::nullopt, 0});
    return out;
  };
  if (n > 32) return all_unknown("more than 32 threads");
  for (int t = 0; t < static_cast<int>(options.unit_of_thread.size()); ++t)
    if (options.unit_of_thread[static_cast<std::size_t>(t)] != t)
      return all_unknown("under --model ptx each thread is its own scheduling unit");

  // Loops that write reach the bound: first the SRC11 verdicts that hold
  // under PTX too (ptx_transfer.hpp); the enumeration decides the rest.
  Src11ForPtx src11 = src11_verdicts_for_ptx(program, options, specs);
  std::vector<Row> rows;
  for (std::size_t k = 0; k < specs.size(); ++k)
    rows.push_back(Row{specs[k], std::nullopt, false, src11.carried[k].has_value(), {}});
  auto open = [](const Row& r) { return !r.carried && !r.lasso; };
  explorer::ptx::PtxOptions po;
  po.loop_bound = options.loop_bound;
  po.deadline = options.deadline;
  // The pauses the models allow (as liveness.cpp's pause plans): none under
  // FAIR; units never started for every other model; mid-way for HSA and
  // UNFAIR, whose F may exclude a started unit.
  po.pause_at_start = std::any_of(specs.begin(), specs.end(), [](const auto& s) { return s.model != Model::Fair; });
  po.pause_after_writes = std::any_of(specs.begin(), specs.end(), [](const auto& s) {
    return s.model == Model::Hsa || s.model == Model::Unfair;
  });
  std::uint64_t partials = 0;
  po.on_partial = [&](const PartialExecution& px) {
    ++partials;
    const GraphShape shape = shape_of(program, px);
    for (Row& r : rows) {
      if (!open(r)) continue;
      ThreadSet fair = 0;
      switch (judge(r.spec, shape, n, fair)) {
        case Judgement::Nothing: break;
        case Judgement::Bounded:
          r.bounded = true;
          if (r.write_back_spin.empty()) r.write_back_spin = write_back_reason(program, shape);
          break;
        case Judgement::Lasso: {
          Lasso l;
          l.prefix = px.events;
          l.looping = shape.looping;
          l.paused_units = members(shape.paused, n);
          l.terminated_units = members(shape.terminated, n);
          l.fair_units = members(fair, n);
          r.lasso = std::move(l);
          break;
        }
      }
    }
    // Go on while a row may still find a lasso or end "terminates".
    return std::any_of(rows.begin(), rows.end(), [&](const Row& r) { return open(r) && !r.bounded; });
  };
  // Iterative deepening of the loop bound: a lasso found under a smaller
  // bound is a lasso, and a row with no loop at a smaller bound is decided
  // there; only rows that hit the bound need the next one. The enumeration
  // grows steeply with the bound (every rf of every RMW of every iteration),
  // so the small bounds decide most programs fast.
  explorer::ptx::PtxResult res;
  std::uint64_t examined = 0;
  const bool any_open = std::any_of(rows.begin(), rows.end(), open);
  for (int bound = 1; any_open && bound <= std::max(1, options.loop_bound); ++bound) {
    for (Row& r : rows) r.bounded = false, r.write_back_spin.clear();
    po.loop_bound = bound;
    res = explorer::ptx::explore(program, po);
    examined += partials + res.result.executions + res.result.failed;
    partials = 0;
    if (res.result.timed_out) break;
    if (std::none_of(rows.begin(), rows.end(), [&](const Row& r) { return open(r) && r.bounded; })) break;
  }
  for (std::size_t k = 0; k < rows.size(); ++k) {
    const Row& r = rows[k];
    LivenessResult lr{r.spec, Verdict::Unknown, "", std::nullopt, examined};
    if (r.carried) {
      lr = std::move(*src11.carried[k]);
      lr.executions += examined;
    } else if (r.lasso) {
      lr.verdict = Verdict::MayHang;
      lr.reason = describe(program, *r.lasso) + " (PTX: the spins read co'-maximal writes)";
      lr.lasso = r.lasso;
    } else if (res.result.timed_out) {
      lr.reason = "the PTX enumeration hit the time limit or a cap";
    } else if (r.bounded) {
      lr.reason = "a loop with side effects reached the loop bound (" + std::to_string(options.loop_bound) +
                  "): a run that writes forever is not decided under PTX";
      if (!r.write_back_spin.empty()) lr.reason = r.write_back_spin + "; or " + lr.reason;
    } else {
      lr.verdict = Verdict::Terminates;
      lr.reason = "every PTX execution the model allows terminates (no loop reached the bound)";
    }
    if (lr.verdict == Verdict::Unknown) lr.reason += src11.notes[k];
    out.push_back(std::move(lr));
  }
  return out;
}

}  // namespace racecert::liveness
