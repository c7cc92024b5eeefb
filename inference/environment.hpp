#pragma once
// The inferrer's environment: the value each kernel variable holds at the
// current statement, as a protocol expression.
//
// A conditional runs both branches from the same environment and joins
// them. Copying the environment for each branch cost a kernel of n guarded
// statements n copies of n variables (a 4,000-statement kernel took 9 s;
// issue 18); instead each branch journals the variables it sets, and the
// then-branch's changes are undone before the else-branch runs. A
// conditional costs what its branches change.
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "support/expr.hpp"

namespace racecert::inference {

class Environment {
 public:
  // The variable's value; null when it has none yet.
  expr::Expr get(const std::string& v) const;
  bool has(const std::string& v) const { return values_.count(v) > 0; }
  void set(const std::string& v, expr::Expr e);
  // Room for n variables: the table of a kernel with 100,000 temporaries
  // would otherwise be rebuilt as it grows (issue 18).
  void reserve(std::size_t n) { values_.reserve(n); }

  // Runs a conditional's branches, each from the values before it, and
  // joins them: a variable whose branches end with different values holds
  // ite(cond, then-value, else-value) after it; one only the else-branch
  // gives a value keeps it. The then-branch's changes are undone before
  // the else-branch runs (the caller's own state between the branches
  // belongs at the end of then_branch).
  void conditional(const expr::Expr& cond, const std::function<void()>& then_branch,
                   const std::function<void()>& else_branch);

  // The same for a conditional without an else-branch, in time linear in
  // what the branch changes of the values before it: the variables it
  // gives a first value keep it without a join (the else-branch would give
  // them none), and nothing is undone. Jump elimination nests the rest of
  // a kernel after each early return in such a conditional, and joining
  // every variable of the rest at every level was quadratic (issue 18).
  void one_armed(const expr::Expr& cond, const std::function<void()>& then_branch);

 private:
  // What a branch did to one variable: its value before and after the
  // branch (nullopt: it had none).
  struct Change {
    std::optional<expr::Expr> before, after;
  };
  // Per open branch, the variables it set: those that had a value before
  // it (with that value) apart from those that had none, so that a
  // one-armed conditional visits only the former, and hands the latter
  // to the enclosing branch whole (the smaller set merged into the larger).
  struct Journal {
    std::unordered_map<std::string, expr::Expr> changed;
    std::unordered_set<std::string> introduced;
    bool knows(const std::string& v) const { return changed.count(v) > 0 || introduced.count(v) > 0; }
  };
  void begin_branch();
  Journal close_branch();  // pops the innermost branch's journal
  // Ends the innermost branch and returns the variables it set. `undo`
  // restores their values from before the branch; otherwise the changes
  // stay, as changes of the enclosing branch.
  std::map<std::string, Change> end_branch(bool undo);
  // Records in the innermost open branch, if any, that v had `before`
  // before it (unless it knows v already).
  void note_in_enclosing(const std::string& v, const std::optional<expr::Expr>& before);
  // Moves a closed branch's introduced variables to the enclosing one.
  void introduce_in_enclosing(std::unordered_set<std::string>&& introduced);

  std::unordered_map<std::string, expr::Expr> values_;
  std::vector<Journal> journals_;
};

}  // namespace racecert::inference
