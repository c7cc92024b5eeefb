// Lowering of OpenCL vector types (frontend/lowering.hpp): swizzles and
// vector subscripts as byte views of the vector's cell, vector literals,
// vloadN/vstoreN (and the _half forms) as element accesses, and integer
// convert_T as a value.
//
// A vector in memory is one element of its array (`__global float4 *p`: 16-
// byte elements). A whole-vector access is an access of that element; a
// component access (`p[i].y`, `p[i].s01`, `p[i].lo`) is a byte view of it
// (docs/frontend.md "Vectors"), so `p[i].x` and `p[i].y` never conflict
// while `p[i]` and `p[i].y` do. A vector in a private variable is a value:
// its components need no memory access, and its value is untracked.
#include <regex>

#include <clang/AST/Expr.h>

#include "frontend/lowering.hpp"
#include "frontend/vector_view.hpp"

namespace racecert::frontend::detail {

using namespace clang;
using namespace racecert::expr;

namespace {

const VectorType* vector_type(QualType t) {
  if (t.isNull()) return nullptr;
  return t.getCanonicalType()->getAs<VectorType>();
}

// e is v, or a component or subscript of it.
bool refers_to(const clang::Expr* e, const VarDecl* v) {
  while (true) {
    e = strip(e)->IgnoreImpCasts();
    if (const auto* s = dyn_cast<ExtVectorElementExpr>(e)) e = s->getBase();
    else if (const auto* s = dyn_cast<ArraySubscriptExpr>(e)) e = s->getBase();
    else break;
  }
  const auto* r = dyn_cast<DeclRefExpr>(e);
  return r && r->getDecl() == v;
}

// Whether anything in s may write v (or a part of it) or let its address out.
bool may_write(const Stmt* s, const VarDecl* v) {
  if (!s) return false;
  if (const auto* b = dyn_cast<BinaryOperator>(s); b && b->isAssignmentOp() && refers_to(b->getLHS(), v)) return true;
  if (const auto* u = dyn_cast<UnaryOperator>(s);
      u && (u->isIncrementDecrementOp() || u->getOpcode() == UO_AddrOf) && refers_to(u->getSubExpr(), v))
    return true;
  for (const Stmt* child : s->children())
    if (may_write(child, v)) return true;
  return false;
}

}  // namespace

bool Lowerer::vector_declaration(const VarDecl* d) {
  const VectorType* t = vector_type(d->getType());
  const clang::Expr* init = d->getInit();
  if (!t || !t->getElementType()->isIntegerType() || !init || init->isValueDependent()) return false;
  init = strip(init)->IgnoreImpCasts();
  if (const auto* l = dyn_cast<CompoundLiteralExpr>(init)) init = strip(l->getInitializer());
  std::vector<const clang::Expr*> parts;
  if (const auto* list = dyn_cast<InitListExpr>(init)) {
    for (const clang::Expr* x : list->inits()) parts.push_back(x);
  } else if (const auto* c = dyn_cast<CastExpr>(init); c && c->getCastKind() == CK_VectorSplat) {
    parts.assign(t->getNumElements(), c->getSubExpr());
  }
  if (parts.size() != t->getNumElements()) return false;
  for (const clang::Expr* x : parts)
    if (vector_type(x->getType())) return false;  // (int4)(a.xy, b, c): not one scalar per component
  const auto* f = dyn_cast_or_null<FunctionDecl>(d->getParentFunctionOrMethod());
  if (!f || may_write(f->getBody(), d)) return false;
  std::string name = new_variable(d->getNameAsString(), kir::ScalarType::Other, loc(d->getLocation()));
  bind(d, Binding{Binding::Kind::Scalar, name, {}});
  // A splat evaluates its scalar once.
  bool splat = parts.size() > 1 && parts[0] == parts[1];
  Expr first;
  std::vector<std::string> components;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    std::string c = new_variable(name + ".s" + std::to_string(i), scalar_type(t->getElementType()), loc(d->getLocation()));
    Expr v = splat && i > 0 ? first : narrow(rvalue(parts[i]), parts[i]->getType(), t->getElementType());
    if (i == 0) first = v;
    emit(kir::Stmt{kir::Assign{c, to_int(v), loc(d->getLocation())}});
    components.push_back(c);
  }
  emit(kir::Stmt{kir::Assign{name, vector_constant(d->getInit()), loc(d->getLocation())}});
  vector_components_[name] = components;
  return true;
}

