#include "support/expr.hpp"

#include <limits>
#include <stdexcept>

namespace racecert::expr {

namespace {

Expr make(ExprNode n) { return std::make_shared<const ExprNode>(std::move(n)); }

}  // namespace

// ---------------------------------------------------------------- constructors

Expr int_lit(std::int64_t v) {
  ExprNode n; n.kind = ExprNode::Kind::Int;
  n.value = v;
  return make(std::move(n));
}

Expr bool_lit(bool v) {
  static const Expr t = [] { ExprNode n; n.kind = ExprNode::Kind::Bool; n.value = 1; return make(n); }();
  static const Expr f = [] { ExprNode n; n.kind = ExprNode::Kind::Bool; n.value = 0; return make(n); }();
  return v ? t : f;
}

Expr var(const std::string& name) {
  ExprNode n; n.kind = ExprNode::Kind::Var;
  n.name = name;
  return make(std::move(n));
}

Expr raw_unary(UnOp op, Expr a) {
  ExprNode n; n.kind = ExprNode::Kind::Unary;
  n.unop = op;
  n.a = std::move(a);
  return make(std::move(n));
}

Expr raw_binary(BinOp op, Expr a, Expr b) {
  ExprNode n; n.kind = ExprNode::Kind::Binary;
  n.binop = op;
  n.a = std::move(a);
  n.b = std::move(b);
  return make(std::move(n));
}

Expr raw_ite(Expr c, Expr t, Expr e) {
  ExprNode n; n.kind = ExprNode::Kind::Ite;
  n.a = std::move(c);
  n.b = std::move(t);
  n.c = std::move(e);
  return make(std::move(n));
}

Expr unary(UnOp op, Expr a) {
  if (op == UnOp::Not) {
    if (a->kind == ExprNode::Kind::Bool) return bool_lit(a->value == 0);
    if (a->kind == ExprNode::Kind::Unary && a->unop == UnOp::Not) return a->a;
  }
  if (auto v = as_int(a)) {
    if (op == UnOp::Neg && *v != std::numeric_limits<std::int64_t>::min()) return int_lit(-*v);
    if (op == UnOp::BitNot) return int_lit(~*v);
  }
  return raw_unary(op, std::move(a));
}

Expr binary(BinOp op, Expr a, Expr b) {
  auto x = as_int(a), y = as_int(b);
  if (x && y) {
    try {
      std::int64_t r = apply(op, *x, *y);
      return is_comparison(op) ? bool_lit(r != 0) : int_lit(r);
    } catch (const EvalError&) {
      // leave undefined operations (division by zero, overflow) unfolded
    }
  }
  switch (op) {
    case BinOp::Add:
      if (x && *x == 0) return b;
      if (y && *y == 0) return a;
      break;
    case BinOp::Sub:
      if (y && *y == 0) return a;
      break;
    case BinOp::Mul:
      if (x && *x == 1) return b;
      if (y && *y == 1) return a;
      if ((x && *x == 0) || (y && *y == 0)) return int_lit(0);
      break;
    case BinOp::Div:
      if (y && *y == 1) return a;
      break;
    case BinOp::And:
      if (is_true(a)) return b;
      if (is_true(b)) return a;
      if (is_false(a) || is_false(b)) return bool_lit(false);
      break;
    case BinOp::Or:
      if (is_false(a)) return b;
      if (is_false(b)) return a;
      if (is_true(a) || is_true(b)) return bool_lit(true);
      break;
    default:
      break;
  }
  return raw_binary(op, std::move(a), std::move(b));
}

Expr wrap(Expr x, int bits, bool is_signed) {
  if (!x) return x;
  Expr mask = int_lit((std::int64_t{1} << bits) - 1);
  if (!is_signed) return binary(BinOp::BitAnd, std::move(x), mask);
  Expr half = int_lit(std::int64_t{1} << (bits - 1));
  return binary(BinOp::Sub, binary(BinOp::BitAnd, binary(BinOp::Add, std::move(x), half), mask), half);
}

std::optional<Wrap> as_wrap(const Expr& e) {
  auto mask_bits = [](const Expr& m) -> int {
    auto v = as_int(m);
    if (!v || *v <= 0) return 0;
    // The widths of C's integer types only: a mask the user writes
    // (`j & 127`) stays what it is.
    for (int b : {8, 16, 32})
      if (*v == (std::int64_t{1} << b) - 1) return b;
    return 0;
  };
  if (!e || e->kind != ExprNode::Kind::Binary) return std::nullopt;
  if (e->binop == BinOp::BitAnd) {
    if (int b = mask_bits(e->b)) return Wrap{e->a, b, false};
    return std::nullopt;
  }
  // ((x + half) & mask) - half
  if (e->binop != BinOp::Sub) return std::nullopt;
  const Expr& m = e->a;
  auto half = as_int(e->b);
  if (!half || !m || m->kind != ExprNode::Kind::Binary || m->binop != BinOp::BitAnd) return std::nullopt;
  int b = mask_bits(m->b);
  if (b < 2 || *half != (std::int64_t{1} << (b - 1))) return std::nullopt;
  const Expr& shifted = m->a;
  if (!shifted || shifted->kind != ExprNode::Kind::Binary || shifted->binop != BinOp::Add) return std::nullopt;
  auto h2 = as_int(shifted->b);
  if (!h2 || *h2 != *half) return std::nullopt;
  return Wrap{shifted->a, b, true};
}

Expr ite(Expr c, Expr t, Expr e) {
  if (is_true(c)) return t;
  if (is_false(c)) return e;
  if (equal(t, e)) return t;
  return raw_ite(std::move(c), std::move(t), std::move(e));
}

Expr conj(Expr a, Expr b) { return binary(BinOp::And, std::move(a), std::move(b)); }
Expr disj(Expr a, Expr b) { return binary(BinOp::Or, std::move(a), std::move(b)); }
Expr neg(Expr a) { return unary(UnOp::Not, std::move(a)); }

Expr conj(const std::vector<Expr>& es) {
  Expr r = bool_lit(true);
  for (const auto& e : es) r = conj(r, e);
  return r;
}

Expr disj(const std::vector<Expr>& es) {
  Expr r = bool_lit(false);
  for (const auto& e : es) r = disj(r, e);
  return r;
}

// --------------------------------------------------------------------- queries

bool is_comparison(BinOp op) {
  switch (op) {
    case BinOp::Eq: case BinOp::Ne: case BinOp::Lt:
    case BinOp::Le: case BinOp::Gt: case BinOp::Ge:
      return true;
    default:
      return false;
  }
}

bool is_connective(BinOp op) { return op == BinOp::And || op == BinOp::Or; }

bool is_bool(const Expr& e) {
  switch (e->kind) {
    case ExprNode::Kind::Bool: return true;
    case ExprNode::Kind::Int: case ExprNode::Kind::Var: return false;
    case ExprNode::Kind::Unary: return e->unop == UnOp::Not;
    case ExprNode::Kind::Binary: return is_comparison(e->binop) || is_connective(e->binop);
    case ExprNode::Kind::Ite: return is_bool(e->b);
  }
  return false;
}

bool is_true(const Expr& e) { return e->kind == ExprNode::Kind::Bool && e->value != 0; }
bool is_false(const Expr& e) { return e->kind == ExprNode::Kind::Bool && e->value == 0; }

std::optional<std::int64_t> as_int(const Expr& e) {
  if (e->kind == ExprNode::Kind::Int) return e->value;
  return std::nullopt;
}

bool equal(const Expr& a, const Expr& b) {
  if (a == b) return true;
  if (!a || !b || a->kind != b->kind) return false;
  switch (a->kind) {
    case ExprNode::Kind::Int:
    case ExprNode::Kind::Bool: return a->value == b->value;
    case ExprNode::Kind::Var: return a->name == b->name;
    case ExprNode::Kind::Unary: return a->unop == b->unop && equal(a->a, b->a);
    case ExprNode::Kind::Binary:
      return a->binop == b->binop && equal(a->a, b->a) && equal(a->b, b->b);
    case ExprNode::Kind::Ite: return equal(a->a, b->a) && equal(a->b, b->b) && equal(a->c, b->c);
  }
  return false;
}

void collect_vars(const Expr& e, std::set<std::string>& out) {
  if (!e) return;
  if (e->kind == ExprNode::Kind::Var) {
    out.insert(e->name);
    return;
  }
  collect_vars(e->a, out);
  collect_vars(e->b, out);
  collect_vars(e->c, out);
}

std::set<std::string> free_vars(const Expr& e) {
  std::set<std::string> out;
  collect_vars(e, out);
  return out;
}

bool mentions(const Expr& e, const std::string& name) {
  if (!e) return false;
  if (e->kind == ExprNode::Kind::Var) return e->name == name;
  return mentions(e->a, name) || mentions(e->b, name) || mentions(e->c, name);
}

std::size_t size(const Expr& e) {
  if (!e) return 0;
  return 1 + size(e->a) + size(e->b) + size(e->c);
}

Expr substitute(const Expr& e, const Substitution& s) {
  if (s.empty()) return e;
  switch (e->kind) {
    case ExprNode::Kind::Int:
    case ExprNode::Kind::Bool:
      return e;
    case ExprNode::Kind::Var: {
      auto it = s.find(e->name);
      return it == s.end() ? e : it->second;
    }
    case ExprNode::Kind::Unary: {
      Expr a = substitute(e->a, s);
      return a == e->a ? e : unary(e->unop, a);
    }
    case ExprNode::Kind::Binary: {
      Expr a = substitute(e->a, s), b = substitute(e->b, s);
      return a == e->a && b == e->b ? e : binary(e->binop, a, b);
    }
    case ExprNode::Kind::Ite: {
      Expr a = substitute(e->a, s), b = substitute(e->b, s), c = substitute(e->c, s);
      return a == e->a && b == e->b && c == e->c ? e : ite(a, b, c);
    }
  }
  return e;
}

Expr rename(const Expr& e, const std::function<std::string(const std::string&)>& f) {
  switch (e->kind) {
    case ExprNode::Kind::Int:
    case ExprNode::Kind::Bool:
      return e;
    case ExprNode::Kind::Var: {
      std::string n = f(e->name);
      return n == e->name ? e : var(n);
    }
    case ExprNode::Kind::Unary: {
      Expr a = rename(e->a, f);
      return a == e->a ? e : raw_unary(e->unop, a);
    }
    case ExprNode::Kind::Binary: {
      Expr a = rename(e->a, f), b = rename(e->b, f);
      return a == e->a && b == e->b ? e : raw_binary(e->binop, a, b);
    }
    case ExprNode::Kind::Ite: {
      Expr a = rename(e->a, f), b = rename(e->b, f), c = rename(e->c, f);
      return a == e->a && b == e->b && c == e->c ? e : raw_ite(a, b, c);
    }
  }
  return e;
}

// ------------------------------------------------------------------ evaluation

std::int64_t apply(BinOp op, std::int64_t a, std::int64_t b) {
  std::int64_t r = 0;
  switch (op) {
    case BinOp::Add:
      if (__builtin_add_overflow(a, b, &r)) throw EvalError("integer overflow");
      return r;
    case BinOp::Sub:
      if (__builtin_sub_overflow(a, b, &r)) throw EvalError("integer overflow");
      return r;
    case BinOp::Mul:
      if (__builtin_mul_overflow(a, b, &r)) throw EvalError("integer overflow");
      return r;
    case BinOp::Div:
    case BinOp::Mod:
      if (b == 0) throw EvalError("division by zero");
      if (a == std::numeric_limits<std::int64_t>::min() && b == -1) throw EvalError("integer overflow");
      return op == BinOp::Div ? a / b : a % b;
    case BinOp::Min: return a < b ? a : b;
    case BinOp::Max: return a < b ? b : a;
    case BinOp::BitAnd: return a & b;
    case BinOp::BitOr: return a | b;
    case BinOp::BitXor: return a ^ b;
    case BinOp::Shl:
      if (b < 0 || b > 62) throw EvalError("shift amount out of range");
      if (a != 0 && (a > (std::numeric_limits<std::int64_t>::max() >> b) ||
                     a < (std::numeric_limits<std::int64_t>::min() >> b)))
        throw EvalError("integer overflow");
      return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) << b);
    case BinOp::Shr:
      if (b < 0 || b > 63) throw EvalError("shift amount out of range");
      return a >> b;  // arithmetic shift (C++20), the floor of a / 2^b
    case BinOp::Eq: return a == b;
    case BinOp::Ne: return a != b;
    case BinOp::Lt: return a < b;
    case BinOp::Le: return a <= b;
    case BinOp::Gt: return a > b;
    case BinOp::Ge: return a >= b;
    case BinOp::And: return (a != 0) && (b != 0);
    case BinOp::Or: return (a != 0) || (b != 0);
  }
  throw EvalError("unknown operator");
}

