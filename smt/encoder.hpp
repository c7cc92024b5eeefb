#pragma once
// Internal: translation of protocol expressions into Z3 terms.
//
// Two domains: mathematical integers, or 64-bit bit-vectors when an operator
// has no integer counterpart (bitwise and/or/xor, shifts by a variable). In
// bit-vector mode every addition, subtraction, multiplication and left shift
// is required not to overflow, so both domains compute the same values; only
// executions whose values leave 64 bits are excluded (they overflow in the
// kernel too).
//
// Products of two non-constant terms are first replaced by fresh variables,
// with valid lemmas about multiplication (signs, and monotonicity between
// products that share a factor). That decides the usual index shapes, such
// as blockIdx.x * blockDim.x + threadIdx.x, without nonlinear arithmetic or
// multiplier circuits. Unsatisfiable then means unsatisfiable; a model is
// real only if model_is_exact() holds, otherwise the query is asked again
// with real products.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <z3++.h>

#include "protocol/expr.hpp"

namespace racecert::smt::detail {

enum class Domain { Integer, BitVector };
enum class Products { Linearized, Real };

constexpr unsigned kBitVectorWidth = 64;

// Does e need bit-vectors? Bitwise and/or/xor (except masking with 2^k - 1)
// and shifts by a non-constant amount do. Sets *why to the operator.
bool needs_bitvectors(const protocol::Expr& e, std::string* why);

// How a query is solved. Core: Z3's default solver spends ~10 ms choosing a
// strategy on every check; the plain SMT core (or a named logic) skips that,
// which matters with hundreds of small queries per kernel. Preprocessed: the
// core after simplification and solving of equations, which decides the
// index equations the core alone gets lost in (mixed-radix equations such as
// (((bx + by) % 8) * 16 + ty) * 128 + bx * 16 + tx, 0.07 s instead of more
// than 10 s), at the price of ~1 ms per query: the fallback
// (docs/smt-encoding.md "Speed"). Integer queries with real products get
// Z3's QF_NIA tactic under both; NonlinearCore gives them the plain core
// with its own nonlinear arithmetic instead, which decides the easy ones in
// a millisecond where the tactic spends seconds (x1 * s == x2 * s with
// x1 != x2: 0.5 ms against 2.4 s), and gives up on more of the hard ones.
enum class Strategy { Core, Preprocessed, NonlinearCore };
z3::solver make_solver(z3::context& ctx, Domain d, Products p, Strategy s = Strategy::Core);


class Encoder {
 public:
  Encoder(z3::context& ctx, Domain d, Products p) : ctx_(ctx), bv_(d == Domain::BitVector), linear_(p == Products::Linearized) {}

  bool bitvectors() const { return bv_; }
  z3::expr variable(const std::string& name);  // created on first use
  z3::expr number(std::int64_t v);
  z3::expr encode(const protocol::Expr& e);
  // Definitions of quotients, no-overflow conditions and lemmas about
  // products met so far: they belong to every formula built with this
  // encoder.
  std::vector<z3::expr> side_constraints() const;
  // Does the model give each product variable the product of its factors?
  bool model_is_exact(const z3::model& m) const;
  std::int64_t value(const z3::model& m, const z3::expr& e) const;
  // |e| as an integer term (witness minimization).
  z3::expr magnitude(const z3::expr& e) const;
  const std::map<std::string, z3::expr>& variables() const { return vars_; }

 private:
  struct Product {
    z3::expr x, y, p;
  };

  z3::context& ctx_;
  bool bv_, linear_;
  std::map<std::string, z3::expr> vars_;
  std::vector<Product> products_;
  std::map<std::pair<unsigned, unsigned>, std::size_t> product_index_;
  std::vector<z3::expr> definitions_;
  // Protocol expressions are shared trees (guards nest): encode each node
  // once, or nested loops cost quadratic time.
  std::map<const protocol::ExprNode*, z3::expr> memo_;
  std::vector<protocol::Expr> keep_alive_;  // memo keys stay valid
  int fresh_ = 0;

  z3::expr encode_node(const protocol::Expr& e);

  // Comparisons and constants in the current domain.
  z3::expr lt(const z3::expr& a, const z3::expr& b) const;
  z3::expr le(const z3::expr& a, const z3::expr& b) const;
  z3::expr zero() const;
  z3::expr one() const;
  z3::expr fresh(const char* prefix);

  z3::expr binary(protocol::BinOp op, const protocol::Expr& a, const protocol::Expr& b);
  z3::expr add(const z3::expr& a, const z3::expr& b);
  z3::expr sub(const z3::expr& a, const z3::expr& b);
  z3::expr product(const z3::expr& a, const z3::expr& b);
  // C's truncating division and remainder.
  std::pair<z3::expr, z3::expr> div_mod(const z3::expr& a, const z3::expr& b, std::optional<std::int64_t> divisor);
};

}  // namespace racecert::smt::detail
