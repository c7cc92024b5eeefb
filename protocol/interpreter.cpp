#include "protocol/interpreter.hpp"

#include <set>

#include "protocol/loop_domain.hpp"
#include "support/overloaded.hpp"

namespace racecert::protocol {

bool is_atomic(AccessMode m) { return m == AccessMode::Atomic || m == AccessMode::AtomicBlock; }

bool heterogeneous(AccessMode a, AccessMode b) {
  return is_atomic(a) && is_atomic(b) && (a == AccessMode::AtomicBlock || b == AccessMode::AtomicBlock);
}

bool modes_conflict(AccessMode a, AccessMode b, bool different_blocks) {
  if (a == AccessMode::Read && b == AccessMode::Read) return false;
  if (is_atomic(a) && is_atomic(b)) return different_blocks && heterogeneous(a, b);
  return true;
}

// The first byte an access covers in its row (the last index in bytes).
static std::int64_t first_byte(const ConcreteAccess& a) { return a.index.empty() ? 0 : a.index.back() * a.view.unit; }

bool conflict(const ConcreteAccess& a, const ConcreteAccess& b, bool benign_writes_race) {
  if (!modes_conflict(a.mode, b.mode, a.block != b.block)) return false;
  // Same value over the same bytes: benign. (A char write of 1 inside an
  // int write of 1 writes different bytes.)
  if (!benign_writes_race && a.mode == AccessMode::Write && b.mode == AccessMode::Write && a.value &&
      b.value && *a.value == *b.value && first_byte(a) == first_byte(b) && a.view.width == b.view.width)
    return false;
  return true;
}

bool same_location(const ConcreteAccess& a, const ConcreteAccess& b) {
  return a.array == b.array && same_location_bytes(a.index, a.view, b.index, b.view);
}

namespace {

// One thread's run: its accesses cut at barriers, and the barriers it met.
struct ThreadRun {
  std::vector<Phase> segments{Phase{}};
  std::vector<const Sync*> barriers;       // block and grid barriers
  std::vector<const Sync*> grid_barriers;  // grid barriers only
  std::map<int, std::vector<const Sync*>> warp_barriers;  // per group width
};

class ThreadInterpreter {
 public:
  ThreadInterpreter(const Kernel& k, const ConcreteConfig& cfg, std::int64_t thread,
                    std::int64_t block, const Dim3& tid, const Dim3& bid)
      : k_(k), cfg_(cfg), thread_(thread), block_(block) {
    scopes_.push_back({});
    auto& g = scopes_.back();
    const char* dims[] = {"x", "y", "z"};
    for (int d = 0; d < 3; ++d) {
      std::string s = dims[d];
      g["threadIdx." + s] = tid[d];
      g["blockIdx." + s] = bid[d];
      g["blockDim." + s] = cfg.block_dim[d];
      g["gridDim." + s] = cfg.grid_dim[d];
    }
    for (const auto& v : k.vars) g[v.name] = kernel_value(v);
  }

  bool preconditions_hold() {
    for (const auto& p : k_.preconditions)
      if (!eval_bool(p, env())) return false;
    return true;
  }

  ThreadRun run() {
    exec(k_.body);
    return std::move(run_);
  }

 private:
  const Kernel& k_;
  const ConcreteConfig& cfg_;
  std::int64_t thread_, block_;
  std::vector<std::map<std::string, std::int64_t>> scopes_;
  std::map<std::string, int> occurrences_;
  ThreadRun run_;
  std::int64_t epoch_[2] = {0, 0};  // barriers passed that order shared, global memory
  std::int64_t grid_epoch_[2] = {0, 0};  // grid barriers passed that order shared, global memory
  std::map<int, std::int64_t> warp_epochs_[2];  // warp barriers passed that order shared, global memory, per width
  std::vector<std::int64_t> iterations_;  // of the loops being run, outermost first

