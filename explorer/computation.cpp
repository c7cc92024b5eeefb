#include "explorer/computation.hpp"

namespace racecert::explorer {

namespace {

using Kind = expr::ExprNode::Kind;

int add(Computation& c, const expr::Expr& e, const std::function<int(const std::string&)>& reg_of) {
  Computation::Node n;
  n.kind = e->kind;
  switch (e->kind) {
    case Kind::Int:
    case Kind::Bool: n.value = e->value; break;
    case Kind::Var: n.value = reg_of(e->name); break;
    case Kind::Unary:
      n.unop = e->unop;
      n.a = add(c, e->a, reg_of);
      break;
    case Kind::Binary:
      n.binop = e->binop;
      n.a = add(c, e->a, reg_of);
      n.b = add(c, e->b, reg_of);
      break;
    case Kind::Ite:
      n.a = add(c, e->a, reg_of);
      n.b = add(c, e->b, reg_of);
      n.c = add(c, e->c, reg_of);
      break;
  }
  c.nodes.push_back(n);
  return static_cast<int>(c.nodes.size()) - 1;
}

std::int64_t eval(const Computation& c, int i, const std::int64_t* regs) {
  const Computation::Node& n = c.nodes[static_cast<std::size_t>(i)];
  switch (n.kind) {
    case Kind::Int:
    case Kind::Bool: return n.value;
    case Kind::Var: return regs[n.value];
    case Kind::Unary: {
      std::int64_t a = eval(c, n.a, regs);
      switch (n.unop) {
        case expr::UnOp::Neg: return static_cast<std::int64_t>(0ULL - static_cast<std::uint64_t>(a));
        case expr::UnOp::Not: return a == 0 ? 1 : 0;
        case expr::UnOp::BitNot: return ~a;
      }
      return 0;
    }
    case Kind::Binary: {
      std::int64_t a = eval(c, n.a, regs);
      if (n.binop == expr::BinOp::And && a == 0) return 0;
      if (n.binop == expr::BinOp::Or && a != 0) return 1;
      std::int64_t b = eval(c, n.b, regs);
      if (n.binop == expr::BinOp::And || n.binop == expr::BinOp::Or) return b != 0 ? 1 : 0;
      return expr::apply(n.binop, a, b);
    }
    case Kind::Ite: return eval(c, n.a, regs) != 0 ? eval(c, n.b, regs) : eval(c, n.c, regs);
  }
  return 0;
}

}  // namespace

Computation Computation::compile(const expr::Expr& e, const std::function<int(const std::string&)>& reg_of) {
  Computation c;
  add(c, e, reg_of);
  c.text = expr::to_string(e);
  return c;
}

std::int64_t Computation::evaluate(const std::int64_t* registers) const {
  return eval(*this, static_cast<int>(nodes.size()) - 1, registers);
}

void Computation::registers_read(std::vector<int>& out) const {
  for (const Node& n : nodes)
    if (n.kind == Kind::Var) out.push_back(static_cast<int>(n.value));
}

}  // namespace racecert::explorer
