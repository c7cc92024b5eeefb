#include "inference/infer.hpp"

#include "inference/derived_induction.hpp"
#include "inference/environment.hpp"
#include "inference/finite_states.hpp"
#include "inference/phase_reads.hpp"
#include "inference/tickets.hpp"
#include "kernel_ir/live_ranges.hpp"

#include <algorithm>
#include <functional>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "kernel_ir/jump_elimination.hpp"
#include "kernel_ir/uniformity_analysis.hpp"
#include "protocol/block_ops.hpp"
#include "protocol/loop_domain.hpp"
#include "support/expr_memo.hpp"
#include "support/overloaded.hpp"

namespace racecert::inference {

using namespace racecert::expr;
namespace P = racecert::protocol;

namespace {

bool is_builtin(const std::string& n) {
  for (const char* b : {"threadIdx.", "blockIdx.", "blockDim.", "gridDim."})
    if (n.rfind(b, 0) == 0) return true;
  return false;
}

// An induction variable: `i REL bound` tested, `i = i OP step` updated
// once, bound and step invariant.
struct Induction {
  std::string var;
  BinOp cond = BinOp::Lt;
  Expr bound;
  P::LoopUpdate update = P::LoopUpdate::Add;
  Expr step;
  bool update_in_body = false;  // a while loop: the update is the body's last statement
  Expr guard;                   // the rest of the condition (break flags), tested each iteration
};

std::optional<Induction> induction_on(const kir::Loop& l);

// Splits `a && b && ...` into its conjuncts.
void conjuncts(const Expr& e, std::vector<Expr>& out) {
  if (e->kind == ExprNode::Kind::Binary && e->binop == BinOp::And) {
    conjuncts(e->a, out);
    conjuncts(e->b, out);
  } else {
    out.push_back(e);
  }
}

std::optional<Induction> induction(const kir::Loop& l) {
  if (!l.cond) return std::nullopt;
  // A loop that may break tests `!broke && i < n`: the comparison is the
  // induction test, the rest guards each iteration.
  std::vector<Expr> parts;
  conjuncts(l.cond, parts);
  for (std::size_t k = 0; k < parts.size(); ++k) {
    const Expr& c = parts[k];
    if (c->kind != ExprNode::Kind::Binary || !is_comparison(c->binop)) continue;
    kir::Loop single = l;
    single.cond = c;
    if (auto ind = induction_on(single)) {
      std::vector<Expr> rest;
      for (std::size_t j = 0; j < parts.size(); ++j)
        if (j != k) rest.push_back(parts[j]);
      ind->guard = rest.empty() ? nullptr : conj(rest);
      return ind;
    }
  }
  return std::nullopt;
}

std::optional<Induction> induction_on(const kir::Loop& l) {
  if (!l.cond || l.cond->kind != ExprNode::Kind::Binary || !is_comparison(l.cond->binop)) return std::nullopt;
  std::set<std::string> assigned;
  kir::assigned_variables(l.body, assigned);
  kir::assigned_variables(l.update, assigned);
  // Where the update is: the update block, or the last statement of a while body.
  const kir::Assign* upd = nullptr;
  bool in_body = false;
  // A loop that breaks updates under `!broke` (eliminate_jumps): when that
  // fails the loop is over anyway, so the update is still the induction step.
  const kir::Block* update = &l.update;
  if (l.update.size() == 1 && l.update[0].is<kir::If>() && l.update[0].as<kir::If>().else_body.empty())
    update = &l.update[0].as<kir::If>().then_body;
  // `for (...; ...; i++, j += n)`: an update of several assignments (no
  // memory access can hide in one) whose induction step is the one that
  // assigns a variable of the condition; the others are carried values
  // (maybe derived: inference/derived_induction.hpp).
  std::set<std::string> tested = free_vars(l.cond);
  bool only_assignments = !update->empty();
  for (const auto& s : *update) only_assignments = only_assignments && s.is<kir::Assign>();
  if (only_assignments) {
    for (const auto& s : *update)
      if (tested.count(s.as<kir::Assign>().var)) {
        if (upd) return std::nullopt;  // two candidates: not a simple induction
        upd = &s.as<kir::Assign>();
      }
  } else if (l.update.empty() && !l.body.empty() && l.body.back().is<kir::Assign>()) {
    upd = &l.body.back().as<kir::Assign>();
    in_body = true;
  }
  if (!upd || !upd->value) return std::nullopt;
  const std::string& i = upd->var;
  if (count_assignments(l.body, i) + count_assignments(l.update, i) != 1) return std::nullopt;
  const Expr& v = upd->value;
  if (v->kind != ExprNode::Kind::Binary) return std::nullopt;
  Induction ind;
  ind.var = i;
  ind.update_in_body = in_body;
  bool var_left = v->a->kind == ExprNode::Kind::Var && v->a->name == i;
  bool var_right = v->b->kind == ExprNode::Kind::Var && v->b->name == i;
  Expr step;
  switch (v->binop) {
    case BinOp::Add:
      if (!var_left && !var_right) return std::nullopt;
      step = var_left ? v->b : v->a;
      ind.update = P::LoopUpdate::Add;
      if (auto c = as_int(step); c && *c < 0) {
        ind.update = P::LoopUpdate::Sub;
        step = int_lit(-*c);
      }
      break;
    case BinOp::Sub:
      if (!var_left) return std::nullopt;
      step = v->b;
      ind.update = P::LoopUpdate::Sub;
      if (auto c = as_int(step); c && *c < 0) {
        ind.update = P::LoopUpdate::Add;
        step = int_lit(-*c);
      }
      break;
    case BinOp::Mul:
      if (!var_left && !var_right) return std::nullopt;
      step = var_left ? v->b : v->a;
      ind.update = P::LoopUpdate::Mul;
      break;
    case BinOp::Div: if (!var_left) return std::nullopt; step = v->b; ind.update = P::LoopUpdate::Div; break;
    case BinOp::Shl: if (!var_left) return std::nullopt; step = v->b; ind.update = P::LoopUpdate::Shl; break;
    case BinOp::Shr: if (!var_left) return std::nullopt; step = v->b; ind.update = P::LoopUpdate::Shr; break;
    default: return std::nullopt;
  }
  if (mentions(step, assigned)) return std::nullopt;
  ind.step = step;
  // The condition: i REL bound, or bound REL i; or i plus a constant
  // (`i + 1 < n`, as a stencil's loop tests), which is i REL bound minus
  // it (integers are mathematical here; the test's wrap was dropped under
  // the loop-counter assumption, kernel_ir/integer_ranges.cpp).
  const Expr& c = l.cond;
  auto is_i = [&](const Expr& e) { return e->kind == ExprNode::Kind::Var && e->name == i; };
  Expr lhs = c->a, rhs = c->b;
  auto move_constant = [&](Expr& side, Expr& other) {
    if (is_i(side) || side->kind != ExprNode::Kind::Binary) return;
    const Expr& a = side->a;
    const Expr& b = side->b;
    if (side->binop == BinOp::Add && is_i(a) && as_int(b)) {
      other = expr::binary(BinOp::Sub, other, b);
      side = a;
    } else if (side->binop == BinOp::Add && is_i(b) && as_int(a)) {
      other = expr::binary(BinOp::Sub, other, a);
      side = b;
    } else if (side->binop == BinOp::Sub && is_i(a) && as_int(b)) {
      other = expr::binary(BinOp::Add, other, b);
      side = a;
    }
  };
  if (!is_i(rhs)) move_constant(lhs, rhs);
  if (!is_i(lhs)) move_constant(rhs, lhs);
  bool left = is_i(lhs);
  bool right = is_i(rhs);
  if (left == right) return std::nullopt;
  ind.bound = left ? rhs : lhs;
  if (mentions(ind.bound, assigned)) return std::nullopt;
  BinOp rel = c->binop;
  if (right) {
    switch (rel) {
      case BinOp::Lt: rel = BinOp::Gt; break;
      case BinOp::Le: rel = BinOp::Ge; break;
      case BinOp::Gt: rel = BinOp::Lt; break;
      case BinOp::Ge: rel = BinOp::Le; break;
      default: break;
    }
  }
  bool up = ind.update == P::LoopUpdate::Add || ind.update == P::LoopUpdate::Mul || ind.update == P::LoopUpdate::Shl;
  // i != bound: the loop stops when it reaches the bound (assumed reached).
  if (rel == BinOp::Ne) rel = up ? BinOp::Lt : BinOp::Gt;
  bool rel_up = rel == BinOp::Lt || rel == BinOp::Le;
  bool rel_down = rel == BinOp::Gt || rel == BinOp::Ge;
  if ((up && !rel_up) || (!up && !rel_down)) return std::nullopt;
  ind.cond = rel;
  return ind;
}

class Inferrer {
 public:
  Inferrer(const kir::Kernel& k, const InferOptions& o)
      : k_(kir::split_live_ranges(kir::eliminate_jumps(k))), levels_(kir::uniformity(k_, o.uniform_loads)),
        steering_(o.consistent_reads ? steering_variables(k_) : std::set<std::string>{}) {}