  std::int64_t kernel_value(const VarDecl& v) const {
    auto pick = [](const std::map<std::string, std::vector<std::int64_t>>& m, const std::string& n,
                   std::int64_t i) -> std::int64_t {
      auto it = m.find(n);
      if (it == m.end() || i >= static_cast<std::int64_t>(it->second.size())) return 0;
      return it->second[static_cast<std::size_t>(i)];
    };
    switch (v.kind) {
      case Uniformity::Thread: return pick(cfg_.per_thread, v.name, thread_);
      case Uniformity::Block: return pick(cfg_.per_block, v.name, block_);
      case Uniformity::Grid: {
        auto it = cfg_.uniform.find(v.name);
        return it == cfg_.uniform.end() ? 0 : it->second;
      }
    }
    return 0;
  }

  Env env() const {
    return [this](const std::string& n) -> std::optional<std::int64_t> {
      for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
        auto f = it->find(n);
        if (f != it->end()) return f->second;
      }
      return std::nullopt;
    };
  }

  void exec(const Block& b) {
    scopes_.push_back({});
    for (const auto& s : b) exec(s);
    scopes_.pop_back();
  }

  void exec(const Stmt& s) {
    auto step = Overloaded{
        [&](const Access& a) { exec_access(a); },
        [&](const Sync& y) {
          // y is the node stored in the kernel, not a copy.
          if (y.scope == SyncScope::Warp) {
            run_.warp_barriers[y.width].push_back(&y);
            if (y.orders_shared) ++warp_epochs_[0][y.width];
            if (y.orders_global) ++warp_epochs_[1][y.width];
            return;
          }
          run_.barriers.push_back(&y);
          run_.segments.emplace_back();
          if (y.orders_shared) ++epoch_[0];
          if (y.orders_global) ++epoch_[1];
          if (y.scope != SyncScope::Grid) return;
          run_.grid_barriers.push_back(&y);
          if (y.orders_shared) ++grid_epoch_[0];
          if (y.orders_global) ++grid_epoch_[1];
        },
        [&](const If& i) { exec(eval_bool(i.cond, env()) ? i.then_body : i.else_body); },
        [&](const Loop& l) { exec_loop(l); },
        [&](const Decl& d) { exec_decl(d); },
        [](const Bind&) {
          throw EvalError("the interpreter runs input protocols only (found a 'var' binder)");
        }};
    std::visit(step, s.node);
  }

  void exec_access(const Access& a) {
    ConcreteAccess c;
    c.thread = thread_;
    c.block = block_;
    c.array = a.array;
    for (const auto& i : a.index) c.index.push_back(eval_int(i, env()));
    const ArrayDecl* decl = k_.find_array(a.array);
    c.view = resolve_view(a.view, decl ? decl->element_bytes : 0);
    int space = decl && decl->space == MemorySpace::Global ? 1 : 0;
    c.epoch = epoch_[space];
    c.grid_epoch = grid_epoch_[space];
    c.warp_epochs = warp_epochs_[space];
    c.mode = a.mode;
    if (a.value) c.value = eval_int(a.value, env());
    c.site = &a;
    c.iterations = iterations_;
    run_.segments.back().push_back(std::move(c));
  }

  void exec_loop(const Loop& l) {
    Expr x = var(l.var);
    std::int64_t value = eval_int(l.init, env());
    for (int n = 0;; ++n) {
      if (n >= kMaxLoopIterations) throw EvalError("loop did not terminate within the iteration cap");
      scopes_.push_back({{l.var, value}});
      bool go = eval_bool(loop_cond(l, x), env());
      if (go) {
        iterations_.push_back(n);
        exec(l.body);
        iterations_.pop_back();
      }
      std::int64_t next = go ? eval_int(loop_next(l, x), env()) : 0;
      scopes_.pop_back();
      if (!go) break;
      value = next;
    }
  }