LValue Lowerer::vector_bytes(const LValue& v, QualType type, std::int64_t first, std::int64_t bytes) {
  if (v.kind == LValue::Kind::Variable) {  // a register: its value, if one component of a tracked vector
    auto it = vector_components_.find(v.var);
    const VectorType* t = vector_type(type);
    auto c_bits = t ? size_in_bits(t->getElementType()) : std::nullopt;
    std::int64_t c = c_bits ? *c_bits / 8 : 0;
    if (it == vector_components_.end() || c <= 0 || bytes != c || first % c ||
        first / c >= static_cast<std::int64_t>(it->second.size()))
      return LValue{LValue::Kind::Ignored, "", {}, ""};
    return LValue{LValue::Kind::Variable, it->second[static_cast<std::size_t>(first / c)], {}, ""};
  }
  if (v.kind != LValue::Kind::Memory) return v;
  const kir::Array* arr = k_.find_array(v.at.array);
  std::int64_t e = arr ? arr->element_bytes : 0;
  auto vector_bits = size_in_bits(type);
  if (e <= 0 || !vector_bits || v.at.index.empty())
    return LValue{LValue::Kind::Unknown, "", {}, "a component of a vector in an array without element size or index"};
  // The cell's own steps: the array's elements, or the view's unit.
  bool viewed = v.at.unit || v.at.width;
  if (!viewed && e != *vector_bits / 8)
    return LValue{LValue::Kind::Unknown, "", {}, "a component of a vector stored in an array of other elements"};
  PartView part = part_view(viewed ? v.at.unit : e, e, first, bytes);
  LValue out = v;
  Expr& n = out.at.index.back();
  if (n) n = n * int_lit(part.scale) + int_lit(part.shift);
  out.at.unit = part.unit;
  out.at.width = part.width;
  return out;
}

std::optional<LValue> Lowerer::vector_lvalue(const clang::Expr* e) {
  if (const auto* s = dyn_cast<ExtVectorElementExpr>(e)) {
    const clang::Expr* base = s->getBase();
    QualType vt = s->isArrow() ? base->getType()->getPointeeType() : base->getType();
    const VectorType* t = vector_type(vt);
    if (!t) return LValue{LValue::Kind::Unknown, "", {}, "swizzle of a non-vector"};
    LValue whole;
    if (s->isArrow()) {
      std::optional<LValue> viewed = byte_view(base, nullptr);  // ((float4 *)f + k)->y
      whole = viewed ? *viewed : deref(pointer(base), std::nullopt, vt, "pointer to a vector");
    } else if (base->isGLValue()) {
      whole = lvalue(base);
    } else {
      effect(base);  // a vector value (a sum, a call's result): nothing in memory
      return LValue{LValue::Kind::Ignored, "", {}, ""};
    }
    llvm::SmallVector<uint32_t, 16> comps;
    s->getEncodedElementAccess(comps);
    if (comps.empty()) return LValue{LValue::Kind::Ignored, "", {}, ""};
    auto c_bits = size_in_bits(t->getElementType());
    if (!c_bits || *c_bits % 8) return LValue{LValue::Kind::Unknown, "", {}, "vector of sub-byte components"};
    std::int64_t c = *c_bits / 8;
    // Several components (.xz, .odd): the bytes that cover them all.
    auto [lo, hi] = std::minmax_element(comps.begin(), comps.end());
    return vector_bytes(whole, vt, static_cast<std::int64_t>(*lo) * c, static_cast<std::int64_t>(*hi - *lo + 1) * c);
  }
  if (const auto* s = dyn_cast<ArraySubscriptExpr>(e)) {
    const clang::Expr* base = s->getBase();
    const VectorType* t = vector_type(base->getType());
    if (!t) return std::nullopt;
    auto c_bits = size_in_bits(t->getElementType());
    if (!base->isGLValue() || !c_bits || *c_bits % 8) {
      effect(base);
      effect(s->getIdx());
      return LValue{LValue::Kind::Ignored, "", {}, ""};
    }
    LValue whole = lvalue(base);
    std::int64_t c = *c_bits / 8;
    if (auto j = constant(s->getIdx())) return vector_bytes(whole, base->getType(), *j * c, c);
    // A component chosen at run time: the whole vector (never narrower).
    effect(s->getIdx());
    return vector_bytes(whole, base->getType(), 0, size_in_bits(base->getType()).value_or(0) / 8);
  }
  if (const auto* l = dyn_cast<CompoundLiteralExpr>(e)) {
    if (!vector_type(l->getType())) return std::nullopt;
    // (float4)(a, b.xy, c): a value built in registers.
    effect(l->getInitializer());
    return LValue{LValue::Kind::Ignored, "", {}, ""};
  }
  return std::nullopt;
}

