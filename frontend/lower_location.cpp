// Lowering of locations (frontend/lowering.hpp): struct fields and record
// copies, lvalues, reads and writes of memory cells, byte views of arrays
// (pointer casts that change the element size), and pointers.
#include <clang/AST/Attr.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecordLayout.h>

#include "frontend/lowering.hpp"

namespace racecert::frontend::detail {

using namespace clang;
using namespace racecert::expr;

namespace {

// Union fields share storage; with array or struct members the aliasing
// depends on byte offsets, which racecert does not model.
bool union_with_aggregate(const RecordDecl* u) {
  for (const FieldDecl* f : u->fields())
    if (f->getType()->isArrayType() || f->getType()->isRecordType()) return true;
  return false;
}

}  // namespace

LValue Lowerer::field_of(const LValue& b, const FieldDecl* field) {
  if (b.kind == LValue::Kind::Choice) {
    LValue out = b;
    for (auto& [guard, choice] : out.choices) choice = field_of(choice, field);
    return out;
  }
  // The fields of a union share their storage: every field is the union
  // itself (one variable, or the same cell of the same array). Unions with
  // array or struct members would need byte offsets: unsupported.
  const RecordDecl* parent = field->getParent();
  bool in_union = parent && parent->isUnion();
  if (in_union && union_with_aggregate(parent)) {
    // Its members overlap by bytes. In memory: a byte view of the union's
    // bytes from offset 0, as wide as the member (an array member is then
    // stepped through by bytes, a struct member's fields are their own
    // bytes). In registers: a value racecert does not track.
    auto bits = size_in_bits(field->getType());
    if (b.kind == LValue::Kind::Variable) return LValue{LValue::Kind::Ignored, "", {}, ""};
    if (b.kind != LValue::Kind::Memory || !bits || *bits % 8 || b.at.index.size() != 1)
      return LValue{LValue::Kind::Unknown, "", {}, "a union with an array or struct member"};
    const kir::Array* arr = k_.find_array(b.at.array);
    LValue out = b;
    out.at.width = *bits / 8;
    if (b.at.unit == 1) return out;
    if (b.at.unit || b.at.width || !arr || arr->element_bytes <= 0)
      return LValue{LValue::Kind::Unknown, "", {}, "a union with an array or struct member"};
    out.at.unit = 1;
    if (out.at.index[0]) out.at.index[0] = out.at.index[0] * int_lit(arr->element_bytes);
    return out;
  }
  if (b.kind == LValue::Kind::Variable) {
    std::string name = b.var + "." + (in_union ? std::string("union") : field->getNameAsString());
    bool param = std::any_of(k_.parameters.begin(), k_.parameters.end(), [&](const kir::Variable& p) { return p.name == b.var; });
    if (field->getType()->isPointerType() && !in_union)
      return pointer_field(name, field->getType()->getPointeeType(), param, loc(field->getLocation()));
    if (!k_.find_variable(name)) (param ? k_.parameters : k_.locals).push_back(kir::Variable{name, scalar_type(field->getType()), {}});
    return LValue{LValue::Kind::Variable, name, {}, ""};
  }
  if (b.kind == LValue::Kind::Memory && b.at.unit == 1 && b.at.index.size() == 1) {
    // A field of a struct seen through a byte view: its own bytes.
    auto bits = size_in_bits(field->getType());
    if (in_union || !parent || !bits || *bits % 8 || *bits == 0)
      return LValue{LValue::Kind::Unknown, "", {}, "a field of a byte view"};
    std::int64_t field_bytes = static_cast<std::int64_t>(ctx_.getASTRecordLayout(parent).getFieldOffset(field->getFieldIndex())) / 8;
    LValue out = b;
    out.at.width = *bits / 8;
    if (out.at.index[0]) out.at.index[0] = out.at.index[0] + int_lit(field_bytes);
    return out;
  }
  if (b.kind == LValue::Kind::Memory && (b.at.unit || b.at.width)) {
    // A field of a vector struct seen over an array of its scalars
    // (byte_view): the element at the struct's first element plus the
    // field's offset. A pointer's offset is in elements, so the struct
    // starts on an element when its unit is a multiple of the element size.
    const kir::Array* arr = k_.find_array(b.at.array);
    std::int64_t e = arr ? arr->element_bytes : 0;
    auto bits = size_in_bits(field->getType());
    if (in_union || !parent || e <= 0 || !bits || *bits != e * 8 || b.at.index.size() != 1 || b.at.unit % e)
      return LValue{LValue::Kind::Unknown, "", {}, "a field of a byte view"};
    std::int64_t field_bytes = static_cast<std::int64_t>(ctx_.getASTRecordLayout(parent).getFieldOffset(field->getFieldIndex())) / 8;
    LValue out = b;
    out.at.unit = out.at.width = 0;
    if (out.at.index[0]) out.at.index[0] = out.at.index[0] * int_lit(b.at.unit / e) + int_lit(field_bytes / e);
    return out;
  }
  if (b.kind == LValue::Kind::Memory) {
    if (in_union) return b;
    LValue out = b;
    out.at.array = field_array(b.at.array, field);
    // An array member: element j of struct i is cell i*N + j of its array.
    std::int64_t n = element_count(field->getType());
    if (n > 1 && out.at.index.size() == 1 && out.at.index[0]) out.at.index[0] = out.at.index[0] * int_lit(n);
    return out;
  }
  return b;
}

void Lowerer::copy_record(const LValue& dst, const LValue& src, QualType type, clang::SourceLocation where) {
  const RecordDecl* rd = type.getCanonicalType()->getAsRecordDecl();
  if (!rd) return;
  // The fields of a base class are fields of the object (field_of): a copy
  // of a CudaDMA-style object passed by value keeps its barrier ids.
  if (const auto* cxx = dyn_cast<CXXRecordDecl>(rd); cxx && cxx->hasDefinition())
    for (const CXXBaseSpecifier& base : cxx->bases()) copy_record(dst, src, base.getType(), where);
  for (const FieldDecl* f : rd->fields()) {
    LValue d = field_of(dst, f);
    LValue s = src.kind == LValue::Kind::Unknown ? src : field_of(src, f);
    if (f->getType()->isPointerType()) {
      std::optional<PointerValue> v = s.kind == LValue::Kind::Unknown ? std::nullopt : std::optional(load_pointer(s, f->getType(), where));
      store_pointer(d, v, where);
    } else if (f->getType()->isRecordType()) {
      copy_record(d, s, f->getType(), where);
    } else if (f->getType()->isArrayType()) {
      // Element by element, in memory (a struct in registers keeps no values).
      std::int64_t n = element_count(f->getType());
      auto memory = [](const LValue& l) { return l.kind == LValue::Kind::Memory || l.kind == LValue::Kind::Choice; };
      bool in_memory = memory(d) || memory(s);
      if (in_memory && (n <= 0 || n > 64)) {
        unsupported("copy of a struct with a large array member", where);
        continue;
      }
      for (std::int64_t j = 0; in_memory && j < n; ++j) {
        std::function<LValue(const LValue&)> element = [&](const LValue& l) {
          LValue e = l;
          if (e.kind == LValue::Kind::Memory && e.at.index.size() == 1 && e.at.index[0]) e.at.index[0] = e.at.index[0] + int_lit(j);
          for (auto& [guard, choice] : e.choices) choice = element(choice);
          return e;
        };
        if (memory(s)) read(element(s), ctx_.IntTy, where);
        if (memory(d)) assign(element(d), nullptr, where);
      }
    } else {
      Expr v = s.kind == LValue::Kind::Unknown ? nullptr : read(s, f->getType(), where);
      assign(d, v, where);
    }
  }
}

LValue Lowerer::member(const MemberExpr* m) {
  const auto* field = dyn_cast<FieldDecl>(m->getMemberDecl());
  if (!field) return LValue{LValue::Kind::Unknown, "", {}, "member function"};
  const clang::Expr* base = m->getBase();
  if (isa<CXXThisExpr>(strip(base)->IgnoreImpCasts())) {
    if (this_stack_.empty()) return LValue{LValue::Kind::Unknown, "", {}, "'this'"};
    return field_of(this_stack_.back(), field);
  }
  if (m->isArrow()) {
    if (auto viewed = byte_view(base, nullptr)) return field_of(*viewed, field);
    return field_of(deref(pointer(base), std::nullopt, base->getType()->getPointeeType(), "pointer to a struct"), field);
  }
  return field_of(lvalue(base), field);
}

LValue Lowerer::register_element(const std::string& array, const ArraySubscriptExpr* s) {
  // An array member of a struct in registers (`struct S { int a[4]; }` as
  // a local or a parameter): element j is a variable of its own, "s.a.e_3",
  // a pointer slot for an array of pointers. Only constant indices name
  // one; reading another is an untracked value, writing one unknown.
  std::optional<std::int64_t> j = constant(s->getIdx());
  if (!j) {
    rvalue(s->getIdx());
    return LValue{LValue::Kind::Unknown, "", {}, "an element of an array in registers with a non-constant index", {}, true};
  }
  std::string name = array + ".e_" + std::to_string(*j);  // a name of the kernel IR's text form
  bool param = std::any_of(k_.parameters.begin(), k_.parameters.end(), [&](const kir::Variable& v) { return v.name == array; });
  if (s->getType()->isPointerType())
    return pointer_field(name, s->getType()->getPointeeType(), param, loc(s->getBeginLoc()));
  if (!k_.find_variable(name)) (param ? k_.parameters : k_.locals).push_back(kir::Variable{name, scalar_type(s->getType()), {}});
  return LValue{LValue::Kind::Variable, name, {}, ""};
}

LValue Lowerer::conditional_place(const ConditionalOperator* c) {
  // `c ? a : b` as a place (`Dma &cur = t % 2 ? dma1 : dma0;`): a choice of
  // both, each branch lowered under its condition, as pointer() does.
  Expr cond = condition(c->getCond());
  LValue t, f;
  kir::If branches;
  branches.cond = cond;
  branches.loc = loc(c->getBeginLoc());
  branches.then_body = collect([&] { t = lvalue(c->getTrueExpr()); });
  branches.else_body = collect([&] { f = lvalue(c->getFalseExpr()); });
  if (!branches.then_body.empty() || !branches.else_body.empty()) emit(kir::Stmt{branches});
  if (t.kind == LValue::Kind::Unknown) return t;
  if (f.kind == LValue::Kind::Unknown) return f;
  if (t.kind == LValue::Kind::Ignored || f.kind == LValue::Kind::Ignored || t.kind == LValue::Kind::Pointer ||
      f.kind == LValue::Kind::Pointer)
    return LValue{LValue::Kind::Unknown, "", {}, "a conditional choice of pointers or untracked places"};
  // Which branch was taken, kept in a variable: the condition's variables may change later.
  std::string taken = temporary(kir::ScalarType::Bool);
  emit(kir::Stmt{kir::Assign{taken, cond ? to_int(cond) : nullptr, loc(c->getBeginLoc())}});
  Expr yes = expr::binary(BinOp::Ne, var(taken), int_lit(0));
  LValue out{LValue::Kind::Choice, "", {}, ""};
  out.choices = {{yes, t}, {neg(yes), f}};
  return out;
}

LValue Lowerer::lvalue(const clang::Expr* e) {
  e = strip(e);
  if (untyped(e)) return LValue{LValue::Kind::Ignored, "", {}, ""};  // reported once, by untyped
  if (const auto* c = dyn_cast<ImplicitCastExpr>(e)) {
    if (c->getCastKind() == CK_NoOp || c->getCastKind() == CK_LValueToRValue || c->getCastKind() == CK_UncheckedDerivedToBase)
      return lvalue(c->getSubExpr());
  }
  if (auto v = vector_lvalue(e)) return *v;  // OpenCL swizzles and vector literals
  if (const auto* r = dyn_cast<DeclRefExpr>(e)) {
    const ValueDecl* d = r->getDecl();
    auto known = arrays_.find(d);
    if (known != arrays_.end()) {
      kir::Location at{known->second, {}};
      if (d->getType()->isArrayType()) at.index.push_back(int_lit(0));
      return LValue{LValue::Kind::Memory, "", at, ""};
    }
    if (const Binding* b = lookup(d)) {
      if (b->kind == Binding::Kind::Scalar) return LValue{LValue::Kind::Variable, b->name, {}, ""};
      if (b->kind == Binding::Kind::Location) return LValue{LValue::Kind::Memory, "", b->location, ""};
      if (b->kind == Binding::Kind::Place) return b->place;
      return LValue{LValue::Kind::Pointer, b->name, {}, "", {}};
    }
    if (const auto* v = dyn_cast<VarDecl>(d)) {
      if (v->hasGlobalStorage() || v->hasAttr<CUDASharedAttr>() || v->isStaticLocal()) {
        std::string a = array_for(v);
        kir::Location at{a, {}};
        if (v->getType()->isArrayType()) at.index.push_back(int_lit(0));
        return LValue{LValue::Kind::Memory, "", at, ""};
      }
    }
    return LValue{LValue::Kind::Unknown, "", {}, "'" + d->getNameAsString() + "'"};
  }
  if (const auto* s = dyn_cast<ArraySubscriptExpr>(e)) {
    // Clang calls the operand of integer type the index; in an
    // uninstantiated template a dependent index has no integer type, and
    // the pointer is the other one.
    const clang::Expr *base = s->getBase(), *idx = s->getIdx();
    auto addressable = [](const clang::Expr* x) { return x->getType()->isPointerType() || x->getType()->isArrayType(); };
    if (!addressable(base) && addressable(idx)) std::swap(base, idx);
    if (auto viewed = byte_view(base, idx)) return *viewed;
    std::optional<PointerValue> p;
    const auto* decay = dyn_cast<ImplicitCastExpr>(strip(base));
    if (decay && decay->getCastKind() == CK_ArrayToPointerDecay) {
      LValue array = lvalue(decay->getSubExpr());
      if (array.kind == LValue::Kind::Variable) return register_element(array.var, s);
      p = pointer_to(array);
    } else {
      p = pointer(base);
    }
    Expr i = rvalue(idx);
    return deref(p, i ? to_int(i) : nullptr, s->getType(), "array base");
  }
  if (const auto* u = dyn_cast<UnaryOperator>(e)) {
    if (u->getOpcode() == UO_Deref) {
      if (isa<CXXThisExpr>(strip(u->getSubExpr())->IgnoreImpCasts()))  // *this: the object
        return this_stack_.empty() ? LValue{LValue::Kind::Unknown, "", {}, "'this'"} : this_stack_.back();
      if (auto viewed = byte_view(u->getSubExpr(), nullptr)) return *viewed;
      return deref(pointer(u->getSubExpr()), std::nullopt, u->getType(), "dereferenced pointer");
    }
    if (u->getOpcode() == UO_PreInc || u->getOpcode() == UO_PreDec) {
      increment(u->getSubExpr(), u->getOpcode() == UO_PreInc, true, u->getBeginLoc());
      return lvalue(u->getSubExpr());
    }
  }
  if (const auto* m = dyn_cast<MemberExpr>(e)) return member(m);
  if (const auto* c = dyn_cast<ConditionalOperator>(e)) return conditional_place(c);
  if (const auto* b = dyn_cast<BinaryOperator>(e)) {
    if (b->getOpcode() == BO_Comma) {
      effect(b->getLHS());
      return lvalue(b->getRHS());
    }
    if (b->isAssignmentOp()) {
      binary(b);
      return lvalue(b->getLHS());
    }
  }
  if (const auto* c = dyn_cast<CallExpr>(e)) {
    // A reference returned by an inlined function (operator[] of a wrapper
    // class): what it refers to. An operator without a body on values in
    // registers (vector arithmetic) refers to no memory.
    call(c);
    if (auto place = returned_place(c)) return *place;
    if (isa<CXXOperatorCallExpr>(c)) return LValue{LValue::Kind::Ignored, "", {}, ""};
    return LValue{LValue::Kind::Unknown, "", {}, "reference returned by a call"};
  }
  return LValue{LValue::Kind::Unknown, "", {}, std::string("'") + e->getStmtClassName() + "'"};
}

// A read of a lookup table nobody can change: its value, as a choice over
// the cells when the index is not a constant (at most 64 distinct cells,
// else untracked). Out of the table's bounds the value is `loaded`, the
// load's own unknown result.
Expr Lowerer::table_value(const kir::Location& at, const Expr& loaded) const {
  auto t = constant_tables_.find(at.array);
  if (t == constant_tables_.end() || at.unit || at.width || at.index.size() != 1 || !at.index[0]) return nullptr;
  const std::vector<std::int64_t>& cells = t->second;
  const Expr& i = at.index[0];
  if (auto c = expr::as_int(i)) return *c >= 0 && static_cast<std::size_t>(*c) < cells.size() ? int_lit(cells[*c]) : loaded;
  Expr in_bounds = conj(expr::binary(BinOp::Ge, i, int_lit(0)),
                        expr::binary(BinOp::Lt, i, int_lit(static_cast<std::int64_t>(cells.size()))));
  if (std::all_of(cells.begin(), cells.end(), [&](std::int64_t c) { return c == cells[0]; }))
    return ite(in_bounds, int_lit(cells[0]), loaded);
  if (cells.size() > 64) return nullptr;
  Expr v = loaded;
  for (std::size_t k = cells.size(); k-- > 0;)
    v = ite(expr::binary(BinOp::Eq, i, int_lit(static_cast<std::int64_t>(k))), int_lit(cells[k]), v);
  return v;
}

Expr Lowerer::read(const LValue& source, QualType type, clang::SourceLocation where) {
  switch (source.kind) {
    case LValue::Kind::Variable:
      return variable(source.var);
    case LValue::Kind::Memory: {
      const kir::Array* a = k_.find_array(source.at.array);
      kir::ScalarType t = scalar_type(type);
      std::string tmp = temporary(t);
      declare_range(tmp, type);
      emit(kir::Stmt{kir::Load{tmp, source.at, loc(where)}});
      (void)a;
      Expr loaded = tracked_load(t) ? var(tmp) : nullptr;
      if (loaded)
        if (Expr known = table_value(source.at, loaded)) return known;
      return loaded;
    }
    case LValue::Kind::Ignored:
      return nullptr;
    case LValue::Kind::Unknown:
      if (source.thread_private) return nullptr;  // cannot race: only its value is unknown
      unsupported("read of " + source.why + " that racecert cannot resolve to an array", where);
      return nullptr;
    case LValue::Kind::Pointer:  // a pointer read as a number
      return nullptr;
    case LValue::Kind::Choice: {
      // One read per place, into one temporary.
      kir::ScalarType t = scalar_type(type);
      std::string tmp = temporary(t);
      std::vector<Expr> guards;
      for (const auto& c : source.choices) guards.push_back(c.first);
      choose(guards, [&](std::size_t i) {
        Expr v = read(source.choices[i].second, type, where);
        emit(kir::Stmt{kir::Assign{tmp, v ? to_int(v) : nullptr, loc(where)}});
      }, loc(where));
      return tracked_load(t) ? var(tmp) : nullptr;
    }
  }
  return nullptr;
}

void Lowerer::assign(const LValue& target, Expr value, clang::SourceLocation where) {
  // Variables and memory cells hold integers: a boolean is stored as 0 or 1.
  switch (target.kind) {
    case LValue::Kind::Variable:
      emit(kir::Stmt{kir::Assign{target.var, to_int(value), loc(where)}});
      return;
    case LValue::Kind::Memory:
      emit(kir::Stmt{kir::Store{target.at, to_int(value), loc(where)}});
      return;
    case LValue::Kind::Ignored:
      return;
    case LValue::Kind::Unknown:
      unsupported("write to " + target.why + " that racecert cannot resolve to an array", where);
      return;
    case LValue::Kind::Pointer:  // a number stored in a pointer: it points nowhere racecert knows
      return store_pointer(target, std::nullopt, where);
    case LValue::Kind::Choice: {
      std::vector<Expr> guards;
      for (const auto& c : target.choices) guards.push_back(c.first);
      choose(guards, [&](std::size_t i) { assign(target.choices[i].second, value, where); }, loc(where));
      return;
    }
  }
}

std::optional<LValue> Lowerer::byte_view(const clang::Expr* ptr, const clang::Expr* idx) {
  // ptr is `cast`, `cast + k`, `cast + k - m`, ...
  const clang::Expr* base = strip(ptr);
  std::vector<std::pair<const clang::Expr*, bool>> shifts;  // (k, subtracted), outermost first
  while (const auto* b = dyn_cast<BinaryOperator>(base)) {
    if ((b->getOpcode() != BO_Add && b->getOpcode() != BO_Sub) || !b->getLHS()->getType()->isPointerType())
      return std::nullopt;
    shifts.emplace_back(b->getRHS(), b->getOpcode() == BO_Sub);
    base = strip(b->getLHS());
  }
  const auto* c = dyn_cast<CastExpr>(base);
  if (!c || c->getCastKind() != CK_BitCast) return std::nullopt;
  QualType from = c->getSubExpr()->getType(), to = c->getType();
  if (!from->isPointerType() || !to->isPointerType()) return std::nullopt;
  QualType a = from->getPointeeType(), b = to->getPointeeType();
  // Scalars, or a vector struct of the array's scalars (float4 over float:
  // field_of turns its fields back into elements).
  auto bits_a = size_in_bits(a), bits_b = size_in_bits(b);
  if (!bits_a || !bits_b || *bits_a == *bits_b || *bits_a % 8 || *bits_b % 8) return std::nullopt;
  if (!a->isScalarType() || !(b->isScalarType() || vector_of(b, *bits_a / 8))) return std::nullopt;
  std::optional<PointerValue> p = pointer(c->getSubExpr());
  if (!p || p->array.empty()) return std::nullopt;
  const kir::Array* arr = k_.find_array(p->array);
  std::int64_t e = *bits_a / 8, v = *bits_b / 8;
  // The pointer's offset counts elements of the array only if they are a's.
  if (!arr || arr->element_bytes != e || arr->sizes.size() > 1) return std::nullopt;
  Expr n = idx ? rvalue(idx) : int_lit(0);  // steps of v bytes
  if (n) n = to_int(n);
  for (auto it = shifts.rbegin(); it != shifts.rend(); ++it) {
    Expr k = rvalue(it->first);
    n = n && k ? (it->second ? n - to_int(k) : n + to_int(k)) : nullptr;
  }
  kir::Location at{p->array, {nullptr}};
  at.width = v;
  if (!n || !p->offset) return LValue{LValue::Kind::Memory, "", at, ""};  // unknown index: a fresh unknown
  if (e % v == 0) {  // narrower (char of int): steps of v bytes from the element's first byte
    at.unit = v;
    at.index[0] = p->offset * int_lit(e / v) + n;
  } else if (v % e == 0) {  // wider (double of float): in elements, or in v steps from the base
    bool from_base = as_int(p->offset) && *as_int(p->offset) == 0;
    at.unit = from_base ? v : e;
    at.index[0] = from_base ? n : p->offset + n * int_lit(v / e);
  } else {  // unrelated sizes: bytes
    at.unit = 1;
    at.index[0] = p->offset * int_lit(e) + n * int_lit(v);
  }
  return LValue{LValue::Kind::Memory, "", at, ""};
}

bool Lowerer::vector_of(QualType t, std::int64_t bytes) const {
  // An OpenCL vector (float4 over float): its components are the scalars.
  if (const auto* vt = t.getCanonicalType()->getAs<VectorType>()) {
    auto bits = size_in_bits(vt->getElementType());
    return bits && *bits == bytes * 8;
  }
  const RecordDecl* rd = t.getCanonicalType()->getAsRecordDecl();
  if (!rd || rd->isUnion() || rd->field_empty()) return false;
  if (const auto* cxx = dyn_cast<CXXRecordDecl>(rd); cxx && cxx->getNumBases() > 0) return false;
  for (const FieldDecl* f : rd->fields()) {
    auto bits = size_in_bits(f->getType());
    if (f->isBitField() || !f->getType()->isScalarType() || !bits || *bits != bytes * 8) return false;
  }
  return true;
}

std::optional<PointerValue> Lowerer::pointer(const clang::Expr* e) {
  e = strip(e);
  if (untyped(e)) return PointerValue{};
  if (const auto* c = dyn_cast<CastExpr>(e)) {
    const clang::Expr* sub = c->getSubExpr();
    switch (c->getCastKind()) {
      case CK_ArrayToPointerDecay: {
        LValue l = lvalue(sub);
        // An array in registers (a struct member) is no array of the kernel.
        if (l.kind == LValue::Kind::Variable) return PointerValue{};
        return pointer_to(l);
      }
      case CK_NoOp:
      case CK_LValueToRValue:
      case CK_AddressSpaceConversion:
        return pointer(sub);
      case CK_BitCast: {
        QualType from = sub->getType(), to = e->getType();
        if (from->isPointerType() && to->isPointerType()) {
          QualType a = from->getPointeeType(), b = to->getPointeeType();
          // Through void*: the type the pointer had before (int*)(void*)p.
          const clang::Expr* origin = sub;
          while (a->isVoidType()) {
            const auto* inner = dyn_cast<CastExpr>(strip(origin));
            if (!inner || !inner->getSubExpr()->getType()->isPointerType()) break;
            origin = inner->getSubExpr();
            a = origin->getType()->getPointeeType();
          }
          // Fields are arrays of their own ("p.a"): a struct seen as another
          // type (or another type seen as a struct) would alias them unseen.
          QualType ca = a.getCanonicalType().getUnqualifiedType(), cb = b.getCanonicalType().getUnqualifiedType();
          auto bits_a = size_in_bits(a);
          // A vector struct of the scalars pointed to (float4 over float) is a
          // byte view of them, not a struct; the other way round (a struct
          // array seen as scalars) would alias its field arrays unseen.
          bool vector_view = bits_a && cb->isRecordType() && ca->isScalarType() && vector_of(cb, *bits_a / 8);
          if (!b->isVoidType() && !a->isVoidType() && ca != cb && (ca->isRecordType() || cb->isRecordType()) && !vector_view) {
            unsupported("pointer cast between a struct and another type", e->getBeginLoc());
            return PointerValue{};
          }
          // Scalars of another size: the pointer is the same address; its
          // accesses and steps follow its new type (byte views, deref and
          // advance in lower_pointer.cpp).
          return pointer(sub);
        }
        unsupported("pointer cast that changes the element size", e->getBeginLoc());
        return PointerValue{};
      }
      case CK_NullToPointer:
        return pointer_from({{nullptr, {PointerTarget::Kind::Null, ""}, int_lit(0)}});
      default:
        effect(sub);
        return PointerValue{};
    }
  }
  if (const auto* r = dyn_cast<DeclRefExpr>(e)) {
    const ValueDecl* d = r->getDecl();
    if (const Binding* b = lookup(d)) {
      if (b->kind == Binding::Kind::Pointer) return pointer_from(load_slot(b->name));
      if (b->kind == Binding::Kind::Location && b->location.index.size() <= 1 && !b->location.unit &&
          !b->location.width)
        return PointerValue{b->location.array, b->location.index.empty() ? int_lit(0) : b->location.index[0]};
      return PointerValue{};
    }
    if (const auto* v = dyn_cast<VarDecl>(d)) {
      if (v->getType()->isArrayType() || v->hasGlobalStorage()) return PointerValue{array_for(v), int_lit(0)};
    }
    return PointerValue{};
  }
  if (const auto* u = dyn_cast<UnaryOperator>(e)) {
    if (u->getOpcode() == UO_AddrOf) {
      return pointer_to(lvalue(u->getSubExpr()));
    }
    if (u->isIncrementDecrementOp()) {
      bool up = u->isIncrementOp();
      std::optional<PointerValue> before = pointer(u->getSubExpr());
      increment(u->getSubExpr(), up, u->isPrefix(), u->getBeginLoc());
      if (u->isPrefix()) return pointer(u->getSubExpr());
      return before;
    }
  }
  if (const auto* b = dyn_cast<BinaryOperator>(e)) {
    if (b->getOpcode() == BO_Add || b->getOpcode() == BO_Sub) {
      const clang::Expr* ptr = b->getLHS()->getType()->isPointerType() ? b->getLHS() : b->getRHS();
      const clang::Expr* n = ptr == b->getLHS() ? b->getRHS() : b->getLHS();
      std::optional<PointerValue> p = pointer(ptr);
      Expr k = rvalue(n);
      return advance(p, k ? to_int(k) : nullptr, ptr->getType()->getPointeeType(), b->getOpcode() == BO_Sub);
    }
    if (b->isAssignmentOp()) {
      // The value of `p = q` or `p += k` is the new p.
      binary(b);
      return pointer(b->getLHS());
    }
    if (b->getOpcode() == BO_Comma) {
      effect(b->getLHS());
      return pointer(b->getRHS());
    }
  }
  if (const auto* c = dyn_cast<ConditionalOperator>(e)) {
    Expr cond = condition(c->getCond());
    // Each branch is lowered where it is evaluated, under its condition.
    std::optional<PointerValue> t, f;
    kir::If branches;
    branches.cond = cond;
    branches.loc = loc(c->getBeginLoc());
    branches.then_body = collect([&] { t = pointer(c->getTrueExpr()); });
    branches.else_body = collect([&] { f = pointer(c->getFalseExpr()); });
    if (!branches.then_body.empty() || !branches.else_body.empty()) emit(kir::Stmt{branches});
    if (t && f && !t->array.empty() && t->array == f->array && cond && t->offset && f->offset)
      return PointerValue{t->array, ite(cond, t->offset, f->offset), {}};
    // Which branch was taken, kept in a variable: the condition's variables may change later.
    std::string taken = temporary(kir::ScalarType::Bool);
    emit(kir::Stmt{kir::Assign{taken, cond ? to_int(cond) : nullptr, loc(c->getBeginLoc())}});
    Expr yes = expr::binary(BinOp::Ne, var(taken), int_lit(0));
    PointerAlternatives out;
    for (auto [side, guard] : {std::pair{t, yes}, std::pair{f, neg(yes)}})
      for (auto a : alternatives_of(side)) {
        a.guard = both(guard, a.guard);
        out.push_back(std::move(a));
      }
    return pointer_from(std::move(out));
  }
  if (isa<CallExpr>(e)) {
    // A pointer returned by a call (malloc, a device function returning a
    // pointer) points nowhere racecert knows: an access through it is
    // unsupported where it happens, and `free(p)` alone is harmless.
    rvalue(e);
    if (auto slot = returned_by(e)) return pointer_from(load_slot(*slot));
    return PointerValue{};
  }
  // A pointer kept in a struct field or in memory.
  if (e->isGLValue()) return load_pointer(lvalue(e), e->getType(), e->getBeginLoc());
  return PointerValue{};
}

}  // namespace racecert::frontend::detail
