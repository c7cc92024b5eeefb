#pragma once
// A side-effect-free expression over a thread's registers, compiled once from
// a support/expr.hpp expression (the kernel IR's values, conditions and
// indices) so that the thread runner evaluates it without name lookups.
// Evaluation has C semantics (expr::apply); `&&`, `||` and `?:` evaluate only
// the operand they need, so `d != 0 ? x / d : 0` never divides by zero.
// Division by zero and out-of-range shifts throw expr::EvalError: the thread
// runner turns that into a failure of the thread (undefined behaviour).
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "support/expr.hpp"

namespace racecert::explorer {

struct Computation {
  struct Node {
    expr::ExprNode::Kind kind = expr::ExprNode::Kind::Int;
    std::int64_t value = 0;  // Int, Bool literal; Var: register index
    expr::UnOp unop = expr::UnOp::Neg;
    expr::BinOp binop = expr::BinOp::Add;
    int a = -1, b = -1, c = -1;  // operand nodes
  };
  std::vector<Node> nodes;  // nodes.back() is the root
  std::string text;         // as written, for reports

  // `reg_of` maps a variable to its register; it throws for unknown names.
  static Computation compile(const expr::Expr& e, const std::function<int(const std::string&)>& reg_of);
  std::int64_t evaluate(const std::int64_t* registers) const;
  // Adds the registers the expression reads (for liveness).
  void registers_read(std::vector<int>& out) const;
};

}  // namespace racecert::explorer
