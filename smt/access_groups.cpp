#include "smt/access_groups.hpp"

#include <map>

namespace racecert::smt {

using namespace protocol;
using transform::TraceAccess;

namespace {

// A literal may become a variable where that keeps the arithmetic the same
// kind: as an addend, a factor, a compared value or a chosen value. Divisors,
// shift amounts and masks stay literal (they decide the encoding).
bool abstractable_child(const ExprNode& parent, bool second_operand) {
  if (parent.kind == ExprNode::Kind::Ite) return true;
  if (parent.kind != ExprNode::Kind::Binary) return false;
  switch (parent.binop) {
    case BinOp::Add: case BinOp::Sub: case BinOp::Mul: case BinOp::Min: case BinOp::Max:
    case BinOp::Eq: case BinOp::Ne: case BinOp::Lt: case BinOp::Le: case BinOp::Gt: case BinOp::Ge:
      return true;
    case BinOp::Div: case BinOp::Mod: case BinOp::Shl: case BinOp::Shr:
      return !second_operand;
    default:
      return false;
  }
}

// The shape of e with abstractable literals as '#', and those literals.
void shape(const Expr& e, bool abstractable, std::string& key, std::vector<std::int64_t>& literals) {
  if (!e) {
    key += "_";
    return;
  }
  switch (e->kind) {
    case ExprNode::Kind::Int:
      if (abstractable) {
        key += "#";
        literals.push_back(e->value);
      } else {
        key += std::to_string(e->value);
      }
      return;
    case ExprNode::Kind::Bool: key += e->value ? "T" : "F"; return;
    case ExprNode::Kind::Var: key += "$" + e->name; return;
    case ExprNode::Kind::Unary:
      key += std::string("(u") + op_symbol(e->unop);
      shape(e->a, false, key, literals);
      key += ")";
      return;
    case ExprNode::Kind::Binary:
      key += std::string("(") + op_symbol(e->binop);
      shape(e->a, abstractable_child(*e, false), key, literals);
      shape(e->b, abstractable_child(*e, true), key, literals);
      key += ")";
      return;
    case ExprNode::Kind::Ite:
      key += "(?";
      shape(e->a, false, key, literals);
      shape(e->b, true, key, literals);
      shape(e->c, true, key, literals);
      key += ")";
      return;
  }
}

// e with its abstractable literals replaced by the next hole variables.
Expr with_holes(const Expr& e, bool abstractable, const std::vector<std::string>& holes, std::size_t& next) {
  if (!e) return e;
  switch (e->kind) {
    case ExprNode::Kind::Int:
      return abstractable ? var(holes.at(next++)) : e;
    case ExprNode::Kind::Bool:
    case ExprNode::Kind::Var:
      return e;
    case ExprNode::Kind::Unary:
      return raw_unary(e->unop, with_holes(e->a, false, holes, next));
    case ExprNode::Kind::Binary: {
      Expr a = with_holes(e->a, abstractable_child(*e, false), holes, next);
      Expr b = with_holes(e->b, abstractable_child(*e, true), holes, next);
      return raw_binary(e->binop, a, b);
    }
    case ExprNode::Kind::Ite: {
      Expr c = with_holes(e->a, false, holes, next);
      Expr t = with_holes(e->b, true, holes, next);
      Expr f = with_holes(e->c, true, holes, next);
      return raw_ite(c, t, f);
    }
  }
  return e;
}

struct Shape {
  std::string key;
  std::vector<std::int64_t> literals;
};

Shape shape_of(const TraceAccess& a) {
  Shape s;
  s.key = std::to_string(a.thread) + "|" + to_string(a.mode) + "|" + std::to_string(a.view.unit) + ":" +
          std::to_string(a.view.width) + "|";
  shape(a.guard, false, s.key, s.literals);
  for (const auto& i : a.index) {
    s.key += "|";
    shape(i, true, s.key, s.literals);
  }
  s.key += "|";
  shape(a.value, true, s.key, s.literals);
  return s;
}

AccessGroup single(const TraceAccess& a, int i) {
  AccessGroup g;
  g.thread = a.thread;
  g.members = {i};
  g.guard = a.guard;
  g.index = a.index;
  g.view = a.view;
  g.value = a.value;
  g.mode = a.mode;
  g.values = {{}};
  return g;
}

}  // namespace

std::vector<AccessGroup> group_accesses(const transform::SymbolicTrace& t, std::size_t min_members) {
  std::vector<Shape> shapes;
  std::map<std::string, std::vector<int>> by_key;
  std::vector<std::string> order;
  for (std::size_t i = 0; i < t.accesses.size(); ++i) {
    shapes.push_back(shape_of(t.accesses[i]));
    auto& members = by_key[shapes.back().key];
    if (members.empty()) order.push_back(shapes.back().key);
    members.push_back(static_cast<int>(i));
  }
  std::vector<AccessGroup> out;
  for (const auto& key : order) {
    const auto& members = by_key[key];
    if (members.size() < min_members || shapes[static_cast<std::size_t>(members[0])].literals.empty()) {
      for (int m : members) out.push_back(single(t.accesses[static_cast<std::size_t>(m)], m));
      continue;
    }
    const TraceAccess& first = t.accesses[static_cast<std::size_t>(members[0])];
    AccessGroup g;
    g.thread = first.thread;
    g.members = members;
    g.mode = first.mode;
    g.view = first.view;
    std::size_t n = shapes[static_cast<std::size_t>(members[0])].literals.size();
    std::string suffix = "@" + std::to_string(first.thread);
    for (std::size_t h = 0; h < n; ++h)
      g.holes.push_back("hole!" + std::to_string(out.size()) + "." + std::to_string(h) + suffix);
    std::size_t next = 0;
    g.guard = with_holes(first.guard, false, g.holes, next);
    for (const auto& i : first.index) g.index.push_back(with_holes(i, true, g.holes, next));
    g.value = with_holes(first.value, true, g.holes, next);
    for (int m : members) g.values.push_back(shapes[static_cast<std::size_t>(m)].literals);
    out.push_back(std::move(g));
  }
  return out;
}

}  // namespace racecert::smt
