#pragma once
// Internal: translation of protocol expressions into Z3 terms, over
// mathematical integers (QF_LIA, or QF_NIA when variables multiply) or over
// 64-bit bit-vectors when an operator has no integer counterpart.
#include <map>
#include <optional>
#include <string>

#include <z3++.h>

#include "protocol/expr.hpp"

namespace racecert::smt::detail {

// Does e need bit-vectors? Bitwise and/or/xor (except masking with 2^k - 1)
// and shifts by a non-constant amount do. Sets *why to the operator.
bool needs_bitvectors(const protocol::Expr& e, std::string* why);

class Encoder {
 public:
  Encoder(z3::context& ctx, bool bitvectors) : ctx_(ctx), bv_(bitvectors) {}

  bool bitvectors() const { return bv_; }
  // The Z3 constant of a trace variable (created on first use). In
  // bit-vector mode the caller bounds it with range().
  z3::expr variable(const std::string& name);
  z3::expr range(const z3::expr& v);  // bit-vector mode: v fits in 33 signed bits
  z3::expr number(std::int64_t v);
  z3::expr encode(const protocol::Expr& e);
  // A model value as an integer.
  std::int64_t value(const z3::model& m, const z3::expr& e);
  const std::map<std::string, z3::expr>& variables() const { return vars_; }

 private:
  z3::context& ctx_;
  bool bv_;
  std::map<std::string, z3::expr> vars_;

  z3::expr binary(protocol::BinOp op, const protocol::Expr& a, const protocol::Expr& b);
  z3::expr c_div(const z3::expr& a, const z3::expr& b, std::optional<std::int64_t> divisor);
};

}  // namespace racecert::smt::detail
