#pragma once
// The protocol analysis of one array, stage by stage: aligning (with Z3
// implication checks), splitting into closures, sequentialization into
// symbolic traces. Each stage runs when first asked for, so that printing an
// early stage (`check --show aligned`) does none of the later work; smt::check
// asks for the traces.
//
// Grid and warp barriers order other pairs of threads than block barriers:
// each kind of pair has its own view of the barriers (transform/
// sync_views.hpp). aligned() and closures() are those of the plain
// same-block view; traces() has the traces of every view.
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "protocol/protocol.hpp"
#include "smt/checker.hpp"
#include "smt/query.hpp"
#include "transform/aligned.hpp"
#include "transform/split.hpp"
#include "transform/sync_views.hpp"
#include "transform/trace.hpp"
#include "transform/wellformed.hpp"

namespace racecert::smt {

class ArrayStages {
 public:
  // `w` is the well-formed kernel (no divergence); `array` one of its arrays.
  ArrayStages(const transform::WellFormed& w, const protocol::ArrayDecl& array, const CheckOptions& o);
  // With the warp-barrier uniformity check of w (z3_group_uniform), shared
  // by the arrays of one kernel so that each question is asked once; the
  // aligning's implication checks go through `contexts` when given (one Z3
  // context for every array of a kernel: smt::check).
  ArrayStages(const transform::WellFormed& w, const protocol::ArrayDecl& array, const CheckOptions& o,
              const transform::GroupUniform& uniform, std::shared_ptr<QueryContext> contexts = nullptr);

  // Each throws racecert::Error when its stage (or an earlier one) fails.
  const transform::AlignedProtocol& aligned();
  const std::vector<transform::Closure>& closures();
  const std::vector<transform::SymbolicTrace>& traces();
  // Each trace, handed to `each` as soon as it is made, in the order of
  // traces(); the stages keep none. smt::check decides what the fast path
  // proves and drops those traces before the next one is made, so that a
  // kernel's accesses are not all held at once (issue 18). It consumes the
  // stages: called once, and no stage may be asked for after it (that
  // throws std::logic_error), except traces() when it made them.
  //
  // `screen`, when given, first gets each trace made without its written
  // values (transform::WrittenValues), which is enough for the fast paths
  // and much cheaper in a long phase. It returns whether it dealt with the
  // trace; when it did not, the trace is made again with its values and
  // handed to `each`.
  using TraceSink = std::function<void(transform::SymbolicTrace&&)>;
  using TraceScreen = std::function<bool(transform::SymbolicTrace&&)>;
  void for_each_trace(const TraceSink& each, const TraceScreen& screen = {});

 private:
  transform::AlignedProtocol align_view(const transform::WellFormed& w) const;
  void add_view_traces(const transform::SyncView& v, const TraceSink& each, const TraceScreen& screen) const;

  std::vector<transform::SyncView> views_;  // the plain same-block view first
  protocol::ArrayDecl array_;
  std::vector<protocol::Expr> preconditions_;  // of the whole kernel
  CheckOptions options_;
  std::shared_ptr<QueryContext> contexts_;  // null: each aligning has its own
  std::optional<transform::AlignedProtocol> aligned_;
  std::optional<std::vector<transform::Closure>> closures_;
  std::optional<std::vector<transform::SymbolicTrace>> traces_;
  bool consumed_ = false;  // for_each_trace ran: the views' code is released
};

}  // namespace racecert::smt
