#include "smt/array_stages.hpp"

#include <algorithm>
#include <stdexcept>

#include "smt/group_uniform.hpp"
#include "smt/implication.hpp"
#include "transform/align.hpp"

namespace racecert::smt {

using namespace protocol;
using namespace transform;

namespace {

// w with its kernel projected on one array, without a copy of w's whole
// kernel first (issue 18: that copy and its release were 4 % of the check
// of a 50k-statement kernel). Every other field of w, in the struct's order
// (a field left out is a -Wmissing-field-initializers warning).
WellFormed projected_on(const WellFormed& w, const std::string& array) {
  return WellFormed{project(w.kernel, array), w.levels, w.shared_vars, w.source_name, w.tickets, w.divergences,
                    w.thread_controlled_warp_syncs};
}

}  // namespace

ArrayStages::ArrayStages(const WellFormed& w, const ArrayDecl& array, const CheckOptions& o)
    : ArrayStages(w, array, o, z3_group_uniform(w, o)) {}

ArrayStages::ArrayStages(const WellFormed& w, const ArrayDecl& array, const CheckOptions& o,
                         const GroupUniform& uniform, std::shared_ptr<QueryContext> contexts)
    : array_(array), preconditions_(w.kernel.preconditions), options_(o), contexts_(std::move(contexts)) {
  views_ = sync_views(projected_on(w, array.name), array.space == MemorySpace::Global && !o.intra_block_only,
                      uniform);
}

AlignedProtocol ArrayStages::align_view(const WellFormed& w) const {
  AlignOptions ao;
  const QueryOptions& q = options_.query;
  ao.implies = z3_implication(std::min(q.timeout_ms, 2000u), q.deadline, q.rlimit, contexts_);
  ao.facts = builtin_constraints();
  ao.facts.insert(ao.facts.end(), preconditions_.begin(), preconditions_.end());
  ao.facts.insert(ao.facts.end(), options_.assumptions.begin(), options_.assumptions.end());
  return align(w, ao);
}

const AlignedProtocol& ArrayStages::aligned() {
  if (consumed_) throw std::logic_error("ArrayStages: asked for the aligned stage after the traces were made");
  if (!aligned_) aligned_ = align_view(views_.front().kernel);
  return *aligned_;
}

const std::vector<Closure>& ArrayStages::closures() {
  if (closures_) return *closures_;
  if (consumed_) throw std::logic_error("ArrayStages: asked for the closures after the traces were made");
  // Unless the aligned stage was asked for, it is split in place and not
  // kept: the closures hold the same code (issue 18).
  closures_ = aligned_ ? split(*aligned_) : split(align_view(views_.front().kernel));
  return *closures_;
}

void ArrayStages::add_view_traces(const SyncView& v, const TraceSink& each, const TraceScreen& screen) const {
  TraceOptions to;
  to.extra_assumptions = options_.assumptions;
  to.warp_size = options_.warp_size;
  to.same_group = v.same_group;
  to.other_group = v.other_group;
  TraceMaker make(v.kernel, array_.name, v.cross_block, std::move(to));
  // The screen's trace first; the whole trace only when it is needed.
  auto give = [&](const std::function<SymbolicTrace(WrittenValues)>& made) {
    if (screen && screen(made(WrittenValues::LeftOut))) return;
    each(made(WrittenValues::Kept));
  };
  if (v.cross_block && !v.grid_phases) {
    // No grid barrier: one trace of the whole kernel.
    give([&](WrittenValues values) { return make.of_whole_kernel(values); });
    return;
  }
  std::vector<Closure> own;
  const std::vector<Closure>* cs = &own;
  if (&v == &views_.front()) cs = &closures_.value();
  else own = split(align_view(v.kernel));
  for (const auto& c : *cs)
    give([&](WrittenValues values) {
      SymbolicTrace t = make.of(c, values);
      if (!v.pairs.empty()) t.phase += ", " + v.pairs;
      return t;
    });
}

const std::vector<SymbolicTrace>& ArrayStages::traces() {
  if (!traces_) {
    std::vector<SymbolicTrace> out;
    for_each_trace([&](SymbolicTrace&& t) { out.push_back(std::move(t)); });
    traces_ = std::move(out);
  }
  return *traces_;
}

void ArrayStages::for_each_trace(const TraceSink& each, const TraceScreen& screen) {
  if (consumed_) throw std::logic_error("ArrayStages: the traces were already made");
  closures();
  consumed_ = true;
  // Each view's code is released as soon as its traces are made, the
  // plain view's before (its closures hold the same code), so that a large
  // kernel's array is not held three times while its traces are built
  // (issue 18). The stages answer nothing after.
  views_.front().kernel.kernel.body = {};
  aligned_.reset();
  for (auto& v : views_) {
    add_view_traces(v, each, screen);
    v.kernel.kernel.body = {};
    if (&v == &views_.front()) closures_.reset();
  }
}

}  // namespace racecert::smt
