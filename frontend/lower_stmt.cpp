// Lowering of declarations and statements (frontend/lowering.hpp).
#include <cctype>

#include <clang/AST/Attr.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/StmtCXX.h>
#include <clang/Basic/SourceManager.h>

#include "frontend/lowering.hpp"

namespace racecert::frontend::detail {

using namespace clang;
using namespace racecert::expr;

Lowerer::Lowerer(ASTContext& ctx, Language lang, PointerHints& hints)
    : ctx_(ctx), sm_(ctx.getSourceManager()), lang_(lang), hints_(hints) {}

// ------------------------------------------------------------------ helpers

SourceLoc Lowerer::loc(clang::SourceLocation l) const {
  if (l.isInvalid()) return {};
  PresumedLoc p = sm_.getPresumedLoc(sm_.getExpansionLoc(l));
  if (p.isInvalid()) return {};
  return SourceLoc{p.getFilename(), static_cast<int>(p.getLine()), static_cast<int>(p.getColumn())};
}

void Lowerer::emit(kir::Stmt s) { sinks_.back()->push_back(std::move(s)); }

kir::Block Lowerer::collect(const std::function<void()>& body) {
  kir::Block b;
  sinks_.push_back(&b);
  scopes_.emplace_back();
  body();
  scopes_.pop_back();
  sinks_.pop_back();
  return b;
}

bool Lowerer::temporary_name(const std::string& n) const {
  if (n.size() < 4 || n.compare(0, 3, "tmp") != 0 || (n[3] == '0' && n.size() > 4)) return false;
  long long value = 0;
  for (std::size_t i = 3; i < n.size(); ++i) {
    if (n[i] < '0' || n[i] > '9' || i > 12) return false;
    value = value * 10 + (n[i] - '0');
  }
  return value < fresh_;
}

void Lowerer::note_names() {
  for (; names_seen_[0] < k_.parameters.size(); ++names_seen_[0]) names_.insert(k_.parameters[names_seen_[0]].name);
  for (; names_seen_[1] < k_.locals.size(); ++names_seen_[1])
    if (!temporary_name(k_.locals[names_seen_[1]].name)) names_.insert(k_.locals[names_seen_[1]].name);
  for (; names_seen_[2] < k_.arrays.size(); ++names_seen_[2]) names_.insert(k_.arrays[names_seen_[2]].name);
}

std::string Lowerer::new_variable(const std::string& raw, kir::ScalarType t, SourceLoc where) {
  // A name of the kernel IR's text form: C identifiers joined by '.', and
  // '#' or '$' suffixes; anything else (`operator[]`) becomes '_'.
  std::string base = raw;
  for (char& ch : base)
    if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '_' && ch != '.' && ch != '#' && ch != '$') ch = '_';
  std::string name = base.empty() ? "tmp" : base;
  note_names();
  auto taken = [&](const std::string& n) { return names_.count(n) > 0 || temporary_name(n); };
  for (int i = 1; taken(name); ++i) name = base + "#" + std::to_string(i);
  k_.locals.push_back(kir::Variable{name, t, std::move(where)});
  return name;
}

Expr Lowerer::variable(const std::string& name) {
  auto [it, fresh] = variable_nodes_.try_emplace(name);
  if (fresh) it->second = var(name);
  return it->second;
}

std::string Lowerer::temporary(kir::ScalarType t) {
  // The next tmp<n> no declared variable holds. Temporaries stay out of
  // names_ (temporary_name tells them): a kernel makes one per load, and
  // hashing each was a twentieth of lowering a 50,000-statement kernel
  // (issue 18).
  note_names();
  std::string name;
  do name = "tmp" + std::to_string(fresh_++);
  while (names_.count(name));
  k_.locals.push_back(kir::Variable{name, t, {}});
  return name;
}

const Lowerer::Binding* Lowerer::lookup(const ValueDecl* d) const {
  for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
    auto f = it->find(d);
    if (f != it->end()) return &f->second;
  }
  return nullptr;
}

void Lowerer::bind(const ValueDecl* d, Binding b) { scopes_.back()[d] = std::move(b); }

void Lowerer::unsupported(const std::string& what, clang::SourceLocation where) {
  emit(kir::Stmt{kir::Unsupported{what, loc(where)}});
}

