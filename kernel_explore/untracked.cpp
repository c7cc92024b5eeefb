#include "kernel_explore/untracked.hpp"

#include "support/overloaded.hpp"

namespace racecert::kexplore {

namespace {

bool integral(kir::ScalarType t) {
  return t == kir::ScalarType::Int || t == kir::ScalarType::Unsigned || t == kir::ScalarType::Bool;
}

class Propagation {
 public:
  explicit Propagation(const kir::Kernel& k) : k_(k) {
    for (const kir::Variable& v : k.locals)
      if (!integral(v.type)) out.variables.insert(v.name);
    for (const kir::Variable& v : k.parameters)
      if (!integral(v.type)) out.variables.insert(v.name);
    for (const kir::Array& a : k.arrays)
      if (!integral(a.element)) out.arrays.insert(a.name);
  }

  // One pass; true when something became untracked.
  bool pass(const kir::Block& b) {
    bool changed = false;
    for (const kir::Stmt& s : b) {
      std::visit(Overloaded{
                     [&](const kir::Assign& a) { changed |= taint_var(a.var, a.value); },
                     [&](const kir::Load& l) {
                       if (!l.var.empty() && out.arrays.count(l.at.array)) changed |= out.variables.insert(l.var).second;
                     },
                     [&](const kir::Store& st) {
                       if (untracked(st.value)) changed |= out.arrays.insert(st.at.array).second;
                     },
                     [&](const kir::Atomic& a) {
                       for (const auto& o : a.operands)
                         if (untracked(o)) changed |= out.arrays.insert(a.at.array).second;
                       if (!a.var.empty() && out.arrays.count(a.at.array)) changed |= out.variables.insert(a.var).second;
                     },
                     [&](const kir::Fence&) {},
                     [&](const kir::Barrier& br) {
                       if (!br.var.empty()) changed |= out.variables.insert(br.var).second;
                     },
                     [&](const kir::If& i) { changed |= pass(i.then_body) | pass(i.else_body); },
                     [&](const kir::Loop& l) { changed |= pass(l.init) | pass(l.body) | pass(l.update); },
                     [&](const kir::Break&) {},
                     [&](const kir::Continue&) {},
                     [&](const kir::Return&) {},
                     [&](const kir::Assert&) {},
                     [&](const kir::Assume&) {},
                     [&](const kir::Unsupported&) {},
                 },
                 s.node);
    }
    return changed;
  }

  Untracked out;

 private:
  bool untracked(const expr::Expr& e) const {
    if (!e) return true;
    for (const auto& v : expr::free_vars(e))
      if (out.variables.count(v)) return true;
    return false;
  }
  bool taint_var(const std::string& var, const expr::Expr& value) {
    return untracked(value) && out.variables.insert(var).second;
  }

  const kir::Kernel& k_;
};

}  // namespace

Untracked untracked_values(const kir::Kernel& k) {
  Propagation p(k);
  while (p.pass(k.body)) {
  }
  return p.out;
}

}  // namespace racecert::kexplore
