#include "kernel_explore/lower.hpp"

#include <algorithm>
#include <set>

#include "kernel_explore/untracked.hpp"
#include "support/diagnostic.hpp"
#include "support/overloaded.hpp"

namespace racecert::kexplore {

namespace {

using explorer::Instr;
using explorer::InstrKind;
using explorer::Operand;
using expr::Expr;

// The most threads a launch may have: every thread is a thread of the
// model checker; beyond this the state space is out of reach anyway.
constexpr std::int64_t kMaxThreads = 4096;
constexpr int kTemporaries = 4;  // per statement; see ThreadLowering::temp

std::int64_t volume(const Dim3& d) { return d.x * d.y * d.z; }

explorer::Order order_of(kir::MemoryOrder o) {
  switch (o) {
    case kir::MemoryOrder::Relaxed: return explorer::Order::Rlx;
    case kir::MemoryOrder::Acquire: return explorer::Order::Acq;
    case kir::MemoryOrder::Release: return explorer::Order::Rel;
    case kir::MemoryOrder::AcqRel: return explorer::Order::AcqRel;
    case kir::MemoryOrder::SeqCst: return explorer::Order::SC;
  }
  return explorer::Order::SC;
}

explorer::Scope scope_of(kir::Scope s) {
  switch (s) {
    case kir::Scope::Block: return explorer::Scope::Cta;
    case kir::Scope::Device: return explorer::Scope::Gpu;
    case kir::Scope::System: return explorer::Scope::Sys;
  }
  return explorer::Scope::Sys;
}

std::optional<explorer::RmwOp> rmw_of(const std::string& op) {
  static const std::map<std::string, explorer::RmwOp> ops = {
      {"add", explorer::RmwOp::Add}, {"sub", explorer::RmwOp::Sub}, {"and", explorer::RmwOp::And},
      {"or", explorer::RmwOp::Or},   {"xor", explorer::RmwOp::Xor}, {"exch", explorer::RmwOp::Exch},
      {"cas", explorer::RmwOp::Cas}, {"min", explorer::RmwOp::Min}, {"max", explorer::RmwOp::Max},
      {"inc", explorer::RmwOp::Inc}, {"dec", explorer::RmwOp::Dec}};
  auto it = ops.find(op);
  if (it == ops.end()) return std::nullopt;
  return it->second;
}

// Where each array's cells are: one copy of a global or constant array,
// one per block of a shared array, one per thread of a local one.
struct Layout {
  struct Entry {
    const kir::Array* array = nullptr;
    int first_copy = 0;  // index into LoweredKernel::arrays
  };
  std::map<std::string, Entry> by_name;
};

std::string location_name(const CellInfo& c) {
  std::string n = c.array + "[" + std::to_string(c.index) + "]";
  if (c.block >= 0) n += "@block" + std::to_string(c.block);
  if (c.thread >= 0) n += "@thread" + std::to_string(c.thread);
  return n;
}

class ThreadLowering {
 public:
  ThreadLowering(const kir::Kernel& k, const Untracked& untracked, const Layout& layout, LoweredKernel& out,
                 const expr::Substitution& constants, int thread, int block, int linear_tid, std::int64_t block_threads)
      : k_(k), untracked_(untracked), layout_(layout), out_(out), constants_(constants), thread_(thread),
        block_(block), linear_tid_(linear_tid), block_threads_(block_threads),
        t_(out.program.threads[static_cast<std::size_t>(thread)]) {
    for (const auto& v : k.parameters)
      if (!constants.count(v.name)) add_register(v.name, 0);
    for (const auto& v : k.locals) add_register(v.name, 0);
    for (int i = 0; i < kTemporaries; ++i) add_register("$t" + std::to_string(i), 0);
  }

  void set_initial(const std::string& var, std::int64_t v) {
    t_.reg_init[static_cast<std::size_t>(reg_of(var, SourceLoc{}))] = v;
  }

