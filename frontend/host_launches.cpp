// The constant launches of a file's host code (frontend/host_launches.hpp).
//
// A dimension is constant when Clang evaluates it as an integer constant
// expression (literals, #defines, constexpr and const integers, their
// arithmetic), or when it is a dim3 built from such integers: a temporary
// (`dim3(64, 1)`, an integer converted to dim3) or a variable initialised so
// that is either const or used only as a launch dimension (a local
// `dim3 grid(64, 1)` that nothing else may change). Anything else, a
// non-const `int n = 64` included, leaves the launch out: the kernel is then
// checked for every launch, as without host code.
#include "frontend/host_launches.hpp"

#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>

#include <map>
#include <optional>

namespace racecert::frontend::detail {

namespace {

std::string dims_text(const Dim3& d) {
  return d.y == 1 && d.z == 1 ? std::to_string(d.x) : d.str();
}

// e without parentheses, implicit casts, temporaries and copies of a dim3
// (copy constructions and functional casts to the same type).
const clang::Expr* bare(const clang::Expr* e) {
  for (;;) {
    const clang::Expr* next = e->IgnoreParens()->IgnoreImplicit();
    if (const auto* c = llvm::dyn_cast<clang::CXXConstructExpr>(next);
        c && c->getNumArgs() == 1 && c->getConstructor()->isCopyOrMoveConstructor())
      next = c->getArg(0);
    else if (const auto* f = llvm::dyn_cast<clang::CXXFunctionalCastExpr>(next);
             f && f->getSubExpr()->getType()->isRecordType())
      next = f->getSubExpr();
    if (next == e) return e;
    e = next;
  }
}

const clang::VarDecl* variable_of(const clang::Expr* e) {
  if (const auto* r = llvm::dyn_cast<clang::DeclRefExpr>(bare(e))) return llvm::dyn_cast<clang::VarDecl>(r->getDecl());
  return nullptr;
}

class Collector : public clang::RecursiveASTVisitor<Collector> {
 public:
  explicit Collector(clang::ASTContext& ctx) : ctx_(ctx) {}

  bool VisitDeclRefExpr(clang::DeclRefExpr* r) {
    if (const auto* v = llvm::dyn_cast<clang::VarDecl>(r->getDecl())) ++uses_[v->getCanonicalDecl()];
    return true;
  }
  bool VisitCUDAKernelCallExpr(clang::CUDAKernelCallExpr* call) {
    if (ctx_.getSourceManager().isInSystemHeader(ctx_.getSourceManager().getExpansionLoc(call->getBeginLoc())))
      return true;
    const clang::CallExpr* config = call->getConfig();
    if (call->isInstantiationDependent() || !call->getDirectCallee() || !config || config->getNumArgs() < 2) {
      unresolved_.push_back(call);
      return true;
    }
    for (unsigned i = 0; i < 2; ++i)
      if (const clang::VarDecl* v = variable_of(config->getArg(i))) ++launch_uses_[v->getCanonicalDecl()];
    calls_.push_back(call);
    return true;
  }

  // The constant dims of a launch argument (grid or block), if any.
  std::optional<Dim3> dims(const clang::Expr* e, int depth = 0) const {
    if (depth > 8 || e->isValueDependent()) return std::nullopt;
    e = bare(e);
    if (e->getType()->isIntegralOrEnumerationType()) {
      auto x = integer(e);
      if (!x) return std::nullopt;
      return Dim3{*x, 1, 1};
    }
    if (const auto* r = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
      const auto* v = llvm::dyn_cast<clang::VarDecl>(r->getDecl());
      if (!v || !v->getInit()) return std::nullopt;
      const clang::VarDecl* c = v->getCanonicalDecl();
      bool unchanged = v->getType().isConstQualified() ||
                       (v->hasLocalStorage() && uses(uses_, c) == uses(launch_uses_, c));
      if (!unchanged) return std::nullopt;
      return dims(v->getInit(), depth + 1);
    }
    if (const auto* c = llvm::dyn_cast<clang::CXXConstructExpr>(e)) {
      if (c->getNumArgs() == 1 && c->getArg(0)->getType()->isRecordType()) return dims(c->getArg(0), depth + 1);
      return components(c->getArgs(), c->getNumArgs());
    }
    if (const auto* l = llvm::dyn_cast<clang::InitListExpr>(e))  // a uint3 aggregate
      return components(l->getInits(), l->getNumInits());
    return std::nullopt;
  }

  const std::vector<const clang::CUDAKernelCallExpr*>& calls() const { return calls_; }
  // Launches whose kernel or configuration cannot be read (in a template).
  const std::vector<const clang::CUDAKernelCallExpr*>& unresolved() const { return unresolved_; }

 private:
  clang::ASTContext& ctx_;
  std::map<const clang::VarDecl*, int> uses_, launch_uses_;
  std::vector<const clang::CUDAKernelCallExpr*> calls_, unresolved_;

  static int uses(const std::map<const clang::VarDecl*, int>& m, const clang::VarDecl* v) {
    auto it = m.find(v);
    return it == m.end() ? 0 : it->second;
  }

  // A positive launch size, or nothing.
  std::optional<std::int64_t> integer(const clang::Expr* e) const {
    if (e->isValueDependent()) return std::nullopt;
    clang::Expr::EvalResult r;
    if (!e->EvaluateAsInt(r, ctx_) || r.HasSideEffects) return std::nullopt;
    const llvm::APSInt& v = r.Val.getInt();
    if (v.isSigned() ? v.getSExtValue() < 1 : v.getZExtValue() < 1) return std::nullopt;
    if (v.getActiveBits() > 32) return std::nullopt;
    std::int64_t x = v.isSigned() ? v.getSExtValue() : static_cast<std::int64_t>(v.getZExtValue());
    if (x > kMaxLaunchDim) return std::nullopt;
    return x;
  }

  template <typename Arg>
  std::optional<Dim3> components(Arg* const* args, unsigned n) const {
    if (n > 3) return std::nullopt;
    std::int64_t out[3] = {1, 1, 1};
    for (unsigned i = 0; i < n; ++i) {
      auto x = integer(args[i]);
      if (!x) return std::nullopt;
      out[i] = *x;
    }
    return Dim3{out[0], out[1], out[2]};
  }
};

}  // namespace

std::vector<HostLaunch> host_launches(clang::ASTContext& ctx,
                                      const std::function<std::string(const clang::FunctionDecl*)>& kernel_name,
                                      const std::function<SourceLoc(clang::SourceLocation)>& location) {
  Collector c(ctx);
  c.TraverseDecl(ctx.getTranslationUnitDecl());
  std::vector<HostLaunch> out;
  for (const clang::CUDAKernelCallExpr* call : c.calls()) {
    auto grid = c.dims(call->getConfig()->getArg(0));
    auto block = c.dims(call->getConfig()->getArg(1));
    HostLaunch l{kernel_name(call->getDirectCallee()), location(call->getBeginLoc()), {}, {}};
    if (grid && block) {
      l.grid = *grid;
      l.block = *block;
    } else {
      l.constant = false;
    }
    out.push_back(std::move(l));
  }
  for (const clang::CUDAKernelCallExpr* call : c.unresolved())
    out.push_back(HostLaunch{"", location(call->getBeginLoc()), {}, {}, false});
  return out;
}

}  // namespace racecert::frontend::detail

namespace racecert::frontend {

std::string HostLaunch::str() const {
  return "<<<" + detail::dims_text(grid) + ", " + detail::dims_text(block) + ">>>";
}

}  // namespace racecert::frontend
