#include "transform/wellformed.hpp"

#include <algorithm>
#include <memory>
#include <unordered_set>

#include "protocol/block_ops.hpp"
#include "protocol/loop_domain.hpp"
#include "protocol/printer.hpp"
#include "support/overloaded.hpp"

namespace racecert::transform {

using namespace protocol;

namespace {

// The thread-dependent conditions on a path, innermost first, each level
// sharing the list of the levels around it: a context is copied into each
// nested conditional, and copying a vector of them made n nested
// thread-dependent conditionals (n early returns) cost n^2 in time and
// memory (issue 18).
struct PathConditions {
  Expr cond;
  std::shared_ptr<const PathConditions> outer;
};

// Outermost first, as a warp synchronization records them.
std::vector<Expr> outermost_first(const std::shared_ptr<const PathConditions>& innermost) {
  std::vector<Expr> out;
  for (const PathConditions* c = innermost.get(); c; c = c->outer.get()) out.push_back(c->cond);
  std::reverse(out.begin(), out.end());
  return out;
}

// The context a statement runs in: how thread-dependent its control is, and
// what made it so (for divergence messages).
struct Context {
  Uniformity control = Uniformity::Grid;
  SourceLoc cause;
  std::string cause_text;
  bool unsynchronized = false;  // inside an unsynchronized loop
  std::shared_ptr<const PathConditions> thread_conditions;  // on the path, innermost first
  bool thread_loop = false;  // inside a loop with thread-dependent bounds
};

class WellFormer {
 public:
  explicit WellFormer(const Kernel& k) {
    taken_.reserve(k.vars.size() + k.arrays.size() + 16);
    for (const auto& v : builtin_vars()) declare_global(v.name, v.kind);
    for (const auto& v : k.vars) {
      declare_global(v.name, v.kind);
      if (v.ticket) tickets_[v.name] = *v.ticket;
    }
    for (const auto& a : k.arrays) taken_.insert(a.name);
  }

  WellFormed run(Kernel k) {
    WellFormed out;
    out.kernel = without_body(k);
    out.kernel.body = block(std::move(k.body), Context{}, {});
    for (const auto& v : out.kernel.vars)
      if (level_of(v.name, levels_) != Uniformity::Thread) out.shared_vars.push_back(v.name);
    out.levels = std::move(levels_);
    out.source_name = std::move(source_name_);
    out.tickets = std::move(tickets_);
    out.divergences = std::move(divergences_);
    out.thread_controlled_warp_syncs = std::move(warp_syncs_);
    return out;
  }

 private:
  // Sparse, as WellFormed::levels: only the names not per thread.
  UniformityLevels levels_;
  // Conditions and loop bounds share sub-terms with those before them
  // (support/uniformity.hpp).
  LevelMemo level_{levels_};
  std::map<std::string, std::string> source_name_;  // the renamed names only
  std::map<std::string, TicketCounter> tickets_;
  std::unordered_set<std::string> taken_;
  std::vector<Divergence> divergences_;
  std::vector<ThreadControlledWarpSync> warp_syncs_;
  // The barriers block() has met so far (a Bind's counted whole): a
  // conditional holds one when the count grew while its branches were
  // formed. contains_sync on each conditional's branches walked an n-deep
  // nest n times (issue 18).
  std::size_t syncs_met_ = 0;

  // A kernel of 50,000 statements has 100,000 per-thread locals (the
  // front end's temporaries): recording each one's level and its name as
  // its own source name, in this pass and again in each array's views, was
  // a tenth of its check (issue 18). So levels_ and source_name_ hold only
  // what differs from the default: a level not per thread, a renamed name.
  void set_level(const std::string& n, Uniformity l) {
    if (l != Uniformity::Thread) levels_[n] = l;
  }

  void declare_global(const std::string& n, Uniformity l) {
    set_level(n, l);
    taken_.insert(n);
  }

  std::string fresh(const std::string& n) {
    std::string name = n;
    for (int i = 1; taken_.count(name); ++i) name = n + "#" + std::to_string(i);
    taken_.insert(name);
    if (name != n) source_name_[name] = n;
    return name;
  }

  // Binds `name` to its fresh name `n` in `ren`. Where the name was free
  // (n == name) no binder before had it, so `ren` holds no entry for it and
  // needs none: a map of identities made substitute() rebuild every
  // expression in scope, a guard chain n deep at each of n breaks in a loop
  // body (n^2 nodes, issue 18).
  static void rename(Substitution& ren, const std::string& name, const std::string& n) {
    if (n != name) ren[name] = var(n);
  }

  // What a level's values vary with, for divergence messages.
  static const char* varies_with(Uniformity l) { return l == Uniformity::Thread ? "thread" : "block"; }

  static Uniformity binder_level(Uniformity own, const Context& c) {
    Uniformity l = std::max(own, c.control);
    return c.unsynchronized ? Uniformity::Thread : l;
  }