  void run() {
    for (const Expr& p : k_.preconditions) {
      Operand c = value(p, k_.loc, "a precondition");
      emit_simple(InstrKind::Assume, k_.loc, "__requires(" + expr::to_string(p) + ")").a = c;
    }
    block(k_.body);
    const int end = static_cast<int>(t_.code.size());
    for (int pc : returns_) t_.code[static_cast<std::size_t>(pc)].target = end;
  }

 private:
  struct LoopLabels {
    std::vector<int> breaks, continues;
  };

  int add_register(const std::string& name, std::int64_t init) {
    regs_[name] = static_cast<int>(t_.reg_names.size());
    t_.reg_names.push_back(name);
    t_.reg_init.push_back(init);
    return regs_[name];
  }

  int reg_of(const std::string& name, const SourceLoc& where) const {
    auto it = regs_.find(name);
    if (it == regs_.end()) throw unsupported(where, "the explorer cannot model the variable " + name);
    return it->second;
  }

  Instr& emit_simple(InstrKind kind, const SourceLoc& where, const std::string& text) {
    Instr in;
    in.kind = kind;
    in.where = where;
    in.text = text;
    t_.code.push_back(std::move(in));
    return t_.code.back();
  }

  // A register for one statement's intermediate value. A statement needs
  // at most kTemporaries (value, index, operands), all dead after it, so
  // the registers are reused and stay dead at loop heads (which keeps the
  // thread runner's await-loop detection exact).
  int temp() { return regs_.at("$t" + std::to_string(next_temp_++ % kTemporaries)); }

  void check_tracked(const Expr& e, const SourceLoc& where, const char* what) const {
    if (!e) throw unsupported(where, std::string("the explorer cannot read ") + what);
    for (const auto& v : expr::free_vars(e))
      if (untracked_.variables.count(v))
        throw unsupported(where, std::string(what) + " depends on " + v +
                                     ", a value racecert does not track (floating point, or a call without a body)");
  }

  // An operand holding the value of e: a constant, a variable's register,
  // or a temporary computed just before.
  Operand value(const Expr& raw, const SourceLoc& where, const char* what) {
    check_tracked(raw, where, what);
    Expr e = expr::substitute(raw, constants_);
    if (auto v = expr::as_int(e)) return Operand::constant(*v);
    if (expr::is_true(e)) return Operand::constant(1);
    if (expr::is_false(e)) return Operand::constant(0);
    if (e->kind == expr::ExprNode::Kind::Var) return Operand::reg_ref(reg_of(e->name, where));
    int dst = temp();
    t_.computations.push_back(explorer::Computation::compile(e, [&](const std::string& n) { return reg_of(n, where); }));
    Instr& in = emit_simple(InstrKind::Compute, where, expr::to_string(raw));
    in.dst = dst;
    in.calc = static_cast<int>(t_.computations.size()) - 1;
    return Operand::reg_ref(dst);
  }

  // A stored value: an untracked one (a float) is stored as 0; the arrays
  // it reaches are untracked, so no control or index ever reads it.
  Operand data(const Expr& e, const SourceLoc& where) {
    if (!e) return Operand::constant(0);
    for (const auto& v : expr::free_vars(e))
      if (untracked_.variables.count(v)) return Operand::constant(0);
    return value(e, where, "a stored value");
  }

  void assign(const std::string& var, Operand v, const SourceLoc& where, const std::string& text) {
    Instr& in = emit_simple(InstrKind::Arith, where, text);
    in.arith = explorer::ArithOp::Mov;
    in.dst = reg_of(var, where);
    in.a = v;
  }

