// racecert harness run|merge|synth: the research comparison harness
// (docs/harness.md). Option parsing and output here; the work is in harness/.
#include "cli/command_line.hpp"
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/parse_command_line.hpp"
#include "cli/subcommands.hpp"
#include "harness/dataset.hpp"
#include "harness/interrupt.hpp"
#include "harness/jobs.hpp"
#include "harness/progress_bar.hpp"
#include "harness/results.hpp"
#include "harness/runner.hpp"
#include "harness/summary.hpp"
#include "harness/synth.hpp"
#include "support/diagnostic.hpp"
#include "support/exit_codes.hpp"

namespace racecert::cli {

namespace {

namespace fs = std::filesystem;
using namespace racecert::harness;

constexpr const char* kHarnessUsage =
    "usage: racecert harness <run|merge|synth> [options]\n"
    "\n"
    "  run PATH... --out DIR [--tool racecert|racecert-inprocess|gpuverify|faial|CMD]...\n"
    "              [--jobs N] [--timeout S] [--repeat K] [--emit-jobs FILE]\n"
    "      run each tool on every kernel under PATH; write results.csv, summary.md and plots to DIR\n"
    "  merge CSV|DIR... --out DIR\n"
    "      combine results.csv files (of --emit-jobs parts, or of several runs) into one summary\n"
    "  synth --family access|barrier|conditional|unsync-loop|sync-loop|all --size N|A-B [--racy]\n"
    "        [--lang cuda|map] --out DIR\n"
    "      write synthetic kernels of growing size (to measure how check times scale)\n"
    "\n"
    "Run `racecert harness <command> --help` for details.\n";

// cxxopts splits vector values at commas, which tool commands and paths may
// contain: `--tool` values and the positional arguments are collected here.
// After `--` every argument is a PATH, even one that starts with '-'.
struct SplitArgs {
  std::vector<std::string> tools, positional;
  std::vector<std::string> rest_storage;
};

cxxopts::ParseResult parse(cxxopts::Options& spec, int argc, char** argv, SplitArgs& split, bool with_tools) {
  std::vector<std::string> kept = {argv[0]}, after_dashes;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--") {
      after_dashes.assign(argv + i + 1, argv + argc);
      break;
    }
    if (with_tools && a == "--tool") {
      if (i + 1 >= argc) throw usage_error("--tool needs a value");
      split.tools.push_back(argv[++i]);
    } else if (with_tools && a.rfind("--tool=", 0) == 0) {
      split.tools.push_back(a.substr(7));
    } else {
      kept.push_back(a);
    }
  }
  split.rest_storage = kept;
  std::vector<char*> ptrs;
  for (auto& s : split.rest_storage) ptrs.push_back(s.data());
  spec.allow_unrecognised_options();
  cxxopts::ParseResult r;
  r = parse_command_line(spec, static_cast<int>(ptrs.size()), ptrs.data());
  for (const auto& u : r.unmatched()) {
    if (u.size() > 1 && u[0] == '-') throw usage_error("unknown option '" + u + "'" + did_you_mean(spec, u));
    split.positional.push_back(u);
  }
  split.positional.insert(split.positional.end(), after_dashes.begin(), after_dashes.end());
  return r;
}

template <class T>
T get(const cxxopts::ParseResult& r, const char* name) {
  try {
    return r[name].as<T>();
  } catch (const cxxopts::exceptions::exception& e) {
    throw usage_error(std::string("--") + name + ": " + e.what());
  }
}

void print_tool_totals(const std::vector<ResultRow>& rows) {
  auto results = aggregate(rows);
  for (const auto& tool : tools_in_order(rows)) {
    int counts[kOutcomeCount] = {}, n = 0;
    for (const auto& k : results)
      if (k.tool == tool) ++counts[static_cast<int>(k.outcome)], ++n;
    std::cout << tool << ": " << n << " kernels";
    for (int o = 0; o < kOutcomeCount; ++o)
      if (counts[o]) std::cout << ", " << counts[o] << " " << display_name(static_cast<Outcome>(o));
    std::cout << "\n";
  }
}

