// Calls through function pointers whose possible targets are named in the
// file (frontend/lowering.hpp): a function-pointer variable is an integer
// selector (each function it may hold has an id, 0 is null), and a call
// through it is a choice among the candidates' inlined bodies, guarded by
// the selector. The candidates of a local are every function its
// initializer and its assignments in the function may give it; of a kernel
// parameter, those a `__requires(f == g || f == h)` at the start names; of
// a constant table, its initializer; of a call, what the function returns.
// Anything else (an address taken, a
// cast from an integer, an unconstrained parameter) leaves the targets
// unknown and the call unsupported.
#include <clang/AST/Attr.h>
#include <clang/AST/ExprCXX.h>

#include "frontend/lowering.hpp"

namespace racecert::frontend::detail {

using namespace clang;
using namespace racecert::expr;

namespace {

const clang::Expr* bare(const clang::Expr* e) {
  e = strip(e);
  while (true) {
    if (const auto* c = dyn_cast<ImplicitCastExpr>(e)) {
      e = strip(c->getSubExpr());
    } else if (const auto* u = dyn_cast<UnaryOperator>(e);
               u && (u->getOpcode() == UO_AddrOf || u->getOpcode() == UO_Deref) &&
               (u->getSubExpr()->getType()->isFunctionType() || u->getSubExpr()->getType()->isFunctionPointerType())) {
      e = strip(u->getSubExpr());
    } else {
      return e;
    }
  }
}

const FunctionDecl* function_named(const clang::Expr* e) {
  const auto* r = dyn_cast<DeclRefExpr>(bare(e));
  return r ? dyn_cast<FunctionDecl>(r->getDecl()) : nullptr;
}

// A constant table of functions: `funcType const t[] = {f, g}` or a
// __constant__ one; its initializer list.
const InitListExpr* function_table(const clang::Expr* base) {
  const auto* r = dyn_cast<DeclRefExpr>(bare(base));
  const auto* v = r ? dyn_cast<VarDecl>(r->getDecl()) : nullptr;
  if (!v || !v->getType()->isArrayType() || !v->getInit()) return nullptr;
  QualType element = v->getType()->getAsArrayTypeUnsafe()->getElementType();
  if (!element.isConstQualified() && !v->hasAttr<CUDAConstantAttr>()) return nullptr;
  return dyn_cast<InitListExpr>(v->getInit()->IgnoreImplicit());
}

void add(std::vector<const FunctionDecl*>& to, const FunctionDecl* f) {
  f = f->getCanonicalDecl();
  if (std::find(to.begin(), to.end(), f) == to.end()) to.push_back(f);
}

// Whether the function body s may give v a value other than through a
// plain assignment `v = ...` (its address taken, a reference bound to it);
// the right-hand sides of its assignments go to `values`.
bool escapes(const Stmt* s, const VarDecl* v, std::vector<const clang::Expr*>& values) {
  if (!s) return false;
  auto is_v = [&](const clang::Expr* e) {
    const auto* r = dyn_cast<DeclRefExpr>(strip(e)->IgnoreParenImpCasts());
    return r && r->getDecl() == v;
  };
  if (const auto* b = dyn_cast<BinaryOperator>(s); b && b->isAssignmentOp() && is_v(b->getLHS())) {
    if (b->getOpcode() != BO_Assign) return true;
    values.push_back(b->getRHS());
  }
  if (const auto* u = dyn_cast<UnaryOperator>(s); u && u->getOpcode() == UO_AddrOf && is_v(u->getSubExpr())) {
    // &f of a function pointer: a pointer to the variable, not the function.
    if (u->getSubExpr()->getType()->isFunctionPointerType()) return true;
  }
  if (const auto* ds = dyn_cast<DeclStmt>(s))
    for (const Decl* d : ds->decls())
      if (const auto* vd = dyn_cast<VarDecl>(d); vd && vd->getType()->isReferenceType() && vd->getInit() && is_v(vd->getInit()))
        return true;
  if (const auto* c = dyn_cast<CallExpr>(s)) {
    const FunctionDecl* f = c->getDirectCallee();
    for (unsigned i = 0; i < c->getNumArgs(); ++i)
      if (is_v(c->getArg(i)) && (!f || (i < f->getNumParams() && f->getParamDecl(i)->getType()->isReferenceType())))
        return true;
  }
  for (const Stmt* c : s->children())
    if (escapes(c, v, values)) return true;
  return false;
}

// `p == f || p == g || ...` (| or ||, either side of ==): the functions; nullopt
// when e is not of that form.
std::optional<std::vector<const FunctionDecl*>> equalities(const clang::Expr* e, const ValueDecl* p) {
  e = strip(e)->IgnoreParenImpCasts();
  if (const auto* b = dyn_cast<BinaryOperator>(e)) {
    if (b->getOpcode() == BO_LOr || b->getOpcode() == BO_Or) {
      auto l = equalities(b->getLHS(), p), r = equalities(b->getRHS(), p);
      if (!l || !r) return std::nullopt;
      for (const FunctionDecl* f : *r) add(*l, f);
      return l;
    }
    if (b->getOpcode() == BO_EQ) {
      auto is_p = [&](const clang::Expr* x) {
        const auto* r = dyn_cast<DeclRefExpr>(bare(x));
        return r && r->getDecl() == p;
      };
      const FunctionDecl* f = nullptr;
      if (is_p(b->getLHS())) f = function_named(b->getRHS());
      else if (is_p(b->getRHS())) f = function_named(b->getLHS());
      if (f) return std::vector<const FunctionDecl*>{f->getCanonicalDecl()};
    }
  }
  return std::nullopt;
}

}  // namespace

int Lowerer::function_id(const FunctionDecl* f) {
  f = f->getCanonicalDecl();
  auto it = std::find(function_ids_.begin(), function_ids_.end(), f);
  if (it != function_ids_.end()) return static_cast<int>(it - function_ids_.begin()) + 1;
  function_ids_.push_back(f);
  return static_cast<int>(function_ids_.size());
}

std::optional<std::vector<const FunctionDecl*>> Lowerer::targets_of(const clang::Expr* e) const {
  e = bare(e);
  if (const FunctionDecl* f = function_named(e)) return std::vector<const FunctionDecl*>{f->getCanonicalDecl()};
  if (e->isNullPointerConstant(ctx_, clang::Expr::NPC_ValueDependentIsNotNull)) return std::vector<const FunctionDecl*>{};
  if (const auto* c = dyn_cast<ConditionalOperator>(e)) {
    auto a = targets_of(c->getTrueExpr()), b = targets_of(c->getFalseExpr());
    if (!a || !b) return std::nullopt;
    for (const FunctionDecl* f : *b) add(*a, f);
    return a;
  }
  if (const auto* r = dyn_cast<DeclRefExpr>(e)) {
    const Binding* b = lookup(r->getDecl());
    if (!b || b->kind != Binding::Kind::Function) return std::nullopt;
    auto it = pointer_targets_.find(b->name);
    if (it == pointer_targets_.end()) return std::nullopt;
    return it->second;
  }
  if (const auto* c = dyn_cast<CallExpr>(e)) {  // a device function that returns one of its targets
    const FunctionDecl* f = c->getDirectCallee();
    const FunctionDecl* def = f ? f->getDefinition() : nullptr;
    if (!def || !def->hasBody()) return std::nullopt;
    std::vector<const FunctionDecl*> out;
    bool known = true;
    std::function<void(const Stmt*)> walk = [&](const Stmt* st) {
      if (!st || isa<LambdaExpr>(st) || !known) return;
      if (const auto* r = dyn_cast<ReturnStmt>(st)) {
        auto t = r->getRetValue() ? targets_of(r->getRetValue()) : std::nullopt;
        if (!t) known = false;
        else for (const FunctionDecl* fn : *t) add(out, fn);
        return;
      }
      for (const Stmt* child : st->children()) walk(child);
    };
    walk(def->getBody());
    if (!known) return std::nullopt;
    return out;
  }
  if (const auto* s = dyn_cast<ArraySubscriptExpr>(e)) {
    const InitListExpr* table = function_table(s->getBase());
    if (!table) return std::nullopt;
    std::vector<const FunctionDecl*> out;
    for (const clang::Expr* init : table->inits()) {
      auto t = targets_of(init);
      if (!t) return std::nullopt;
      for (const FunctionDecl* f : *t) add(out, f);
    }
    return out;
  }
  return std::nullopt;
}

Expr Lowerer::function_value(const clang::Expr* e) {
  e = bare(e);
  if (const FunctionDecl* f = function_named(e)) return int_lit(function_id(f));
  if (e->isNullPointerConstant(ctx_, clang::Expr::NPC_ValueDependentIsNotNull)) return int_lit(0);
  if (const auto* c = dyn_cast<ConditionalOperator>(e)) {
    Expr cond = condition(c->getCond());
    Expr a = function_value(c->getTrueExpr()), b = function_value(c->getFalseExpr());
    return cond && a && b ? expr::ite(cond, a, b) : nullptr;
  }
  if (const auto* r = dyn_cast<DeclRefExpr>(e)) {
    const Binding* b = lookup(r->getDecl());
    return b && b->kind == Binding::Kind::Function ? var(b->name) : nullptr;
  }
  if (isa<CallExpr>(e)) return rvalue(e);  // the inlined function's result (return_stmt)
  if (const auto* s = dyn_cast<ArraySubscriptExpr>(e)) {
    const InitListExpr* table = function_table(s->getBase());
    Expr i = rvalue(s->getIdx());
    if (!table || !i) return nullptr;
    Expr value = nullptr;  // out of the table: unknown
    for (unsigned k = table->getNumInits(); k-- > 0;) {
      Expr v = function_value(table->getInit(k));
      if (!v) return nullptr;
      value = value ? expr::ite(expr::binary(BinOp::Eq, to_int(i), int_lit(k)), v, value) : v;
    }
    return value;
  }
  effect(e);
  return nullptr;
}

std::string Lowerer::bind_function_pointer(const ValueDecl* d, std::optional<std::vector<const FunctionDecl*>> targets,
                                           SourceLoc where) {
  std::string selector = new_variable(d->getNameAsString() + ".target", kir::ScalarType::Int, where);
  if (targets) pointer_targets_[selector] = *targets;
  bind(d, Binding{Binding::Kind::Function, selector, {}});
  return selector;
}

std::optional<std::vector<const FunctionDecl*>> Lowerer::with_assigned_targets(
    const VarDecl* d, std::optional<std::vector<const FunctionDecl*>> targets) const {
  // What the function body gives it besides: its assignments, unless its
  // address or a reference to it escapes.
  std::vector<const clang::Expr*> values;
  const auto* f = dyn_cast<FunctionDecl>(d->getDeclContext());
  if (!targets || !f || escapes(f->getBody(), d, values)) return std::nullopt;
  for (const clang::Expr* v : values) {
    auto t = targets_of(v);
    if (!t) return std::nullopt;
    for (const FunctionDecl* fn : *t) add(*targets, fn);
  }
  return targets;
}

void Lowerer::function_pointer_declaration(const VarDecl* d) {
  // Every value the function may give it: its initializer and assignments.
  std::optional<std::vector<const FunctionDecl*>> targets = std::vector<const FunctionDecl*>{};
  if (d->getInit()) targets = targets_of(d->getInit());
  targets = with_assigned_targets(d, targets);
  SourceLoc at = loc(d->getLocation());
  std::string selector = bind_function_pointer(d, targets, at);
  emit(kir::Stmt{kir::Assign{selector, d->getInit() ? function_value(d->getInit()) : nullptr, at}});
}

void Lowerer::function_pointer_parameter(const ParmVarDecl* p) {
  const auto* kernel = cast<FunctionDecl>(p->getDeclContext());
  // __requires(p == f || p == g) at the start of the kernel names its targets.
  std::optional<std::vector<const FunctionDecl*>> targets;
  if (const auto* body = dyn_cast_or_null<CompoundStmt>(kernel->getBody())) {
    for (const Stmt* s : body->body()) {
      const auto* c = dyn_cast<CallExpr>(s);
      const FunctionDecl* callee = c ? c->getDirectCallee() : nullptr;
      if (!callee || (callee->getName() != "__requires" && callee->getName() != "__global_requires")) break;
      if (c->getNumArgs() == 1)
        if (auto t = equalities(c->getArg(0), p)) targets = t;
    }
  }
  // The parameter holds the initial selector value, so that the __requires
  // is a precondition over it; assignments go to a selector of its own.
  targets = with_assigned_targets(p, targets);
  std::string name = p->getNameAsString();
  SourceLoc at = loc(p->getLocation());
  k_.parameters.push_back(kir::Variable{name, kir::ScalarType::Int, at});
  std::string selector = bind_function_pointer(p, targets, at);
  emit(kir::Stmt{kir::Assign{selector, var(name), at}});
}

Expr Lowerer::function_pointer_assignment(const BinaryOperator* b) {
  const auto* ref = dyn_cast<DeclRefExpr>(strip(b->getLHS()));
  const Binding* found = ref ? lookup(ref->getDecl()) : nullptr;
  if (!found || found->kind != Binding::Kind::Function || b->getOpcode() != BO_Assign) {
    unsupported("assignment to a function pointer racecert cannot follow", b->getBeginLoc());
    return nullptr;
  }
  std::string selector = found->name;  // a copy: function_value may inline calls
  emit(kir::Stmt{kir::Assign{selector, function_value(b->getRHS()), loc(b->getBeginLoc())}});
  return nullptr;
}

Expr Lowerer::function_comparison(const BinaryOperator* b) {
  Expr l = function_value(b->getLHS()), r = function_value(b->getRHS());
  if (!l || !r) return nullptr;
  return expr::binary(b->getOpcode() == BO_EQ ? BinOp::Eq : BinOp::Ne, l, r);
}

Expr Lowerer::indirect_call(const CallExpr* c) {
  const clang::Expr* callee = c->getCallee();
  auto targets = targets_of(callee);
  if (!targets || targets->empty()) {
    unsupported("indirect call whose targets racecert cannot name (function pointer or virtual call)",
                c->getBeginLoc());
    return nullptr;
  }
  for (const FunctionDecl* f : *targets) {
    const FunctionDecl* def = f->getDefinition();
    if (!def || !def->hasBody()) {
      unsupported("indirect call to '" + f->getNameAsString() + "', which has no body", c->getBeginLoc());
      return nullptr;
    }
  }
  Expr id = function_value(callee);
  std::vector<const clang::Expr*> args(c->arg_begin(), c->arg_end());
  std::string result;
  QualType rt = c->getType().getCanonicalType();
  if (!rt->isVoidType()) result = temporary(scalar_type(rt));
  SourceLoc at = loc(c->getBeginLoc());
  // One guarded body per target; a null or unnamed value calls none (a
  // call through null does not return).
  kir::Block chain;
  for (auto it = targets->rbegin(); it != targets->rend(); ++it) {
    kir::If branch;
    branch.cond = id ? expr::binary(BinOp::Eq, id, int_lit(function_id(*it))) : nullptr;
    branch.loc = at;
    branch.then_body = collect([&] {
      Expr v = inline_call((*it)->getDefinition(), c, args, nullptr);
      if (!result.empty()) emit(kir::Stmt{kir::Assign{result, v ? to_int(v) : nullptr, at}});
    });
    branch.else_body = std::move(chain);
    chain = kir::Block{kir::Stmt{std::move(branch)}};
  }
  for (auto& s : chain) emit(std::move(s));
  return result.empty() ? nullptr : var(result);
}

}  // namespace racecert::frontend::detail