  // Fills the location of a memory instruction; returns its text ("A[i]").
  std::string locate(Instr& in, const kir::Location& at, const SourceLoc& where) {
    auto it = layout_.by_name.find(at.array);
    if (it == layout_.by_name.end()) throw unsupported(where, "the explorer cannot model the array " + at.array);
    const kir::Array& a = *it->second.array;
    if ((at.unit != 0 || at.width != 0) && (at.unit != a.element_bytes || at.width != a.element_bytes))
      throw unsupported(where, "a byte-level view of " + at.array + " (the explorer models whole elements)");
    int copy = it->second.first_copy;
    if (a.space == kir::Space::Shared) copy += block_;
    if (a.space == kir::Space::Local) copy += thread_;
    const ArrayInfo& info = out_.arrays[static_cast<std::size_t>(copy)];
    Expr index = expr::int_lit(0);
    std::string text = at.array;
    if (at.index.size() == 1) {
      index = at.index[0];
    } else if (at.index.size() > 1) {
      for (std::size_t d = 0; d < at.index.size(); ++d) {
        if (d >= a.sizes.size() || a.sizes[d] <= 0)
          throw unsupported(where, "a multi-dimensional access to " + at.array + " of unknown sizes");
        index = d == 0 ? at.index[0] : index * expr::int_lit(a.sizes[d]) + at.index[d];
      }
    }
    for (const auto& i : at.index) text += "[" + (i ? expr::to_string(i) : std::string("?")) + "]";
    in.location = info.first;
    in.extent = static_cast<int>(info.size);
    in.index = value(index, where, "an index");
    in.scope = explorer::Scope::Sys;
    return text;
  }

  void block(const kir::Block& b) {
    for (const kir::Stmt& s : b) statement(s);
  }

  void statement(const kir::Stmt& s) {
    next_temp_ = 0;
    std::visit(
        Overloaded{
            [&](const kir::Assign& a) {
              Operand v = untracked_.variables.count(a.var) ? Operand::constant(0) : value(a.value, a.loc, "a value");
              assign(a.var, v, a.loc, a.var + " = " + (a.value ? expr::to_string(a.value) : std::string("?")));
            },
            [&](const kir::Load& l) {
              Instr in;
              in.kind = InstrKind::Load;
              in.where = l.loc;
              std::string text = locate(in, l.at, l.loc);
              in.dst = l.var.empty() ? temp() : reg_of(l.var, l.loc);
              in.text = (l.var.empty() ? std::string("read ") : l.var + " = ") + text;
              t_.code.push_back(std::move(in));
            },
            [&](const kir::Store& st) {
              Instr in;
              in.kind = InstrKind::Store;
              in.where = st.loc;
              in.a = data(st.value, st.loc);
              std::string text = locate(in, st.at, st.loc);
              in.text = text + " = " + (st.value ? expr::to_string(st.value) : std::string("?"));
              t_.code.push_back(std::move(in));
            },
            [&](const kir::Atomic& a) { atomic(a); },
            [&](const kir::Fence& f) {
              Instr& in = emit_simple(InstrKind::Fence, f.loc,
                                      std::string("fence.") + kir::to_string(f.order) + "." + kir::to_string(f.scope));
              in.order = order_of(f.order);
              in.scope = scope_of(f.scope);
            },
            [&](const kir::Barrier& b) { barrier(b); },
            [&](const kir::If& i) {
              Operand c = value(i.cond, i.loc, "a branch condition");
              if (!c.is_reg) return block(c.value != 0 ? i.then_body : i.else_body);
              int to_else = static_cast<int>(t_.code.size());
              Instr& br = emit_simple(InstrKind::Branch, i.loc, "if (" + expr::to_string(i.cond) + ")");
              br.cond = explorer::BranchCond::Eq;
              br.a = c;
              br.b = Operand::constant(0);
              block(i.then_body);
              int to_end = static_cast<int>(t_.code.size());
              emit_simple(InstrKind::Branch, i.loc, "end if");
              t_.code[static_cast<std::size_t>(to_else)].target = static_cast<int>(t_.code.size());
              block(i.else_body);
              t_.code[static_cast<std::size_t>(to_end)].target = static_cast<int>(t_.code.size());
            },
            [&](const kir::Loop& l) { loop(l); },
            [&](const kir::Break& b) {
              loops_.back().breaks.push_back(static_cast<int>(t_.code.size()));
              emit_simple(InstrKind::Branch, b.loc, "break");
            },
            [&](const kir::Continue& c) {
              loops_.back().continues.push_back(static_cast<int>(t_.code.size()));
              emit_simple(InstrKind::Branch, c.loc, "continue");
            },
            [&](const kir::Return& r) {
              returns_.push_back(static_cast<int>(t_.code.size()));
              emit_simple(InstrKind::Branch, r.loc, "return");
            },
            [&](const kir::Assert& a) {
              Operand c = value(a.cond, a.loc, "an assertion");
              if (!c.is_reg && c.value != 0) return;
              emit_simple(InstrKind::Assert, a.loc, "assert(" + expr::to_string(a.cond) + ")").a = c;
            },
            [&](const kir::Assume& a) {
              // An assumption racecert cannot read constrains nothing: more
              // runs, never fewer.
              if (!a.cond) return;
              for (const auto& v : expr::free_vars(a.cond))
                if (untracked_.variables.count(v)) return;
              Operand c = value(a.cond, a.loc, "an assumption");
              if (!c.is_reg && c.value != 0) return;
              emit_simple(InstrKind::Assume, a.loc, "__assume(" + expr::to_string(a.cond) + ")").a = c;
            },
            [&](const kir::Unsupported& u) { throw unsupported(u.loc, u.what); },
        },
        s.node);
  }

