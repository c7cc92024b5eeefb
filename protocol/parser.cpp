// Name resolution and typing of parsed protocols: every variable is declared
// before use and not redeclared, arrays are declared with consistent
// dimensions, conditions are boolean and indices are integers.
#include "protocol/parser.hpp"

#include <map>
#include <optional>

#include "protocol/grammar.hpp"
#include "support/overloaded.hpp"

namespace racecert::protocol {

namespace {

using detail::Positions;

class Resolver {
 public:
  Resolver(const std::string& text, const std::string& filename, const Positions& pos)
      : text_(text), filename_(filename), pos_(pos) {}

  Kernel resolve(detail::RawKernel&& raw) {
    Kernel k;
    k.name = raw.name;
    k.loc = detail::locate(text_, filename_, raw.pos);
    std::map<std::string, bool> dims_given;
    for (auto& a : raw.arrays) {
      if (arrays_.count(a.decl.name) || builtin_kind(a.decl.name))
        throw input_error(a.decl.loc, "array '" + a.decl.name + "' declared twice");
      arrays_[a.decl.name] = k.arrays.size();
      dims_given[a.decl.name] = a.dims_given;
      k.arrays.push_back(a.decl);
    }
    scopes_.push_back({});
    for (const auto& v : builtin_vars()) declare_builtin(v.name, v.kind);
    // Kernel-wide declarations are the top-level Decl statements; they are
    // visible to the preconditions wherever they appear.
    for (const auto& s : raw.body) {
      if (!s.is<Decl>()) continue;
      const Decl& d = s.as<Decl>();
      declare(d.name, d.kind, d.loc);
      k.vars.push_back(VarDecl{d.name, d.kind, d.loc, d.ticket});
    }
    for (auto& [e, off] : raw.assumes) {
      check_bool(e, detail::locate(text_, filename_, off));
      k.preconditions.push_back(e);
    }
    for (auto& s : raw.body)
      if (!s.is<Decl>()) k.body.push_back(std::move(s));
    array_dims_seen_.clear();
    check_block(k.body, k);
    // Arrays declared without dimensions take them from their accesses.
    for (auto& a : k.arrays) {
      auto it = array_dims_seen_.find(a.name);
      if (it == array_dims_seen_.end()) continue;
      if (dims_given[a.name] && it->second.first != a.dims)
        throw input_error(it->second.second, "array '" + a.name + "' is declared with " +
                                                 std::to_string(a.dims) + " dimension(s) but accessed with " +
                                                 std::to_string(it->second.first));
      a.dims = it->second.first;
    }
    scopes_.pop_back();
    return k;
  }

 private:
  struct VarInfo {
    std::optional<Uniformity> kind;  // none for a loop variable
  };

  const std::string& text_;
  const std::string& filename_;
  const Positions& pos_;
  std::map<std::string, std::size_t> arrays_;
  std::map<std::string, std::pair<int, SourceLoc>> array_dims_seen_;
  std::vector<std::map<std::string, VarInfo>> scopes_;

  SourceLoc where(const Expr& e, const SourceLoc& fallback) const {
    auto it = pos_.expr.find(e.get());
    return it == pos_.expr.end() ? fallback : detail::locate(text_, filename_, it->second);
  }

  const VarInfo* lookup(const std::string& n) const {
    for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
      auto f = it->find(n);
      if (f != it->end()) return &f->second;
    }
    return nullptr;
  }

  void declare_builtin(const std::string& n, Uniformity k) { scopes_.front()[n] = VarInfo{k}; }

  void declare(const std::string& n, std::optional<Uniformity> k, const SourceLoc& loc) {
    if (lookup(n) || arrays_.count(n))
      throw input_error(loc, "'" + n + "' is already declared");
    scopes_.back()[n] = VarInfo{k};
  }

  // Checks variables and sorts; returns whether e is boolean.
  bool check(const Expr& e, const SourceLoc& fallback) {
    SourceLoc at = where(e, fallback);
    switch (e->kind) {
      case ExprNode::Kind::Int: return false;
      case ExprNode::Kind::Bool: return true;
      case ExprNode::Kind::Var:
        if (!lookup(e->name)) {
          if (arrays_.count(e->name))
            throw input_error(at, "array '" + e->name + "' used as a value");
          throw input_error(at, "unknown variable '" + e->name + "'");
        }
        return false;
      case ExprNode::Kind::Unary:
        if (e->unop == UnOp::Not) {
          check_bool(e->a, at);
          return true;
        }
        check_int(e->a, at);
        return false;
      case ExprNode::Kind::Binary:
        if (is_connective(e->binop)) {
          check_bool(e->a, at);
          check_bool(e->b, at);
          return true;
        }
        check_int(e->a, at);
        check_int(e->b, at);
        return is_comparison(e->binop);
      case ExprNode::Kind::Ite: {
        check_bool(e->a, at);
        bool t = check(e->b, at), f = check(e->c, at);
        if (t != f) throw input_error(at, "both branches of '?:' must have the same type");
        return t;
      }
    }
    return false;
  }

