#pragma once
// Tool adapters: how to run a verifier on one kernel and what its answer
// means. racecert (subprocess or in-process), GPUVerify, Faial, and a generic
// adapter for any command.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "harness/dataset.hpp"
#include "harness/process.hpp"

namespace racecert::harness {

// What a tool said, before it is compared with the expected result; the
// last two are for kernels no tool ran on (a malformed header, or no verdict
// to compare with).
// Assertion: racecert's explorer reached a failing assertion (a violation);
// Bounded: it explored one launch without finding a problem (inconclusive).
enum class Verdict { Drf, Racy, Divergent, Deadlock, Unknown, Unsupported, Timeout, Error, Malformed, Skipped, Assertion, Bounded };
// "drf", "racy", ..., "unsupported", "timeout", "error", "malformed", "skipped", "assertion", "bounded"
const char* to_string(Verdict v);
bool parse_verdict(const std::string& s, Verdict& out);

struct ToolAnswer {
  Verdict verdict = Verdict::Error;
  std::string detail;        // one line: the first diagnostic, the exit status, ...
  double wall_s = 0;
  double cpu_s = 0;
  long peak_rss_kb = -1;     // -1: not measured (in-process runs, kernels not run)
  std::string exit_status;   // "0", "6", "signal 11", "timeout", "not run"
};

class Tool {
 public:
  explicit Tool(std::string name, std::string spec) : name_(std::move(name)), spec_(std::move(spec)) {}
  virtual ~Tool() = default;
  const std::string& name() const { return name_; }
  // The --tool argument that recreates this adapter (for --emit-jobs).
  const std::string& spec() const { return spec_; }
  // Whether the tool reads this kind of file at all; the others are reported
  // unsupported without running it.
  virtual bool reads(const KernelCase& k) const = 0;
  virtual ToolAnswer run(const KernelCase& k, double timeout_s) const = 0;
  // False when runs may not overlap (the in-process adapter).
  virtual bool parallel_safe() const { return true; }

 private:
  std::string name_, spec_;
};

// A tool run as a separate process with a timeout.
class ProcessTool : public Tool {
 public:
  using Tool::Tool;
  ToolAnswer run(const KernelCase& k, double timeout_s) const override;
  virtual std::vector<std::string> command(const KernelCase& k, double timeout_s) const = 0;
  // The verdict of a process that exited by itself (timeouts, signals and
  // start failures are handled by run()).
  virtual Verdict interpret(const ProcessResult& r, std::string& detail) const = 0;
};

// `racecert check` run inside the harness process: the arguments after
// "check"; returns the exit code and what it printed on stdout. Supplied by
// cli/ so that the harness does not link the checkers.
using InProcessCheck = std::function<int(const std::vector<std::string>& args, std::string& out)>;

struct ToolSettings {
  std::string racecert_binary;  // default: the running executable
  InProcessCheck in_process;    // needed for --tool racecert-inprocess
};

// "racecert", "racecert-inprocess", "gpuverify", "faial", or a command
// template ("NAME=CMD" names it NAME; otherwise the program's base name).
// Throws usage_error for an unusable spec or a tool that is not installed.
std::unique_ptr<Tool> make_tool(const std::string& spec, const ToolSettings& settings);

// A finished process as an answer: start failures, timeouts, signals and
// interruptions here, the exit of a process that ended by itself through
// `interpret`.
ToolAnswer answer_of(const ProcessResult& r, double timeout_s,
                     const std::function<Verdict(const ProcessResult&, std::string&)>& interpret);

// The adapters' building blocks, exposed for tests.
std::string first_line(const std::string& text);  // first non-blank line, at most 200 characters
bool has_extension(const KernelCase& k, std::initializer_list<const char*> extensions);
// racecert's `check --format json` output and exit code as a verdict.
Verdict interpret_racecert(int exit_code, const std::string& json_out, const std::string& err, std::string& detail);
// The arguments `racecert check` gets for a kernel (after "check").
std::vector<std::string> racecert_check_args(const KernelCase& k, double timeout_s);

}  // namespace racecert::harness