  Inference run() {
    P::Kernel& p = out_.protocol;
    p.name = k_.name;
    p.loc = k_.loc;
    env_.reserve(k_.locals.size());
    for (const auto& b : P::builtin_vars()) names_.insert(b.name);
    for (const auto& v : k_.parameters) {
      names_.insert(v.name);
      p.vars.push_back(P::VarDecl{v.name, Uniformity::Grid, v.loc, std::nullopt});
      if (v.type == kir::ScalarType::Unsigned)
        p.preconditions.push_back(expr::binary(BinOp::Ge, var(v.name), int_lit(0)));
    }
    for (const auto& a : k_.arrays) {
      names_.insert(a.name);
      if (a.space != kir::Space::Shared && a.space != kir::Space::Global) continue;
      P::ArrayDecl d;
      d.name = a.name;
      d.space = a.space == kir::Space::Shared ? P::MemorySpace::Shared : P::MemorySpace::Global;
      d.dims = -1;  // set from the first access
      d.loc = a.loc;
      p.arrays.push_back(d);
    }
    for (const auto& pre : k_.preconditions) {
      Expr e = translate(pre);
      if (e) p.preconditions.push_back(e);
    }
    // About one protocol statement per top-level statement of the kernel
    // (an access per load or store): reserved, the body does not grow by
    // doubling, whose last step held both buffers (the peak of a
    // 50,000-statement kernel; issue 18). infer_protocol trims the rest.
    p.body.reserve(k_.body.size());
    sinks_.push_back(&p.body);
    process(k_.body);
    sinks_.pop_back();
    for (auto& a : p.arrays)
      if (a.dims < 0) a.dims = 1;
    mark_tickets(p);
    drop_unused_unknowns(p);
    return std::move(out_);
  }

