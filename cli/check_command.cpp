// racecert check FILE...: proves data-race freedom or reports races.
#include <cxxopts.hpp>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>
#include <unistd.h>

#include "cli/check_inputs.hpp"
#include "cli/commands.hpp"
#include "cli/report_render.hpp"
#include "smt/checker.hpp"
#include "support/deadline.hpp"
#include "support/exit_codes.hpp"

namespace racecert::cli {

namespace {

struct Options {
  std::vector<std::string> files;
  std::string format = "text";
  std::string show;
  InputOptions input;
  smt::CheckOptions check;
  double time_limit_s = 0;  // whole run; 0: none
};

bool front_end_stage(const std::string& s) { return s == "kernel" || s == "protocol"; }

Options parse_options(int argc, char** argv) {
  cxxopts::Options spec("racecert check", "Prove data-race freedom of GPU kernels or report races.");
  spec.positional_help("FILE...");
  spec.add_options()
      ("format", "output format: text, json or sarif", cxxopts::value<std::string>()->default_value("text"))
      ("show", "print a stage instead of checking: kernel, protocol, wellformed, aligned, split, traces or smt",
       cxxopts::value<std::string>())
      ("D,define", "define a macro for CUDA/OpenCL files (NAME or NAME=VALUE)", cxxopts::value<std::vector<std::string>>())
      ("I,include", "add an include directory for CUDA/OpenCL files", cxxopts::value<std::vector<std::string>>())
      ("cuda-path", "use this CUDA installation's headers instead of racecert's", cxxopts::value<std::string>())
      ("j,jobs", "parallel solver queries (default and most: one per core)", cxxopts::value<int>()->default_value("0"))
      ("timeout-ms", "time limit of each solver query", cxxopts::value<unsigned>()->default_value("10000"))
      ("rlimit", "Z3 resource limit of each solver check: unlike time, the same on every machine (0: none)",
       cxxopts::value<unsigned>()->default_value("0"))
      ("kernel-timeout-ms", "wall-clock limit of each kernel's analysis, after which it is unknown (0: none)",
       cxxopts::value<unsigned>()->default_value("60000"))
      ("time-limit", "wall-clock limit of the whole run in seconds: past it racecert exits 4 (0: none)",
       cxxopts::value<double>()->default_value("0"))
      ("block-dim", "fix blockDim: N or [X,Y,Z] (default: any)", cxxopts::value<std::string>())
      ("grid-dim", "fix gridDim: N or [X,Y,Z] (default: any)", cxxopts::value<std::string>())
      ("kernel", "check only the kernel with this name", cxxopts::value<std::string>())
      ("benign-races", "count two writes of the same value as a race")
      ("h,help", "print this help");
  // The FILEs are what the parser leaves unmatched rather than a positional
  // vector option, which cxxopts would split at commas ("a,b.cu"); unknown
  // options are rejected, so only FILEs are left, and after `--` a FILE may
  // start with '-'.
  cxxopts::ParseResult r;
  try {
    r = spec.parse(argc, argv);
  } catch (const cxxopts::exceptions::exception& e) {
    throw usage_error(e.what());
  }
  if (r.count("help")) {
    std::cout << spec.help() << "\nExit codes: 0 every kernel DRF, 1 race or divergence, 2 malformed input,\n"
                                "3 usage error, 4 inconclusive.\n";
    std::exit(kExitOk);
  }
  Options o;
  o.files = r.unmatched();
  if (o.files.empty()) throw usage_error("no input files");
  o.format = r["format"].as<std::string>();
  if (o.format != "text" && o.format != "json" && o.format != "sarif")
    throw usage_error("unknown format '" + o.format + "' (expected text, json or sarif)");
  if (r.count("show")) {
    o.show = r["show"].as<std::string>();
    smt::Stage st;
    if (!front_end_stage(o.show) && !smt::parse_stage(o.show, st))
      throw usage_error("unknown stage '" + o.show +
                        "' (expected kernel, protocol, wellformed, aligned, split, traces or smt)");
  }
  if (r.count("kernel")) o.input.kernel = r["kernel"].as<std::string>();
  if (r.count("define")) o.input.defines = r["define"].as<std::vector<std::string>>();
  if (r.count("include")) o.input.include_dirs = r["include"].as<std::vector<std::string>>();
  if (r.count("cuda-path")) o.input.cuda_path = r["cuda-path"].as<std::string>();
  o.input.show = o.show;
  o.input.block_dim_given = r.count("block-dim") > 0;
  o.input.grid_dim_given = r.count("grid-dim") > 0;
  o.check.jobs = r["jobs"].as<int>();
  if (o.check.jobs < 0) throw usage_error("--jobs must be positive");
  o.check.query.timeout_ms = r["timeout-ms"].as<unsigned>();
  if (o.check.query.timeout_ms == 0) throw usage_error("--timeout-ms must be positive");
  o.check.kernel_timeout_ms = r["kernel-timeout-ms"].as<unsigned>();
  o.check.query.rlimit = r["rlimit"].as<unsigned>();
  o.time_limit_s = r["time-limit"].as<double>();
  if (!(o.time_limit_s >= 0) || o.time_limit_s > 1e7) throw usage_error("--time-limit must be a number of seconds");
  o.check.query.benign_writes_race = r.count("benign-races") > 0;
  for (const char* dim : {"block-dim", "grid-dim"}) {
    if (!r.count(dim)) continue;
    bool block = std::string(dim) == "block-dim";
    auto more = smt::dimension_assumptions(block ? "blockDim" : "gridDim", r[dim].as<std::string>());
    o.check.assumptions.insert(o.check.assumptions.end(), more.begin(), more.end());
    // dimension_assumptions validated the text: the values are x == X, y == Y, z == Z.
    auto& values = block ? o.input.block_dim : o.input.grid_dim;
    for (const auto& e : more) values.push_back(*expr::as_int(e->b));
  }
  return o;
}

// A kernel may get two verdicts, the protocol analysis's and the
// named-barrier check's (on different arrays): one report, the worse status.
void add_or_merge(std::vector<KernelReport>& reports, const KernelReport& r) {
  for (auto& k : reports) {
    if (k.file != r.file || k.name != r.name) continue;
    k.status = worse(k.status, r.status);
    k.races.insert(k.races.end(), r.races.begin(), r.races.end());
    k.diagnostics.insert(k.diagnostics.end(), r.diagnostics.begin(), r.diagnostics.end());
    k.seconds += r.seconds;
    return;
  }
  reports.push_back(r);
}

int exit_code(const CheckOutput& out) {
  if (!out.errors.empty()) return kExitBadInput;
  int code = kExitOk;
  for (const auto& k : out.kernels) {
    if (k.status == KernelStatus::Racy || k.status == KernelStatus::Divergent || k.status == KernelStatus::Deadlock)
      return kExitViolation;
    if (k.status == KernelStatus::Unknown) code = kExitInconclusive;
  }
  return code;
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
  Inputs in;
  for (const auto& f : o.files) load_input(f, o.input, in);
  CheckOutput out;
  out.errors = in.errors;
  if (out.errors.empty() && in.protocols.empty() && in.decided.empty() && !o.input.kernel.empty())
    out.errors.push_back(input_error(SourceLoc{}, "no kernel named '" + o.input.kernel + "'"));

  if (!o.show.empty()) {
    std::cout << in.shown;
    smt::Stage st;
    if (smt::parse_stage(o.show, st))
      for (const auto& k : in.protocols) std::cout << smt::show_stage(k, st, o.check);
    for (const auto& e : out.errors) std::cerr << e.render() << "\n";
    return out.errors.empty() ? kExitOk : kExitBadInput;
  }

  out.kernels = smt::check(in.protocols, o.check);
  for (auto& k : out.kernels)
    for (const auto& [key, note] : in.notes)
      if (key.first == k.file && key.second == k.name) k.diagnostics.push_back(note);
  for (const auto& d : in.decided) add_or_merge(out.kernels, d);
  if (o.format == "json") {
    render_json(out, std::cout);
  } else if (o.format == "sarif") {
    render_sarif(out, std::cout);
  } else {
    for (const auto& e : out.errors) std::cerr << e.render() << "\n";
    CheckOutput rest = out;
    rest.errors.clear();
    render_text(rest, std::cout, isatty(STDOUT_FILENO) != 0);
  }
  return exit_code(out);
}

}  // namespace racecert::cli
