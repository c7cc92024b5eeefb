// Lowering of expressions (frontend/lowering.hpp); lvalues, memory and
// pointers are in lower_location.cpp.
#include <clang/AST/Attr.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecordLayout.h>

#include "frontend/lowering.hpp"

namespace racecert::frontend::detail {

using namespace clang;
using namespace racecert::expr;

namespace {

bool is_builtin_coordinate(const std::string& n) {
  return n == "threadIdx" || n == "blockIdx" || n == "blockDim" || n == "gridDim";
}

}  // namespace

const clang::Expr* strip(const clang::Expr* e) {
  while (true) {
    e = e->IgnoreParens();
    if (const auto* c = dyn_cast<ExprWithCleanups>(e)) e = c->getSubExpr();
    else if (const auto* m = dyn_cast<MaterializeTemporaryExpr>(e)) e = m->getSubExpr();
    else if (const auto* b = dyn_cast<CXXBindTemporaryExpr>(e)) e = b->getSubExpr();
    else if (const auto* k = dyn_cast<ConstantExpr>(e)) e = k->getSubExpr();
    else return e;
  }
}

// Whether a declared variable's value is unknown to constant folding: not
// constexpr, not a reference (it may bind a constant), and not const,
// itself or (an array) in its elements. C and C++ alike fold only const
// ones.
static bool unknown_to_folding(const ValueDecl* d, const ASTContext& ctx) {
  const auto* v = dyn_cast_or_null<VarDecl>(d);
  if (!v || v->isConstexpr()) return false;
  QualType t = v->getType();
  if (t.isNull() || t->isReferenceType() || t.isConstQualified()) return false;
  return !(t->isArrayType() && ctx.getBaseElementType(t).isConstQualified());
}

// Whether e, read as a value, reads what constant folding cannot: a
// variable unknown to it (of an arithmetic type), an element of an array or
// pointer variable unknown to it, or an arithmetic operator with such an
// operand, a few levels deep. Clang's evaluator rejects these too, but at
// the cost of a full evaluation attempt for each of the nodes rvalue()
// visits, integer and float alike: 4 % of the check of an 8,000-statement
// kernel (issue 18). Not &&, || or ?: (`0 && x` folds).
static bool reads_a_variable(const clang::Expr* e, const ASTContext& ctx, int depth = 3) {
  e = e->IgnoreParenImpCasts();
  if (const auto* r = dyn_cast<DeclRefExpr>(e))
    return !r->getType().isNull() && r->getType()->isArithmeticType() && unknown_to_folding(r->getDecl(), ctx);
  if (const auto* a = dyn_cast<ArraySubscriptExpr>(e)) {
    const auto* base = dyn_cast<DeclRefExpr>(a->getBase()->IgnoreParenImpCasts());
    return base && unknown_to_folding(base->getDecl(), ctx);
  }
  if (depth == 0) return false;
  if (const auto* b = dyn_cast<BinaryOperator>(e)) {
    if (b->isLogicalOp() || b->isCommaOp() || b->isAssignmentOp()) return false;
    return reads_a_variable(b->getLHS(), ctx, depth - 1) || reads_a_variable(b->getRHS(), ctx, depth - 1);
  }
  if (const auto* u = dyn_cast<UnaryOperator>(e)) {
    UnaryOperatorKind k = u->getOpcode();
    if (k != UO_Minus && k != UO_Plus && k != UO_Not) return false;
    return reads_a_variable(u->getSubExpr(), ctx, depth - 1);
  }
  return false;
}

std::optional<std::int64_t> Lowerer::constant(const clang::Expr* e) const {
  if (e->getType().isNull() || e->containsErrors() || e->isValueDependent() || e->isTypeDependent()) return std::nullopt;
  if (!e->getType()->isIntegralOrEnumerationType()) return std::nullopt;
  if (reads_a_variable(e, ctx_)) return std::nullopt;
  clang::Expr::EvalResult r;
  if (!e->EvaluateAsInt(r, ctx_, clang::Expr::SE_NoSideEffects)) return std::nullopt;
  return r.Val.getInt().getExtValue();
}

Expr Lowerer::float_bits(const clang::Expr* e) const {
  if (e->getType().isNull() || !e->getType()->isRealFloatingType() || e->containsErrors() || e->isValueDependent())
    return nullptr;
  if (reads_a_variable(e, ctx_)) return nullptr;
  llvm::APFloat f(0.0);
  if (!e->EvaluateAsFloat(f, ctx_, clang::Expr::SE_NoSideEffects)) return nullptr;
  llvm::APInt bits = f.bitcastToAPInt();
  if (bits.getBitWidth() > 64) return nullptr;  // long double
  // A double's pattern may not fit a positive int64: its 64 bits read as
  // two's complement still compare equal exactly when the patterns do.
  return int_lit(static_cast<std::int64_t>(bits.getZExtValue()));
}

Expr Lowerer::to_bool(Expr e) const {
  if (!e) return nullptr;
  return is_bool(e) ? e : expr::binary(BinOp::Ne, e, int_lit(0));
}

Expr Lowerer::to_int(Expr e) const {
  if (!e) return nullptr;
  return is_bool(e) ? ite(e, int_lit(1), int_lit(0)) : e;
}

// Integer widths (docs/frontend.md): a C operation on a type of at most 32
// bits wraps its result into the type's range, as the hardware does
// (unsigned arithmetic by the standard, signed overflow as nvcc compiles
// it). Every such result is written as a wrap; kir::remove_redundant_wraps
// drops the wraps an interval analysis proves unnecessary, so that loops
// and indices stay linear where nothing can overflow. 64-bit types stay
// mathematical.
Expr Lowerer::fit(Expr value, QualType t) const {
  if (!value || t.isNull() || t->isBooleanType() || !t->isIntegerType() || t->isDependentType()) return value;
  std::uint64_t bits = ctx_.getIntWidth(t);
  if (bits > 32) return value;
  return expr::wrap(to_int(value), static_cast<int>(bits), t->isSignedIntegerType());
}

void Lowerer::declare_range(const std::string& var, QualType t) {
  if (t.isNull() || t->isDependentType()) return;
  t = t.getCanonicalType().getNonReferenceType();
  if (t->isBooleanType()) {
    declared_ranges_[var] = kir::IntRange{0, 1};
    return;
  }
  if (!t->isIntegerType()) return;
  std::uint64_t bits = ctx_.getIntWidth(t);
  if (bits >= 64) {
    if (t->isUnsignedIntegerType()) declared_ranges_[var] = kir::IntRange{0, INT64_MAX};
    return;
  }
  std::int64_t n = std::int64_t{1} << bits;
  declared_ranges_[var] = t->isSignedIntegerType() ? kir::IntRange{-n / 2, n / 2 - 1} : kir::IntRange{0, n - 1};
}

// A conversion between integer types wraps the value into the target's
// range unless every value of the source type fits: `unsigned char c =
// threadIdx.x` maps threads t and t + 256 together, and `unsigned i =
// threadIdx.x - 1` is 4294967295 in thread 0.
Expr Lowerer::narrow(Expr value, QualType from, QualType to) const {
  if (!value || to->isBooleanType() || !to->isIntegerType()) return value;
  std::uint64_t bits = ctx_.getIntWidth(to);
  if (bits > 32) return value;
  if (from->isBooleanType()) return value;
  if (from->isIntegerType() && !from->isDependentType()) {
    std::uint64_t from_bits = ctx_.getIntWidth(from);
    bool same_sign = from->isSignedIntegerType() == to->isSignedIntegerType();
    if ((same_sign && from_bits <= bits) || (from->isUnsignedIntegerType() && to->isSignedIntegerType() && from_bits < bits))
      return value;
  }
  return fit(value, to);
}

Expr Lowerer::builtin_member(const MemberExpr* m) const {
  const auto* base = dyn_cast<DeclRefExpr>(strip(m->getBase())->IgnoreImpCasts());
  if (!base) return nullptr;
  std::string b = base->getDecl()->getNameAsString();
  if (!is_builtin_coordinate(b)) return nullptr;
  std::string f = m->getMemberDecl()->getNameAsString();
  if (f != "x" && f != "y" && f != "z") return nullptr;
  return var(b + "." + f);
}

bool Lowerer::untyped(const clang::Expr* e) {
  if (e->containsErrors()) {
    // Clang has reported the error; the kernel is unknown because of it.
    unsupported("code that does not compile", e->getBeginLoc());
    return true;
  }
  if (e->getType().isNull()) {
    unsupported(std::string("expression without a type ('") + e->getStmtClassName() + "')", e->getBeginLoc());
    return true;
  }
  return false;
}

// ------------------------------------------------------------------ rvalues

Expr Lowerer::condition(const clang::Expr* e) {
  if (untyped(e)) return nullptr;
  if (e->getType()->isPointerType()) {
    effect(e);
    return nullptr;
  }
  return to_bool(rvalue(e));
}

void Lowerer::effect(const clang::Expr* e) {
  e = strip(e);
  if (untyped(e)) return;
  // x++ as a statement: the old value is not needed.
  if (const auto* u = dyn_cast<UnaryOperator>(e); u && u->isIncrementDecrementOp()) {
    increment(u->getSubExpr(), u->isIncrementOp(), true, u->getBeginLoc());
    return;
  }
  if (const auto* c = dyn_cast<CastExpr>(e)) return effect(c->getSubExpr());
  if (const auto* b = dyn_cast<BinaryOperator>(e)) {
    if (b->getOpcode() == BO_Comma) {
      effect(b->getLHS());
      return effect(b->getRHS());
    }
  }
  if (e->getType()->isPointerType() && !isa<CallExpr>(e) && !isa<BinaryOperator>(e) && !isa<UnaryOperator>(e)) {
    pointer(e);
    return;
  }
  rvalue(e);
}

Expr Lowerer::rvalue(const clang::Expr* e) {
  e = strip(e);
  if (untyped(e)) return nullptr;
  if (auto c = constant(e)) return int_lit(*c);
  if (Expr v = vector_constant(e)) return v;  // (float4)(1, 2, 3, 4)
  // threadIdx.x and co (read through an lvalue-to-rvalue conversion).
  if (const auto* m = dyn_cast<MemberExpr>(strip(e->IgnoreImpCasts())))
    if (Expr b = builtin_member(m)) return narrow(b, m->getType(), e->getType());
  // The same with a real CUDA installation (--cuda-path): Clang's
  // __clang_cuda_builtin_vars.h makes x, y and z properties of the builtin
  // structs, so threadIdx.x is a pseudo-object expression.
  if (const auto* p = dyn_cast<PseudoObjectExpr>(strip(e->IgnoreImpCasts())))
    if (const auto* m = dyn_cast<MSPropertyRefExpr>(p->getSyntacticForm()->IgnoreParens())) {
      const clang::Expr* object = m->getBaseExpr()->IgnoreImpCasts();
      if (const auto* o = dyn_cast<OpaqueValueExpr>(object)) object = o->getSourceExpr()->IgnoreImpCasts();
      if (const auto* base = dyn_cast<DeclRefExpr>(object)) {
        std::string b = base->getDecl()->getNameAsString(), f = m->getPropertyDecl()->getNameAsString();
        if (is_builtin_coordinate(b) && (f == "x" || f == "y" || f == "z"))
          return narrow(var(b + "." + f), p->getType(), e->getType());
      }
    }
  if (isa<CXXBoolLiteralExpr>(e)) return bool_lit(cast<CXXBoolLiteralExpr>(e)->getValue());
  switch (e->getStmtClass()) {
    case Stmt::FloatingLiteralClass:
    case Stmt::StringLiteralClass:
    case Stmt::CXXNullPtrLiteralExprClass:
    case Stmt::GNUNullExprClass:
      return nullptr;
    case Stmt::DeclRefExprClass: {
      const ValueDecl* d = cast<DeclRefExpr>(e)->getDecl();
      if (const Binding* b = lookup(d)) {
        if (b->kind == Binding::Kind::Scalar) return var(b->name);
        if (b->kind == Binding::Kind::Location) {
          LValue l{LValue::Kind::Memory, "", b->location, ""};
          return read(l, e->getType(), e->getBeginLoc());
        }
        if (b->kind == Binding::Kind::Place) return read(b->place, e->getType(), e->getBeginLoc());
        return nullptr;  // a pointer used as a number
      }
      if (const auto* p = dyn_cast<NonTypeTemplateParmDecl>(d)) {
        // An uninstantiated template: its parameters are uniform unknowns.
        std::string n = p->getNameAsString();
        if (!k_.find_variable(n)) {
          k_.parameters.push_back(kir::Variable{n, scalar_type(p->getType()), loc(p->getLocation())});
          declare_range(n, p->getType());
        }
        return var(n);
      }
      if (const auto* v = dyn_cast<VarDecl>(d)) {
        if (v->hasGlobalStorage() && !v->getType()->isArrayType()) {
          // A scalar in device memory (or a host global without a constant value).
          LValue l = lvalue(e);
          if (l.kind == LValue::Kind::Memory) return read(l, e->getType(), e->getBeginLoc());
        }
      }
      return nullptr;
    }
    case Stmt::MemberExprClass: {
      const auto* m = cast<MemberExpr>(e);
      if (Expr b = builtin_member(m)) return b;
      LValue l = member(m);
      return read(l, e->getType(), e->getBeginLoc());
    }
    case Stmt::ArraySubscriptExprClass:
      return read(lvalue(e), e->getType(), e->getBeginLoc());
    case Stmt::ImplicitCastExprClass:
    case Stmt::CStyleCastExprClass:
    case Stmt::CXXStaticCastExprClass:
    case Stmt::CXXFunctionalCastExprClass:
    case Stmt::CXXConstCastExprClass:
    case Stmt::CXXReinterpretCastExprClass: {
      const auto* c = cast<CastExpr>(e);
      const clang::Expr* sub = c->getSubExpr();
      switch (c->getCastKind()) {
        case CK_LValueToRValue:
          if (sub->getType()->isPointerType()) {
            pointer(sub);
            return nullptr;
          }
          // c ? a : b as an lvalue: read whichever is chosen.
          if (isa<ConditionalOperator>(strip(sub))) return rvalue(strip(sub));
          return read(lvalue(sub), e->getType(), e->getBeginLoc());
        case CK_IntegralCast:
          return narrow(rvalue(sub), sub->getType(), e->getType());
        case CK_NoOp:
        case CK_UserDefinedConversion:
        case CK_ConstructorConversion:
          return rvalue(sub);
        case CK_IntegralToBoolean:
          return to_bool(rvalue(sub));
        case CK_BooleanToSignedIntegral:
        case CK_IntegralToPointer:
          rvalue(sub);
          return nullptr;
        case CK_PointerToBoolean:
        case CK_PointerToIntegral:
        case CK_ArrayToPointerDecay:
        case CK_BitCast:
          pointer(sub);
          return nullptr;
        default:
          effect(sub);
          return nullptr;
      }
    }
    case Stmt::BinaryOperatorClass:
    case Stmt::CompoundAssignOperatorClass:
      return binary(cast<BinaryOperator>(e));
    case Stmt::UnaryOperatorClass:
      return unary(cast<UnaryOperator>(e));
    case Stmt::ConditionalOperatorClass: {
      const auto* c = cast<ConditionalOperator>(e);
      Expr cond = condition(c->getCond());
      std::string tmp = temporary(scalar_type(e->getType()));
      kir::If i;
      i.cond = cond;
      i.loc = loc(e->getBeginLoc());
      i.then_body = collect([&] { emit(kir::Stmt{kir::Assign{tmp, to_int(rvalue(c->getTrueExpr())), {}}}); });
      i.else_body = collect([&] { emit(kir::Stmt{kir::Assign{tmp, to_int(rvalue(c->getFalseExpr())), {}}}); });
      emit(kir::Stmt{std::move(i)});
      return var(tmp);
    }
    case Stmt::CallExprClass:
    case Stmt::CXXMemberCallExprClass:
    case Stmt::CXXOperatorCallExprClass: {
      const auto* c = cast<CallExpr>(e);
      Expr v = call(c);
      // An inlined call returning a reference: the value is read through it.
      if (auto place = returned_place(c); place && c->getCallReturnType(ctx_)->isReferenceType())
        return read(*place, e->getType(), e->getBeginLoc());
      return v;
    }
    case Stmt::CXXConstructExprClass:
    case Stmt::CXXTemporaryObjectExprClass:
      for (const clang::Expr* a : cast<CXXConstructExpr>(e)->arguments()) effect(a);
      return nullptr;
    case Stmt::InitListExprClass:
      for (const clang::Expr* a : cast<InitListExpr>(e)->inits()) effect(a);
      return nullptr;
    case Stmt::CXXDefaultArgExprClass:
      return rvalue(cast<CXXDefaultArgExpr>(e)->getExpr());
    case Stmt::UnaryExprOrTypeTraitExprClass:
    case Stmt::CXXNoexceptExprClass:
    case Stmt::TypeTraitExprClass:
      return nullptr;
    case Stmt::LambdaExprClass:
      unsupported("lambda", e->getBeginLoc());
      return nullptr;
    case Stmt::StmtExprClass:
      unsupported("statement expression", e->getBeginLoc());
      return nullptr;
    default:
      if (e->isTypeDependent() || e->isValueDependent()) {
        unsupported(std::string("template-dependent expression '") + e->getStmtClassName() + "'", e->getBeginLoc());
        return nullptr;
      }
      for (const Stmt* child : e->children())
        if (const auto* ce = dyn_cast_or_null<clang::Expr>(child)) effect(ce);
      return nullptr;
  }
}

Expr Lowerer::binary(const BinaryOperator* b) {
  BinaryOperatorKind op = b->getOpcode();
  if (b->isAssignmentOp()) {
    const clang::Expr* lhs = b->getLHS();
    if (lhs->getType()->isFunctionPointerType()) return function_pointer_assignment(b);  // lower_indirect.cpp
    if (lhs->getType()->isPointerType()) {
      // p = q or p += k: on a pointer variable or field, its slot; on a
      // pointer in memory, a store.
      LValue target = lvalue(lhs);
      std::optional<PointerValue> value;
      if (op == BO_Assign) {
        value = pointer(b->getRHS());
      } else if (op == BO_AddAssign || op == BO_SubAssign) {
        PointerValue cur = load_pointer(target, lhs->getType(), b->getBeginLoc());
        Expr k = rvalue(b->getRHS());
        value = advance(cur, k ? to_int(k) : nullptr, lhs->getType()->getPointeeType(), op == BO_SubAssign);
      } else {
        effect(b->getRHS());
      }
      store_pointer(target, value, b->getBeginLoc());
      return nullptr;
    }
    Expr rhs = rvalue(b->getRHS());
    LValue target = lvalue(lhs);
    Expr value = rhs;
    if (op != BO_Assign) {
      Expr current = read(target, lhs->getType(), b->getBeginLoc());
      BinOp bop = BinOp::Add;
      switch (op) {
        case BO_AddAssign: bop = BinOp::Add; break;
        case BO_SubAssign: bop = BinOp::Sub; break;
        case BO_MulAssign: bop = BinOp::Mul; break;
        case BO_DivAssign: bop = BinOp::Div; break;
        case BO_RemAssign: bop = BinOp::Mod; break;
        case BO_ShlAssign: bop = BinOp::Shl; break;
        case BO_ShrAssign: bop = BinOp::Shr; break;
        case BO_AndAssign: bop = BinOp::BitAnd; break;
        case BO_OrAssign: bop = BinOp::BitOr; break;
        case BO_XorAssign: bop = BinOp::BitXor; break;
        default: break;
      }
      bool integral = lhs->getType()->isIntegralOrEnumerationType() && b->getRHS()->getType()->isIntegralOrEnumerationType();
      value = nullptr;
      if (integral && current && rhs) {
        // x op= y computes in the computation type, then converts back.
        const auto* c = cast<CompoundAssignOperator>(b);
        Expr lhs_value = narrow(to_int(current), lhs->getType(), c->getComputationLHSType());
        value = expr::binary(bop, lhs_value, to_int(rhs));
        if (bop != BinOp::Div && bop != BinOp::Mod && bop != BinOp::Shr && bop != BinOp::BitAnd && bop != BinOp::BitOr &&
            bop != BinOp::BitXor)
          value = fit(value, c->getComputationResultType());
        value = narrow(value, c->getComputationResultType(), lhs->getType());
      }
    }
    if (lhs->getType()->isBooleanType()) value = to_bool(value);
    // A floating-point constant stored to memory is stored as its bit
    // pattern, so that two writes of one constant are writes of the same
    // value (benign, as for integers). Only the store carries it: the
    // expression's value stays untracked, as every floating-point value.
    Expr stored = value;
    if (op == BO_Assign && !stored && target.kind == LValue::Kind::Memory) stored = float_bits(b->getRHS());
    assign(target, stored, b->getBeginLoc());
    return value;
  }
  switch (op) {
    case BO_Comma:
      effect(b->getLHS());
      return rvalue(b->getRHS());
    case BO_LAnd:
    case BO_LOr: {
      Expr l = condition(b->getLHS());
      Expr r;
      kir::Block rhs_code = collect([&] { r = condition(b->getRHS()); });
      if (rhs_code.empty()) {
        if (!l || !r) return nullptr;
        return op == BO_LAnd ? conj(l, r) : disj(l, r);
      }
      // The right operand reads memory: only when the left one does not decide.
      std::string tmp = temporary(kir::ScalarType::Bool);
      kir::If i;
      i.cond = op == BO_LAnd ? l : (l ? neg(l) : nullptr);
      i.loc = loc(b->getBeginLoc());
      i.then_body = std::move(rhs_code);
      i.then_body.push_back(kir::Stmt{kir::Assign{tmp, to_int(r), {}}});
      i.else_body.push_back(kir::Stmt{kir::Assign{tmp, int_lit(op == BO_LOr ? 1 : 0), {}}});
      emit(kir::Stmt{std::move(i)});
      return expr::binary(BinOp::Ne, var(tmp), int_lit(0));
    }
    default:
      break;
  }
  const clang::Expr* lhs = b->getLHS();
  const clang::Expr* rhs = b->getRHS();
  if ((op == BO_EQ || op == BO_NE) && (lhs->getType()->isFunctionPointerType() || rhs->getType()->isFunctionPointerType()))
    return function_comparison(b);  // lower_indirect.cpp
  if (lhs->getType()->isPointerType() || rhs->getType()->isPointerType()) {
    std::optional<PointerValue> p = lhs->getType()->isPointerType() ? pointer(lhs) : std::nullopt;
    std::optional<PointerValue> q = rhs->getType()->isPointerType() ? pointer(rhs) : std::nullopt;
    if (op == BO_Sub && p && q && !p->array.empty() && p->array == q->array && p->offset && q->offset)
      return p->offset - q->offset;  // elements between two pointers into one array
    if (!p) rvalue(lhs);
    if (!q) rvalue(rhs);
    return nullptr;
  }
  if (b->isComparisonOp() && lhs->getType()->isRealFloatingType() && rhs->getType()->isRealFloatingType())
    return float_comparison(b);
  Expr l = rvalue(lhs), r = rvalue(rhs);
  // A type parameter of an uninstantiated template counts as an integer
  // (mathematical, like every integer here); its values are tracked only
  // where they come from tracked integers.
  auto integer = [](const clang::Expr* x) { return x->getType()->isIntegralOrEnumerationType() || x->getType()->isDependentType(); };
  bool integral = integer(lhs) && integer(rhs);
  if (!l || !r || !integral) return nullptr;
  l = to_int(l);
  r = to_int(r);
  switch (op) {
    case BO_Add: return fit(expr::binary(BinOp::Add, l, r), b->getType());
    case BO_Sub: return fit(expr::binary(BinOp::Sub, l, r), b->getType());
    case BO_Mul: return fit(expr::binary(BinOp::Mul, l, r), b->getType());
    case BO_Div: return expr::binary(BinOp::Div, l, r);
    case BO_Rem: return expr::binary(BinOp::Mod, l, r);
    case BO_Shl: return fit(expr::binary(BinOp::Shl, l, r), b->getType());
    case BO_Shr: return expr::binary(BinOp::Shr, l, r);
    case BO_And: return expr::binary(BinOp::BitAnd, l, r);
    case BO_Or: return expr::binary(BinOp::BitOr, l, r);
    case BO_Xor: return expr::binary(BinOp::BitXor, l, r);
    case BO_EQ: return expr::binary(BinOp::Eq, l, r);
    case BO_NE: return expr::binary(BinOp::Ne, l, r);
    case BO_LT: return expr::binary(BinOp::Lt, l, r);
    case BO_LE: return expr::binary(BinOp::Le, l, r);
    case BO_GT: return expr::binary(BinOp::Gt, l, r);
    case BO_GE: return expr::binary(BinOp::Ge, l, r);
    default: return nullptr;
  }
}

Expr Lowerer::unary(const UnaryOperator* u) {
  const clang::Expr* sub = u->getSubExpr();
  switch (u->getOpcode()) {
    case UO_PreInc: return increment(sub, true, true, u->getBeginLoc());
    case UO_PreDec: return increment(sub, false, true, u->getBeginLoc());
    case UO_PostInc: return increment(sub, true, false, u->getBeginLoc());
    case UO_PostDec: return increment(sub, false, false, u->getBeginLoc());
    case UO_AddrOf:
      pointer(u);
      return nullptr;
    case UO_Deref:
      return read(lvalue(u), u->getType(), u->getBeginLoc());
    case UO_Plus:
      return rvalue(sub);
    case UO_Minus: {
      Expr v = rvalue(sub);
      return v && sub->getType()->isIntegralOrEnumerationType() ? fit(expr::unary(UnOp::Neg, to_int(v)), u->getType()) : nullptr;
    }
    case UO_Not: {
      // ~u of an unsigned is 2^32 - 1 - u, not the int64 complement.
      Expr v = rvalue(sub);
      return v && sub->getType()->isIntegralOrEnumerationType() ? fit(expr::unary(UnOp::BitNot, to_int(v)), u->getType())
                                                                : nullptr;
    }
    case UO_LNot: {
      Expr v = condition(sub);
      return v ? neg(v) : nullptr;
    }
    default:
      return rvalue(sub);
  }
}

Expr Lowerer::increment(const clang::Expr* target, bool up, bool prefix, clang::SourceLocation where) {
  if (target->getType()->isPointerType()) {
    LValue l = lvalue(target);
    PointerValue now = load_pointer(l, target->getType(), where);
    store_pointer(l, advance(now, int_lit(1), target->getType()->getPointeeType(), !up), where);
    return nullptr;
  }
  LValue l = lvalue(target);
  Expr old = read(l, target->getType(), where);
  bool integral = target->getType()->isIntegralOrEnumerationType();
  Expr updated =
      old && integral ? fit(expr::binary(up ? BinOp::Add : BinOp::Sub, to_int(old), int_lit(1)), target->getType()) : nullptr;
  if (!prefix && old && l.kind == LValue::Kind::Variable) {
    // x++ yields the old value: keep it before x changes.
    std::string tmp = temporary(scalar_type(target->getType()));
    emit(kir::Stmt{kir::Assign{tmp, to_int(old), loc(where)}});
    old = var(tmp);
  }
  assign(l, updated, where);
  return prefix ? updated : old;
}

}  // namespace racecert::frontend::detail
