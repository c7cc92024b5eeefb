#include "protocol/block_ops.hpp"

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
  for (const auto& st : b) {
    if (st.is<Access>()) {
      Access a = st.as<Access>();
      for (auto& i : a.index) i = substitute(i, cur);
      if (a.value) a.value = substitute(a.value, cur);
      out.push_back(Stmt{std::move(a)});
    } else if (st.is<If>()) {
      If i = st.as<If>();
      i.cond = substitute(i.cond, cur);
      i.then_body = substitute(i.then_body, cur);
      i.else_body = substitute(i.else_body, cur);
      out.push_back(Stmt{std::move(i)});
    } else if (st.is<Loop>()) {
      Loop l = st.as<Loop>();
      l.init = substitute(l.init, cur);
      l.bound = substitute(l.bound, cur);
      l.step = substitute(l.step, cur);
      l.body = substitute(l.body, without(cur, l.var));
      out.push_back(Stmt{std::move(l)});
    } else if (st.is<Bind>()) {
      Bind bd = st.as<Bind>();
      Substitution inner = without(cur, bd.var);
      bd.where = substitute(bd.where, inner);
      bd.body = substitute(bd.body, inner);
      out.push_back(Stmt{std::move(bd)});
    } else if (st.is<Decl>()) {
      cur = without(cur, st.as<Decl>().name);
      out.push_back(st);
    } else {
      out.push_back(st);
    }
  }
  return out;
}

Block map_exprs(const Block& b, const std::function<Expr(const Expr&)>& f) {
  Block out;
  out.reserve(b.size());
  for (const auto& st : b) {
    if (st.is<Access>()) {
      Access a = st.as<Access>();
      for (auto& i : a.index) i = f(i);
      if (a.value) a.value = f(a.value);
      out.push_back(Stmt{std::move(a)});
    } else if (st.is<If>()) {
      If i = st.as<If>();
      i.cond = f(i.cond);
      i.then_body = map_exprs(i.then_body, f);
      i.else_body = map_exprs(i.else_body, f);
      out.push_back(Stmt{std::move(i)});
    } else if (st.is<Loop>()) {
      Loop l = st.as<Loop>();
      l.init = f(l.init);
      l.bound = f(l.bound);
      l.step = f(l.step);
      l.body = map_exprs(l.body, f);
      out.push_back(Stmt{std::move(l)});
    } else if (st.is<Bind>()) {
      Bind bd = st.as<Bind>();
      bd.where = f(bd.where);
      bd.body = map_exprs(bd.body, f);
      out.push_back(Stmt{std::move(bd)});
    } else {
      out.push_back(st);
    }
  }
  return out;
}

namespace {

void free_in(const Block& b, std::set<std::string> bound, std::set<std::string>& out) {
  auto use = [&](const Expr& e) {
    if (!e) return;
    for (const auto& v : free_vars(e))
      if (!bound.count(v)) out.insert(v);
  };
  for (const auto& st : b) {
    if (st.is<Access>()) {
      for (const auto& i : st.as<Access>().index) use(i);
      use(st.as<Access>().value);
    } else if (st.is<If>()) {
      use(st.as<If>().cond);
      free_in(st.as<If>().then_body, bound, out);
      free_in(st.as<If>().else_body, bound, out);
    } else if (st.is<Loop>()) {
      const Loop& l = st.as<Loop>();
      use(l.init);
      use(l.bound);
      use(l.step);
      auto inner = bound;
      inner.insert(l.var);
      free_in(l.body, inner, out);
    } else if (st.is<Bind>()) {
      auto inner = bound;
      inner.insert(st.as<Bind>().var);
      const Bind& bd = st.as<Bind>();
      for (const auto& v : free_vars(bd.where))
        if (!inner.count(v)) out.insert(v);
      free_in(bd.body, inner, out);
    } else if (st.is<Decl>()) {
      bound.insert(st.as<Decl>().name);
    }
  }
}

}  // namespace

std::set<std::string> free_vars(const Block& b) {
  std::set<std::string> out;
  free_in(b, {}, out);
  return out;
}

}  // namespace racecert::protocol
