#include "kernel_ir/uniformity_analysis.hpp"

#include <algorithm>

#include "support/overloaded.hpp"

namespace racecert::kir {

using namespace racecert::expr;

namespace {

class UniformityAnalysis {
 public:
  UniformityAnalysis(const Kernel& k, bool uniform_loads) : uniform_loads_(uniform_loads) {
    for (const auto& p : k.parameters) levels_[p.name] = Uniformity::Grid;
    for (const char* d : {"x", "y", "z"}) {
      std::string s(d);
      levels_["threadIdx." + s] = Uniformity::Thread;
      levels_["blockIdx." + s] = Uniformity::Block;
      levels_["blockDim." + s] = Uniformity::Grid;
      levels_["gridDim." + s] = Uniformity::Grid;
    }
    for (const auto& v : k.locals) levels_.emplace(v.name, Uniformity::Grid);
    for (const auto& v : k.locals) locals_.push_back(v.name);
    for (const auto& a : k.arrays) spaces_[a.name] = a.space;
    any_statement(k.body, [&](const Stmt& s) {
      if (s.is<Store>()) written_.insert(s.as<Store>().at.array);
      if (s.is<Atomic>()) written_.insert(s.as<Atomic>().at.array);
      return false;
    });
  }

  std::map<std::string, Uniformity> run(const Block& body) {
    // A local nothing assigns holds an indeterminate value, which may
    // differ between threads (a struct's field never initialized): it is
    // not uniform. Uniform, two threads writing it would be a benign write.
    std::set<std::string> assigned;
    assigned_variables(body, assigned);
    for (const auto& v : locals_)
      if (!assigned.count(v)) levels_[v] = Uniformity::Thread;
    do {
      changed_ = false;
      block(body, Uniformity::Grid);
    } while (changed_);
    return levels_;
  }

 private:
  std::map<std::string, Uniformity> levels_;
  std::vector<std::string> locals_;
  std::map<std::string, Space> spaces_;
  std::set<std::string> written_;  // arrays some store or atomic writes
  bool uniform_loads_;
  bool changed_ = false;

  void raise(const std::string& v, Uniformity l) {
    auto& cur = levels_[v];
    if (l > cur) {
      cur = l;
      changed_ = true;
    }
  }

  Uniformity of(const Expr& e) const { return e ? uniformity_of(e, levels_) : Uniformity::Thread; }

  // A load from an array the kernel never writes, at an index the same in
  // every thread of a block, reads one cell: the same value in all of them
  // (`if (p[0] == 22)` is uniform control). A shared array has one copy per
  // block, a global one per grid. An array some statement writes may change
  // between the threads' reads: its loads stay per-thread.
  Uniformity load(const Location& at) const {
    if (!uniform_loads_ || written_.count(at.array)) return Uniformity::Thread;
    auto space = spaces_.find(at.array);
    if (space == spaces_.end() || space->second == Space::Local) return Uniformity::Thread;
    Uniformity l = space->second == Space::Shared ? Uniformity::Block : Uniformity::Grid;
    for (const auto& i : at.index) l = std::max(l, of(i));
    return l == Uniformity::Thread ? Uniformity::Thread : l;
  }

  void block(const Block& b, Uniformity control) {
    auto result = [&](const std::string& var, Uniformity l) {
      if (!var.empty()) raise(var, l);
    };
    for (const auto& s : b) {
      std::visit(Overloaded{[&](const Assign& a) { raise(a.var, std::max(control, of(a.value))); },
                            [&](const Load& l) { result(l.var, std::max(control, load(l.at))); },
                            [&](const Atomic& a) { result(a.var, Uniformity::Thread); },
                            // __syncthreads_count and co: the same in the block.
                            [&](const Barrier& br) { result(br.var, std::max(control, Uniformity::Block)); },
                            [&](const If& i) {
                              Uniformity c = std::max(control, of(i.cond));
                              block(i.then_body, c);
                              block(i.else_body, c);
                            },
                            [&](const Loop& l) {
                              block(l.init, control);
                              Uniformity c = std::max(control, of(l.cond));
                              block(l.body, c);
                              block(l.update, c);
                            },
                            // Assign no variable:
                            [](const Store&) {}, [](const Fence&) {}, [](const Break&) {},
                            [](const Continue&) {}, [](const Return&) {}, [](const Assert&) {},
                            [](const Assume&) {}, [](const Unsupported&) {}},
                 s.node);
    }
  }
};

}  // namespace

Uniformity uniformity_of(const Expr& e, const std::map<std::string, Uniformity>& levels) {
  Uniformity out = Uniformity::Grid;
  for (const auto& v : free_vars(e)) {
    auto it = levels.find(v);
    out = std::max(out, it == levels.end() ? Uniformity::Thread : it->second);
  }
  return out;
}

std::map<std::string, Uniformity> uniformity(const Kernel& k, bool uniform_loads) {
  return UniformityAnalysis(k, uniform_loads).run(k.body);
}

}  // namespace racecert::kir
