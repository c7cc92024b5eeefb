#include "harness/tool.hpp"

#include <filesystem>

#include "support/diagnostic.hpp"

namespace racecert::harness {

// Defined in tool_racecert.cpp and tool_external.cpp.
std::unique_ptr<Tool> make_racecert_tool(const std::string& binary);
std::unique_ptr<Tool> make_racecert_inprocess_tool(InProcessCheck check);
std::unique_ptr<Tool> make_gpuverify_tool(const std::string& binary);
std::unique_ptr<Tool> make_faial_tool(const std::string& binary);
std::unique_ptr<Tool> make_command_tool(const std::string& name, const std::string& spec,
                                        const std::string& command);

namespace {

constexpr const char* kVerdictNames[] = {"drf",     "racy",    "divergent", "deadlock",  "unknown",   "unsupported",
                                         "timeout", "error",   "malformed", "skipped",   "assertion", "bounded"};
constexpr int kVerdictCount = sizeof kVerdictNames / sizeof kVerdictNames[0];

}  // namespace

const char* to_string(Verdict v) { return kVerdictNames[static_cast<int>(v)]; }

bool parse_verdict(const std::string& s, Verdict& out) {
  for (int i = 0; i < kVerdictCount; ++i)
    if (s == kVerdictNames[i]) {
      out = static_cast<Verdict>(i);
      return true;
    }
  return false;
}

std::string first_line(const std::string& text) {
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    std::string line = text.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
    if (line.find_first_not_of(" \t\r") != std::string::npos) {
      while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
      return line.size() > 200 ? line.substr(0, 197) + "..." : line;
    }
    if (end == std::string::npos) break;
    pos = end + 1;
  }
  return "";
}

bool has_extension(const KernelCase& k, std::initializer_list<const char*> extensions) {
  std::string e = std::filesystem::path(k.path).extension().string();
  for (const char* x : extensions)
    if (e == x) return true;
  return false;
}

ToolAnswer answer_of(const ProcessResult& r, double timeout_s,
                     const std::function<Verdict(const ProcessResult&, std::string&)>& interpret) {
  ToolAnswer a;
  a.wall_s = r.wall_s;
  a.cpu_s = r.cpu_s;
  a.peak_rss_kb = r.started ? r.peak_rss_kb : -1;
  if (!r.started) {
    a.verdict = Verdict::Error;
    a.detail = r.describe();
    a.exit_status = "not run";
  } else if (r.timed_out) {
    a.verdict = Verdict::Timeout;
    a.detail = "killed after " + std::to_string(static_cast<long>(timeout_s)) + " s";
    a.exit_status = "timeout";
  } else if (r.signal || r.interrupted) {
    a.verdict = Verdict::Error;
    a.detail = r.describe();
    std::string why = first_line(r.err);
    if (!why.empty()) a.detail += ": " + why;
    a.exit_status = r.interrupted ? "interrupted" : "signal " + std::to_string(r.signal);
  } else {
    a.exit_status = std::to_string(r.exit_code);
    a.verdict = interpret(r, a.detail);
  }
  return a;
}

ToolAnswer ProcessTool::run(const KernelCase& k, double timeout_s) const {
  ProcessSpec spec;
  spec.argv = command(k, timeout_s);
  spec.timeout_s = timeout_s;
  static const std::string launcher = default_measure_launcher();
  spec.launcher = launcher;
  return answer_of(run_process(spec), timeout_s,
                   [this](const ProcessResult& r, std::string& detail) { return interpret(r, detail); });
}

std::unique_ptr<Tool> make_tool(const std::string& spec, const ToolSettings& settings) {
  if (spec == "racecert") return make_racecert_tool(settings.racecert_binary);
  if (spec == "racecert-inprocess") {
    if (!settings.in_process) throw usage_error("racecert-inprocess is not available here");
    return make_racecert_inprocess_tool(settings.in_process);
  }
  if (spec == "gpuverify") {
    std::string bin = find_program("gpuverify");
    if (bin.empty()) throw usage_error("gpuverify is not installed (not found on PATH)");
    return make_gpuverify_tool(bin);
  }
  if (spec == "faial") {
    std::string bin = find_program("faial-drf");
    if (bin.empty()) throw usage_error("faial is not installed (faial-drf not found on PATH)");
    return make_faial_tool(bin);
  }
  // A command template, optionally named: "mytool=./run.sh {file}".
  std::string name, command = spec;
  auto eq = spec.find('=');
  auto blank = spec.find_first_of(" \t");
  if (eq != std::string::npos && eq > 0 && (blank == std::string::npos || eq < blank) && spec[0] != '-' &&
      spec.substr(0, eq).find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-") ==
          std::string::npos) {
    name = spec.substr(0, eq);
    command = spec.substr(eq + 1);
  }
  return make_command_tool(name, spec, command);
}

}  // namespace racecert::harness