kir::ScalarType Lowerer::scalar_type(QualType t) const {
  t = t.getCanonicalType().getNonReferenceType();
  // OpenCL 2.0's atomic_int is C11's _Atomic(int): an int that atomics access.
  if (const auto* atomic = t->getAs<clang::AtomicType>()) return scalar_type(atomic->getValueType());
  if (t->isBooleanType()) return kir::ScalarType::Bool;
  if (t->isUnsignedIntegerOrEnumerationType()) return kir::ScalarType::Unsigned;
  if (t->isIntegralOrEnumerationType()) return kir::ScalarType::Int;
  if (t->isRealFloatingType()) return kir::ScalarType::Float;
  return kir::ScalarType::Other;
}

std::int64_t Lowerer::element_count(QualType t) const {
  t = t.getCanonicalType();
  if (const auto* a = ctx_.getAsConstantArrayType(t)) {
    std::int64_t inner = element_count(a->getElementType());
    return inner * static_cast<std::int64_t>(a->getSize().getZExtValue());
  }
  return 1;
}

std::optional<std::int64_t> Lowerer::size_in_bits(QualType t) const {
  if (t.isNull() || t->isDependentType() || t->isIncompleteType()) return std::nullopt;
  return static_cast<std::int64_t>(ctx_.getTypeSize(t));
}

// Bytes per element of an array of t (kir::Array::element_bytes); 0 when unknown.
std::int64_t Lowerer::element_bytes(QualType t) const {
  if (t.isNull() || t->isFunctionType()) return 0;
  auto bits = size_in_bits(t);
  return bits && *bits % 8 == 0 ? *bits / 8 : 0;
}

std::string Lowerer::field_array(const std::string& base, const FieldDecl* f) {
  std::string name = base + "." + f->getNameAsString();
  if (!k_.find_array(name)) {
    const kir::Array* b = k_.find_array(base);
    kir::Array a = b ? *b : kir::Array{};
    a.name = name;
    // An array member: one dimension over every struct's elements (of
    // unknown size unless there is one struct).
    if (f->getType()->isArrayType()) a.sizes = {a.sizes.empty() ? element_count(f->getType()) : 0};
    a.element = scalar_type(f->getType());
    a.element_bytes = element_bytes(f->getType());
    a.loc = loc(f->getLocation());
    k_.arrays.push_back(std::move(a));
  }
  return name;
}

// An array in shared, global or constant memory, created on first use.
std::string Lowerer::array_for(const VarDecl* d) {
  auto it = arrays_.find(d);
  if (it != arrays_.end()) return it->second;
  bool dynamic_shared = d->hasAttr<CUDASharedAttr>() && d->hasExternalStorage();
  if (dynamic_shared && !extern_shared_.empty()) {
    QualType e = d->getType().getCanonicalType();
    while (const auto* at = ctx_.getAsArrayType(e)) e = at->getElementType().getCanonicalType();
    auto bits = size_in_bits(e), first = size_in_bits(extern_shared_element_);
    if (e.getUnqualifiedType() != extern_shared_element_.getUnqualifiedType() && (!bits || !first || *bits != *first))
      unsupported("extern __shared__ arrays with elements of different sizes (they overlap)", d->getLocation());
    arrays_[d] = extern_shared_;
    return extern_shared_;
  }
  kir::Array a;
  a.name = d->getNameAsString();
  for (int i = 1; k_.find_array(a.name) || k_.find_variable(a.name); ++i) a.name = d->getNameAsString() + "#" + std::to_string(i);
  if (d->hasAttr<CUDASharedAttr>() || d->getType().getAddressSpace() == LangAS::opencl_local) {
    a.space = kir::Space::Shared;
  } else if (d->hasAttr<CUDAConstantAttr>() || d->getType().getAddressSpace() == LangAS::opencl_constant) {
    a.space = kir::Space::Constant;
  } else if (d->hasAttr<CUDADeviceAttr>() || d->hasGlobalStorage()) {
    a.space = kir::Space::Global;
  } else {
    a.space = kir::Space::Local;
  }
  QualType t = d->getType().getCanonicalType();
  while (const auto* at = ctx_.getAsArrayType(t)) {
    if (const auto* c = dyn_cast<ConstantArrayType>(at)) a.sizes.push_back(static_cast<std::int64_t>(c->getSize().getZExtValue()));
    else a.sizes.push_back(0);
    t = at->getElementType().getCanonicalType();
  }
  a.element = scalar_type(t);
  a.element_bytes = element_bytes(t);
  a.loc = loc(d->getLocation());
  if (dynamic_shared) {
    extern_shared_ = a.name;
    extern_shared_element_ = t;
  }
  arrays_[d] = a.name;
  k_.arrays.push_back(a);
  record_constant_table(a.name, d);
  return a.name;
}

