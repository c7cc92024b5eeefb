#pragma once
// The program the explorer model-checks: threads of instructions over a fixed
// set of shared locations, with labels already resolved to instruction
// indices. It is independent of any input syntax: the PTX litmus front end
// (litmus_lower.cpp) and the kernel lowering (kernel_explore/) produce it.
// Each instruction keeps where it came from (`where`, `text`) only for
// reports.
#include <cstdint>
#include <string>
#include <vector>

#include "explorer/computation.hpp"
#include "support/source_location.hpp"

namespace racecert::explorer {

using Value = std::int64_t;

// C11 memory orders: NA < RLX < {ACQ, REL} < ACQ_REL < SC.
enum class Order : std::uint8_t { NA, Rlx, Acq, Rel, AcqRel, SC };
// Scope levels. An instance of a scope is the set of threads that share the
// CTA (Cta), the GPU (Gpu) or anything (Sys).
enum class Scope : std::uint8_t { Cta = 0, Gpu = 1, Sys = 2 };

const char* to_string(Order o);  // "na", "rlx", "acq", "rel", "acq_rel", "sc"
const char* to_string(Scope s);  // "cta", "gpu", "sys"

// PTX v7.5 proxies: the path by which an access reaches memory (ld/st/atom/red
// generic, tld texture, sust/suld surface, cold constant), or the proxy a
// proxy fence (fence.proxy.<proxy>) orders with the generic one. Only
// `--model ptx` reads them; SRC11 has no proxies (docs/explorer.md).
enum class Proxy : std::uint8_t { Generic, Texture, Surface, Constant };
const char* to_string(Proxy p);  // "generic", "texture", "surface", "constant"

// What a Fence instruction is. Memory: fence.sc / fence.acq_rel (its order
// and scope). Alias: fence.proxy.alias (the model's F & ALIAS: orders generic
// accesses made through different virtual addresses of one location).
// Proxy: fence.proxy.<proxy> (orders its `proxy` with the generic proxy
// within the CTA). Alias and proxy fences have Order::NA, so SRC11 ignores them.
enum class FenceKind : std::uint8_t { Memory, Alias, Proxy };
const char* to_string(FenceKind k);  // "memory", "alias", "proxy"

inline bool is_atomic(Order o) { return o != Order::NA; }
inline bool has_acquire(Order o) { return o == Order::Acq || o == Order::AcqRel || o == Order::SC; }
inline bool has_release(Order o) { return o == Order::Rel || o == Order::AcqRel || o == Order::SC; }

// Min, Max, Inc, Dec: CUDA's atomicMin/Max/Inc/Dec (Inc: old >= a ? 0 :
// old + 1; Dec: old == 0 || old > a ? a : old - 1), from kernels only.
enum class RmwOp : std::uint8_t { Add, Sub, And, Or, Xor, Exch, Cas, Min, Max, Inc, Dec };
enum class ArithOp : std::uint8_t { Add, Sub, Mul, Div, Mov };
enum class BranchCond : std::uint8_t { Always, Eq, Ne, Lt, Le, Gt, Ge };

// A register or an integer constant.
struct Operand {
  bool is_reg = false;
  int reg = -1;
  Value value = 0;
  static Operand constant(Value v) { return Operand{false, -1, v}; }
  static Operand reg_ref(int r) { return Operand{true, r, 0}; }
};

// Register barrier ids range over [base, base + kBarrierIdRange).
constexpr int kBarrierIdRange = 16;
// Barrier thread counts range over 1..kMaxBarrierCount (0: the whole CTA).
constexpr int kMaxBarrierCount = 1024;

enum class InstrKind : std::uint8_t {
  Load,     // dst := [location]
  Store,    // [location] := a
  Rmw,      // dst := [location]; [location] := op([location], a[, b]) (Cas: a expected, b new)
  Fence,    // order, scope
  Barrier,  // CTA barrier: arrive (and wait, if barrier_wait) on barrier_id
  Branch,   // if (a cond b) goto target; cond Always: unconditional
  Arith,    // dst := a op b (Mov: dst := a)
  Nop,      // a label
  Compute,  // dst := the thread's computation `calc` over its registers
  Assert,   // the thread fails (an assertion failure) when a == 0
  Assume,   // the execution is no run of the program when a == 0 (pruned)
};

struct Instr {
  InstrKind kind = InstrKind::Nop;
  Order order = Order::NA;
  Scope scope = Scope::Sys;
  int location = -1;  // Load, Store, Rmw: the location, or the first of an array's
  // Indexed access (extent > 0): the location is `location + index`, and an
  // index outside [0, extent) is an out-of-bounds failure of the thread.
  Operand index;
  int extent = 0;
  int calc = -1;      // Compute: index into Thread::computations
  int dst = -1;       // Load, Arith; Rmw (-1: result discarded, as in `red`)
  RmwOp rmw = RmwOp::Add;
  ArithOp arith = ArithOp::Mov;
  BranchCond cond = BranchCond::Always;
  Operand a, b;
  int target = -1;          // Branch
  // PTX v7.5: the virtual address (the model's `vloc`) a Load, Store or Rmw
  // goes through, -1: the location itself (see Program::aliases).
  int vlocation = -1;
  Proxy proxy = Proxy::Generic;           // accesses; Fence: a proxy fence's proxy
  FenceKind fence = FenceKind::Memory;    // Fence
  int barrier_id = 0;       // Barrier
  // Barrier: >= 0: the id is barrier_id + this register's value at run time
  // (Dat3M's `bar.cta.sync a, rB`), which must be in [0, kBarrierIdRange).
  int barrier_id_reg = -1;
  // Barrier: >= 0: the count is this register's value at run time, which
  // must be in 1..1024 (`bar.cta.sync a, b, rC`).
  int barrier_count_reg = -1;
  int barrier_count = 0;    // Barrier: participating threads; 0 = every thread of the CTA
  bool barrier_wait = true; // Barrier: sync (true) or arrive (false)
  // For reports only.
  SourceLoc where;
  std::string text;

