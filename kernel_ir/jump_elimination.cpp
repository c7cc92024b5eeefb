#include "frontend/normalize.hpp"

#include <algorithm>

#include "support/overloaded.hpp"

namespace racecert::frontend {

using namespace racecert::expr;

namespace {

// ------------------------------------------------------- jump elimination

enum Jump : unsigned { kNone = 0, kBreak = 1, kContinue = 2, kReturn = 4 };

class JumpEliminator {
 public:
  explicit JumpEliminator(kir::Kernel& k) : k_(k) {}

  kir::Block run(const kir::Block& body) {
    kir::Block out = block(body, nullptr);
    if (!return_flag_.empty()) out.insert(out.begin(), assign(return_flag_, false));
    return out;
  }

 private:
  struct LoopFlags {
    std::string brk, cont;
  };
  kir::Kernel& k_;
  std::string return_flag_;
  int counter_ = 0;

  std::string flag(const std::string& base) {
    std::string name = base + "#" + std::to_string(++counter_);
    k_.locals.push_back(kir::Variable{name, kir::ScalarType::Bool, {}});
    return name;
  }
  // Variables hold integers: flags are 0 or 1.
  static kir::Stmt assign(const std::string& v, bool value) { return kir::Stmt{kir::Assign{v, int_lit(value ? 1 : 0), {}}}; }
  static Expr set(const std::string& v) { return binary(BinOp::Ne, var(v), int_lit(0)); }

  // The condition under which execution continues normally after a jump
  // of the given kinds may have happened.
  Expr still_running(unsigned jumps, const LoopFlags* loop) const {
    std::vector<Expr> stopped;
    if ((jumps & kReturn) && !return_flag_.empty()) stopped.push_back(set(return_flag_));
    if ((jumps & kBreak) && loop) stopped.push_back(set(loop->brk));
    if ((jumps & kContinue) && loop) stopped.push_back(set(loop->cont));
    return neg(disj(stopped));
  }

  // Transforms b; `jumps` receives the kinds of jump b may make.
  kir::Block block(const kir::Block& b, LoopFlags* loop, unsigned* jumps = nullptr) {
    kir::Block out;
    unsigned mine = kNone;
    for (std::size_t i = 0; i < b.size(); ++i) {
      const kir::Stmt& s = b[i];
      unsigned j = kNone;
      if (s.is<kir::Return>()) {
        if (return_flag_.empty()) return_flag_ = flag("returned");
        out.push_back(assign(return_flag_, true));
        mine |= kReturn;
        break;  // the rest of the block is dead
      }
      if (s.is<kir::Break>() || s.is<kir::Continue>()) {
        if (!loop) {
          out.push_back(kir::Stmt{kir::Unsupported{"break or continue outside a loop", s.is<kir::Break>() ? s.as<kir::Break>().loc : s.as<kir::Continue>().loc}});
          break;
        }
        bool brk = s.is<kir::Break>();
        out.push_back(assign(brk ? loop->brk : loop->cont, true));
        mine |= brk ? kBreak : kContinue;
        break;
      }
      if (s.is<kir::If>()) {
        kir::If i2 = s.as<kir::If>();
        unsigned jt = kNone, je = kNone;
        i2.then_body = block(s.as<kir::If>().then_body, loop, &jt);
        i2.else_body = block(s.as<kir::If>().else_body, loop, &je);
        out.push_back(kir::Stmt{std::move(i2)});
        j = jt | je;
      } else if (s.is<kir::Loop>()) {
        out.push_back(loop_stmt(s.as<kir::Loop>(), &j));
        if (!return_flag_.empty() && (j & kReturn)) j = kReturn;
        else j = kNone;
      } else {
        out.push_back(s);
      }
      if (j != kNone) {
        mine |= j;
        // The rest of the block runs only if nothing jumped.
        kir::Block rest(b.begin() + static_cast<long>(i) + 1, b.end());
        if (!rest.empty()) {
          unsigned jr = kNone;
          kir::If guard;
          guard.cond = still_running(j, loop);
          guard.then_body = block(rest, loop, &jr);
          mine |= jr;
          out.push_back(kir::Stmt{std::move(guard)});
        }
        break;
      }
    }
    if (jumps) *jumps = mine;
    return out;
  }

