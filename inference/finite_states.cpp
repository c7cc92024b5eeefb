#include "inference/finite_states.hpp"

#include <algorithm>
#include <set>
#include <variant>

namespace racecert::inference {

namespace {

using Values = std::map<std::string, std::int64_t>;

// One iteration of the body and update from `state`: the values of the
// group after it, or the first group variable whose value is unknown.
std::variant<Values, std::string> step(const kir::Loop& l, const std::set<std::string>& group, const Values& state) {
  Values env = state;
  auto forget = [&](const kir::Block& b) {
    std::set<std::string> assigned;
    kir::assigned_variables(b, assigned);
    for (const auto& v : assigned) env.erase(v);
  };
  auto run = [&](const kir::Block& block) {
    for (const auto& s : block) {
      if (s.is<kir::Assign>()) {
        const auto& a = s.as<kir::Assign>();
        auto v = a.value ? expr::eval_partial(a.value, [&](const std::string& n) -> std::optional<std::int64_t> {
          auto it = env.find(n);
          if (it == env.end()) return std::nullopt;
          return it->second;
        })
                         : std::nullopt;
        if (v) env[a.var] = *v;
        else env.erase(a.var);
      } else {
        forget(kir::Block{s});
      }
    }
  };
  run(l.body);
  run(l.update);
  Values out;
  for (const auto& v : group) {
    auto it = env.find(v);
    if (it == env.end()) return v;
    out[v] = it->second;
  }
  return out;
}

}  // namespace

std::optional<FiniteStates> finite_states(const kir::Loop& l, const Values& entry, std::size_t limit) {
  std::set<std::string> group;
  for (const auto& [v, value] : entry) group.insert(v);
  // Shrink the group until every member's update is known from the group.
  while (!group.empty()) {
    Values start;
    for (const auto& v : group) start[v] = entry.at(v);
    std::vector<Values> seen{start};
    std::optional<std::string> unknown;
    for (std::size_t i = 0; i < seen.size() && !unknown; ++i) {
      auto next = step(l, group, seen[i]);
      if (auto* v = std::get_if<std::string>(&next)) {
        unknown = *v;
        break;
      }
      const Values& n = std::get<Values>(next);
      if (std::find(seen.begin(), seen.end(), n) == seen.end()) {
        if (seen.size() == limit) {
          // Too many states: drop the variable with the most values (a
          // counter) and keep the rest if they do not depend on it.
          std::string most;
          std::size_t most_values = 0;
          for (const auto& v : group) {
            std::set<std::int64_t> values;
            for (const auto& t : seen) values.insert(t.at(v));
            if (values.size() > most_values) most = v, most_values = values.size();
          }
          unknown = most;
          break;
        }
        seen.push_back(n);
      }
    }
    if (unknown) {
      group.erase(*unknown);
      continue;
    }
    FiniteStates out;
    out.vars.assign(group.begin(), group.end());
    for (const auto& s : seen) {
      std::vector<std::int64_t> t;
      for (const auto& v : out.vars) t.push_back(s.at(v));
      out.tuples.push_back(std::move(t));
    }
    return out;
  }
  return std::nullopt;
}

}  // namespace racecert::inference
