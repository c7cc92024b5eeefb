#include "tests/support/random_protocol.hpp"

namespace racecert::testkit {

using namespace protocol;

namespace {

class Generator {
 public:
  Generator(std::mt19937& rng, const RandomProtocolOptions& o) : rng_(rng), o_(o) {}

  Kernel run() {
    Kernel k;
    k.name = "random";
    dims_ = o_.two_dims && chance(0.2) ? 2 : 1;
    MemorySpace space =
        o_.global_arrays && chance(o_.sync_scopes ? 0.5 : 0.3) ? MemorySpace::Global : MemorySpace::Shared;
    k.arrays.push_back(ArrayDecl{"A", space, dims_, 0, {}});
    global_ = space == MemorySpace::Global;
    k.vars.push_back(VarDecl{"N", Uniformity::Grid, {}, std::nullopt});
    k.vars.push_back(VarDecl{"M", Uniformity::Grid, {}, std::nullopt});
    has_v_ = o_.thread_unknowns && chance(0.3);
    if (has_v_) k.vars.push_back(VarDecl{"v", Uniformity::Thread, {}, std::nullopt});
    has_ticket_ = o_.tickets;
    if (has_ticket_) {
      MemorySpace counter = chance(0.5) ? MemorySpace::Shared : MemorySpace::Global;
      k.vars.push_back(VarDecl{"t", Uniformity::Thread, {}, TicketCounter{counter, "c", {}}});
    }
    views_ = o_.byte_views && chance(0.25);
    if (views_) k.arrays[0].element_bytes = 4;
    k.body = block(0, true, {}, {});
    if (!has_access(k.body)) k.body.push_back(access({}, {}));
    return k;
  }

 private:
  std::mt19937& rng_;
  const RandomProtocolOptions& o_;
  int dims_ = 1;
  bool has_v_ = false;
  bool has_ticket_ = false;
  bool global_ = false;
  bool warp_only_ = false;  // under a condition the same in each group of 2: warp barriers only
  bool views_ = false;  // the array has an element size, so accesses may have byte views
  int next_var_ = 0;
  int next_site_ = 1;

  bool chance(double p) { return std::uniform_real_distribution<double>(0, 1)(rng_) < p; }
  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }
  template <class T>
  const T& one_of(const std::vector<T>& v) { return v[static_cast<std::size_t>(pick(static_cast<int>(v.size())))]; }

  static bool has_access(const Block& b) { return contains_access(b); }

  Expr tid() { return var("threadIdx.x"); }
  Expr lit(int v) { return int_lit(v); }

  // Integer terms over the variables in scope: `uniform` are loop variables
  // bound by synchronized loops, `local` by unsynchronized ones.
  Expr term(const std::vector<std::string>& uniform, const std::vector<std::string>& local) {
    std::vector<Expr> atoms = {tid(), lit(pick(3)), var("N")};
    for (const auto& u : uniform) atoms.push_back(var(u));
    for (const auto& l : local) atoms.push_back(var(l));
    if (has_v_) atoms.push_back(var("v"));
    if (has_ticket_) {  // mostly the ticket alone: the index a ticket slot is
      atoms.push_back(var("t"));
      if (chance(0.4)) return chance(0.8) ? var("t") : var("t") + lit(1);
    }
    Expr a = one_of(atoms), b = one_of(atoms);
    if (o_.wraps && chance(0.3)) {
      switch (pick(4)) {
        case 0: return wrap(a - b, 8, false);
        case 1: return wrap(a * lit(128), 8, false);
        case 2: return wrap(a * lit(64), 8, true);
        default: return wrap(a + b, 8, true);
      }
    }
    if (o_.hard_arithmetic && chance(0.5)) {
      Expr c = one_of(atoms);
      switch (pick(6)) {
        case 0: return binary(BinOp::BitXor, a, b);
        case 1: return binary(BinOp::Shl, a, binary(BinOp::BitAnd, b, lit(1)));
        case 2: return binary(BinOp::Mod, a, var("N") + lit(1));
        case 3: return binary(BinOp::Div, a, var("N") + lit(1));
        case 4: return a * b + c;
        default: return a * b + c * b;
      }
    }
    switch (pick(12)) {
      case 0: return a;
      case 1: return a + b;
      case 2: return a + lit(pick(3) - 1);
      case 3: return a * lit(2);
      case 4: return binary(BinOp::Div, a, lit(2));
      case 5: return binary(BinOp::Mod, a + b, lit(2));
      case 6: return a - b;
      case 7: return binary(BinOp::Min, a, b);
      case 8: return binary(BinOp::BitXor, a, lit(1));
      case 9: return binary(BinOp::BitAnd, a, lit(1));
      case 10: return var("blockIdx.x") * var("blockDim.x") + tid();
      default: return binary(BinOp::Shr, a + b, lit(1));
    }
  }