  // This thread's n-th run of a declaration of a name takes cfg_.scoped's value for occurrence n.
  void exec_decl(const Decl& d) {
    int n = occurrences_[d.name]++;
    std::int64_t v = cfg_.scoped ? cfg_.scoped(d.name, thread_, n) : 0;
    scopes_.back()[d.name] = v;
  }
};

Dim3 unlinearize(std::int64_t i, const Dim3& dim) {
  return {i % dim[0], (i / dim[0]) % dim[1], i / (dim[0] * dim[1])};
}

// Accesses can only overlap within one row: the array and every index but
// the last (the byte rule compares the last one's byte ranges).
struct RowKey {
  std::string array;
  std::vector<std::int64_t> leading;
  bool operator<(const RowKey& o) const { return std::tie(array, leading) < std::tie(o.array, o.leading); }
};

RowKey row_of(const ConcreteAccess& a) {
  RowKey k{a.array, a.index};
  if (!k.leading.empty()) k.leading.pop_back();
  return k;
}

// Appends racy pairs among `accesses` whose threads satisfy `distinct`.
template <class Distinct>
bool find_races_in(const std::vector<const ConcreteAccess*>& accesses, Distinct distinct,
                   const InterpretOptions& o, std::vector<ConcreteRace>& out) {
  std::map<RowKey, std::vector<const ConcreteAccess*>> by_row;
  for (const auto* a : accesses) by_row[row_of(*a)].push_back(a);
  for (const auto& [row, list] : by_row) {
    for (std::size_t i = 0; i < list.size(); ++i)
      for (std::size_t j = i + 1; j < list.size(); ++j)
        if (same_location(*list[i], *list[j]) && distinct(*list[i], *list[j]) &&
            conflict(*list[i], *list[j], o.benign_writes_race)) {
          out.push_back({*list[i], *list[j]});
          if (o.stop_at_first_race) return true;
        }
  }
  return false;
}

}  // namespace