 private:
  kir::Kernel k_;
  UniformityLevels levels_;
  Inference out_;
  Environment env_;
  // Values this thread wrote in the current phase: array -> index -> value.
  std::map<std::string, std::map<std::string, Expr>> writes_;
  // What this thread read in the current phase (read consistency).
  PhaseReads reads_;
  std::set<std::string> steering_;  // the loads that get consistent values (phase_reads.hpp)
  std::vector<P::Block*> sinks_;
  std::vector<P::Block*> decl_scopes_;  // fresh unknowns of a loop body (innermost last)
  // Hashed, as fresh_names_: a 50,000-statement kernel makes some 100,000
  // unknowns; a tree's string comparisons cost 1 to 3 % of the instructions
  // of an 8,000-statement kernel's check (bench/perf/compare.py --instructions).
  std::unordered_set<std::string> names_;
  std::unordered_map<std::string, int> next_suffix_;  // per base, the last suffix fresh_name() tried
  // The unknowns fresh() made, each with whether an expression uses it
  // (drop_unused_unknowns). Apart from names_: each holds a counter that
  // no other has, so that fresh() need not record it there.
  std::unordered_map<std::string, bool> fresh_names_;
  int counter_ = 0;
  int depth_ = 0;        // conditionals and loops around the current statement
  TicketLedger tickets_;  // counters and the tickets drawn from them (inference/tickets.hpp)

  // The unknowns holding tickets of a counter that passes the rule become
  // ticket declarations.
  void mark_tickets(P::Kernel& p) {
    std::map<std::string, P::TicketCounter> found = tickets_.tickets();
    if (found.empty()) return;
    for (auto& v : p.vars)
      if (auto it = found.find(v.name); it != found.end()) v.ticket = it->second;
    std::function<void(P::Block&)> mark = [&](P::Block& b) {
      for (auto& s : b)
        std::visit(Overloaded{[&](P::Decl& d) {
                                if (auto it = found.find(d.name); it != found.end()) d.ticket = it->second;
                              },
                              [&](P::If& i) {
                                mark(i.then_body);
                                mark(i.else_body);
                              },
                              [&](P::Loop& l) { mark(l.body); }, [&](P::Bind& bd) { mark(bd.body); },
                              // Nothing nested:
                              [](P::Access&) {}, [](P::Sync&) {}},
                   s.node);
    };
    mark(p.body);
  }