void Lowerer::record_constant_table(const std::string& array, const VarDecl* d) {
  QualType t = d->getType().getCanonicalType();
  QualType element = t;
  while (const auto* at = ctx_.getAsArrayType(element)) element = at->getElementType();
  bool immutable = element.isConstQualified() || t.getAddressSpace() == LangAS::opencl_constant;
  if (!immutable || !d->getInit() || !element->isIntegerType() || d->getType()->isDependentType()) return;
  const APValue* v = d->evaluateValue();
  if (!v) return;
  std::vector<std::int64_t> values;
  constexpr std::size_t kLimit = 4096;
  std::function<bool(const APValue&, QualType)> flatten = [&](const APValue& x, QualType type) {
    if (values.size() > kLimit) return false;
    if (const auto* at = ctx_.getAsConstantArrayType(type)) {
      if (!x.isArray()) return false;
      std::uint64_t n = at->getSize().getZExtValue();
      for (std::uint64_t i = 0; i < n; ++i) {
        const APValue& e = i < x.getArrayInitializedElts() ? x.getArrayInitializedElt(i) : x.getArrayFiller();
        if (!flatten(e, at->getElementType())) return false;
      }
      return true;
    }
    if (!x.isInt()) return false;
    values.push_back(x.getInt().getSExtValue());
    return true;
  };
  if (flatten(*v, t) && !values.empty()) constant_tables_[array] = std::move(values);
}

void Lowerer::bind_pointer(const ValueDecl* d, const std::optional<PointerValue>& value, clang::SourceLocation where) {
  PointerAlternatives init = value ? alternatives_of(value) : PointerAlternatives{};
  bind(d, Binding{Binding::Kind::Pointer, new_pointer(d->getNameAsString(), init, loc(where)), {}});
}

// ------------------------------------------------------------------ kernel

void Lowerer::parameter_array(const std::string& name, QualType pointee, SourceLoc where) {
  if (k_.find_array(name)) return;
  kir::Array a;
  a.name = name;
  a.parameter = true;
  a.sizes = {0};
  a.element = scalar_type(pointee);
  a.element_bytes = element_bytes(pointee);
  LangAS as = pointee.getAddressSpace();
  a.space = as == LangAS::opencl_local ? kir::Space::Shared
            : as == LangAS::opencl_constant || pointee.isConstQualified() ? kir::Space::Constant
                                                                           : kir::Space::Global;
  if (pointee.isConstQualified() && lang_ == Language::Cuda) a.space = kir::Space::Global;  // const only promises no writes
  a.loc = std::move(where);
  k_.arrays.push_back(a);
}

void Lowerer::declare_parameter(const ParmVarDecl* p) {
  QualType t = p->getType().getCanonicalType();
  std::string name = p->getNameAsString();
  if (name.empty()) name = "param" + std::to_string(p->getFunctionScopeIndex());
  if (t->isFunctionPointerType() && !p->getName().empty()) return function_pointer_parameter(p);
  if (t->isPointerType() || t->isArrayType()) {
    QualType pointee = t->isPointerType() ? t->getPointeeType() : ctx_.getAsArrayType(t)->getElementType();
    parameter_array(name, pointee, loc(p->getLocation()));
    bind_pointer(p, PointerValue{name, int_lit(0)}, p->getLocation());
    return;
  }
  k_.parameters.push_back(kir::Variable{name, scalar_type(t), loc(p->getLocation())});
  declare_range(name, t);
  bind(p, Binding{Binding::Kind::Scalar, name, {}});
}

