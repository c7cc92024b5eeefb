#include "kernel_ir/launch_specialization.hpp"

#include <set>

#include "support/diagnostic.hpp"
#include "support/overloaded.hpp"

namespace racecert::kir {

namespace {

using expr::Substitution;

class Specializer {
 public:
  explicit Specializer(const Substitution& s) : s_(s) {}

  Block block(const Block& b) const {
    Block out;
    for (const auto& s : b) statement(s, out);
    return out;
  }

  Expr value(const Expr& e) const { return e ? expr::substitute(e, s_) : e; }

 private:
  const Substitution& s_;

  Location location(const Location& l) const {
    Location out = l;
    for (auto& i : out.index) i = value(i);
    return out;
  }
  static void append(Block&& from, Block& to) {
    for (auto& s : from) to.push_back(std::move(s));
  }

  // Appends the specialized `s` to `out` (a resolved branch appends the
  // statements of the branch taken).
  void statement(const Stmt& s, Block& out) const {
    std::visit(Overloaded{[&](const Assign& a) { out.push_back(Stmt{Assign{a.var, value(a.value), a.loc}}); },
                          [&](const Load& l) { out.push_back(Stmt{Load{l.var, location(l.at), l.loc}}); },
                          [&](const Store& st) {
                            out.push_back(Stmt{Store{location(st.at), value(st.value), st.loc}});
                          },
                          [&](const Atomic& a) {
                            Atomic copy = a;
                            copy.at = location(a.at);
                            for (auto& o : copy.operands) o = value(o);
                            out.push_back(Stmt{std::move(copy)});
                          },
                          [&](const Barrier& b) {
                            Barrier copy = b;
                            copy.id = value(b.id);
                            copy.count = value(b.count);
                            out.push_back(Stmt{std::move(copy)});
                          },
                          [&](const If& i) {
                            Expr c = value(i.cond);
                            if (c && expr::is_true(c)) return append(block(i.then_body), out);
                            if (c && expr::is_false(c)) return append(block(i.else_body), out);
                            out.push_back(Stmt{If{c, block(i.then_body), block(i.else_body), i.loc}});
                          },
                          [&](const Loop& l) {
                            Loop copy;
                            copy.init = block(l.init);
                            copy.cond = value(l.cond);
                            // Never entered: only the init runs.
                            if (l.test_first && copy.cond && expr::is_false(copy.cond))
                              return append(std::move(copy.init), out);
                            copy.body = block(l.body);
                            copy.update = block(l.update);
                            copy.test_first = l.test_first;
                            copy.loc = l.loc;
                            out.push_back(Stmt{std::move(copy)});
                          },
                          [&](const Assert& a) { out.push_back(Stmt{Assert{value(a.cond), a.loc}}); },
                          [&](const Assume& a) { out.push_back(Stmt{Assume{value(a.cond), a.loc}}); },
                          // No expression inside:
                          [&](const Fence& f) { out.push_back(Stmt{f}); },
                          [&](const Break& b) { out.push_back(Stmt{b}); },
                          [&](const Continue& c) { out.push_back(Stmt{c}); },
                          [&](const Return& r) { out.push_back(Stmt{r}); },
                          [&](const Unsupported& u) { out.push_back(Stmt{u}); }},
               s.node);
  }
};

}  // namespace

Kernel specialize_launch(const Kernel& k, const LaunchValues& values) {
  Substitution s;
  auto dims = [&](const std::string& builtin, const std::optional<Dim3>& d) {
    if (!d) return;
    s[builtin + ".x"] = expr::int_lit(d->x);
    s[builtin + ".y"] = expr::int_lit(d->y);
    s[builtin + ".z"] = expr::int_lit(d->z);
  };
  dims("blockDim", values.block);
  dims("gridDim", values.grid);
  std::set<std::string> assigned;
  assigned_variables(k.body, assigned);
  Block prologue;
  for (const auto& [name, v] : values.parameters) {
    bool is_parameter = false;
    for (const auto& p : k.parameters) is_parameter = is_parameter || p.name == name;
    if (!is_parameter) throw usage_error("kernel '" + k.name + "' has no scalar parameter '" + name + "'");
    if (assigned.count(name))
      prologue.push_back(Stmt{Assign{name, expr::int_lit(v), {}}});
    else
      s[name] = expr::int_lit(v);
  }
  // Preconditions speak of the parameters' values at the launch, assigned
  // ones included.
  Substitution at_launch = s;
  for (const auto& [name, v] : values.parameters) at_launch[name] = expr::int_lit(v);
  Kernel out = without_body(k);
  out.preconditions.clear();
  for (const auto& p : k.preconditions) {
    Expr e = Specializer(at_launch).value(p);
    if (!(e && expr::is_true(e))) out.preconditions.push_back(e);
  }
  Specializer sp(s);
  out.body = std::move(prologue);
  for (auto& st : sp.block(k.body)) out.body.push_back(std::move(st));
  return out;
}

}  // namespace racecert::kir
