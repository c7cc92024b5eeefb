// Adapters for other verifiers. Their exit codes and output formats are
// taken from the tools' documentation and sources (GPUVerify's
// GPUVerifyScript/error_codes.py, Faial's `faial-drf --json`); the tests
// exercise them with fake tools, as neither is installed here.
#include <cctype>

#include <llvm/Support/JSON.h>

#include "harness/command_template.hpp"
#include "harness/tool.hpp"
#include "support/diagnostic.hpp"

namespace racecert::harness {

namespace {

// The first line that mentions an error, else the first line.
std::string error_line(const ProcessResult& r) {
  for (const std::string* s : {&r.out, &r.err}) {
    std::size_t pos = 0;
    while (pos < s->size()) {
      std::size_t end = s->find('\n', pos);
      std::string line = s->substr(pos, end == std::string::npos ? std::string::npos : end - pos);
      if (line.find("error") != std::string::npos) return first_line(line);
      if (end == std::string::npos) break;
      pos = end + 1;
    }
  }
  std::string l = first_line(r.err);
  return l.empty() ? first_line(r.out) : l;
}

class GpuVerifyTool : public ProcessTool {
 public:
  explicit GpuVerifyTool(std::string binary) : ProcessTool("gpuverify", "gpuverify"), binary_(std::move(binary)) {}
  bool reads(const KernelCase& k) const override { return has_extension(k, {".cu", ".cl"}); }
  std::vector<std::string> command(const KernelCase& k, double) const override {
    // GPUVerify's own test runner passes line 2 verbatim, then the file.
    std::vector<std::string> argv = {binary_};
    argv.insert(argv.end(), k.header.args.begin(), k.header.args.end());
    argv.push_back(k.path);
    return argv;
  }
  Verdict interpret(const ProcessResult& r, std::string& detail) const override {
    detail = error_line(r);
    switch (r.exit_code) {
      case 0: detail.clear(); return Verdict::Drf;                 // SUCCESS
      case 6: return Verdict::Racy;                                 // NOT_ALL_VERIFIED (race or divergence)
      case 7: return Verdict::Timeout;                              // TIMEOUT (its own limit)
      case 1:                                                       // COMMAND_LINE_ERROR (e.g. no dimensions)
      case 2:                                                       // CLANG_ERROR
      case 3:                                                       // OPT_ERROR
      case 4:                                                       // BUGLE_ERROR (unsupported construct)
      case 5: return Verdict::Unsupported;                          // GPUVERIFYVCGEN_ERROR
      default: return Verdict::Error;  // CTRL_C, CONFIGURATION_ERROR, JSON_ERROR, BOOGIE_*_ERROR, other
    }
  }

 private:
  std::string binary_;
};

class FaialTool : public ProcessTool {
 public:
  explicit FaialTool(std::string binary) : ProcessTool("faial", "faial"), binary_(std::move(binary)) {}
  bool reads(const KernelCase& k) const override { return has_extension(k, {".cu"}); }
  std::vector<std::string> command(const KernelCase& k, double) const override {
    std::vector<std::string> argv = {binary_, "--json"};
    if (k.header.block) argv.push_back("--block-dim=" + k.header.block->str());
    if (k.header.grid) argv.push_back("--grid-dim=" + k.header.grid->str());
    argv.push_back(k.path);
    return argv;
  }
  Verdict interpret(const ProcessResult& r, std::string& detail) const override {
    // The JSON report has one entry per kernel with a "status"; the worst wins.
    bool any = false;
    Verdict worst = Verdict::Drf;
    if (auto parsed = llvm::json::parse(r.out)) {
      if (const auto* root = parsed->getAsObject())
        if (const auto* kernels = root->getArray("kernels"))
          for (const auto& kv : *kernels)
            if (const auto* k = kv.getAsObject())
              if (auto s = k->getString("status")) {
                std::string st = s->lower();
                any = true;
                if (st == "racy" || st == "race") worst = Verdict::Racy;
                else if (worst != Verdict::Racy && st != "drf") worst = Verdict::Unknown;
              }
    } else {
      llvm::consumeError(parsed.takeError());
    }
    detail = any && worst == Verdict::Drf ? "" : error_line(r);
    if (any && (r.exit_code == 0 || r.exit_code == 1)) return worst;
    switch (r.exit_code) {
      case 0: return Verdict::Drf;
      case 1: return Verdict::Racy;
      default: return Verdict::Unsupported;  // parse errors, unsupported constructs
    }
  }