kir::Kernel Lowerer::lower(const FunctionDecl* f, const std::string& name, const std::vector<const FunctionDecl*>& axioms) {
  k_ = kir::Kernel{};
  k_.name = name;
  k_.language = lang_ == Language::Cuda ? "cuda" : "opencl";
  k_.loc = loc(f->getLocation());
  // __launch_bounds__(N, ...): N bounds the block size (a block size when
  // the launch gives none, pipeline/launch.hpp); a non-constant N is ignored.
  if (const auto* lb = f->getAttr<clang::CUDALaunchBoundsAttr>(); lb && lb->getMaxThreads()) {
    clang::Expr::EvalResult r;
    if (lb->getMaxThreads()->EvaluateAsInt(r, ctx_) && r.Val.getInt().isStrictlyPositive() &&
        r.Val.getInt().getLimitedValue() <= 1u << 20)
      k_.launch_bounds = static_cast<std::uint32_t>(r.Val.getInt().getLimitedValue());
  }
  ranges_.push_back(f->getSourceRange());
  scopes_.emplace_back();
  frames_.push_back(Frame{f, "", -1});
  k_.body = collect([&] {
    for (const ParmVarDecl* p : f->parameters()) declare_parameter(p);
    for (const FunctionDecl* axiom : axioms) stmt(axiom->getBody());
    if (f->getBody()) stmt(f->getBody());
  });
  frames_.pop_back();
  scopes_.pop_back();
  // A __requires over parameters and dimensions holds all along: a
  // precondition, unless the kernel assigns one of those parameters (then
  // it holds only where it is written: an assumption there).
  // (Which variables the kernel assigns matters only to a kernel with a
  // __requires: not every variable of every kernel into a set. Found before
  // the loop below moves the statements.)
  std::set<std::string> assigned;
  if (std::any_of(k_.body.begin(), k_.body.end(), [](const kir::Stmt& s) { return s.is<kir::Assume>(); }))
    kir::assigned_variables(k_.body, assigned);
  auto is_input = [&](const std::string& v) {
    for (const char* b : {"threadIdx.", "blockIdx.", "blockDim.", "gridDim."})
      if (v.rfind(b, 0) == 0) return true;
    return !assigned.count(v) &&
           std::any_of(k_.parameters.begin(), k_.parameters.end(), [&](const kir::Variable& p) { return p.name == v; });
  };
  // Both blocks sized exactly: the kernel's top-level statements stay in
  // memory through the whole check, and growth left up to half of a large
  // kernel's buffer unused (issue 18).
  kir::Block body;
  body.reserve(k_.body.size());
  for (auto& s : k_.body) {
    if (s.is<kir::Assume>() && s.as<kir::Assume>().cond) {
      auto vars = free_vars(s.as<kir::Assume>().cond);
      if (std::all_of(vars.begin(), vars.end(), is_input)) {
        k_.preconditions.push_back(s.as<kir::Assume>().cond);
        continue;
      }
    }
    body.push_back(std::move(s));
  }
  k_.body = std::move(prologue_);
  k_.body.reserve(k_.body.size() + body.size());
  for (auto& s : body) k_.body.push_back(std::move(s));
  return std::move(k_);
}

// -------------------------------------------------------------- statements

void Lowerer::stmt(const Stmt* s) {
  if (!s) return;
  if (const auto* e = dyn_cast<clang::Expr>(s)) return effect(e);
  switch (s->getStmtClass()) {
    case Stmt::CompoundStmtClass:
      return compound(cast<CompoundStmt>(s));
    case Stmt::DeclStmtClass:
      for (const Decl* d : cast<DeclStmt>(s)->decls())
        if (const auto* v = dyn_cast<VarDecl>(d)) declaration(v);
      return;
    case Stmt::IfStmtClass: return if_stmt(cast<IfStmt>(s));
    case Stmt::ForStmtClass: return for_stmt(cast<ForStmt>(s));
    case Stmt::WhileStmtClass: return while_stmt(cast<WhileStmt>(s));
    case Stmt::DoStmtClass: return do_stmt(cast<DoStmt>(s));
    case Stmt::SwitchStmtClass: return switch_stmt(cast<SwitchStmt>(s));
    case Stmt::BreakStmtClass:
    case Stmt::ContinueStmtClass: return break_stmt(s);
    case Stmt::ReturnStmtClass: return return_stmt(cast<ReturnStmt>(s));
    case Stmt::NullStmtClass: return;
    case Stmt::AttributedStmtClass: return stmt(cast<AttributedStmt>(s)->getSubStmt());
    case Stmt::GCCAsmStmtClass:
    case Stmt::MSAsmStmtClass: return asm_stmt(cast<AsmStmt>(s));
    case Stmt::CXXForRangeStmtClass: return unsupported("range-based for loop", s->getBeginLoc());
    case Stmt::GotoStmtClass: return goto_stmt(cast<GotoStmt>(s));
    case Stmt::IndirectGotoStmtClass: return unsupported("computed goto", s->getBeginLoc());
    // A label ends the exits of the gotos that reach it (statements());
    // one that no goto reaches forward is reported at the goto.
    case Stmt::LabelStmtClass: return stmt(cast<LabelStmt>(s)->getSubStmt());
    case Stmt::CXXTryStmtClass: return unsupported("exception handling", s->getBeginLoc());
    default:
      return unsupported(std::string("statement '") + s->getStmtClassName() + "'", s->getBeginLoc());
  }
}

