#include "explorer/repair.hpp"

#include <algorithm>
#include <map>

namespace racecert::explorer {

std::vector<AccessChange> repairs_for(const Program& program, const std::vector<Race>& races) {
  std::map<std::pair<int, int>, AccessChange> changes;
  auto instr = [&](const AccessRef& a) -> const Instr& {
    return program.threads[static_cast<std::size_t>(a.thread)].code[static_cast<std::size_t>(a.pc)];
  };
  auto change = [&](const AccessRef& a) -> AccessChange& {
    auto [it, fresh] = changes.try_emplace({a.thread, a.pc});
    if (fresh) {
      const Instr& in = instr(a);
      it->second = AccessChange{a.thread, a.pc, in.order, in.order, in.scope, in.scope};
    }
    return it->second;
  };
  for (const Race& r : races) {
    const Thread& ta = program.threads[static_cast<std::size_t>(r.first.thread)];
    const Thread& tb = program.threads[static_cast<std::size_t>(r.second.thread)];
    auto common = static_cast<Scope>(scope_distance(ta, tb));
    AccessChange& a = change(r.first);
    AccessChange& b = change(r.second);
    // Atomic accesses keep their order and widen to the common scope.
    for (AccessChange* c : {&a, &b})
      if (is_atomic(c->new_order)) c->new_scope = std::max(c->new_scope, common);
    // A non-atomic access becomes relaxed, with the other access's scope.
    auto make_relaxed = [&](AccessChange& c, const AccessChange& other) {
      if (is_atomic(c.new_order)) return;
      c.new_order = Order::Rlx;
      Scope s = is_atomic(other.new_order) ? other.new_scope : common;
      c.new_scope = std::max(s, common);
    };
    make_relaxed(a, b);
    make_relaxed(b, a);
  }
  std::vector<AccessChange> out;
  for (auto& [key, c] : changes)
    if (c.new_order != c.old_order || c.new_scope != c.old_scope) out.push_back(c);
  return out;
}

void apply(Program& program, const std::vector<AccessChange>& changes) {
  for (const auto& c : changes) {
    Instr& in = program.threads[static_cast<std::size_t>(c.thread)].code[static_cast<std::size_t>(c.pc)];
    in.order = c.new_order;
    in.scope = c.new_scope;
  }
}

}  // namespace racecert::explorer
