#include "kernel_ir/live_ranges.hpp"

#include <set>
#include <unordered_map>
#include <unordered_set>

#include "support/overloaded.hpp"

namespace racecert::kir {

namespace {

using Rename = std::function<std::string(const std::string&)>;

Expr renamed(const Expr& e, const Rename& f) { return e ? expr::rename(e, f) : e; }

Location renamed(const Location& at, const Rename& f) {
  Location out = at;
  for (auto& i : out.index) i = renamed(i, f);
  return out;
}

std::string renamed_var(const std::string& v, const Rename& f) { return v.empty() ? v : f(v); }

// `s` assigns v at its top without reading v: `v = E`, or a loop whose init
// does that before anything else mentions v.
bool restarts(const Stmt& s, const std::string& v) {
  auto fresh_assignment = [&](const Stmt& t) {
    if (!t.is<Assign>()) return false;
    const Assign& a = t.as<Assign>();
    return a.var == v && !(a.value && expr::free_vars(a.value).count(v));
  };
  if (fresh_assignment(s)) return true;
  if (!s.is<Loop>()) return false;
  for (const auto& t : s.as<Loop>().init) {
    if (fresh_assignment(t)) return true;
    std::set<std::string> mentioned;
    read_variables(Block{t}, mentioned);
    assigned_variables(Block{t}, mentioned);
    if (mentioned.count(v)) return false;
  }
  return false;
}

}  // namespace

Block rename_variables(const Block& b, const Rename& f) {
  Block out;
  for (const auto& s : b)
    out.push_back(std::visit(
        Overloaded{[&](const Assign& a) { return Stmt{Assign{f(a.var), renamed(a.value, f), a.loc}}; },
                   [&](const Load& l) { return Stmt{Load{renamed_var(l.var, f), renamed(l.at, f), l.loc}}; },
                   [&](const Store& st) { return Stmt{Store{renamed(st.at, f), renamed(st.value, f), st.loc}}; },
                   [&](const Atomic& a) {
                     Atomic c = a;
                     c.var = renamed_var(a.var, f);
                     c.at = renamed(a.at, f);
                     for (auto& o : c.operands) o = renamed(o, f);
                     return Stmt{std::move(c)};
                   },
                   [&](const Barrier& br) {
                     Barrier c = br;
                     c.var = renamed_var(br.var, f);
                     c.id = renamed(br.id, f);
                     c.count = renamed(br.count, f);
                     return Stmt{std::move(c)};
                   },
                   [&](const If& i) {
                     return Stmt{If{renamed(i.cond, f), rename_variables(i.then_body, f),
                                    rename_variables(i.else_body, f), i.loc}};
                   },
                   [&](const Loop& l) {
                     Loop c;
                     c.init = rename_variables(l.init, f);
                     c.cond = renamed(l.cond, f);
                     c.body = rename_variables(l.body, f);
                     c.update = rename_variables(l.update, f);
                     c.test_first = l.test_first;
                     c.loc = l.loc;
                     return Stmt{std::move(c)};
                   },
                   [&](const Assert& a) { return Stmt{Assert{renamed(a.cond, f), a.loc}}; },
                   [&](const Assume& a) { return Stmt{Assume{renamed(a.cond, f), a.loc}}; },
                   // Nothing to rename:
                   [](const Fence& x) { return Stmt{x}; }, [](const Break& x) { return Stmt{x}; },
                   [](const Continue& x) { return Stmt{x}; }, [](const Return& x) { return Stmt{x}; },
                   [](const Unsupported& x) { return Stmt{x}; }},
        s.node));
  return out;
}

std::string written_name(const std::string& v) {
  auto at = v.rfind("#r");
  if (at == std::string::npos || at + 2 == v.size()) return v;
  for (std::size_t i = at + 2; i < v.size(); ++i)
    if (v[i] < '0' || v[i] > '9') return v;
  return v.substr(0, at);
}

namespace {

// Calls f with each name a top-level statement assigns first (itself, or
// a loop's init): the only names split_live_ranges may split at it.
template <class F> void for_each_split_candidate(const Stmt& s, F&& f) {
  if (s.is<Assign>()) f(s.as<Assign>().var);
  if (s.is<Loop>())
    for (const auto& t : s.as<Loop>().init)
      if (t.is<Assign>()) f(t.as<Assign>().var);
}

}  // namespace

Kernel split_live_ranges(Kernel k) {
  Kernel out = without_body(k);
  out.body.reserve(k.body.size());
  // Only a name some top-level statement starts over can be split; the
  // tables below track those alone. Keyed by every assigned name, they
  // held a 50,000-statement kernel's 100,000 temporaries (issue 18).
  std::unordered_set<std::string> candidates;
  for (const auto& s : k.body) for_each_split_candidate(s, [&](const std::string& name) { candidates.insert(name); });
  std::unordered_map<std::string, std::string> current;  // a local -> its name from here on
  std::unordered_set<std::string> assigned_before;       // candidates some earlier statement assigns
  auto note_assigned = [&](std::string v) {
    if (candidates.count(v)) assigned_before.insert(std::move(v));
  };
  // Every name taken, made when the first local is split: most kernels
  // split none.
  std::unordered_set<std::string> names;
  auto taken = [&](const std::string& n) {
    if (names.empty()) {
      for (const auto& v : k.locals) names.insert(v.name);
      for (const auto& v : k.parameters) names.insert(v.name);
    }
    return names.count(n) > 0;
  };
  // The locals by name, made at the first split too.
  std::unordered_map<std::string, const Variable*> locals;
  auto local = [&](const std::string& name) -> const Variable* {
    if (locals.empty())
      for (const auto& v : k.locals) locals.emplace(v.name, &v);
    auto it = locals.find(name);
    return it == locals.end() ? nullptr : it->second;
  };
  auto rename = [&](const std::string& v) {
    auto c = current.find(v);
    return c == current.end() ? v : c->second;
  };
  for (auto& s : k.body) {
    for_each_split_candidate(s, [&](const std::string& name) {
      if (!assigned_before.count(name) || !restarts(s, name)) return;
      const Variable* v = local(name);
      if (!v) return;
      std::string n;
      for (int r = 1; n.empty() || taken(n); ++r) n = name + "#r" + std::to_string(r);
      names.insert(n);
      out.locals.push_back(Variable{n, v->type, v->loc});
      current[name] = n;
    });
    // Until a local is split, every statement stays as it is: moved, not
    // copied and renamed into a second copy.
    note_assigned(own_assigned_variable(s));
    for_each_nested_block(s, [&](const Block& inner) {
      std::set<std::string> nested;
      assigned_variables(inner, nested);
      for (const auto& v : nested) note_assigned(v);
    });
    if (current.empty()) out.body.push_back(std::move(s));
    else out.body.push_back(std::move(rename_variables(Block{s}, rename).front()));
  }
  return out;
}

}  // namespace racecert::kir