namespace {

std::int64_t apply_unary(UnOp op, std::int64_t a) {
  switch (op) {
    case UnOp::Neg:
      if (a == std::numeric_limits<std::int64_t>::min()) throw EvalError("integer overflow");
      return -a;
    case UnOp::Not: return a == 0;
    case UnOp::BitNot: return ~a;
  }
  throw EvalError("unknown operator");
}

}  // namespace

std::optional<std::int64_t> eval_partial(const Expr& e, const Env& env) {
  using Value = std::optional<std::int64_t>;
  if (!e) return std::nullopt;
  // The operators are eval_int's (apply_unary, apply); what they reject is
  // unknown here.
  auto known = [](auto op) -> Value {
    try {
      return op();
    } catch (const EvalError&) {
      return std::nullopt;
    }
  };
  switch (e->kind) {
    case ExprNode::Kind::Int:
    case ExprNode::Kind::Bool: return e->value;
    case ExprNode::Kind::Var: return env(e->name);
    case ExprNode::Kind::Unary: {
      Value a = eval_partial(e->a, env);
      if (!a) return std::nullopt;
      return known([&] { return apply_unary(e->unop, *a); });
    }
    case ExprNode::Kind::Binary: {
      Value a = eval_partial(e->a, env), b = eval_partial(e->b, env);
      if (e->binop == BinOp::And && ((a && !*a) || (b && !*b))) return 0;
      if (e->binop == BinOp::Or && ((a && *a) || (b && *b))) return 1;
      if (e->binop == BinOp::Mul && ((a && *a == 0) || (b && *b == 0))) return 0;
      if (!a || !b) return std::nullopt;
      return known([&] { return apply(e->binop, *a, *b); });
    }
    case ExprNode::Kind::Ite: {
      Value c = eval_partial(e->a, env);
      if (c) return *c ? eval_partial(e->b, env) : eval_partial(e->c, env);
      Value t = eval_partial(e->b, env), f = eval_partial(e->c, env);
      return t && f && *t == *f ? t : std::nullopt;
    }
  }
  return std::nullopt;
}

