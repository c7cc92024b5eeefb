#include "inference/environment.hpp"

namespace racecert::inference {

expr::Expr Environment::get(const std::string& v) const {
  auto it = values_.find(v);
  return it == values_.end() ? nullptr : it->second;
}

void Environment::set(const std::string& v, expr::Expr e) {
  auto it = values_.find(v);
  if (!journals_.empty() && !journals_.back().knows(v)) {
    if (it == values_.end()) journals_.back().introduced.insert(v);
    else journals_.back().changed.emplace(v, it->second);
  }
  if (it == values_.end()) values_.emplace(v, std::move(e));
  else it->second = std::move(e);
}

void Environment::begin_branch() { journals_.emplace_back(); }

void Environment::note_in_enclosing(const std::string& v, const std::optional<expr::Expr>& before) {
  if (journals_.empty() || journals_.back().knows(v)) return;
  if (before) journals_.back().changed.emplace(v, *before);
  else journals_.back().introduced.insert(v);
}

void Environment::introduce_in_enclosing(std::unordered_set<std::string>&& introduced) {
  if (journals_.empty()) return;
  // Disjoint from what the enclosing branch knows: a variable it set or
  // had before has a value when the inner branch starts. The smaller set
  // goes into the larger, so that n nested branches cost n, not n^2.
  std::unordered_set<std::string>& outer = journals_.back().introduced;
  if (outer.size() < introduced.size()) std::swap(outer, introduced);
  outer.merge(introduced);
}

Environment::Journal Environment::close_branch() {
  Journal journal = std::move(journals_.back());
  journals_.pop_back();
  return journal;
}

std::map<std::string, Environment::Change> Environment::end_branch(bool undo) {
  Journal journal = close_branch();
  std::map<std::string, Change> changes;
  auto after = [&](const std::string& v) {
    auto now = values_.find(v);
    return now == values_.end() ? std::nullopt : std::optional<expr::Expr>(now->second);
  };
  for (auto& [v, before] : journal.changed) {
    changes.emplace(v, Change{before, after(v)});
    if (undo) values_[v] = before;
    else note_in_enclosing(v, before);  // the enclosing branch keeps its own, older value
  }
  for (const auto& v : journal.introduced) {
    changes.emplace(v, Change{std::nullopt, after(v)});
    if (undo) values_.erase(v);
  }
  if (!undo) introduce_in_enclosing(std::move(journal.introduced));
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

void Environment::one_armed(const expr::Expr& cond, const std::function<void()>& then_branch) {
  begin_branch();
  then_branch();
  Journal journal = close_branch();
  // A variable that had a value before: ite(cond, its value now, that
  // value) where they differ (as conditional() joins it with an empty
  // else-branch).
  for (auto& [v, before] : journal.changed) {
    auto now = values_.find(v);
    if (now == values_.end()) {
      values_.emplace(v, before);
    } else if (expr::equal(now->second, before)) {
      now->second = before;
    } else {
      now->second = expr::ite(cond, now->second, before);
      note_in_enclosing(v, before);
    }
  }
  // One that had none keeps the value the branch gave it.
  introduce_in_enclosing(std::move(journal.introduced));
}

}  // namespace racecert::inference
