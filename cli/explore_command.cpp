// racecert explore FILE [--format text|json] [--loop-bound K] [--repair]
//                       [--stop-on-first] [--model src11|ptx] [kernel options]
//                       [--strategy dpor|cd] [--delay-bound K] [--cd-optimized]
//        racecert explore FILE --liveness [--progress M [--fairness F]] [--occupancy O] [--model src11|ptx]
// Model-checks a PTX litmus test under scoped RC11 (explorer/) and reports
// executions, the final condition, races and barrier divergence; a CUDA or
// OpenCL kernel goes to cli/explore_kernel.cpp.
// GCC 12 warns falsely on std::string concatenation (GCC bug 105329).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wrestrict"
#endif
#include "cli/command_line.hpp"
#include <iostream>
#include <llvm/Support/JSON.h>
#include <llvm/Support/raw_ostream.h>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/parse_command_line.hpp"
#include "cli/explore_kernel.hpp"
#include "cli/explore_liveness.hpp"
#include "cli/explore_ptx.hpp"
#include "frontend/frontend.hpp"
#include "explorer/delay_bounding.hpp"
#include "explorer/dpor.hpp"
#include "explorer/litmus_lower.hpp"
#include "explorer/litmus_parser.hpp"
#include "explorer/litmus_printer.hpp"
#include "explorer/litmus_repair.hpp"
#include "support/diagnostic.hpp"
#include "support/exit_codes.hpp"

