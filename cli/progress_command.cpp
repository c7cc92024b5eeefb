// racecert progress: termination of small concurrent programs under GPU
// workgroup progress models (issue 4). Option parsing and output only; the
// work is in progress/.
//   racecert progress check FILE [--model M] [--fairness F] [--occupancy O]
//                               [--format text|json] [--dot FILE]
//   racecert progress check KERNEL.cu|.cl [--model M] [--fairness F]
//                               [--max-resident-blocks N] [--block-dim D] [--grid-dim D]
//                               [--kernel-args ...] [--memory FILE] [--loop-bound K] (cli/progress_kernel.cpp)
//   racecert progress synth --threads T --instructions I --locations L
//                           --values V [--out DIR] [--jobs N] ...
//   racecert progress emit-cuda FILE --mapping plain|round-robin|chunked
#include "cli/command_line.hpp"
#include <fstream>
#include <iostream>
#include <string>

#include "cli/commands.hpp"
#include "cli/parse_command_line.hpp"
#include "cli/progress_kernel.hpp"
#include "cli/subcommands.hpp"
#include "progress/cuda_emitter.hpp"
#include "progress/dot.hpp"
#include "progress/oracle.hpp"
#include "progress/parser.hpp"
#include "progress/report.hpp"
#include "progress/synth.hpp"
#include "progress/synth_output.hpp"
#include "support/diagnostic.hpp"
#include "support/exit_codes.hpp"

