// GCC 12 warns falsely on std::string concatenation (GCC bug 105329).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wrestrict"
#endif
#include "cli/explore_liveness.hpp"

#include <algorithm>
#include <iomanip>
#include <iostream>
#include <llvm/Support/JSON.h>
#include <llvm/Support/raw_ostream.h>

#include "cli/command_line.hpp"
#include "liveness/liveness.hpp"
#include "support/diagnostic.hpp"
#include "support/exit_codes.hpp"

namespace racecert::cli {

namespace {

using liveness::LivenessResult;

std::string step_text(const explorer::Program& p, const explorer::ScheduledEvent& e) {
  const explorer::Thread& th = p.threads[static_cast<std::size_t>(e.thread)];
  std::string out = th.name + " " + th.code[static_cast<std::size_t>(e.pc)].text;
  if (e.kind == explorer::StepKind::Read || e.kind == explorer::StepKind::Write) {
    out += e.kind == explorer::StepKind::Read ? "  reads " : "  writes ";
    out += p.locations[static_cast<std::size_t>(e.location)] + " = " + std::to_string(e.value);
    if (e.kind == explorer::StepKind::Read)
      out += e.read_from < 0 ? " (initial)"
                             : " (from " + p.threads[static_cast<std::size_t>(e.read_from)].name + ")";
  }
  return out;
}

std::string model_label(const progress::ModelSpec& s) {
  std::string m = progress::model_name(s.model);
  if (s.occupancy) m += " O=" + std::to_string(s.occupancy);
  return m;
}

void print_lasso(std::ostream& os, const explorer::Program& p, const liveness::Lasso& l) {
  os << "  prefix (" << l.prefix.size() << " events):\n";
  for (const auto& e : l.prefix) os << "    " << step_text(p, e) << "\n";
  os << "  then forever:\n";
  for (const auto& e : l.cycle) os << "    " << step_text(p, e) << "\n";
  if (!l.cycle.empty()) os << "  (threads of the loop without events in it spin where their reads see memory)\n";
  for (const auto& t : l.looping) {
    if (!l.cycle.empty() && std::any_of(l.cycle.begin(), l.cycle.end(), [&](const auto& e) { return e.thread == t.thread; }))
      continue;
    const explorer::Thread& th = p.threads[static_cast<std::size_t>(t.thread)];
    os << "    " << th.name << (t.at_barrier ? " waits at" : " repeats") << ":";
    for (int pc : t.loop_pcs) os << " [" << th.code[static_cast<std::size_t>(pc)].text << "]";
    os << "\n";
  }
  auto units = [](const std::vector<int>& v) {
    std::string s;
    for (int u : v) s += (s.empty() ? "" : ", ") + std::to_string(u);
    return "{" + s + "}";
  };
  os << "  paused (starved) units " << units(l.paused_units) << ", terminated " << units(l.terminated_units)
     << ", F = " << units(l.fair_units) << "\n";
}

llvm::json::Object lasso_json(const explorer::Program& p, const liveness::Lasso& l) {
  llvm::json::Array prefix, cycle, loop;
  auto event = [&](const explorer::ScheduledEvent& e) {
    return llvm::json::Object{{"thread", p.threads[static_cast<std::size_t>(e.thread)].name},
                              {"pc", e.pc},
                              {"instruction", step_text(p, e)}};
  };
  for (const auto& e : l.prefix) prefix.push_back(event(e));
  for (const auto& e : l.cycle) cycle.push_back(event(e));
  for (const auto& t : l.looping) {
    llvm::json::Array pcs;
    for (int pc : t.loop_pcs) pcs.push_back(pc);
    loop.push_back(llvm::json::Object{{"thread", p.threads[static_cast<std::size_t>(t.thread)].name},
                                      {"pc", t.pc},
                                      {"loop", std::move(pcs)},
                                      {"at_barrier", t.at_barrier}});
  }
  auto arr = [](const std::vector<int>& v) {
    llvm::json::Array a;
    for (int u : v) a.push_back(u);
    return a;
  };
  return llvm::json::Object{{"prefix", std::move(prefix)},
                            {"cycle", std::move(cycle)},
                            {"loop", std::move(loop)},
                            {"paused", arr(l.paused_units)},
                            {"terminated", arr(l.terminated_units)},
                            {"fair", arr(l.fair_units)}};
}

llvm::json::Object result_json(const explorer::Program& p, const LivenessResult& r) {
  llvm::json::Object o{{"model", progress::model_name(r.model.model)},
                       {"fairness", progress::fairness_name(r.model.fairness)},
                       {"verdict", liveness::to_string(r.verdict)},
                       {"reason", r.reason}};
  // progress check's field: a boolean where decided, null when unknown.
  if (r.verdict == liveness::Verdict::Unknown) o["terminates"] = nullptr;
  else o["terminates"] = r.verdict == liveness::Verdict::Terminates;
  if (r.model.occupancy) o["occupancy"] = static_cast<int64_t>(r.model.occupancy);
  if (r.lasso) o["witness"] = lasso_json(p, *r.lasso);
  else o["witness"] = nullptr;
  return o;
}

}  // namespace

int explore_liveness(const explorer::Program& program, const cxxopts::ParseResult& args, const std::string& format,
                     int loop_bound, Deadline deadline, bool ptx) {
  liveness::LivenessOptions opts;
  opts.ptx = ptx;
  opts.loop_bound = loop_bound;
  opts.deadline = deadline;
  if (args.count("occupancy")) {
    int o = args["occupancy"].as<int>();
    if (o < 1 || o > 32) throw usage_error("--occupancy must be in 1..32");
    opts.max_resident_units = static_cast<unsigned>(o);
  }
  std::vector<LivenessResult> results;
  if (args.count("progress")) {
    auto m = progress::model_from_name(args["progress"].as<std::string>());
    if (!m) throw usage_error("--progress must be fair, obe, hsa, hsa-obe, lobe or unfair");
    auto f = progress::fairness_from_name(args["fairness"].as<std::string>());
    if (!f) throw usage_error("--fairness must be weak or strong");
    if (*m == progress::Model::Unfair && *f == progress::Fairness::Strong)
      throw usage_error("unfair has no strong variant");
    opts.model = progress::ModelSpec{*m, *f, 0};
    results.push_back(liveness::check_liveness(program, opts));
  } else {
    if (args.count("fairness")) throw usage_error("--fairness needs --progress");
    results = liveness::check_liveness_all(program, opts);
  }
  if (format == "json") {
    llvm::json::Array rows;
    for (const auto& r : results) rows.push_back(result_json(program, r));
    llvm::outs() << llvm::json::Value(llvm::json::Object{{"name", program.name}, {"results", std::move(rows)}})
                 << "\n";
  } else if (results.size() == 1) {
    const LivenessResult& r = results.front();
    std::cout << program.name << ": " << progress::spec_name(r.model) << ": " << liveness::to_string(r.verdict)
              << " (" << r.reason << ")\n";
    if (r.lasso) print_lasso(std::cout, program, *r.lasso);
  } else {
    std::cout << program.name << ": liveness under every progress model\n"
              << std::left << std::setw(12) << "model" << std::setw(10) << "fairness" << "verdict\n";
    for (const auto& r : results)
      std::cout << std::setw(12) << model_label(r.model) << std::setw(10) << progress::fairness_name(r.model.fairness)
                << liveness::to_string(r.verdict) << (r.verdict == liveness::Verdict::Unknown ? " (" + r.reason + ")" : "")
                << "\n";
  }
  if (results.size() != 1) return kExitOk;
  switch (results.front().verdict) {
    case liveness::Verdict::Terminates: return kExitOk;
    case liveness::Verdict::MayHang: return kExitViolation;
    case liveness::Verdict::Unknown: return kExitInconclusive;
  }
  return kExitOk;
}

}  // namespace racecert::cli
