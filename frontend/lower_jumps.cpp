// Forward jumps in structured form (frontend/lowering.hpp, "Exit"): the
// `return` of an inlined function, a `goto` to a label later in the same or
// an enclosing block, and a switch whose cases fall through or break from
// inside. Each becomes a one-shot loop that the jump breaks out of; a jump
// from a loop nested inside sets a flag that every loop in between tests
// after it ends. kernel_ir/jump_elimination.cpp then turns the breaks into
// guards. A backward goto to a label of the same or an enclosing block is a
// loop around the code from the label to it (backward_loop); a goto into a
// block stays unsupported.
#include <clang/AST/ExprCXX.h>
#include <clang/AST/StmtCXX.h>

#include "frontend/lowering.hpp"

namespace racecert::frontend::detail {

using namespace clang;
using namespace racecert::expr;

namespace {

// Variables hold integers: a flag is 0 or 1 (as in kernel_ir/jump_elimination.cpp).
Expr flag_value(bool v) { return int_lit(v ? 1 : 0); }
Expr flag_set(const std::string& v) { return expr::binary(BinOp::Ne, var(v), int_lit(0)); }

// The labels a statement carries: `a: b: stmt`.
std::vector<const LabelDecl*> labels_of(const Stmt* s) {
  std::vector<const LabelDecl*> out;
  while (const auto* l = dyn_cast_or_null<LabelStmt>(s)) {
    out.push_back(l->getDecl());
    s = l->getSubStmt();
  }
  return out;
}

// Every goto target inside s.
void gotos_in(const Stmt* s, std::set<const LabelDecl*>& out) {
  if (!s || isa<LambdaExpr>(s)) return;
  if (const auto* g = dyn_cast<GotoStmt>(s)) out.insert(g->getLabel());
  for (const Stmt* c : s->children()) gotos_in(c, out);
}

// Whether s holds a `break` (or `continue`) that leaves s itself: one not
// inside a loop (or, for break, a switch) nested in s.
bool leaves(const Stmt* s, bool want_continue) {
  if (!s || isa<LambdaExpr>(s)) return false;
  if (isa<BreakStmt>(s)) return !want_continue;
  if (isa<ContinueStmt>(s)) return want_continue;
  if (isa<ForStmt>(s) || isa<WhileStmt>(s) || isa<DoStmt>(s) || isa<CXXForRangeStmt>(s)) return false;
  if (isa<SwitchStmt>(s) && !want_continue) return false;
  for (const Stmt* c : s->children())
    if (leaves(c, want_continue)) return true;
  return false;
}

// A case label nested below the switch's own block (Duff's device).
bool nested_case(const Stmt* s) {
  if (!s || isa<SwitchStmt>(s) || isa<LambdaExpr>(s)) return false;
  if (isa<SwitchCase>(s)) return true;
  for (const Stmt* c : s->children())
    if (nested_case(c)) return true;
  return false;
}

}  // namespace

std::string Lowerer::with_exit(const std::function<void(std::size_t)>& body, SourceLoc at) {
  std::vector<int> marks = exit_marks();
  ++loop_depth_;
  exits_.push_back(Exit{loop_depth_, "", 0, false, "", false});
  std::size_t index = exits_.size() - 1;
  kir::Loop once;
  once.test_first = false;
  once.cond = bool_lit(false);
  once.loc = at;
  // No scope of its own: declarations before a label stay visible after it.
  sinks_.push_back(&once.body);
  body(index);
  sinks_.pop_back();
  std::string flag = exits_[index].flag, cont = exits_[index].continue_flag;
  exits_.pop_back();
  --loop_depth_;
  if (!flag.empty()) once.body.insert(once.body.begin(), kir::Stmt{kir::Assign{flag, flag_value(false), at}});
  if (!cont.empty()) once.body.insert(once.body.begin(), kir::Stmt{kir::Assign{cont, flag_value(false), at}});
  emit(kir::Stmt{std::move(once)});
  exit_checks(marks, at);
  return flag;
}

void Lowerer::jump_to(std::size_t exit, clang::SourceLocation where) {
  SourceLoc at = loc(where);
  if (loop_depth_ > exits_[exit].loop_depth || exits_[exit].always_flag) {
    if (exits_[exit].flag.empty()) exits_[exit].flag = new_variable("jumped", kir::ScalarType::Bool, at);
    ++exits_[exit].flagged;
    emit(kir::Stmt{kir::Assign{exits_[exit].flag, flag_value(true), at}});
  }
  emit(kir::Stmt{kir::Break{at}});
}

std::vector<int> Lowerer::exit_marks() const {
  std::vector<int> marks;
  for (const Exit& e : exits_) marks.push_back(e.flagged);
  return marks;
}

void Lowerer::exit_checks(const std::vector<int>& marks, SourceLoc at) {
  for (std::size_t i = std::min(marks.size(), exits_.size()); i-- > 0;) {
    if (exits_[i].flagged == marks[i]) continue;
    kir::If check;
    check.cond = flag_set(exits_[i].flag);
    check.then_body.push_back(kir::Stmt{kir::Break{at}});
    check.loc = at;
    emit(kir::Stmt{std::move(check)});
  }
}

void Lowerer::statements(const std::vector<const Stmt*>& list) {
  // Labels that a goto in an earlier statement of the list reaches: each
  // ends an exit whose one-shot loop holds the list up to it.
  // The exit starts at the first statement with such a goto (or earlier, so
  // that the exits of the list nest), so that the statements before it
  // (a switch's `break`) stay outside its one-shot loop.
  struct Target {
    std::size_t index;  // the labeled statement
    std::vector<const LabelDecl*> labels;
    std::size_t start;  // the first statement of its exit
  };
  std::vector<Target> targets;
  std::map<const LabelDecl*, std::size_t> earlier;  // label -> first statement with a goto to it
  // The gotos of a statement matter only to labels after it. Most lists
  // have no label: walking each statement's subtree for gotos, at every
  // level of nesting, was 1.3 % of the instructions of a flat
  // 8,000-statement kernel's check (issue 18).
  std::size_t labeled_end = 0;  // one past the list's last labeled statement
  for (std::size_t i = 0; i < list.size(); ++i)
    if (isa_and_nonnull<LabelStmt>(list[i])) labeled_end = i + 1;
  for (std::size_t i = 0; i < list.size(); ++i) {
    Target t{i, {}, i};
    for (const LabelDecl* l : labels_of(list[i]))
      if (earlier.count(l)) {
        t.labels.push_back(l);
        t.start = std::min(t.start, earlier[l]);
      }
    if (!t.labels.empty()) {
      if (!targets.empty()) t.start = std::min(t.start, targets.back().start);
      targets.push_back(t);
    }
    if (i + 1 >= labeled_end) continue;
    std::set<const LabelDecl*> here;
    gotos_in(list[i], here);
    for (const LabelDecl* l : here) earlier.emplace(l, i);
  }
  // A label that a goto in its own statement or a later one of the range
  // reaches backward starts a loop up to the last such statement.
  auto lower_range = [&](std::size_t from, std::size_t to) {
    for (std::size_t i = from; i < to; ++i) {
      std::vector<const LabelDecl*> labels = labels_of(list[i]);
      std::size_t last = i;
      bool backward = false;
      for (std::size_t j = i; j < to && !labels.empty(); ++j) {
        std::set<const LabelDecl*> in_j;
        gotos_in(list[j], in_j);
        for (const LabelDecl* l : labels)
          if (in_j.count(l)) backward = true, last = j;
      }
      if (!backward) {
        stmt(list[i]);
        continue;
      }
      backward_loop(std::vector<const Stmt*>(list.begin() + static_cast<std::ptrdiff_t>(i),
                                             list.begin() + static_cast<std::ptrdiff_t>(last) + 1),
                    labels);
      i = last;
    }
  };
  if (targets.empty()) return lower_range(0, list.size());
  // exit k holds exit k-1: region(k) lowers list[targets[k].start, targets[k].index).
  std::function<void(std::size_t)> region = [&](std::size_t k) {
    with_exit(
        [&](std::size_t exit) {
          for (const LabelDecl* l : targets[k].labels) label_exits_[l] = exit;
          if (k > 0) {
            lower_range(targets[k].start, targets[k - 1].start);
            region(k - 1);
            lower_range(targets[k - 1].index, targets[k].index);
          } else {
            lower_range(targets[0].start, targets[0].index);
          }
          for (const LabelDecl* l : targets[k].labels) label_exits_.erase(l);
        },
        loc(list[targets[k].index]->getBeginLoc()));
  };
  lower_range(0, targets.back().start);
  region(targets.size() - 1);
  lower_range(targets.back().index, list.size());
}

// `L: S1 ... Sk` with gotos to L inside: `loop { do { S1 ... Sk } while
// (false); if (!again) break; }`, where a goto to L sets `again` and leaves
// the one-shot loop (through the flag from nested loops, as any exit).
void Lowerer::backward_loop(const std::vector<const Stmt*>& region, const std::vector<const LabelDecl*>& labels) {
  SourceLoc at = loc(region.front()->getBeginLoc());
  std::vector<int> marks = exit_marks();
  kir::Loop l;
  l.cond = bool_lit(true);
  l.loc = at;
  ++loop_depth_;
  std::string again;
  sinks_.push_back(&l.body);
  with_exit(
      [&](std::size_t exit) {
        exits_[exit].always_flag = true;
        for (const LabelDecl* label : labels) label_exits_[label] = exit;
        for (const Stmt* st : region) stmt(st);
        for (const LabelDecl* label : labels) label_exits_.erase(label);
        again = exits_[exit].flag;
      },
      at);
  kir::If done;
  done.cond = again.empty() ? bool_lit(true) : expr::binary(BinOp::Eq, var(again), int_lit(0));
  done.then_body.push_back(kir::Stmt{kir::Break{at}});
  done.loc = at;
  emit(kir::Stmt{std::move(done)});
  sinks_.pop_back();
  --loop_depth_;
  emit(kir::Stmt{std::move(l)});
  exit_checks(marks, at);
}

void Lowerer::goto_stmt(const GotoStmt* s) {
  auto it = label_exits_.find(s->getLabel());
  if (it == label_exits_.end())
    return unsupported("goto '" + s->getLabel()->getNameAsString() +
                           "' that is not a forward jump to a label of an enclosing block",
                       s->getBeginLoc());
  jump_to(it->second, s->getBeginLoc());
}

void Lowerer::break_stmt(const Stmt* s) {
  // Directly inside an exit's one-shot loop, a break or continue would leave
  // that loop instead of the user's: only a switch's break means that.
  bool in_exit = !exits_.empty() && exits_.back().loop_depth == loop_depth_;
  if (isa<BreakStmt>(s)) {
    if (in_exit && !exits_.back().is_switch) return unsupported("break out of a goto's region", s->getBeginLoc());
    return emit(kir::Stmt{kir::Break{loc(s->getBeginLoc())}});
  }
  continue_here(s->getBeginLoc());
}

// A `continue` directly inside a switch's one-shot loop sets the switch's
// continue flag and leaves it; after the switch, `if (continued) continue;`
// goes on from there (switch_with_exits).
void Lowerer::continue_here(SourceLocation where) {
  SourceLoc at = loc(where);
  bool in_exit = !exits_.empty() && exits_.back().loop_depth == loop_depth_;
  if (!in_exit) return emit(kir::Stmt{kir::Continue{at}});
  if (!exits_.back().is_switch) return unsupported("continue inside a goto's region", where);
  if (exits_.back().continue_flag.empty())
    exits_.back().continue_flag = new_variable("continued", kir::ScalarType::Bool, at);
  emit(kir::Stmt{kir::Assign{exits_.back().continue_flag, flag_value(true), at}});
  emit(kir::Stmt{kir::Break{at}});
}

void Lowerer::switch_with_exits(const SwitchStmt* s, Expr value) {
  const auto* body = cast<CompoundStmt>(s->getBody());
  struct Segment {
    std::vector<Expr> labels;
    bool is_default = false;
    std::vector<const Stmt*> stmts;
  };
  std::vector<Segment> segments;
  std::vector<Expr> all_labels;
  for (const Stmt* c : body->body()) {
    const Stmt* cur = c;
    bool labeled = false;
    while (isa<CaseStmt>(cur) || isa<DefaultStmt>(cur)) {
      if (!labeled) segments.emplace_back();
      labeled = true;
      if (const auto* cs = dyn_cast<CaseStmt>(cur)) {
        auto v = constant(cs->getLHS());
        if (!v || cs->getRHS()) return unsupported("switch with a non-constant case", cs->getBeginLoc());
        segments.back().labels.push_back(int_lit(*v));
        all_labels.push_back(int_lit(*v));
        cur = cs->getSubStmt();
      } else {
        segments.back().is_default = true;
        cur = cast<DefaultStmt>(cur)->getSubStmt();
      }
    }
    if (segments.empty()) continue;  // unreachable code before the first label
    if (nested_case(cur)) return unsupported("case label inside a nested statement", cur->getBeginLoc());
    segments.back().stmts.push_back(cur);
  }
  auto equals_any = [&](const std::vector<Expr>& labels) -> Expr {
    if (!value) return nullptr;
    std::vector<Expr> tests;
    for (const Expr& l : labels) tests.push_back(expr::binary(BinOp::Eq, value, l));
    return disj(tests);
  };
  SourceLoc at = loc(s->getBeginLoc());
  std::string continued;
  with_exit(
      [&](std::size_t exit) {
        exits_[exit].is_switch = true;
        // Set at the end of each case: the next one runs too (fall-through).
        std::string through = new_variable("fallthrough", kir::ScalarType::Bool, at);
        emit(kir::Stmt{kir::Assign{through, flag_value(false), at}});
        for (const Segment& seg : segments) {
          Expr entered = equals_any(seg.labels);
          if (seg.is_default) {
            Expr other = value ? expr::unary(UnOp::Not, equals_any(all_labels)) : nullptr;
            entered = entered && other ? expr::binary(BinOp::Or, entered, other) : other;
          }
          kir::If i;
          i.cond = entered ? expr::binary(BinOp::Or, flag_set(through), entered) : nullptr;
          i.loc = at;
          sinks_.push_back(&i.then_body);  // one scope for the whole switch, as in C
          for (const Stmt* st : seg.stmts) stmt(st);
          emit(kir::Stmt{kir::Assign{through, flag_value(true), at}});
          sinks_.pop_back();
          emit(kir::Stmt{std::move(i)});
        }
        continued = exits_[exit].continue_flag;
      },
      at);
  if (continued.empty()) return;
  kir::If again;
  again.cond = flag_set(continued);
  again.loc = at;
  sinks_.push_back(&again.then_body);
  continue_here(s->getBeginLoc());
  sinks_.pop_back();
  emit(kir::Stmt{std::move(again)});
}

bool breaks_out(const Stmt* s) { return leaves(s, false); }

}  // namespace racecert::frontend::detail
