// Lowering of objects of the file's own classes: constructors run on the
// object (member initializers, base-class and delegated-to constructors), as
// CudaDMA-style classes are built (frontend/lowering.hpp, docs/frontend.md).
#include <functional>
#include <set>

#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>

#include "frontend/lowering.hpp"

namespace racecert::frontend::detail {

using namespace clang;
using namespace racecert::expr;

std::optional<std::string> hidden_field(const CXXRecordDecl* record) {
  std::set<std::string> seen;
  std::function<std::optional<std::string>(const CXXRecordDecl*)> walk =
      [&](const CXXRecordDecl* r) -> std::optional<std::string> {
    if (!r || !r->hasDefinition()) return std::nullopt;
    for (const FieldDecl* f : r->fields())
      if (!f->getName().empty() && !seen.insert(f->getNameAsString()).second) return f->getNameAsString();
    for (const CXXBaseSpecifier& b : r->bases())
      if (auto h = walk(b.getType()->getAsCXXRecordDecl())) return h;
    return std::nullopt;
  };
  return walk(record);
}

bool Lowerer::run_constructor(const CXXConstructExpr* ctor, const LValue& target) {
  const FunctionDecl* def = ctor->getConstructor()->getDefinition();
  if (!def || !def->hasBody() || !ctor->getConstructor()->isUserProvided()) return false;
  if (auto h = hidden_field(ctor->getConstructor()->getParent())) {
    unsupported("a field '" + *h + "' that hides a base class's field of the same name", ctor->getBeginLoc());
    return true;
  }
  inline_call(def, ctor, std::vector<const clang::Expr*>(ctor->arg_begin(), ctor->arg_end()), nullptr, &target);
  return true;
}

void Lowerer::member_initializers(const CXXConstructorDecl* ctor, const LValue& self) {
  // `Tracked(T *p) : ptr(p), n(0) {}`: each member from its initializer,
  // before the body runs. A base class or delegated-to constructor the
  // file defines runs on the same object (`Derived(..) : Base(id, n)`, as
  // CudaDMA's classes are built): the fields of a base are fields of the
  // object. Any other base or delegating initializer is only evaluated
  // (its fields stay unknown).
  for (const CXXCtorInitializer* init : ctor->inits()) {
    const clang::Expr* value = init->getInit();
    const FieldDecl* field = init->getMember();
    if (!field || !value) {
      if (!value) continue;
      const auto* construct = dyn_cast<CXXConstructExpr>(strip(value)->IgnoreImplicit());
      if ((init->isBaseInitializer() || init->isDelegatingInitializer()) && construct &&
          run_constructor(construct, self))
        continue;
      effect(value);
      continue;
    }
    value = strip(value);
    if (const auto* paren = dyn_cast<ParenListExpr>(value); paren && paren->getNumExprs() == 1) value = strip(paren->getExpr(0));
    LValue target = field_of(self, field);
    QualType t = field->getType();
    if (t->isPointerType() && !t->isFunctionPointerType()) {
      store_pointer(target, pointer(value), init->getSourceLocation());
    } else if (t->isRecordType()) {
      const clang::Expr* src = value->IgnoreImplicit();
      // A member object built by a constructor the file defines runs it on
      // the member (`Dma dma; Pipe(..) : dma(id, n) {}`); a copy copies.
      const auto* construct = dyn_cast<CXXConstructExpr>(src);
      if (construct && target.kind == LValue::Kind::Variable && run_constructor(construct, target)) continue;
      if (construct && construct->getNumArgs() == 1 && construct->getArg(0)->isGLValue())
        copy_record(target, lvalue(construct->getArg(0)), t, init->getSourceLocation());
      else
        effect(value);
    } else if (t->isReferenceType() || t->isArrayType() || t->isFunctionPointerType()) {
      effect(value);
      if (t->isReferenceType()) unsupported("a reference member", init->getSourceLocation());
    } else {
      assign(target, rvalue(value), init->getSourceLocation());
    }
  }
}

}  // namespace racecert::frontend::detail
