// Forward jumps in structured form (frontend/lowering.hpp, "Exit"): the
// `return` of an inlined function, a `goto` to a label later in the same or
// an enclosing block, and a switch whose cases fall through or break from
// inside. Each becomes a one-shot loop that the jump breaks out of; a jump
// from a loop nested inside sets a flag that every loop in between tests
// after it ends. kernel_ir/jump_elimination.cpp then turns the breaks into
// guards. A backward goto, or one into a block, stays unsupported.
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
  exits_.push_back(Exit{loop_depth_, "", 0});
  std::size_t index = exits_.size() - 1;
  kir::Loop once;
  once.test_first = false;
  once.cond = bool_lit(false);
  once.loc = at;
  // No scope of its own: declarations before a label stay visible after it.
  sinks_.push_back(&once.body);
  body(index);
  sinks_.pop_back();
  std::string flag = exits_[index].flag;
  exits_.pop_back();
  --loop_depth_;
  if (!flag.empty()) once.body.insert(once.body.begin(), kir::Stmt{kir::Assign{flag, flag_value(false), at}});
  emit(kir::Stmt{std::move(once)});
  exit_checks(marks, at);
  return flag;
}

void Lowerer::jump_to(std::size_t exit, clang::SourceLocation where) {
  SourceLoc at = loc(where);
  if (loop_depth_ > exits_[exit].loop_depth) {
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
  struct Target {
    std::size_t index;
    std::vector<const LabelDecl*> labels;
  };
  std::vector<Target> targets;
  std::set<const LabelDecl*> earlier;
  for (std::size_t i = 0; i < list.size(); ++i) {
    Target t{i, {}};
    for (const LabelDecl* l : labels_of(list[i]))
      if (earlier.count(l)) t.labels.push_back(l);
    if (!t.labels.empty()) targets.push_back(t);
    gotos_in(list[i], earlier);
  }
  auto lower_range = [&](std::size_t from, std::size_t to) {
    for (std::size_t i = from; i < to; ++i) stmt(list[i]);
  };
  if (targets.empty()) return lower_range(0, list.size());
  // exit k holds exit k-1: region(k) lowers list[0, targets[k].index).
  std::function<void(std::size_t)> region = [&](std::size_t k) {
    with_exit(
        [&](std::size_t exit) {
          for (const LabelDecl* l : targets[k].labels) label_exits_[l] = exit;
          if (k > 0) {
            region(k - 1);
            lower_range(targets[k - 1].index, targets[k].index);
          } else {
            lower_range(0, targets[0].index);
          }
          for (const LabelDecl* l : targets[k].labels) label_exits_.erase(l);
        },
        loc(list[targets[k].index]->getBeginLoc()));
  };
  region(targets.size() - 1);
  lower_range(targets.back().index, list.size());
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
  if (in_exit) return unsupported("continue inside a switch with fall-through or a goto's region", s->getBeginLoc());
  emit(kir::Stmt{kir::Continue{loc(s->getBeginLoc())}});
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
      },
      at);
}

bool breaks_out(const Stmt* s) { return leaves(s, false); }

}  // namespace racecert::frontend::detail