void Lowerer::compound(const CompoundStmt* s) {
  scopes_.emplace_back();
  statements(std::vector<const Stmt*>(s->body_begin(), s->body_end()));
  scopes_.pop_back();
}

void Lowerer::declaration(const VarDecl* d) {
  // Clang has reported why; what it kept of the declaration is a guess.
  if (d->isInvalidDecl())
    return unsupported("declaration of '" + d->getNameAsString() + "' that does not compile", d->getLocation());
  QualType t = d->getType().getCanonicalType();
  bool shared = d->hasAttr<CUDASharedAttr>() || t.getAddressSpace() == LangAS::opencl_local;
  if (shared || (d->isStaticLocal() && d->hasAttr<CUDADeviceAttr>())) {
    array_for(d);  // lives as long as the block: no initialization per thread
    return;
  }
  if (t->isArrayType()) {
    array_for(d);  // a thread's private array
    return;
  }
  if (t->isReferenceType()) {
    const clang::Expr* init = d->getInit();
    LValue target = init ? lvalue(init) : LValue{};
    if (target.kind == LValue::Kind::Pointer) {  // int *&r = p: the same slot
      bind(d, Binding{Binding::Kind::Pointer, target.var, {}});
    } else if (target.kind == LValue::Kind::Variable) {
      bind(d, Binding{Binding::Kind::Scalar, target.var, {}});
    } else if (target.kind == LValue::Kind::Memory) {
      bind(d, Binding{Binding::Kind::Location, "", target.at});
    } else if (target.kind == LValue::Kind::Choice) {
      bind(d, Binding{Binding::Kind::Place, "", {}, target});
    } else {
      unsupported("reference to something racecert cannot resolve", d->getLocation());
    }
    return;
  }
  if (t->isFunctionPointerType()) return function_pointer_declaration(d);
  if (t->isPointerType()) {
    bind_pointer(d, d->getInit() ? pointer(d->getInit()) : std::nullopt, d->getLocation());
    return;
  }
  if (t->isRecordType()) {
    // A struct in registers: one variable per field, created on use.
    std::string name = new_variable(d->getNameAsString(), kir::ScalarType::Other, loc(d->getLocation()));
    bind(d, Binding{Binding::Kind::Scalar, name, {}});
    if (auto h = hidden_field(t->getAsCXXRecordDecl()))  // whatever constructs it
      return unsupported("a field '" + *h + "' that hides a base class's field of the same name", d->getLocation());
    const clang::Expr* init = d->getInit();
    if (!init) return;
    // cuda::atomic_ref<T> r(A[i]): the variable names the cell.
    const clang::Expr* inner = init->IgnoreImplicit();
    if (const auto* ctor = dyn_cast<CXXConstructExpr>(inner)) {
      if (ctor->getNumArgs() == 1 && ctor->getArg(0)->isGLValue() &&
          t.getAsString().find("atomic_ref") != std::string::npos) {
        LValue src = lvalue(ctor->getArg(0));
        if (src.kind == LValue::Kind::Memory) {
          bind(d, Binding{Binding::Kind::Location, "", src.at});
          return;
        }
      }
      // A copy of another struct: field by field.
      if (ctor->getNumArgs() == 1 && ctor->getArg(0)->isGLValue() && ctor->getConstructor()->isCopyOrMoveConstructor() &&
          !ctor->getConstructor()->isUserProvided()) {
        copy_record(LValue{LValue::Kind::Variable, name, {}, ""}, lvalue(ctor->getArg(0)), t, d->getLocation());
        return;
      }
      // A constructor of the kernel's own: its initializers and body, with
      // `this` the new variable (a wrapper class holding a pointer).
      if (run_constructor(ctor, LValue{LValue::Kind::Variable, name, {}, ""})) return;
      for (const clang::Expr* a : ctor->arguments()) effect(a);
      return;
    }
    record_value(LValue{LValue::Kind::Variable, name, {}, ""}, init, t, d->getLocation());
    return;
  }
  if (vector_declaration(d)) return;  // int2 p = (int2)(x, y): components as values
  std::string name = new_variable(d->getNameAsString(), scalar_type(t), loc(d->getLocation()));
  declare_range(name, t);
  bind(d, Binding{Binding::Kind::Scalar, name, {}});
  if (const clang::Expr* init = d->getInit()) {
    Expr v = rvalue(init);
    emit(kir::Stmt{kir::Assign{name, to_int(v), loc(d->getLocation())}});
  }
}

