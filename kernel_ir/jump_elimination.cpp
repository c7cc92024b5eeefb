#include "kernel_ir/jump_elimination.hpp"

#include "support/overloaded.hpp"

namespace racecert::kir {

using namespace racecert::expr;

namespace {

enum Jump : unsigned { kNone = 0, kBreak = 1, kContinue = 2, kReturn = 4 };

class JumpEliminator {
 public:
  explicit JumpEliminator(Kernel& k) : k_(k) {}

  Block run(const Block& body) {
    Block out = block(body, nullptr);
    if (!return_flag_.empty()) out.insert(out.begin(), assign(return_flag_, false));
    return out;
  }

 private:
  struct LoopFlags {
    std::string brk, cont;
  };
  // What one statement of a block turned into: `jumps` are the kinds of
  // jump it may make; `ends_block` when the rest of the block is dead (the
  // statement always jumps).
  struct Step {
    unsigned jumps = kNone;
    bool ends_block = false;
  };
  Kernel& k_;
  std::string return_flag_;
  int counter_ = 0;

  std::string flag(const std::string& base) {
    std::string name = base + "#" + std::to_string(++counter_);
    k_.locals.push_back(Variable{name, ScalarType::Bool, {}});
    return name;
  }
  // Variables hold integers: flags are 0 or 1.
  static Stmt assign(const std::string& v, bool value) { return Stmt{Assign{v, int_lit(value ? 1 : 0), {}}}; }
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

  // A break or continue: sets the loop's flag and ends the block.
  Step jump_out(bool brk, const SourceLoc& loc, LoopFlags* loop, Block& out) {
    if (!loop) {
      out.push_back(Stmt{Unsupported{"break or continue outside a loop", loc}});
      return {kNone, true};
    }
    out.push_back(assign(brk ? loop->brk : loop->cont, true));
    return {brk ? kBreak : kContinue, true};
  }

  // Transforms one statement into `out`.
  Step statement(const Stmt& s, LoopFlags* loop, Block& out) {
    auto keep = [&](const auto&) {
      out.push_back(s);
      return Step{};
    };
    return std::visit(
        Overloaded{[&](const Return&) {
                     if (return_flag_.empty()) return_flag_ = flag("returned");
                     out.push_back(assign(return_flag_, true));
                     return Step{kReturn, true};
                   },
                   [&](const Break& b) { return jump_out(true, b.loc, loop, out); },
                   [&](const Continue& c) { return jump_out(false, c.loc, loop, out); },
                   [&](const If& i) {
                     If copy = i;
                     unsigned jt = kNone, je = kNone;
                     copy.then_body = block(i.then_body, loop, &jt);
                     copy.else_body = block(i.else_body, loop, &je);
                     out.push_back(Stmt{std::move(copy)});
                     return Step{jt | je, false};
                   },
                   [&](const Loop& l) {
                     unsigned j = kNone;
                     out.push_back(loop_stmt(l, &j));
                     // Only a return leaves the enclosing block.
                     return Step{(!return_flag_.empty() && (j & kReturn)) ? kReturn : kNone, false};
                   },
                   // No jump inside:
                   [&](const Assign& a) { return keep(a); }, [&](const Load& l) { return keep(l); },
                   [&](const Store& st) { return keep(st); }, [&](const Atomic& a) { return keep(a); },
                   [&](const Fence& f) { return keep(f); }, [&](const Barrier& b) { return keep(b); },
                   [&](const Assert& a) { return keep(a); }, [&](const Assume& a) { return keep(a); },
                   [&](const Unsupported& u) { return keep(u); }},
        s.node);
  }

  // Transforms b; `jumps` receives the kinds of jump b may make.
  Block block(const Block& b, LoopFlags* loop, unsigned* jumps = nullptr) {
    return block(b.data(), b.data() + b.size(), loop, jumps);
  }
  // The statements [first, last): the rest of a block after a jump is
  // walked in place, not copied (a copy per jump was quadratic in a block
  // of many early returns), and the output is sized once (growing it was
  // 2 % of a 50,000-statement kernel; issue 18).
  Block block(const Stmt* first, const Stmt* last, LoopFlags* loop, unsigned* jumps = nullptr) {
    Block out;
    out.reserve(static_cast<std::size_t>(last - first));
    unsigned mine = kNone;
    for (const Stmt* s = first; s != last; ++s) {
      Step step = statement(*s, loop, out);
      mine |= step.jumps;
      if (step.ends_block) break;  // the rest of the block is dead
      if (step.jumps == kNone) continue;
      // The rest of the block runs only if nothing jumped.
      if (s + 1 != last) {
        unsigned jr = kNone;
        If guard;
        guard.cond = still_running(step.jumps, loop);
        guard.then_body = block(s + 1, last, loop, &jr);
        mine |= jr;
        out.push_back(Stmt{std::move(guard)});
      }
      break;
    }
    if (jumps) *jumps = mine;
    return out;
  }

  Stmt loop_stmt(const Loop& l, unsigned* jumps) {
    LoopFlags flags{flag("broke"), flag("continued")};
    unsigned jb = kNone;
    Block body = block(l.body, &flags, &jb);
    Loop out = l;
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
        If guard;
        guard.cond = keep_going;
        guard.then_body = block(l.update, nullptr);
        out.update = Block{Stmt{std::move(guard)}};
      }
    }
    *jumps = jb & kReturn;
    if (!breaks && !(jb & kContinue)) {
      // No jump at all: keep the loop as it was (no flags).
      out.body.erase(out.body.begin());
      return Stmt{std::move(out)};
    }
    Stmt init = assign(flags.brk, false);
    If wrapper;  // a block holding the flag's initialization and the loop
    wrapper.cond = bool_lit(true);
    wrapper.then_body = {init, Stmt{std::move(out)}};
    return Stmt{std::move(wrapper)};
  }
};

}  // namespace

Kernel eliminate_jumps(const Kernel& k) {
  Kernel out = without_body(k);
  JumpEliminator j(out);
  out.body = j.run(k.body);
  return out;
}

}  // namespace racecert::kir