int in_process_check(const std::vector<std::string>& args, std::string& out) {
  std::vector<std::string> storage = {"racecert check"};
  storage.insert(storage.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& s : storage) argv.push_back(s.data());
  argv.push_back(nullptr);
  std::ostringstream buffer;
  struct Restore {
    std::streambuf* old;
    ~Restore() { std::cout.rdbuf(old); }
  } restore{std::cout.rdbuf(buffer.rdbuf())};
  int code = check_main(static_cast<int>(storage.size()), argv.data());
  out = buffer.str();
  return code;
}

int harness_run_command(int argc, char** argv) {
  cxxopts::Options spec("racecert harness run", "Compare verifiers on kernels with GPUVerify-style headers.");
  spec.custom_help("PATH... --out DIR [options]");
  spec.add_options()
      ("out", "output directory (results.csv, summary.md, *.svg)", cxxopts::value<std::string>())
      ("tool", "racecert (default), racecert-inprocess, gpuverify, faial, or a command with {file}, {block}, "
               "{grid}, {defines}, {header}, {name}, {timeout}; NAME=CMD names it; repeatable",
       cxxopts::value<std::string>())
      ("j,jobs", "tool runs at the same time", cxxopts::value<int>()->default_value("1"))
      ("timeout", "seconds per run; the tool's process group is killed after it",
       cxxopts::value<double>()->default_value("60"))
      ("repeat", "runs per tool and kernel (times are medians)", cxxopts::value<int>()->default_value("1"))
      ("racecert", "the racecert executable the racecert adapter runs (default: this one)",
       cxxopts::value<std::string>())
      ("root", "dataset root: name the dataset and the kernels after it (used by --emit-jobs lines)",
       cxxopts::value<std::string>())
      ("ext", "file extensions to pick up, comma-separated (default .cu,.cl,.map,.bar)",
       cxxopts::value<std::string>())
      ("csv-only", "write results.csv only (the parts of a distributed run)")
      ("emit-jobs", "write one command per kernel to FILE instead of running (GNU Parallel, Slurm)",
       cxxopts::value<std::string>())
      ("no-progress", "no progress bar, even on a terminal")
      ("h,help", "print this help");
  SplitArgs split;
  auto r = parse(spec, argc, argv, split, true);
  if (r.count("help")) {
    std::cout << help_text(spec) << "\nA kernel whose header is malformed is a row (malformed input), not an error.\n"
                                "Exit codes: 0 the run completed (see summary.md for the outcomes), 2 a PATH is\n"
                                "missing or no kernel file was found, 3 usage error, 128+N interrupted by signal N.\n";
    return kExitOk;
  }
  if (split.positional.empty()) throw usage_error("no PATH given (directories or kernel files)");
  if (!r.count("out")) throw usage_error("--out DIR is required");
  std::string out = get<std::string>(r, "out");
  RunSettings s;
  s.jobs = get<int>(r, "jobs");
  s.timeout_s = get<double>(r, "timeout");
  s.repeat = get<int>(r, "repeat");
  if (s.jobs < 1 || s.jobs > 1024) throw usage_error("--jobs must be from 1 to 1024");
  if (!(s.timeout_s > 0) || s.timeout_s > 86400) throw usage_error("--timeout must be from 0 to 86400 seconds");
  if (s.repeat < 1 || s.repeat > 1000) throw usage_error("--repeat must be from 1 to 1000");
  s.progress = !r.count("no-progress") && is_terminal(stdout);
  if (split.tools.empty()) split.tools.push_back("racecert");

  std::vector<std::string> extensions = default_kernel_extensions();
  if (r.count("ext")) {
    extensions.clear();
    std::stringstream ss(get<std::string>(r, "ext"));
    for (std::string e; std::getline(ss, e, ',');) {
      if (e.size() < 2 || e[0] != '.') throw usage_error("--ext: extensions start with '.', e.g. .cu,.cl");
      extensions.push_back(e);
    }
  }

  ToolSettings ts;
  if (r.count("racecert")) ts.racecert_binary = get<std::string>(r, "racecert");
  ts.in_process = in_process_check;
  std::vector<std::unique_ptr<Tool>> tools;
  for (const auto& t : split.tools) {
    auto tool = make_tool(t, ts);
    for (const auto& other : tools)
      if (other->name() == tool->name()) throw usage_error("two tools named '" + tool->name() + "' (use NAME=CMD)");
    tools.push_back(std::move(tool));
  }

  Discovery d = discover_kernels(split.positional, r.count("root") ? get<std::string>(r, "root") : "", extensions);
  if (d.cases.empty()) throw input_error(SourceLoc{}, "no kernel files found");

  if (r.count("emit-jobs")) {
    JobSettings js;
    js.racecert = self_executable();
    if (r.count("racecert")) js.racecert_checker = fs::absolute(get<std::string>(r, "racecert")).string();
    for (const auto& t : tools) js.tool_specs.push_back(t->spec());
    js.out_dir = fs::absolute(out).lexically_normal().string();
    js.timeout_s = s.timeout_s;
    js.repeat = s.repeat;
    std::string file = get<std::string>(r, "emit-jobs");
    auto lines = job_lines(d.cases, js);
    write_job_file(file, lines);
    // The Slurm batch script beside it; its log directory must exist
    // before a task starts.
    std::string script = slurm_script_path(file);
    write_job_file(script, {slurm_script(fs::absolute(file).lexically_normal().string(), lines.size(), js, tools.size())});
    fs::create_directories(fs::path(js.out_dir) / "logs");
    std::cout << "wrote " << lines.size() << " jobs to " << file << " and a Slurm batch script to " << script << "\n"
              << "run them, e.g.:  parallel --sshlogin HOST1,HOST2 < " << file << "\n"
              << "             or:  sbatch " << script << "\n"
              << "then:            racecert harness merge " << js.out_dir << "/parts --out " << js.out_dir << "\n";
    return kExitOk;
  }

  // A malformed header is a row, and the run goes on; it is said here too.
  for (const auto& k : d.cases)
    if (!k.malformed.empty()) std::cerr << k.malformed << " (recorded as malformed input)\n";
  // Ctrl-C: the running tools get the signal, no new one starts, and
  // nothing is written (a partial results.csv would pass for a whole one).
  catch_termination_signals();
  auto rows = run_tools(d.cases, tools, s);
  if (int sig = termination_signal()) {
    std::cerr << "racecert harness run: interrupted by signal " << sig << "; nothing written\n";
    return exit_status_after(sig);
  }
  auto written = write_outputs(rows, out, r.count("csv-only") > 0);
  if (!r.count("csv-only")) print_tool_totals(rows);
  std::cout << "wrote";
  for (const auto& w : written) std::cout << " " << w;
  std::cout << "\n";
  return kExitOk;
}

