// Extraction of the named-barrier program of one block from the kernel IR:
// a concrete run of every thread, with unknowns for what the block cannot
// know (see from_kernel.hpp).
#include "barriers/from_kernel.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>

#include "barriers/warp_run.hpp"
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
  kir::Value value;         // what a write stores in this thread, when known

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

// What both ways of running threads share: the block's fixed values, the
// commands counted against the cap, and the policy that turns statements
// into commands or gives up.
class Recording {
 public:
  Recording(const kir::Kernel& k, const Launch& l, Program& p)
      : k_(k), launch_(l), p_(p), byte_arrays_(byte_addressed_arrays(k)) {
    dims[0] = l.block.x;
    dims[1] = l.block.y;
    dims[2] = l.block.z;
    bind_preconditions();
  }

  std::int64_t dims[3] = {1, 1, 1};
  kir::Environment fixed;    // builtins and parameters fixed for the block
  std::uint64_t total = 0;   // thread commands so far (a warp's command counts once per lane)

  // threadIdx of the thread with linear id `tid`.
  std::int64_t thread_index(std::uint32_t tid, int axis) const {
    if (axis == 0) return tid % dims[0];
    if (axis == 1) return tid / dims[0] % dims[1];
    return tid / (dims[0] * dims[1]);
  }

  // Counts `threads` commands and gives the command its position.
  void record(RawCommand& c, const SourceLoc& loc, std::uint64_t threads) {
    total += threads;
    if (total > launch_.max_thread_commands)
      throw GiveUp{"more than " + std::to_string(launch_.max_thread_commands) + " commands in the block", loc};
    place(c, loc);
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

  // An access of a shared array without its address (nullopt for global
  // memory, which the protocol analysis checks); `unit` is the address
  // unit (1, or the element's bytes in a byte-addressed array).
  // `a` is set to the array (for address()).
  std::optional<RawCommand> access(Op op, const kir::Location& at, const SourceLoc& loc, std::int64_t& unit,
                                   const kir::Array*& a) {
    const SharedArray& shared = shared_array(at.array);
    if (!shared.array) return std::nullopt;
    RawCommand c;
    c.op = op;
    c.arg = shared.var;
    c.scalar = at.index.empty();
    a = shared.array;
    // Addresses count elements, or bytes in an array some access views in
    // bytes: then an element access covers the element's bytes.
    unit = 1;
    if (shared.bytes) {
      if (c.scalar || a->sizes.size() > 1 || a->element_bytes <= 0)
        throw GiveUp{"a byte view of '" + at.array + "', which is not a one-dimensional array of known element size",
                     loc};
      unit = at.unit ? at.unit : a->element_bytes;
      c.width = at.width ? at.width : a->element_bytes;
      if (c.width > kMaxAccessWidth) throw GiveUp{"an access of more than " + std::to_string(kMaxAccessWidth) + " bytes", loc};
    }
    return c;
  }

  // The address of an access from its index values (`index(d)` for each
  // dimension d of at.index), in the array's address unit.
  template <class IndexValue>
  std::int64_t address(const kir::Array* a, const kir::Location& at, const IndexValue& index, std::int64_t unit,
                       const SourceLoc& loc) const {
    std::int64_t address = 0;
    for (std::size_t d = 0; d < at.index.size(); ++d) {
      Value i = index(d);
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
    return address;
  }

  void atomic(const kir::Atomic& a) const {
    if (is_shared(k_, a.at.array))
      throw GiveUp{"an atomic on shared memory (the named-barrier check does not model atomics)", a.loc};
  }

  // Whether a barrier is one of the program's; nullopt for __syncwarp.
  static bool is_program_barrier(const kir::Barrier& b) { return b.kind != kir::Barrier::Kind::Warp; }

  // The barrier command, from the values of its id and count operands.
  RawCommand barrier(const kir::Barrier& b, Value id, Value count) const {
    // The barrier program's barriers order shared memory; one that does not
    // (an OpenCL barrier without CLK_LOCAL_MEM_FENCE) cannot be one of them.
    if (!b.orders_shared) throw GiveUp{"a barrier that does not order shared memory", b.loc};
    RawCommand c;
    c.op = b.arrive ? Op::Arrive : Op::Sync;
    if (b.kind != kir::Barrier::Kind::Named) id = 0;
    if (b.kind != kir::Barrier::Kind::Named || !b.count) count = dims[0] * dims[1] * dims[2];
    if (!id) throw GiveUp{"the barrier id depends on data", b.loc};
    if (!count) throw GiveUp{"the barrier's thread count depends on data", b.loc};
    if (*id < 0 || *id >= static_cast<std::int64_t>(kNumBarriers))
      throw GiveUp{"barrier id " + std::to_string(*id) + " out of range (0..15)", b.loc};
    if (*count < 1 || *count > static_cast<std::int64_t>(kMaxBlockThreads))
      throw GiveUp{"barrier thread count " + std::to_string(*count) + " out of range", b.loc};
    c.arg = static_cast<std::uint32_t>(*id);
    c.count = static_cast<std::uint32_t>(*count);
    return c;
  }

  // A branch or loop the block cannot decide: fine when the skipped code
  // records nothing (the executor makes its variables unknown).
  void undecided(const std::vector<const kir::Block*>& parts, const char* what, const SourceLoc& loc) const {
    for (const kir::Block* b : parts)
      if (has_effects(*b, k_))
        throw GiveUp{std::string(what) + " depends on data and guards barriers or shared-memory accesses", loc};
  }

  void iteration(const kir::Loop& l, std::uint64_t n) const {
    if (n >= launch_.max_thread_commands)
      throw GiveUp{"a loop that runs more than " + std::to_string(launch_.max_thread_commands) + " times", l.loc};
  }

  Command opaque(const std::string& why) { return p_.opaque(why); }

 private:
  const kir::Kernel& k_;
  const Launch& launch_;
  Program& p_;
  std::set<std::string> byte_arrays_;

  // A shared array as the program sees it, looked up once per name: the
  // kernel's list of arrays is searched by name, and a Singe-style kernel
  // makes millions of accesses to a few arrays. `array` is null for the
  // other memory spaces.
  struct SharedArray {
    const kir::Array* array = nullptr;
    std::uint32_t var = 0;
    bool bytes = false;  // some access views it in bytes
  };
  std::unordered_map<std::string, SharedArray> shared_;
  const SharedArray& shared_array(const std::string& name) {
    auto [it, fresh] = shared_.try_emplace(name);
    if (fresh && is_shared(k_, name)) {
      it->second.array = k_.find_array(name);
      it->second.var = p_.var(name);
      it->second.bytes = byte_arrays_.count(name) > 0;
    }
    return it->second;
  }
  std::map<std::string, std::uint16_t> file_ids_;

  void bind_preconditions() {
    const char* axes[] = {"x", "y", "z"};
    for (int i = 0; i < 3; ++i) fixed[std::string("blockDim.") + axes[i]] = dims[i];
    if (launch_.grid) {
      fixed["gridDim.x"] = launch_.grid->x;
      fixed["gridDim.y"] = launch_.grid->y;
      fixed["gridDim.z"] = launch_.grid->z;
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
        if (e->a->kind == ExprNode::Kind::Var && expr::as_int(e->b)) fixed[e->a->name] = *expr::as_int(e->b);
        if (e->b->kind == ExprNode::Kind::Var && expr::as_int(e->a)) fixed[e->b->name] = *expr::as_int(e->a);
      }
    }
  }
};

// Runs one thread on the kernel IR's executor; the hooks record the
// thread's shared-memory accesses and barriers, and give up where the
// block cannot decide something that matters. This is the reference way;
// WarpRun below does the same for a warp's lanes at once.
class ThreadRun : public kir::ThreadExecutor {
 public:
  ThreadRun(Recording& r, const kir::Block& body) : r_(r), body_(body) {}