  Expr uniform_cond(const std::vector<std::string>& uniform, bool kernel_level_only) {
    std::vector<Expr> atoms = {var("N"), var("M"), lit(pick(3))};
    if (!kernel_level_only)
      for (const auto& u : uniform) atoms.push_back(var(u));
    Expr a = one_of(atoms), b = one_of(atoms);
    static const std::vector<BinOp> ops = {BinOp::Lt, BinOp::Le, BinOp::Eq, BinOp::Ne, BinOp::Gt};
    return binary(one_of(ops), a, b);
  }

  Expr thread_cond(const std::vector<std::string>& uniform, const std::vector<std::string>& local) {
    Expr a = tid(), b = term(uniform, local);
    static const std::vector<BinOp> ops = {BinOp::Lt, BinOp::Le, BinOp::Eq, BinOp::Ne};
    return binary(one_of(ops), a, b);
  }

  Stmt access(const std::vector<std::string>& uniform, const std::vector<std::string>& local) {
    Access a;
    a.array = "A";
    for (int d = 0; d < dims_; ++d) a.index.push_back(term(uniform, local));
    // Grid barriers matter where blocks touch different cells and their
    // neighbours' (global arrays race across blocks on one tid).
    // Likewise warp barriers where threads touch their partner's cell.
    if (o_.sync_scopes && global_ && dims_ == 1 && chance(0.5))
      a.index = {var("blockIdx.x") * var("blockDim.x") + tid() + lit(pick(2))};
    else if (o_.sync_scopes && !global_ && dims_ == 1 && chance(0.5))
      a.index = {chance(0.5) ? tid() : binary(BinOp::BitXor, tid(), lit(1))};
    if (views_ && chance(0.5)) {
      // Narrower, wider, unaligned (unit != width) and element-sized views of 4-byte elements.
      static const std::vector<AccessView> views = {{1, 1}, {1, 4}, {2, 2}, {2, 4}, {4, 4},
                                                    {8, 8}, {16, 16}, {4, 8}, {8, 4}};
      a.view = one_of(views);
    }
    int m = pick(10);
    a.mode = m < 5 ? AccessMode::Read : (m < 9 ? AccessMode::Write : AccessMode::Atomic);
    if (a.mode == AccessMode::Atomic && o_.block_atomics && chance(0.5)) a.mode = AccessMode::AtomicBlock;
    if (a.mode == AccessMode::Write && o_.benign_values && chance(0.4))
      a.value = chance(0.5) ? lit(pick(2)) : binary(BinOp::Mod, tid(), lit(2));
    a.loc = SourceLoc{"random", next_site_++, 1};
    a.loc_explicit = true;
    return Stmt{std::move(a)};
  }

  std::string fresh(const char* base) { return std::string(base) + std::to_string(next_var_++); }

  // A loop with an exact domain: additive with a constant step, or a
  // multiplying/halving loop with factor 2.
  Loop loop_header(const std::vector<std::string>& uniform, bool thread_bounds) {
    Loop l;
    l.var = fresh(thread_bounds ? "y" : "x");
    l.update = LoopUpdate::Add;
    l.step = lit(1);
    l.cond = BinOp::Lt;
    if (thread_bounds) {
      l.init = chance(0.5) ? tid() : lit(0);
      l.bound = chance(0.5) ? lit(2) : tid() + lit(1);
      return l;
    }
    Expr outer = uniform.empty() ? lit(1) : var(uniform.back()) + lit(1);
    switch (pick(6)) {
      case 0: l.init = lit(0); l.bound = var("N"); break;
      case 1: l.init = lit(1); l.bound = var("N") + lit(1); break;
      case 2: l.init = lit(0); l.bound = lit(3); l.step = lit(2); break;
      case 3: l.init = var("N"); l.cond = BinOp::Gt; l.bound = lit(0); l.update = LoopUpdate::Div; l.step = lit(2); break;
      case 4: l.init = lit(1); l.bound = var("N") + lit(2); l.update = LoopUpdate::Mul; l.step = lit(2); break;
      default: l.init = lit(0); l.bound = outer; break;  // runs at least once
    }
    return l;
  }

