#pragma once
// Internal: sums of products that share a factor, gathered into one product
// before encoding: `row * pitch + x + (8 * i) * pitch` becomes
// `(row + 8 * i) * pitch + x`.
//
// Why: products of two non-constant terms are encoded as fresh variables
// with lemmas (smt/encoder.hpp), which know nothing of distributivity. Two
// products of one factor c are at least |c| apart when their other factors
// differ; that decides `S@1 * pitch + x@1 == S@2 * pitch + x@2` with
// 0 <= x < pitch, but not the same index spread over two products per
// thread. Gathered, the index has one product per thread, and the lemma
// applies. Over the integers this is an equivalence (distributivity); in
// bit-vector mode, where each operation must not overflow, it is not
// (with c = 0 the sum of the other factors could overflow), so it is only
// done for integer queries.
#include "protocol/expr.hpp"

namespace racecert::smt::detail {

protocol::Expr distribute_products(const protocol::Expr& e);

}  // namespace racecert::smt::detail
