// Extraction of the named-barrier program of one block from the kernel IR:
// a concrete run of every thread, with unknowns for what the block cannot
// know (see from_kernel.hpp).
#include "barriers/from_kernel.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include "kernel_ir/executor.hpp"
#include "support/diagnostic.hpp"
#include "support/overloaded.hpp"

namespace racecert::barriers {

namespace {

using expr::BinOp;
using expr::Expr;
using expr::ExprNode;
using kir::Value;

// One command of one thread, before threads are grouped into units.
struct RawCommand {
  Op op = Op::Read;
  std::uint32_t arg = 0;    // barrier id, variable id or note id
  std::uint32_t count = 0;  // barrier thread count
  bool scalar = false;      // an access without an index
  std::int64_t address = 0;
  std::int64_t width = 1;   // addresses covered (bytes, for a byte-addressed array)
  std::uint16_t file = 0;
  Pos pos;

  bool same_shape(const RawCommand& o) const {
    return op == o.op && arg == o.arg && count == o.count && scalar == o.scalar && width == o.width &&
           file == o.file && pos == o.pos;
  }
};

bool is_shared(const kir::Kernel& k, const std::string& array) {
  const kir::Array* a = k.find_array(array);
  return a && a->space == kir::Space::Shared;
}

// Does a block do anything the program must record (a shared access, a
// barrier, a jump, an unsupported construct)? Under a branch or loop the
// block cannot decide, only such blocks make the extraction give up; the
// others just make the variables they assign unknown.
bool has_effects(const kir::Block& b, const kir::Kernel& k) {
  auto effect = [&k](const kir::Stmt& s) {
    return std::visit(
        Overloaded{[&](const kir::Load& l) { return is_shared(k, l.at.array); },
                   [&](const kir::Store& st) { return is_shared(k, st.at.array); },
                   [&](const kir::Atomic& a) { return is_shared(k, a.at.array); },
                   [](const kir::Barrier& br) { return br.kind != kir::Barrier::Kind::Warp; },
                   [](const kir::Break&) { return true; }, [](const kir::Continue&) { return true; },
                   [](const kir::Return&) { return true; }, [](const kir::Unsupported&) { return true; },
                   // Nothing to record (nested statements are visited by any_statement):
                   [](const kir::Assign&) { return false; }, [](const kir::Fence&) { return false; },
                   [](const kir::Assert&) { return false; }, [](const kir::Assume&) { return false; },
                   [](const kir::If&) { return false; }, [](const kir::Loop&) { return false; }},
        s.node);
  };
  return kir::any_statement(b, effect);
}

// The shared arrays some access views in bytes (a float4 store into a float
// array, a char written into an int): every access of such an array gets a
// byte address and a width, so that accesses of different views compare.
std::set<std::string> byte_addressed_arrays(const kir::Kernel& k) {
  std::set<std::string> out;
  auto note = [&](const kir::Location& at) {
    if ((at.unit || at.width) && is_shared(k, at.array)) out.insert(at.array);
  };
  kir::any_statement(k.body, [&](const kir::Stmt& s) {
    if (const auto* l = std::get_if<kir::Load>(&s.node)) note(l->at);
    if (const auto* st = std::get_if<kir::Store>(&s.node)) note(st->at);
    if (const auto* a = std::get_if<kir::Atomic>(&s.node)) note(a->at);
    return false;
  });
  return out;
}

// Thrown when a thread reaches something the extraction cannot follow; the
// thread's commands end in an Opaque command there.
struct GiveUp {
  std::string why;
  SourceLoc loc;
};

// Runs each thread on the kernel IR's executor; the hooks record the
// thread's shared-memory accesses and barriers, and give up where the
// block cannot decide something that matters.
class Extractor : public kir::ThreadExecutor {
 public:
  Extractor(const kir::Kernel& k, const Launch& l, Program& p)
      : k_(k), launch_(l), p_(p), byte_arrays_(byte_addressed_arrays(k)) {
    dims_[0] = l.block.x;
    dims_[1] = l.block.y;
    dims_[2] = l.block.z;
    bind_preconditions();
  }