int merge_command(int argc, char** argv) {
  cxxopts::Options spec("racecert harness merge", "Combine results.csv files into one summary.");
  spec.custom_help("CSV|DIR... --out DIR");
  spec.add_options()
      ("out", "output directory", cxxopts::value<std::string>())
      ("h,help", "print this help");
  SplitArgs split;
  auto r = parse(spec, argc, argv, split, false);
  if (r.count("help")) {
    std::cout << help_text(spec) << "\nDirectories are searched for results.csv files.\n";
    return kExitOk;
  }
  if (split.positional.empty()) throw usage_error("no CSV file or directory given");
  if (!r.count("out")) throw usage_error("--out DIR is required");
  std::string out = get<std::string>(r, "out");
  std::vector<std::string> files;
  for (const auto& p : split.positional) {
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      std::vector<std::string> found;
      for (auto it = fs::recursive_directory_iterator(p, ec); !ec && it != fs::recursive_directory_iterator();
           it.increment(ec))
        if (it->is_regular_file() && it->path().filename() == "results.csv") found.push_back(it->path().string());
      std::sort(found.begin(), found.end());
      files.insert(files.end(), found.begin(), found.end());
    } else if (fs::exists(p, ec)) {
      files.push_back(p);
    } else {
      throw input_error(SourceLoc{p, 0, 0}, "no such file or directory");
    }
  }
  if (files.empty()) throw input_error(SourceLoc{}, "no results.csv found");
  std::vector<ResultRow> rows;
  for (const auto& f : files) {
    auto more = read_csv(read_file(f), f);
    rows.insert(rows.end(), more.begin(), more.end());
  }
  auto written = write_outputs(rows, out, false);
  print_tool_totals(rows);
  std::cout << "merged " << files.size() << " file(s), " << rows.size() << " rows; wrote";
  for (const auto& w : written) std::cout << " " << w;
  std::cout << "\n";
  return kExitOk;
}

