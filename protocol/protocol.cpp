#include "protocol/protocol.hpp"

#include <algorithm>
#include <functional>

#include "support/overloaded.hpp"

namespace racecert::protocol {

const ArrayDecl* Kernel::find_array(const std::string& n) const {
  for (const auto& a : arrays)
    if (a.name == n) return &a;
  return nullptr;
}

AccessView resolve_view(const AccessView& v, std::int64_t element_bytes) {
  std::int64_t element = element_bytes > 0 ? element_bytes : 1;
  return AccessView{v.unit > 0 ? v.unit : element, v.width > 0 ? v.width : element};
}

bool same_location_bytes(const std::vector<std::int64_t>& index1, const AccessView& view1,
                         const std::vector<std::int64_t>& index2, const AccessView& view2) {
  if (index1.size() != index2.size()) return false;
  if (index1.empty()) return true;
  for (std::size_t d = 0; d + 1 < index1.size(); ++d)
    if (index1[d] != index2[d]) return false;
  // 128-bit products: a huge index times a unit must not wrap around into a
  // false overlap (or a false disjointness).
  __int128 o1 = static_cast<__int128>(index1.back()) * view1.unit;
  __int128 o2 = static_cast<__int128>(index2.back()) * view2.unit;
  return o1 < o2 + view2.width && o2 < o1 + view1.width;
}

const std::vector<VarDecl>& builtin_vars() {
  static const std::vector<VarDecl> vars = [] {
    std::vector<VarDecl> v;
    for (const char* d : {"x", "y", "z"}) {
      v.push_back({std::string("threadIdx.") + d, Uniformity::Thread, {}, std::nullopt});
      v.push_back({std::string("blockIdx.") + d, Uniformity::Block, {}, std::nullopt});
      v.push_back({std::string("blockDim.") + d, Uniformity::Grid, {}, std::nullopt});
      v.push_back({std::string("gridDim.") + d, Uniformity::Grid, {}, std::nullopt});
    }
    return v;
  }();
  return vars;
}

std::optional<Uniformity> builtin_kind(const std::string& name) {
  for (const auto& v : builtin_vars())
    if (v.name == name) return v.kind;
  return std::nullopt;
}

const std::vector<Expr>& builtin_constraints() {
  // Made once: every trace assumes them (expressions are immutable, and
  // shared between threads through atomic counts).
  static const std::vector<Expr> constraints = [] {
    std::vector<Expr> out;
    for (const char* d : {"x", "y", "z"}) {
      std::string s(d);
      Expr bdim = var("blockDim." + s), gdim = var("gridDim." + s);
      out.push_back(binary(BinOp::Ge, bdim, int_lit(1)));
      out.push_back(binary(BinOp::Ge, gdim, int_lit(1)));
      out.push_back(binary(BinOp::Ge, var("threadIdx." + s), int_lit(0)));
      out.push_back(binary(BinOp::Lt, var("threadIdx." + s), bdim));
      out.push_back(binary(BinOp::Ge, var("blockIdx." + s), int_lit(0)));
      out.push_back(binary(BinOp::Lt, var("blockIdx." + s), gdim));
    }
    return out;
  }();
  return constraints;
}

namespace {

bool same_loc(const Access& a, const Access& b) {
  if (a.loc_explicit != b.loc_explicit) return false;
  return !a.loc_explicit || a.loc == b.loc;
}

bool equal_opt(const Expr& a, const Expr& b) {
  if (!a || !b) return !a && !b;
  return equal(a, b);
}

bool equal_stmt(const Stmt& a, const Stmt& b) {
  if (a.node.index() != b.node.index()) return false;
  // Same alternative from here on: b.as<T>() is b's node of a's type.
  auto same = Overloaded{
      [&](const Access& x) {
        const auto& y = b.as<Access>();
        if (x.array != y.array || x.mode != y.mode || x.view != y.view || x.index.size() != y.index.size())
          return false;
        for (std::size_t i = 0; i < x.index.size(); ++i)
          if (!equal(x.index[i], y.index[i])) return false;
        return equal_opt(x.value, y.value) && same_loc(x, y);
      },
      [&](const Sync& x) {
        const auto& y = b.as<Sync>();
        return x.orders_shared == y.orders_shared && x.orders_global == y.orders_global && x.scope == y.scope &&
               x.width == y.width;
      },
      [&](const If& x) {
        const auto& y = b.as<If>();
        return x.tag == y.tag && equal(x.cond, y.cond) && equal(x.then_body, y.then_body) &&
               equal(x.else_body, y.else_body);
      },
      [&](const Loop& x) {
        const auto& y = b.as<Loop>();
        return x.var == y.var && x.tag == y.tag && x.cond == y.cond && x.update == y.update &&
               equal(x.init, y.init) && equal(x.bound, y.bound) && equal(x.step, y.step) &&
               equal(x.body, y.body);
      },
      [&](const Decl& x) {
        const auto& y = b.as<Decl>();
        return x.name == y.name && x.kind == y.kind && x.ticket == y.ticket;
      },
      [&](const Bind& x) {
        const auto& y = b.as<Bind>();
        return x.var == y.var && equal(x.where, y.where) && equal(x.body, y.body);
      }};
  return std::visit(same, a.node);
}

}  // namespace

bool equal(const Block& a, const Block& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!equal_stmt(a[i], b[i])) return false;
  return true;
}

