#pragma once
// expr::rename over a DAG, each shared node once (issue 18).
#include <functional>
#include <string>
#include <unordered_map>
#include <utility>

#include "support/expr.hpp"

namespace racecert::expr {

// rename (support/expr.hpp) over a DAG, each shared node once: the
// sequentialization renames every access's written value, and the values of a chain of
// read-modify-writes share their sub-terms, which the plain rename copies
// once per access (and expands, where a value uses a sub-term twice). The
// result is structurally equal to rename's, with the sharing kept. The
// memo assumes `f` maps each name the same way while it lives: clear() it
// when that changes (a new binding in scope).
class MemoRename {
 public:
  using Names = std::function<std::string(const std::string&)>;
  explicit MemoRename(Names f) : f_(std::move(f)) {}
  Expr operator()(const Expr& e);
  void clear() {
    done_.clear();
    names_.clear();
  }
  std::size_t memo_size() const { return done_.size() + names_.size(); }

 private:
  Names f_;
  // Keyed by node; the pair keeps the key's node alive (no reused address).
  std::unordered_map<const ExprNode*, std::pair<Expr, Expr>> done_;
  // Each name's renamed variable, null where the name stays (the node
  // itself is then returned, so that an unchanged expression is returned
  // itself). Occurrences of a name are distinct nodes, and `f` (a scope
  // lookup and a declaration in the sequentialization) was a third of the
  // renaming's time (issue 18).
  std::unordered_map<std::string, Expr> names_;
};

}  // namespace racecert::expr
