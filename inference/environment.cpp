#include "inference/environment.hpp"

namespace racecert::inference {

expr::Expr Environment::get(const std::string& v) const {
  auto it = values_.find(v);
  return it == values_.end() ? nullptr : it->second;
}

void Environment::set(const std::string& v, expr::Expr e) {
  auto it = values_.find(v);
  if (!journals_.empty() && !journals_.back().count(v))
    journals_.back().emplace(v, it == values_.end() ? std::nullopt : std::optional<expr::Expr>(it->second));
  if (it == values_.end()) values_.emplace(v, std::move(e));
  else it->second = std::move(e);
}

void Environment::begin_branch() { journals_.emplace_back(); }

std::map<std::string, Environment::Change> Environment::end_branch(bool undo) {
  auto journal = std::move(journals_.back());
  journals_.pop_back();
  std::map<std::string, Change> changes;
  for (auto& [v, before] : journal) {
    auto now = values_.find(v);
    changes.emplace(v, Change{before, now == values_.end() ? std::nullopt : std::optional<expr::Expr>(now->second)});
    if (undo) {
      if (before) values_[v] = *before;
      else values_.erase(v);
    } else if (!journals_.empty()) {
      // The enclosing branch's journal keeps its own, older value.
      journals_.back().emplace(v, std::move(before));
    }
  }
  return changes;
}

void Environment::conditional(const expr::Expr& cond, const std::function<void()>& then_branch,
                              const std::function<void()>& else_branch) {
  begin_branch();
  then_branch();
  std::map<std::string, Change> then_changes = end_branch(/*undo=*/true);
  begin_branch();
  else_branch();
  std::map<std::string, Change> else_changes = end_branch(/*undo=*/false);
  // Only a variable a branch set can differ; the then-branch's value of
  // one only the else-branch set is its value before.
  auto join = [&](const std::string& v, const std::optional<expr::Expr>& then_value) {
    if (!then_value) return;  // none after the then-branch
    auto now = values_.find(v);
    if (now == values_.end()) set(v, *then_value);
    else if (!expr::equal(now->second, *then_value)) set(v, expr::ite(cond, *then_value, now->second));
  };
  for (const auto& [v, change] : then_changes) join(v, change.after);
  for (const auto& [v, change] : else_changes)
    if (!then_changes.count(v)) join(v, change.before);
}

}  // namespace racecert::inference