namespace racecert::cli {

namespace {

using namespace racecert::progress;

constexpr const char* kProgressUsage =
    "usage: racecert progress <check|synth|emit-cuda> [options]\n"
    "\n"
    "  check FILE       termination verdicts under the 11 progress models\n"
    "  synth ...        synthesize and classify progress litmus tests\n"
    "  emit-cuda FILE   CUDA program that runs a test on a GPU\n"
    "\n"
    "Run `racecert progress <subcommand> --help` for its options.\n";

// Parses argv with cxxopts; prints help and returns false on --help.
bool parse_options(cxxopts::Options& opts, int argc, char** argv, cxxopts::ParseResult& out) {
  opts.add_options()("h,help", "print this help");
  out = parse_command_line(opts, argc, argv);
  if (out.count("help")) {
    std::cout << help_text(opts) << "\n";
    return false;
  }
  if (!out.unmatched().empty()) throw usage_error("unexpected argument '" + out.unmatched().front() + "'");
  return true;
}

void write_text_file(const std::string& path, const std::string& text) {
  std::ofstream f(path, std::ios::binary);
  f << text;
  if (!f) throw usage_error("cannot write '" + path + "'");
}

int check(int argc, char** argv) {
  cxxopts::Options opts(argv[0], "Decides whether a progress litmus test, or a CUDA/OpenCL kernel for one launch, is guaranteed to terminate.");
  opts.add_options()("file", "test in AXB or test-suite form, or a .cu/.cl kernel", cxxopts::value<std::string>())(
      "model", "unfair|fair|obe|hsa|hsa-obe|lobe (default: all 11 verdicts)", cxxopts::value<std::string>())(
      "fairness", "weak|strong", cxxopts::value<std::string>())(
      "occupancy", "at most O workgroups resident (OBE and LOBE)", cxxopts::value<unsigned>())(
      "format", "text|json", cxxopts::value<std::string>()->default_value("text"))(
      "dot", "write the state graph in Graphviz form to FILE", cxxopts::value<std::string>())(
      "max-states", "give up (exit 4) beyond this many states",
      cxxopts::value<std::size_t>()->default_value("4000000"));
  add_progress_kernel_options(opts);
  opts.parse_positional({"file"});
  opts.positional_help("FILE");
  cxxopts::ParseResult r;
  if (!parse_options(opts, argc, argv, r)) return kExitOk;
  if (!r.count("file")) throw usage_error("missing FILE");
  const std::string format = r["format"].as<std::string>();
  if (format != "text" && format != "json") throw usage_error("--format must be text or json");
  const std::string file = r["file"].as<std::string>();
  const bool kernel = is_kernel_file(file);
  for (const char* o : {"occupancy", "dot", "max-states"})
    if (kernel && r.count(o))
      throw usage_error(std::string("--") + o + " is for progress tests; a kernel takes --max-resident-blocks" +
                        " and the explorer's inputs");
  for (const char* o : {"max-resident-blocks", "block-dim", "grid-dim", "kernel-args", "memory", "loop-bound",
                        "kernel", "define", "time-limit"})
    if (!kernel && r.count(o)) throw usage_error(std::string("--") + o + " is for kernels (.cu, .cl)");

  std::optional<Model> model;
  if (r.count("model")) {
    model = model_from_name(r["model"].as<std::string>());
    if (!model) throw usage_error("unknown model '" + r["model"].as<std::string>() + "'");
  }
  std::optional<Fairness> fairness;
  if (r.count("fairness")) {
    fairness = fairness_from_name(r["fairness"].as<std::string>());
    if (!fairness) throw usage_error("--fairness must be weak or strong");
  }
  if (model == Model::Unfair && fairness == Fairness::Strong)
    throw usage_error("the unfair model has no strong variant");
  unsigned occupancy = 0;
  if (r.count("occupancy")) {
    occupancy = r["occupancy"].as<unsigned>();
    if (occupancy == 0) throw usage_error("--occupancy must be at least 1");
    if (model && !uses_occupancy(*model)) throw usage_error("--occupancy applies to the obe and lobe models only");
  }

  if (kernel)
    return progress_check_kernel(file, r, model ? model_name(*model) : "", fairness ? fairness_name(*fairness) : "");

  CheckOptions co;
  co.max_states = r["max-states"].as<std::size_t>();
  Checker checker(load_program(file), co);
  std::vector<Verdict> verdicts;
  if (model) {
    verdicts.push_back(checker.check({*model, fairness.value_or(Fairness::Weak), occupancy}));
  } else {
    for (Verdict& v : checker.check_all(occupancy))
      if (!fairness || v.spec.fairness == *fairness) verdicts.push_back(std::move(v));
  }
  const LtsCounts lts = checker.lts_counts();

  if (r.count("dot")) {
    std::string dot;
    if (model) dot = to_dot(*verdicts[0].graph, &verdicts[0].fair, verdicts[0].witness ? &*verdicts[0].witness : nullptr);
    else dot = to_dot(*checker.graph_for({Model::Fair, Fairness::Weak, 0}));
    write_text_file(r["dot"].as<std::string>(), dot);
  }
  if (format == "json") {
    std::cout << format_json(verdicts, lts);
  } else if (model) {
    std::cout << "LTS: " << lts.states << " states, " << lts.actions << " actions\n" << format_verdict(verdicts[0]);
  } else {
    std::cout << format_table(verdicts, lts);
  }
  if (model) return verdicts[0].terminates ? kExitOk : kExitViolation;
  return kExitOk;
}

int synth(int argc, char** argv);
int emit_cuda_command(int argc, char** argv);

}  // namespace

int progress_main(int argc, char** argv) {
  return dispatch_subcommands("progress", kProgressUsage, {{"check", check}, {"synth", synth}, {"emit-cuda", emit_cuda_command}}, argc, argv);
}

namespace {

int synth(int argc, char** argv) {
  cxxopts::Options opts(argv[0], "Synthesizes every progress litmus test within the bounds and classifies it.");
  opts.add_options()("threads", "number of threads (exact)", cxxopts::value<unsigned>())(
      "instructions", "total number of instructions (exact, at least one per thread)", cxxopts::value<unsigned>())(
      "locations", "memory locations (at most)", cxxopts::value<unsigned>()->default_value("2"))(
      "values", "values 0..V-1", cxxopts::value<unsigned>()->default_value("2"))(
      "out", "write the tests (both forms), index.tsv and summary.json to DIR", cxxopts::value<std::string>())(
      "jobs", "worker threads (default: one per core)", cxxopts::value<int>()->default_value("0"))(
      "max-states", "drop tests whose LTS has more states (the paper's caps)", cxxopts::value<std::size_t>())(
      "max-actions", "drop tests whose LTS has more actions", cxxopts::value<std::size_t>())(
      "no-nops", "exclude instructions that neither store nor branch")(
      "max-candidates", "refuse bounds with more candidate programs than this",
      cxxopts::value<std::uint64_t>()->default_value("200000000000"))(
      "format", "text|json summary on stdout", cxxopts::value<std::string>()->default_value("text"));
  cxxopts::ParseResult r;
  if (!parse_options(opts, argc, argv, r)) return kExitOk;
  if (!r.count("threads") || !r.count("instructions")) throw usage_error("--threads and --instructions are required");
  const std::string format = r["format"].as<std::string>();
  if (format != "text" && format != "json") throw usage_error("--format must be text or json");
  SynthBounds b{r["threads"].as<unsigned>(), r["instructions"].as<unsigned>(), r["locations"].as<unsigned>(),
                r["values"].as<unsigned>()};
  SynthOptions o;
  o.jobs = r["jobs"].as<int>();
  if (r.count("max-states")) o.max_states = r["max-states"].as<std::size_t>();
  if (r.count("max-actions")) o.max_actions = r["max-actions"].as<std::size_t>();
  o.allow_nops = r.count("no-nops") == 0;
  o.max_candidates = r["max-candidates"].as<std::uint64_t>();
  const SynthResult result = synthesize(b, o);
  if (r.count("out")) write_synth_output(result, r["out"].as<std::string>());
  std::cout << (format == "json" ? synth_summary_json(result) : synth_summary_text(result));
  return kExitOk;
}

int emit_cuda_command(int argc, char** argv) {
  cxxopts::Options opts(argv[0], "Writes a CUDA program that runs a progress litmus test on a GPU.");
  opts.add_options()("file", "test in AXB or test-suite form", cxxopts::value<std::string>())(
      "mapping", "plain|round-robin|chunked", cxxopts::value<std::string>())(
      "out", "write to FILE instead of stdout", cxxopts::value<std::string>());
  opts.parse_positional({"file"});
  opts.positional_help("FILE");
  cxxopts::ParseResult r;
  if (!parse_options(opts, argc, argv, r)) return kExitOk;
  if (!r.count("file")) throw usage_error("missing FILE");
  if (!r.count("mapping")) throw usage_error("--mapping is required (plain, round-robin or chunked)");
  const auto mapping = mapping_from_name(r["mapping"].as<std::string>());
  if (!mapping) throw usage_error("--mapping must be plain, round-robin or chunked");
  const std::string file = r["file"].as<std::string>();
  const std::string cuda = emit_cuda(load_program(file), *mapping, file);
  if (r.count("out")) write_text_file(r["out"].as<std::string>(), cuda);
  else std::cout << cuda;
  return kExitOk;
}

}  // namespace

}  // namespace racecert::cli