  void check_bool(const Expr& e, const SourceLoc& fallback) {
    if (!check(e, fallback)) throw input_error(where(e, fallback), "expected a boolean expression");
  }
  void check_int(const Expr& e, const SourceLoc& fallback) {
    if (check(e, fallback)) throw input_error(where(e, fallback), "expected an integer expression");
  }

  void check_access(const Access& a, const Kernel& k) {
    auto it = arrays_.find(a.array);
    if (it == arrays_.end()) {
      if (lookup(a.array)) throw input_error(a.loc, "'" + a.array + "' is not an array");
      throw input_error(a.loc, "unknown array '" + a.array + "'");
    }
    // A view is in bytes: without the element size, element indices and
    // byte offsets cannot be compared.
    if (!a.view.is_element() && k.arrays[it->second].element_bytes == 0)
      throw input_error(a.loc, "byte view of array '" + a.array + "' without an element size: declare it as '" +
                                   to_string(k.arrays[it->second].space) + " " + a.array + "<bytes>'");
    int dims = static_cast<int>(a.index.size());
    auto seen = array_dims_seen_.find(a.array);
    if (seen == array_dims_seen_.end()) {
      array_dims_seen_[a.array] = {dims, a.loc};
    } else if (seen->second.first != dims) {
      throw input_error(a.loc, "array '" + a.array + "' accessed with " + std::to_string(dims) +
                                   " index(es), earlier with " + std::to_string(seen->second.first));
    }
    for (const auto& i : a.index) check_int(i, a.loc);
    if (a.value) {
      if (a.mode != AccessMode::Write) throw input_error(a.loc, "only writes carry a value");
      check_int(a.value, a.loc);
    }
  }

  void check_block(const Block& b, const Kernel& k) {
    scopes_.push_back({});
    auto check = Overloaded{
        [&](const Access& a) { check_access(a, k); },
        [](const Sync&) {},
        [&](const If& i) {
          check_bool(i.cond, i.loc);
          check_block(i.then_body, k);
          check_block(i.else_body, k);
        },
        [&](const Loop& l) { check_loop(l, k); },
        [&](const Decl& d) { declare(d.name, d.kind, d.loc); },
        [](const Bind&) {}};  // not in the input language: the grammar never produces one
    for (const auto& s : b) std::visit(check, s.node);
    scopes_.pop_back();
  }

  void check_loop(const Loop& l, const Kernel& k) {
    check_int(l.init, l.loc);
    check_int(l.bound, l.loc);
    check_int(l.step, l.loc);
    bool up = l.update == LoopUpdate::Add || l.update == LoopUpdate::Mul || l.update == LoopUpdate::Shl;
    bool lt = l.cond == BinOp::Lt || l.cond == BinOp::Le;
    if (up != lt)
      throw input_error(l.loc, std::string("loop condition '") + op_symbol(l.cond) +
                                   "' does not match update '" + to_string(l.update) + "'");
    scopes_.push_back({});
    declare(l.var, std::nullopt, l.loc);
    check_block(l.body, k);
    scopes_.pop_back();
  }
};

}  // namespace

ProtocolFile parse_protocol(const std::string& text, const std::string& filename) {
  Positions pos;
  detail::RawFile raw = detail::parse_raw(text, filename, pos);
  if (raw.kernels.empty())
    throw input_error(detail::locate(text, filename, 0), "empty input: expected 'kernel'");
  ProtocolFile out;
  std::map<std::string, SourceLoc> names;
  for (auto& rk : raw.kernels) {
    Resolver r(text, filename, pos);
    Kernel k = r.resolve(std::move(rk));
    if (names.count(k.name)) throw input_error(k.loc, "kernel '" + k.name + "' defined twice");
    names[k.name] = k.loc;
    out.kernels.push_back(std::move(k));
  }
  return out;
}

ProtocolFile parse_protocol_file(const std::string& path) {
  return parse_protocol(read_file(path), path);
}

Expr parse_expr(const std::string& text) {
  Positions pos;
  return detail::parse_raw_expr(text, "<expr>", pos);
}

}  // namespace racecert::protocol