  // The commands of one thread (linear id `tid`), ending in an Opaque
  // command when the thread could not be followed.
  std::vector<RawCommand> run_thread(std::uint32_t tid) {
    out_.clear();
    env = r_.fixed;
    env["threadIdx.x"] = r_.thread_index(tid, 0);
    env["threadIdx.y"] = r_.thread_index(tid, 1);
    env["threadIdx.z"] = r_.thread_index(tid, 2);
    try {
      run(body_);
    } catch (const GiveUp& g) {
      RawCommand c;
      c.op = Op::Opaque;
      c.arg = r_.opaque(g.why).arg;
      r_.place(c, g.loc);
      out_.push_back(c);
      gave_up_ = true;
    }
    return std::move(out_);
  }

  bool gave_up() const { return gave_up_; }

 private:
  Recording& r_;
  const kir::Block& body_;
  std::vector<RawCommand> out_;
  bool gave_up_ = false;

  void access(Op op, const kir::Location& at, const SourceLoc& loc, const kir::Expr* stored = nullptr) {
    std::int64_t unit = 1;
    const kir::Array* array = nullptr;
    std::optional<RawCommand> c = r_.access(op, at, loc, unit, array);
    if (!c) return;
    if (!c->scalar) c->address = r_.address(array, at, [&](std::size_t d) { return eval(at.index[d]); }, unit, loc);
    if (stored) c->value = eval(*stored);
    r_.record(*c, loc, 1);
    out_.push_back(*c);
  }