  // Fresh unknowns are made eagerly (the value of a variable after a loop,
  // a temporary that only feeds floating point): those no expression uses
  // would only clutter --show protocol and the witnesses.
  void drop_unused_unknowns(P::Kernel& p) {
    expr::VarWalk walk;  // values share sub-terms: a DAG walk (support/expr_memo.hpp)
    auto collect = [&](const Expr& e) {
      walk(e, [&](const std::string& v) {
        if (auto it = fresh_names_.find(v); it != fresh_names_.end()) it->second = true;
      });
    };
    P::for_each_expr(p.body, collect);
    for (const auto& e : p.preconditions) collect(e);
    auto unused = [&](const std::string& n) {
      auto it = fresh_names_.find(n);
      return it != fresh_names_.end() && !it->second;
    };
    std::erase_if(p.vars, [&](const P::VarDecl& v) { return unused(v.name); });
    std::function<void(P::Block&)> prune = [&](P::Block& b) {
      std::erase_if(b, [&](const P::Stmt& s) { return s.is<P::Decl>() && unused(s.as<P::Decl>().name); });
      for (auto& s : b)
        std::visit(Overloaded{[&](P::If& i) {
                                prune(i.then_body);
                                prune(i.else_body);
                              },
                              [&](P::Loop& l) { prune(l.body); }, [&](P::Bind& bd) { prune(bd.body); },
                              // Nothing nested:
                              [](P::Access&) {}, [](P::Sync&) {}, [](P::Decl&) {}},
                   s.node);
    };
    prune(p.body);
  }

  void emit(P::Stmt s) { sinks_.back()->push_back(std::move(s)); }

  Uniformity level(const std::string& v) const { return level_of(v, levels_); }

  // A fresh unknown, declared where it is fresh: at the top of the
  // innermost loop body (a new value each iteration) or kernel-wide.
  Expr fresh(const std::string& base, Uniformity u) {
    std::string b = base.empty() ? "v" : base;
    std::string name;
    do {
      name = b + "$" + std::to_string(++counter_);
    } while (names_.count(name));
    fresh_names_.emplace(name, false);
    if (decl_scopes_.empty()) {
      out_.protocol.vars.push_back(P::VarDecl{name, (u), {}, std::nullopt});
    } else {
      decl_scopes_.back()->push_back(P::Stmt{P::Decl{name, (u), {}, std::nullopt}});
    }
    return var(name);
  }

  Expr translate(const Expr& e) {
    if (!e) return nullptr;
    // The expression's variables in name order (as free_vars gives them,
    // which fixes the order of the fresh unknowns), without a set of copied
    // names for every expression of the kernel (issue 18).
    std::vector<const std::string*> names;
    expr::for_each_var(e, [&](const std::string& v) { names.push_back(&v); });
    auto by_name = [](const std::string* a, const std::string* b) { return *a < *b; };
    auto same_name = [](const std::string* a, const std::string* b) { return *a == *b; };
    std::sort(names.begin(), names.end(), by_name);
    names.erase(std::unique(names.begin(), names.end(), same_name), names.end());
    Substitution s;
    for (const std::string* n : names) {
      const std::string& v = *n;
      if (is_builtin(v) || std::any_of(k_.parameters.begin(), k_.parameters.end(),
                                       [&](const kir::Variable& p) { return p.name == v; }))
        continue;
      if (!env_.has(v)) env_.set(v, fresh(v, level(v)));
      s[v] = env_.get(v);
    }
    return substitute(e, s);
  }

  Expr value_or_fresh(const Expr& e, const std::string& var_name) {
    Expr t = translate(e);
    return t ? t : fresh(var_name, level(var_name));
  }

  Expr condition(const Expr& c) {
    Expr t = translate(c);
    if (t) return t;
    return expr::binary(BinOp::Ne, fresh("cond", Uniformity::Thread), int_lit(0));
  }