bool equal(const Kernel& a, const Kernel& b) {
  if (a.name != b.name || a.arrays.size() != b.arrays.size() || a.vars.size() != b.vars.size() ||
      a.preconditions.size() != b.preconditions.size())
    return false;
  for (std::size_t i = 0; i < a.arrays.size(); ++i) {
    const auto &x = a.arrays[i], &y = b.arrays[i];
    if (x.name != y.name || x.space != y.space || x.dims != y.dims ||
        x.element_bytes != y.element_bytes)
      return false;
  }
  for (std::size_t i = 0; i < a.vars.size(); ++i)
    if (a.vars[i].name != b.vars[i].name || a.vars[i].kind != b.vars[i].kind || a.vars[i].ticket != b.vars[i].ticket)
      return false;
  for (std::size_t i = 0; i < a.preconditions.size(); ++i)
    if (!equal(a.preconditions[i], b.preconditions[i])) return false;
  return equal(a.body, b.body);
}

bool contains_sync(const Block& b) {
  auto has = Overloaded{
      [](const Access&) { return false; },
      [](const Sync&) { return true; },
      [](const If& i) { return contains_sync(i.then_body) || contains_sync(i.else_body); },
      [](const Loop& l) { return contains_sync(l.body); },
      [](const Decl&) { return false; },
      [](const Bind& bd) { return contains_sync(bd.body); }};
  for (const auto& s : b)
    if (std::visit(has, s.node)) return true;
  return false;
}

bool contains_access(const Block& b) {
  auto has = Overloaded{
      [](const Access&) { return true; },
      [](const Sync&) { return false; },
      [](const If& i) { return contains_access(i.then_body) || contains_access(i.else_body); },
      [](const Loop& l) { return contains_access(l.body); },
      [](const Decl&) { return false; },
      [](const Bind& bd) { return contains_access(bd.body); }};
  for (const auto& s : b)
    if (std::visit(has, s.node)) return true;
  return false;
}

std::size_t count_accesses(const Block& b, const std::string& array) {
  auto count = Overloaded{
      [&](const Access& a) -> std::size_t { return a.array == array ? 1 : 0; },
      [](const Sync&) -> std::size_t { return 0; },
      [&](const If& i) { return count_accesses(i.then_body, array) + count_accesses(i.else_body, array); },
      [&](const Loop& l) { return count_accesses(l.body, array); },
      [](const Decl&) -> std::size_t { return 0; },
      [&](const Bind& bd) { return count_accesses(bd.body, array); }};
  std::size_t n = 0;
  for (const auto& s : b) n += std::visit(count, s.node);
  return n;
}

