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

ExploreFileResult explore_file(const std::string& path, const frontend::Options& fo, const std::string& kernel,
                               const ExploreSettings& s, double seconds_per_kernel) {
  ExploreFileResult out;
  frontend::ParsedFile f;
  try {
    f = frontend::parse_kernels(path, fo);
  } catch (const Error& e) {
    out.errors.push_back(e);
    return out;
  }
  if (f.header.malformed) {
    out.errors.push_back(*f.header.malformed);
    return out;
  }
  for (const frontend::LoweredKernel& lk : f.kernels) {
    if (!kernel.empty() && lk.kernel.name != kernel) continue;
    if (!lk.errors.empty()) {
      if (lk.malformed) out.errors.push_back(input_error(lk.errors.front().loc, lk.errors.front().message));
      out.kernels.push_back(unknown_report(path, lk.kernel.name, compile_errors(lk, f)));
      continue;
    }
    ExploreSettings one = s;
    if (seconds_per_kernel > 0)
      one.deadline = Deadline::after(std::chrono::milliseconds(static_cast<long long>(seconds_per_kernel * 1000)));
    out.kernels.push_back(explore_report(lk.kernel, path, f.header, one));
  }
  if (out.errors.empty() && out.kernels.empty())
    out.errors.push_back(input_error(SourceLoc{path, 0, 0}, kernel.empty() ? "no kernel in the file" : "no kernel named '" + kernel + "'"));
  return out;
}

}  // namespace racecert::pipeline