  void unsupported(const std::string& what, const SourceLoc& where) {
    out_.unsupported.push_back(Diagnostic{Diagnostic::Severity::Warning, where, "unsupported: " + what});
  }

  const P::ArrayDecl* protocol_array(const std::string& name) {
    for (auto& a : out_.protocol.arrays)
      if (a.name == name) return &a;
    return nullptr;
  }

  // The protocol index of a location (unknown parts become fresh unknowns).
  std::vector<Expr> index(const kir::Location& at) {
    std::vector<Expr> idx;
    for (const auto& i : at.index) idx.push_back(i ? value_or_fresh(i, "index") : fresh("index", Uniformity::Thread));
    return idx;
  }

  static std::string key(const std::vector<Expr>& idx) {
    std::string k;
    for (const auto& i : idx) k += to_string(i) + "|";
    return k;
  }

  bool access(P::AccessMode mode, const kir::Location& at, Expr value, const SourceLoc& where,
              std::vector<Expr>* out_idx = nullptr) {
    const kir::Array* a = k_.find_array(at.array);
    if (!a) {
      unsupported("access to unknown array '" + at.array + "'", where);
      return false;
    }
    std::vector<Expr> idx = index(at);
    if (out_idx) *out_idx = idx;
    if (a->space != kir::Space::Shared && a->space != kir::Space::Global) return false;
    for (auto& d : out_.protocol.arrays)
      if (d.name == at.array) {
        if (d.dims < 0) d.dims = static_cast<int>(idx.size());
        if (d.dims != static_cast<int>(idx.size())) {
          unsupported("array '" + at.array + "' accessed with different numbers of indices", where);
          return false;
        }
      }
    if (at.unit || at.width) {  // a byte view: the protocol needs the element size to compare it
      if (a->element_bytes <= 0) {
        unsupported("byte view of array '" + at.array + "' of unknown element size", where);
        return false;
      }
      for (auto& d : out_.protocol.arrays)
        if (d.name == at.array) d.element_bytes = a->element_bytes;
    }
    P::Access acc;
    acc.array = at.array;
    acc.index = idx;
    acc.view = P::AccessView{at.unit, at.width};
    acc.mode = mode;
    acc.value = value;
    acc.loc = where;
    acc.loc_explicit = true;
    emit(P::Stmt{std::move(acc)});
    return true;
  }

  void process(const kir::Block& b) {
    for (const auto& s : b) statement(s);
  }

  void statement(const kir::Stmt& s) {
    std::visit(Overloaded{[&](const kir::Assign& a) { env_.set(a.var, value_or_fresh(a.value, a.var)); },
                          [&](const kir::Load& l) { load(l); },
                          [&](const kir::Store& st) { store(st); },
                          [&](const kir::Atomic& a) { atomic(a); },
                          [&](const kir::Barrier& br) { barrier(br); },
                          // Fences order nothing between threads a barrier does not; in-body
                          // assumptions are dropped (keeping fewer assumptions is safe).
                          [](const kir::Fence&) {}, [](const kir::Assert&) {}, [](const kir::Assume&) {},
                          [&](const kir::If& i) {
                            ++depth_;
                            conditional(i);
                            --depth_;
                          },
                          [&](const kir::Loop& l) {
                            ++depth_;
                            loop(l);
                            --depth_;
                          },
                          [&](const kir::Unsupported& u) { unsupported(u.what, u.loc); },
                          // Jump elimination ran first: none is left.
                          [&](const kir::Break& b) { unsupported("unexpected jump", b.loc); },
                          [&](const kir::Continue& c) { unsupported("unexpected jump", c.loc); },
                          [&](const kir::Return& r) { unsupported("unexpected jump", r.loc); }},
               s.node);
  }

  void atomic(const kir::Atomic& a) {
    std::vector<Expr> operands;
    for (const auto& o : a.operands) operands.push_back(translate(o));
    std::vector<Expr> idx;
    bool tracked = access(a.scope == kir::Scope::Block ? P::AccessMode::AtomicBlock : P::AccessMode::Atomic, a.at,
                          nullptr, a.loc, &idx);
    writes_.erase(a.at.array);
    reads_.forget(a.at.array);
    std::string result;
    if (!a.var.empty()) {
      Expr v = fresh(a.var, Uniformity::Thread);
      result = v->name;
      env_.set(a.var, v);
    }
    AtomicEffect effect = atomic_effect(a, operands.empty() ? nullptr : operands.front());
    if (tracked && effect != AtomicEffect::Read)
      tickets_.modification(*k_.find_array(a.at.array), idx, a.at.unit || a.at.width,
                            effect == AtomicEffect::Increment, result, a.scope == kir::Scope::Block);
  }

