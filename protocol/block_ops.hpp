#pragma once
// Statement-level rewriting of protocols: substitution of variables and
// mapping of every expression. The transforms rely on variable names being
// unique (the well-formedness pass renames binders), so substitution never
// needs to avoid capture; it still stops at a binder of the same name.
#include "protocol/protocol.hpp"

namespace racecert::protocol {

Block substitute(const Block& b, const Substitution& s);

// Applies f to every expression of the block (indices, values, conditions,
// loop headers, binder predicates).
Block map_exprs(const Block& b, const std::function<Expr(const Expr&)>& f);
// Calls f on the same expressions, in the same order, without copying the
// block (issue 18: a scan of a 50,000-statement protocol through map_exprs
// built and freed a copy of it).
void for_each_expr(const Block& b, const std::function<void(const Expr&)>& f);

// Free variables of a block (variables used but not bound inside it).
std::set<std::string> free_vars(const Block& b);

}  // namespace racecert::protocol
