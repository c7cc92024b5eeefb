// Device functions without a body that access memory through their pointer
// arguments (frontend/lowering.hpp): memcpy, memmove and memset over a byte
// range, the cache-hint loads and stores (__ldg, __ldcs, __stcg, ...),
// cuRAND's generator states, surface reads and writes, the math and warp
// functions with a result pointer (__sincosf, frexp, __match_all_sync). Textures need
// nothing: they are read-only, so a fetch is an unknown value.
#include <clang/AST/RecordLayout.h>

#include <map>
#include <set>

#include "frontend/lowering.hpp"

namespace racecert::frontend::detail {

using namespace clang;
using namespace racecert::expr;

namespace {

bool starts_with(const std::string& s, const char* p) { return s.rfind(p, 0) == 0; }

// The pointer the user passed, before its conversion to void*.
const clang::Expr* user_pointer(const clang::Expr* e) {
  e = strip(e);
  while (const auto* c = dyn_cast<CastExpr>(e)) {
    if (c->getCastKind() != CK_BitCast && c->getCastKind() != CK_NoOp) break;
    if (!c->getType()->isVoidPointerType()) break;
    e = strip(c->getSubExpr());
  }
  return e;
}

// `&x` of a variable in the thread's registers (a scalar or a struct that is
// not an array): private memory, no other thread sees it.
bool address_of_private(const clang::Expr* e) {
  const auto* u = dyn_cast<UnaryOperator>(strip(e));
  if (!u || u->getOpcode() != UO_AddrOf) return false;
  const auto* r = dyn_cast<DeclRefExpr>(strip(u->getSubExpr()));
  const auto* v = r ? dyn_cast<VarDecl>(r->getDecl()) : nullptr;
  return v && v->hasLocalStorage() && !v->getType()->isArrayType() && !v->getType()->isReferenceType();
}

// Whether the function body f may change v: an assignment, ++/--, its
// address taken, or a non-const reference bound to it.
bool may_change(const Stmt* s, const VarDecl* v) {
  if (!s) return false;
  auto is_v = [&](const clang::Expr* e) {
    const auto* r = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
    return r && r->getDecl() == v;
  };
  if (const auto* b = dyn_cast<BinaryOperator>(s); b && b->isAssignmentOp() && is_v(b->getLHS())) return true;
  if (const auto* u = dyn_cast<UnaryOperator>(s);
      u && (u->isIncrementDecrementOp() || u->getOpcode() == UO_AddrOf) && is_v(u->getSubExpr()))
    return true;
  if (const auto* c = dyn_cast<CallExpr>(s)) {
    const FunctionDecl* f = c->getDirectCallee();
    for (unsigned i = 0; i < c->getNumArgs(); ++i) {
      if (!is_v(c->getArg(i))) continue;
      if (!f || i >= f->getNumParams()) return !f;
      QualType t = f->getParamDecl(i)->getType();
      if (t->isReferenceType() && !t->getPointeeType().isConstQualified()) return true;
    }
  }
  if (const auto* ds = dyn_cast<DeclStmt>(s))
    for (const Decl* d : ds->decls())
      if (const auto* vd = dyn_cast<VarDecl>(d);
          vd && vd->getType()->isReferenceType() && vd->getInit() && is_v(vd->getInit()))
        return true;
  for (const Stmt* c : s->children())
    if (may_change(c, v)) return true;
  return false;
}

}  // namespace

// A byte count: a constant, or a local initialized with one that the
// function never changes (`size_t len = 4; memcpy(d, s, len)`).
std::optional<std::int64_t> Lowerer::byte_count(const clang::Expr* e) const {
  if (auto n = constant(e)) return n;
  const auto* r = dyn_cast<DeclRefExpr>(strip(e)->IgnoreParenImpCasts());
  const auto* v = r ? dyn_cast<VarDecl>(r->getDecl()) : nullptr;
  if (!v || !v->hasLocalStorage() || isa<ParmVarDecl>(v) || !v->getInit() || frames_.empty()) return std::nullopt;
  auto n = constant(v->getInit());
  if (!n) return std::nullopt;
  const auto* f = dyn_cast<FunctionDecl>(v->getDeclContext());
  if (!f || may_change(f->getBody(), v)) return std::nullopt;
  return n;
}

void Lowerer::byte_range(const clang::Expr* ptr, const clang::Expr* bytes, bool write, const CallExpr* c) {
  SourceLocation where = c->getBeginLoc();
  SourceLoc at = loc(where);
  const clang::Expr* e = user_pointer(ptr);
  if (address_of_private(e)) return;
  std::optional<PointerValue> p = pointer(e);
  const std::string fn = c->getDirectCallee() ? c->getDirectCallee()->getNameAsString() : "memcpy";
  if (!p || p->array.empty()) return unsupported("'" + fn + "' on memory racecert cannot resolve", where);
  const kir::Array* arr = k_.find_array(p->array);
  std::int64_t e_bytes = arr ? arr->element_bytes : 0;
  if (!arr || e_bytes <= 0 || arr->sizes.size() > 1)
    return unsupported("'" + fn + "' on array '" + p->array + "' with elements of unknown size", where);
  auto access = [&](const kir::Location& l) {
    if (write) emit(kir::Stmt{kir::Store{l, nullptr, at}});
    else emit(kir::Stmt{kir::Load{"", l, at}});
  };
  std::optional<std::int64_t> n = byte_count(bytes);
  QualType pointee = e->getType()->isPointerType() ? e->getType()->getPointeeType().getCanonicalType() : QualType();
  const RecordDecl* record = !pointee.isNull() ? pointee->getAsRecordDecl() : nullptr;
  if (arr->element != kir::ScalarType::Other) {
    if (n) {  // bytes [offset * e, offset * e + n): one access through a view
      if (*n <= 0) return;
      kir::Location l{p->array, {p->offset}};
      l.unit = e_bytes;
      l.width = *n;
      return access(l);
    }
    // A size known only at run time: byte j for every j < n, in a loop.
    Expr count = rvalue(bytes);
    std::string size = new_variable("bytes", kir::ScalarType::Int, at);
    emit(kir::Stmt{kir::Assign{size, count ? to_int(count) : nullptr, at}});
    std::string j = new_variable("byte", kir::ScalarType::Int, at);
    kir::Loop loop;
    loop.loc = at;
    loop.init.push_back(kir::Stmt{kir::Assign{j, int_lit(0), at}});
    loop.cond = expr::binary(BinOp::Lt, var(j), var(size));
    loop.update.push_back(kir::Stmt{kir::Assign{j, var(j) + int_lit(1), at}});
    kir::Location l{p->array, {p->offset ? p->offset * int_lit(e_bytes) + var(j) : nullptr}};
    l.unit = 1;
    l.width = 1;
    sinks_.push_back(&loop.body);
    access(l);
    sinks_.pop_back();
    return emit(kir::Stmt{std::move(loop)});
  }
  // An array of structs: each field is an array of its own, so the copy
  // touches every field whose bytes meet the range, whole (coarser than
  // bytes: a possible false alarm, never a missed race).
  if (!record || record->isUnion())
    return unsupported("'" + fn + "' on '" + p->array + "', whose elements are not scalars or structs", where);
  std::int64_t s_bytes = e_bytes;
  if (n && *n <= 0) return;
  std::int64_t structs = n ? (*n + s_bytes - 1) / s_bytes : 1;
  if (structs > 64) return unsupported("'" + fn + "' over more than 64 structs", where);
  const ASTRecordLayout& layout = ctx_.getASTRecordLayout(record);
  // A size known only at run time: every field of struct k for each k
  // below n / sizeof, in a loop.
  std::string k_var;
  kir::Loop loop;
  if (!n) {
    Expr count = rvalue(bytes);
    std::string size = new_variable("structs", kir::ScalarType::Int, at);
    emit(kir::Stmt{kir::Assign{size, count ? expr::binary(BinOp::Div, to_int(count) + int_lit(s_bytes - 1), int_lit(s_bytes)) : nullptr, at}});
    k_var = new_variable("struct", kir::ScalarType::Int, at);
    loop.loc = at;
    loop.init.push_back(kir::Stmt{kir::Assign{k_var, int_lit(0), at}});
    loop.cond = expr::binary(BinOp::Lt, var(k_var), var(size));
    loop.update.push_back(kir::Stmt{kir::Assign{k_var, var(k_var) + int_lit(1), at}});
    sinks_.push_back(&loop.body);
  }
  for (std::int64_t k = 0; k < structs; ++k) {
    std::int64_t end = n ? std::min(s_bytes, *n - k * s_bytes) : s_bytes;  // bytes of struct k in the range: [0, end)
    Expr index = !p->offset ? nullptr : n ? p->offset + int_lit(k) : p->offset + var(k_var);
    LValue base{LValue::Kind::Memory, "", kir::Location{p->array, {index}}, ""};
    for (const FieldDecl* f : record->fields()) {
      std::int64_t offset = static_cast<std::int64_t>(layout.getFieldOffset(f->getFieldIndex())) / 8;
      if (offset >= end) continue;
      QualType ft = f->getType().getCanonicalType();
      if (ft->isRecordType() || f->isBitField() || field_of(base, f).kind != LValue::Kind::Memory) {
        if (!n) sinks_.pop_back();
        return unsupported("'" + fn + "' on structs with nested structs or bit-fields", where);
      }
      LValue field = field_of(base, f);
      std::int64_t count = element_count(ft);  // an array member: its elements that meet the range
      std::int64_t each = count > 0 ? element_bytes(ft) / std::max<std::int64_t>(count, 1) : 0;
      for (std::int64_t i = 0; i < count; ++i) {
        if (each > 0 && offset + i * each >= end) break;
        kir::Location l = field.at;
        if (i > 0 && !l.index.empty() && l.index[0]) l.index[0] = l.index[0] + int_lit(i);
        access(l);
      }
    }
  }
  if (!n) {
    sinks_.pop_back();
    emit(kir::Stmt{std::move(loop)});
  }
}

std::optional<Expr> Lowerer::memory_builtin(const std::string& name, const CallExpr* c,
                                            const std::vector<const clang::Expr*>& args) {
  std::string base = starts_with(name, "__builtin_") ? name.substr(10) : name;
  // memcpy(dst, src, n), memmove: reads src's bytes [0, n), writes dst's.
  if ((base == "memcpy" || base == "memmove") && args.size() == 3) {
    byte_range(args[1], args[2], false, c);
    byte_range(args[0], args[2], true, c);
    return Expr{};
  }
  if (base == "memset" && args.size() == 3) {
    effect(args[1]);
    byte_range(args[0], args[2], true, c);
    return Expr{};
  }
  // Loads and stores with a cache hint: plain accesses.
  static const std::set<std::string> loads = {"__ldg", "__ldca", "__ldcg", "__ldcs", "__ldlu", "__ldcv"};
  static const std::set<std::string> stores = {"__stwb", "__stcg", "__stcs", "__stwt"};
  if ((loads.count(name) && args.size() == 1) || (stores.count(name) && args.size() == 2)) {
    LValue cell = deref(pointer(args[0]), std::nullopt, args[0]->getType()->getPointeeType(), "the address of '" + name + "'");
    if (loads.count(name)) return read(cell, c->getType(), c->getBeginLoc());
    Expr v = args[1]->getType()->isIntegralOrEnumerationType() ? rvalue(args[1]) : (effect(args[1]), nullptr);
    assign(cell, v, c->getBeginLoc());
    return Expr{};
  }
  // Functions that return a second result through a pointer (__sincosf(x,
  // &s, &c), frexp(x, &e), __match_all_sync(m, v, &pred)): an unknown value
  // stored at each such argument (by its index).
  static const std::map<std::string, std::set<std::size_t>> writers = {
      {"__sincosf", {1, 2}}, {"sincosf", {1, 2}}, {"sincos", {1, 2}}, {"sincospif", {1, 2}}, {"sincospi", {1, 2}},
      {"frexpf", {1}}, {"frexp", {1}}, {"modff", {1}}, {"modf", {1}}, {"remquof", {2}}, {"remquo", {2}},
      {"__match_all_sync", {2}}, {"__vibmax_s32", {2}}, {"__vibmax_u32", {2}}, {"__vibmin_s32", {2}},
      {"__vibmin_u32", {2}}, {"__vibmax_s16x2", {2, 3}}, {"__vibmax_u16x2", {2, 3}}, {"__vibmin_s16x2", {2, 3}},
      {"__vibmin_u16x2", {2, 3}}};
  if (auto w = writers.find(base); w != writers.end() && args.size() > *w->second.rbegin()) {
    for (std::size_t i = 0; i < args.size(); ++i) {
      if (!w->second.count(i) || !args[i]->getType()->isPointerType()) {
        effect(args[i]);
        continue;
      }
      LValue cell = deref(pointer(args[i]), std::nullopt, args[i]->getType()->getPointeeType(),
                          "the result pointer of '" + name + "'");
      assign(cell, nullptr, c->getBeginLoc());
    }
    return Expr{};
  }
  // Address-space conversions and tests look at a pointer, never through it.
  static const std::set<std::string> lookers = {"__isGlobal", "__isShared", "__isConstant", "__isLocal",
                                                "__isGridConstant", "__isCtaShared", "__isClusterShared"};
  if (lookers.count(name) || starts_with(name, "__cvta_generic_to_")) {
    for (const clang::Expr* a : args) effect(a);
    return Expr{};
  }
  // cuRAND: the generator state is memory each call reads and updates
  // (curand_init only writes it). An MTGP32 state serves a block of up to
  // 256 threads, thread t in slot t: state i is cells [256 i, 256 i + 256).
  if (starts_with(name, "curand")) {
    for (const clang::Expr* a : args) {
      if (!a->getType()->isPointerType()) {
        effect(a);
        continue;
      }
      std::optional<PointerValue> p = pointer(a);
      if (!may_touch_arrays(p)) continue;  // a state in registers
      if (p->array.empty()) {  // one of several places: each read and written
        LValue state = deref(p, std::nullopt, a->getType()->getPointeeType(), "random number state");
        if (name != "curand_init") read(state, ctx_.IntTy, c->getBeginLoc());
        assign(state, nullptr, c->getBeginLoc());
        continue;
      }
      kir::Location l{p->array, {p->offset}};
      std::string type = a->getType()->getPointeeType().getCanonicalType().getAsString();
      if (type.find("curandStateMtgp32") != std::string::npos && p->offset)
        l.index[0] = p->offset * int_lit(256) + expr::binary(BinOp::Mod, var("threadIdx.x"), int_lit(256));
      SourceLoc at = loc(c->getBeginLoc());
      if (name != "curand_init") emit(kir::Stmt{kir::Load{"", l, at}});
      emit(kir::Stmt{kir::Store{l, nullptr, at}});
    }
    return Expr{};
  }
  if (starts_with(name, "surf") && (name.find("write") != std::string::npos || name.find("read") != std::string::npos))
    return surface_access(name, c, args);
  return std::nullopt;
}

// A surface is a writable image: an array of its own per surface object
// (a kernel parameter, distinct from the others as pointer parameters are)
// or surface reference, one dimension per coordinate (the layer first,
// then z, y, x), x counting bytes: surf2Dwrite(v, s, x, y) writes
// sizeof(v) bytes at [y][x].
Expr Lowerer::surface_access(const std::string& name, const CallExpr* c, const std::vector<const clang::Expr*>& args) {
  bool write = name.find("write") != std::string::npos;
  int dims = name.find("3D") != std::string::npos ? 3 : name.find("2D") != std::string::npos ? 2 : 1;
  bool layered = name.find("Layered") != std::string::npos;
  std::size_t first = write ? 1 : 0;  // the surface argument
  std::size_t coords = static_cast<std::size_t>(dims + (layered ? 1 : 0));
  auto fail = [&](const std::string& why) {
    unsupported("surface access '" + name + "': " + why, c->getBeginLoc());
    return Expr{};
  };
  if (args.size() < first + 1 + coords) return fail("too few arguments");
  const auto* ref = dyn_cast<DeclRefExpr>(strip(args[first])->IgnoreParenImpCasts());
  const auto* handle = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
  bool parameter = handle && isa<ParmVarDecl>(handle) && handle->getDeclContext() == frames_.front().function;
  bool reference = handle && handle->hasGlobalStorage();
  if (!parameter && !reference) return fail("a surface racecert cannot name (not a kernel parameter or surface reference)");
  std::string array = handle->getNameAsString() + ".surface";
  const kir::Array* existing = k_.find_array(array);
  if (!existing) {
    kir::Array a;
    a.name = array;
    a.space = kir::Space::Global;
    a.sizes = std::vector<std::int64_t>(coords, 0);
    a.element = kir::ScalarType::Other;
    a.element_bytes = 1;
    a.parameter = parameter;
    a.loc = loc(handle->getLocation());
    k_.arrays.push_back(a);
  } else if (existing->sizes.size() != coords) {
    return fail("used with different numbers of coordinates");
  }
  // Coordinates: x, y, z, then the layer; the index runs the other way.
  std::vector<Expr> index(coords);
  for (std::size_t i = 0; i < coords; ++i) {
    Expr v = rvalue(args[first + 1 + i]);
    index[coords - 1 - i] = v ? to_int(v) : nullptr;
  }
  for (std::size_t i = first + 1 + coords; i < args.size(); ++i) effect(args[i]);  // the boundary mode
  QualType texel = write ? args[0]->getType() : c->getType();
  kir::Location l{array, index};
  l.unit = 1;
  l.width = std::max<std::int64_t>(element_bytes(texel), 1);
  SourceLoc at = loc(c->getBeginLoc());
  if (write) {
    effect(args[0]);
    emit(kir::Stmt{kir::Store{l, nullptr, at}});
    return Expr{};
  }
  emit(kir::Stmt{kir::Load{"", l, at}});
  return Expr{};
}

}  // namespace racecert::frontend::detail