  void atomic(const kir::Atomic& a) {
    Instr in;
    in.where = a.loc;
    in.order = order_of(a.order);
    if (a.op == "load") {
      in.kind = InstrKind::Load;
    } else if (a.op == "store" || a.op == "init") {
      in.kind = InstrKind::Store;
      if (a.op == "init") in.order = explorer::Order::NA;
    } else if ((a.op == "inc" || a.op == "dec") && a.operands.empty()) {
      // OpenCL's atomic_inc(p) / atomic_dec(p): add or subtract 1 (CUDA's
      // atomicInc(p, bound) wraps at its bound instead).
      in.kind = InstrKind::Rmw;
      in.rmw = a.op == "inc" ? explorer::RmwOp::Add : explorer::RmwOp::Sub;
      in.a = Operand::constant(1);
    } else if (auto op = rmw_of(a.op)) {
      in.kind = InstrKind::Rmw;
      in.rmw = *op;
    } else {
      throw unsupported(a.loc, "the atomic operation " + a.op);
    }
    std::vector<Operand> ops;
    for (const Expr& o : a.operands) ops.push_back(a.op == "cas" ? value(o, a.loc, "a compare-and-swap operand") : data(o, a.loc));
    const bool implicit_one = (a.op == "inc" || a.op == "dec") && a.operands.empty();
    const std::size_t needed = in.kind == InstrKind::Load || implicit_one ? 0 : a.op == "cas" ? 2 : 1;
    if (ops.size() < needed) throw unsupported(a.loc, "an atomic " + a.op + " without its operands");
    if (needed >= 1) in.a = ops[0];
    if (needed >= 2) in.b = ops[1];
    std::string text = locate(in, a.at, a.loc);
    if (in.kind != InstrKind::Store) in.dst = a.var.empty() ? -1 : reg_of(a.var, a.loc);
    if (in.kind == InstrKind::Load && in.dst < 0) in.dst = temp();
    in.scope = scope_of(a.scope);
    in.text = (a.var.empty() ? std::string() : a.var + " = ") + "atomic." + a.op + "." + kir::to_string(a.order) + "." +
              kir::to_string(a.scope) + " " + text;
    t_.code.push_back(std::move(in));
  }

