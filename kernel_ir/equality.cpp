#include "kernel_ir/equality.hpp"

#include "support/overloaded.hpp"

namespace racecert::kir {

namespace {

bool same(const Expr& a, const Expr& b) { return expr::equal(a, b); }

bool same(const std::vector<Expr>& a, const std::vector<Expr>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!same(a[i], b[i])) return false;
  return true;
}

bool same(const Location& a, const Location& b) {
  return a.array == b.array && same(a.index, b.index) && a.unit == b.unit && a.width == b.width;
}

bool same(const Variable& a, const Variable& b) { return a.name == b.name && a.type == b.type && a.loc == b.loc; }

bool same(const Array& a, const Array& b) {
  return a.name == b.name && a.space == b.space && a.sizes == b.sizes && a.element == b.element &&
         a.element_bytes == b.element_bytes &&
         a.parameter == b.parameter && a.loc == b.loc;
}

template <class T>
bool same_all(const std::vector<T>& a, const std::vector<T>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!same(a[i], b[i])) return false;
  return true;
}

// Each lambda reads `t` as the alternative that `s` holds (same index).
bool same(const Stmt& s, const Stmt& t) {
  if (s.node.index() != t.node.index()) return false;
  return std::visit(
      Overloaded{
          [&](const Assign& a) {
            const auto& b = t.as<Assign>();
            return a.var == b.var && same(a.value, b.value) && a.loc == b.loc;
          },
          [&](const Load& a) {
            const auto& b = t.as<Load>();
            return a.var == b.var && same(a.at, b.at) && a.loc == b.loc;
          },
          [&](const Store& a) {
            const auto& b = t.as<Store>();
            return same(a.at, b.at) && same(a.value, b.value) && a.loc == b.loc;
          },
          [&](const Atomic& a) {
            const auto& b = t.as<Atomic>();
            return a.op == b.op && a.order == b.order && a.scope == b.scope && a.var == b.var && same(a.at, b.at) &&
                   same(a.operands, b.operands) && a.loc == b.loc;
          },
          [&](const Fence& a) {
            const auto& b = t.as<Fence>();
            return a.scope == b.scope && a.order == b.order && a.loc == b.loc;
          },
          [&](const Barrier& a) {
            const auto& b = t.as<Barrier>();
            return a.kind == b.kind && same(a.id, b.id) && same(a.count, b.count) && a.arrive == b.arrive &&
                   a.orders_shared == b.orders_shared && a.orders_global == b.orders_global && a.var == b.var &&
                   a.loc == b.loc;
          },
          [&](const If& a) {
            const auto& b = t.as<If>();
            return same(a.cond, b.cond) && equal(a.then_body, b.then_body) && equal(a.else_body, b.else_body) &&
                   a.loc == b.loc;
          },
          [&](const Loop& a) {
            const auto& b = t.as<Loop>();
            return equal(a.init, b.init) && same(a.cond, b.cond) && equal(a.body, b.body) &&
                   equal(a.update, b.update) && a.test_first == b.test_first && a.loc == b.loc;
          },
          [&](const Break& a) { return a.loc == t.as<Break>().loc; },
          [&](const Continue& a) { return a.loc == t.as<Continue>().loc; },
          [&](const Return& a) { return a.loc == t.as<Return>().loc; },
          [&](const Assert& a) {
            const auto& b = t.as<Assert>();
            return same(a.cond, b.cond) && a.loc == b.loc;
          },
          [&](const Assume& a) {
            const auto& b = t.as<Assume>();
            return same(a.cond, b.cond) && a.loc == b.loc;
          },
          [&](const Unsupported& a) {
            const auto& b = t.as<Unsupported>();
            return a.what == b.what && a.loc == b.loc;
          }},
      s.node);
}

}  // namespace

bool equal(const Block& a, const Block& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!same(a[i], b[i])) return false;
  return true;
}

bool equal(const Kernel& a, const Kernel& b) {
  return a.name == b.name && a.language == b.language && same_all(a.parameters, b.parameters) &&
         same_all(a.locals, b.locals) && same_all(a.arrays, b.arrays) && same(a.preconditions, b.preconditions) &&
         a.launch_bounds == b.launch_bounds && equal(a.body, b.body) && a.loc == b.loc;
}

}  // namespace racecert::kir