  // The commands of one thread (linear id `tid`), ending in an Opaque
  // command when the thread could not be followed.
  std::vector<RawCommand> run_thread(std::uint32_t tid) {
    out_.clear();
    env = fixed_;
    std::int64_t x = tid % dims_[0], y = tid / dims_[0] % dims_[1], z = tid / (dims_[0] * dims_[1]);
    env["threadIdx.x"] = x;
    env["threadIdx.y"] = y;
    env["threadIdx.z"] = z;
    try {
      run(k_.body);
    } catch (const GiveUp& g) {
      RawCommand c;
      c.op = Op::Opaque;
      c.arg = p_.opaque(g.why).arg;
      place(c, g.loc);
      out_.push_back(c);
      gave_up_ = true;
    }
    return std::move(out_);
  }

  bool gave_up() const { return gave_up_; }

 private:
  const kir::Kernel& k_;
  const Launch& launch_;
  Program& p_;
  std::int64_t dims_[3] = {1, 1, 1};
  kir::Environment fixed_;  // builtins and parameters fixed for the block
  std::set<std::string> byte_arrays_;
  std::vector<RawCommand> out_;
  std::map<std::string, std::uint16_t> file_ids_;
  std::uint64_t total_ = 0;
  bool gave_up_ = false;

  void bind_preconditions() {
    const char* axes[] = {"x", "y", "z"};
    for (int i = 0; i < 3; ++i) fixed_[std::string("blockDim.") + axes[i]] = dims_[i];
    if (launch_.grid) {
      fixed_["gridDim.x"] = launch_.grid->x;
      fixed_["gridDim.y"] = launch_.grid->y;
      fixed_["gridDim.z"] = launch_.grid->z;
    }
    // `__requires(n == 64)`: the parameter is known.
    std::vector<Expr> todo(k_.preconditions.begin(), k_.preconditions.end());
    while (!todo.empty()) {
      Expr e = todo.back();
      todo.pop_back();
      if (!e || e->kind != ExprNode::Kind::Binary) continue;
      if (e->binop == BinOp::And) {
        todo.push_back(e->a);
        todo.push_back(e->b);
      } else if (e->binop == BinOp::Eq) {
        if (e->a->kind == ExprNode::Kind::Var && expr::as_int(e->b)) fixed_[e->a->name] = *expr::as_int(e->b);
        if (e->b->kind == ExprNode::Kind::Var && expr::as_int(e->a)) fixed_[e->b->name] = *expr::as_int(e->a);
      }
    }
  }

  void place(RawCommand& c, const SourceLoc& loc) {
    auto [it, fresh] = file_ids_.emplace(loc.file, 0);
    if (fresh) {
      auto found = std::find(p_.files.begin(), p_.files.end(), loc.file);
      it->second = static_cast<std::uint16_t>(found - p_.files.begin());
      if (found == p_.files.end()) p_.files.push_back(loc.file);
    }
    c.file = it->second;
    c.pos = Pos{static_cast<std::uint32_t>(std::max(0, loc.line)), static_cast<std::uint32_t>(std::max(0, loc.column))};
  }

  void record(RawCommand c, const SourceLoc& loc) {
    if (++total_ > launch_.max_thread_commands)
      throw GiveUp{"more than " + std::to_string(launch_.max_thread_commands) + " commands in the block", loc};
    place(c, loc);
    out_.push_back(c);
  }