  void barrier(const kir::Barrier& b) {
    using Kind = kir::Barrier::Kind;
    if (b.kind == Kind::Grid) throw unsupported(b.loc, "a grid-wide barrier (the explorer models block and warp barriers)");
    if (!b.orders_shared || !b.orders_global)
      throw unsupported(b.loc, "a barrier that orders only part of memory (the explorer's barriers order all of it)");
    Instr in;
    in.kind = InstrKind::Barrier;
    in.where = b.loc;
    in.barrier_wait = !b.arrive;
    if (b.kind == Kind::Warp) {
      auto size = b.count ? expr::as_int(expr::substitute(b.count, constants_)) : std::nullopt;
      if (!size || *size <= 0) throw unsupported(b.loc, "a warp barrier with a partial or unknown mask");
      const std::int64_t group = linear_tid_ / *size;
      // Ids 0-15 are the block's named barriers; each warp group gets its own.
      in.barrier_id = static_cast<int>(16 + *size * 4096 + group);
      in.barrier_count = static_cast<int>(std::min(*size, block_threads_ - group * *size));
      in.text = "__syncwarp";
    } else if (kir::is_block_barrier(b)) {
      // CUDA's meaning, whatever a litmus barrier without a count means:
      // every thread of the block (all of them are explored threads).
      in.barrier_count = static_cast<int>(block_threads_);
      in.text = "__syncthreads";
    } else {
      auto id = b.id ? expr::as_int(expr::substitute(b.id, constants_)) : std::nullopt;
      if (!id || *id < 0 || *id > 15) throw unsupported(b.loc, "a named barrier whose id is not a constant from 0 to 15");
      in.barrier_id = static_cast<int>(*id);
      if (b.count) {
        auto count = expr::as_int(expr::substitute(b.count, constants_));
        if (!count || *count <= 0) throw unsupported(b.loc, "a named barrier whose thread count is not a constant");
        in.barrier_count = static_cast<int>(*count);
      } else {
        in.barrier_count = static_cast<int>(block_threads_);  // the ISA: every thread of the CTA
      }
      in.text = std::string(b.arrive ? "bar.arrive " : "bar.sync ") + std::to_string(*id) +
                (b.count ? ", " + expr::to_string(b.count) : std::string());
    }
    t_.code.push_back(std::move(in));
    if (!b.var.empty()) assign(b.var, Operand::constant(0), b.loc, b.var + " = ?");
  }

  void loop(const kir::Loop& l) {
    block(l.init);
    next_temp_ = 0;
    const int head = static_cast<int>(t_.code.size());
    emit_simple(InstrKind::Nop, l.loc, "loop");
    int exit_branch = -1;
    if (l.test_first) {
      Operand c = value(l.cond, l.loc, "a loop condition");
      if (!c.is_reg && c.value == 0) {
        t_.code.resize(static_cast<std::size_t>(head));
        return;
      }
      if (c.is_reg) {
        exit_branch = static_cast<int>(t_.code.size());
        Instr& br = emit_simple(InstrKind::Branch, l.loc, "loop exit");
        br.cond = explorer::BranchCond::Eq;
        br.a = c;
        br.b = Operand::constant(0);
      }
    }
    loops_.emplace_back();
    block(l.body);
    const int cont = static_cast<int>(t_.code.size());
    block(l.update);
    next_temp_ = 0;
    if (l.test_first) {
      emit_simple(InstrKind::Branch, l.loc, "the end of a loop iteration").target = head;
    } else {
      Operand c = value(l.cond, l.loc, "a loop condition");
      Instr& br = emit_simple(InstrKind::Branch, l.loc, "the end of a loop iteration");
      br.target = head;
      if (c.is_reg) {
        br.cond = explorer::BranchCond::Ne;
        br.a = c;
        br.b = Operand::constant(0);
      } else if (c.value == 0) {
        br.kind = InstrKind::Nop;
      }
    }
    const int exit = static_cast<int>(t_.code.size());
    if (exit_branch >= 0) t_.code[static_cast<std::size_t>(exit_branch)].target = exit;
    for (int pc : loops_.back().breaks) t_.code[static_cast<std::size_t>(pc)].target = exit;
    for (int pc : loops_.back().continues) t_.code[static_cast<std::size_t>(pc)].target = cont;
    loops_.pop_back();
  }

