#include "kernel_explore/liveness.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "kernel_explore/report.hpp"
#include "liveness/liveness.hpp"
#include "support/diagnostic.hpp"

namespace racecert::kexplore {

const char* to_string(Termination t) {
  switch (t) {
    case Termination::Terminates: return "terminates";
    case Termination::Hangs: return "hangs";
    case Termination::Unknown: return "unknown";
  }
  return "?";
}

std::vector<progress::ModelSpec> kernel_models(unsigned max_resident_blocks) {
  using progress::Model;
  std::vector<progress::ModelSpec> out;
  for (Model m : {Model::Unfair, Model::Fair, Model::Obe, Model::Hsa, Model::HsaObe, Model::Lobe})
    out.push_back({m, progress::Fairness::Weak, progress::uses_occupancy(m) ? max_resident_blocks : 0u});
  return out;
}

namespace {

Termination termination(liveness::Verdict v) {
  switch (v) {
    case liveness::Verdict::Terminates: return Termination::Terminates;
    case liveness::Verdict::MayHang: return Termination::Hangs;
    case liveness::Verdict::Unknown: return Termination::Unknown;
  }
  return Termination::Unknown;
}

// The lasso's loop in source terms: a livelock's repeated events, then
// each spinning thread's failed iteration (which re-reads the values memory
// ends with).
std::vector<ReportedStep> cycle_steps(const LoweredKernel& l, const liveness::Lasso& lasso) {
  std::vector<ReportedStep> out = describe_schedule(l, lasso.cycle);
  std::set<int> in_cycle;
  for (const explorer::ScheduledEvent& e : lasso.cycle) in_cycle.insert(e.thread);
  for (const liveness::LoopingThread& t : lasso.looping) {
    if (in_cycle.count(t.thread)) continue;
    const auto& code = l.program.threads[static_cast<std::size_t>(t.thread)].code;
    if (t.at_barrier) {
      const explorer::Instr& in = code[static_cast<std::size_t>(t.pc)];
      out.push_back({l.thread_name(t.thread), in.where, in.text + ": waits at a barrier that cannot complete"});
      continue;
    }
    for (int pc : t.loop_pcs) {
      const explorer::Instr& in = code[static_cast<std::size_t>(pc)];
      if (in.where.line <= 0) continue;  // control structure (if, end if) without a source position
      out.push_back({l.thread_name(t.thread), in.where, in.text});
    }
  }
  return out;
}

ModelVerdict verdict(const LoweredKernel& l, const liveness::LivenessResult& r, const progress::ModelSpec& spec) {
  ModelVerdict v;
  v.spec = spec;
  v.termination = termination(r.verdict);
  v.reason = r.reason;
  // The engine's units are the kernel's blocks.
  for (std::size_t at; (at = v.reason.find(" units ")) != std::string::npos;) v.reason.replace(at, 7, " blocks ");
  if (!r.lasso) return v;
  if (!r.lasso->looping.empty()) {
    const liveness::LoopingThread& t = r.lasso->looping.front();
    v.where = l.program.threads[static_cast<std::size_t>(t.thread)].code[static_cast<std::size_t>(t.pc)].where;
  }
  v.prefix = describe_schedule(l, r.lasso->prefix);
  v.cycle = cycle_steps(l, *r.lasso);
  return v;
}

liveness::LivenessOptions engine_options(const LoweredKernel& l, const Options& o, const progress::ModelSpec& spec) {
  liveness::LivenessOptions lo;
  lo.model = spec;
  lo.unit_of_thread = l.unit_of_thread();  // blocks are the units
  lo.max_resident_units = spec.occupancy;
  lo.loop_bound = o.loop_bound;
  lo.deadline = o.deadline;
  return lo;
}

}  // namespace

KernelLiveness check_kernel_liveness(const kir::Kernel& kernel, const Options& options,
                                     const std::vector<progress::ModelSpec>& specs) {
  KernelLiveness out;
  LoweredKernel l;
  try {
    l = lower(kernel, options.inputs);
  } catch (const Error& err) {
    if (err.code() != kExitInconclusive) throw;
    out.reason = err.what();
    out.where = err.loc();
    return out;
  }
  out.status = Status::Bounded;
  out.notes = l.notes;
  const std::size_t blocks = l.unit_of_thread().empty() ? 0 : static_cast<std::size_t>(l.unit_of_thread().back()) + 1;
  if (blocks > 32) {
    out.status = Status::Unknown;
    out.where = kernel.loc;
    out.reason = "a launch of " + std::to_string(blocks) +
                 " blocks: the progress models are checked for at most 32 blocks (give a smaller --grid-dim)";
    return out;
  }
  // Several models: one exploration serves every row (check_liveness_all),
  // one per occupancy. The engine bounds the resident blocks of every run
  // it explores, so a bounded call answers only the OBE and LOBE rows (the
  // models the occupancy belongs to) and the other rows come from an
  // unbounded call.
  std::map<unsigned, std::vector<liveness::LivenessResult>> by_occupancy;
  if (specs.size() > 1)
    for (const auto& s : specs)
      if (!by_occupancy.count(s.occupancy))
        by_occupancy[s.occupancy] = liveness::check_liveness_all(
            l.program, engine_options(l, options, {progress::Model::Obe, progress::Fairness::Weak, s.occupancy}));
  for (const progress::ModelSpec& spec : specs) {
    const liveness::LivenessResult* row = nullptr;
    if (auto it = by_occupancy.find(spec.occupancy); it != by_occupancy.end())
      for (const liveness::LivenessResult& r : it->second)
        if (r.model == spec && (spec.occupancy == 0 || progress::uses_occupancy(spec.model))) row = &r;
    out.verdicts.push_back(row ? verdict(l, *row, spec)
                               : verdict(l, liveness::check_liveness(l.program, engine_options(l, options, spec)), spec));
  }
  out.notes.push_back("loops with side effects run at most " + std::to_string(options.loop_bound) +
                        " iterations (--loop-bound)");
  return out;
}

}  // namespace racecert::kexplore