std::int64_t eval_int(const Expr& e, const Env& env) {
  switch (e->kind) {
    case ExprNode::Kind::Int:
    case ExprNode::Kind::Bool:
      return e->value;
    case ExprNode::Kind::Var: {
      auto v = env(e->name);
      if (!v) throw EvalError("unbound variable '" + e->name + "'");
      return *v;
    }
    case ExprNode::Kind::Unary: return apply_unary(e->unop, eval_int(e->a, env));
    case ExprNode::Kind::Binary: {
      // && and || short-circuit, as in C.
      if (e->binop == BinOp::And) return eval_int(e->a, env) != 0 && eval_int(e->b, env) != 0;
      if (e->binop == BinOp::Or) return eval_int(e->a, env) != 0 || eval_int(e->b, env) != 0;
      return apply(e->binop, eval_int(e->a, env), eval_int(e->b, env));
    }
    case ExprNode::Kind::Ite:
      return eval_int(e->a, env) != 0 ? eval_int(e->b, env) : eval_int(e->c, env);
  }
  return 0;
}

bool eval_bool(const Expr& e, const Env& env) { return eval_int(e, env) != 0; }

// -------------------------------------------------------------------- printing

const char* op_symbol(BinOp op) {
  switch (op) {
    case BinOp::Add: return "+";
    case BinOp::Sub: return "-";
    case BinOp::Mul: return "*";
    case BinOp::Div: return "/";
    case BinOp::Mod: return "%";
    case BinOp::Min: return "min";
    case BinOp::Max: return "max";
    case BinOp::BitAnd: return "&";
    case BinOp::BitOr: return "|";
    case BinOp::BitXor: return "^";
    case BinOp::Shl: return "<<";
    case BinOp::Shr: return ">>";
    case BinOp::Eq: return "==";
    case BinOp::Ne: return "!=";
    case BinOp::Lt: return "<";
    case BinOp::Le: return "<=";
    case BinOp::Gt: return ">";
    case BinOp::Ge: return ">=";
    case BinOp::And: return "&&";
    case BinOp::Or: return "||";
  }
  return "?";
}