  void access(Op op, const kir::Location& at, const SourceLoc& loc) {
    if (!is_shared(k_, at.array)) return;  // global memory: the protocol analysis checks it
    RawCommand c;
    c.op = op;
    c.arg = p_.var(at.array);
    c.scalar = at.index.empty();
    const kir::Array* a = k_.find_array(at.array);
    // Addresses count elements, or bytes in an array some access views in
    // bytes: then an element access covers the element's bytes.
    bool bytes = byte_arrays_.count(at.array) > 0;
    std::int64_t unit = 1;
    if (bytes) {
      if (c.scalar || a->sizes.size() > 1 || a->element_bytes <= 0)
        throw GiveUp{"a byte view of '" + at.array + "', which is not a one-dimensional array of known element size",
                     loc};
      unit = at.unit ? at.unit : a->element_bytes;
      c.width = at.width ? at.width : a->element_bytes;
      if (c.width > kMaxAccessWidth) throw GiveUp{"an access of more than " + std::to_string(kMaxAccessWidth) + " bytes", loc};
    }
    if (!c.scalar) {
      std::int64_t address = 0;
      for (std::size_t d = 0; d < at.index.size(); ++d) {
        Value i = eval(at.index[d]);
        if (!i) throw GiveUp{"the index of '" + at.array + "' depends on data", loc};
        std::int64_t extent = d == 0 ? 1 : (d < a->sizes.size() ? a->sizes[d] : 0);
        if (d > 0 && extent <= 0) throw GiveUp{"an index into '" + at.array + "', whose sizes are unknown", loc};
        address = address * extent + *i;
        if (address > kMaxIndexConstant || address < -kMaxIndexConstant)
          throw GiveUp{"an index into '" + at.array + "' out of the supported range", loc};
      }
      address *= unit;
      if (address > kMaxIndexConstant || address < -kMaxIndexConstant)
        throw GiveUp{"an index into '" + at.array + "' out of the supported range", loc};
      c.address = address;
    }
    record(c, loc);
  }

  void on_load(const kir::Load& l) override { access(Op::Read, l.at, l.loc); }
  void on_store(const kir::Store& st) override { access(Op::Write, st.at, st.loc); }
  void on_atomic(const kir::Atomic& a) override {
    if (is_shared(k_, a.at.array))
      throw GiveUp{"an atomic on shared memory (the named-barrier check does not model atomics)", a.loc};
  }
  void on_unsupported(const kir::Unsupported& u) override { throw GiveUp{"unsupported: " + u.what, u.loc}; }

  void on_barrier(const kir::Barrier& b) override {
    if (b.kind == kir::Barrier::Kind::Warp) return;  // not a block barrier: ignoring it only adds races
    // The barrier program's barriers order shared memory; one that does not
    // (an OpenCL barrier without CLK_LOCAL_MEM_FENCE) cannot be one of them.
    if (!b.orders_shared) throw GiveUp{"a barrier that does not order shared memory", b.loc};
    RawCommand c;
    c.op = b.arrive ? Op::Arrive : Op::Sync;
    std::int64_t threads = dims_[0] * dims_[1] * dims_[2];
    Value id = b.kind == kir::Barrier::Kind::Named ? eval(b.id) : Value{0};
    Value count = b.kind == kir::Barrier::Kind::Named && b.count ? eval(b.count) : Value{threads};
    if (!id) throw GiveUp{"the barrier id depends on data", b.loc};
    if (!count) throw GiveUp{"the barrier's thread count depends on data", b.loc};
    if (*id < 0 || *id >= static_cast<std::int64_t>(kNumBarriers))
      throw GiveUp{"barrier id " + std::to_string(*id) + " out of range (0..15)", b.loc};
    if (*count < 1 || *count > static_cast<std::int64_t>(kMaxBlockThreads))
      throw GiveUp{"barrier thread count " + std::to_string(*count) + " out of range", b.loc};
    c.arg = static_cast<std::uint32_t>(*id);
    c.count = static_cast<std::uint32_t>(*count);
    record(c, b.loc);
  }

  // A branch or loop the block cannot decide: fine when the skipped code
  // records nothing (the executor makes its variables unknown).
  void on_undecided(const std::vector<const kir::Block*>& parts, const char* what, const SourceLoc& loc) override {
    for (const kir::Block* b : parts)
      if (has_effects(*b, k_))
        throw GiveUp{std::string(what) + " depends on data and guards barriers or shared-memory accesses", loc};
  }