  void load(const kir::Load& l) {
    std::vector<Expr> idx;
    bool tracked = access(P::AccessMode::Read, l.at, nullptr, l.loc, &idx);
    if (l.var.empty()) return;
    // A thread reading a cell it wrote in this phase reads its own value:
    // another thread writing it there would be a race reported anyway.
    if (tracked && !l.at.unit && !l.at.width) {  // through a byte view the value is another one
      auto arr = writes_.find(l.at.array);
      if (arr != writes_.end()) {
        auto w = arr->second.find(key(idx));
        if (w != arr->second.end() && w->second) {
          env_.set(l.var, w->second);
          return;
        }
      }
    }
    // Per thread, unless the uniformity analysis found the same cell read
    // in every thread of a block from an array nothing writes; the value of
    // an earlier read of the same cell in this phase (phase_reads.hpp).
    Expr value = fresh(l.var, level(l.var));
    if (tracked && steering_.count(l.var) && !l.at.unit && !l.at.width) value = reads_.read(l.at.array, idx, value);
    env_.set(l.var, value);
  }

  // A written value serves only to tell that two writes store the same value
  // (and to forward it to the thread's own later read of the cell). Chains
  // of read-modify-writes of one cell nest it once per statement: a value
  // larger than this is forgotten (an unknown value: more races, never
  // fewer), so that the protocol, its printing and the queries stay linear
  // in the number of statements.
  static constexpr std::size_t kMaxWrittenValueNodes = 64;

  // Whether e as a tree (shared subexpressions counted at every use, as the
  // printer and the solver see them) has at most `budget` nodes; stops
  // counting past it, so O(budget) however deep the shared DAG is.
  static bool tree_size_at_most(const Expr& e, std::size_t& budget) {
    if (!e) return true;
    if (budget == 0) return false;
    --budget;
    return tree_size_at_most(e->a, budget) && tree_size_at_most(e->b, budget) && tree_size_at_most(e->c, budget);
  }

  void store(const kir::Store& st) {
    Expr value = translate(st.value);
    std::size_t budget = kMaxWrittenValueNodes;
    if (value && !tree_size_at_most(value, budget)) value = nullptr;
    std::vector<Expr> idx;
    if (!access(P::AccessMode::Write, st.at, value, st.loc, &idx)) return;
    tickets_.modification(*k_.find_array(st.at.array), idx, st.at.unit || st.at.width, false);
    reads_.forget(st.at.array);
    auto& arr = writes_[st.at.array];
    arr.clear();  // another index may alias any earlier one
    if (!st.at.unit && !st.at.width) arr[key(idx)] = value;
  }

  // The size of the groups a warp barrier synchronizes, when the analysis
  // models it: a constant of at least 2 (kir::Barrier::count).
  static std::optional<std::int64_t> warp_width(const kir::Barrier& b) {
    if (b.kind != kir::Barrier::Kind::Warp || !b.count) return std::nullopt;
    auto n = expr::as_int(b.count);
    if (!n || *n < 2 || *n > 1024) return std::nullopt;
    return n;
  }

  void barrier(const kir::Barrier& b) {
    if (kir::is_block_barrier(b)) {
      P::Sync sync;
      sync.loc = b.loc;
      sync.orders_shared = b.orders_shared;
      sync.orders_global = b.orders_global;
      // A grid barrier is also a block barrier; its scope matters across blocks.
      if (b.kind == kir::Barrier::Kind::Grid) sync.scope = P::SyncScope::Grid;
      emit(P::Stmt{sync});
      writes_.clear();
      reads_.clear();
      // A reset of a global counter before a grid barrier is still not allowed
      // (tickets.hpp): a conservative rule, not a wrong one.
      if (depth_ == 0) tickets_.top_level_barrier(b.orders_shared, b.orders_global);
    } else if (auto width = warp_width(b)) {
      // Orders the threads of one group (docs/smt-encoding.md "Warp barriers").
      P::Sync sync;
      sync.loc = b.loc;
      sync.orders_shared = b.orders_shared;
      sync.orders_global = b.orders_global;
      sync.scope = P::SyncScope::Warp;
      sync.width = static_cast<int>(*width);
      emit(P::Stmt{sync});
      writes_.clear();  // another thread of the group may have written since
      reads_.clear();
    } else {
      // One note per kind and kernel, at the first such barrier.
      std::string what = b.kind == kir::Barrier::Kind::Warp
                             ? "warp-level synchronization with a partial or unknown mask is not a barrier for "
                               "the protocol analysis"
                             : "named barriers are not barriers for the protocol analysis";
      if (std::none_of(out_.notes.begin(), out_.notes.end(), [&](const Diagnostic& d) { return d.message == what; }))
        out_.notes.push_back(Diagnostic{Diagnostic::Severity::Note, b.loc, what});
    }
    if (!b.var.empty()) env_.set(b.var, fresh(b.var, Uniformity::Block));
  }