namespace {

// The memory spaces of the projected arrays: a barrier stays in the
// projection when it orders one of them. (The analysis projects to one
// array at a time; a projection to several arrays keeps a barrier that
// orders any of them.)
struct Spaces {
  bool shared = false, global = false;
  bool ordered_by(const Sync& y) const { return (shared && y.orders_shared) || (global && y.orders_global); }
};

// `keep` says which barriers stay (the others are dropped); every array's
// accesses stay when `arrays` is null.
// `has_sync` becomes true when the projection keeps a barrier (nested
// too): found on the way up, where contains_sync on each conditional's
// projected blocks walked an n-deep nest n times (issue 18).
Block project_block(const Block& b, const std::set<std::string>* arrays, const std::function<bool(const Sync&)>& keep_sync,
                    bool& has_sync) {
  // Accesses of other arrays and barriers not kept are dropped; every other
  // statement stays (with its blocks projected).
  auto stays = [&](const Stmt& s) {
    if (const auto* a = std::get_if<Access>(&s.node)) return !arrays || arrays->count(a->array) > 0;
    if (const auto* y = std::get_if<Sync>(&s.node)) return keep_sync(*y);
    return true;
  };
  Block out;
  // Sized exactly: a projection of a large kernel lives through the whole
  // check of its array, and growth left up to half of it unused (issue 18).
  out.reserve(static_cast<std::size_t>(std::count_if(b.begin(), b.end(), stays)));
  // A conditional or loop whose barriers all order other memory has no
  // barrier left in the projection: it is unsynchronized there.
  auto retag = [](SyncTag t, bool has_sync) { return t == SyncTag::Sync && !has_sync ? SyncTag::Unsync : t; };
  auto keep = Overloaded{
      [&](const Access& a) { out.push_back(Stmt{a}); },
      [&](const Sync& y) {
        out.push_back(Stmt{y});
        has_sync = true;
      },
      [&](const If& in) {
        If i = without_blocks(in);
        bool inner = false;
        i.then_body = project_block(in.then_body, arrays, keep_sync, inner);
        i.else_body = project_block(in.else_body, arrays, keep_sync, inner);
        i.tag = retag(i.tag, inner);
        has_sync = has_sync || inner;
        out.push_back(Stmt{std::move(i)});
      },
      [&](const Loop& in) {
        Loop l = without_blocks(in);
        bool inner = false;
        l.body = project_block(in.body, arrays, keep_sync, inner);
        l.tag = retag(l.tag, inner);
        has_sync = has_sync || inner;
        out.push_back(Stmt{std::move(l)});
      },
      [&](const Decl& d) { out.push_back(Stmt{d}); },
      [&](const Bind& in) {
        Bind bd = without_blocks(in);
        bd.body = project_block(in.body, arrays, keep_sync, has_sync);
        out.push_back(Stmt{std::move(bd)});
      }};
  for (const auto& s : b)
    if (stays(s)) std::visit(keep, s.node);
  return out;
}

}  // namespace

If without_blocks(const If& i) { return If{i.cond, {}, {}, i.tag, i.loc}; }
Loop without_blocks(const Loop& l) { return Loop{l.var, l.init, l.cond, l.bound, l.update, l.step, {}, l.tag, l.loc}; }
Bind without_blocks(const Bind& b) { return Bind{b.var, b.where, {}}; }
Kernel without_body(const Kernel& k) { return Kernel{k.name, k.arrays, k.vars, k.preconditions, {}, k.loc}; }

Kernel project(const Kernel& k, const std::string& array) { return project(k, std::set<std::string>{array}); }

Kernel project(const Kernel& k, const std::set<std::string>& arrays) {
  Kernel out = without_body(k);
  out.arrays.clear();
  Spaces spaces;
  for (const auto& a : k.arrays)
    if (arrays.count(a.name)) {
      out.arrays.push_back(a);
      (a.space == MemorySpace::Shared ? spaces.shared : spaces.global) = true;
    }
  bool has_sync = false;
  out.body = project_block(k.body, &arrays, [&](const Sync& y) { return spaces.ordered_by(y); }, has_sync);
  return out;
}

Kernel keep_syncs(const Kernel& k, const std::function<bool(const Sync&)>& keep) {
  Kernel out = without_body(k);
  bool has_sync = false;
  out.body = project_block(k.body, nullptr, keep, has_sync);
  return out;
}

void collect_accesses(const Block& b, std::vector<const Access*>& out) {
  auto collect = Overloaded{
      [&](const Access& a) { out.push_back(&a); },  // a is the node stored in b, not a copy
      [](const Sync&) {},
      [&](const If& i) {
        collect_accesses(i.then_body, out);
        collect_accesses(i.else_body, out);
      },
      [&](const Loop& l) { collect_accesses(l.body, out); },
      [](const Decl&) {},
      [&](const Bind& bd) { collect_accesses(bd.body, out); }};
  for (const auto& s : b) std::visit(collect, s.node);
}

const char* to_string(AccessMode m) {
  switch (m) {
    case AccessMode::Read: return "rd";
    case AccessMode::Write: return "wr";
    case AccessMode::Atomic: return "atomic";
    case AccessMode::AtomicBlock: return "atomic.block";
  }
  return "?";
}

const char* to_string(MemorySpace s) { return s == MemorySpace::Shared ? "shared" : "global"; }

const char* decl_keyword(Uniformity k) {
  switch (k) {
    case Uniformity::Thread: return "local";
    case Uniformity::Block: return "block";
    case Uniformity::Grid: return "uniform";
  }
  return "?";
}

const char* to_string(LoopUpdate u) {
  switch (u) {
    case LoopUpdate::Add: return "+=";
    case LoopUpdate::Sub: return "-=";
    case LoopUpdate::Mul: return "*=";
    case LoopUpdate::Div: return "/=";
    case LoopUpdate::Shl: return "<<=";
    case LoopUpdate::Shr: return ">>=";
  }
  return "?";
}

}  // namespace racecert::protocol
