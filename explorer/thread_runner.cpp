#include "explorer/thread_runner.hpp"

#include <algorithm>

namespace racecert::explorer {

namespace {

Order read_order(Order o) {
  if (o == Order::SC) return Order::SC;
  return has_acquire(o) ? Order::Acq : Order::Rlx;
}
Order write_order(Order o) {
  if (o == Order::SC) return Order::SC;
  return has_release(o) ? Order::Rel : Order::Rlx;
}

void uses_and_defs(const Thread& t, const Instr& in, std::vector<int>& uses, int& def) {
  uses.clear();
  def = -1;
  auto use = [&](const Operand& o) {
    if (o.is_reg) uses.push_back(o.reg);
  };
  switch (in.kind) {
    case InstrKind::Load:
      use(in.index);
      def = in.dst;
      break;
    case InstrKind::Store:
      use(in.index);
      use(in.a);
      break;
    case InstrKind::Rmw:
      use(in.index);
      use(in.a);
      if (in.rmw == RmwOp::Cas) use(in.b);
      def = in.dst;
      break;
    case InstrKind::Arith:
      use(in.a);
      if (in.arith != ArithOp::Mov) use(in.b);
      def = in.dst;
      break;
    case InstrKind::Branch:
      if (in.cond != BranchCond::Always) {
        use(in.a);
        use(in.b);
      }
      break;
    case InstrKind::Compute:
      t.computations[static_cast<std::size_t>(in.calc)].registers_read(uses);
      def = in.dst;
      break;
    case InstrKind::Assert:
    case InstrKind::Assume: use(in.a); break;
    case InstrKind::Fence:
    case InstrKind::Barrier:
    case InstrKind::Nop: break;
  }
}

}  // namespace

const char* to_string(FailureKind k) {
  switch (k) {
    case FailureKind::Assertion: return "assertion";
    case FailureKind::OutOfBounds: return "out-of-bounds";
    case FailureKind::Undefined: return "undefined";
  }
  return "?";
}

std::vector<std::vector<bool>> live_registers(const Thread& t) {
  const int n = static_cast<int>(t.code.size());
  const std::size_t regs = t.reg_names.size();
  std::vector<std::vector<bool>> live(static_cast<std::size_t>(n) + 1, std::vector<bool>(regs, false));
  live[static_cast<std::size_t>(n)].assign(regs, true);
  std::vector<int> uses;
  bool changed = true;
  while (changed) {
    changed = false;
    for (int i = n - 1; i >= 0; --i) {
      const Instr& in = t.code[static_cast<std::size_t>(i)];
      std::vector<bool> out(regs, false);
      auto join = [&](int succ) {
        for (std::size_t r = 0; r < regs; ++r) out[r] = out[r] || live[static_cast<std::size_t>(succ)][r];
      };
      if (in.kind == InstrKind::Branch) {
        join(in.target);
        if (in.cond != BranchCond::Always) join(i + 1);
      } else {
        join(i + 1);
      }
      int def = -1;
      uses_and_defs(t, in, uses, def);
      if (def >= 0) out[static_cast<std::size_t>(def)] = false;
      for (int u : uses) out[static_cast<std::size_t>(u)] = true;
      if (out != live[static_cast<std::size_t>(i)]) {
        live[static_cast<std::size_t>(i)] = std::move(out);
        changed = true;
      }
    }
  }
  return live;
}

ThreadRunner::ThreadRunner(const Program& program, int thread, int loop_bound, bool detect_spins)
    : thread_(&program.threads[static_cast<std::size_t>(thread)]),
      loop_bound_(loop_bound),
      detect_spins_(detect_spins),
      num_regs_(static_cast<int>(thread_->reg_names.size())) {
  const auto& code = thread_->code;
  head_of_pc_.assign(code.size() + 1, -1);
  auto live = live_registers(*thread_);
  for (std::size_t pc = 0; pc < code.size(); ++pc) {
    const Instr& in = code[pc];
    if (in.kind == InstrKind::Branch && in.target <= static_cast<int>(pc) &&
        head_of_pc_[static_cast<std::size_t>(in.target)] < 0) {
      head_of_pc_[static_cast<std::size_t>(in.target)] = static_cast<int>(live_at_head_.size());
      live_at_head_.push_back(live[static_cast<std::size_t>(in.target)]);
    }
    if (in.kind == InstrKind::Barrier) {
      // A register id may take any value of its range: a use count for each.
      int n = in.barrier_id_reg >= 0 ? kBarrierIdRange : 1;
      for (int k = 0; k < n; ++k)
        if (std::find(barrier_ids_.begin(), barrier_ids_.end(), in.barrier_id + k) == barrier_ids_.end())
          barrier_ids_.push_back(in.barrier_id + k);
    }
  }
  count_uses_ahead();
}

// Longest paths in barrier uses, by a fixpoint from 0: a count that passes
// the number of barrier instructions can only come from a cycle, and stands
// for any number.
void ThreadRunner::count_uses_ahead() {
  const auto& code = thread_->code;
  const std::size_t n = code.size(), ids = barrier_ids_.size();
  uses_ahead_.assign(n + 1, std::vector<int>(ids, 0));
  int barriers = 0;
  for (const Instr& in : code) barriers += in.kind == InstrKind::Barrier ? 1 : 0;
  bool changed = ids > 0;
  while (changed) {
    changed = false;
    for (std::size_t i = n; i-- > 0;) {
      const Instr& in = code[i];
      for (std::size_t k = 0; k < ids; ++k) {
        auto at = [&](int pc) { return uses_ahead_[static_cast<std::size_t>(pc)][k]; };
        int best = at(static_cast<int>(i) + 1);
        if (in.kind == InstrKind::Branch) {
          best = in.cond == BranchCond::Always ? at(in.target) : std::max(best, at(in.target));
        }
        const int id = barrier_ids_[k];
        bool uses = in.kind == InstrKind::Barrier &&
                    (in.barrier_id_reg >= 0 ? id >= in.barrier_id && id < in.barrier_id + kBarrierIdRange
                                            : id == in.barrier_id);
        int v = best + (uses ? 1 : 0);
        if (v > barriers) v = kManyUses;
        if (v > uses_ahead_[i][k]) {
          uses_ahead_[i][k] = v;
          changed = true;
        }
      }
    }
  }
}

std::size_t ThreadRunner::barrier_slot(int id) const {
  auto it = std::find(barrier_ids_.begin(), barrier_ids_.end(), id);
  return head_base(static_cast<int>(live_at_head_.size())) + static_cast<std::size_t>(it - barrier_ids_.begin());
}

int ThreadRunner::barrier_id(const ThreadState& s) const {
  const Instr& in = instr(s);
  return in.barrier_id_reg >= 0 ? in.barrier_id + static_cast<int>(reg(s, in.barrier_id_reg)) : in.barrier_id;
}

int ThreadRunner::barrier_count(const ThreadState& s) const {
  const Instr& in = instr(s);
  return in.barrier_count_reg >= 0 ? static_cast<int>(reg(s, in.barrier_count_reg)) : in.barrier_count;
}

bool ThreadRunner::may_arrive_at(const ThreadState& s, int id, int instance) const {
  auto it = std::find(barrier_ids_.begin(), barrier_ids_.end(), id);
  if (it == barrier_ids_.end()) return false;
  switch (s.status) {
    case ThreadStatus::Finished:
    case ThreadStatus::Failed:
    case ThreadStatus::Pruned: return false;
    // A spinning thread may leave its loop when a write revisits its read,
    // and a thread the loop bound stopped would go on: both may arrive.
    case ThreadStatus::Running:
    case ThreadStatus::SpinBlocked:
    case ThreadStatus::BoundBlocked: break;
  }
  const int used = static_cast<int>(s.data[barrier_slot(id)]);
  if (used > instance) return false;
  // A thread waiting at a barrier has used it already: count from the next pc.
  int from = s.pc;
  if (from < static_cast<int>(thread_->code.size()) && instr(s).kind == InstrKind::Barrier && s.phase == 1) ++from;
  const int ahead = uses_ahead_[static_cast<std::size_t>(from)][static_cast<std::size_t>(it - barrier_ids_.begin())];
  return used + ahead > instance;
}

int ThreadRunner::barrier_uses(const ThreadState& s, int id) const {
  if (std::find(barrier_ids_.begin(), barrier_ids_.end(), id) == barrier_ids_.end()) return 0;
  return static_cast<int>(s.data[barrier_slot(id)]);
}

ThreadState ThreadRunner::initial(std::vector<int>* local_pcs) const {
  ThreadState s;
  s.data.assign(head_base(static_cast<int>(live_at_head_.size())) + barrier_ids_.size(), 0);
  for (int r = 0; r < num_regs_; ++r) s.data[static_cast<std::size_t>(r)] = thread_->reg_init[static_cast<std::size_t>(r)];
  arrive_at(s, 0, false);
  run_local(s, local_pcs);
  return s;
}

void ThreadRunner::arrive_at(ThreadState& s, int pc, bool by_back_jump) const {
  s.pc = pc;
  int head = head_of_pc_[static_cast<std::size_t>(pc)];
  if (head < 0) return;
  std::size_t base = head_base(head);
  s.data[base] = s.side_effects;
  if (!by_back_jump) s.data[base + 1] = 0;
  s.data[base + 2] = s.events;
  std::copy(s.data.begin(), s.data.begin() + num_regs_, s.data.begin() + static_cast<std::ptrdiff_t>(base) + 3);
}

bool ThreadRunner::failed_iteration(const ThreadState& s, int head) const {
  std::size_t base = head_base(head);
  if (s.data[base] != s.side_effects) return false;
  const auto& live = live_at_head_[static_cast<std::size_t>(head)];
  for (int r = 0; r < num_regs_; ++r)
    if (live[static_cast<std::size_t>(r)] && s.data[base + 3 + static_cast<std::size_t>(r)] != s.data[static_cast<std::size_t>(r)])
      return false;
  return true;
}

void ThreadRunner::run_local(ThreadState& s, std::vector<int>* local_pcs) const {
  const auto& code = thread_->code;
  while (s.status == ThreadStatus::Running) {
    if (s.pc >= static_cast<int>(code.size())) {
      s.status = ThreadStatus::Finished;
      return;
    }
    const Instr& in = code[static_cast<std::size_t>(s.pc)];
    if (local_pcs && !in.accesses_memory() && in.kind != InstrKind::Fence && in.kind != InstrKind::Barrier)
      local_pcs->push_back(s.pc);
    switch (in.kind) {
      case InstrKind::Nop: arrive_at(s, s.pc + 1, false); break;
      case InstrKind::Arith:
        s.data[static_cast<std::size_t>(in.dst)] = apply_arith(in.arith, eval(s, in.a), eval(s, in.b));
        arrive_at(s, s.pc + 1, false);
        break;
      case InstrKind::Branch: {
        if (!branch_taken(in.cond, eval(s, in.a), eval(s, in.b))) {
          arrive_at(s, s.pc + 1, false);
          break;
        }
        if (in.target > s.pc) {
          arrive_at(s, in.target, false);
          break;
        }
        int head = head_of_pc_[static_cast<std::size_t>(in.target)];
        if (detect_spins_ && failed_iteration(s, head)) {
          s.status = ThreadStatus::SpinBlocked;
          return;
        }
        Value& iterations = s.data[head_base(head) + 1];
        if (iterations >= loop_bound_) {
          s.status = ThreadStatus::BoundBlocked;
          return;
        }
        ++iterations;
        arrive_at(s, in.target, true);
        break;
      }
      case InstrKind::Compute:
        try {
          s.data[static_cast<std::size_t>(in.dst)] =
              thread_->computations[static_cast<std::size_t>(in.calc)].evaluate(s.data.data());
        } catch (const expr::EvalError&) {
          fail(s, FailureKind::Undefined);
          return;
        }
        arrive_at(s, s.pc + 1, false);
        break;
      case InstrKind::Assert:
      case InstrKind::Assume:
        if (eval(s, in.a) == 0) {
          if (in.kind == InstrKind::Assert)
            fail(s, FailureKind::Assertion);
          else
            s.status = ThreadStatus::Pruned;
          return;
        }
        arrive_at(s, s.pc + 1, false);
        break;
      case InstrKind::Load:
      case InstrKind::Store:
      case InstrKind::Rmw:
        if (in.extent > 0) {
          Value i = eval(s, in.index);
          if (i < 0 || i >= in.extent) fail(s, FailureKind::OutOfBounds);
        }
        return;  // the memory model sees it
      case InstrKind::Fence: return;  // the memory model sees it
      case InstrKind::Barrier:
        if (in.barrier_id_reg >= 0) {
          Value v = reg(s, in.barrier_id_reg);
          if (v < 0 || v >= kBarrierIdRange) fail(s, FailureKind::Undefined);
        }
        if (in.barrier_count_reg >= 0) {
          Value v = reg(s, in.barrier_count_reg);
          if (v < 1 || v > kMaxBarrierCount) fail(s, FailureKind::Undefined);
        }
        return;  // the memory model sees it
    }
  }
}

Step ThreadRunner::next(const ThreadState& s) const {
  const Instr& in = thread_->code[static_cast<std::size_t>(s.pc)];
  Step st;
  st.pc = s.pc;
  st.scope = in.scope;
  st.location = location_of(s, in);
  st.vlocation = in.vlocation >= 0 ? in.vlocation : st.location;
  st.proxy = in.proxy;
  switch (in.kind) {
    case InstrKind::Load:
      st.kind = StepKind::Read;
      st.order = in.order;
      break;
    case InstrKind::Store:
      st.kind = StepKind::Write;
      st.order = in.order;
      st.value = eval(s, in.a);
      break;
    case InstrKind::Rmw:
      st.rmw = true;
      if (s.phase == 0) {
        st.kind = StepKind::Read;
        st.order = read_order(in.order);
      } else {
        st.kind = StepKind::Write;
        st.order = write_order(in.order);
        st.value = s.pending;
      }
      break;
    case InstrKind::Fence:
      st.kind = StepKind::Fence;
      st.order = in.order;
      st.fence = in.fence;
      break;
    case InstrKind::Barrier:
      st.kind = s.phase == 0 ? StepKind::BarrierArrive : StepKind::BarrierDepart;
      st.order = Order::AcqRel;
      st.barrier_id = barrier_id(s);
      st.barrier_count = barrier_count(s);
      st.barrier_instance = s.phase == 0 ? static_cast<int>(s.data[barrier_slot(st.barrier_id)])
                                         : static_cast<int>(s.pending);
      break;
    default: break;
  }
  return st;
}

int ThreadRunner::spin_iteration_start(const ThreadState& s) const {
  const Instr& jump = thread_->code[static_cast<std::size_t>(s.pc)];
  return static_cast<int>(s.data[head_base(head_of_pc_[static_cast<std::size_t>(jump.target)]) + 2]);
}

void ThreadRunner::advance(ThreadState& s, Value read_value, std::vector<int>* local_pcs) const {
  ++s.events;
  const Instr& in = thread_->code[static_cast<std::size_t>(s.pc)];
  switch (in.kind) {
    case InstrKind::Load:
      s.data[static_cast<std::size_t>(in.dst)] = read_value;
      arrive_at(s, s.pc + 1, false);
      break;
    case InstrKind::Store:
      ++s.side_effects;
      arrive_at(s, s.pc + 1, false);
      break;
    case InstrKind::Rmw:
      if (s.phase == 0) {
        // Operands are read before the destination is overwritten.
        Value a = eval(s, in.a);
        bool writes = true;
        Value v = 0;
        if (in.rmw == RmwOp::Cas) {
          writes = read_value == a;
          v = eval(s, in.b);
        } else {
          v = apply_rmw(in.rmw, read_value, a);
        }
        if (in.dst >= 0) s.data[static_cast<std::size_t>(in.dst)] = read_value;
        if (writes) {
          s.phase = v == read_value ? 2 : 1;
          s.pending = v;
          return;  // the write part comes next
        }
        arrive_at(s, s.pc + 1, false);
      } else {
        if (s.phase == 1) ++s.side_effects;
        s.phase = 0;
        arrive_at(s, s.pc + 1, false);
      }
      break;
    case InstrKind::Fence: arrive_at(s, s.pc + 1, false); break;
    case InstrKind::Barrier:
      if (s.phase == 0) {
        ++s.side_effects;
        Value& uses = s.data[barrier_slot(barrier_id(s))];
        if (in.barrier_wait) {
          s.phase = 1;
          s.pending = uses;
          ++uses;
          return;  // the departure comes once the instance is complete
        }
        ++uses;
      } else {
        s.phase = 0;
      }
      arrive_at(s, s.pc + 1, false);
      break;
    default: break;
  }
  run_local(s, local_pcs);
}

}  // namespace racecert::explorer
