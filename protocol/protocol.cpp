#include "protocol/protocol.hpp"

namespace racecert::protocol {

const ArrayDecl* Kernel::find_array(const std::string& n) const {
  for (const auto& a : arrays)
    if (a.name == n) return &a;
  return nullptr;
}

const std::vector<VarDecl>& builtin_vars() {
  static const std::vector<VarDecl> vars = [] {
    std::vector<VarDecl> v;
    for (const char* d : {"x", "y", "z"}) {
      v.push_back({std::string("threadIdx.") + d, Uniformity::Thread, {}});
      v.push_back({std::string("blockIdx.") + d, Uniformity::Block, {}});
      v.push_back({std::string("blockDim.") + d, Uniformity::Grid, {}});
      v.push_back({std::string("gridDim.") + d, Uniformity::Grid, {}});
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

std::vector<Expr> builtin_constraints() {
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
  if (a.is<Access>()) {
    const auto &x = a.as<Access>(), &y = b.as<Access>();
    if (x.array != y.array || x.mode != y.mode || x.index.size() != y.index.size()) return false;
    for (std::size_t i = 0; i < x.index.size(); ++i)
      if (!equal(x.index[i], y.index[i])) return false;
    return equal_opt(x.value, y.value) && same_loc(x, y);
  }
  if (a.is<Sync>()) return true;
  if (a.is<If>()) {
    const auto &x = a.as<If>(), &y = b.as<If>();
    return x.tag == y.tag && equal(x.cond, y.cond) && equal(x.then_body, y.then_body) &&
           equal(x.else_body, y.else_body);
  }
  if (a.is<Loop>()) {
    const auto &x = a.as<Loop>(), &y = b.as<Loop>();
    return x.var == y.var && x.tag == y.tag && x.cond == y.cond && x.update == y.update &&
           equal(x.init, y.init) && equal(x.bound, y.bound) && equal(x.step, y.step) &&
           equal(x.body, y.body);
  }
  if (a.is<Bind>()) {
    const auto &x = a.as<Bind>(), &y = b.as<Bind>();
    return x.var == y.var && equal(x.where, y.where) && equal(x.body, y.body);
  }
  const auto &x = a.as<Decl>(), &y = b.as<Decl>();
  return x.name == y.name && x.kind == y.kind;
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
    if (x.name != y.name || x.space != y.space || x.dims != y.dims) return false;
  }
  for (std::size_t i = 0; i < a.vars.size(); ++i)
    if (a.vars[i].name != b.vars[i].name || a.vars[i].kind != b.vars[i].kind) return false;
  for (std::size_t i = 0; i < a.preconditions.size(); ++i)
    if (!equal(a.preconditions[i], b.preconditions[i])) return false;
  return equal(a.body, b.body);
}

bool contains_sync(const Block& b) {
  for (const auto& s : b) {
    if (s.is<Sync>()) return true;
    if (s.is<If>() && (contains_sync(s.as<If>().then_body) || contains_sync(s.as<If>().else_body)))
      return true;
    if (s.is<Loop>() && contains_sync(s.as<Loop>().body)) return true;
    if (s.is<Bind>() && contains_sync(s.as<Bind>().body)) return true;
  }
  return false;
}

bool contains_access(const Block& b) {
  for (const auto& s : b) {
    if (s.is<Access>()) return true;
    if (s.is<If>() && (contains_access(s.as<If>().then_body) || contains_access(s.as<If>().else_body)))
      return true;
    if (s.is<Loop>() && contains_access(s.as<Loop>().body)) return true;
    if (s.is<Bind>() && contains_access(s.as<Bind>().body)) return true;
  }
  return false;
}

namespace {

Block project_block(const Block& b, const std::set<std::string>& arrays) {
  Block out;
  for (const auto& s : b) {
    if (s.is<Access>()) {
      if (arrays.count(s.as<Access>().array)) out.push_back(s);
    } else if (s.is<If>()) {
      If i = s.as<If>();
      i.then_body = project_block(i.then_body, arrays);
      i.else_body = project_block(i.else_body, arrays);
      out.push_back(Stmt{std::move(i)});
    } else if (s.is<Loop>()) {
      Loop l = s.as<Loop>();
      l.body = project_block(l.body, arrays);
      out.push_back(Stmt{std::move(l)});
    } else if (s.is<Bind>()) {
      Bind bd = s.as<Bind>();
      bd.body = project_block(bd.body, arrays);
      out.push_back(Stmt{std::move(bd)});
    } else {
      out.push_back(s);
    }
  }
  return out;
}

}  // namespace

Kernel project(const Kernel& k, const std::string& array) { return project(k, std::set<std::string>{array}); }

Kernel project(const Kernel& k, const std::set<std::string>& arrays) {
  Kernel out = k;
  out.arrays.clear();
  for (const auto& a : k.arrays)
    if (arrays.count(a.name)) out.arrays.push_back(a);
  out.body = project_block(k.body, arrays);
  return out;
}

void collect_accesses(const Block& b, std::vector<const Access*>& out) {
  for (const auto& s : b) {
    if (s.is<Access>()) out.push_back(&s.as<Access>());
    else if (s.is<If>()) {
      collect_accesses(s.as<If>().then_body, out);
      collect_accesses(s.as<If>().else_body, out);
    } else if (s.is<Loop>()) {
      collect_accesses(s.as<Loop>().body, out);
    } else if (s.is<Bind>()) {
      collect_accesses(s.as<Bind>().body, out);
    }
  }
}

const char* to_string(AccessMode m) {
  switch (m) {
    case AccessMode::Read: return "rd";
    case AccessMode::Write: return "wr";
    case AccessMode::Atomic: return "atomic";
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
