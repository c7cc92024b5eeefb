#include "cli/progress_kernel.hpp"

#include <llvm/Support/FormatVariadic.h>
#include <llvm/Support/JSON.h>
#include <llvm/Support/raw_ostream.h>

#include <iomanip>
#include <iostream>
#include <sstream>

#include "cli/command_line.hpp"
#include "cli/explore_kernel.hpp"
#include "cli/report_render.hpp"
#include "pipeline/progress.hpp"
#include "support/diagnostic.hpp"
#include "support/exit_codes.hpp"

namespace racecert::cli {

using kexplore::Termination;

void add_progress_kernel_options(cxxopts::Options& opts) {
  opts.add_options("kernel")("max-resident-blocks", "kernels: at most N blocks run at once (default: every block)",
                             cxxopts::value<unsigned>())(
      "block-dim", "kernels: the block size (default: the header's, else 2)", cxxopts::value<std::string>())(
      "grid-dim", "kernels: the grid size (default: the header's, else 2)", cxxopts::value<std::string>())(
      "kernel-args", "kernels: scalar arguments NAME=INT,... (default: the header's, else the number of threads)",
      cxxopts::value<std::string>())("memory", "kernels: initial array contents, a JSON file {\"A\": [1, 2]}",
                                     cxxopts::value<std::string>())(
      "loop-bound", "kernels: iterations of a loop before the thread blocks (default: 32)", cxxopts::value<int>())(
      "kernel", "kernels: only the kernel of this name", cxxopts::value<std::string>())(
      "D,define", "kernels: a preprocessor definition NAME[=VALUE]", cxxopts::value<std::vector<std::string>>())(
      "time-limit", "kernels: seconds per kernel (0: none)", cxxopts::value<double>()->default_value("60"));
}

bool is_kernel_file(const std::string& file) {
  auto ends = [&](const std::string& ext) {
    return file.size() >= ext.size() && file.compare(file.size() - ext.size(), ext.size(), ext) == 0;
  };
  return ends(".cu") || ends(".cl");
}

namespace {

std::string verdict_text(Termination t) {
  switch (t) {
    case Termination::Terminates: return "terminates";
    case Termination::Hangs: return "may not terminate";
    case Termination::Unknown: return "unknown";
  }
  return "?";
}

std::string model_text(const progress::ModelSpec& s) {
  std::string m = progress::model_name(s.model);
  if (s.occupancy) m += " O=" + std::to_string(s.occupancy);
  return m;
}

void text(const pipeline::ProgressFileResult& r, bool one_model) {
  for (const pipeline::KernelProgress& k : r.kernels) {
    const kexplore::KernelLiveness& l = k.liveness;
    std::cout << "kernel '" << k.kernel << "' (" << k.loc.str() << "), blocks as the units of the progress models\n";
    if (l.status == kexplore::Status::Unknown) {
      std::cout << l.where.str() << ": warning: unknown: " << l.reason << "\n";
      continue;
    }
    for (const std::string& n : l.notes) std::cout << "  note: " << n << "\n";
    if (!one_model) std::cout << "  " << std::left << std::setw(12) << "model" << std::setw(10) << "fairness" << "verdict\n";
    for (const kexplore::ModelVerdict& v : l.verdicts) {
      if (one_model) {
        std::cout << "  " << progress::spec_name(v.spec) << ": " << verdict_text(v.termination) << "\n";
      } else {
        std::cout << "  " << std::left << std::setw(12) << model_text(v.spec) << std::setw(10)
                  << progress::fairness_name(v.spec.fairness) << verdict_text(v.termination)
                  << (v.termination == Termination::Unknown ? " (" + v.reason + ")" : "") << "\n";
        continue;
      }
      if (!v.reason.empty()) std::cout << "  " << v.where.str() << ": " << v.reason << "\n";
      std::ostringstream lasso;
      steps_text(lasso, "prefix", v.prefix, k.file);
      steps_text(lasso, "then repeated forever", v.cycle, k.file);
      std::cout << lasso.str();
    }
  }
  for (const Error& e : r.errors) std::cerr << e.render() << "\n";
}

void json(const pipeline::ProgressFileResult& r) {
  llvm::json::Array results, kernels;
  for (const pipeline::KernelProgress& k : r.kernels) {
    const kexplore::KernelLiveness& l = k.liveness;
    llvm::json::Array notes;
    for (const std::string& n : l.notes) notes.push_back(n);
    llvm::json::Object ko{{"name", k.kernel},
                          {"file", k.file},
                          {"status", l.status == kexplore::Status::Unknown ? "unknown" : "bounded"},
                          {"notes", std::move(notes)}};
    if (l.status == kexplore::Status::Unknown) {
      ko["reason"] = l.reason;
      ko["line"] = static_cast<std::int64_t>(l.where.line);
      ko["column"] = static_cast<std::int64_t>(l.where.column);
    }
    kernels.push_back(std::move(ko));
    for (const kexplore::ModelVerdict& v : l.verdicts) {
      llvm::json::Object o{{"kernel", k.kernel},
                           {"model", progress::model_name(v.spec.model)},
                           {"fairness", progress::fairness_name(v.spec.fairness)}};
      if (v.termination == Termination::Unknown) o["terminates"] = nullptr;
      else o["terminates"] = v.termination == Termination::Terminates;
      if (v.spec.occupancy) o["max_resident_blocks"] = static_cast<std::int64_t>(v.spec.occupancy);
      if (v.termination == Termination::Hangs)
        o["witness"] = llvm::json::Object{{"prefix", schedule_json(v.prefix)}, {"cycle", schedule_json(v.cycle)}};
      else
        o["witness"] = nullptr;
      if (!v.reason.empty()) o["reason"] = v.reason;
      results.push_back(std::move(o));
    }
  }
  llvm::json::Array errors;
  for (const Error& e : r.errors) errors.push_back(e.render());
  llvm::json::Value doc = llvm::json::Object{
      {"results", std::move(results)}, {"kernels", std::move(kernels)}, {"errors", std::move(errors)}};
  std::string out;
  llvm::raw_string_ostream os(out);
  os << llvm::formatv("{0:2}", doc) << "\n";
  os.flush();
  std::cout << out;
}

}  // namespace

int progress_check_kernel(const std::string& file, const cxxopts::ParseResult& args, const std::string& model,
                          const std::string& fairness) {
  pipeline::ExploreSettings s;
  frontend::Options fo;
  read_kernel_launch(args, s, fo);
  const double limit = args["time-limit"].as<double>();
  if (!(limit >= 0) || limit > 1e7) throw usage_error("--time-limit must be a number of seconds");
  unsigned resident = 0;
  if (args.count("max-resident-blocks")) {
    resident = args["max-resident-blocks"].as<unsigned>();
    if (resident == 0) throw usage_error("--max-resident-blocks must be at least 1");
  }
  std::vector<progress::ModelSpec> specs;
  if (model.empty()) {
    for (progress::ModelSpec sp : kexplore::kernel_models(resident)) {
      if (!fairness.empty()) sp.fairness = *progress::fairness_from_name(fairness);
      if (sp.model == progress::Model::Unfair && sp.fairness == progress::Fairness::Strong) continue;  // none
      specs.push_back(sp);
    }
  } else {
    const progress::Model m = *progress::model_from_name(model);
    if (resident && !progress::uses_occupancy(m))
      throw usage_error("--max-resident-blocks applies to the obe and lobe models only");
    specs.push_back({m, fairness.empty() ? progress::Fairness::Weak : *progress::fairness_from_name(fairness), resident});
  }
  const std::string kernel = args.count("kernel") ? args["kernel"].as<std::string>() : "";
  pipeline::ProgressFileResult r = pipeline::progress_file(file, fo, kernel, s, specs, limit);
  if (args["format"].as<std::string>() == "json") json(r);
  else text(r, !model.empty());

  if (!r.errors.empty()) return kExitBadInput;
  bool unknown = false, hangs = false;
  for (const auto& k : r.kernels) {
    unknown |= k.liveness.status == kexplore::Status::Unknown;
    for (const auto& v : k.liveness.verdicts) {
      unknown |= v.termination == Termination::Unknown;
      hangs |= v.termination == Termination::Hangs;
    }
  }
  if (!model.empty() && hangs) return kExitViolation;
  return unknown ? kExitInconclusive : kExitOk;
}

}  // namespace racecert::cli
