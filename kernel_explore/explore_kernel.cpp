#include "kernel_explore/explore_kernel.hpp"

#include "explorer/delay_bounding.hpp"
#include "explorer/dpor.hpp"
#include "support/diagnostic.hpp"

namespace racecert::kexplore {

const char* to_string(Status s) {
  switch (s) {
    case Status::Racy: return "racy";
    case Status::Assertion: return "assertion";
    case Status::Deadlock: return "deadlock";
    case Status::Divergence: return "divergence";
    case Status::Bounded: return "bounded";
    case Status::Unknown: return "unknown";
  }
  return "?";
}

namespace {

// An index past an array whose size racecert only assumed says nothing
// about the kernel: the run is inconclusive rather than a failure.
const explorer::Failure* assumed_size_overflow(const KernelExploration& e) {
  for (const explorer::Failure& f : e.result.failures) {
    if (f.kind != explorer::FailureKind::OutOfBounds) continue;
    const auto& in = e.lowered->program.threads[static_cast<std::size_t>(f.thread)].code[static_cast<std::size_t>(f.pc)];
    const ArrayInfo* a = e.lowered->array_of_location(in.location);
    if (a && a->size_assumed) return &f;
  }
  return nullptr;
}

}  // namespace

KernelExploration explore_kernel(const kir::Kernel& kernel, const Options& options) {
  KernelExploration e;
  try {
    e.lowered = lower(kernel, options.inputs);
  } catch (const Error& err) {
    if (err.code() != kExitInconclusive) throw;
    e.status = Status::Unknown;
    e.reason = err.what();
    e.where = err.loc();
    return e;
  }
  if (options.strategy == Strategy::DelayBounding) {
    explorer::DelayBoundOptions o;
    o.delay_bound = options.delay_bound;
    o.optimized_conflicts = options.cd_optimized;
    o.loop_bound = options.loop_bound;
    o.stop_on_first = options.stop_on_first;
    o.deadline = options.deadline;
    o.same_value_writes_race = options.benign_writes_race;
    e.result = explorer::explore_delay_bounded(e.lowered->program, o);
  } else {
    explorer::ExploreOptions o;
    o.loop_bound = options.loop_bound;
    o.stop_on_first = options.stop_on_first;
    o.deadline = options.deadline;
    o.same_value_writes_race = options.benign_writes_race;
    e.result = explorer::explore(e.lowered->program, o);
  }
  if (const explorer::Failure* f = assumed_size_overflow(e)) {
    const auto& in = e.lowered->program.threads[static_cast<std::size_t>(f->thread)].code[static_cast<std::size_t>(f->pc)];
    e.status = Status::Unknown;
    e.where = in.where;
    e.reason = "an index past the assumed size of " + e.lowered->array_of_location(in.location)->name +
               " (give its contents with --memory)";
    return e;
  }
  if (!e.result.races.empty()) e.findings.push_back(Status::Racy);
  if (!e.result.failures.empty()) e.findings.push_back(Status::Assertion);
  if (e.result.deadlocked > 0) e.findings.push_back(Status::Deadlock);
  if (e.result.divergent > 0) e.findings.push_back(Status::Divergence);
  e.status = e.findings.empty() ? Status::Bounded : e.findings.front();
  if (e.findings.empty() && e.result.timed_out) {
    e.status = Status::Unknown;
    e.where = kernel.loc;
    e.reason = "the exploration reached its time limit after " + std::to_string(e.result.executions) +
               " executions without a finding";
  }
  return e;
}

}  // namespace racecert::kexplore
