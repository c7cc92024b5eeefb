#include "support/expr_memo.hpp"

namespace racecert::expr {

Expr MemoRename::operator()(const Expr& e) {
  if (e->kind == ExprNode::Kind::Int || e->kind == ExprNode::Kind::Bool) return e;
  if (e->kind == ExprNode::Kind::Var) {
    auto it = names_.find(e->name);
    if (it == names_.end()) {
      std::string n = f_(e->name);
      it = names_.emplace(e->name, n == e->name ? nullptr : var(n)).first;
    }
    return it->second ? it->second : e;  // (null: the name stays)
  }
  // A node only its parent holds is reached only through that parent, and
  // the parent at most once (memoized itself, or held by one node in turn):
  // it needs no entry. The memo of a 50,000-statement trace held a million
  // entries, most of them such nodes (issue 18). Only the sharing of the
  // result depends on this, never its value.
  const bool shared = e.use_count() > 1;
  if (shared) {
    auto found = done_.find(e.get());
    if (found != done_.end()) return found->second.second;
  }
  Expr r;
  switch (e->kind) {
    case ExprNode::Kind::Int:
    case ExprNode::Kind::Bool:
      r = e;
      break;
    case ExprNode::Kind::Var:  // (handled above)
      r = e;
      break;
    case ExprNode::Kind::Unary: {
      Expr a = (*this)(e->a);
      r = a == e->a ? e : raw_unary(e->unop, a);
      break;
    }
    case ExprNode::Kind::Binary: {
      Expr a = (*this)(e->a), b = (*this)(e->b);
      r = a == e->a && b == e->b ? e : raw_binary(e->binop, a, b);
      break;
    }
    case ExprNode::Kind::Ite: {
      Expr a = (*this)(e->a), b = (*this)(e->b), c = (*this)(e->c);
      r = a == e->a && b == e->b && c == e->c ? e : raw_ite(a, b, c);
      break;
    }
  }
  if (shared) done_.emplace(e.get(), std::make_pair(e, r));
  return r;
}

}  // namespace racecert::expr