  kir::Stmt loop_stmt(const kir::Loop& l, unsigned* jumps) {
    LoopFlags flags{flag("broke"), flag("continued")};
    unsigned jb = kNone;
    kir::Block body = block(l.body, &flags, &jb);
    kir::Loop out = l;
    // Each iteration starts without a pending continue.
    body.insert(body.begin(), assign(flags.cont, false));
    out.body = std::move(body);
    bool breaks = (jb & kBreak) || (jb & kReturn);
    if (breaks) {
      // A break (or a return) ends the loop: the condition also tests it,
      // and the update does not run after it.
      Expr keep_going = neg(disj(set(flags.brk), (jb & kReturn) ? set(return_flag_) : bool_lit(false)));
      out.cond = out.cond ? conj(keep_going, out.cond) : nullptr;
      if (!out.update.empty()) {
        kir::If guard;
        guard.cond = keep_going;
        guard.then_body = block(l.update, nullptr);
        out.update = kir::Block{kir::Stmt{std::move(guard)}};
      }
    }
    *jumps = jb & kReturn;
    if (!breaks && !(jb & kContinue)) {
      // No jump at all: keep the loop as it was (no flags).
      out.body.erase(out.body.begin());
      return kir::Stmt{std::move(out)};
    }
    kir::Stmt init = assign(flags.brk, false);
    kir::If wrapper;  // a block holding the flag's initialization and the loop
    wrapper.cond = bool_lit(true);
    wrapper.then_body = {init, kir::Stmt{std::move(out)}};
    return kir::Stmt{std::move(wrapper)};
  }
};

// ---------------------------------------------------------------- uniformity

class UniformityAnalysis {
 public:
  explicit UniformityAnalysis(const kir::Kernel& k) {
    for (const auto& p : k.parameters) levels_[p.name] = Uniformity::Grid;
    for (const char* d : {"x", "y", "z"}) {
      std::string s(d);
      levels_["threadIdx." + s] = Uniformity::Thread;
      levels_["blockIdx." + s] = Uniformity::Block;
      levels_["blockDim." + s] = Uniformity::Grid;
      levels_["gridDim." + s] = Uniformity::Grid;
    }
    for (const auto& v : k.locals) levels_.emplace(v.name, Uniformity::Grid);
  }

  std::map<std::string, Uniformity> run(const kir::Block& body) {
    do {
      changed_ = false;
      block(body, Uniformity::Grid);
    } while (changed_);
    return levels_;
  }

 private:
  std::map<std::string, Uniformity> levels_;
  bool changed_ = false;

  void raise(const std::string& v, Uniformity l) {
    auto& cur = levels_[v];
    if (l > cur) {
      cur = l;
      changed_ = true;
    }
  }

  Uniformity of(const Expr& e) const { return e ? uniformity_of(e, levels_) : Uniformity::Thread; }

  void block(const kir::Block& b, Uniformity control) {
    auto result = [&](const std::string& var, Uniformity l) {
      if (!var.empty()) raise(var, l);
    };
    for (const auto& s : b) {
      std::visit(Overloaded{[&](const kir::Assign& a) { raise(a.var, std::max(control, of(a.value))); },
                            [&](const kir::Load& l) { result(l.var, Uniformity::Thread); },
                            [&](const kir::Atomic& a) { result(a.var, Uniformity::Thread); },
                            // __syncthreads_count and co: the same in the block.
                            [&](const kir::Barrier& br) { result(br.var, std::max(control, Uniformity::Block)); },
                            [&](const kir::If& i) {
                              Uniformity c = std::max(control, of(i.cond));
                              block(i.then_body, c);
                              block(i.else_body, c);
                            },
                            [&](const kir::Loop& l) {
                              block(l.init, control);
                              Uniformity c = std::max(control, of(l.cond));
                              block(l.body, c);
                              block(l.update, c);
                            },
                            // Assign no variable:
                            [](const kir::Store&) {}, [](const kir::Fence&) {}, [](const kir::Break&) {},
                            [](const kir::Continue&) {}, [](const kir::Return&) {}, [](const kir::Assert&) {},
                            [](const kir::Assume&) {}, [](const kir::Unsupported&) {}},
                 s.node);
    }
  }
};

}  // namespace

kir::Kernel eliminate_jumps(const kir::Kernel& k) {
  kir::Kernel out = k;
  JumpEliminator j(out);
  out.body = j.run(k.body);
  return out;
}

Uniformity uniformity_of(const Expr& e, const std::map<std::string, Uniformity>& levels) {
  Uniformity out = Uniformity::Grid;
  for (const auto& v : free_vars(e)) {
    auto it = levels.find(v);
    out = std::max(out, it == levels.end() ? Uniformity::Thread : it->second);
  }
  return out;
}

std::map<std::string, Uniformity> uniformity(const kir::Kernel& k) { return UniformityAnalysis(k).run(k.body); }

}  // namespace racecert::frontend