  void conditional(const kir::If& i) {
    Expr c = condition(i.cond);
    auto writes_before = writes_;
    PhaseReads reads_before = reads_;
    P::If out;
    out.cond = c;
    out.loc = i.loc;
    std::map<std::string, std::map<std::string, Expr>> writes_then;
    PhaseReads reads_then;
    // The environment runs both branches from its values before the `if`
    // and joins them; the phase's writes and reads are copied here.
    auto then_branch = [&] {
      sinks_.push_back(&out.then_body);
      process(i.then_body);
      sinks_.pop_back();
      writes_then = std::move(writes_);
      reads_then = std::move(reads_);
      writes_ = writes_before;
      reads_ = reads_before;
    };
    if (i.else_body.empty()) {
      env_.one_armed(c, then_branch);
    } else {
      env_.conditional(c, then_branch, [&] {
        sinks_.push_back(&out.else_body);
        process(i.else_body);
        sinks_.pop_back();
      });
    }
    std::map<std::string, std::map<std::string, Expr>> kept;
    for (const auto& [array, cells] : writes_)
      for (const auto& [k, value] : cells) {
        auto t = writes_then.find(array);
        if (t == writes_then.end()) continue;
        auto w = t->second.find(k);
        if (w != t->second.end() && value && w->second && equal(value, w->second)) kept[array][k] = value;
      }
    writes_ = std::move(kept);
    reads_ = PhaseReads::join(reads_before, reads_then, reads_);
    if (is_true(c)) {
      for (auto& st : out.then_body) emit(std::move(st));
    } else {
      emit(P::Stmt{std::move(out)});
    }
  }