void Lowerer::record_value(const LValue& dst, const clang::Expr* init, QualType type, clang::SourceLocation where) {
  // A copy of a struct in memory or registers (through the implicit copy
  // constructor too), an initializer list (a compound literal's as well),
  // or a struct value racecert does not follow (`c ? a : b`, a call's
  // result), whose fields are then untracked values.
  const clang::Expr* src = init->IgnoreImplicit();
  if (const auto* copy = dyn_cast<CXXConstructExpr>(src);
      copy && copy->getNumArgs() == 1 && copy->getConstructor()->isCopyOrMoveConstructor() && !copy->getConstructor()->isUserProvided())
    src = copy->getArg(0)->IgnoreImplicit();
  if (const auto* literal = dyn_cast<CompoundLiteralExpr>(strip(src))) src = literal->getInitializer();
  if (strip(src)->isGLValue() && !isa<CompoundLiteralExpr>(strip(src)))
    return copy_record(dst, lvalue(strip(src)), type, where);
  if (const auto* list = dyn_cast<InitListExpr>(strip(src))) return init_record(dst, list, type, where);
  effect(init);
  copy_record(dst, LValue{}, type, where);
}

void Lowerer::init_record(const LValue& dst, const InitListExpr* list, QualType type, clang::SourceLocation where) {
  // Struct Params p = {in, out, n}: field by field, in declaration order;
  // fields without an initializer are zero. A union, or an initializer
  // that does not fit (designators Clang already resolved are fine), is
  // only evaluated: its fields stay unknown.
  if (!list->isSemanticForm() && list->getSemanticForm()) list = list->getSemanticForm();
  const RecordDecl* rd = type.getCanonicalType()->getAsRecordDecl();
  if (!rd || rd->isUnion() || (isa<CXXRecordDecl>(rd) && cast<CXXRecordDecl>(rd)->getNumBases() > 0)) {
    effect(list);
    return;
  }
  unsigned i = 0;
  for (const FieldDecl* f : rd->fields()) {
    if (f->isUnnamedBitField()) continue;
    const clang::Expr* init = i < list->getNumInits() ? list->getInit(i) : nullptr;
    ++i;
    LValue field = field_of(dst, f);
    QualType ft = f->getType();
    if (ft->isPointerType()) {
      store_pointer(field, init ? pointer(init) : pointer_from({{nullptr, {PointerTarget::Kind::Null, ""}, int_lit(0)}}), where);
    } else if (ft->isRecordType()) {
      if (const auto* inner = init ? dyn_cast<InitListExpr>(strip(init)) : nullptr) init_record(field, inner, ft, where);
      else if (init && strip(init)->IgnoreImpCasts()->isGLValue()) copy_record(field, lvalue(strip(init)->IgnoreImpCasts()), ft, where);
      else if (init) effect(init);
    } else if (ft->isArrayType()) {
      if (init) effect(init);  // elements stay unknown
    } else if (!isa_and_nonnull<ImplicitValueInitExpr>(init)) {
      assign(field, init ? rvalue(init) : int_lit(0), where);
    } else {
      assign(field, int_lit(0), where);
    }
  }
}

