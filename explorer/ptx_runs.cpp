// Run enumeration for the PTX model (see ptx_runs.hpp).
#include "explorer/ptx_runs.hpp"

#include <algorithm>

namespace racecert::explorer::ptx {

namespace {

// Which reads of the run each register's value (and the control flow so
// far) derives from.
struct Taint {
  std::vector<Mask> reg;
  Mask ctrl;
  Mask rmw_data;  // the operands of the RMW whose write is pending
  Mask of(const Operand& o) const { return o.is_reg ? reg[static_cast<std::size_t>(o.reg)] : Mask(); }
};

class RunEnumerator {
 public:
  RunEnumerator(const Program& p, int thread, const PtxOptions& o, const std::vector<std::vector<Value>>& domain)
      : thread_(p.threads[static_cast<std::size_t>(thread)]),
        runner_(p, thread, o.loop_bound),
        domain_(domain),
        cap_(o.max_runs_per_thread),
        partial_(static_cast<bool>(o.on_partial)),
        pause_at_start_(partial_ && o.pause_at_start),
        pause_after_writes_(partial_ && o.pause_after_writes) {}

  // False when a cap was hit (the runs are then incomplete).
  bool enumerate(std::vector<Run>& out) {
    out_ = &out;
    std::vector<int> local;
    Taint taint;
    taint.reg.assign(thread_.reg_names.size(), Mask());
    ThreadState s = runner_.initial(&local);
    replay(taint, local);
    std::vector<RunEvent> events;
    dfs(s, taint, events);
    return !overflow_;
  }

 private:
  // Thread-local instructions propagate taint: dst gets its operands' taint,
  // a conditional branch adds its operands' taint to every later event.
  void replay(Taint& t, const std::vector<int>& pcs) const {
    std::vector<int> uses;
    for (int pc : pcs) {
      const Instr& in = thread_.code[static_cast<std::size_t>(pc)];
      switch (in.kind) {
        case InstrKind::Arith:
          t.reg[static_cast<std::size_t>(in.dst)] = t.of(in.a) | (in.arith == ArithOp::Mov ? Mask() : t.of(in.b));
          break;
        case InstrKind::Compute: {
          Mask m;
          uses.clear();
          thread_.computations[static_cast<std::size_t>(in.calc)].registers_read(uses);
          for (int r : uses) m |= t.reg[static_cast<std::size_t>(r)];
          t.reg[static_cast<std::size_t>(in.dst)] = m;
          break;
        }
        case InstrKind::Branch:
          if (in.cond != BranchCond::Always) t.ctrl |= t.of(in.a) | t.of(in.b);
          break;
        case InstrKind::Assert:
        case InstrKind::Assume: t.ctrl |= t.of(in.a); break;
        case InstrKind::Nop:
        case InstrKind::Load:
        case InstrKind::Store:
        case InstrKind::Rmw:
        case InstrKind::Fence:
        case InstrKind::Barrier: break;
      }
    }
  }

  void emit(const ThreadState& s, const std::vector<RunEvent>& events, RunEnd end) {
    if (out_->size() >= cap_) {
      overflow_ = true;
      return;
    }
    Run run;
    run.events = events;
    run.regs = runner_.registers(s);
    run.status = s.status;
    run.end = end;
    run.end_pc = s.pc;
    if (s.status == ThreadStatus::Failed) {
      run.failure = static_cast<FailureKind>(s.pending);
      run.fail_pc = s.pc;
    }
    if (end == RunEnd::Spinning) run.spin_start = runner_.spin_iteration_start(s);
    out_->push_back(std::move(run));
  }

  // Pause points (PtxOptions): before the first event, or right after a
  // write that changes memory (an RMW writing back what it read does not).
  bool pause_point(const std::vector<RunEvent>& events) const {
    if (events.empty()) return pause_at_start_;
    const RunEvent& last = events.back();
    if (!pause_after_writes_ || last.step.kind != StepKind::Write) return false;
    const bool silent = last.step.rmw && events.size() >= 2 && events[events.size() - 2].value == last.value;
    return !silent;
  }