namespace racecert::cli {

namespace {

using explorer::AccessRef;
using explorer::ExploreResult;
using explorer::Program;

const explorer::Instr& instr_at(const Program& p, const AccessRef& a) {
  return p.threads[static_cast<std::size_t>(a.thread)].code[static_cast<std::size_t>(a.pc)];
}

std::string describe(const Program& p, const AccessRef& a) {
  const auto& in = instr_at(p, a);
  return p.threads[static_cast<std::size_t>(a.thread)].name + " " + in.text + " (" + in.where.str() + ")";
}


void print_text(std::ostream& os, const Program& p, const ExploreResult& r) {
  os << p.name << ": " << r.executions << " executions, " << r.blocked << " blocked (at most " << r.max_events
     << " events)\n";
  const auto q = p.condition.quantifier;
  if (q != explorer::Quantifier::None) {
    // A witness decides the condition; without one, a cut exploration does not.
    const bool decided = !r.timed_out || r.witness.has_value();
    os << "condition " << p.condition.text << ": "
       << (!decided ? "undecided" : r.condition_holds(q) ? "holds" : "does not hold") << " ("
       << r.satisfying << " of " << r.executions << " executions satisfy it)\n";
    if (r.witness)
      os << "  " << (q == explorer::Quantifier::Forall ? "violated by" : "satisfied by") << ": "
         << explorer::final_state_text(p, *r.witness) << "\n";
  }
  for (const auto& race : r.races) {
    os << to_string(race.kind) << " race on " << p.locations[static_cast<std::size_t>(race.location)] << ":\n"
       << "  " << describe(p, race.first) << "\n"
       << "  " << describe(p, race.second) << "\n";
  }
  if (r.divergence()) {
    os << "barrier divergence in " << r.divergent << " executions:\n";
    for (const auto& w : r.divergence_witness) os << "  " << describe(p, w) << " never completes\n";
  }
  if (r.deadlocked > 0) {
    os << "deadlock in " << r.deadlocked << " executions:\n";
    for (const auto& w : r.deadlock_witness) {
      const auto& in = instr_at(p, w);
      os << "  " << p.threads[static_cast<std::size_t>(w.thread)].name << " blocked at " << in.text << " ("
         << in.where.str() << ")\n";
    }
  }
  if (r.executions == 0 && r.blocked > r.divergent + r.deadlocked && !r.stopped_early)
    os << "note: no execution completes: every one ends with a thread spinning or cut by the loop bound\n";
  if (r.bounded > 0)
    os << "note: the loop bound cut " << r.bounded << " executions; raise --loop-bound to explore further\n";
  if (r.stopped_early) os << "note: stopped at the first error (--stop-on-first)\n";
  std::vector<std::string> errors;
  if (!r.races.empty()) errors.push_back(std::to_string(r.races.size()) + (r.races.size() == 1 ? " race" : " races"));
  if (r.divergence()) errors.push_back("barrier divergence");
  if (r.deadlocked > 0) errors.push_back("deadlock");
  if (q == explorer::Quantifier::Forall && !r.condition_holds(q)) errors.push_back("forall violated");
  std::string verdict;
  for (const auto& e : errors) verdict += (verdict.empty() ? "" : ", ") + e;
  // An exploration the time limit cut proves nothing by its silence.
  const char* none = r.timed_out ? "unknown (--time-limit ended the exploration before every execution was visited)" : "ok";
  os << "verdict: " << (errors.empty() ? none : verdict) << "\n";
}

llvm::json::Object access_json(const Program& p, const AccessRef& a) {
  const auto& in = instr_at(p, a);
  return llvm::json::Object{{"thread", p.threads[static_cast<std::size_t>(a.thread)].name},
                            {"instruction", in.text},
                            {"access", a.write ? "write" : "read"},
                            {"line", in.where.line},
                            {"column", in.where.column}};
}

llvm::json::Object result_json(const Program& p, const ExploreResult& r) {
  const auto q = p.condition.quantifier;
  llvm::json::Array races;
  for (const auto& race : r.races)
    races.push_back(llvm::json::Object{
        {"kind", to_string(race.kind)},
        {"location", p.locations[static_cast<std::size_t>(race.location)]},
        {"events", llvm::json::Array{access_json(p, race.first), access_json(p, race.second)}}});
  llvm::json::Array waiting;
  for (const auto& w : r.divergence_witness) waiting.push_back(access_json(p, w));
  llvm::json::Array blocked;
  for (const auto& w : r.deadlock_witness) blocked.push_back(access_json(p, w));
  llvm::json::Object out{{"name", p.name},
                         {"incomplete", r.timed_out},
                         {"executions", static_cast<int64_t>(r.executions)},
                         {"blocked", static_cast<int64_t>(r.blocked)},
                         {"condition", llvm::json::Object{{"kind", to_string(q)},
                                                         {"holds", !r.timed_out || r.witness
                                                                       ? llvm::json::Value(r.condition_holds(q))
                                                                       : llvm::json::Value(nullptr)}}},
                         {"races", std::move(races)},
                         {"divergence", r.divergence()},
                         {"divergence_waiting", std::move(waiting)},
                         {"deadlock", r.deadlocked > 0},
                         {"deadlock_blocked", std::move(blocked)},
                         {"loop_bound_reached", r.bounded > 0},
                         {"stopped_early", r.stopped_early},
                         {"max_events", r.max_events}};
  return out;
}

// --strategy cd: GKLEE's conflict-directed delay bounding
// (explorer/delay_bounding.hpp). The same report as the DPOR's, where
// executions and blocked count SC schedules, plus the number of schedules and
// the delay bound.
int run_delay_bounded(const cxxopts::ParseResult& args, const std::string& format,
                      const explorer::ExploreOptions& dpor_opts, const Program& program) {
  if (args["strategy"].as<std::string>() != "cd") throw usage_error("--strategy must be dpor or cd");
  if (args.count("repair")) throw usage_error("--repair needs --strategy dpor");
  explorer::DelayBoundOptions opts;
  opts.delay_bound = args["delay-bound"].as<int>();
  if (opts.delay_bound < 0 || opts.delay_bound > 64) throw usage_error("--delay-bound must be in 0..64");
  opts.optimized_conflicts = args.count("cd-optimized") > 0;
  opts.loop_bound = dpor_opts.loop_bound;
  opts.stop_on_first = dpor_opts.stop_on_first;
  ExploreResult r = explorer::explore_delay_bounded(program, opts);
  if (format == "json") {
    llvm::json::Object out = result_json(program, r);
    out["strategy"] = "cd";
    out["schedules"] = static_cast<int64_t>(explorer::schedules(r));
    out["delay_bound"] = opts.delay_bound;
    out["optimized_conflicts"] = opts.optimized_conflicts;
    llvm::outs() << llvm::json::Value(std::move(out)) << "\n";
  } else {
    std::cout << "strategy cd: " << explorer::schedules(r) << " schedules, delay bound " << opts.delay_bound
              << (opts.optimized_conflicts ? ", optimized conflicts" : "")
              << " (sequentially consistent schedules only)\n";
    print_text(std::cout, program, r);
  }
  return r.has_errors(program.condition.quantifier) ? kExitViolation : kExitOk;
}

int run(int argc, char** argv) {
  cxxopts::Options options(argv[0],
                           "Model-check a PTX litmus test, or a CUDA/OpenCL kernel for one concrete launch, under "
                           "scoped RC11 (SRC11).");
  options.positional_help("FILE");
  options.add_options()("format", "output format: text or json (kernels: also sarif)",
                        cxxopts::value<std::string>()->default_value("text"))(
      "loop-bound", "iterations of a loop before the thread blocks (default: 4 for litmus tests, 32 for kernels)",
      cxxopts::value<int>())("repair", "repair races until the test is race-free (litmus tests)")(
      "stop-on-first", "stop at the first race, divergence or violated forall")(
      "strategy", "dpor (every execution under SRC11) or cd (GKLEE's conflict-directed delay bounding, SC schedules)",
      cxxopts::value<std::string>()->default_value("dpor"))(
      "delay-bound", "--strategy cd: delays per schedule", cxxopts::value<int>()->default_value("2"))(
      "cd-optimized", "--strategy cd: delay only at conflicts with a conditional atomic (atom.cas)")(
      "block-dim", "kernels: blockDim, N or [X,Y,Z] (default: the header's, else 2)", cxxopts::value<std::string>())(
      "grid-dim", "kernels: gridDim, N or [X,Y,Z] (default: the header's, else 2)", cxxopts::value<std::string>())(
      "kernel-args", "kernels: scalar arguments, NAME=INT,... (default: the header's, else the number of threads)",
      cxxopts::value<std::string>())("memory", "kernels: a JSON file of initial array contents, {\"A\": [1, 2]}",
                                     cxxopts::value<std::string>())(
      "kernel", "kernels: explore only the kernel with this name", cxxopts::value<std::string>())(
      "accept-bounded", "kernels: exit 0, not 4, when no execution of the launch shows a problem")(
      "benign-races", "kernels: count two writes of the same value as a race")(
      "time-limit", "seconds per kernel or litmus test, after which an exploration without findings is unknown (0: none)",
      cxxopts::value<double>()->default_value("60"))("D,define", "kernels: define a macro (NAME or NAME=VALUE)",
                                                      cxxopts::value<std::vector<std::string>>())(
      "liveness", "litmus tests: decide termination under progress models; without --progress, the table of "
                  "every model (docs/explorer.md, Liveness)")(
      "progress", "--liveness: one model, fair|obe|hsa|hsa-obe|lobe|unfair, with its lasso (default: every model)",
      cxxopts::value<std::string>())(
      "fairness", "--liveness --progress: weak or strong (the verdicts agree; default weak)",
      cxxopts::value<std::string>()->default_value("weak"))(
      "occupancy", "--liveness: at most O units resident at once (OBE and LOBE)", cxxopts::value<int>())(
      "model", "litmus tests: the memory model, src11 (scoped RC11) or ptx (PTX v7.5 with proxies)",
      cxxopts::value<std::string>()->default_value("src11"))("h,help", "print this help")(
      "file", "litmus test or kernel", cxxopts::value<std::string>());
  options.parse_positional({"file"});
  cxxopts::ParseResult args = parse_command_line(options, argc, argv);
  if (args.count("help")) {
    std::cout << help_text(options);
    return kExitOk;
  }
  // A string, not a vector, so that cxxopts does not split "a,b.litmus"; a
  // second FILE is left unmatched.
  if (!args.count("file") || !args.unmatched().empty()) throw usage_error("expected exactly one litmus test or kernel file");
  std::string format = args["format"].as<std::string>();
  if (format != "text" && format != "json" && format != "sarif") throw usage_error("--format must be text, json or sarif");
  const std::string path = args["file"].as<std::string>();
  if (frontend::is_kernel_file(path)) {
    if (args.count("liveness") || args.count("progress"))
      throw usage_error("--liveness is for litmus tests (kernels: racecert progress check)");
    if (args["model"].as<std::string>() != "src11") throw usage_error("--model ptx is for litmus tests");
    return explore_kernel_file(path, args);
  }
  if (format == "sarif") throw usage_error("--format sarif is for kernels");
  explorer::ExploreOptions opts;
  opts.loop_bound = args.count("loop-bound") ? args["loop-bound"].as<int>() : 4;
  if (opts.loop_bound < 0 || opts.loop_bound > 1000) throw usage_error("--loop-bound must be in 0..1000");
  opts.stop_on_first = args.count("stop-on-first") > 0;

  // Every run ends: the litmus explorations stop at --time-limit too.
  const double limit = args["time-limit"].as<double>();
  if (!(limit >= 0) || limit > 1e7) throw usage_error("--time-limit must be a number of seconds");
  if (limit > 0) opts.deadline = Deadline::after(std::chrono::milliseconds(static_cast<std::int64_t>(limit * 1000)));
  const std::string model = args["model"].as<std::string>();
  if (model != "src11" && model != "ptx") throw usage_error("--model must be src11 or ptx");
  explorer::litmus::Test test = explorer::litmus::parse_litmus_file(path);
  if (args.count("liveness")) {
    return explore_liveness(explorer::litmus::lower(test).program, args, format, opts.loop_bound, opts.deadline,
                            model == "ptx");
  }
  if (args.count("progress") || args.count("occupancy")) throw usage_error("--progress and --occupancy need --liveness");
  if (model == "ptx") {
    if (args.count("repair") || args["strategy"].as<std::string>() != "dpor")
      throw usage_error("--model ptx takes neither --repair nor --strategy");
    return explore_ptx(explorer::litmus::lower(test).program, opts.loop_bound, opts.stop_on_first, format,
                       opts.deadline);
  }

  if (args["strategy"].as<std::string>() != "dpor")
    return run_delay_bounded(args, format, opts, explorer::litmus::lower(test).program);

  if (!args.count("repair")) {
    auto lowered = explorer::litmus::lower(test);
    ExploreResult r = explorer::explore(lowered.program, opts);
    if (format == "json") {
      llvm::outs() << llvm::json::Value(result_json(lowered.program, r)) << "\n";
    } else {
      print_text(std::cout, lowered.program, r);
    }
    if (r.has_errors(lowered.program.condition.quantifier)) return kExitViolation;
    return r.timed_out ? kExitInconclusive : kExitOk;
  }

  auto outcome = explorer::litmus::repair(test, opts);
  const Program& original = explorer::litmus::lower(test).program;
  const Program& repaired = outcome.lowered.program;
  std::string repaired_text = explorer::litmus::print_test(outcome.repaired);
  if (format == "json") {
    llvm::json::Array changes;
    for (const auto& c : outcome.changes)
      changes.push_back(llvm::json::Object{{"thread", c.thread},
                                           {"line", c.where.line},
                                           {"column", c.where.column},
                                           {"before", c.before},
                                           {"after", c.after}});
    llvm::json::Object out = result_json(original, outcome.original);
    out["repair"] = llvm::json::Object{{"changes", std::move(changes)},
                                       {"rounds", outcome.rounds},
                                       {"race_free", outcome.race_free},
                                       {"test", repaired_text},
                                       {"result", result_json(repaired, outcome.result)}};
    llvm::outs() << llvm::json::Value(std::move(out)) << "\n";
  } else {
    print_text(std::cout, original, outcome.original);
    if (outcome.changes.empty()) {
      std::cout << "repair: nothing to repair\n";
    } else {
      std::cout << "repair: " << outcome.changes.size() << " instructions changed in " << outcome.rounds
                << " rounds" << (outcome.race_free ? "" : " (races remain)") << ":\n";
      for (const auto& c : outcome.changes)
        std::cout << "  " << c.thread << " " << c.where.str() << ": " << c.before << "  ->  " << c.after << "\n";
      std::cout << "repaired test:\n" << repaired_text << "repaired test explored:\n";
      print_text(std::cout, repaired, outcome.result);
    }
  }
  // The exit code describes the file as given: repairing it does not make it correct.
  return outcome.original.has_errors(original.condition.quantifier) ? kExitViolation : kExitOk;
}

}  // namespace

int explore_main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const Error& e) {
    std::cerr << e.render() << "\n";
    if (e.code() == kExitUsage)
      std::cerr << "usage: racecert explore FILE [--format text|json] [--loop-bound K] [--repair] [--stop-on-first]"
                   " [--model src11|ptx] [--strategy dpor|cd] [--delay-bound K] [--cd-optimized]\n"
                   "       racecert explore FILE --liveness [--progress M [--fairness weak|strong]] [--occupancy O] [--model src11|ptx]\n"
                   "       racecert explore KERNEL.cu|.cl [--block-dim D] [--grid-dim D] [--kernel-args N=V,...] "
                   "[--memory FILE] [--loop-bound K] [--accept-bounded] [--format text|json|sarif]\n";
    return e.code();
  }
}

}  // namespace racecert::cli
