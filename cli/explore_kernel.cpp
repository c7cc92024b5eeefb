#include "cli/explore_kernel.hpp"

#include <iostream>
#include <unistd.h>

#include "cli/report_render.hpp"
#include "kernel_explore/inputs.hpp"
#include "pipeline/explore.hpp"
#include "support/diagnostic.hpp"
#include "support/exit_codes.hpp"
#include "support/launch_dims_error.hpp"

namespace racecert::cli {

void read_explore_inputs(const cxxopts::ParseResult& args, pipeline::ExploreSettings& s) {
  if (args.count("kernel-args")) {
    try {
      s.kernel_args = kexplore::parse_kernel_args(args["kernel-args"].as<std::string>(), "--kernel-args");
    } catch (const Error& e) {
      throw usage_error(e.render());
    }
  }
  if (args.count("memory")) {
    const std::string file = args["memory"].as<std::string>();
    s.memory = kexplore::parse_memory(read_file(file), file);
  }
  s.loop_bound = args.count("loop-bound") ? args["loop-bound"].as<int>() : 32;
  if (s.loop_bound < 0 || s.loop_bound > 100000) throw usage_error("--loop-bound must be in 0..100000");
}

void read_kernel_launch(const cxxopts::ParseResult& args, pipeline::ExploreSettings& s, frontend::Options& fo) {
  for (auto [flag, dim] : {std::pair{"block-dim", &s.launch.block}, std::pair{"grid-dim", &s.launch.grid}}) {
    if (!args.count(flag)) continue;
    std::string value = args[flag].as<std::string>();
    *dim = parse_dim3(value);
    if (!*dim) throw usage_error("--" + std::string(flag) + ": " + launch_dims_error(value));
  }
  fo.block = s.launch.block;
  fo.grid = s.launch.grid;
  if (args.count("define")) fo.defines = args["define"].as<std::vector<std::string>>();
  read_explore_inputs(args, s);
}

int explore_kernel_file(const std::string& path, const cxxopts::ParseResult& args) {
  pipeline::ExploreSettings s;
  frontend::Options fo;
  read_kernel_launch(args, s, fo);
  s.stop_on_first = args.count("stop-on-first") > 0;
  s.benign_writes_race = args.count("benign-races") > 0;
  const std::string strategy = args["strategy"].as<std::string>();
  if (strategy != "dpor" && strategy != "cd") throw usage_error("--strategy must be dpor or cd");
  s.strategy = strategy == "cd" ? kexplore::Strategy::DelayBounding : kexplore::Strategy::Dpor;
  s.delay_bound = args["delay-bound"].as<int>();
  if (s.delay_bound < 0 || s.delay_bound > 64) throw usage_error("--delay-bound must be in 0..64");
  s.cd_optimized = args.count("cd-optimized") > 0;
  const double limit = args["time-limit"].as<double>();
  if (!(limit >= 0) || limit > 1e7) throw usage_error("--time-limit must be a number of seconds");
  const std::string kernel = args.count("kernel") ? args["kernel"].as<std::string>() : "";

  pipeline::ExploreFileResult r = pipeline::explore_file(path, fo, kernel, s, limit);
  CheckOutput out{std::move(r.kernels), std::move(r.errors), {}, 1, {}};
  const std::string format = args["format"].as<std::string>();
  render(out, format, text_style("auto", false));
  return exit_code(out, args.count("accept-bounded") > 0);
}

}  // namespace racecert::cli