Expr Lowerer::vector_constant(const clang::Expr* e) {
  if (!vector_type(e->getType()) || e->isValueDependent() || e->isTypeDependent() || e->containsErrors()) return nullptr;
  clang::Expr::EvalResult r;
  if (!e->EvaluateAsRValue(r, ctx_) || r.HasSideEffects || !r.Val.isVector()) return nullptr;
  // The components' bit patterns name the value: equal exactly when the
  // vectors are, so that two stores of one constant vector are benign. Up
  // to 8 bytes that is the vector's own bit pattern (as a scalar of its
  // size would store it); a wider vector, which no scalar store matches
  // byte for byte, gets a number of its own above every 32-bit value.
  std::string key = e->getType().getCanonicalType().getAsString();
  std::uint64_t low = 0;  // the bits of the first 64 bits' worth of components
  unsigned width = 0;
  for (unsigned i = 0; i < r.Val.getVectorLength(); ++i) {
    const APValue& c = r.Val.getVectorElt(i);
    llvm::APInt bits;
    if (c.isInt()) bits = c.getInt();
    else if (c.isFloat()) bits = c.getFloat().bitcastToAPInt();
    else return nullptr;
    llvm::SmallString<40> text;
    bits.toString(text, 16, false);
    key += "|" + std::string(text);
    if (width + bits.getBitWidth() <= 64) low |= bits.getZExtValue() << width;
    width += bits.getBitWidth();
  }
  if (width <= 64) return int_lit(static_cast<std::int64_t>(low));  // component 0 in the lowest bits
  auto [it, added] = vector_constants_.emplace(key, static_cast<std::int64_t>(vector_constants_.size()));
  return int_lit((std::int64_t{1} << 40) + it->second);
}

std::optional<Expr> Lowerer::vector_builtin(const std::string& name, const CallExpr* c,
                                            const std::vector<const clang::Expr*>& args) {
  // vload2, vloada_half4, vstore_half8_rte, vstore_half, ...
  static const std::regex form("(vload|vstore)(a?_half)?(2|3|4|8|16)?(_rt[ezpn])?");
  std::smatch m;
  if (std::regex_match(name, m, form)) {
    bool store = m[1] == "vstore";
    bool half = m[2].matched, aligned = m[2].matched && m[2].str()[0] == 'a';
    if (!half && !m[3].matched) return std::nullopt;  // not a vector form
    if (m[4].matched && !(store && half)) return std::nullopt;
    if (args.size() != (store ? 3u : 2u)) return std::nullopt;
    std::int64_t n = m[3].matched ? std::stoll(m[3].str()) : 1;
    std::int64_t stride = aligned && n == 3 ? 4 : n;  // vloada_half3 steps by four halves
    if (store) effect(args[0]);
    const clang::Expr* offset = args[store ? 1 : 0];
    const clang::Expr* address = args[store ? 2 : 1];
    Expr k = rvalue(offset);
    std::optional<PointerValue> p = pointer(address);
    if (!p || p->array.empty()) {
      unsupported("'" + name + "' on an address racecert cannot resolve to an array", c->getBeginLoc());
      return Expr{};
    }
    // Elements off*stride .. off*stride + n - 1 of the pointer: one access
    // through a view of n elements (or n accesses when the element size is
    // unknown).
    Expr start = p->offset && k ? p->offset + to_int(k) * int_lit(stride) : nullptr;
    const kir::Array* arr = k_.find_array(p->array);
    std::int64_t e = arr ? arr->element_bytes : 0;
    std::vector<kir::Location> cells;
    if (e > 0 && n > 1) {
      kir::Location at{p->array, {start}};
      at.unit = e;
      at.width = n * e;
      cells.push_back(at);
    } else {
      for (std::int64_t j = 0; j < n; ++j) cells.push_back(kir::Location{p->array, {start ? start + int_lit(j) : nullptr}});
    }
    for (const kir::Location& at : cells) {
      if (store) emit(kir::Stmt{kir::Store{at, nullptr, loc(c->getBeginLoc())}});
      else emit(kir::Stmt{kir::Load{"", at, loc(c->getBeginLoc())}});
    }
    return Expr{};
  }
  // convert_int(x) of an integer: the value, wrapped into the result type.
  if (name.rfind("convert_", 0) == 0 && args.size() == 1 && name.find("_sat") == std::string::npos &&
      args[0]->getType()->isIntegralOrEnumerationType() && c->getType()->isIntegralOrEnumerationType())
    return narrow(rvalue(args[0]), args[0]->getType(), c->getType());
  return std::nullopt;
}

}  // namespace racecert::frontend::detail
