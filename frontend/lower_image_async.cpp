// Lowering of OpenCL images and of async work-group copies
// (frontend/lowering.hpp; docs/frontend.md "Images" and "Async copies").
//
// Images. write_image*(img, coord, color) writes the pixel at coord of an
// array named after the image (`img.image`), one index per coordinate.
// read_image* of a read_only image is no access that can race: a kernel
// never writes an image it reads (OpenCL 1.2 makes each image argument
// read_only or write_only). A read_write image (OpenCL 2.0) may be both: its
// reads are reads of the same array.
//
// Async copies. async_work_group_copy(dst, src, n, e) is one copy that the
// whole work-group performs: any of its work-items may read any src[j] and
// write any dst[j], j < n, at any time until the copy is waited for. Each
// work-item therefore runs a loop over j reading src[j] (a plain read) and
// writing dst[j] as a block-scoped atomic: the copy's own writes never race
// with each other within the group (it is one operation), they race with
// any plain access of another work-item to those elements, and with another
// group's copy (a heterogeneous race). The accesses happen where the copy starts and
// again after every barrier until a wait_group_events on its event at the
// kernel's top level; wait_group_events does not order the copied data for
// the other work-items (a barrier is still needed, as in GPUVerify). Two
// copies of one group that may touch one array while both run would race
// unseen between the atomics: `unknown`. Both calls are group functions
// (every work-item reaches them with the same arguments): each emits a
// barrier that orders no memory under a condition on its arguments, so a
// non-uniform argument or a call under a thread-dependent condition is a
// barrier divergence.
#include <clang/AST/ExprCXX.h>
#include <clang/AST/ParentMapContext.h>

#include "frontend/lowering.hpp"

