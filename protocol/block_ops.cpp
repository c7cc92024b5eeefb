#include "protocol/block_ops.hpp"

#include "support/overloaded.hpp"

namespace racecert::protocol {

namespace {

Substitution without(const Substitution& s, const std::string& name) {
  if (!s.count(name)) return s;
  Substitution t = s;
  t.erase(name);
  return t;
}

}  // namespace

Block substitute(const Block& b, const Substitution& s) {
  if (s.empty()) return b;
  Block out;
  out.reserve(b.size());
  Substitution cur = s;  // a Decl shadows for the rest of the block
  auto rewrite = Overloaded{
      [&](const Access& in) {
        Access a = in;
        for (auto& i : a.index) i = substitute(i, cur);
        if (a.value) a.value = substitute(a.value, cur);
        out.push_back(Stmt{std::move(a)});
      },
      [&](const Sync& y) { out.push_back(Stmt{y}); },
      [&](const If& in) {
        If i = without_blocks(in);
        i.cond = substitute(i.cond, cur);
        i.then_body = substitute(in.then_body, cur);
        i.else_body = substitute(in.else_body, cur);
        out.push_back(Stmt{std::move(i)});
      },
      [&](const Loop& in) {
        Loop l = without_blocks(in);
        l.init = substitute(l.init, cur);
        l.bound = substitute(l.bound, cur);
        l.step = substitute(l.step, cur);
        l.body = substitute(in.body, without(cur, l.var));
        out.push_back(Stmt{std::move(l)});
      },
      [&](const Decl& d) {
        cur = without(cur, d.name);
        out.push_back(Stmt{d});
      },
      [&](const Bind& in) {
        Bind bd = without_blocks(in);
        Substitution inner = without(cur, bd.var);
        bd.where = substitute(bd.where, inner);
        bd.body = substitute(in.body, inner);
        out.push_back(Stmt{std::move(bd)});
      }};
  for (const auto& st : b) std::visit(rewrite, st.node);
  return out;
}

Block map_exprs(const Block& b, const std::function<Expr(const Expr&)>& f) {
  Block out;
  out.reserve(b.size());
  auto rewrite = Overloaded{
      [&](const Access& in) {
        Access a = in;
        for (auto& i : a.index) i = f(i);
        if (a.value) a.value = f(a.value);
        out.push_back(Stmt{std::move(a)});
      },
      [&](const Sync& y) { out.push_back(Stmt{y}); },
      [&](const If& in) {
        If i = without_blocks(in);
        i.cond = f(i.cond);
        i.then_body = map_exprs(in.then_body, f);
        i.else_body = map_exprs(in.else_body, f);
        out.push_back(Stmt{std::move(i)});
      },
      [&](const Loop& in) {
        Loop l = without_blocks(in);
        l.init = f(l.init);
        l.bound = f(l.bound);
        l.step = f(l.step);
        l.body = map_exprs(in.body, f);
        out.push_back(Stmt{std::move(l)});
      },
      // A declaration names a fresh unknown: it holds no expression.
      [&](const Decl& d) { out.push_back(Stmt{d}); },
      [&](const Bind& in) {
        Bind bd = without_blocks(in);
        bd.where = f(bd.where);
        bd.body = map_exprs(in.body, f);
        out.push_back(Stmt{std::move(bd)});
      }};
  for (const auto& st : b) std::visit(rewrite, st.node);
  return out;
}

void for_each_expr(const Block& b, const std::function<void(const Expr&)>& f) {
  auto scan = Overloaded{
      [&](const Access& a) {
        for (const auto& i : a.index) f(i);
        if (a.value) f(a.value);
      },
      [](const Sync&) {},
      [&](const If& i) {
        f(i.cond);
        for_each_expr(i.then_body, f);
        for_each_expr(i.else_body, f);
      },
      [&](const Loop& l) {
        f(l.init);
        f(l.bound);
        f(l.step);
        for_each_expr(l.body, f);
      },
      [](const Decl&) {},  // names a fresh unknown: holds no expression
      [&](const Bind& bd) {
        f(bd.where);
        for_each_expr(bd.body, f);
      }};
  for (const auto& st : b) std::visit(scan, st.node);
}

namespace {

// `bound` is by value: a Decl binds its name for the rest of this block only.
void free_in(const Block& b, std::set<std::string> bound, std::set<std::string>& out) {
  auto use = [&](const Expr& e) {
    if (!e) return;
    for (const auto& v : free_vars(e))
      if (!bound.count(v)) out.insert(v);
  };
  auto scan = Overloaded{
      [&](const Access& a) {
        for (const auto& i : a.index) use(i);
        use(a.value);
      },
      [](const Sync&) {},
      [&](const If& i) {
        use(i.cond);
        free_in(i.then_body, bound, out);
        free_in(i.else_body, bound, out);
      },
      [&](const Loop& l) {
        use(l.init);
        use(l.bound);
        use(l.step);
        auto inner = bound;
        inner.insert(l.var);
        free_in(l.body, inner, out);
      },
      [&](const Decl& d) { bound.insert(d.name); },
      [&](const Bind& bd) {
        auto inner = bound;
        inner.insert(bd.var);
        for (const auto& v : free_vars(bd.where))
          if (!inner.count(v)) out.insert(v);
        free_in(bd.body, inner, out);
      }};
  for (const auto& st : b) std::visit(scan, st.node);
}

}  // namespace

std::set<std::string> free_vars(const Block& b) {
  std::set<std::string> out;
  free_in(b, {}, out);
  return out;
}

}  // namespace racecert::protocol
