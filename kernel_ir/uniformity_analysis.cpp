#include "kernel_ir/uniformity_analysis.hpp"

#include <algorithm>
#include <functional>
#include <unordered_map>
#include <unordered_set>

#include "support/overloaded.hpp"

namespace racecert::kir {

using namespace racecert::expr;

namespace {

// The loads of shared memory that share a barrier interval with a write to
// their array (in either order, around loops too): forward, the state is
// what was written and what was read since the last block barrier that
// orders shared memory. A shared array has one copy per block, and every
// thread of a block is in the same interval (a barrier some threads skip
// is reported as divergence; the first such barrier depends only on values
// before it), so a load outside this set reads a cell no thread of the
// block changes while the block reads it.
class SharedWritesInPhase {
 public:
  explicit SharedWritesInPhase(const Kernel& k) {
    for (const auto& a : k.arrays)
      if (a.space == Space::Shared) shared_.insert(a.name);
    block(k.body, State{});
  }
  bool racing(const Load& l) const { return !exact_ || racing_.count(&l) > 0; }

 private:
  struct State {
    std::set<std::string> written;
    // The loads of each array in the phase not yet known to race: a write
    // marks them racing and drops them, so that a long phase (named
    // barriers never end one) costs no quadratic rescans.
    std::map<std::string, std::set<const Load*>> read;
    bool operator==(const State&) const = default;
  };
  std::unordered_set<std::string> shared_;
  std::unordered_set<const Load*> racing_;
  bool exact_ = true;  // false: a jump was met (the kernel should have none)

  static State join(const State& a, const State& b) {
    State r = a;
    r.written.insert(b.written.begin(), b.written.end());
    for (const auto& [array, loads] : b.read) r.read[array].insert(loads.begin(), loads.end());
    return r;
  }
  void write(State& s, const std::string& array) {
    if (!shared_.count(array)) return;
    s.written.insert(array);
    auto it = s.read.find(array);
    if (it == s.read.end()) return;
    racing_.insert(it->second.begin(), it->second.end());
    s.read.erase(it);
  }

  State block(const Block& b, State s) {
    for (const auto& st : b) s = stmt(st, std::move(s));
    return s;
  }
  State stmt(const Stmt& st, State s) {
    std::visit(Overloaded{
                   [&](const Load& l) {
                     if (!shared_.count(l.at.array)) return;
                     if (s.written.count(l.at.array)) racing_.insert(&l);
                     if (!racing_.count(&l)) s.read[l.at.array].insert(&l);
                   },
                   [&](const Store& w) { write(s, w.at.array); },
                   [&](const Atomic& a) { write(s, a.at.array); },
                   [&](const Barrier& b) {
                     if (is_block_barrier(b) && b.orders_shared) s = State{};
                   },
                   [&](const If& i) { s = join(block(i.then_body, s), block(i.else_body, s)); },
                   [&](const Loop& l) {
                     State head = block(l.init, s);
                     for (;;) {  // the sets only grow: this ends
                       State next = join(head, block(l.update, block(l.body, head)));
                       if (next == head) break;
                       head = std::move(next);
                     }
                     s = head;
                   },
                   [&](const Break&) { exact_ = false; }, [&](const Continue&) { exact_ = false; },
                   [&](const Return&) { exact_ = false; }, [](const Assign&) {}, [](const Fence&) {},
                   [](const Assert&) {}, [](const Assume&) {}, [](const Unsupported&) {},
               },
               st.node);
    return s;
  }
};

// The variables assigned by exactly one statement that every read of them
// follows in that statement's block (in a later statement or nested in one):
// whoever reads such a variable ran its assignment just before, whatever
// the control around both. One walk for the definitions, one for the reads,
// each read checked against its path from the kernel's body. Its table of
// definitions also answers which variables some statement assigns (one
// table of every local, not three: a 50,000-statement kernel has 100,000
// of them; issue 18).
class DefinedBeforeUse {
 public:
  explicit DefinedBeforeUse(const Block& body) {
    definitions(body);
    std::vector<std::pair<const Block*, std::size_t>> path;
    reads(body, path);
  }
  bool holds(const std::string& v) const {
    auto d = defs_.find(v);
    return d != defs_.end() && d->second.count == 1 && !d->second.undominated;
  }
  bool assigned(const std::string& v) const { return defs_.count(v) > 0; }

 private:
  struct Def {
    int count = 0;
    const Block* block = nullptr;
    std::size_t index = 0;
    bool undominated = false;  // a read does not follow the one assignment
  };
  std::unordered_map<std::string, Def> defs_;

