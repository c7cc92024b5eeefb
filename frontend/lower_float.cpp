// Comparisons of floating-point values (frontend/lowering.hpp). The front end
// tracks no floating-point arithmetic, but it does track floating-point
// values as their bit patterns where they are only moved: a value read from
// memory (the load's result), a copy of it, a constant (Lowerer::float_bits).
// A comparison of two such values is written exactly, as IEEE 754 orders
// them, over the patterns (support/float_order.hpp). Its result is then a function of its operands: a
// comparison of a value every thread of a block read from one cell nothing
// writes (`if (A[0] > 0)`) is the same in every thread, which keeps the
// control flow under it uniform (issue 13, "values that are the same in
// every thread"). Any other floating-point comparison stays untracked.
#include <clang/AST/Expr.h>
#include <llvm/ADT/APFloat.h>

#include "frontend/lowering.hpp"
#include "support/float_order.hpp"

namespace racecert::frontend::detail {

using namespace clang;
using namespace racecert::expr;

namespace {

// The expression under implicit conversions that widen a floating-point
// value (float to double): they are exact and keep the order, NaN included.
const clang::Expr* unwiden(const clang::Expr* e, const ASTContext& ctx) {
  while (true) {
    e = strip(e);
    const auto* c = dyn_cast<ImplicitCastExpr>(e);
    if (!c || c->getCastKind() != CK_FloatingCast) return e;
    const clang::Expr* sub = c->getSubExpr();
    if (!sub->getType()->isRealFloatingType() || ctx.getTypeSize(sub->getType()) >= ctx.getTypeSize(e->getType()))
      return e;
    e = sub;
  }
}

std::optional<FloatFormat> format_of(const llvm::fltSemantics& s) {
  if (&s == &llvm::APFloat::IEEEhalf()) return FloatFormat::Half;
  if (&s == &llvm::APFloat::IEEEsingle()) return FloatFormat::Single;
  if (&s == &llvm::APFloat::IEEEdouble()) return FloatFormat::Double;
  return std::nullopt;
}

}  // namespace

Expr Lowerer::float_comparison(const clang::BinaryOperator* b) {
  // Each side is lowered once: for its value, or (when the comparison stays
  // untracked) for its effects, the loads it makes.
  auto untracked = [&] {
    effect(b->getLHS());
    effect(b->getRHS());
    return Expr{};
  };
  BinOp op = BinOp::Eq;
  switch (b->getOpcode()) {
    case BO_LT: op = BinOp::Lt; break;
    case BO_LE: op = BinOp::Le; break;
    case BO_GT: op = BinOp::Gt; break;
    case BO_GE: op = BinOp::Ge; break;
    case BO_EQ: op = BinOp::Eq; break;
    case BO_NE: op = BinOp::Ne; break;
    default: return untracked();
  }
  const clang::Expr* sides[2] = {unwiden(b->getLHS(), ctx_), unwiden(b->getRHS(), ctx_)};
  // The format both sides are compared in: the narrower one a tracked value
  // has (a constant fits itself to it).
  const llvm::fltSemantics* sem = nullptr;
  llvm::APFloat values[2] = {llvm::APFloat(0.0), llvm::APFloat(0.0)};
  bool constant[2] = {false, false};
  for (int i = 0; i < 2; ++i) {
    const clang::Expr* s = sides[i];
    if (!s->getType()->isRealFloatingType() || s->isValueDependent() || s->containsErrors()) return untracked();
    constant[i] = s->EvaluateAsFloat(values[i], ctx_, clang::Expr::SE_NoSideEffects);
    if (!constant[i]) {
      const llvm::fltSemantics& own = ctx_.getFloatTypeSemantics(s->getType());
      if (sem && sem != &own) return untracked();  // a float against a double variable
      sem = &own;
    }
  }
  if (!sem) return untracked();  // two constants: Clang folds those itself
  std::optional<FloatFormat> f = format_of(*sem);
  if (!f) return untracked();
  Expr operands[2];
  for (int i = 0; i < 2; ++i)
    if (constant[i]) {
      bool loses = false;
      if (values[i].convert(*sem, llvm::APFloat::rmNearestTiesToEven, &loses) != llvm::APFloat::opOK || loses)
        return untracked();  // not exactly a value of the format
      operands[i] = int_lit(static_cast<std::int64_t>(values[i].bitcastToAPInt().getZExtValue()));
    }
  for (int i = 0; i < 2; ++i)
    if (!constant[i]) operands[i] = rvalue(sides[i]);
  for (const Expr& o : operands)
    if (!o || is_bool(o)) return nullptr;
  return float_compare(op, *f, operands[0], operands[1]);
}

}  // namespace racecert::frontend::detail
