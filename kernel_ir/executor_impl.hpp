#pragma once
// The definitions of BasicExecutor's statement walk (executor.hpp), for the
// files that instantiate it on a value domain: executor.cpp (integers) and
// barriers/warp_run.cpp (per-lane values of a warp).
#include <set>

#include "kernel_ir/executor.hpp"
#include "support/overloaded.hpp"

namespace racecert::kir {

template <class V>
void BasicExecutor<V>::forget(const std::string& var) {
  if (!var.empty()) env[var] = unknown_value();
}

template <class V>
Flow BasicExecutor<V>::run(const Block& b) {
  for (const auto& s : b) {
    Flow f = statement(s);
    if (f != Flow::Normal) return f;
  }
  return Flow::Normal;
}

template <class V>
Flow BasicExecutor<V>::statement(const Stmt& s) {
  return std::visit(
      Overloaded{[&](const Assign& a) {
                   env[a.var] = evaluate(a.value);
                   return Flow::Normal;
                 },
                 [&](const Load& l) {
                   on_load(l);
                   // Memory contents are not tracked, unless the client knows them.
                   if (!l.var.empty()) env[l.var] = loaded(l);
                   return Flow::Normal;
                 },
                 [&](const Store& st) {
                   on_store(st);
                   return Flow::Normal;
                 },
                 [&](const Atomic& a) {
                   on_atomic(a);
                   forget(a.var);
                   return Flow::Normal;
                 },
                 [&](const Barrier& b) {
                   on_barrier(b);
                   forget(b.var);  // __syncthreads_count and co: depends on the other threads
                   return Flow::Normal;
                 },
                 [&](const If& i) {
                   std::optional<bool> c = truth(evaluate(i.cond));
                   if (c) return run(*c ? i.then_body : i.else_body);
                   on_undecided({&i.then_body, &i.else_body}, "a branch", i.loc);
                   std::set<std::string> vars;
                   assigned_variables(i.then_body, vars);
                   assigned_variables(i.else_body, vars);
                   for (const auto& v : vars) forget(v);
                   return Flow::Normal;
                 },
                 [&](const Loop& l) { return loop(l); },
                 [&](const Break&) { return Flow::Break; },
                 [&](const Continue&) { return Flow::Continue; },
                 [&](const Return&) { return Flow::Return; },
                 [&](const Unsupported& u) {
                   on_unsupported(u);
                   return Flow::Normal;
                 },
                 // No effect on values:
                 [&](const Fence&) { return Flow::Normal; }, [&](const Assert&) { return Flow::Normal; },
                 [&](const Assume& a) {
                   on_assume(a);
                   return Flow::Normal;
                 }},
      s.node);
}

template <class V>
Flow BasicExecutor<V>::loop(const Loop& l) {
  Flow f = run(l.init);
  if (f != Flow::Normal) return f;
  for (std::uint64_t n = 0;; ++n) {
    if (l.test_first || n > 0) {
      std::optional<bool> c = truth(evaluate(l.cond));
      if (!c) {
        on_undecided({&l.body, &l.update}, "a loop condition", l.loc);
        std::set<std::string> vars;
        assigned_variables(l.body, vars);
        assigned_variables(l.update, vars);
        for (const auto& v : vars) forget(v);
        return Flow::Normal;
      }
      if (!*c) return Flow::Normal;
    }
    f = run(l.body);
    if (f == Flow::Break) return Flow::Normal;
    if (f == Flow::Return) return f;
    f = run(l.update);
    if (f == Flow::Return) return f;
    after_iteration(l, n);
  }
}

}  // namespace racecert::kir