  // `ren` is by value: a Decl renames for the rest of this block only. The
  // block is consumed: its statements move into the result (issue 18: a
  // copy of each access was 3 % of the check of a 50,000-statement kernel).
  Block block(Block b, Context ctx, Substitution ren) {
    Block out;
    out.reserve(b.size());  // one statement for each (issue 18: no slack)
    auto form = Overloaded{
        [&](Access& a) {
          for (auto& i : a.index) i = substitute(i, ren);
          if (a.value) a.value = substitute(a.value, ren);
          out.push_back(Stmt{std::move(a)});
        },
        [&](Sync& y) {
          switch (y.scope) {
            case SyncScope::Block:
              if (ctx.control == Uniformity::Thread)
                divergences_.push_back({y.loc, ctx.cause,
                                        "barrier is not reached by every thread of the block: " + ctx.cause_text});
              break;
            case SyncScope::Grid:
              // Every thread of the grid must reach it: control that depends
              // on the block diverges too.
              if (ctx.control != Uniformity::Grid)
                divergences_.push_back({y.loc, ctx.cause,
                                        "grid barrier is not reached by every thread of the grid: " +
                                            ctx.cause_text});
              break;
            case SyncScope::Warp:
              // Only group-uniform control is legal, which levels cannot
              // say: recorded for a check by the solver
              // (transform/sync_views.hpp).
              if (ctx.control == Uniformity::Thread)
                warp_syncs_.push_back({y.loc, y.width, outermost_first(ctx.thread_conditions), ctx.thread_loop});
              break;
          }
          ++syncs_met_;
          out.push_back(Stmt{std::move(y)});
        },
        [&](If& i) { out.push_back(Stmt{conditional(std::move(i), ctx, ren)}); },
        [&](Loop& l) { out.push_back(loop(std::move(l), ctx, ren)); },
        [&](Decl& d) {
          std::string n = fresh(d.name);
          set_level(n, binder_level(d.kind, ctx));
          if (d.ticket) tickets_[n] = *d.ticket;
          rename(ren, d.name, n);
          d.name = n;
          out.push_back(Stmt{std::move(d)});
        },
        [&](Bind& bd) {  // not produced by the parser: kept as is
          if (contains_sync(bd.body)) ++syncs_met_;
          out.push_back(Stmt{std::move(bd)});
        }};
    for (auto& s : b) std::visit(form, s.node);
    return out;
  }

  If conditional(If in, const Context& ctx, const Substitution& ren) {
    If i = without_blocks(in);
    i.cond = substitute(i.cond, ren);
    Context inner = ctx;
    Uniformity l = level_(i.cond);
    if (l == Uniformity::Thread)
      inner.thread_conditions = std::make_shared<const PathConditions>(PathConditions{i.cond, ctx.thread_conditions});
    if (l > inner.control) {
      inner.control = l;
      inner.cause = i.loc;
      inner.cause_text = "the condition '" + to_string(in.cond) + "' at " + i.loc.str() + " depends on the " +
                         varies_with(l);
    }
    std::size_t syncs_before = syncs_met_;
    i.then_body = block(std::move(in.then_body), inner, ren);
    i.else_body = block(std::move(in.else_body), inner, ren);
    i.tag = syncs_met_ != syncs_before ? SyncTag::Sync : SyncTag::Unsync;
    return i;
  }

  Stmt loop(Loop in, const Context& ctx, Substitution ren) {
    Loop l = without_blocks(in);
    l.init = substitute(l.init, ren);
    l.bound = substitute(l.bound, ren);
    l.step = substitute(l.step, ren);
    bool sync = contains_sync(in.body);
    l.tag = sync ? SyncTag::Sync : SyncTag::Unsync;
    Uniformity bounds = std::max({level_(l.init), level_(l.bound), level_(l.step)});
    Context inner = ctx;
    if (bounds > inner.control) {
      inner.control = bounds;
      inner.cause = l.loc;
      inner.cause_text = "the bounds of the loop at " + l.loc.str() + " depend on the " + varies_with(bounds);
    }
    if (!sync) inner.unsynchronized = true;
    if (bounds == Uniformity::Thread) inner.thread_loop = true;
    std::string n = fresh(l.var);
    set_level(n, binder_level(bounds, ctx));
    rename(ren, l.var, n);
    l.var = n;
    l.body = block(std::move(in.body), inner, ren);
    if (!sync) return Stmt{std::move(l)};
    // A synchronized loop that may not run: split on whether it runs.
    Expr runs = loop_non_empty(l);
    if (is_true(runs)) return Stmt{std::move(l)};
    If guard;
    guard.cond = runs;
    guard.tag = SyncTag::Sync;
    guard.loc = l.loc;
    guard.then_body.push_back(Stmt{std::move(l)});
    return Stmt{std::move(guard)};
  }
};

}  // namespace

WellFormed make_well_formed(Kernel k) {
  WellFormer former(k);
  return former.run(std::move(k));
}

std::string print(const WellFormed& w) {
  PrintOptions o;
  o.show_tags = true;
  std::string out = print(w.kernel, o);
  for (const auto& d : w.divergences) out += "// divergence: " + d.barrier.str() + ": " + d.message + "\n";
  return out;
}

}  // namespace racecert::transform