  void loop(const kir::Loop& l) {
    if (!l.test_first) {
      // do { body } while (cond): the body once, then a while loop.
      process(l.body);
      if (l.cond && is_false(l.cond)) return;  // do { ... } while (0)
      kir::Loop rest = l;
      rest.test_first = true;
      rest.init.clear();
      return loop(rest);
    }
    process(l.init);
    std::set<std::string> assigned;
    kir::assigned_variables(l.body, assigned);
    kir::assigned_variables(l.update, assigned);
    std::optional<Induction> ind = induction(l);

    P::Loop out;
    out.loc = l.loc;
    out.tag = P::SyncTag::Unknown;
    if (ind) {
      Expr init = env_.has(ind->var) ? env_.get(ind->var) : value_or_fresh(var(ind->var), ind->var);
      out.var = fresh_name(kir::written_name(ind->var));
      out.init = init;
      out.cond = ind->cond;
      out.bound = condition_operand(ind->bound);
      out.update = ind->update;
      out.step = condition_operand(ind->step);
    } else {
      // A loop racecert cannot count: some number of iterations, as uniform
      // as its condition.
      Uniformity u = l.cond ? level_of(l.cond, levels_) : Uniformity::Thread;
      for (const auto& v : assigned)
        if (l.cond && mentions(l.cond, v)) u = std::max(u, level(v));
      out.var = fresh_name("iteration");
      out.init = int_lit(0);
      out.cond = BinOp::Lt;
      out.bound = fresh("trips", u);
      out.update = P::LoopUpdate::Add;
      out.step = int_lit(1);
    }
    // Values carried from one iteration to the next are unknowns, fresh at
    // each iteration (uniform ones stay uniform).
    std::vector<std::string> carried;
    for (const auto& v : assigned)
      if (env_.has(v) && (!ind || v != ind->var)) carried.push_back(v);
    // Carried variables with finitely many values (inference/finite_states.hpp).
    std::map<std::string, std::int64_t> entry;
    for (const auto& v : carried)
      if (auto c = as_int(env_.get(v))) entry[v] = *c;
    std::optional<FiniteStates> states = finite_states(l, entry);
    auto unknown_carried = [&] {
      for (const auto& v : carried) env_.set(v, fresh(v, level(v)));
      if (!states) return;
      Uniformity u = Uniformity::Grid;
      for (const auto& v : states->vars) u = std::max(u, level(v));
      Expr which = fresh("state", u);
      for (std::size_t i = 0; i < states->vars.size(); ++i) {
        Expr value = int_lit(states->tuples.back()[i]);
        for (std::size_t t = states->tuples.size() - 1; t-- > 0;)
          value = ite(expr::binary(BinOp::Eq, which, int_lit(static_cast<std::int64_t>(t))), int_lit(states->tuples[t][i]), value);
        env_.set(states->vars[i], value);
      }
    };
    // Variables moving in step with the induction variable
    // (inference/derived_induction.hpp), with their entry values; not in a
    // loop that may break, whose last iteration may stop half-way.
    std::vector<std::pair<DerivedUpdate, Expr>> derived;
    if (ind && !ind->guard)
      for (auto& u : derived_updates(l, ind->var, ind->update_in_body))
        if (env_.has(u.var)) {
          if (u.step) u.step = value_or_fresh(u.step, "step");  // invariant: read at entry
          derived.emplace_back(u, env_.get(u.var));
        }
    P::Loop header = out;  // the body is still empty
    P::Block decls;
    decl_scopes_.push_back(&decls);
    writes_.clear();
    reads_.clear();
    unknown_carried();
    if (ind) env_.set(ind->var, var(out.var));
    for (const auto& [u, entry_value] : derived)
      env_.set(u.var, derived_in_iteration(u, entry_value, header, var(out.var), env_.get(u.var)));
    names_.insert(out.var);
    sinks_.push_back(&out.body);
    P::If guarded;  // iterations run while the rest of the condition holds
    if (ind && ind->guard) {
      guarded.cond = condition(ind->guard);
      sinks_.push_back(&guarded.then_body);
    }
    if (ind && ind->update_in_body) {
      process(kir::Block(l.body.begin(), l.body.end() - 1));
    } else {
      process(l.body);
      if (!ind) process(l.update);
    }
    if (ind && ind->guard) {
      sinks_.pop_back();
      emit(P::Stmt{std::move(guarded)});
    }
    sinks_.pop_back();
    decl_scopes_.pop_back();
    writes_.clear();
    reads_.clear();
    out.body.insert(out.body.begin(), decls.begin(), decls.end());
    emit(P::Stmt{std::move(out)});
    unknown_carried();
    if (ind) env_.set(ind->var, fresh(ind->var, level(ind->var)));
    for (const auto& [u, entry_value] : derived)
      env_.set(u.var, derived_after_loop(u, entry_value, header, env_.get(u.var)));
  }

  // Loop bounds and steps are read before the loop (invariant).
  Expr condition_operand(const Expr& e) { return value_or_fresh(e, "bound"); }

  // The first of base, base$1, base$2, ... not taken. Names are never
  // released, so the search for a base resumes where its last one ended:
  // a kernel with n conditions on loaded values names "cond" n times, and
  // starting from $1 each time was quadratic (issue 18).
  std::string fresh_name(const std::string& base) {
    std::string name = base;
    int& i = next_suffix_[base];
    while (names_.count(name) || fresh_names_.count(name)) name = base + "$" + std::to_string(++i);
    names_.insert(name);
    return name;
  }
};

}  // namespace

Inference infer_protocol(const kir::Kernel& k, const InferOptions& o) {
  Inference out = Inferrer(k, o).run();
  // The body was grown one statement at a time: up to half its buffer is
  // slack (17 MB for 50,000 statements) kept through the whole check. Cut
  // here, once the inferrer's own copy of the kernel IR is gone, so that
  // the copy this makes does not raise the peak (issue 18).
  out.protocol.body.shrink_to_fit();
  out.protocol.vars.shrink_to_fit();
  return out;
}

}  // namespace racecert::inference
