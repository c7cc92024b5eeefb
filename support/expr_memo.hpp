#pragma once
// Walks over expressions as DAGs, each shared node once (issue 18): rename,
// and the names an expression reads.
#include <functional>
#include <string>
#include <unordered_map>
#include <unordered_set>
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
  // `f` maps `name` differently from now on (a binding of it entered or
  // left the scope). Every name a memoized node mentions was looked up
  // through names_, so if `name` never was, no entry depends on it and
  // the memo stays: a trace declares a local before each use, and
  // clearing at each declaration renamed a shared guard chain (n breaks
  // in a loop) once per access, n^2 (issue 18).
  void rebind(const std::string& name) {
    if (names_.count(name)) clear();
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

// for_each_var (support/expr.hpp) over many expressions that share
// sub-terms, each shared node once over all the calls of one walker. The
// values of a chain of statements share their predecessors': the flag of
// n early returns is an ite chain as deep as the returns before it, and a
// tree walk of each guard cost n^2 (issue 18). So f sees each variable
// occurrence at least once, not once per path to it: for callers that
// only mark or collect names. As in MemoRename, a node with one owner is
// reached only through its parent and needs no entry, and the walker
// keeps the nodes it remembers alive (no reused address).
class VarWalk {
 public:
  template <class F>
  void operator()(const Expr& e, F&& f) {
    if (!e || e->kind == ExprNode::Kind::Int || e->kind == ExprNode::Kind::Bool) return;
    if (e->kind == ExprNode::Kind::Var) {
      f(e->name);
      return;
    }
    if (e.use_count() > 1 && !seen_.insert(e).second) return;
    (*this)(e->a, f);
    (*this)(e->b, f);
    (*this)(e->c, f);
  }

 private:
  std::unordered_set<Expr> seen_;  // hashed by node address
};

}  // namespace racecert::expr