  void definitions(const Block& b) {
    for (std::size_t i = 0; i < b.size(); ++i) {
      std::string v = own_assigned_variable(b[i]);
      if (!v.empty()) {
        Def& d = defs_[std::move(v)];
        ++d.count;
        d.block = &b;
        d.index = i;
      }
      for_each_nested_block(b[i], [&](const Block& inner) { definitions(inner); });
    }
  }
  void reads(const Block& b, std::vector<std::pair<const Block*, std::size_t>>& path) {
    for (std::size_t i = 0; i < b.size(); ++i) {
      path.emplace_back(&b, i);
      for_each_own_read(b[i], [&](const std::string& v) {
        auto d = defs_.find(v);
        if (d == defs_.end() || d->second.count != 1 || d->second.undominated) return;
        bool after = false;
        for (const auto& [block, index] : path)
          if (block == d->second.block && index > d->second.index) after = true;
        if (!after) d->second.undominated = true;
      });
      for_each_nested_block(b[i], [&](const Block& inner) { reads(inner, path); });
      path.pop_back();
    }
  }
};

class UniformityAnalysis {
 public:
  UniformityAnalysis(const Kernel& k, bool uniform_loads)
      : kernel_(k), uniform_loads_(uniform_loads), phases_(k), defined_before_use_(k.body) {
    for (const auto& p : k.parameters) levels_[p.name] = Uniformity::Grid;
    for (const char* d : {"x", "y", "z"}) {
      std::string s(d);
      levels_["threadIdx." + s] = Uniformity::Thread;
      levels_["blockIdx." + s] = Uniformity::Block;
      levels_["blockDim." + s] = Uniformity::Grid;
      levels_["gridDim." + s] = Uniformity::Grid;
    }
    levels_.reserve(levels_.size() + k.locals.size());
    for (const auto& v : k.locals) levels_.emplace(v.name, Uniformity::Grid);
    for (const auto& a : k.arrays) spaces_[a.name] = a.space;
    any_statement(k.body, [&](const Stmt& s) {
      if (s.is<Store>()) written_.insert(s.as<Store>().at.array);
      if (s.is<Atomic>()) written_.insert(s.as<Atomic>().at.array);
      return false;
    });
  }

  UniformityLevels run(const Block& body) {
    // A local nothing assigns holds an indeterminate value, which may
    // differ between threads (a struct's field never initialized): it is
    // not uniform. Uniform, two threads writing it would be a benign write.
    for (const auto& v : kernel_.locals)
      if (!defined_before_use_.assigned(v.name)) levels_[v.name] = Uniformity::Thread;
    do {
      changed_ = false;
      block(body, Uniformity::Grid);
    } while (changed_);
    return std::move(levels_);
  }

 private:
  const Kernel& kernel_;
  UniformityLevels levels_;
  std::unordered_map<std::string, Space> spaces_;
  std::unordered_set<std::string> written_;  // arrays some store or atomic writes
  bool uniform_loads_;
  SharedWritesInPhase phases_;
  // Their assignment's control does not make them differ: a thread that
  // skips it never reads them (DefinedBeforeUse).
  DefinedBeforeUse defined_before_use_;
  bool changed_ = false;

  // A raise calls for another pass only if a read of v may have come
  // before it in this one. Not for a variable defined before use: its one
  // assignment precedes every read of it in the walk (in a loop, in the
  // same iteration), so the pass saw it raised. Straight-line code then
  // takes one pass, not two (the second only confirmed the first; issue 18).
  void raise(const std::string& v, Uniformity l) {
    auto& cur = levels_[v];
    if (l > cur) {
      cur = l;
      if (!defined_before_use_.holds(v)) changed_ = true;
    }
  }

  Uniformity of(const Expr& e) const { return e ? level_of(e, levels_) : Uniformity::Thread; }

  // A load at an index the same in every thread of a block reads one cell:
  // the same value in all of them (`if (p[0] == 22)` is uniform control),
  // when no thread changes the cell while they read it: a global array the
  // kernel never writes (other blocks run in any order), a shared array no
  // thread of the block writes in the load's barrier interval. A shared
  // array has one copy per block, a global one per grid.
  Uniformity load(const Load& load) const {
    const Location& at = load.at;
    auto space = spaces_.find(at.array);
    if (!uniform_loads_ || space == spaces_.end() || space->second == Space::Local) return Uniformity::Thread;
    if (space->second == Space::Shared ? phases_.racing(load) : written_.count(at.array) > 0) return Uniformity::Thread;
    Uniformity level = space->second == Space::Shared ? Uniformity::Block : Uniformity::Grid;
    for (const auto& i : at.index) level = std::max(level, of(i));
    return level;
  }

  void block(const Block& b, Uniformity control) {
    auto result = [&](const std::string& var, Uniformity l) {
      if (!var.empty()) raise(var, l);
    };
    for (const auto& s : b) {
      auto under = [&](const std::string& var) {
        return defined_before_use_.holds(var) ? Uniformity::Grid : control;
      };
      std::visit(Overloaded{[&](const Assign& a) { raise(a.var, std::max(under(a.var), of(a.value))); },
                            [&](const Load& l) { result(l.var, std::max(under(l.var), load(l))); },
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

UniformityLevels uniformity(const Kernel& k, bool uniform_loads) {
  return UniformityAnalysis(k, uniform_loads).run(k.body);
}

}  // namespace racecert::kir
