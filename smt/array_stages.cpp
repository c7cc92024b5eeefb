#include "smt/array_stages.hpp"

#include <algorithm>

#include "smt/implication.hpp"
#include "transform/align.hpp"

namespace racecert::smt {

using namespace protocol;
using namespace transform;

ArrayStages::ArrayStages(const WellFormed& w, const ArrayDecl& array, const CheckOptions& o)
    : projected_(w), array_(array), preconditions_(w.kernel.preconditions), options_(o) {
  projected_.kernel = project(w.kernel, array.name);
}

const AlignedProtocol& ArrayStages::aligned() {
  if (!aligned_) {
    AlignOptions ao;
    const QueryOptions& q = options_.query;
    ao.implies = z3_implication(std::min(q.timeout_ms, 2000u), q.deadline, q.rlimit);
    ao.facts = builtin_constraints();
    ao.facts.insert(ao.facts.end(), preconditions_.begin(), preconditions_.end());
    ao.facts.insert(ao.facts.end(), options_.assumptions.begin(), options_.assumptions.end());
    aligned_ = align(projected_, ao);
  }
  return *aligned_;
}

const std::vector<Closure>& ArrayStages::closures() {
  if (!closures_) closures_ = split(aligned());
  return *closures_;
}

const std::vector<SymbolicTrace>& ArrayStages::traces() {
  if (!traces_) {
    TraceOptions to;
    to.extra_assumptions = options_.assumptions;
    to.warp_size = options_.warp_size;
    std::vector<SymbolicTrace> out;
    for (const auto& c : closures()) out.push_back(sequentialize(projected_, c, array_.name, to));
    if (array_.space == MemorySpace::Global && !options_.intra_block_only)
      out.push_back(cross_block_trace(projected_, array_.name, to));
    traces_ = std::move(out);
  }
  return *traces_;
}

}  // namespace racecert::smt