 private:
  std::string binary_;
};

// Any command; exit codes follow racecert's convention (0 DRF, 1 race,
// 2 unreadable input, 4 inconclusive), anything else is a crash.
class CommandTool : public ProcessTool {
 public:
  CommandTool(std::string name, std::string spec, std::vector<std::string> words)
      : ProcessTool(std::move(name), std::move(spec)), words_(std::move(words)) {}
  bool reads(const KernelCase&) const override { return true; }
  std::vector<std::string> command(const KernelCase& k, double timeout_s) const override {
    return expand_template(words_, placeholders(k, timeout_s));
  }
  Verdict interpret(const ProcessResult& r, std::string& detail) const override {
    detail = r.exit_code == 0 ? "" : error_line(r);
    switch (r.exit_code) {
      case 0: return Verdict::Drf;
      case 1: return Verdict::Racy;
      case 2: return Verdict::Unsupported;
      case 4: return Verdict::Unknown;
      default:
        detail = "exit " + std::to_string(r.exit_code) + (detail.empty() ? "" : ": " + detail);
        return Verdict::Error;
    }
  }
  static std::map<std::string, std::vector<std::string>> placeholders(const KernelCase& k, double timeout_s) {
    std::map<std::string, std::vector<std::string>> v;
    v["file"] = {k.path};
    v["name"] = {k.name};
    v["dataset"] = {k.dataset};
    v["block"] = k.header.block ? std::vector<std::string>{k.header.block->str()} : std::vector<std::string>{};
    v["grid"] = k.header.grid ? std::vector<std::string>{k.header.grid->str()} : std::vector<std::string>{};
    for (const auto& d : k.header.defines) v["defines"].push_back("-D" + d);
    v["defines"];
    v["header"] = k.header.args;
    v["timeout"] = {std::to_string(static_cast<long long>(timeout_s))};
    v["expected"] = {to_string(k.header.expected)};
    return v;
  }

 private:
  std::vector<std::string> words_;
};

}  // namespace

std::unique_ptr<Tool> make_gpuverify_tool(const std::string& binary) {
  return std::make_unique<GpuVerifyTool>(binary);
}

std::unique_ptr<Tool> make_faial_tool(const std::string& binary) { return std::make_unique<FaialTool>(binary); }

std::unique_ptr<Tool> make_command_tool(const std::string& name, const std::string& spec,
                                        const std::string& command) {
  std::vector<std::string> words = split_command(command);
  if (words.empty()) throw usage_error("empty tool command");
  // Check the placeholders now rather than on the first kernel.
  KernelCase probe;
  probe.path = "probe.cu";
  expand_template(words, CommandTool::placeholders(probe, 1));
  std::string program = find_program(words[0]);
  if (program.empty()) throw usage_error("tool '" + words[0] + "' not found or not executable");
  std::string n = name;
  if (n.empty()) {
    n = words[0].substr(words[0].find_last_of('/') + 1);
    if (n.empty()) n = "tool";
  }
  // The spec job lines carry: named, with the program's absolute path, so
  // that it means the same from any working directory.
  std::vector<std::string> resolved = words;
  if (words[0].find('/') != std::string::npos) resolved[0] = program;
  bool plain_name = n.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-") ==
                    std::string::npos && n[0] != '-';
  std::string portable = plain_name ? n + "=" + shell_join(resolved) : shell_join(resolved);
  (void)spec;
  return std::make_unique<CommandTool>(n, portable, words);
}

}  // namespace racecert::harness