  Block block(int depth, bool uniform_ctx, std::vector<std::string> uniform, std::vector<std::string> local) {
    Block out;
    int n = 1 + pick(o_.max_block);
    for (int i = 0; i < n; ++i) {
      int r = pick(10);
      bool deeper = depth < o_.max_depth;
      if (r < 5 || !deeper) {
        // With barrier scopes, barriers twice as often: there are three kinds.
        if (uniform_ctx && (r == 4 || (o_.sync_scopes && r == 3))) {
          Sync y;
          if (o_.barrier_fences && chance(0.2)) {
            int f = pick(3);  // shared only, global only, or nothing
            y.orders_shared = f == 0;
            y.orders_global = f == 1;
          }
          if (o_.sync_scopes) {  // uniform_ctx is grid-uniform, unless warp_only_: then only warp barriers
            int kind = warp_only_ ? 2 : pick(3);
            if (kind == 1) y.scope = SyncScope::Grid;
            if (kind == 2) {
              y.scope = SyncScope::Warp;
              y.width = 2;
            }
          }
          out.push_back(Stmt{y});
        } else {
          out.push_back(access(uniform, local));
        }
      } else if (r == 5 || r == 6) {
        If c;
        // A conditional holding barriers tests only kernel parameters, so
        // that every loop body around it meets them in all iterations or none.
        bool sync_inside = uniform_ctx && chance(0.5);
        c.cond = sync_inside ? uniform_cond(uniform, true)
                             : (chance(0.5) ? thread_cond(uniform, local) : uniform_cond(uniform, false));
        // With barrier scopes, sometimes a thread-dependent condition that
        // is the same in each group of 2 threads, holding warp barriers only
        // (`if (tid < 32) { ... __syncwarp(); }`).
        bool group_cond = sync_inside && o_.sync_scopes && !warp_only_ && chance(0.6);
        if (group_cond) {
          std::vector<Expr> conds = {binary(BinOp::Lt, tid(), lit(2)), binary(BinOp::Lt, tid(), lit(2)),
                                     binary(BinOp::Eq, binary(BinOp::Div, tid(), lit(2)), binary(BinOp::Mod, var("N"), lit(2)))};
          c.cond = one_of(conds);
        }
        bool outer_warp_only = warp_only_;
        warp_only_ = warp_only_ || group_cond;
        c.then_body = block(depth + 1, sync_inside, uniform, local);
        if (group_cond) {  // an access, then a warp barrier, then the rest: the barrier has work to order
          Sync y;
          y.scope = SyncScope::Warp;
          y.width = 2;
          c.then_body.insert(c.then_body.begin(), {access(uniform, local), Stmt{y}});
        }
        if (chance(0.4)) c.else_body = block(depth + 1, sync_inside, uniform, local);
        warp_only_ = outer_warp_only;
        out.push_back(Stmt{std::move(c)});
      } else {
        bool thread_bounds = !uniform_ctx || chance(0.3);
        Loop l = loop_header(uniform, thread_bounds);
        auto u = uniform;
        auto lo = local;
        if (thread_bounds) {
          lo.push_back(l.var);
          l.body = block(depth + 1, false, uniform, lo);
        } else {
          u.push_back(l.var);
          l.body = block(depth + 1, true, u, local);
        }
        out.push_back(Stmt{std::move(l)});
      }
    }
    return out;
  }
};

}  // namespace

Kernel random_protocol(std::mt19937& rng, const RandomProtocolOptions& o) { return Generator(rng, o).run(); }

std::vector<Expr> bound_assumptions(const Kernel& k, const SmallBounds& b) {
  auto between = [](Expr x, int lo, int hi) {
    return conj(binary(BinOp::Ge, x, int_lit(lo)), binary(BinOp::Le, x, int_lit(hi)));
  };
  std::vector<Expr> out = {
      between(var("blockDim.x"), 1, b.max_block_dim), binary(BinOp::Eq, var("blockDim.y"), int_lit(1)),
      binary(BinOp::Eq, var("blockDim.z"), int_lit(1)), between(var("gridDim.x"), 1, b.max_grid_dim),
      binary(BinOp::Eq, var("gridDim.y"), int_lit(1)), binary(BinOp::Eq, var("gridDim.z"), int_lit(1))};
  for (const auto& v : k.vars) {
    if (v.ticket) {
      Expr threads = v.ticket->space == MemorySpace::Shared ? var("blockDim.x") : var("blockDim.x") * var("gridDim.x");
      out.push_back(conj(binary(BinOp::Ge, var(v.name), int_lit(0)), binary(BinOp::Lt, var(v.name), threads)));
    } else if (v.kind == Uniformity::Thread) {
      out.push_back(between(var(v.name), 0, 1));
    } else {
      out.push_back(between(var(v.name), 0, b.max_param));
    }
  }
  return out;
}

bool any_small_config(const protocol::Kernel& k, const SmallBounds& b, std::int64_t max_threads,
                      const std::function<bool(const protocol::ConcreteConfig&)>& each) {
  bool has_v = false;
  for (const auto& v : k.vars) has_v = has_v || v.name == "v";
  for (std::int64_t threads = 1; threads <= max_threads; ++threads)
    for (std::int64_t blocks = 1; blocks <= b.max_grid_dim; ++blocks)
      for (std::int64_t n = 0; n <= b.max_param; ++n)
        for (std::int64_t m = 0; m <= b.max_param; ++m) {
          std::int64_t all = threads * blocks;
          for (std::int64_t bits = 0; bits < (has_v ? (std::int64_t{1} << all) : 1); ++bits) {
            protocol::ConcreteConfig c;
            c.block_dim = {threads, 1, 1};
            c.grid_dim = {blocks, 1, 1};
            c.uniform = {{"N", n}, {"M", m}};
            if (has_v)
              for (std::int64_t t = 0; t < all; ++t) c.per_thread["v"].push_back((bits >> t) & 1);
            if (each(c)) return true;
          }
        }
  return false;
}

}  // namespace racecert::testkit
