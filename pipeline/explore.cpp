#include "pipeline/explore.hpp"

#include <chrono>

#include "kernel_explore/report.hpp"
#include "pipeline/reports.hpp"

namespace racecert::pipeline {

kexplore::Options explore_options(const kir::Kernel& k, const GpuVerifyHeader& h, const ExploreSettings& s) {
  kexplore::Options o;
  Launch l = launch_of(s.launch, h);
  if (l.block) o.inputs.block_dim = *l.block;
  if (l.grid) o.inputs.grid_dim = *l.grid;
  o.inputs.launch_given = l.block && l.grid;
  o.inputs.scalar_args = s.kernel_args;
  if (s.kernel_args.empty() && h.kernel_args && h.kernel_args->kernel == k.name) {
    const auto& values = h.kernel_args->values;
    for (std::size_t i = 0; i < values.size() && i < k.parameters.size(); ++i)
      o.inputs.scalar_args[k.parameters[i].name] = values[i];
  }
  o.inputs.memory = s.memory;
  o.loop_bound = s.loop_bound;
  o.stop_on_first = s.stop_on_first;
  o.deadline = s.deadline;
  o.benign_writes_race = s.benign_writes_race || h.no_benign_tolerance;
  o.strategy = s.strategy;
  o.delay_bound = s.delay_bound;
  o.cd_optimized = s.cd_optimized;
  return o;
}

KernelReport explore_report(const kir::Kernel& k, const std::string& file, const GpuVerifyHeader& h,
                            const ExploreSettings& s) {
  auto start = std::chrono::steady_clock::now();
  kexplore::Options o = explore_options(k, h, s);
  kexplore::KernelExploration e = kexplore::explore_kernel(k, o);
  KernelReport r = kexplore::to_report(e, k, file, o);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

void visit_kernels(const std::string& path, const frontend::Options& fo, const std::string& kernel,
                   const KernelVisitor& visit, std::vector<Error>& errors) {
  frontend::ParsedFile f;
  try {
    f = frontend::parse_kernels(path, fo);
  } catch (const Error& e) {
    errors.push_back(e);
    return;
  }
  if (f.header.malformed) {
    errors.push_back(*f.header.malformed);
    return;
  }
  bool any = false;
  for (const frontend::LoweredKernel& lk : f.kernels) {
    if (!kernel.empty() && lk.kernel.name != kernel) continue;
    any = true;
    if (!lk.errors.empty()) {
      if (lk.malformed) errors.push_back(input_error(lk.errors.front().loc, lk.errors.front().message));
      visit.failed(lk.kernel.name, compile_errors(lk, f));
      continue;
    }
    visit.lowered(lk.kernel, f.header);
  }
  if (errors.empty() && !any)
    errors.push_back(input_error(SourceLoc{path, 0, 0}, kernel.empty() ? "no kernel in the file" : "no kernel named '" + kernel + "'"));
}

ExploreSettings with_time_limit(const ExploreSettings& s, double seconds) {
  ExploreSettings one = s;
  if (seconds > 0) one.deadline = Deadline::after(std::chrono::milliseconds(static_cast<long long>(seconds * 1000)));
  return one;
}

ExploreFileResult explore_file(const std::string& path, const frontend::Options& fo, const std::string& kernel,
                               const ExploreSettings& s, double seconds_per_kernel) {
  ExploreFileResult out;
  KernelVisitor visit{[&](const kir::Kernel& k, const GpuVerifyHeader& h) {
                        out.kernels.push_back(explore_report(k, path, h, with_time_limit(s, seconds_per_kernel)));
                      },
                      [&](const std::string& name, std::vector<Diagnostic> why) {
                        out.kernels.push_back(unknown_report(path, name, std::move(why)));
                      }};
  visit_kernels(path, fo, kernel, visit, out.errors);
  return out;
}

}  // namespace racecert::pipeline
