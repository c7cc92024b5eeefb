#pragma once
// Integer and boolean expressions over named variables, with C semantics
// for / % >> (see docs/protocol-language.md). Shared by the kernel IR
// (frontend/) and the protocol IR (protocol/), which stay independent of
// each other.
//
// Expressions are immutable trees shared through shared_ptr, so substitution
// and the transforms can reuse sub-terms without copying them.
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace racecert::expr {

enum class BinOp {
  Add, Sub, Mul, Div, Mod, Min, Max,       // integer arithmetic (C: / truncates, % follows the dividend)
  BitAnd, BitOr, BitXor, Shl, Shr,         // bitwise on two's complement; >> is arithmetic
  Eq, Ne, Lt, Le, Gt, Ge,                  // comparisons: int x int -> bool
  And, Or,                                 // connectives: bool x bool -> bool
};
enum class UnOp { Neg, Not, BitNot };

struct ExprNode;
using Expr = std::shared_ptr<const ExprNode>;

struct ExprNode {
  enum class Kind { Int, Bool, Var, Unary, Binary, Ite };
  Kind kind = Kind::Int;
  std::int64_t value = 0;  // Int literal, or Bool literal (0/1)
  std::string name;        // Var
  UnOp unop = UnOp::Neg;   // Unary
  BinOp binop = BinOp::Add;// Binary
  Expr a, b, c;            // operands; Ite is a ? b : c
};

// ---- constructors (they fold constants and trivial identities) ----
Expr int_lit(std::int64_t v);
Expr bool_lit(bool v);
Expr var(const std::string& name);
Expr unary(UnOp op, Expr a);
Expr binary(BinOp op, Expr a, Expr b);
Expr ite(Expr c, Expr t, Expr e);

// Constructors without folding: what the parser uses, so that printing the
// parsed text gives the text back (round-trip).
Expr raw_unary(UnOp op, Expr a);
Expr raw_binary(BinOp op, Expr a, Expr b);
Expr raw_ite(Expr c, Expr t, Expr e);

inline Expr operator+(Expr a, Expr b) { return binary(BinOp::Add, std::move(a), std::move(b)); }
inline Expr operator-(Expr a, Expr b) { return binary(BinOp::Sub, std::move(a), std::move(b)); }
inline Expr operator*(Expr a, Expr b) { return binary(BinOp::Mul, std::move(a), std::move(b)); }
Expr conj(Expr a, Expr b);  // a && b
Expr disj(Expr a, Expr b);  // a || b
Expr neg(Expr a);           // !a
Expr conj(const std::vector<Expr>& es);
Expr disj(const std::vector<Expr>& es);

// ---- fixed-width integers ----
// Integers are mathematical; a C operation on a type of `bits` <= 32 bits
// wraps its result into the type's range, written as a mask, which is exact
// two's complement for every int64 value and which Z3 encodes as one
// Euclidean mod: unsigned `x & (2^bits - 1)`, signed
// `((x + 2^(bits-1)) & (2^bits - 1)) - 2^(bits-1)`. The front end writes
// every wrap with `wrap`; kir::remove_redundant_wraps drops those whose
// operand is provably in range (docs/frontend.md, "Integer widths").
struct Wrap {
  Expr value;
  int bits = 32;
  bool is_signed = false;
};
Expr wrap(Expr x, int bits, bool is_signed);
std::optional<Wrap> as_wrap(const Expr& e);  // e is wrap(value, bits, is_signed)

// ---- queries ----
bool is_comparison(BinOp op);
bool is_connective(BinOp op);
bool is_bool(const Expr& e);         // sort of e (structural, assumes e is well-typed)
bool is_true(const Expr& e);         // literal true
bool is_false(const Expr& e);        // literal false
std::optional<std::int64_t> as_int(const Expr& e);  // integer literal value
bool equal(const Expr& a, const Expr& b);           // structural equality
void collect_vars(const Expr& e, std::set<std::string>& out);
// Calls f(name) at each occurrence of a variable in e (a name may come more
// than once): what collect_vars does without building a set, for callers
// that only fold over the names (issue 18: the sets were a fifth of the
// allocations on large kernels).
template <class F>
void for_each_var(const Expr& e, F&& f) {
  if (!e) return;
  if (e->kind == ExprNode::Kind::Var) {
    f(e->name);
    return;
  }
  for_each_var(e->a, f);
  for_each_var(e->b, f);
  for_each_var(e->c, f);
}
std::set<std::string> free_vars(const Expr& e);
// Whether e reads any of names: a std::set, or a hashed set where a pass
// keeps many thousands of them (kernel_ir/integer_ranges.cpp).
template <class Names>
  requires requires(const Names& n, const std::string& v) { n.count(v); }
bool mentions(const Expr& e, const Names& names) {
  if (!e || names.empty()) return false;
  if (e->kind == ExprNode::Kind::Var) return names.count(e->name) > 0;
  return mentions(e->a, names) || mentions(e->b, names) || mentions(e->c, names);
}
bool mentions(const Expr& e, const std::string& name);
std::size_t size(const Expr& e);  // number of nodes

// Replaces free variables by expressions (all binders are in statements, so
// expressions have no bound variables of their own).
using Substitution = std::map<std::string, Expr>;
Expr substitute(const Expr& e, const Substitution& s);
Expr rename(const Expr& e, const std::function<std::string(const std::string&)>& f);

// ---- concrete evaluation with C semantics ----
// Throws EvalError on division by zero, shifts out of range, or an unbound
// variable.
struct EvalError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
using Env = std::function<std::optional<std::int64_t>(const std::string&)>;
std::int64_t eval_int(const Expr& e, const Env& env);
bool eval_bool(const Expr& e, const Env& env);
std::int64_t apply(BinOp op, std::int64_t a, std::int64_t b);  // C semantics
// Partial evaluation, for executors that track some values only (the kernel
// IR's executor): a variable the environment does not know, or an
// operation eval_int rejects (division by zero, overflow), is unknown, and
// so is every result that depends on it, except where the known part
// decides: false && _, true || _, 0 * _, and c ? v : v. A null expression
// is unknown.
std::optional<std::int64_t> eval_partial(const Expr& e, const Env& env);

// ---- printing (C syntax, minimal parentheses) ----
std::string to_string(const Expr& e);
const char* op_symbol(BinOp op);
const char* op_symbol(UnOp op);
int precedence(BinOp op);  // higher binds tighter

}  // namespace racecert::expr
