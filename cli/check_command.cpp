// racecert check FILE...: proves data-race freedom or reports races. Option
// parsing and rendering only: the pipeline itself is pipeline/driver.hpp.
#include "cli/command_line.hpp"
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>
#include <sys/ioctl.h>
#include <unistd.h>

#include "cli/commands.hpp"
#include "cli/explore_kernel.hpp"
#include "cli/parse_command_line.hpp"
#include "cli/report_render.hpp"
#include "pipeline/driver.hpp"
#include "support/launch_dims.hpp"
#include "support/launch_dims_error.hpp"
#include "support/deadline.hpp"
#include "support/exit_codes.hpp"
#include "support/progress_line.hpp"

namespace racecert::cli {

namespace {

constexpr const char* kExitCodesHelp =
    "\nExit codes:\n"
    "  0  every kernel is data-race free (or the files have no kernel)\n"
    "  1  a violation: a race, a barrier divergence, a deadlock or a failed assertion\n"
    "  2  malformed input (a file that cannot be read or parsed)\n"
    "  3  usage error (a bad option, or --kernel naming no kernel of the files)\n"
    "  4  inconclusive: some kernel unknown, timed out, or bounded (without --accept-bounded)\n"
    "When several apply, the first in the order 3, 2, 1, 4 wins; a file that fails to\n"
    "parse does not hide the races found in the others, which are still reported.\n";

struct Options {
  std::vector<std::string> files;
  std::string format = "text";
  TextStyle style;
  pipeline::Options pipeline;
  double time_limit_s = 0;  // whole run; 0: none
  bool accept_bounded = false;
};

Options parse_options(int argc, char** argv) {
  cxxopts::Options spec("racecert check", "Prove data-race freedom of GPU kernels or report races.");
  spec.custom_help("[OPTION...] FILE...");
  spec.add_options()
      ("format", "output format: text, json or sarif", cxxopts::value<std::string>()->default_value("text"), "FORMAT")
      ("color", "colour the text output: auto (on a terminal, unless NO_COLOR is set), always or never",
       cxxopts::value<std::string>()->default_value("auto"), "WHEN")
      ("v,verbose", "also print notes on how the analysis went (bit-vector arithmetic, which engine decided "
                    "which array)")
      ("show", "print a stage instead of checking: " + pipeline::stage_names(), cxxopts::value<std::string>(), "STAGE")
      ("D,define", "define a macro for CUDA/OpenCL files (NAME or NAME=VALUE)", cxxopts::value<std::vector<std::string>>(),
       "MACRO")
      ("I,include", "add an include directory for CUDA/OpenCL files", cxxopts::value<std::vector<std::string>>(), "DIR")
      ("cuda-path", "use this CUDA installation's headers instead of racecert's", cxxopts::value<std::string>(), "DIR")
      ("j,jobs", "parallel solver queries; 0: one per core, also the most", cxxopts::value<int>()->default_value("0"), "N")
      ("timeout-ms", "time limit of each solver query", cxxopts::value<unsigned>()->default_value("10000"), "MS")
      ("rlimit", "Z3 resource limit of each solver check: unlike time, the same on every machine; 0: none",
       cxxopts::value<unsigned>()->default_value("0"), "N")
      ("kernel-timeout-ms", "wall-clock limit of each kernel's analysis, after which it is unknown; 0: none",
       cxxopts::value<unsigned>()->default_value("60000"), "MS")
      ("time-limit", "wall-clock limit of the whole run in seconds: past it racecert exits 4; 0: none",
       cxxopts::value<double>()->default_value("0"), "SECONDS")
      ("block-dim", "fix blockDim: N, [X,Y] or [X,Y,Z] (default: the file's header, else a constant launch in "
                    "its host code, else any; named barriers: "
                    "else __launch_bounds__)",
       cxxopts::value<std::string>(), "DIM")
      ("grid-dim", "fix gridDim: N, [X,Y] or [X,Y,Z] (default: the file's header, else a constant launch in its "
                   "host code, else any)",
       cxxopts::value<std::string>(), "DIM")
      ("all-dims", "check every launch size: by default a kernel that reads no .y (.z) coordinate or size "
                   "is checked as launched with 1 there")
      ("kernel", "check only the kernel with this name", cxxopts::value<std::string>(), "NAME")
      ("benign-races", "count two writes of the same value as a race")
      ("warp-sync", "warps of N threads run in lock-step, as GPUVerify's --warp-sync=N; the named-barrier check "
                    "uses N = 32 only, as WEFT's warp-synchronous mode (default: they do not)",
       cxxopts::value<int>(), "N")
      ("accept-bounded", "exit 0, not 4, for a kernel the explorer found no problem in (status bounded: one "
                         "concrete launch explored, not a proof)")
      ("no-explore", "never fall back to the explorer for kernels with atomics or fences")
      ("kernel-args", "the explorer's scalar arguments (default: the header's, else the number of threads)",
       cxxopts::value<std::string>(), "NAME=INT,...")
      ("memory", "the explorer's initial array contents, a JSON file {\"A\": [1, 2]} (default: zero)",
       cxxopts::value<std::string>(), "FILE")
      ("loop-bound", "the explorer's iterations of a loop before the thread blocks (default: 32)",
       cxxopts::value<int>(), "N")
      ("max-resident-blocks", "the deadlock check under OBE: at most N blocks run at once (default: every block)",
       cxxopts::value<unsigned>(), "N")
      ("h,help", "print this help");
  // The FILEs are what the parser leaves unmatched rather than a positional
  // vector option, which cxxopts would split at commas ("a,b.cu"); unknown
  // options are rejected, so only FILEs are left, and after `--` a FILE may
  // start with '-'.
  cxxopts::ParseResult r = parse_command_line(spec, argc, argv);
  if (r.count("help")) {
    std::cout << help_text(spec) << kExitCodesHelp;
    std::exit(kExitOk);
  }
  Options o;
  o.files = r.unmatched();
  o.accept_bounded = r.count("accept-bounded") > 0;
  o.pipeline.explore_fallback = r.count("no-explore") == 0;
  read_explore_inputs(r, o.pipeline.explore);
  if (r.count("max-resident-blocks")) {
    o.pipeline.explore.max_resident_blocks = r["max-resident-blocks"].as<unsigned>();
    if (o.pipeline.explore.max_resident_blocks == 0) throw usage_error("--max-resident-blocks must be at least 1");
  }
  if (o.files.empty()) throw usage_error("no input files");
  o.format = r["format"].as<std::string>();
  o.style = text_style(r["color"].as<std::string>(), r.count("verbose") > 0);
  if (o.format != "text" && o.format != "json" && o.format != "sarif")
    throw usage_error("unknown format '" + o.format + "' (expected text, json or sarif)");
  pipeline::Options& p = o.pipeline;
  if (r.count("show")) {
    std::string stage = r["show"].as<std::string>();
    p.show = pipeline::parse_stage(stage);
    if (!p.show) throw usage_error("unknown stage '" + stage + "' (expected " + pipeline::stage_names() + ")");
  }
  p.all_dims = r.count("all-dims") > 0;
  if (r.count("kernel")) p.kernel = r["kernel"].as<std::string>();
  if (r.count("define")) p.defines = r["define"].as<std::vector<std::string>>();
  if (r.count("include")) p.include_dirs = r["include"].as<std::vector<std::string>>();
  if (r.count("cuda-path")) p.cuda_path = r["cuda-path"].as<std::string>();
  for (auto [flag, dim] : {std::pair{"block-dim", &p.launch.block}, std::pair{"grid-dim", &p.launch.grid}}) {
    if (!r.count(flag)) continue;
    std::string value = r[flag].as<std::string>();
    *dim = parse_dim3(value);
    if (!*dim)
      throw usage_error("--" + std::string(flag) + ": " + launch_dims_error(value));
  }
  smt::CheckOptions& check = p.check;
  check.jobs = r["jobs"].as<int>();
  if (check.jobs < 0) throw usage_error("--jobs must be positive");
  check.query.timeout_ms = r["timeout-ms"].as<unsigned>();
  if (check.query.timeout_ms == 0) throw usage_error("--timeout-ms must be positive");
  check.kernel_timeout_ms = r["kernel-timeout-ms"].as<unsigned>();
  check.query.rlimit = r["rlimit"].as<unsigned>();
  o.time_limit_s = r["time-limit"].as<double>();
  if (!(o.time_limit_s >= 0) || o.time_limit_s > 1e7) throw usage_error("--time-limit must be a number of seconds");
  check.query.benign_writes_race = r.count("benign-races") > 0;
  if (r.count("warp-sync")) {
    check.warp_size = r["warp-sync"].as<int>();
    if (check.warp_size < 1 || check.warp_size > 1024) throw usage_error("--warp-sync must be from 1 to 1024");
  }
  return o;
}

}  // namespace

int check_main(int argc, char** argv) {
  Options o;
  try {
    o = parse_options(argc, argv);
  } catch (const Error& e) {
    std::cerr << "racecert check: error: " << e.what() << "\n";
    return e.code();
  }
  // The backstop for stages no per-query or per-kernel limit reaches (a huge
  // file in the front end, say): the run ends, inconclusive, with a reason.
  std::optional<Watchdog::Guard> time_limit;
  if (o.time_limit_s > 0)
    time_limit.emplace(Deadline::after(std::chrono::milliseconds(static_cast<long long>(o.time_limit_s * 1000))),
                       [limit = o.time_limit_s] {
                         std::fprintf(stderr, "racecert check: error: time limit of %g s reached; no verdict\n", limit);
                         std::fflush(stderr);
                         std::_Exit(kExitInconclusive);
                       });
  // A status line on standard error while the run lasts, only on a terminal.
  auto started = std::chrono::steady_clock::now();
  winsize ws{};
  bool tty = isatty(STDERR_FILENO) != 0;
  std::size_t width = tty && ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 ? ws.ws_col : 0;
  ProgressLine line(std::cerr, tty, width, std::chrono::milliseconds(100));
  if (line.enabled()) o.pipeline.progress = [&line](const std::string& text) { line.show(text); };
  o.pipeline.leave_allocated = true;  // the process ends with this run
  pipeline::Result result = pipeline::run_check(o.files, o.pipeline);
  line.clear();
  if (o.pipeline.show) {
    std::cout << result.shown;
    for (const auto& e : result.errors) std::cerr << e.render() << "\n";
    return result.errors.empty() ? kExitOk : kExitBadInput;
  }
  CheckOutput out{std::move(result.kernels), std::move(result.errors), std::move(result.without_kernels),
                  o.files.size(), {}};
  out.time = {std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(),
              result.timing.front_end, result.timing.analysis, result.timing.explorer};
  render(out, o.format, o.style);
  return exit_code(out, o.accept_bounded);
}

}  // namespace racecert::cli