  bool accesses_memory() const {
    return kind == InstrKind::Load || kind == InstrKind::Store || kind == InstrKind::Rmw;
  }
};

struct Thread {
  std::string name;  // "P0"
  int cta = 0;
  int gpu = 0;
  std::vector<Instr> code;
  std::vector<std::string> reg_names;
  std::vector<Value> reg_init;  // same size as reg_names
  std::vector<Computation> computations;  // of its Compute instructions
};

// A final-state predicate over registers and memory.
struct CondExpr {
  enum class Kind : std::uint8_t { True, False, Eq, Ne, Not, And, Or };
  Kind kind = Kind::True;
  // Eq/Ne: thread >= 0 compares register `reg` of that thread, else memory `location`.
  int thread = -1;
  int reg = -1;
  int location = -1;
  Value value = 0;
  // Eq/Ne compare against register rhs_reg of thread rhs_thread (>= 0), else
  // memory rhs_location (>= 0), else `value`.
  int rhs_thread = -1;
  int rhs_reg = -1;
  int rhs_location = -1;
  std::vector<CondExpr> kids;  // Not: 1, And/Or: 2
};

enum class Quantifier : std::uint8_t { None, Exists, NotExists, Forall };
const char* to_string(Quantifier q);  // "none", "exists", "not exists", "forall"

struct FinalCondition {
  Quantifier quantifier = Quantifier::None;
  CondExpr expr;
  std::string text;  // as written, for reports
};

// A name declared by `N @ P aliases M` (PTX v7.5): N is another name of M's
// physical location. A generic alias (`y @ generic aliases x`) is a virtual
// address of its own; a proxy view (`t @ texture aliases y`) shares M's
// virtual address (Dat3M's reading: it maps to M's generic address). Chains
// resolve to the first physical location.
struct Alias {
  std::string name;
  Proxy proxy = Proxy::Generic;  // as declared
  int location = -1;             // the physical location
  int vlocation = -1;            // the virtual address accessed through N
};

struct Program {
  std::string name;
  std::vector<std::string> locations;  // physical locations
  std::vector<Value> init;  // initial value of each location
  // Virtual addresses (`vloc`): v < locations.size() is location v's own;
  // generic alias k (in declaration order) has locations.size() + k. An
  // access through a name that is no alias has vlocation == location.
  std::vector<Alias> aliases;
  std::vector<Thread> threads;
  FinalCondition condition;

  int cta_size(int cta, int gpu) const;
  // Number of virtual addresses: the locations and the generic aliases.
  int num_vlocations() const;  // threads of that CTA in the program
};

// Distance between two threads in the scope hierarchy: 0 same CTA, 1 same
// GPU, 2 otherwise. Scope inclusion of two accesses a, b (SRC11 `incl`, which
// the issue makes mutual) holds iff min(scope(a), scope(b)) >= distance.
inline int scope_distance(const Thread& a, const Thread& b) {
  if (a.gpu != b.gpu) return 2;
  return a.cta == b.cta ? 0 : 1;
}

// Evaluates a condition over final register files and memory.
bool evaluate(const CondExpr& e, const std::vector<std::vector<Value>>& regs,
              const std::vector<Value>& memory);

// Arithmetic with wrap-around (no undefined behaviour on overflow); x / 0 = 0.
Value apply_arith(ArithOp op, Value a, Value b);
// The value an RMW writes given the old value; Cas is handled by the caller.
Value apply_rmw(RmwOp op, Value old, Value operand);
bool branch_taken(BranchCond c, Value a, Value b);

}  // namespace racecert::explorer
