// Lowering of calls: the device API (barriers, atomics, fences, thread
// coordinates, math), GPUVerify specifications, and inlining of the kernel's
// own functions (frontend/lowering.hpp).
#include <algorithm>
#include <cctype>
#include <functional>
#include <set>

#include <clang/AST/DeclTemplate.h>
#include <clang/AST/ExprCXX.h>

#include "frontend/lowering.hpp"

namespace racecert::frontend::detail {

using namespace clang;
using namespace racecert::expr;

namespace {

bool starts_with(const std::string& s, const char* p) { return s.rfind(p, 0) == 0; }

// CUDA atomics: atomicAdd, atomicCAS_block, ...
std::optional<std::pair<std::string, kir::Scope>> cuda_atomic(const std::string& name) {
  static const std::map<std::string, std::string> ops = {
      {"atomicAdd", "add"}, {"atomicSub", "sub"}, {"atomicExch", "exch"}, {"atomicMin", "min"},
      {"atomicMax", "max"}, {"atomicInc", "inc"}, {"atomicDec", "dec"},   {"atomicCAS", "cas"},
      {"atomicAnd", "and"}, {"atomicOr", "or"},   {"atomicXor", "xor"}};
  kir::Scope scope = kir::Scope::Device;
  std::string base = name;
  if (base.size() > 6 && base.compare(base.size() - 6, 6, "_block") == 0) {
    scope = kir::Scope::Block;
    base = base.substr(0, base.size() - 6);
  } else if (base.size() > 7 && base.compare(base.size() - 7, 7, "_system") == 0) {
    scope = kir::Scope::System;
    base = base.substr(0, base.size() - 7);
  }
  auto it = ops.find(base);
  if (it == ops.end()) return std::nullopt;
  return std::make_pair(it->second, scope);
}

// OpenCL atomics: atomic_add, atom_inc, atomic_cmpxchg, ...
std::optional<std::string> opencl_atomic(const std::string& name) {
  std::string base;
  if (starts_with(name, "atomic_")) base = name.substr(7);
  else if (starts_with(name, "atom_")) base = name.substr(5);
  else return std::nullopt;
  static const std::map<std::string, std::string> ops = {
      {"add", "add"}, {"sub", "sub"}, {"xchg", "exch"}, {"inc", "inc"}, {"dec", "dec"}, {"cmpxchg", "cas"},
      {"min", "min"}, {"max", "max"}, {"and", "and"},   {"or", "or"},   {"xor", "xor"}};
  auto it = ops.find(base);
  if (it == ops.end()) return std::nullopt;
  return it->second;
}

// OpenCL 2.0 atomics on atomic_int and co: atomic_fetch_add(_explicit),
// atomic_load, atomic_compare_exchange_strong, ... ("init" is not atomic).
std::optional<std::string> opencl_c11_atomic(std::string name) {
  if (!starts_with(name, "atomic_")) return std::nullopt;
  name = name.substr(7);
  constexpr const char* kExplicit = "_explicit";
  if (name.size() > 9 && name.compare(name.size() - 9, 9, kExplicit) == 0) name = name.substr(0, name.size() - 9);
  static const std::map<std::string, std::string> ops = {
      {"fetch_add", "add"}, {"fetch_sub", "sub"}, {"fetch_or", "or"},     {"fetch_xor", "xor"},
      {"fetch_and", "and"}, {"fetch_min", "min"}, {"fetch_max", "max"},   {"exchange", "exch"},
      {"load", "load"},     {"store", "store"},   {"init", "init"},       {"compare_exchange_strong", "cas"},
      {"compare_exchange_weak", "cas"},           {"flag_test_and_set", "exch"}, {"flag_clear", "store"}};
  auto it = ops.find(name);
  if (it == ops.end()) return std::nullopt;
  return it->second;
}

// cuda::atomic_ref member functions.
std::optional<std::string> atomic_ref_op(const std::string& name) {
  static const std::map<std::string, std::string> ops = {
      {"fetch_add", "add"}, {"fetch_sub", "sub"}, {"fetch_and", "and"}, {"fetch_or", "or"},
      {"fetch_xor", "xor"}, {"fetch_min", "min"}, {"fetch_max", "max"}, {"exchange", "exch"},
      {"compare_exchange_strong", "cas"}, {"compare_exchange_weak", "cas"}, {"load", "load"},
      {"store", "store"}, {"operator+=", "add"}, {"operator-=", "sub"}, {"operator++", "add"},
      {"operator--", "sub"}, {"operator=", "store"}, {"operator&=", "and"}, {"operator|=", "or"},
      {"operator^=", "xor"}};
  auto it = ops.find(name);
  // A conversion (operator int, operator unsigned int, ...) is a load.
  if (it == ops.end())
    return name.size() > 9 && name.rfind("operator ", 0) == 0 && std::isalpha(static_cast<unsigned char>(name[9]))
               ? std::optional<std::string>("load")
               : std::nullopt;
  return it->second;
}

// cuda::atomic_ref<T>(A[i]).load(...): a temporary atomic_ref names the
// cell its constructor's argument refers to (null when `e` is not one).
const clang::Expr* temporary_atomic_ref_cell(const clang::Expr* e) {
  e = e->IgnoreImplicit();
  if (const auto* cast = dyn_cast<CXXFunctionalCastExpr>(e)) e = cast->getSubExpr()->IgnoreImplicit();
  if (const auto* ctor = dyn_cast<CXXConstructExpr>(e); ctor && ctor->getNumArgs() == 1 && ctor->getArg(0)->isGLValue())
    return ctor->getArg(0);
  return nullptr;
}

kir::MemoryOrder order_from(const std::string& s) {
  if (s.find("acq_rel") != std::string::npos) return kir::MemoryOrder::AcqRel;
  if (s.find("acquire") != std::string::npos || s.find("consume") != std::string::npos) return kir::MemoryOrder::Acquire;
  if (s.find("release") != std::string::npos) return kir::MemoryOrder::Release;
  if (s.find("relaxed") != std::string::npos) return kir::MemoryOrder::Relaxed;
  return kir::MemoryOrder::SeqCst;
}

kir::Scope scope_from(const std::string& s) {
  if (s.find("block") != std::string::npos || s.find("work_group") != std::string::npos) return kir::Scope::Block;
  if (s.find("system") != std::string::npos || s.find("all_svm") != std::string::npos) return kir::Scope::System;
  return kir::Scope::Device;
}

// The scope of a cuda::atomic_ref<T, Scope> type, from its template
// argument (the type's printed name need not spell the enumerator); null
// for thread_scope_thread, which makes nothing atomic between threads, and
// for a scope it cannot read (a wider guess could hide a scope race).
std::optional<kir::Scope> atomic_ref_scope(clang::QualType t) {
  const auto* spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(t.getCanonicalType()->getAsCXXRecordDecl());
  if (!spec) return std::nullopt;
  const TemplateArgumentList& args = spec->getTemplateArgs();
  if (args.size() < 2 || args[1].getKind() != TemplateArgument::Integral) return std::nullopt;
  switch (args[1].getAsIntegral().getExtValue()) {  // frontend/include/cuda/atomic's thread_scope
    case 0: return kir::Scope::System;
    case 1: return kir::Scope::Device;
    case 2: return kir::Scope::Block;
    default: return std::nullopt;
  }
}

// The name of an enumerator argument such as cuda::memory_order_acquire
// (a defaulted argument included).
std::string enumerator(const clang::Expr* e) {
  if (const auto* d = dyn_cast<CXXDefaultArgExpr>(e->IgnoreParenImpCasts())) e = d->getExpr();
  e = e->IgnoreParenImpCasts();
  if (const auto* r = dyn_cast<DeclRefExpr>(e)) return r->getDecl()->getNameAsString();
  return "";
}

// GPUVerify builtins that state or check something (the invariant-only
// statements are macros of the bundled headers) or that the analysis does
// not read: a call to one has no effect, and its value is unknown, so a
// precondition using it is dropped (fewer assumptions: sound). Not here:
// the effect specifications __writes_to, __reads_from (the body of a
// `__spec_f` function says what f accesses) and __array_snapshot (copies
// an array): they are calls without a body on a pointer, `unknown`.
bool is_gpuverify_ignored(const std::string& n) {
  static const std::set<std::string> names = {
      "__assert", "__global_assert", "__ensures", "__global_ensures", "__invariant", "__global_invariant",
      "__function_wide_invariant", "__function_wide_global_invariant", "__candidate_invariant",
      "__candidate_global_invariant", "__read_implies", "__write_implies", "__atomic_implies", "__no_read",
      "__no_write", "__read", "__write", "__atomic", "__read_offset_bytes", "__write_offset_bytes",
      "__atomic_offset_bytes", "__enabled", "__dominator_enabled", "__all",
      "__at_most_one", "__exclusive", "__same_group", "__other_int", "__other_bool", "__other_ptr",
      "__uniform_int", "__uniform_bool", "__distinct_int", "__all_int", "__ptr_base", "__ptr_offset_bytes",
      "__old_int", "__return_val_int", "__return_val_int4", "__return_val_bool", "__return_val_ptr", "__is_pow2",
      "__mod_pow2", "__add_noovfl", "__add_noovfl_int", "__add_noovfl_unsigned_int", "__add_noovfl_char",
      "__add_noovfl_unsigned_char", "__add_noovfl_short", "__add_noovfl_unsigned_short", "__add_noovfl_long",
      "__add_noovfl_unsigned_long", "__atomic_has_taken_value", "__barrier_invariant",
      "__barrier_invariant_binary"};
  return names.count(n) > 0;
}

}  // namespace

Expr Lowerer::call(const CallExpr* c) {
  const FunctionDecl* f = c->getDirectCallee();
  std::vector<const clang::Expr*> args(c->arg_begin(), c->arg_end());
  const clang::Expr* object = nullptr;
  if (const auto* m = dyn_cast<CXXMemberCallExpr>(c)) object = m->getImplicitObjectArgument();
  if (const auto* op = dyn_cast<CXXOperatorCallExpr>(c); op && f && isa<CXXMethodDecl>(f) && !args.empty()) {
    object = args.front();
    args.erase(args.begin());
  }
  if (!f) return indirect_call(c);  // lower_indirect.cpp
  if (const auto* m = dyn_cast<CXXMethodDecl>(f); m && m->isVirtual()) {
    unsupported("virtual call", c->getBeginLoc());
    return nullptr;
  }
  std::string name = f->getNameAsString();
  if (auto r = intrinsic(name, c, args, object)) return *r;
  // Struct assignment (the implicit copy or move): field by field.
  if (const auto* m = dyn_cast<CXXMethodDecl>(f);
      m && object && args.size() == 1 && (m->isCopyAssignmentOperator() || m->isMoveAssignmentOperator()) &&
      !m->isUserProvided()) {
    const clang::Expr* src = args[0];
    LValue from = src->isGLValue() ? lvalue(src) : (effect(src), LValue{});
    copy_record(lvalue(object), from, object->getType(), c->getBeginLoc());
    return nullptr;
  }
  const FunctionDecl* def = f->getDefinition();
  if (def && def->hasBody()) return inline_call(def, c, args, object);
  // A function without a body: harmless unless it could touch the arrays.
  for (const clang::Expr* a : args) {
    if (a->getType()->isPointerType() || a->getType()->isReferenceType()) {
      std::optional<PointerValue> p = a->getType()->isPointerType() ? pointer(a) : std::nullopt;
      for (const auto& alt : p ? alternatives_of(p) : PointerAlternatives{}) {
        if (alt.target.kind == PointerTarget::Kind::Array) {
          unsupported("call to '" + name + "', which has no body, with a pointer into '" + alt.target.name + "'",
                      c->getBeginLoc());
          return nullptr;
        }
        // It may write the variable: its value is no longer known.
        if (alt.target.kind == PointerTarget::Kind::Variable)
          emit(kir::Stmt{kir::Assign{alt.target.name, nullptr, loc(c->getBeginLoc())}});
        // It may point the pointer variable anywhere.
        if (alt.target.kind == PointerTarget::Kind::Slot) store_slot(alt.target.name, alternatives_of(std::nullopt), loc(c->getBeginLoc()));
      }
    } else {
      effect(a);
    }
  }
  return nullptr;
}

Expr Lowerer::inline_call(const FunctionDecl* f, const clang::Expr* c, const std::vector<const clang::Expr*>& args,
                          const clang::Expr* object, const LValue* constructed) {
  for (const auto& fr : frames_)
    if (fr.function == f) {
      unsupported("recursive call to '" + f->getNameAsString() + "'", c->getBeginLoc());
      return nullptr;
    }
  // A member function runs on its object: `this` is the object's lvalue.
  std::optional<LValue> self;
  if (constructed) {
    self = *constructed;
  } else if (isa<CXXMethodDecl>(f) && !cast<CXXMethodDecl>(f)->isStatic()) {
    // `f()` or `this->f()` inside a member function: the same object
    // (`this` is no pointer racecert tracks, but the object it names is).
    if (object && isa<CXXThisExpr>(strip(object)->IgnoreImpCasts())) object = nullptr;
    if (!object) {
      if (this_stack_.empty()) {
        unsupported("call to member function '" + f->getNameAsString() + "' without an object", c->getBeginLoc());
        return nullptr;
      }
      self = this_stack_.back();
    } else if (object->getType()->isPointerType()) {
      self = deref(pointer(object), std::nullopt, object->getType()->getPointeeType(), "object of a member call");
    } else {
      self = lvalue(object);
    }
  }
  ranges_.push_back(f->getSourceRange());  // so that its errors make this kernel unknown
  if (f->isInvalidDecl()) {
    unsupported("call to '" + f->getNameAsString() + "', which does not compile", c->getBeginLoc());
    return nullptr;
  }
  // Arguments are evaluated in the caller's scope.
  struct Arg {
    const ParmVarDecl* param;
    Binding binding;
  };
  std::vector<Arg> bound;
  for (unsigned i = 0; i < f->getNumParams() && i < args.size(); ++i) {
    const ParmVarDecl* p = f->getParamDecl(i);
    QualType t = p->getType().getCanonicalType();
    Binding b;
    if (t->isFunctionPointerType()) {  // a selector of its own, with the argument's targets
      auto targets = with_assigned_targets(p, targets_of(args[i]));  // the callee may reassign it
      Expr id = function_value(args[i]);
      std::string selector = new_variable(p->getNameAsString() + ".target", kir::ScalarType::Int, loc(p->getLocation()));
      if (targets) pointer_targets_[selector] = *targets;
      emit(kir::Stmt{kir::Assign{selector, id, loc(c->getBeginLoc())}});
      b = Binding{Binding::Kind::Function, selector, {}};
    } else if (t->isPointerType() || t->isArrayType()) {
      std::optional<PointerValue> v = pointer(args[i]);
      b = Binding{Binding::Kind::Pointer, new_pointer(p->getNameAsString(), alternatives_of(v), loc(c->getBeginLoc())), {}};
    } else if (t->isReferenceType()) {
      LValue l = lvalue(args[i]);
      if (l.kind == LValue::Kind::Pointer) {  // int *&p: the caller's slot
        b = Binding{Binding::Kind::Pointer, l.var, {}};
      } else if (l.kind == LValue::Kind::Variable) {
        b = Binding{Binding::Kind::Scalar, l.var, {}};
      } else if (l.kind == LValue::Kind::Memory) {
        b = Binding{Binding::Kind::Location, "", l.at};
      } else if (l.kind == LValue::Kind::Choice) {
        b = Binding{Binding::Kind::Place, "", {}, l};
      } else {
        unsupported("reference argument racecert cannot resolve", args[i]->getBeginLoc());
        return nullptr;
      }
    } else {
      std::string name = new_variable(p->getNameAsString(), scalar_type(t), loc(p->getLocation()));
      if (t->isRecordType()) {
        // A struct passed by value: the callee's copy, field by field
        // (pointer fields included).
        record_value(LValue{LValue::Kind::Variable, name, {}, ""}, args[i], t, args[i]->getBeginLoc());
      } else {
        declare_range(name, t);
        emit(kir::Stmt{kir::Assign{name, to_int(rvalue(args[i])), loc(c->getBeginLoc())}});
      }
      b = Binding{Binding::Kind::Scalar, name, {}};
    }
    bound.push_back(Arg{p, b});
  }
  for (std::size_t i = f->getNumParams(); i < args.size(); ++i) effect(args[i]);

  std::string result;
  QualType rt = f->getReturnType().getCanonicalType();
  // A pointer result goes to a slot of its own (returned_pointer_); so does
  // a reference result, as the address of what it refers to.
  bool by_address = (rt->isPointerType() && !rt->isFunctionPointerType()) || rt->isReferenceType();
  if (by_address) result = new_pointer(f->getNameAsString() + ".result", {}, loc(c->getBeginLoc()));
  else if (!rt->isVoidType()) result = temporary(rt->isFunctionPointerType() ? kir::ScalarType::Int : scalar_type(rt));
  // Early returns leave the function: its body is an exit (lower_jumps.cpp),
  // a one-shot loop that `return` breaks out of, through a flag from inside
  // loops. A return as the last statement needs none.
  bool early_return = false;
  if (const auto* body = dyn_cast_or_null<CompoundStmt>(f->getBody())) {
    std::function<bool(const Stmt*, bool)> has_return = [&](const Stmt* s, bool last) -> bool {
      if (!s) return false;
      if (isa<ReturnStmt>(s)) return !last;
      if (isa<LambdaExpr>(s)) return false;
      for (const Stmt* child : s->children())
        if (has_return(child, false)) return true;
      return false;
    };
    auto it = body->body_begin();
    for (std::size_t i = 0; i < body->size(); ++i, ++it)
      early_return = early_return || has_return(*it, i + 1 == body->size());
  }
  scopes_.emplace_back();
  for (auto& a : bound) bind(a.param, a.binding);
  frames_.push_back(Frame{f, result, -1});
  if (self) this_stack_.push_back(*self);
  if (const auto* ctor = dyn_cast<CXXConstructorDecl>(f); ctor && self) member_initializers(ctor, *self);
  if (early_return) {
    with_exit(
        [&](std::size_t exit) {
          frames_.back().exit = static_cast<int>(exit);
          stmt(f->getBody());
        },
        loc(c->getBeginLoc()));
  } else {
    stmt(f->getBody());
  }
  if (self) this_stack_.pop_back();
  frames_.pop_back();
  scopes_.pop_back();
  if (by_address) {
    returned_pointer_ = ReturnedPointer{c, result};
    return nullptr;
  }
  return result.empty() ? nullptr : var(result);
}

std::optional<LValue> Lowerer::returned_place(const clang::CallExpr* c) {
  auto slot = returned_by(c);
  if (!slot) return std::nullopt;
  return deref(pointer_from(load_slot(*slot)), std::nullopt, c->getType(), "reference returned by a call");
}

std::optional<std::string> Lowerer::returned_by(const clang::Expr* c) const {
  if (returned_pointer_ && returned_pointer_->call == c) return returned_pointer_->slot;
  return std::nullopt;
}

void Lowerer::emit_atomic(const kir::Atomic& a, const LValue& at, clang::SourceLocation where) {
  switch (at.kind) {
    case LValue::Kind::Memory: {
      kir::Atomic one = a;
      one.at = at.at;
      return emit(kir::Stmt{std::move(one)});
    }
    case LValue::Kind::Choice: {
      std::vector<Expr> guards;
      for (const auto& ch : at.choices) guards.push_back(ch.first);
      return choose(guards, [&](std::size_t i) { emit_atomic(a, at.choices[i].second, where); }, a.loc);
    }
    case LValue::Kind::Variable:  // an atomic on a thread's own variable: its value is unknown
      if (!a.var.empty()) emit(kir::Stmt{kir::Assign{a.var, nullptr, a.loc}});
      return emit(kir::Stmt{kir::Assign{at.var, nullptr, a.loc}});
    case LValue::Kind::Ignored:
      return;
    case LValue::Kind::Pointer:
    case LValue::Kind::Unknown:
      return unsupported("atomic on an address racecert cannot resolve", where);
  }
}

Expr Lowerer::atomic(const std::string& op, kir::Scope scope, kir::MemoryOrder order, const CallExpr* c,
                     const clang::Expr* address, const std::vector<const clang::Expr*>& operands) {
  kir::Atomic a;
  a.op = op;
  a.scope = scope;
  a.order = order;
  a.loc = loc(c->getBeginLoc());
  LValue target;
  if (address) {
    target = deref(pointer(address), std::nullopt, address->getType()->getPointeeType(), "atomic address");
  }
  for (const clang::Expr* o : operands) a.operands.push_back(o->getType()->isIntegralOrEnumerationType() ? rvalue(o) : (effect(o), nullptr));
  if (!c->getType()->isVoidType()) a.var = temporary(scalar_type(c->getType()));
  std::string result = a.var;
  if (address) emit_atomic(a, target, c->getBeginLoc());
  else emit(kir::Stmt{std::move(a)});
  return result.empty() ? nullptr : var(result);
}

// OpenCL 2.0 atomics. The memory order and scope are the trailing
// enumerator arguments of the _explicit forms; without them the order is
// seq_cst and the scope memory_scope_device (OpenCL C 2.0, 6.13.11).
// memory_scope_work_group is a block-scoped atomic (a heterogeneous race
// when threads of different groups use it on one location). A narrower
// scope (work_item, sub_group) or one that is not a constant orders nothing
// that racecert can tell apart from plain accesses: the atomic is lowered
// as a plain read and write, which races with any other thread's access
// (a false alarm between the threads of one sub-group; never a missed
// race). atomic_init is a plain write, as the standard says.
Expr Lowerer::opencl_scoped_atomic(const std::string& op, const CallExpr* c, const std::vector<const clang::Expr*>& args) {
  kir::MemoryOrder order = kir::MemoryOrder::SeqCst;
  kir::Scope scope = kir::Scope::Device;
  bool narrow = false, have_order = false;
  std::vector<const clang::Expr*> operands;
  for (std::size_t i = 1; i < args.size(); ++i) {
    // The parameter's type: in C an enumerator argument is just an int.
    const FunctionDecl* f = c->getDirectCallee();
    QualType t = f && i < f->getNumParams() ? f->getParamDecl(i)->getType() : args[i]->getType();
    std::string type = t.getCanonicalType().getAsString();
    std::string e = enumerator(args[i]);
    if (type.find("memory_order") != std::string::npos) {
      // The first order (compare-exchange's success order); one that is
      // not a constant counts as the strongest.
      if (!have_order) order = e.empty() ? kir::MemoryOrder::SeqCst : order_from(e);
      have_order = true;
    } else if (type.find("memory_scope") != std::string::npos) {
      narrow = e.empty() || e == "memory_scope_work_item" || e == "memory_scope_sub_group";
      scope = scope_from(e);
    } else {
      operands.push_back(args[i]);
    }
  }
  if (op == "init" || narrow) {
    LValue cell = deref(pointer(args[0]), std::nullopt, args[0]->getType()->getPointeeType(), "atomic address");
    for (const clang::Expr* o : operands) effect(o);
    if (op == "cas" && operands.size() >= 1)
      assign(deref(pointer(operands[0]), std::nullopt, operands[0]->getType()->getPointeeType(), "expected value"), nullptr,
             c->getBeginLoc());
    Expr old = op == "init" || op == "store" ? nullptr : read(cell, c->getType(), c->getBeginLoc());
    if (op != "load") assign(cell, nullptr, c->getBeginLoc());
    return old;
  }
  if (op == "cas" && operands.size() == 2) {
    QualType type = operands[0]->getType()->getPointeeType();
    LValue target = deref(pointer(args[0]), std::nullopt, args[0]->getType()->getPointeeType(), "atomic address");
    LValue expected = deref(pointer(operands[0]), std::nullopt, type, "expected value");
    Expr want = read(expected, type, c->getBeginLoc());
    kir::Atomic a;
    a.op = op;
    a.scope = scope;
    a.order = order;
    a.loc = loc(c->getBeginLoc());
    return compare_exchange(std::move(a), target, expected, want, rvalue(operands[1]), type, c->getBeginLoc());
  }
  Expr r = atomic(op, scope, order, c, args[0], operands);
  return c->getType()->isBooleanType() ? nullptr : r;
}

// The value an atomic_ref member returns, given the old value of the
// atomic it was lowered to: the operators return the new value (a postfix
// ++/-- and the loads the old one), `r = x` returns x, the fetch_ functions
// and exchange the old value.
Expr Lowerer::atomic_ref_operator_result(const std::string& name, const CallExpr* c, Expr old, Expr operand) {
  const auto* method = dyn_cast_or_null<CXXMethodDecl>(c->getDirectCallee());
  bool postfix = method && method->getNumParams() == 1;
  QualType t = c->getType();
  if (name == "operator=") return operand;
  if (!old || !operand) return old;
  if (name == "operator++") return postfix ? old : fit(old + int_lit(1), t);
  if (name == "operator--") return postfix ? old : fit(old - int_lit(1), t);
  if (name == "operator+=") return fit(old + operand, t);
  if (name == "operator-=") return fit(old - operand, t);
  if (name == "operator&=") return expr::binary(BinOp::BitAnd, old, operand);
  if (name == "operator|=") return expr::binary(BinOp::BitOr, old, operand);
  if (name == "operator^=") return expr::binary(BinOp::BitXor, old, operand);
  return old;
}

// A compare-exchange with an `expected` cell (cuda::atomic_ref's
// compare_exchange_{strong,weak}(expected, desired), OpenCL 2.0's
// atomic_compare_exchange_*(obj, &expected, desired, ...)): the result is
// whether the cell held expected, not the old value, and the old value is
// written back into expected (on success it equals expected, so writing it
// back always is exact). expected is read once, before the atomic, so that
// the comparison sees the value it had. The explorer runs it as written;
// for the protocol analysis the old value is unknown, as for any atomic.
Expr Lowerer::compare_exchange(kir::Atomic at, const LValue& target, const LValue& expected, Expr want, Expr desired,
                               clang::QualType type, clang::SourceLocation where) {
  kir::ScalarType t = scalar_type(type);
  std::string before = temporary(t);
  emit(kir::Stmt{kir::Assign{before, want, at.loc}});
  at.operands = {var(before), desired};
  at.var = temporary(t);
  std::string old = at.var;
  emit_atomic(at, target, where);
  assign(expected, var(old), where);
  return expr::binary(BinOp::Eq, var(old), var(before));
}

// OpenCL's barrier(flags) and work_group_barrier(flags[, scope]) order
// only the memory their flags name among the work-items of the group:
// CLK_LOCAL_MEM_FENCE (1) local memory, CLK_GLOBAL_MEM_FENCE (2) global
// memory; barrier(0) orders nothing. A scope narrower than the work-group
// (memory_scope_work_item, memory_scope_sub_group) orders nothing between
// work-items of different sub-groups either, so it counts as no fence.
// Flags or a scope that are not constants order nothing: the barrier still
// synchronizes (divergence is checked), and the analysis may report a race
// the real flags would exclude, never miss one.
void Lowerer::opencl_barrier_fences(const std::vector<const clang::Expr*>& args, kir::Barrier& b) {
  constexpr std::int64_t kLocal = 1, kGlobal = 2;
  constexpr std::int64_t kScopeWorkGroup = 1, kScopeDevice = 2, kScopeAllDevices = 3;
  std::optional<std::int64_t> flags = args.empty() ? std::nullopt : constant(args[0]);
  std::optional<std::int64_t> scope = args.size() < 2 ? std::optional<std::int64_t>(kScopeWorkGroup) : constant(args[1]);
  bool wide = scope && (*scope == kScopeWorkGroup || *scope == kScopeDevice || *scope == kScopeAllDevices);
  b.orders_shared = flags && wide && (*flags & kLocal);
  b.orders_global = flags && wide && (*flags & kGlobal);
}

std::optional<Expr> Lowerer::intrinsic(const std::string& name, const CallExpr* c,
                                       const std::vector<const clang::Expr*>& args, const clang::Expr* object) {
  auto barrier = [&](kir::Barrier::Kind kind) {
    kir::Barrier b;
    b.kind = kind;
    b.loc = loc(c->getBeginLoc());
    emit(kir::Stmt{std::move(b)});
    return Expr{};
  };
  auto fence = [&](kir::Scope s) {
    emit(kir::Stmt{kir::Fence{s, kir::MemoryOrder::SeqCst, loc(c->getBeginLoc())}});
    return Expr{};
  };
  auto effects = [&] {
    for (const clang::Expr* a : args) effect(a);
  };

  // ---- barriers and fences
  if (name == "__syncthreads") return barrier(kir::Barrier::Kind::Block);
  if (name == "barrier" || name == "work_group_barrier") {
    if (lang_ != Language::OpenCL) return barrier(kir::Barrier::Kind::Block);
    effects();
    kir::Barrier b;
    b.kind = kir::Barrier::Kind::Block;
    b.loc = loc(c->getBeginLoc());
    opencl_barrier_fences(args, b);
    emit(kir::Stmt{std::move(b)});
    async_copies_after_barrier();  // copies still running go on after it
    return Expr{};
  }
  if (name == "__syncthreads_count" || name == "__syncthreads_and" || name == "__syncthreads_or") {
    effects();
    kir::Barrier b;
    b.kind = kir::Barrier::Kind::Block;
    b.var = temporary(kir::ScalarType::Int);
    b.loc = loc(c->getBeginLoc());
    std::string v = b.var;
    emit(kir::Stmt{std::move(b)});
    return var(v);
  }
  // A warp barrier of groups of `width` consecutive threads (0: a partial
  // or unknown mask, which the protocol analysis ignores).
  auto warp_barrier = [&](std::int64_t width) {
    kir::Barrier b;
    b.kind = kir::Barrier::Kind::Warp;
    if (width > 0) b.count = int_lit(width);
    b.loc = loc(c->getBeginLoc());
    emit(kir::Stmt{std::move(b)});
    return Expr{};
  };
  if (name == "__syncwarp") {
    effects();
    // No mask, or every lane: the whole warp of 32.
    std::optional<std::int64_t> mask = args.empty() ? std::optional<std::int64_t>(0xffffffff) : constant(args[0]);
    return warp_barrier(mask && (*mask & 0xffffffff) == 0xffffffff ? 32 : 0);
  }
  // A cooperative group's sync, by the group's type: a grid, a block, a
  // tile of N threads (thread_block_tile<N>: groups of N consecutive
  // threads), or a group of threads unknown here (coalesced_group, a
  // thread_group that may be any tile): a warp barrier of unknown width.
  auto group_sync = [&](const clang::Expr* group) {
    std::string type = group->getType().getCanonicalType().getUnqualifiedType().getAsString();
    if (type.find("grid_group") != std::string::npos) return barrier(kir::Barrier::Kind::Grid);
    if (type.find("thread_block_tile") != std::string::npos) {
      auto open = type.find('<');
      std::int64_t n = 0;
      if (open != std::string::npos)
        for (std::size_t i = open + 1; i < type.size() && std::isdigit(static_cast<unsigned char>(type[i])); ++i)
          n = std::min<std::int64_t>(n * 10 + (type[i] - '0'), 1 << 20);
      // Powers of two up to a warp: the tile sizes CUDA defines as warp tiles.
      return warp_barrier(n >= 2 && n <= 32 && (n & (n - 1)) == 0 ? n : 0);
    }
    if (type.find("thread_block") != std::string::npos) return barrier(kir::Barrier::Kind::Block);
    return warp_barrier(0);
  };
  // Only cooperative groups' own: a `sync` the kernel's file defines (a DMA
  // class's `sync(id)` around `bar.sync`) is inlined like any function.
  const bool of_groups = c->getDirectCallee() &&
                         c->getDirectCallee()->getQualifiedNameAsString().rfind("cooperative_groups::", 0) == 0;
  if (name == "sync" && object && of_groups) return group_sync(object);
  if ((name == "sync" || name == "synchronize") && !object && args.size() == 1 && of_groups)
    return group_sync(args[0]);  // cooperative_groups::sync(g)
  if (name == "__threadfence") return fence(kir::Scope::Device);
  if (name == "__threadfence_block") return fence(kir::Scope::Block);
  if (name == "__threadfence_system") return fence(kir::Scope::System);
  // OpenCL 2.0's atomic_work_item_fence(flags, order, scope) orders as far
  // as its scope: memory_scope_device is a device fence, all_svm_devices a
  // system one; the narrower ones (and mem_fence) stay a block fence.
  if (name == "atomic_work_item_fence" && args.size() == 3) {
    std::string s = enumerator(args[2]);
    if (s == "memory_scope_device" || s == "memory_scope_all_svm_devices") {
      effects();
      return fence(scope_from(s));
    }
  }
  if (name == "mem_fence" || name == "read_mem_fence" || name == "write_mem_fence" || name == "atomic_work_item_fence") {
    effects();
    return fence(kir::Scope::Block);
  }
  // cuda::atomic_thread_fence(order, scope): a fence of that scope and
  // order; the default scope is the system. A thread-scope fence orders
  // nothing between threads, and an order that is not a constant counts as
  // the weakest (relaxed): a missed ordering gives a race, never hides one.
  if (lang_ == Language::Cuda && name == "atomic_thread_fence" && !args.empty()) {
    std::string s = args.size() > 1 ? enumerator(args[1]) : "thread_scope_system";
    std::string o = enumerator(args[0]);
    if (s.empty() || s == "thread_scope_thread" || o.empty()) return Expr{};
    emit(kir::Stmt{kir::Fence{scope_from(s), order_from(o), loc(c->getBeginLoc())}});
    return Expr{};
  }

  // ---- atomics
  if (lang_ == Language::Cuda) {
    if (auto a = cuda_atomic(name); a && !args.empty())
      return atomic(a->first, a->second, kir::MemoryOrder::Relaxed, c, args[0],
                    std::vector<const clang::Expr*>(args.begin() + 1, args.end()));
  } else if (auto op = opencl_atomic(name); op && !args.empty()) {
    return atomic(*op, kir::Scope::Device, kir::MemoryOrder::Relaxed, c, args[0],
                  std::vector<const clang::Expr*>(args.begin() + 1, args.end()));
  } else if (auto op = opencl_c11_atomic(name); op && !args.empty()) {
    return opencl_scoped_atomic(*op, c, args);
  }
  if (object) {
    std::string type = object->getType().getCanonicalType().getAsString();
    if (type.find("atomic_ref") != std::string::npos) {
      if (auto op = atomic_ref_op(name)) {
        kir::MemoryOrder order = kir::MemoryOrder::SeqCst;
        std::vector<const clang::Expr*> operands;
        for (const clang::Expr* a : args) {
          std::string e = enumerator(a);
          if (e.find("memory_order") != std::string::npos) order = order_from(e);
          else operands.push_back(a);
        }
        const clang::Expr* cell = temporary_atomic_ref_cell(object);
        LValue l = lvalue(cell ? cell : object);
        if (l.kind != LValue::Kind::Memory) {
          unsupported("atomic_ref racecert cannot resolve", c->getBeginLoc());
          return Expr{};
        }
        std::optional<kir::Scope> scope = atomic_ref_scope(object->getType());
        if (!scope) {
          unsupported("atomic_ref of thread_scope_thread or of a scope racecert cannot read", c->getBeginLoc());
          return Expr{};
        }
        kir::Atomic at;
        at.op = *op;
        at.order = order;
        at.scope = *scope;
        at.at = l.at;
        at.loc = loc(c->getBeginLoc());
        if (*op == "cas" && operands.size() == 2)
          return compare_exchange(std::move(at), l, lvalue(operands[0]), rvalue(operands[0]), rvalue(operands[1]),
                                  operands[0]->getType(), c->getBeginLoc());
        bool step = name == "operator++" || name == "operator--";
        if (step) at.operands = {int_lit(1)};  // a postfix form's int argument is no operand
        else
          for (const clang::Expr* o : operands) at.operands.push_back(rvalue(o));
        if (!c->getType()->isVoidType() && *op != "store") at.var = temporary(scalar_type(c->getType()));
        std::string v = at.var;
        Expr operand = at.operands.empty() ? nullptr : at.operands[0];
        emit(kir::Stmt{std::move(at)});
        return atomic_ref_operator_result(name, c, v.empty() ? Expr{} : var(v), operand);
      }
    }
  }

  // ---- thread coordinates, vectors, images, async copies (OpenCL)
  if (lang_ == Language::OpenCL) {
    if (auto v = vector_builtin(name, c, args)) return *v;
    if (auto v = image_or_async_builtin(name, c, args)) return *v;
    Expr e = opencl_builtin(name, args);
    if (e) return e;
  }

  // ---- integer helpers that indices use
  if ((name == "min" || name == "max" || name == "umin" || name == "umax" || name == "imin" || name == "imax") &&
      args.size() == 2 && c->getType()->isIntegralOrEnumerationType()) {
    Expr a = rvalue(args[0]), b = rvalue(args[1]);
    if (!a || !b) return Expr{};
    return expr::binary(name.find("min") != std::string::npos ? BinOp::Min : BinOp::Max, to_int(a), to_int(b));
  }
  if ((name == "abs" || name == "llabs" || name == "labs") && args.size() == 1 && c->getType()->isIntegralOrEnumerationType()) {
    Expr a = rvalue(args[0]);
    return a ? expr::binary(BinOp::Max, a, expr::unary(UnOp::Neg, a)) : Expr{};
  }
  if ((name == "__mul24" || name == "__umul24" || name == "mul24") && args.size() == 2) {
    Expr a = rvalue(args[0]), b = rvalue(args[1]);
    return a && b ? a * b : Expr{};
  }
  // ---- GPUVerify specifications
  if (name == "__requires" || name == "__global_requires" || name == "__assume") {
    if (args.size() == 1) emit(kir::Stmt{kir::Assume{condition(args[0]), loc(c->getBeginLoc())}});
    return Expr{};
  }
  // Logic that preconditions use and the analysis reads.
  if (name == "__implies" && args.size() == 2) {
    Expr a = condition(args[0]), b = condition(args[1]);
    return a && b ? expr::binary(BinOp::Or, expr::unary(UnOp::Not, a), b) : Expr{};
  }
  if (name == "__ite" && args.size() == 3 && c->getType()->isIntegralOrEnumerationType()) {
    Expr cond = condition(args[0]), a = rvalue(args[1]), b = rvalue(args[2]);
    return cond && a && b ? expr::ite(cond, a, b) : Expr{};
  }
  if (is_gpuverify_ignored(name)) return Expr{};
  if (name == "__assert_fail" || name == "__assert_rtn" || name == "__builtin_trap") {
    emit(kir::Stmt{kir::Assert{bool_lit(false), loc(c->getBeginLoc())}});
    return Expr{};
  }

  // ---- memory in bulk, cache hints, random-number states (lower_builtins.cpp)
  if (auto r = memory_builtin(name, c, args)) return *r;
  return std::nullopt;
}

Expr Lowerer::opencl_builtin(const std::string& name, const std::vector<const clang::Expr*>& args) {
  static const std::map<std::string, const char*> simple = {{"get_local_id", "threadIdx"},
                                                            {"get_group_id", "blockIdx"},
                                                            {"get_local_size", "blockDim"},
                                                            {"get_enqueued_local_size", "blockDim"},
                                                            {"get_num_groups", "gridDim"}};
  bool global_id = name == "get_global_id", global_size = name == "get_global_size";
  auto it = simple.find(name);
  if (it == simple.end() && !global_id && !global_size && name != "get_global_offset") return nullptr;
  if (args.size() != 1) return nullptr;
  auto d = constant(args[0]);
  if (!d || *d < 0 || *d > 2) {
    unsupported("'" + name + "' with a dimension that is not a constant 0, 1 or 2", args[0]->getBeginLoc());
    return nullptr;
  }
  std::string axis = *d == 0 ? ".x" : *d == 1 ? ".y" : ".z";
  // The header's --global_offset, 0 without it.
  std::int64_t offset = static_cast<std::size_t>(*d) < global_offset_.size() ? global_offset_[static_cast<std::size_t>(*d)] : 0;
  if (name == "get_global_offset") return int_lit(offset);
  if (global_id) {
    Expr id = var("blockIdx" + axis) * var("blockDim" + axis) + var("threadIdx" + axis);
    return offset ? int_lit(offset) + id : id;
  }
  if (global_size) return var("gridDim" + axis) * var("blockDim" + axis);
  return var(std::string(it->second) + axis);
}

}  // namespace racecert::frontend::detail