void Lowerer::if_stmt(const IfStmt* s) {
  scopes_.emplace_back();
  if (s->getInit()) stmt(s->getInit());
  if (const VarDecl* v = s->getConditionVariable()) declaration(v);
  Expr c = condition(s->getCond());
  kir::If i;
  i.cond = c;
  i.loc = loc(s->getBeginLoc());
  i.then_body = collect([&] { stmt(s->getThen()); });
  if (s->getElse()) i.else_body = collect([&] { stmt(s->getElse()); });
  emit(kir::Stmt{std::move(i)});
  scopes_.pop_back();
}

void Lowerer::for_stmt(const ForStmt* s) {
  scopes_.emplace_back();
  kir::Loop l;
  l.loc = loc(s->getBeginLoc());
  // The init runs once before the loop; its declarations stay in this scope.
  stmt(s->getInit());
  if (const VarDecl* v = s->getConditionVariable()) declaration(v);
  kir::Block cond_code;
  Expr cond;
  if (s->getCond()) {
    cond_code = collect([&] { cond = condition(s->getCond()); });
  } else {
    cond = bool_lit(true);
  }
  l.cond = cond_code.empty() ? cond : bool_lit(true);  // tested by the break at the body's start
  std::vector<int> marks = exit_marks();
  ++loop_depth_;
  l.body = loop_body(cond_code, cond, l.loc, s->getBody());
  l.update = collect([&] { if (s->getInc()) effect(s->getInc()); });
  --loop_depth_;
  SourceLoc at = l.loc;
  emit(kir::Stmt{std::move(l)});
  exit_checks(marks, at);
  scopes_.pop_back();
}

// The body of a loop whose condition needs statements of its own (a call,
// a load): they run at the top of each iteration, then `if (!cond) break`.
kir::Block Lowerer::loop_body(const kir::Block& cond_code, const Expr& cond, const SourceLoc& at, const Stmt* body) {
  return collect([&] {
    for (const auto& st : cond_code) emit(st);
    if (!cond_code.empty()) {
      kir::If exit;
      exit.cond = cond ? neg(cond) : nullptr;
      exit.then_body.push_back(kir::Stmt{kir::Break{at}});
      emit(kir::Stmt{std::move(exit)});
    }
    stmt(body);
  });
}

void Lowerer::while_stmt(const WhileStmt* s) {
  scopes_.emplace_back();
  if (const VarDecl* v = s->getConditionVariable()) declaration(v);
  kir::Loop l;
  l.loc = loc(s->getBeginLoc());
  Expr cond;
  kir::Block cond_code = collect([&] { cond = condition(s->getCond()); });
  l.cond = cond_code.empty() ? cond : bool_lit(true);  // tested by the break at the body's start
  std::vector<int> marks = exit_marks();
  ++loop_depth_;
  l.body = loop_body(cond_code, cond, l.loc, s->getBody());
  --loop_depth_;
  SourceLoc at = l.loc;
  emit(kir::Stmt{std::move(l)});
  exit_checks(marks, at);
  scopes_.pop_back();
}

void Lowerer::do_stmt(const DoStmt* s) {
  kir::Loop l;
  l.loc = loc(s->getBeginLoc());
  l.test_first = false;
  std::vector<int> marks = exit_marks();
  ++loop_depth_;
  Expr cond;
  kir::Block cond_code;
  l.body = collect([&] {
    stmt(s->getBody());
    cond_code = collect([&] { cond = condition(s->getCond()); });
  });
  if (!cond_code.empty()) {
    // do { body } while (load-dependent cond): test at the end of the body.
    for (auto& st : cond_code) l.body.push_back(st);
    kir::If exit;
    exit.cond = cond ? neg(cond) : nullptr;
    exit.then_body.push_back(kir::Stmt{kir::Break{l.loc}});
    l.body.push_back(kir::Stmt{std::move(exit)});
    cond = bool_lit(true);
  }
  l.cond = cond;
  --loop_depth_;
  SourceLoc at = l.loc;
  emit(kir::Stmt{std::move(l)});
  exit_checks(marks, at);
}