  const kir::Kernel& k_;
  const Untracked& untracked_;
  const Layout& layout_;
  LoweredKernel& out_;
  const expr::Substitution& constants_;
  int thread_, block_, linear_tid_;
  std::int64_t block_threads_;
  explorer::Thread& t_;
  std::map<std::string, int> regs_;
  int next_temp_ = 0;
  std::vector<LoopLabels> loops_;
  std::vector<int> returns_;
};

Dim3 coordinates(std::int64_t linear, const Dim3& dims) {
  return Dim3{linear % dims.x, (linear / dims.x) % dims.y, linear / (dims.x * dims.y)};
}

// Lays out every array's cells and their initial values.
Layout lay_out(const kir::Kernel& k, const Inputs& in, std::int64_t blocks, std::int64_t threads, LoweredKernel& out) {
  for (const auto& [name, values] : in.memory)
    if (!k.find_array(name)) throw input_error(SourceLoc{}, "--memory names " + name + ", which is no array of kernel " + k.name);
  const std::int64_t assumed = std::max<std::int64_t>(2 * threads, 32);
  Layout layout;
  for (const kir::Array& a : k.arrays) {
    std::int64_t size = 1;
    bool declared = true;
    for (std::int64_t s : a.sizes) {
      declared = declared && s > 0;
      size *= s > 0 ? s : 1;
    }
    auto given = in.memory.find(a.name);
    if (given != in.memory.end() && declared && static_cast<std::int64_t>(given->second.size()) > size)
      throw input_error(SourceLoc{}, "--memory gives " + std::to_string(given->second.size()) + " values for " + a.name +
                                         ", which has " + std::to_string(size));
    bool size_assumed = false;
    if (!declared) {
      size = given != in.memory.end() ? std::max<std::int64_t>(1, static_cast<std::int64_t>(given->second.size())) : assumed;
      size_assumed = given == in.memory.end();
      if (size_assumed)
        out.notes.push_back("assuming array " + a.name + " has " + std::to_string(size) + " elements, all 0 (--memory sets them)");
    }
    const std::int64_t copies = a.space == kir::Space::Shared ? blocks : a.space == kir::Space::Local ? threads : 1;
    if (size * copies > 1'000'000) throw unsupported(a.loc, "array " + a.name + " is too large for the explorer");
    layout.by_name[a.name] = Layout::Entry{&a, static_cast<int>(out.arrays.size())};
    for (std::int64_t c = 0; c < copies; ++c) {
      ArrayInfo info{a.name, static_cast<int>(out.program.locations.size()), size, size_assumed};
      out.arrays.push_back(info);
      for (std::int64_t i = 0; i < size; ++i) {
        CellInfo cell{a.name, i, a.space == kir::Space::Shared ? static_cast<int>(c) : -1,
                      a.space == kir::Space::Local ? static_cast<int>(c) : -1};
        out.program.locations.push_back(location_name(cell));
        out.cells.push_back(cell);
        std::int64_t v = 0;
        if (given != in.memory.end() && a.space != kir::Space::Local && i < static_cast<std::int64_t>(given->second.size()))
          v = given->second[static_cast<std::size_t>(i)];
        out.program.init.push_back(v);
      }
    }
  }
  return layout;
}

}  // namespace

std::string LoweredKernel::thread_name(int t) const {
  const ThreadInfo& i = threads[static_cast<std::size_t>(t)];
  auto one = [](const Dim3& d) {
    return d.y == 0 && d.z == 0 ? std::to_string(d.x)
                                : "(" + std::to_string(d.x) + "," + std::to_string(d.y) + "," + std::to_string(d.z) + ")";
  };
  return "block " + one(i.block) + " thread " + one(i.thread);
}

std::vector<int> LoweredKernel::unit_of_thread() const {
  std::vector<int> out;
  for (const explorer::Thread& t : program.threads) out.push_back(t.cta);  // the linear block index
  return out;
}

const ArrayInfo* LoweredKernel::array_of_location(int loc) const {
  for (const ArrayInfo& a : arrays)
    if (loc >= a.first && loc < a.first + a.size) return &a;
  return nullptr;
}

LoweredKernel lower(const kir::Kernel& k, const Inputs& in) {
  LoweredKernel out;
  out.program.name = k.name;
  const std::int64_t block_threads = volume(in.block_dim), blocks = volume(in.grid_dim);
  const std::int64_t threads = block_threads * blocks;
  if (threads > kMaxThreads)
    throw unsupported(k.loc, "a launch of " + std::to_string(threads) + " threads is too large for the explorer (at most " +
                                 std::to_string(kMaxThreads) + "; give --block-dim and --grid-dim)");
  if (!in.launch_given)
    out.notes.push_back("assuming the launch blockDim=" + in.block_dim.str() + " gridDim=" + in.grid_dim.str() +
                        " (the default; the header or --block-dim/--grid-dim set it)");

  expr::Substitution shared_constants;
  std::set<std::string> assigned;
  kir::assigned_variables(k.body, assigned);
  for (const auto& [name, v] : in.scalar_args)
    if (!k.find_variable(name) || std::none_of(k.parameters.begin(), k.parameters.end(),
                                               [&](const kir::Variable& p) { return p.name == name; }))
      throw input_error(SourceLoc{}, "--kernel-args names " + name + ", which is no scalar parameter of kernel " + k.name);
  std::map<std::string, std::int64_t> params;
  for (const kir::Variable& p : k.parameters) {
    auto it = in.scalar_args.find(p.name);
    std::int64_t v = it != in.scalar_args.end() ? it->second : threads;
    if (it == in.scalar_args.end())
      out.notes.push_back("assuming parameter " + p.name + " = " + std::to_string(v) +
                          " (the default: the number of threads; --kernel-args sets it)");
    params[p.name] = v;
    if (!assigned.count(p.name)) shared_constants[p.name] = expr::int_lit(v);
  }
  for (const char* d : {"x", "y", "z"}) {
    auto c = [&](const Dim3& dim) { return std::string(d) == "x" ? dim.x : std::string(d) == "y" ? dim.y : dim.z; };
    shared_constants[std::string("blockDim.") + d] = expr::int_lit(c(in.block_dim));
    shared_constants[std::string("gridDim.") + d] = expr::int_lit(c(in.grid_dim));
  }

  Untracked untracked = untracked_values(k);
  Layout layout = lay_out(k, in, blocks, threads, out);
  out.program.threads.resize(static_cast<std::size_t>(threads));
  for (std::int64_t b = 0; b < blocks; ++b)
    for (std::int64_t t = 0; t < block_threads; ++t) {
      const int index = static_cast<int>(b * block_threads + t);
      ThreadInfo info{coordinates(b, in.grid_dim), coordinates(t, in.block_dim)};
      out.threads.push_back(info);
      explorer::Thread& th = out.program.threads[static_cast<std::size_t>(index)];
      th.cta = static_cast<int>(b);
      th.gpu = 0;
      th.name = out.thread_name(index);
      expr::Substitution constants = shared_constants;
      constants["threadIdx.x"] = expr::int_lit(info.thread.x);
      constants["threadIdx.y"] = expr::int_lit(info.thread.y);
      constants["threadIdx.z"] = expr::int_lit(info.thread.z);
      constants["blockIdx.x"] = expr::int_lit(info.block.x);
      constants["blockIdx.y"] = expr::int_lit(info.block.y);
      constants["blockIdx.z"] = expr::int_lit(info.block.z);
      ThreadLowering tl(k, untracked, layout, out, constants, index, static_cast<int>(b), static_cast<int>(t),
                        block_threads);
      for (const auto& [name, v] : params)
        if (!constants.count(name)) tl.set_initial(name, v);
      tl.run();
    }
  return out;
}

}  // namespace racecert::kexplore