  void dfs(const ThreadState& s, const Taint& taint, std::vector<RunEvent>& events) {
    if (overflow_) return;
    if (s.status != ThreadStatus::Running) {
      switch (s.status) {
        case ThreadStatus::Finished: emit(s, events, RunEnd::Finished); break;
        case ThreadStatus::Failed: emit(s, events, RunEnd::Failed); break;
        case ThreadStatus::SpinBlocked:
          if (partial_) emit(s, events, RunEnd::Spinning);
          break;
        case ThreadStatus::BoundBlocked:
          if (partial_) emit(s, events, RunEnd::Bounded);
          break;
        case ThreadStatus::Running:
        case ThreadStatus::Pruned: break;  // an assumption failed: no run
      }
      return;
    }
    if (pause_point(events)) emit(s, events, RunEnd::Paused);
    if (partial_ && s.phase == 1 && runner_.instr(s).kind == InstrKind::Barrier) emit(s, events, RunEnd::AtBarrier);
    if (overflow_) return;
    if (static_cast<int>(events.size()) >= kMaxRunEvents) {
      overflow_ = true;
      return;
    }
    const Instr& in = runner_.instr(s);
    Step st = runner_.next(s);
    Mask index;
    index.set(events.size());
    const Mask addr = in.extent > 0 ? taint.of(in.index) : Mask();
    std::vector<int> local;
    auto step = [&](Value v, const Mask& deps, const Taint& after_taint) {
      ThreadState s2 = s;
      Taint t2 = after_taint;
      local.clear();
      runner_.advance(s2, v, &local);
      replay(t2, local);
      events.push_back(RunEvent{st, st.kind == StepKind::Read ? v : st.value, deps});
      dfs(s2, t2, events);
      events.pop_back();
    };
    switch (st.kind) {
      case StepKind::Read:
        for (Value v : domain_[static_cast<std::size_t>(st.location)]) {
          Taint t2 = taint;
          if (in.kind == InstrKind::Rmw) t2.rmw_data = taint.of(in.a) | (in.rmw == RmwOp::Cas ? taint.of(in.b) : Mask());
          if (in.dst >= 0) t2.reg[static_cast<std::size_t>(in.dst)] = index;
          step(v, addr | taint.ctrl, t2);
        }
        break;
      case StepKind::Write: {
        // An RMW's write depends on its read (the read part is the event before).
        Mask data = in.kind == InstrKind::Rmw ? taint.rmw_data | (index >> 1) : taint.of(in.a);
        step(0, addr | data | taint.ctrl, taint);
        break;
      }
      case StepKind::Fence:
      case StepKind::BarrierArrive:
      case StepKind::BarrierDepart: step(0, taint.ctrl, taint); break;
    }
  }

  const Thread& thread_;
  ThreadRunner runner_;
  const std::vector<std::vector<Value>>& domain_;
  std::uint64_t cap_;
  bool partial_, pause_at_start_, pause_after_writes_;
  std::vector<Run>* out_ = nullptr;
  bool overflow_ = false;
};

}  // namespace

bool enumerate_runs(const Program& p, const PtxOptions& o, std::vector<std::vector<Run>>& runs) {
  std::vector<std::vector<Value>> domain(p.locations.size());
  for (std::size_t l = 0; l < p.locations.size(); ++l) domain[l] = {p.init[l]};
  for (int round = 1;; ++round) {
    runs.assign(p.threads.size(), {});
    int most_writes = 0;
    for (std::size_t t = 0; t < p.threads.size(); ++t) {
      RunEnumerator e(p, static_cast<int>(t), o, domain);
      if (!e.enumerate(runs[t])) return false;
      if (o.on_partial)
        std::stable_partition(runs[t].begin(), runs[t].end(),
                              [](const Run& r) { return r.end != RunEnd::Finished && r.end != RunEnd::Failed; });
      std::size_t writes = 0;
      for (const Run& r : runs[t])
        writes = std::max<std::size_t>(writes, static_cast<std::size_t>(std::count_if(
            r.events.begin(), r.events.end(), [](const RunEvent& e) { return e.step.kind == StepKind::Write; })));
      most_writes += static_cast<int>(writes);
    }
    if (round > most_writes) return true;
    bool grew = false;
    for (const auto& thread_runs : runs)
      for (const Run& r : thread_runs)
        for (const RunEvent& e : r.events) {
          if (e.step.kind != StepKind::Write) continue;
          auto& d = domain[static_cast<std::size_t>(e.step.location)];
          if (std::find(d.begin(), d.end(), e.value) != d.end()) continue;
          d.push_back(e.value);
          grew = true;
          if (static_cast<int>(d.size()) > o.max_values_per_location) return false;
        }
    if (!grew) return true;
  }
}

}  // namespace racecert::explorer::ptx
