#include "pipeline/progress.hpp"

namespace racecert::pipeline {

kexplore::KernelLiveness kernel_liveness(const kir::Kernel& k, const GpuVerifyHeader& h, const ExploreSettings& s,
                                         const std::vector<progress::ModelSpec>& specs) {
  return kexplore::check_kernel_liveness(k, explore_options(k, h, s), specs);
}

ProgressFileResult progress_file(const std::string& path, const frontend::Options& fo, const std::string& kernel,
                                 const ExploreSettings& s, const std::vector<progress::ModelSpec>& specs,
                                 double seconds_per_kernel) {
  ProgressFileResult out;
  KernelVisitor visit{[&](const kir::Kernel& k, const GpuVerifyHeader& h) {
                        out.kernels.push_back(
                            {path, k.name, k.loc, kernel_liveness(k, h, with_time_limit(s, seconds_per_kernel), specs)});
                      },
                      [&](const std::string& name, std::vector<Diagnostic> why) {
                        kexplore::KernelLiveness l;
                        l.reason = why.empty() ? "the kernel does not compile" : why.front().message;
                        l.where = why.empty() ? SourceLoc{path, 0, 0} : why.front().loc;
                        out.kernels.push_back({path, name, l.where, std::move(l)});
                      }};
  visit_kernels(path, fo, kernel, visit, out.errors);
  return out;
}

std::optional<ReportedFailure> obe_deadlock(const kir::Kernel& k, const GpuVerifyHeader& h, const ExploreSettings& s,
                                            std::vector<std::string>& notes) {
  using progress::Model;
  const unsigned resident = s.max_resident_blocks;
  const progress::ModelSpec obe{Model::Obe, progress::Fairness::Weak, resident};
  kexplore::KernelLiveness l = kernel_liveness(k, h, s, {obe});
  if (l.status == kexplore::Status::Unknown || l.verdicts.empty()) return std::nullopt;  // the explorer said why
  const kexplore::ModelVerdict& v = l.verdicts.front();
  if (v.termination == kexplore::Termination::Unknown) {
    notes.push_back("whether the kernel may hang under the OBE progress model is unknown: " + v.reason);
    return std::nullopt;
  }
  if (v.termination == kexplore::Termination::Terminates) return std::nullopt;
  // Which other models would let it terminate, and every block resident.
  std::vector<progress::ModelSpec> others;
  for (Model m : {Model::Fair, Model::Lobe, Model::Hsa, Model::HsaObe})
    others.push_back({m, progress::Fairness::Weak, progress::uses_occupancy(m) ? resident : 0u});
  if (resident) others.push_back({Model::Obe, progress::Fairness::Weak, 0});
  kexplore::KernelLiveness o = kernel_liveness(k, h, s, others);
  std::string terminating, unbounded;
  for (const kexplore::ModelVerdict& ov : o.verdicts) {
    if (ov.termination != kexplore::Termination::Terminates) continue;
    if (ov.spec.model == Model::Obe) unbounded = "; with every block resident (no --max-resident-blocks) it terminates";
    else terminating += std::string(terminating.empty() ? "" : ", ") + progress::model_name(ov.spec.model);
  }
  ReportedFailure f;
  f.kind = "deadlock";
  f.loc = v.where;
  f.progress_model = progress::model_name(Model::Obe);
  f.message = "may hang under the OBE progress model (occupancy-bound execution, which NVIDIA and AMD GPUs are "
              "observed to provide: a block that has started is scheduled fairly, one that has not may never start" +
              std::string(resident ? ", at most " + std::to_string(resident) + " blocks resident" : "") + "): " +
              v.reason + (terminating.empty() ? "" : "; it terminates under " + terminating) + unbounded;
  f.schedule = v.prefix;
  f.cycle = v.cycle;
  return f;
}

}  // namespace racecert::pipeline