  void on_load(const kir::Load& l) override { access(Op::Read, l.at, l.loc); }
  void on_store(const kir::Store& st) override { access(Op::Write, st.at, st.loc, &st.value); }
  void on_atomic(const kir::Atomic& a) override { r_.atomic(a); }
  void on_unsupported(const kir::Unsupported& u) override { throw GiveUp{"unsupported: " + u.what, u.loc}; }
  void on_barrier(const kir::Barrier& b) override {
    if (!Recording::is_program_barrier(b)) return;  // __syncwarp: ignoring it only adds races
    bool named = b.kind == kir::Barrier::Kind::Named;
    RawCommand c = r_.barrier(b, named ? eval(b.id) : Value{0}, named && b.count ? eval(b.count) : Value{});
    r_.record(c, b.loc, 1);
    out_.push_back(c);
  }
  void on_undecided(const std::vector<const kir::Block*>& parts, const char* what, const SourceLoc& loc) override {
    r_.undecided(parts, what, loc);
  }
  void after_iteration(const kir::Loop& l, std::uint64_t n) override { r_.iteration(l, n); }
};

// The lanes of one warp run together (barriers/warp_run.hpp). Every lane
// then takes the same branches, so they have the same commands, and each
// access gets one address per lane. Anything else (lanes that diverge, a
// barrier operand that differs between lanes, a reason to give up) throws,
// and the caller runs the lanes one by one with ThreadRun, which decides.
class WarpRun : public WarpExecutor {
 public:
  struct Fallback {};

  WarpRun(Recording& r, const kir::Block& body, std::uint32_t first, std::uint32_t lanes)
      : WarpExecutor(lanes), r_(r), body_(body), first_(first) {}

  std::vector<RawCommand> cmds;
  std::vector<std::int64_t> addresses;  // lanes() per non-scalar access, in command order
  std::vector<kir::Value> stored;       // lanes() per write: the value each lane stores

  // Whether the lanes ran together to the end.
  bool go() {
    for (const auto& [name, v] : r_.fixed) env[name] = LaneValue{v, 0, nullptr};
    for (int axis = 0; axis < 3; ++axis) {
      std::vector<Value> per_lane(lanes());
      for (std::uint32_t l = 0; l < lanes(); ++l) per_lane[l] = r_.thread_index(first_ + l, axis);
      env[std::string("threadIdx.") + "xyz"[axis]] = lane_value(std::move(per_lane));
    }
    try {
      run(body_);
      return true;
    } catch (const GiveUp&) {
    } catch (const Divergent&) {
    } catch (const Fallback&) {
    }
    return false;
  }

 private:
  Recording& r_;
  const kir::Block& body_;
  std::uint32_t first_;

  Value uniform(const LaneValue& v) const {
    if (!v.uniform()) throw Fallback{};
    return v.base;
  }

  void access(Op op, const kir::Location& at, const SourceLoc& loc, const kir::Expr* value = nullptr) {
    std::int64_t unit = 1;
    const kir::Array* array = nullptr;
    std::optional<RawCommand> c = r_.access(op, at, loc, unit, array);
    if (!c) return;
    if (!c->scalar) {
      std::vector<LaneValue> index(at.index.size());
      for (std::size_t d = 0; d < index.size(); ++d) index[d] = eval(at.index[d]);
      for (std::uint32_t l = 0; l < lanes(); ++l)
        addresses.push_back(r_.address(array, at, [&](std::size_t d) { return index[d].at(l); }, unit, loc));
    }
    if (op == Op::Write) {
      LaneValue v = value ? eval(*value) : LaneValue{};
      for (std::uint32_t l = 0; l < lanes(); ++l) stored.push_back(v.at(l));
    }
    r_.record(*c, loc, lanes());
    cmds.push_back(*c);
  }