int synth_command(int argc, char** argv) {
  cxxopts::Options spec("racecert harness synth", "Write synthetic kernels of growing size, racy or data-race free, to measure how check times scale.");
  spec.add_options()
      ("family", "access, barrier, conditional, unsync-loop, sync-loop, or all", cxxopts::value<std::string>())
      ("size", "repetitions of the pattern: N or a range A-B (1 to 1000)", cxxopts::value<std::string>())
      ("racy", "write the racy variant (header //xfail:NOT_ALL_VERIFIED) instead of the DRF one")
      ("both", "write both variants")
      ("lang", "cuda (.cu, default) or map (racecert protocols, checkable today)",
       cxxopts::value<std::string>()->default_value("cuda"))
      ("out", "output directory", cxxopts::value<std::string>())
      ("h,help", "print this help");
  SplitArgs split;
  auto r = parse(spec, argc, argv, split, false);
  if (r.count("help")) {
    std::cout << help_text(spec);
    return kExitOk;
  }
  if (!split.positional.empty()) throw usage_error("unexpected argument '" + split.positional[0] + "'");
  if (!r.count("family")) throw usage_error("--family is required");
  if (!r.count("size")) throw usage_error("--size is required");
  if (!r.count("out")) throw usage_error("--out DIR is required");
  std::string family = get<std::string>(r, "family");
  std::vector<std::string> families = family == "all" ? synth_families() : std::vector<std::string>{family};
  std::string size = get<std::string>(r, "size");
  int lo = 0, hi = 0;
  {
    std::size_t dash = size.find('-');
    auto number = [&](const std::string& s) {
      if (s.empty() || s.size() > 6 || s.find_first_not_of("0123456789") != std::string::npos)
        throw usage_error("--size expects N or A-B, got '" + size + "'");
      return std::stoi(s);
    };
    lo = number(size.substr(0, dash));
    hi = dash == std::string::npos ? lo : number(size.substr(dash + 1));
    if (hi < lo) throw usage_error("--size range is empty: '" + size + "'");
  }
  std::string lang = get<std::string>(r, "lang");
  if (lang != "cuda" && lang != "map") throw usage_error("--lang must be cuda or map");
  std::vector<bool> variants = r.count("both") ? std::vector<bool>{false, true}
                                               : std::vector<bool>{r.count("racy") > 0};
  std::string out = get<std::string>(r, "out");
  std::error_code ec;
  fs::create_directories(out, ec);
  if (ec || !fs::is_directory(out)) throw input_error(SourceLoc{out, 0, 0}, "cannot create directory");
  int written = 0;
  for (const auto& f : families)
    for (int n = lo; n <= hi; ++n)
      for (bool racy : variants) {
        SynthKernel k = synthesize(f, n, racy, lang == "cuda" ? SynthLanguage::Cuda : SynthLanguage::Protocol);
        std::string path = (fs::path(out) / k.file_name).string();
        std::ofstream os(path, std::ios::binary);
        os << k.text;
        if (!os.flush()) throw input_error(SourceLoc{path, 0, 0}, "cannot write file");
        ++written;
      }
  std::cout << "wrote " << written << " kernel(s) to " << out << "\n";
  return kExitOk;
}

}  // namespace

int harness_main(int argc, char** argv) {
  return dispatch_subcommands("harness", kHarnessUsage, {{"run", harness_run_command}, {"merge", merge_command}, {"synth", synth_command}}, argc, argv);
}

}  // namespace racecert::cli