namespace racecert::frontend::detail {

using namespace clang;
using namespace racecert::expr;

namespace {

bool starts_with(const std::string& s, const char* p) { return s.rfind(p, 0) == 0; }

bool is_copy_call(const clang::Expr* e) {
  const auto* c = dyn_cast<CallExpr>(strip(e)->IgnoreImpCasts());
  const FunctionDecl* f = c ? c->getDirectCallee() : nullptr;
  if (!f) return false;
  std::string n = f->getNameAsString();
  return n == "async_work_group_copy" || n == "async_work_group_strided_copy";
}

// e is `v`, `v[k]`, `&v` or `&v[k]`.
bool names(const clang::Expr* e, const ValueDecl* v) {
  e = strip(e)->IgnoreImpCasts();
  if (const auto* u = dyn_cast<UnaryOperator>(e); u && u->getOpcode() == UO_AddrOf) e = strip(u->getSubExpr())->IgnoreImpCasts();
  if (const auto* s = dyn_cast<ArraySubscriptExpr>(e)) e = strip(s->getBase())->IgnoreImpCasts();
  const auto* r = dyn_cast<DeclRefExpr>(e);
  return r && r->getDecl() == v;
}

// Whether the event variable (or array) v only ever receives copies'
// results in its function: no other assignment, increment or escape of its
// address (which could let anything write it), except as the list of a
// wait_group_events. Only then does `wait_group_events(1, &v)` wait for
// the copies racecert saw go into v.
bool only_copies_write(const Stmt* s, const ValueDecl* v) {
  if (!s) return true;
  if (const auto* b = dyn_cast<BinaryOperator>(s); b && b->isAssignmentOp() && names(b->getLHS(), v)) {
    const auto* lhs = strip(b->getLHS())->IgnoreImpCasts();
    if (isa<UnaryOperator>(lhs) || b->getOpcode() != BO_Assign || !is_copy_call(b->getRHS())) return false;
    return only_copies_write(b->getRHS(), v);
  }
  if (const auto* u = dyn_cast<UnaryOperator>(s)) {
    if ((u->isIncrementDecrementOp() || u->getOpcode() == UO_AddrOf) && names(u->getSubExpr(), v)) return false;
  }
  if (const auto* c = dyn_cast<ImplicitCastExpr>(s); c && c->getCastKind() == CK_ArrayToPointerDecay && names(c->getSubExpr(), v))
    return false;
  if (const auto* c = dyn_cast<CallExpr>(s)) {
    const FunctionDecl* f = c->getDirectCallee();
    if (f && f->getNameAsString() == "wait_group_events" && c->getNumArgs() == 2) {
      if (!only_copies_write(c->getArg(0), v)) return false;
      return names(c->getArg(1), v) || only_copies_write(c->getArg(1), v);
    }
  }
  for (const Stmt* child : s->children())
    if (!only_copies_write(child, v)) return false;
  return true;
}

}  // namespace

// `e`, `events[k]` (k constant): the event variable or array cell.
std::optional<std::string> Lowerer::event_place(const clang::Expr* e) const {
  e = strip(e)->IgnoreImpCasts();
  if (const auto* r = dyn_cast<DeclRefExpr>(e)) return "v" + std::to_string(reinterpret_cast<std::uintptr_t>(r->getDecl()));
  if (const auto* s = dyn_cast<ArraySubscriptExpr>(e)) {
    const auto* r = dyn_cast<DeclRefExpr>(strip(s->getBase())->IgnoreImpCasts());
    auto k = constant(s->getIdx());
    if (r && k) return "v" + std::to_string(reinterpret_cast<std::uintptr_t>(r->getDecl())) + "[" + std::to_string(*k) + "]";
  }
  return std::nullopt;
}

void Lowerer::group_function(const std::vector<Expr>& arguments, clang::SourceLocation where) {
  // `if (args >= 0) barrier-that-orders-nothing`: divergent exactly when an
  // argument depends on the thread (or the call is reached non-uniformly).
  Expr sum = int_lit(0);
  for (const Expr& a : arguments) sum = sum && a ? sum + to_int(a) : nullptr;
  kir::Barrier b;
  b.kind = kir::Barrier::Kind::Block;
  b.orders_shared = b.orders_global = false;
  b.loc = loc(where);
  kir::If i;
  i.cond = sum ? expr::binary(BinOp::Ge, sum, int_lit(0)) : nullptr;
  i.loc = loc(where);
  i.then_body.push_back(kir::Stmt{std::move(b)});
  emit(kir::Stmt{std::move(i)});
}

void Lowerer::async_copies_after_barrier() {
  if (sinks_.size() == 1) copies_in_phase_.clear();
  for (const AsyncCopy& c : in_flight_) {
    copies_in_phase_.push_back(c);
    for (const kir::Stmt& s : c.accesses) emit(s);
  }
}

std::optional<Expr> Lowerer::image_or_async_builtin(const std::string& name, const CallExpr* c,
                                                    const std::vector<const clang::Expr*>& args) {
  bool write = starts_with(name, "write_image"), read = starts_with(name, "read_image");
  if ((write || read) && args.size() >= 2) {
    // The image: a parameter of the kernel itself (images cannot be stored).
    const auto* ref = dyn_cast<DeclRefExpr>(strip(args[0])->IgnoreImpCasts());
    const auto* param = ref ? dyn_cast<ParmVarDecl>(ref->getDecl()) : nullptr;
    bool of_kernel = param && !frames_.empty() && param->getDeclContext() == frames_.front().function;
    std::string type = args[0]->getType().getCanonicalType().getAsString();
    bool read_write = type.find("read_write") != std::string::npos;
    const clang::Expr* coord = write || args.size() == 2 ? args[1] : args[2];
    for (std::size_t i = 1; i < args.size(); ++i)
      if (args[i] != coord) effect(args[i]);
    if (read && !read_write) {
      effect(coord);
      return Expr{};
    }
    if (!of_kernel) {
      effect(coord);
      unsupported("'" + name + "' on an image racecert cannot resolve to a kernel parameter", c->getBeginLoc());
      return Expr{};
    }
    // One index per coordinate: int (1D), int2 (2D, 1D array), int4 (3D,
    // 2D array: x, y, z; w is ignored).
    std::size_t dims = 1;
    if (const auto* vt = coord->getType().getCanonicalType()->getAs<VectorType>())
      dims = vt->getNumElements() >= 4 ? 3 : vt->getNumElements();
    std::vector<Expr> index(dims, nullptr);
    const auto* literal = dyn_cast<CompoundLiteralExpr>(strip(coord)->IgnoreImpCasts());
    const auto* list = literal ? dyn_cast<InitListExpr>(literal->getInitializer()) : nullptr;
    bool scalars = list && list->getNumInits() >= dims;
    for (unsigned i = 0; list && i < list->getNumInits(); ++i)
      scalars = scalars && !list->getInit(i)->getType()->getAs<VectorType>();
    if (dims == 1 && !literal) {
      index[0] = rvalue(coord);
    } else if (scalars) {
      for (unsigned i = 0; i < list->getNumInits(); ++i) {
        Expr v = rvalue(list->getInit(i));
        if (i < dims) index[i] = v ? to_int(v) : nullptr;
      }
    } else {
      effect(coord);  // coordinates racecert does not read: any pixel
    }
    std::string array = param->getNameAsString() + ".image";
    if (!k_.find_array(array)) {
      kir::Array a;
      a.name = array;
      a.space = kir::Space::Global;
      a.sizes.assign(dims, 0);
      a.element = kir::ScalarType::Other;
      a.parameter = true;
      a.loc = loc(param->getLocation());
      k_.arrays.push_back(a);
    }
    kir::Location at{array, index};
    if (write) emit(kir::Stmt{kir::Store{at, nullptr, loc(c->getBeginLoc())}});
    else emit(kir::Stmt{kir::Load{"", at, loc(c->getBeginLoc())}});
    return Expr{};
  }

  if (name == "prefetch") {  // a hint: no access
    for (const clang::Expr* a : args) a->getType()->isPointerType() ? (void)pointer(a) : effect(a);
    return Expr{};
  }

  bool strided = name == "async_work_group_strided_copy";
  if ((name == "async_work_group_copy" && args.size() == 4) || (strided && args.size() == 5)) {
    std::optional<PointerValue> dst = pointer(args[0]), src = pointer(args[1]);
    Expr n = rvalue(args[2]);
    Expr stride = strided ? rvalue(args[3]) : int_lit(1);
    // Each side may be one of several places (`r = c ? p : q`), each an
    // array, possibly seen through a byte view (`(local char *)mine`).
    PointerAlternatives dsts = alternatives_of(dst), srcs = alternatives_of(src);
    auto arrays = [](const PointerAlternatives& alts) {
      std::set<std::string> out;
      for (const auto& a : alts)
        if (a.target.kind == PointerTarget::Kind::Array) out.insert(a.target.name);
        else if (a.target.kind != PointerTarget::Kind::Null) return std::optional<std::set<std::string>>{};
      return std::optional(out);
    };
    auto dst_arrays = arrays(dsts), src_arrays = arrays(srcs);
    if (!dst_arrays || !src_arrays || dst_arrays->empty() || src_arrays->empty()) {
      unsupported("'" + name + "' on an address racecert cannot resolve to an array", c->getBeginLoc());
      return Expr{};
    }
    if (loop_depth_ > 0) {
      unsupported("'" + name + "' inside a loop", c->getBeginLoc());
      return Expr{};
    }
    auto meet = [](const std::set<std::string>& a, const std::set<std::string>& b) {
      return std::any_of(a.begin(), a.end(), [&](const std::string& x) { return b.count(x) > 0; });
    };
    for (const auto* started : {&in_flight_, &copies_in_phase_})
      for (const AsyncCopy& o : *started)
        if (meet(o.dst, *dst_arrays) || meet(o.dst, *src_arrays) || meet(o.src, *dst_arrays)) {
          unsupported("async copies of one work-group that may touch array '" + *dst_arrays->begin() + "' at once",
                      c->getBeginLoc());
          return Expr{};
        }
    AsyncCopy copy;
    copy.id = ++async_copies_;
    copy.dst = *dst_arrays;
    copy.src = *src_arrays;
    // The arguments as they are now: the copy's accesses repeat later.
    std::string tag = "copy" + std::to_string(copy.id);
    auto keep = [&](const std::string& what, Expr v) {
      std::string x = new_variable(tag + "." + what, kir::ScalarType::Int, loc(c->getBeginLoc()));
      emit(kir::Stmt{kir::Assign{x, to_int(v), loc(c->getBeginLoc())}});
      return var(x);
    };
    auto kept = [&](const std::string& side, PointerAlternatives alts) {
      for (std::size_t i = 0; i < alts.size(); ++i) {
        std::string k = side + (alts.size() > 1 ? std::to_string(i) : "");
        if (alts[i].guard) alts[i].guard = expr::binary(BinOp::Ne, keep(k + ".taken", alts[i].guard), int_lit(0));
        if (alts[i].offset) alts[i].offset = keep(k, alts[i].offset);
      }
      return pointer_from(std::move(alts));
    };
    PointerValue d = kept("dst", dsts), s = kept("src", srcs);
    Expr count = keep("n", n), step = keep("stride", stride);
    std::vector<Expr> uniform = {count, step};
    for (const auto* side : {&d, &s}) {
      if (side->offset) uniform.push_back(side->offset);
      for (const auto& a : side->alternatives) {
        if (a.guard) uniform.push_back(a.guard);
        if (a.offset) uniform.push_back(a.offset);
      }
    }
    group_function(uniform, c->getBeginLoc());
    std::string j = new_variable(tag + ".j", kir::ScalarType::Int, loc(c->getBeginLoc()));
    // A strided copy gathers from src (into local memory) or scatters into dst.
    bool gather = args[0]->getType()->getPointeeType().getAddressSpace() == LangAS::opencl_local;
    Expr jd = strided && !gather ? var(j) * step : var(j), js = strided && gather ? var(j) * step : var(j);
    kir::Loop l;
    l.loc = loc(c->getBeginLoc());
    l.init.push_back(kir::Stmt{kir::Assign{j, int_lit(0), l.loc}});
    l.cond = expr::binary(BinOp::Lt, var(j), count);
    // Reads of the source are plain reads: they race with writes only. The
    // writes are block-scoped atomic stores (docs/frontend.md).
    l.body = collect([&] {
      this->read(deref(s, js, args[1]->getType()->getPointeeType(), "source of an async copy"), ctx_.IntTy, c->getBeginLoc());
      kir::Atomic w;
      w.op = "store";
      w.scope = kir::Scope::Block;
      w.loc = l.loc;
      emit_atomic(w, deref(d, jd, args[0]->getType()->getPointeeType(), "destination of an async copy"), c->getBeginLoc());
    });
    l.update.push_back(kir::Stmt{kir::Assign{j, var(j) + int_lit(1), l.loc}});
    copy.accesses.push_back(kir::Stmt{std::move(l)});
    for (const kir::Stmt& st : copy.accesses) emit(st);
    // Its event: the one passed in (joined), now also where the result goes.
    std::shared_ptr<std::set<int>> event;
    if (auto joined = event_place(args.back()); joined && !constant(args.back())) {
      auto& e = events_[*joined];
      if (!e) e = std::make_shared<std::set<int>>();
      event = e;
    } else {
      effect(args.back());
      event = std::make_shared<std::set<int>>();
    }
    event->insert(copy.id);
    // Where the result goes, through implicit casts and parentheses.
    DynTypedNodeList parents = ctx_.getParents(*c);
    while (parents.size() == 1) {
      const auto* ex = parents[0].get<clang::Expr>();
      if (!ex || !(isa<ImplicitCastExpr>(ex) || isa<ParenExpr>(ex) || isa<ExprWithCleanups>(ex))) break;
      DynTypedNode next = parents[0];
      parents = ctx_.getParents(next);
    }
    if (parents.size() == 1) {
      std::optional<std::string> place;
      if (const auto* v = parents[0].get<VarDecl>())
        place = "v" + std::to_string(reinterpret_cast<std::uintptr_t>(static_cast<const ValueDecl*>(v)));
      else if (const auto* b = parents[0].get<BinaryOperator>(); b && b->getOpcode() == BO_Assign)
        place = event_place(b->getLHS());
      if (place) events_[*place] = event;
    }
    in_flight_.push_back(copy);
    copies_in_phase_.push_back(std::move(copy));
    return Expr{};
  }

  if (name == "wait_group_events" && args.size() == 2) {
    Expr n = rvalue(args[0]);
    group_function({n}, c->getBeginLoc());
    // The events: `&e` (one), or the first n cells of an array of events.
    std::vector<std::string> places;
    const clang::Expr* list = strip(args[1])->IgnoreImpCasts();
    auto count = constant(args[0]);
    // The events' variable, if nothing but copies writes it.
    auto trusted = [&](const clang::Expr* e) {
      e = strip(e)->IgnoreImpCasts();
      if (const auto* s = dyn_cast<ArraySubscriptExpr>(e)) e = strip(s->getBase())->IgnoreImpCasts();
      const auto* r = dyn_cast<DeclRefExpr>(e);
      const auto* v = r ? dyn_cast<VarDecl>(r->getDecl()) : nullptr;
      const auto* f = v ? dyn_cast_or_null<FunctionDecl>(v->getParentFunctionOrMethod()) : nullptr;
      return f && !isa<ParmVarDecl>(v) && only_copies_write(f->getBody(), v);
    };
    if (const auto* u = dyn_cast<UnaryOperator>(list); u && u->getOpcode() == UO_AddrOf) {
      if (auto p = event_place(u->getSubExpr()); p && count == 1 && trusted(u->getSubExpr())) places.push_back(*p);
    } else if (const auto* r = dyn_cast<DeclRefExpr>(list); r && r->getType()->isArrayType() && count && trusted(r)) {
      for (std::int64_t k = 0; k < *count; ++k)
        places.push_back("v" + std::to_string(reinterpret_cast<std::uintptr_t>(r->getDecl())) + "[" +
                         std::to_string(k) + "]");
    } else {
      effect(args[1]);
    }
    // Only a wait every work-item reaches completes copies for what follows.
    if (sinks_.size() != 1) return Expr{};
    std::set<int> done;
    for (const auto& p : places)
      if (auto it = events_.find(p); it != events_.end() && it->second) done.insert(it->second->begin(), it->second->end());
    std::erase_if(in_flight_, [&](const AsyncCopy& a) { return done.count(a.id) > 0; });
    return Expr{};
  }
  return std::nullopt;
}

}  // namespace racecert::frontend::detail