  void after_iteration(const kir::Loop& l, std::uint64_t n) override {
    if (n >= launch_.max_thread_commands)
      throw GiveUp{"a loop that runs more than " + std::to_string(launch_.max_thread_commands) + " times", l.loc};
  }
};

// The index form of one access command of a unit, from each thread's address.
IndexForm index_form(const std::vector<std::int64_t>& addresses, std::uint32_t first_thread) {
  bool affine_ok = true;
  std::int64_t step = addresses.size() > 1 ? addresses[1] - addresses[0] : 0;
  for (std::size_t i = 1; i < addresses.size() && affine_ok; ++i)
    affine_ok = addresses[i] - addresses[i - 1] == step;
  if (affine_ok && step > -kMaxIndexCoefficient && step < kMaxIndexCoefficient) {
    std::int64_t constant = addresses[0] - step * static_cast<std::int64_t>(first_thread);
    if (constant > -kMaxIndexConstant && constant < kMaxIndexConstant) return affine(constant, step);
  }
  IndexForm f;
  f.kind = IndexForm::Kind::Table;
  f.table = addresses;
  return f;
}

void add_unit(Program& p, const std::string& name, std::uint32_t first, std::uint32_t count,
              const std::vector<std::vector<RawCommand>>& threads, const SourceLoc& loc) {
  Unit& u = p.add_unit(name, first, count, loc);
  const std::vector<RawCommand>& shape = threads[first];
  u.cmds.reserve(shape.size());
  std::vector<std::int64_t> addresses(count);
  for (std::size_t i = 0; i < shape.size(); ++i) {
    const RawCommand& r = shape[i];
    Command c{r.op, r.file, r.arg, r.count, r.pos};
    if (is_access(r.op)) {
      if (r.scalar) {
        c.aux = kNoIndex;
      } else {
        for (std::uint32_t t = 0; t < count; ++t) addresses[t] = threads[first + t][i].address;
        IndexForm f = index_form(addresses, first);
        f.width = r.width;
        c.aux = p.index(std::move(f));
      }
    }
    u.cmds.push_back(c);
  }
}

bool same_commands(const std::vector<RawCommand>& a, const std::vector<RawCommand>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!a[i].same_shape(b[i])) return false;
  return true;
}

}  // namespace

bool uses_named_barriers(const kir::Kernel& k) {
  return kir::any_statement(k.body, [](const kir::Stmt& s) {
    const auto* b = std::get_if<kir::Barrier>(&s.node);
    return b && b->kind == kir::Barrier::Kind::Named && !kir::is_block_barrier(*b);
  });
}

Program program_from_kernel(const kir::Kernel& k, const Launch& launch) {
  // Components go up to 2^31-1 each (parse_dim3), so their product may
  // overflow: the bound is checked one factor at a time.
  std::int64_t threads = 1;
  for (std::int64_t d : {launch.block.x, launch.block.y, launch.block.z}) {
    if (d < 1 || d > static_cast<std::int64_t>(kMaxBlockThreads) ||
        threads * d > static_cast<std::int64_t>(kMaxBlockThreads))
      throw input_error(k.loc, "the named-barrier check needs a block of 1 to " + std::to_string(kMaxBlockThreads) +
                                   " threads, not " + launch.block.str());
    threads *= d;
  }
  Program p;
  p.name = k.name;
  p.loc = k.loc;
  p.block_threads = static_cast<std::uint32_t>(threads);
  p.files = {k.loc.file};
  Extractor x(k, launch, p);
  std::vector<std::vector<RawCommand>> per_thread(p.block_threads);
  for (std::uint32_t t = 0; t < p.block_threads && !x.gave_up(); ++t) per_thread[t] = x.run_thread(t);
  if (x.gave_up()) {
    // One Opaque command says why and where; the verdict is unknown anyway.
    for (std::uint32_t t = 0; t < p.block_threads; ++t) {
      if (per_thread[t].empty() || per_thread[t].back().op != Op::Opaque) continue;
      add_unit(p, "thread " + std::to_string(t), t, 1, per_thread, k.loc);
      break;
    }
    return p;
  }
  for (std::uint32_t w = 0; w * kWarpSize < p.block_threads; ++w) {
    std::uint32_t first = w * kWarpSize, count = std::min(kWarpSize, p.block_threads - first);
    bool uniform = true;
    for (std::uint32_t t = first + 1; t < first + count && uniform; ++t)
      uniform = same_commands(per_thread[first], per_thread[t]);
    if (uniform) {
      add_unit(p, "warp " + std::to_string(w), first, count, per_thread, k.loc);
    } else {
      for (std::uint32_t t = first; t < first + count; ++t)
        add_unit(p, "thread " + std::to_string(t), t, 1, per_thread, k.loc);
    }
  }
  return p;
}

}  // namespace racecert::barriers