ConcreteResult interpret(const Kernel& k, const ConcreteConfig& cfg, const InterpretOptions& o) {
  ConcreteResult result;
  std::int64_t threads_per_block = cfg.block_dim[0] * cfg.block_dim[1] * cfg.block_dim[2];
  std::int64_t blocks = cfg.grid_dim[0] * cfg.grid_dim[1] * cfg.grid_dim[2];

  std::vector<std::vector<ThreadRun>> runs(static_cast<std::size_t>(blocks));
  for (std::int64_t b = 0; b < blocks; ++b) {
    for (std::int64_t t = 0; t < threads_per_block; ++t) {
      std::int64_t global = b * threads_per_block + t;
      ThreadInterpreter ti(k, cfg, global, b, unlinearize(t, cfg.block_dim),
                           unlinearize(b, cfg.grid_dim));
      if (!ti.preconditions_hold()) {
        result.preconditions_hold = false;
        return result;
      }
      runs[static_cast<std::size_t>(b)].push_back(ti.run());
    }
  }

  // Barrier divergence: every thread of a block meets the same barriers.
  for (std::int64_t b = 0; b < blocks; ++b) {
    const auto& rs = runs[static_cast<std::size_t>(b)];
    for (std::size_t t = 1; t < rs.size(); ++t) {
      if (rs[t].barriers != rs[0].barriers) {
        result.divergent = true;
        result.divergence = "threads 0 and " + std::to_string(t) + " of block " + std::to_string(b) +
                            " meet different barriers";
        return result;
      }
      // Warp barriers: the threads of one group meet the same ones.
      std::set<int> widths;
      for (std::size_t u = 0; u < rs.size(); ++u)
        for (const auto& wb : rs[u].warp_barriers) widths.insert(wb.first);
      for (int width : widths) {
        std::size_t first = t - t % static_cast<std::size_t>(width);
        auto of = [&](const ThreadRun& r) {
          auto it = r.warp_barriers.find(width);
          return it == r.warp_barriers.end() ? std::vector<const Sync*>{} : it->second;
        };
        if (of(rs[first]) != of(rs[t])) {
          result.divergent = true;
          result.divergence = "threads " + std::to_string(first) + " and " + std::to_string(t) + " of block " +
                              std::to_string(b) + " meet different warp barriers";
          return result;
        }
      }
    }
  }
  // Grid barrier divergence: every block meets the same grid barriers.
  for (std::int64_t b = 1; b < blocks; ++b) {
    const auto& first = runs[0], &other = runs[static_cast<std::size_t>(b)];
    if (!first.empty() && !other.empty() && first[0].grid_barriers != other[0].grid_barriers) {
      result.divergent = true;
      result.divergence = "blocks 0 and " + std::to_string(b) + " meet different grid barriers";
      return result;
    }
  }

  // Phases: the union of every thread's k-th segment.
  std::vector<const ConcreteAccess*> global_accesses;
  for (std::int64_t b = 0; b < blocks; ++b) {
    auto& rs = runs[static_cast<std::size_t>(b)];
    std::size_t phases = rs.empty() ? 1 : rs[0].segments.size();
    std::vector<Phase> hist(phases);
    for (auto& r : rs)
      for (std::size_t p = 0; p < phases; ++p)
        for (auto& a : r.segments[p]) hist[p].push_back(a);
    result.blocks.push_back(std::move(hist));
  }
  // Within a block, accesses race when no barrier ordering their memory
  // separates them: the same epoch (ConcreteAccess::epoch). With barriers
  // that order everything, an epoch is a phase. Every array is in one space,
  // so grouping by epoch within the array's rows (find_races_in) suffices.
  // Lock-step warps: threads of one warp race only in one dynamic
  // instruction (the same site in the same iterations), both writing.
  // Warp barriers: threads of one group of N are ordered by the barriers
  // `sync warp N` between their accesses.
  auto warp_ordered = [&](const ConcreteAccess& x, const ConcreteAccess& y) {
    std::int64_t lx = x.thread - x.block * threads_per_block, ly = y.thread - y.block * threads_per_block;
    auto count = [](const ConcreteAccess& a, int width) {
      auto it = a.warp_epochs.find(width);
      return it == a.warp_epochs.end() ? std::int64_t{0} : it->second;
    };
    for (const auto* a : {&x, &y})
      for (const auto& [width, n] : a->warp_epochs)
        if (lx / width == ly / width && count(x, width) != count(y, width)) return true;
    return false;
  };
  auto same_block_distinct = [&](const ConcreteAccess& x, const ConcreteAccess& y) {
    if (x.thread == y.thread || warp_ordered(x, y)) return false;
    if (o.warp_size <= 0) return true;
    std::int64_t wx = (x.thread - x.block * threads_per_block) / o.warp_size;
    std::int64_t wy = (y.thread - y.block * threads_per_block) / o.warp_size;
    return wx != wy || (x.site == y.site && x.iterations == y.iterations && x.mode == AccessMode::Write &&
                        y.mode == AccessMode::Write);
  };
  for (const auto& hist : result.blocks) {
    std::map<std::int64_t, std::vector<const ConcreteAccess*>> by_epoch;
    for (const auto& phase : hist)
      for (const auto& a : phase) {
        by_epoch[a.epoch].push_back(&a);
        const ArrayDecl* d = k.find_array(a.array);
        if (d && d->space == MemorySpace::Global) global_accesses.push_back(&a);
      }
    for (const auto& [epoch, ptrs] : by_epoch)
      if (find_races_in(ptrs, same_block_distinct, o, result.races)) return result;
  }
  // Global memory: threads of different blocks synchronize only at grid barriers.
  auto other_block = [](const ConcreteAccess& x, const ConcreteAccess& y) { return x.block != y.block; };
  std::map<std::int64_t, std::vector<const ConcreteAccess*>> by_grid_epoch;
  for (const auto* a : global_accesses) by_grid_epoch[a->grid_epoch].push_back(a);
  for (const auto& [epoch, ptrs] : by_grid_epoch)
    if (find_races_in(ptrs, other_block, o, result.races)) return result;
  return result;
}

}  // namespace racecert::protocol
