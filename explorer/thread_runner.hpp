#pragma once
// Runs one thread's code between memory events. The explorer never stores
// interleavings: a thread's state is a function of the values its reads
// returned, so the graph keeps one ThreadState per event and this class
// computes the next one. Thread-local instructions (arithmetic, branches,
// labels) run eagerly until the next instruction the memory model sees.
//
// Loops: a backward jump to a loop head L is a *failed spin iteration* when,
// since the thread last arrived at L, it performed no write (an atomic
// read-modify-write that writes back the value it read does not count: the
// idiom atomicAdd(&flag, 0) reads a flag) or barrier and
// every register live at L still holds the value it had then: the next
// iteration would repeat the same reads. Such a thread blocks (SpinBlocked)
// instead of iterating; a later write can still revisit its reads. Any other
// backward jump counts as an iteration of L, and the loop bound K blocks the
// thread (BoundBlocked) at iteration K+1. Arriving at L other than by a
// backward jump resets its iteration count.
#include <cstdint>
#include <vector>

#include "explorer/program.hpp"

namespace racecert::explorer {

// Failed: an assertion failed, an index was out of bounds or an operation
// was undefined (ThreadState::pending holds the FailureKind). Pruned: an
// assumption was false, so the execution is no run of the program.
enum class ThreadStatus : std::uint8_t { Running, Finished, SpinBlocked, BoundBlocked, Failed, Pruned };
enum class FailureKind : std::uint8_t { Assertion, OutOfBounds, Undefined };
const char* to_string(FailureKind k);  // "assertion", "out-of-bounds", "undefined"

enum class StepKind : std::uint8_t { Read, Write, Fence, BarrierArrive, BarrierDepart };

// The event a thread will produce next.
struct Step {
  StepKind kind = StepKind::Fence;
  Order order = Order::NA;
  Scope scope = Scope::Sys;
  int location = -1;
  int vlocation = -1;   // Read, Write: the virtual address (Instr::vlocation resolved)
  Proxy proxy = Proxy::Generic;         // Read, Write; Fence: a proxy fence's proxy
  FenceKind fence = FenceKind::Memory;  // Fence
  Value value = 0;      // Write: the value written
  bool rmw = false;     // read or write part of an RMW instruction
  int barrier_id = 0;   // Barrier*: id, instance (k-th use of the id by this thread), count
  int barrier_instance = 0;
  int barrier_count = 0;
  int pc = 0;           // instruction producing it
};

struct ThreadState {
  int pc = 0;
  ThreadStatus status = ThreadStatus::Running;
  // Rmw: 1 = write pending, 2 = a silent write pending (it writes back the
  // value it read, as atomicAdd(x, 0) does: no side effect for the
  // await-loop check); Barrier sync: 1 = depart pending.
  std::uint8_t phase = 0;
  Value pending = 0;       // Rmw: value to write; Barrier: instance
  std::int32_t side_effects = 0;  // writes and barrier arrivals so far
  std::int32_t events = 0;        // events so far (advance calls)
  // Registers, then per loop head [side_effects, iterations, events at the
  // last arrival, registers],
  // then per barrier id its use count: one allocation per copy.
  std::vector<Value> data;
};

class ThreadRunner {
 public:
  // detect_spins false: a failed spin iteration loops like any other (for an
  // explicit-state search that keeps every state, liveness/sc_graph.cpp).
  ThreadRunner(const Program& program, int thread, int loop_bound, bool detect_spins = true);

  // `local_pcs`, when given, receives the thread-local instructions run
  // (arithmetic, branches, ...) in order: the PTX model derives register
  // dependencies from them (explorer/ptx_traces.cpp).
  ThreadState initial(std::vector<int>* local_pcs = nullptr) const;
  // Requires status Running.
  Step next(const ThreadState& s) const;
  // Advance past the event `next(s)` described; `read_value` is used for reads.
  void advance(ThreadState& s, Value read_value, std::vector<int>* local_pcs = nullptr) const;

  Value reg(const ThreadState& s, int r) const { return s.data[static_cast<std::size_t>(r)]; }
  std::vector<Value> registers(const ThreadState& s) const {
    return {s.data.begin(), s.data.begin() + num_regs_};
  }
  const Thread& thread() const { return *thread_; }
  // The id of the Barrier instruction the thread is at (a register id read now).
  int barrier_id(const ThreadState& s) const;
  // Its thread count, 0: every thread of the CTA (a register count read now).
  int barrier_count(const ThreadState& s) const;
  // How many times the thread arrived at barrier `id` so far.
  int barrier_uses(const ThreadState& s, int id) const;
  // The thread may still arrive at instance `instance` (its use number) of
  // barrier `id`: it has not yet arrived there and some path of its code
  // from its state uses the id often enough (a static bound: the values its
  // reads will return are unknown; a loop counts as any number of uses).
  // False once the thread finished, failed or was pruned. The rule for
  // barriers without a count reads it (barrier_instances.hpp).
  bool may_arrive_at(const ThreadState& s, int id, int instance) const;
  // SpinBlocked: the number of events before the failed iteration, i.e. the
  // iteration is the thread's events from this index on (liveness/: only its
  // reads must see final values for the thread to spin forever).
  int spin_iteration_start(const ThreadState& s) const;
  // The instruction the thread is at (status Running).
  const Instr& instr(const ThreadState& s) const { return thread_->code[static_cast<std::size_t>(s.pc)]; }

 private:
  void run_local(ThreadState& s, std::vector<int>* local_pcs) const;
  void arrive_at(ThreadState& s, int pc, bool by_back_jump) const;
  bool failed_iteration(const ThreadState& s, int head) const;
  Value eval(const ThreadState& s, const Operand& o) const {
    return o.is_reg ? reg(s, o.reg) : o.value;
  }
  int location_of(const ThreadState& s, const Instr& in) const {
    return in.extent > 0 ? in.location + static_cast<int>(eval(s, in.index)) : in.location;
  }
  void fail(ThreadState& s, FailureKind k) const {
    s.status = ThreadStatus::Failed;
    s.pending = static_cast<Value>(k);
  }
  std::size_t head_base(int head) const {
    return static_cast<std::size_t>(num_regs_ + head * (3 + num_regs_));
  }
  std::size_t barrier_slot(int id) const;
  void count_uses_ahead();

  const Thread* thread_;
  int loop_bound_;
  bool detect_spins_;
  int num_regs_;
  std::vector<int> head_of_pc_;                   // loop-head index or -1
  std::vector<std::vector<bool>> live_at_head_;   // registers live at each loop head
  std::vector<int> barrier_ids_;                  // distinct barrier ids used
  // Per pc (one past the end included) and per barrier_ids_ slot: the most
  // uses of the id on a path from pc, capped at kManyUses (a loop).
  std::vector<std::vector<int>> uses_ahead_;
  static constexpr int kManyUses = 1 << 16;
};

// Registers live at the start of each instruction (all registers are live at
// the end: the final condition may read them).
std::vector<std::vector<bool>> live_registers(const Thread& t);

}  // namespace racecert::explorer
