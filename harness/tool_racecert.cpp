// The racecert adapters: `racecert check FILE --format json` as a subprocess
// (the default, measured like every other tool) or in-process through a
// callback run in a forked child (no exec, for quick runs and profiling; no
// memory figure).
#include <cstdio>

#include <llvm/Support/JSON.h>

#include "harness/tool.hpp"
#include "support/diagnostic.hpp"

namespace racecert::harness {

namespace {

int severity(Verdict v) {
  switch (v) {
    case Verdict::Racy:
    case Verdict::Divergent:
    case Verdict::Assertion:
    case Verdict::Deadlock: return 3;
    case Verdict::Unknown: return 2;
    case Verdict::Bounded: return 1;
    default: return 0;
  }
}

// A status racecert does not print yet is unknown, never drf.
Verdict status_verdict(llvm::StringRef s) {
  if (s == "drf") return Verdict::Drf;
  if (s == "racy") return Verdict::Racy;
  if (s == "divergent") return Verdict::Divergent;
  if (s == "deadlock") return Verdict::Deadlock;
  if (s == "assertion") return Verdict::Assertion;
  if (s == "bounded") return Verdict::Bounded;
  return Verdict::Unknown;
}

std::string where(const llvm::json::Object& o) {
  std::string s;
  if (auto f = o.getString("file")) s = f->str();
  if (auto l = o.getInteger("line"); l && *l > 0) {
    s += ':';
    s += std::to_string(*l);
  }
  return s;
}

class RacecertTool : public ProcessTool {
 public:
  explicit RacecertTool(std::string binary) : ProcessTool("racecert", "racecert"), binary_(std::move(binary)) {}
  bool reads(const KernelCase& k) const override { return has_extension(k, {".cu", ".cl", ".map", ".bar"}); }
  std::vector<std::string> command(const KernelCase& k, double timeout_s) const override {
    std::vector<std::string> argv = {binary_, "check"};
    auto args = racecert_check_args(k, timeout_s);
    argv.insert(argv.end(), args.begin(), args.end());
    return argv;
  }
  Verdict interpret(const ProcessResult& r, std::string& detail) const override {
    return interpret_racecert(r.exit_code, r.out, r.err, detail);
  }

 private:
  std::string binary_;
};

// Each kernel is checked in a forked copy of the harness (no exec, so no
// start-up cost: LLVM and Z3 are already loaded), not in the harness itself:
// a kernel that crashes the checker becomes a `crash` row instead of ending
// the run, and the timeout is a wall-clock kill of the copy, like the
// subprocess adapter's. Forking runs arbitrary code (Clang, Z3) in the
// child, which is safe only while the harness has no other thread: hence
// parallel_safe() is false, and the runner then runs everything on the
// calling thread.
class RacecertInProcessTool : public Tool {
 public:
  explicit RacecertInProcessTool(InProcessCheck check)
      : Tool("racecert-inprocess", "racecert-inprocess"), check_(std::move(check)) {}
  bool reads(const KernelCase& k) const override { return has_extension(k, {".cu", ".cl", ".map", ".bar"}); }
  bool parallel_safe() const override { return false; }  // fork() needs a single-threaded harness
  ToolAnswer run(const KernelCase& k, double timeout_s) const override {
    auto args = racecert_check_args(k, timeout_s);
    ProcessSpec spec;
    spec.timeout_s = timeout_s;
    spec.child_main = [&] {
      std::string out;
      int code = check_(args, out);
      std::fwrite(out.data(), 1, out.size(), stdout);
      return code;
    };
    ToolAnswer a = answer_of(run_process(spec), timeout_s, [](const ProcessResult& r, std::string& detail) {
      return interpret_racecert(r.exit_code, r.out, r.err, detail);
    });
    a.peak_rss_kb = -1;  // a forked child's peak includes the harness's own pages
    return a;
  }

 private:
  InProcessCheck check_;
};

}  // namespace

std::vector<std::string> racecert_check_args(const KernelCase& k, double) {
  std::vector<std::string> args = {k.path, "--format", "json"};
  // For .cu/.cl files the front end reads the header itself; .map files
  // need the dimensions on the command line. Passing them always is harmless.
  if (k.header.block) args.insert(args.end(), {"--block-dim", k.header.block->str()});
  if (k.header.grid) args.insert(args.end(), {"--grid-dim", k.header.grid->str()});
  return args;
}

Verdict interpret_racecert(int exit_code, const std::string& json_out, const std::string& err, std::string& detail) {
  Verdict worst = Verdict::Drf;
  std::string worst_detail, error_detail;
  if (auto parsed = llvm::json::parse(json_out)) {
    if (const auto* root = parsed->getAsObject()) {
      if (const auto* kernels = root->getArray("kernels")) {
        for (const auto& kv : *kernels) {
          const auto* k = kv.getAsObject();
          if (!k) continue;
          Verdict v = status_verdict(k->getString("status").value_or("drf"));
          if (severity(v) <= severity(worst)) continue;
          worst = v;
          std::string name = k->getString("name").value_or("").str();
          worst_detail.clear();
          if (const auto* races = k->getArray("races"); races && !races->empty()) {
            if (const auto* race = races->front().getAsObject()) {
              worst_detail = "data race on " + race->getString("array").value_or("?").str();
              if (const auto* acc = race->getArray("accesses"); acc && !acc->empty())
                if (const auto* a0 = acc->front().getAsObject()) worst_detail += " at " + where(*a0);
            }
          } else if (const auto* diags = k->getArray("diagnostics"); diags && !diags->empty()) {
            if (const auto* d = diags->front().getAsObject())
              worst_detail = where(*d) + ": " + d->getString("message").value_or("").str();
          }
          if (worst_detail.empty()) worst_detail = std::string(to_string(v)) + " kernel '" + name + "'";
        }
      }
      if (const auto* errors = root->getArray("errors"); errors && !errors->empty())
        if (const auto* e = errors->front().getAsObject())
          error_detail = where(*e) + ": " + e->getString("message").value_or("").str();
    }
  } else {
    llvm::consumeError(parsed.takeError());
  }
  switch (exit_code) {
    case 0:
      detail.clear();
      return Verdict::Drf;
    case 1:
      detail = worst_detail;
      return severity(worst) == 3 ? worst : Verdict::Racy;
    case 2:
      detail = !error_detail.empty() ? error_detail : first_line(err);
      return Verdict::Unsupported;  // racecert could not read a kernel another tool may read
    case 4:
      detail = worst_detail;
      return worst == Verdict::Bounded ? Verdict::Bounded : Verdict::Unknown;
    default:
      detail = "exit " + std::to_string(exit_code) + (error_detail.empty() ? "" : ": " + error_detail);
      if (error_detail.empty() && !first_line(err).empty()) detail += ": " + first_line(err);
      return Verdict::Error;
  }
}

std::unique_ptr<Tool> make_racecert_tool(const std::string& binary) {
  std::string bin = binary.empty() ? self_executable() : find_program(binary);
  if (bin.empty()) throw usage_error("racecert executable '" + binary + "' not found");
  return std::make_unique<RacecertTool>(bin);
}

std::unique_ptr<Tool> make_racecert_inprocess_tool(InProcessCheck check) {
  return std::make_unique<RacecertInProcessTool>(std::move(check));
}

}  // namespace racecert::harness
