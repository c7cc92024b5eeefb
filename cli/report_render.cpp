#include "cli/report_render.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <unistd.h>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>

#include <llvm/Support/JSON.h>
#include <llvm/Support/raw_ostream.h>

namespace racecert::cli {

namespace {

// ------------------------------------------------------------------ snippets

class SourceCache {
 public:
  // The line of a file, or empty when it cannot be read.
  std::string line(const SourceLoc& loc) {
    if (!loc.known() || loc.file.empty()) return "";
    auto it = files_.find(loc.file);
    if (it == files_.end()) {
      std::vector<std::string> lines;
      std::ifstream in(loc.file);
      for (std::string l; std::getline(in, l);) lines.push_back(l);
      it = files_.emplace(loc.file, std::move(lines)).first;
    }
    std::size_t i = static_cast<std::size_t>(loc.line - 1);
    return i < it->second.size() ? it->second[i] : "";
  }

 private:
  std::map<std::string, std::vector<std::string>> files_;
};

// The line under a gutter with its number, and a caret under the column,
// as Clang shows them:
//     12 |     a[i] = 0;
//        |     ^
std::string caret(SourceCache& src, const SourceLoc& loc) {
  std::string text = src.line(loc);
  if (text.empty()) return "";
  std::string mark;
  for (int i = 1; i < loc.column && static_cast<std::size_t>(i - 1) < text.size(); ++i)
    mark += text[static_cast<std::size_t>(i - 1)] == '\t' ? '\t' : ' ';
  char number[16];
  std::snprintf(number, sizeof number, "%5d", loc.line);
  return std::string(number) + " | " + text + "\n" + std::string(std::string(number).size(), ' ') + " | " + mark +
         "^\n";
}

std::string index_text(const std::string& array, const std::vector<std::int64_t>& index) {
  std::string s = array;
  for (auto i : index) s += "[" + std::to_string(i) + "]";
  return s;
}

std::string bytes_text(const ReportedBytes& b) {
  return "bytes [" + std::to_string(b.offset) + ", " + std::to_string(b.offset + b.width) + ")";
}

// "A[2]", or under differing byte views "A[2] (bytes [8, 12)) and A[0] (bytes [0, 16))".
std::string index_text(const ReportedRace& r) {
  if (r.bytes.size() != 2) return index_text(r.array, r.index);
  const ReportedBytes &a = r.bytes[0], &b = r.bytes[1];
  if (a.index == b.index && a.offset == b.offset && a.width == b.width)  // one byte view, the same bytes
    return index_text(r.array, a.index) + " (" + bytes_text(a) + ")";
  return index_text(r.array, r.bytes[0].index) + " (" + bytes_text(r.bytes[0]) + ") and " +
         index_text(r.array, r.bytes[1].index) + " (" + bytes_text(r.bytes[1]) + ")";
}

const char* severity(Diagnostic::Severity s) {
  switch (s) {
    case Diagnostic::Severity::Error: return "error";
    case Diagnostic::Severity::Warning: return "warning";
    case Diagnostic::Severity::Note: return "note";
  }
  return "note";
}

std::string where(const SourceLoc& loc, const std::string& fallback) {
  std::string s = loc.str();
  return s.empty() ? fallback : s;
}

// "assuming blockDim.y = gridDim.y = 1 (...)": the launch sizes the verdict
// took as 1 because the kernel never reads their dimension.
// "arrays decided by protocols: A, B; by the explorer: lock", or "" when
// the report names no engine.
std::string engines_text(const KernelReport& k) {
  std::map<std::string, std::string> by_engine;
  for (const auto& [array, engine] : k.engines) by_engine[engine] += (by_engine[engine].empty() ? "" : ", ") + array;
  std::string s;
  for (const auto& [engine, arrays] : by_engine) s += (s.empty() ? "" : "; ") + std::string("by ") + engine + ": " + arrays;
  return s.empty() ? s : "arrays decided " + s;
}

std::string assumption_text(const KernelReport& k) {
  std::string s = "assuming";
  for (const auto& d : k.assumed_one) s += " " + d + " =";
  return s + " 1 (the kernel never reads these dimensions; --all-dims checks every launch)";
}

// ---------------------------------------------------------------------- json

llvm::json::Object loc_json(const SourceLoc& loc) {
  return llvm::json::Object{{"file", loc.file.str()}, {"line", loc.line}, {"column", loc.column}};
}

llvm::json::Object access_json(const ReportedAccess& a) {
  llvm::json::Object o = loc_json(a.loc);
  o["mode"] = a.mode;
  o["thread"] = a.thread;
  if (!a.detail.empty()) o["detail"] = a.detail;
  return o;
}

}  // namespace

// Numbered steps under a heading, one per line.
void steps_text(std::ostream& os, const std::string& heading, const std::vector<ReportedStep>& steps,
                const std::string& file) {
  if (steps.empty()) return;
  os << "  " << heading << " (" << steps.size() << " steps):\n";
  int n = 0;
  for (const auto& s : steps)
    os << "    " << ++n << ". " << s.thread << ", " << where(s.loc, file) << ": " << s.action << "\n";
}

// An explorer's witness.
void schedule_text(std::ostream& os, const std::vector<ReportedStep>& schedule, const std::string& file) {
  steps_text(os, "schedule", schedule, file);
}

llvm::json::Array schedule_json(const std::vector<ReportedStep>& schedule) {
  llvm::json::Array out;
  for (const auto& s : schedule) {
    llvm::json::Object o = loc_json(s.loc);
    o["thread"] = s.thread;
    o["action"] = s.action;
    out.push_back(std::move(o));
  }
  return out;
}

namespace {

llvm::json::Object failure_json(const ReportedFailure& f) {
  llvm::json::Object o = loc_json(f.loc);
  o["kind"] = f.kind;
  o["message"] = f.message;
  o["schedule"] = schedule_json(f.schedule);
  if (!f.progress_model.empty()) {
    o["progressModel"] = f.progress_model;
    o["cycle"] = schedule_json(f.cycle);
  }
  return o;
}

// Whether a replay confirmed the race (pipeline/replay.hpp), in one line.
std::string replay_text(const ReportedRace& r) {
  if (!r.schedule.empty()) return "shown by the explorer's schedule";
  return r.confirmed ? "confirmed by replay" : "possible race (not confirmed by replay: " + r.replay_reason + ")";
}

llvm::json::Object race_json(const ReportedRace& r) {
  llvm::json::Array index;
  for (auto i : r.index) index.push_back(i);
  llvm::json::Object witness;
  for (const auto& [k, v] : r.witness) witness[k] = v;
  llvm::json::Object o{{"kind", r.heterogeneous ? "heterogeneous" : "data"},
                       {"array", r.array},
                       {"index", std::move(index)},
                       {"accesses", llvm::json::Array{access_json(r.first), access_json(r.second)}},
                       {"witness", std::move(witness)},
                       {"phase", r.note}};
  if (!r.launch_explanation.empty()) o["launch_explanation"] = r.launch_explanation;
  o["confirmed"] = r.confirmed;
  if (!r.confirmed) o["reason"] = r.replay_reason;
  if (!r.schedule.empty()) o["schedule"] = schedule_json(r.schedule);
  if (!r.bytes.empty()) {
    llvm::json::Array bytes;
    for (const auto& b : r.bytes) {
      llvm::json::Array idx;
      for (auto i : b.index) idx.push_back(i);
      bytes.push_back(llvm::json::Object{{"index", std::move(idx)}, {"offset", b.offset}, {"width", b.width}});
    }
    o["bytes"] = std::move(bytes);
  }
  return o;
}

llvm::json::Object diag_json(const Diagnostic& d) {
  llvm::json::Object o = loc_json(d.loc);
  o["severity"] = severity(d.severity);
  o["message"] = d.message;
  return o;
}

void write(const llvm::json::Value& v, std::ostream& os) {
  std::string s;
  llvm::raw_string_ostream ss(s);
  ss << llvm::formatv("{0:2}", v);
  ss.flush();
  os << s << "\n";
}

}  // namespace

int exit_code(const CheckOutput& out, bool accept_bounded) {
  for (const auto& e : out.errors)
    if (e.code() == kExitUsage) return kExitUsage;
  if (!out.errors.empty()) return kExitBadInput;
  int code = kExitOk;
  for (const auto& k : out.kernels) {
    ExitCode c = racecert::exit_code(k.status, accept_bounded);
    if (c == kExitViolation) return kExitViolation;
    if (c == kExitInconclusive) code = kExitInconclusive;
  }
  return code;
}

bool shown_with_kernel(const CheckOutput& out, const Error& e) {
  const std::string message = e.what();
  for (const auto& k : out.kernels)
    for (const auto& d : k.diagnostics)
      if (d.loc == e.loc() && d.message.size() >= message.size() &&
          d.message.compare(d.message.size() - message.size(), message.size(), message) == 0)
        return true;
  return false;
}

TextStyle text_style(const std::string& color, bool verbose) {
  if (color != "auto" && color != "always" && color != "never")
    throw usage_error("unknown --color '" + color + "' (expected auto, always or never)");
  const char* no_color = std::getenv("NO_COLOR");
  bool on_terminal = isatty(STDOUT_FILENO) != 0 && (no_color == nullptr || *no_color == '\0');
  return TextStyle{color == "always" || (color == "auto" && on_terminal), verbose};
}

std::string totals_text(const CheckOutput& out) {
  auto count = [](std::size_t n, const std::string& what) {
    return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
  };
  std::map<KernelStatus, std::size_t> by_status;
  for (const auto& k : out.kernels) ++by_status[k.status];
  std::string s = count(out.files, "file") + ", " + count(out.kernels.size(), "kernel");
  std::string statuses;
  for (const auto& [status, n] : by_status)
    statuses += (statuses.empty() ? "" : ", ") + std::to_string(n) + " " + to_string(status);
  if (!statuses.empty()) s += ": " + statuses;
  if (!out.errors.empty()) s += "; " + count(out.errors.size(), "input error");
  return s;
}

void render_text(const CheckOutput& out, std::ostream& os, const TextStyle& style) {
  const char* red = style.color ? "\033[1;31m" : "";
  const char* bold = style.color ? "\033[1m" : "";
  const char* reset = style.color ? "\033[0m" : "";
  SourceCache src;
  // One line each (a compile error in a kernel is a diagnostic of its
  // report, with its caret); an error of no file (a --kernel no file has)
  // says who speaks, as usage errors do.
  for (const auto& e : out.errors) os << bold << (e.loc().file.empty() ? "racecert: " : "") << e.render() << reset << "\n";
  for (const auto& f : out.without_kernels) os << f << ": no kernels\n";
  for (const auto& k : out.kernels) {
    for (const auto& r : k.races) {
      os << bold << where(r.first.loc, k.file) << ": " << red << "error: " << reset << bold << (r.heterogeneous ? "heterogeneous race on " : "data race on ")
         << index_text(r) << " in kernel '" << k.name << "'" << reset << "\n";
      os << caret(src, r.first.loc);
      os << where(r.second.loc, k.file) << ": note: " << r.first.mode << " by thread 1 " << r.first.thread
         << " conflicts with this " << r.second.mode << " by thread 2 " << r.second.thread << "\n";
      os << caret(src, r.second.loc);
      os << "  " << r.note << "\n";
      if (!r.witness.empty()) {
        os << "  witness:";
        for (const auto& [name, value] : r.witness) os << " " << name << "=" << value;
        os << "\n";
      }
      os << "  " << replay_text(r) << "\n";
      if (!r.launch_explanation.empty()) os << "  launch: " << r.launch_explanation << "\n";
      schedule_text(os, r.schedule, k.file);
    }
    for (const auto& f : k.failures) {
      os << bold << where(f.loc, k.file) << ": " << red << "error: " << reset << bold << f.kind << ": " << f.message
         << " (kernel '" << k.name << "')" << reset << "\n";
      os << caret(src, f.loc);
      schedule_text(os, f.schedule, k.file);
      // A lasso's cycle: the steps after the schedule, repeated forever.
      steps_text(os, "then repeated forever", f.cycle, k.file);
    }
    for (const auto& d : k.diagnostics) {
      if (d.internal && !style.verbose) continue;
      os << where(d.loc, k.file) << ": " << (d.severity == Diagnostic::Severity::Error ? red : "")
         << severity(d.severity) << ": " << reset << d.message << "\n";
      if (d.severity != Diagnostic::Severity::Note) os << caret(src, d.loc);
    }
    if (!k.assumed_one.empty()) os << k.file << ": note: " << assumption_text(k) << "\n";
    if (!k.engines.empty() && style.verbose) os << k.file << ": note: " << engines_text(k) << "\n";
    for (const auto& a : k.assumptions) os << k.file << ": note: assuming " << a << "\n";
    char secs[32];
    std::snprintf(secs, sizeof secs, "%.3f", k.seconds);
    os << bold << k.file << ": kernel '" << k.name << "': " << to_string(k.status) << reset << " (" << secs << " s)\n";
  }
}

void render(const CheckOutput& out, const std::string& format, const TextStyle& style) {
  if (format == "json") return render_json(out, std::cout);
  if (format == "sarif") return render_sarif(out, std::cout);
  // Errors on standard error, each once with its caret; the verdicts, and
  // the totals of a run over several files, on standard output.
  CheckOutput errors;
  for (const auto& e : out.errors)
    if (!shown_with_kernel(out, e)) errors.errors.push_back(e);
  render_text(errors, std::cerr, TextStyle{false, style.verbose});
  CheckOutput rest = out;
  rest.errors.clear();
  render_text(rest, std::cout, style);
  if (out.files > 1) std::cout << totals_text(out) << "\n";
}

void render_json(const CheckOutput& out, std::ostream& os) {
  llvm::json::Array kernels;
  for (const auto& k : out.kernels) {
    llvm::json::Array races, diags, assumptions, failures;
    llvm::json::Object engines;
    for (const auto& r : k.races) races.push_back(race_json(r));
    for (const auto& f : k.failures) failures.push_back(failure_json(f));
    for (const auto& [array, engine] : k.engines) engines[array] = engine;
    for (const auto& d : k.diagnostics) diags.push_back(diag_json(d));
    for (const auto& d : k.assumed_one) assumptions.push_back(d + " = 1");
    for (const auto& a : k.assumptions) assumptions.push_back(a);
    kernels.push_back(llvm::json::Object{{"name", k.name},
                                         {"file", k.file},
                                         {"status", to_string(k.status)},
                                         {"races", std::move(races)},
                                         {"failures", std::move(failures)},
                                         {"engines", std::move(engines)},
                                         {"diagnostics", std::move(diags)},
                                         {"assumptions", std::move(assumptions)},
                                         {"seconds", k.seconds}});
  }
  llvm::json::Object root{{"kernels", std::move(kernels)}};
  if (out.time.total > 0) {
    const auto& t = out.time;
    root["time"] = llvm::json::Object{{"total", t.total},
                                      {"front_end", t.front_end},
                                      {"kernels", t.kernels},
                                      {"explorer", t.explorer},
                                      {"other", std::max(0.0, t.total - t.front_end - t.kernels - t.explorer)}};
  }
  if (!out.errors.empty()) {
    llvm::json::Array errors;
    for (const auto& e : out.errors) {
      llvm::json::Object o = loc_json(e.loc());
      o["message"] = e.what();
      o["exit_code"] = static_cast<int>(e.code());
      errors.push_back(std::move(o));
    }
    root["errors"] = std::move(errors);
  }
  write(llvm::json::Value(std::move(root)), os);
}

namespace {

// SARIF's rules: each result names one (ruleId and ruleIndex), and each
// has an id, a name and help text (SARIF 2.1.0 §3.49).
struct SarifRule {
  const char* id;
  const char* name;
  const char* short_text;
  const char* help;
};

constexpr SarifRule kSarifRules[] = {
    {"data-race", "DataRace", "Two threads access the same location without synchronization",
     "Two threads of the kernel access the same memory location, at least one of them writes, and no barrier "
     "or atomic orders the two accesses. The result names both accesses, the two threads and the launch; a "
     "confirmed race was reached by a concrete run of the kernel."},
    {"heterogeneous-race", "HeterogeneousRace", "Two atomics of different blocks, one scoped to its block",
     "Two threads of different blocks access the same location atomically, but one atomic is scoped to its "
     "block (atomicAdd_block and the like), so it is atomic only within that block: the two accesses race."},
    {"barrier-divergence", "BarrierDivergence", "A barrier is not reached by every thread of a block",
     "Some threads of a block reach a barrier (__syncthreads) that others skip, which is undefined behaviour "
     "on a GPU. Make the barrier's condition the same for every thread of the block."},
    {"deadlock", "Deadlock", "Threads wait on a barrier that never completes, or spin forever",
     "Some threads wait forever: on a barrier that the others never reach, or in a loop waiting for a value "
     "that no thread that can still run will write (under the progress model named in the result)."},
    {"assertion", "AssertionFailure", "An assertion fails (or an index leaves its array) in some execution",
     "An execution of the kernel fails an assertion, indexes an array out of its bounds or performs an "
     "undefined operation; the result's code flow shows the execution."},
    {"inconclusive", "Inconclusive", "The analysis could not decide",
     "racecert could not decide this kernel: an unsupported construct, a solver timeout or a kernel that "
     "does not compile. The result's location is the cause; the kernel is not known to be race-free."},
    {"input-error", "InputError", "The input could not be read or parsed",
     "A file could not be read, or it is malformed (a compile error, a bad GPUVerify header): fix the input "
     "at the result's location and run racecert again."},
};

// The index of a rule in kSarifRules.
int sarif_rule_index(const std::string& id) {
  for (std::size_t i = 0; i < std::size(kSarifRules); ++i)
    if (id == kSarifRules[i].id) return static_cast<int>(i);
  return -1;
}

// A path as a URI reference (RFC 3986): every byte outside the unreserved
// characters, the sub-delimiters, ':', '@' and '/' percent-encoded.
std::string uri_path(const std::string& path) {
  static const std::string keep = "-._~!$&'()*+,;=:@/";
  std::string out;
  for (unsigned char c : path) {
    if (std::isalnum(c) || keep.find(static_cast<char>(c)) != std::string::npos) {
      out += static_cast<char>(c);
    } else {
      char hex[4];
      std::snprintf(hex, sizeof hex, "%%%02X", c);
      out += hex;
    }
  }
  return out;
}

// Artifact locations: a relative path relative to %SRCROOT% (the working
// directory, in originalUriBaseIds), an absolute one as a file:// URI.
// Plain absolute paths are not URIs (the SARIF multitool's SARIF1004).
llvm::json::Object artifact_location(const std::string& path) {
  if (!path.empty() && path.front() == '/') return llvm::json::Object{{"uri", "file://" + uri_path(path)}};
  return llvm::json::Object{{"uri", uri_path(path)}, {"uriBaseId", "%SRCROOT%"}};
}

llvm::json::Object sarif_location(const SourceLoc& loc, const std::string& file) {
  const std::string& path = loc.file.empty() ? file : loc.file.str();
  llvm::json::Object region;
  if (loc.line > 0) region["startLine"] = loc.line;
  if (loc.column > 0) region["startColumn"] = loc.column;
  llvm::json::Object phys{{"artifactLocation", artifact_location(path)}};
  if (!region.empty()) phys["region"] = std::move(region);
  return llvm::json::Object{{"physicalLocation", std::move(phys)}};
}

std::string srcroot_uri() {
  std::error_code ec;
  std::string cwd = std::filesystem::current_path(ec).string();
  if (ec || cwd.empty()) cwd = "/";
  if (cwd.back() != '/') cwd += '/';
  return "file://" + uri_path(cwd);
}

}  // namespace

void render_sarif(const CheckOutput& out, std::ostream& os) {
  llvm::json::Array results, notifications;
  // Each result once: the same rule, message and location twice (a
  // kernel's compile error that is also the file's input error, a race
  // found under two launches) is one finding.
  std::set<std::string> seen;
  auto add = [&](const std::string& rule, llvm::json::Object result) {
    const llvm::json::Array* locs = result.getArray("locations");
    std::string key = rule + "\n" + result.getObject("message")->getString("text")->str() + "\n";
    if (locs && !locs->empty()) {
      std::string l;
      llvm::raw_string_ostream ls(l);
      ls << llvm::json::Value(llvm::json::Object(*(*locs)[0].getAsObject()));
      key += ls.str();
    }
    if (!seen.insert(key).second) return;
    result["ruleId"] = rule;
    result["ruleIndex"] = sarif_rule_index(rule);
    results.push_back(std::move(result));
  };
  auto note = [&](const std::string& text, const std::string& file) {
    notifications.push_back(llvm::json::Object{{"level", "note"},
                                               {"message", llvm::json::Object{{"text", text}}},
                                               {"locations", llvm::json::Array{sarif_location(SourceLoc{}, file)}}});
  };
  // Input errors first: a kernel's diagnostic at the same place is the same
  // compile error and is not repeated. Each has a region (line 1 when the
  // error is about the whole file) and, without any file, no location.
  std::set<std::string> error_places;
  for (const auto& e : out.errors) {
    llvm::json::Object result{{"level", "error"}, {"message", llvm::json::Object{{"text", std::string(e.what())}}}};
    if (!e.loc().file.empty()) {
      SourceLoc at = e.loc();
      if (at.line <= 0) at = SourceLoc{at.file, 1, 1};
      error_places.insert(at.str());
      result["locations"] = llvm::json::Array{sarif_location(at, at.file)};
    }
    add("input-error", std::move(result));
  }
  for (const auto& k : out.kernels) {
    // The launch a verdict assumes is no result of its own: a note of the
    // run (an invocation's notification), with the kernel's file.
    if (!k.assumed_one.empty()) note("kernel '" + k.name + "': " + assumption_text(k), k.file);
    for (const auto& a : k.assumptions) note("kernel '" + k.name + "': assuming " + a, k.file);
    if (!k.engines.empty()) note("kernel '" + k.name + "': " + engines_text(k), k.file);
    for (const auto& r : k.races) {
      std::string msg = std::string(r.heterogeneous ? "Heterogeneous race on " : "Data race on ") + index_text(r) + " in kernel '" + k.name + "': " + r.first.mode +
                        " by " + r.first.thread + " and " + r.second.mode + " by " + r.second.thread + " (" +
                        r.note + ")";
      if (!r.launch_explanation.empty()) msg += "; " + r.launch_explanation;
      msg += "; " + replay_text(r);
      llvm::json::Object result{{"level", "error"},
                                {"message", llvm::json::Object{{"text", msg}}},
                                {"locations", llvm::json::Array{sarif_location(r.first.loc, k.file)}},
                                {"relatedLocations", llvm::json::Array{sarif_location(r.second.loc, k.file)}}};
      llvm::json::Object properties{{"confirmed", r.confirmed}};
      if (k.engines.count(r.array)) properties["engine"] = k.engines.at(r.array);
      if (!r.confirmed) properties["replayReason"] = r.replay_reason;
      if (!r.launch_explanation.empty()) properties["launchExplanation"] = r.launch_explanation;
      result["properties"] = std::move(properties);
      add(r.heterogeneous ? "heterogeneous-race" : "data-race", std::move(result));
    }
    for (const auto& f : k.failures) {
      llvm::json::Array steps;
      auto step = [&](const ReportedStep& st, const std::string& prefix) {
        steps.push_back(llvm::json::Object{
            {"location",
             llvm::json::Object{{"physicalLocation", sarif_location(st.loc, k.file)["physicalLocation"]},
                                {"message", llvm::json::Object{{"text", prefix + st.thread + ": " + st.action}}}}}});
      };
      for (const auto& st : f.schedule) step(st, "");
      // A lasso's cycle follows its prefix in the same flow, each step marked.
      for (const auto& st : f.cycle) step(st, "(repeated forever) ");
      llvm::json::Object result{
          {"level", "error"},
          {"message", llvm::json::Object{{"text", f.kind + " in kernel '" + k.name + "': " + f.message}}},
          {"locations", llvm::json::Array{sarif_location(f.loc, k.file)}}};
      if (!f.progress_model.empty())
        result["properties"] = llvm::json::Object{{"progressModel", f.progress_model},
                                                  {"cycleSteps", static_cast<std::int64_t>(f.cycle.size())}};
      if (!steps.empty())
        result["codeFlows"] = llvm::json::Array{llvm::json::Object{
            {"threadFlows", llvm::json::Array{llvm::json::Object{{"locations", std::move(steps)}}}}}};
      add(f.kind == "deadlock" ? "deadlock" : f.kind == "divergence" ? "barrier-divergence" : "assertion",
          std::move(result));
    }
    for (const auto& d : k.diagnostics) {
      if (d.severity == Diagnostic::Severity::Note) continue;
      if (d.loc.known() && error_places.count(d.loc.str())) continue;
      bool divergence = k.status == KernelStatus::Divergent || k.status == KernelStatus::Deadlock;
      add(divergence ? (k.status == KernelStatus::Deadlock ? "deadlock" : "barrier-divergence") : "inconclusive",
          llvm::json::Object{{"level", d.severity == Diagnostic::Severity::Error ? "error" : "warning"},
                             {"message", llvm::json::Object{{"text", d.message}}},
                             {"locations", llvm::json::Array{sarif_location(d.loc, k.file)}}});
    }
  }
  llvm::json::Array rules;
  for (const SarifRule& r : kSarifRules)
    rules.push_back(llvm::json::Object{{"id", r.id},
                                       {"name", r.name},
                                       {"shortDescription", llvm::json::Object{{"text", r.short_text}}},
                                       {"help", llvm::json::Object{{"text", r.help}}}});
  llvm::json::Object driver{{"name", "racecert"}, {"version", RACECERT_VERSION}, {"rules", std::move(rules)}};
  llvm::json::Object root{
      {"version", "2.1.0"},
      {"$schema", "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"},
      {"runs", llvm::json::Array{llvm::json::Object{
                   {"tool", llvm::json::Object{{"driver", std::move(driver)}}},
                   {"originalUriBaseIds",
                    llvm::json::Object{{"%SRCROOT%", llvm::json::Object{{"uri", srcroot_uri()}}}}},
                   {"invocations", llvm::json::Array{llvm::json::Object{
                                       {"executionSuccessful", true},  // input errors are results
                                       {"toolExecutionNotifications", std::move(notifications)}}}},
                   {"results", std::move(results)}}}}};
  write(llvm::json::Value(std::move(root)), os);
}

}  // namespace racecert::cli