  void on_load(const kir::Load& l) override { access(Op::Read, l.at, l.loc); }
  void on_store(const kir::Store& st) override { access(Op::Write, st.at, st.loc, &st.value); }
  void on_atomic(const kir::Atomic& a) override { r_.atomic(a); }
  void on_unsupported(const kir::Unsupported& u) override { throw GiveUp{"unsupported: " + u.what, u.loc}; }
  void on_barrier(const kir::Barrier& b) override {
    if (!Recording::is_program_barrier(b)) return;
    bool named = b.kind == kir::Barrier::Kind::Named;
    RawCommand c = r_.barrier(b, named ? uniform(eval(b.id)) : Value{0},
                              named && b.count ? uniform(eval(b.count)) : Value{});
    r_.record(c, b.loc, lanes());
    cmds.push_back(c);
  }
  void on_undecided(const std::vector<const kir::Block*>& parts, const char* what, const SourceLoc& loc) override {
    r_.undecided(parts, what, loc);
  }
  void after_iteration(const kir::Loop& l, std::uint64_t n) override { r_.iteration(l, n); }
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

// What a write stores in each thread of its unit, as a stored value of the
// program: one value when all threads agree, else a table. Nothing when some
// thread's value is unknown (the write is then harmful with every other).
void set_stored_value(Program& p, Unit& u, const std::vector<kir::Value>& per_thread) {
  for (const kir::Value& v : per_thread)
    if (!v) return;
  bool uniform =
      std::all_of(per_thread.begin(), per_thread.end(), [&](const kir::Value& v) { return v == per_thread[0]; });
  ValueForm form;
  if (uniform) {
    form.push_back(*per_thread[0]);
  } else {
    for (const kir::Value& v : per_thread) form.push_back(*v);
  }
  p.set_value(u, form);
}

// A unit from the commands of its threads (`threads[t]` for thread
// first + t), which have the same shape.
void add_unit(Program& p, const std::string& name, std::uint32_t first, std::uint32_t count,
              const std::vector<RawCommand>* threads, const SourceLoc& loc) {
  Unit& u = p.add_unit(name, first, count, loc);
  const std::vector<RawCommand>& shape = threads[0];
  u.cmds.reserve(shape.size());
  std::vector<std::int64_t> addresses(count);
  for (std::size_t i = 0; i < shape.size(); ++i) {
    const RawCommand& r = shape[i];
    Command c{r.op, r.file, r.arg, r.count, r.pos};
    if (is_access(r.op)) {
      if (r.scalar) {
        c.aux = kNoIndex;
      } else {
        for (std::uint32_t t = 0; t < count; ++t) addresses[t] = threads[t][i].address;
        IndexForm f = index_form(addresses, first);
        f.width = r.width;
        c.aux = p.index(std::move(f));
      }
    }
    u.cmds.push_back(c);
    if (r.op == Op::Write) {
      std::vector<kir::Value> values(count);
      for (std::uint32_t t = 0; t < count; ++t) values[t] = threads[t][i].value;
      set_stored_value(p, u, values);
    }
  }
}

// The unit of a warp whose lanes ran together (WarpRun).
void add_warp_unit(Program& p, std::uint32_t warp, std::uint32_t first, std::uint32_t count,
                   const std::vector<RawCommand>& cmds, const std::vector<std::int64_t>& addresses,
                   const std::vector<kir::Value>& stored, const SourceLoc& loc) {
  Unit& u = p.add_unit("warp " + std::to_string(warp), first, count, loc);
  u.cmds.reserve(cmds.size());
  auto next = addresses.begin();
  auto next_value = stored.begin();
  for (const RawCommand& r : cmds) {
    Command c{r.op, r.file, r.arg, r.count, r.pos};
    if (is_access(r.op)) {
      if (r.scalar) {
        c.aux = kNoIndex;
      } else {
        IndexForm f = index_form(std::vector<std::int64_t>(next, next + count), first);
        next += count;
        f.width = r.width;
        c.aux = p.index(std::move(f));
      }
    }
    u.cmds.push_back(c);
    if (r.op == Op::Write) {
      set_stored_value(p, u, std::vector<kir::Value>(next_value, next_value + count));
      next_value += count;
    }
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

Program program_from_kernel(const kir::Kernel& k, const Launch& launch, ExtractionStats* stats) {
  ExtractionStats ignored;
  ExtractionStats& st = stats ? *stats : ignored;
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
  Recording rec(k, launch, p);
  // Warp by warp, so that memory holds one warp's thread commands at most:
  // its lanes together when they agree (WarpRun), else one by one.
  for (std::uint32_t w = 0; w * kWarpSize < p.block_threads; ++w) {
    std::uint32_t first = w * kWarpSize, count = std::min(kWarpSize, p.block_threads - first);
    std::uint64_t before = rec.total;
    WarpRun together(rec, k.body, first, count);
    if (launch.warps_together && together.go()) {
      add_warp_unit(p, w, first, count, together.cmds, together.addresses, together.stored, k.loc);
      ++st.warps_together;
      continue;
    }
    ++st.warps_one_by_one;
    rec.total = before;
    ThreadRun one(rec, k.body);
    std::vector<std::vector<RawCommand>> lanes(count);
    for (std::uint32_t t = 0; t < count; ++t) {
      lanes[t] = one.run_thread(first + t);
      if (!one.gave_up()) continue;
      // One Opaque command says why and where; the verdict is unknown anyway.
      p.units.clear();
      add_unit(p, "thread " + std::to_string(first + t), first + t, 1, &lanes[t], k.loc);
      return p;
    }
    bool uniform = true;
    for (std::uint32_t t = 1; t < count && uniform; ++t) uniform = same_commands(lanes[0], lanes[t]);
    if (uniform) {
      add_unit(p, "warp " + std::to_string(w), first, count, lanes.data(), k.loc);
    } else {
      for (std::uint32_t t = 0; t < count; ++t)
        add_unit(p, "thread " + std::to_string(first + t), first + t, 1, &lanes[t], k.loc);
    }
  }
  return p;
}

}  // namespace racecert::barriers