void Lowerer::switch_stmt(const SwitchStmt* s) {
  // switch (v) { case a: case b: ... break; default: ... } without
  // fall-through between non-empty cases becomes an if-else chain.
  const auto* body = dyn_cast<CompoundStmt>(s->getBody());
  if (!body) return unsupported("switch without a block", s->getBeginLoc());
  Expr v = rvalue(s->getCond());
  struct Case {
    std::vector<Expr> labels;
    bool is_default = false;
    std::vector<const Stmt*> stmts;
    bool ends_with_break = false;
  };
  std::vector<Case> cases;
  for (const Stmt* c : body->body()) {
    const Stmt* cur = c;
    bool labeled = false;
    while (true) {
      if (const auto* cs = dyn_cast<CaseStmt>(cur)) {
        if (!labeled && (cases.empty() || !cases.back().stmts.empty())) cases.emplace_back();
        labeled = true;
        auto value = constant(cs->getLHS());
        if (!value || cs->getRHS()) return unsupported("switch with a non-constant case", cs->getBeginLoc());
        cases.back().labels.push_back(int_lit(*value));
        cur = cs->getSubStmt();
      } else if (const auto* ds = dyn_cast<DefaultStmt>(cur)) {
        if (!labeled && (cases.empty() || !cases.back().stmts.empty())) cases.emplace_back();
        labeled = true;
        cases.back().is_default = true;
        cur = ds->getSubStmt();
      } else {
        break;
      }
    }
    if (cases.empty()) continue;  // unreachable code before the first label
    if (isa<BreakStmt>(cur)) {
      cases.back().ends_with_break = true;
      continue;
    }
    // Code after a break, or a break from inside a case's code: guarded
    // cases in a one-shot loop (lower_jumps.cpp).
    if (cases.back().ends_with_break || breaks_out(cur)) return switch_with_exits(s, v);
    cases.back().stmts.push_back(cur);
  }
  for (std::size_t i = 0; i + 1 < cases.size(); ++i)
    if (!cases[i].ends_with_break && !cases[i].stmts.empty()) return switch_with_exits(s, v);  // fall-through
  // Build the chain from the last case backwards; default last.
  kir::Block chain;
  const Case* fallback = nullptr;
  for (const auto& c : cases)
    if (c.is_default) fallback = &c;
  if (fallback) chain = collect([&] { for (const Stmt* st : fallback->stmts) stmt(st); });
  for (auto it = cases.rbegin(); it != cases.rend(); ++it) {
    if (it->is_default && it->labels.empty()) continue;
    kir::If i;
    std::vector<Expr> tests;
    for (const auto& l : it->labels) tests.push_back(v ? expr::binary(BinOp::Eq, v, l) : nullptr);
    bool known = v != nullptr;
    i.cond = known ? disj(tests) : nullptr;
    i.loc = loc(s->getBeginLoc());
    i.then_body = collect([&] { for (const Stmt* st : it->stmts) stmt(st); });
    i.else_body = std::move(chain);
    chain = kir::Block{kir::Stmt{std::move(i)}};
  }
  for (auto& st : chain) emit(std::move(st));
}

void Lowerer::return_stmt(const ReturnStmt* s) {
  // A copy: lowering the returned value may inline calls, which push onto
  // frames_ and may reallocate it (a reference would dangle).
  const Frame f = frames_.back();
  if (frames_.size() == 1) {
    if (s->getRetValue()) effect(s->getRetValue());
    return emit(kir::Stmt{kir::Return{loc(s->getBeginLoc())}});
  }
  if (s->getRetValue()) {
    QualType rt = f.function->getReturnType();
    if (!f.result.empty() && rt->isPointerType() && !rt->isFunctionPointerType()) {
      store_slot(f.result, alternatives_of(pointer(s->getRetValue())), loc(s->getBeginLoc()));
    } else if (!f.result.empty() && f.function->getReturnType()->isReferenceType()) {
      store_slot(f.result, alternatives_of(pointer_to(lvalue(s->getRetValue()))), loc(s->getBeginLoc()));
    } else if (!f.result.empty()) {
      // A function pointer returns its selector value (lower_indirect.cpp).
      Expr v = s->getRetValue()->getType()->isFunctionPointerType() ? function_value(s->getRetValue())
                                                                     : rvalue(s->getRetValue());
      emit(kir::Stmt{kir::Assign{f.result, to_int(v), loc(s->getBeginLoc())}});
    } else {
      effect(s->getRetValue());
    }
  }
  if (f.exit >= 0) jump_to(static_cast<std::size_t>(f.exit), s->getBeginLoc());
}

// asm_stmt: frontend/lower_asm.cpp.

}  // namespace racecert::frontend::detail