const char* op_symbol(UnOp op) {
  switch (op) {
    case UnOp::Neg: return "-";
    case UnOp::Not: return "!";
    case UnOp::BitNot: return "~";
  }
  return "?";
}

int precedence(BinOp op) {
  switch (op) {
    case BinOp::Mul: case BinOp::Div: case BinOp::Mod: return 13;
    case BinOp::Add: case BinOp::Sub: return 12;
    case BinOp::Shl: case BinOp::Shr: return 11;
    case BinOp::Lt: case BinOp::Le: case BinOp::Gt: case BinOp::Ge: return 10;
    case BinOp::Eq: case BinOp::Ne: return 9;
    case BinOp::BitAnd: return 8;
    case BinOp::BitXor: return 7;
    case BinOp::BitOr: return 6;
    case BinOp::And: return 5;
    case BinOp::Or: return 4;
    case BinOp::Min: case BinOp::Max: return 16;  // printed as calls
  }
  return 0;
}

namespace {

constexpr int kUnaryPrec = 14;
constexpr int kTernaryPrec = 3;
constexpr int kPrimaryPrec = 16;

int expr_prec(const Expr& e) {
  switch (e->kind) {
    case ExprNode::Kind::Int: return e->value < 0 ? kUnaryPrec : kPrimaryPrec;
    case ExprNode::Kind::Bool:
    case ExprNode::Kind::Var: return kPrimaryPrec;
    case ExprNode::Kind::Unary: return kUnaryPrec;
    case ExprNode::Kind::Binary: return precedence(e->binop);
    case ExprNode::Kind::Ite: return kTernaryPrec;
  }
  return 0;
}

void print(const Expr& e, std::string& out);

void print_at(const Expr& e, int min_prec, std::string& out) {
  if (expr_prec(e) < min_prec) {
    out += '(';
    print(e, out);
    out += ')';
  } else {
    print(e, out);
  }
}

void print(const Expr& e, std::string& out) {
  switch (e->kind) {
    case ExprNode::Kind::Int:
      out += std::to_string(e->value);
      return;
    case ExprNode::Kind::Bool:
      out += e->value ? "true" : "false";
      return;
    case ExprNode::Kind::Var:
      out += e->name;
      return;
    case ExprNode::Kind::Unary:
      out += op_symbol(e->unop);
      // "-(5)" keeps a negated literal distinct from the literal -5.
      if (e->unop == UnOp::Neg && e->a->kind == ExprNode::Kind::Int) {
        out += '(';
        print(e->a, out);
        out += ')';
      } else {
        print_at(e->a, kUnaryPrec, out);
      }
      return;
    case ExprNode::Kind::Binary: {
      if (e->binop == BinOp::Min || e->binop == BinOp::Max) {
        out += op_symbol(e->binop);
        out += '(';
        print(e->a, out);
        out += ", ";
        print(e->b, out);
        out += ')';
        return;
      }
      int p = precedence(e->binop);
      print_at(e->a, p, out);
      out += ' ';
      out += op_symbol(e->binop);
      out += ' ';
      print_at(e->b, p + 1, out);
      return;
    }
    case ExprNode::Kind::Ite:
      print_at(e->a, kTernaryPrec + 1, out);
      out += " ? ";
      print_at(e->b, kTernaryPrec + 1, out);
      out += " : ";
      print_at(e->c, kTernaryPrec, out);
      return;
  }
}

}  // namespace

std::string to_string(const Expr& e) {
  std::string out;
  if (e) print(e, out);
  return out;
}

}  // namespace racecert::expr
