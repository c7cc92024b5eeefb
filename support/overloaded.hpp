#pragma once
// Overloaded: a set of lambdas, one per alternative, for std::visit.
//
// The IRs are variants (protocol::Stmt, transform::AlignedItem, ...), and
// every pass over them is written as
//
//   std::visit(Overloaded{[&](const Access& a) { ... },
//                         [&](const Sync&) {},  // explicit: nothing to do
//                         ...},
//              s.node);
//
// so that adding an alternative to a variant makes every pass that does not
// handle it fail to compile, instead of silently skipping the new node as an
// `if (s.is<A>()) ... else if (s.is<B>())` chain would. For the same reason
// a pass never uses a generic `[&](const auto&)` lambda: it would swallow the
// new alternative. A pass that does nothing for a node writes the empty lambda
// for that type.
namespace racecert {

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
// C++20 deduces this for aggregates already; the guide keeps compilers
// without aggregate deduction (older Clang) working.
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

}  // namespace racecert
