#include "cli/report_render.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <unistd.h>

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

std::string caret(SourceCache& src, const SourceLoc& loc) {
  std::string text = src.line(loc);
  if (text.empty()) return "";
  std::string mark;
  for (int i = 1; i < loc.column && static_cast<std::size_t>(i - 1) < text.size(); ++i)
    mark += text[static_cast<std::size_t>(i - 1)] == '\t' ? '\t' : ' ';
  return "  " + text + "\n  " + mark + "^\n";
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
  return llvm::json::Object{{"file", loc.file}, {"line", loc.line}, {"column", loc.column}};
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
  if (!out.errors.empty()) return kExitBadInput;
  int code = kExitOk;
  for (const auto& k : out.kernels) {
    ExitCode c = racecert::exit_code(k.status, accept_bounded);
    if (c == kExitViolation) return kExitViolation;
    if (c == kExitInconclusive) code = kExitInconclusive;
  }
  return code;
}

void render_text(const CheckOutput& out, std::ostream& os, bool color) {
  const char* red = color ? "\033[1;31m" : "";
  const char* bold = color ? "\033[1m" : "";
  const char* reset = color ? "\033[0m" : "";
  SourceCache src;
  for (const auto& e : out.errors) os << bold << e.render() << reset << "\n";
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
      os << where(d.loc, k.file) << ": " << (d.severity == Diagnostic::Severity::Error ? red : "")
         << severity(d.severity) << ": " << reset << d.message << "\n";
      if (d.severity != Diagnostic::Severity::Note) os << caret(src, d.loc);
    }
    if (!k.assumed_one.empty()) os << k.file << ": note: " << assumption_text(k) << "\n";
    if (!k.engines.empty()) os << k.file << ": note: " << engines_text(k) << "\n";
    for (const auto& a : k.assumptions) os << k.file << ": note: assuming " << a << "\n";
    char secs[32];
    std::snprintf(secs, sizeof secs, "%.3f", k.seconds);
    os << bold << "kernel '" << k.name << "': " << to_string(k.status) << reset << " (" << secs << " s)\n";
  }
}

void render(const CheckOutput& out, const std::string& format) {
  if (format == "json") return render_json(out, std::cout);
  if (format == "sarif") return render_sarif(out, std::cout);
  for (const auto& e : out.errors) std::cerr << e.render() << "\n";
  CheckOutput rest = out;
  rest.errors.clear();
  render_text(rest, std::cout, isatty(STDOUT_FILENO) != 0);
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

void render_sarif(const CheckOutput& out, std::ostream& os) {
  auto location = [](const SourceLoc& loc, const std::string& file) {
    llvm::json::Object region;
    if (loc.line > 0) region["startLine"] = loc.line;
    if (loc.column > 0) region["startColumn"] = loc.column;
    llvm::json::Object phys{{"artifactLocation", llvm::json::Object{{"uri", loc.file.empty() ? file : loc.file}}}};
    if (!region.empty()) phys["region"] = std::move(region);
    return llvm::json::Object{{"physicalLocation", std::move(phys)}};
  };
  llvm::json::Array results, notifications;
  for (const auto& k : out.kernels) {
    // The launch a verdict assumes is no result of its own: a note of the
    // run (an invocation's notification), with the kernel's file.
    if (!k.assumed_one.empty())
      notifications.push_back(llvm::json::Object{
          {"level", "note"},
          {"message", llvm::json::Object{{"text", "kernel '" + k.name + "': " + assumption_text(k)}}},
          {"locations", llvm::json::Array{location(SourceLoc{}, k.file)}}});
    for (const auto& a : k.assumptions)
      notifications.push_back(llvm::json::Object{
          {"level", "note"},
          {"message", llvm::json::Object{{"text", "kernel '" + k.name + "': assuming " + a}}},
          {"locations", llvm::json::Array{location(SourceLoc{}, k.file)}}});
    if (!k.engines.empty())
      notifications.push_back(llvm::json::Object{
          {"level", "note"},
          {"message", llvm::json::Object{{"text", "kernel '" + k.name + "': " + engines_text(k)}}},
          {"locations", llvm::json::Array{location(SourceLoc{}, k.file)}}});
    for (const auto& r : k.races) {
      std::string msg = std::string(r.heterogeneous ? "Heterogeneous race on " : "Data race on ") + index_text(r) + " in kernel '" + k.name + "': " + r.first.mode +
                        " by " + r.first.thread + " and " + r.second.mode + " by " + r.second.thread + " (" +
                        r.note + ")";
      if (!r.launch_explanation.empty()) msg += "; " + r.launch_explanation;
      msg += "; " + replay_text(r);
      llvm::json::Object result{{"ruleId", r.heterogeneous ? "heterogeneous-race" : "data-race"},
                                {"level", "error"},
                                {"message", llvm::json::Object{{"text", msg}}},
                                {"locations", llvm::json::Array{location(r.first.loc, k.file)}},
                                {"relatedLocations", llvm::json::Array{location(r.second.loc, k.file)}}};
      llvm::json::Object properties{{"confirmed", r.confirmed}};
      if (k.engines.count(r.array)) properties["engine"] = k.engines.at(r.array);
      if (!r.confirmed) properties["replayReason"] = r.replay_reason;
      if (!r.launch_explanation.empty()) properties["launchExplanation"] = r.launch_explanation;
      result["properties"] = std::move(properties);
      results.push_back(std::move(result));
    }
    for (const auto& f : k.failures) {
      llvm::json::Array steps;
      auto step = [&](const ReportedStep& st, const std::string& prefix) {
        steps.push_back(llvm::json::Object{
            {"location",
             llvm::json::Object{{"physicalLocation", location(st.loc, k.file)["physicalLocation"]},
                                {"message", llvm::json::Object{{"text", prefix + st.thread + ": " + st.action}}}}}});
      };
      for (const auto& st : f.schedule) step(st, "");
      // A lasso's cycle follows its prefix in the same flow, each step marked.
      for (const auto& st : f.cycle) step(st, "(repeated forever) ");
      llvm::json::Object result{
          {"ruleId", f.kind == "deadlock" ? "deadlock" : f.kind == "divergence" ? "barrier-divergence" : "assertion"},
          {"level", "error"},
          {"message", llvm::json::Object{{"text", f.kind + " in kernel '" + k.name + "': " + f.message}}},
          {"locations", llvm::json::Array{location(f.loc, k.file)}}};
      if (!f.progress_model.empty())
        result["properties"] = llvm::json::Object{{"progressModel", f.progress_model},
                                                  {"cycleSteps", static_cast<std::int64_t>(f.cycle.size())}};
      if (!steps.empty())
        result["codeFlows"] = llvm::json::Array{llvm::json::Object{
            {"threadFlows", llvm::json::Array{llvm::json::Object{{"locations", std::move(steps)}}}}}};
      results.push_back(std::move(result));
    }
    for (const auto& d : k.diagnostics) {
      if (d.severity == Diagnostic::Severity::Note) continue;
      bool divergence = k.status == KernelStatus::Divergent || k.status == KernelStatus::Deadlock;
      results.push_back(llvm::json::Object{
          {"ruleId", divergence ? (k.status == KernelStatus::Deadlock ? "deadlock" : "barrier-divergence")
                                : "inconclusive"},
          {"level", d.severity == Diagnostic::Severity::Error ? "error" : "warning"},
          {"message", llvm::json::Object{{"text", d.message}}},
          {"locations", llvm::json::Array{location(d.loc, k.file)}}});
    }
  }
  for (const auto& e : out.errors) {
    results.push_back(llvm::json::Object{{"ruleId", "input-error"},
                                         {"level", "error"},
                                         {"message", llvm::json::Object{{"text", std::string(e.what())}}},
                                         {"locations", llvm::json::Array{location(e.loc(), e.loc().file)}}});
  }
  auto rule = [](const char* id, const char* text) {
    return llvm::json::Object{{"id", id}, {"shortDescription", llvm::json::Object{{"text", text}}}};
  };
  llvm::json::Object driver{
      {"name", "racecert"},
      {"version", RACECERT_VERSION},
      {"informationUri", "https://example.invalid/racecert"},
      {"rules", llvm::json::Array{rule("data-race", "Two threads access the same location without synchronization"),
                                  rule("barrier-divergence", "A barrier is not reached by every thread of a block"),
                                  rule("deadlock", "Threads wait on a barrier that never completes, or spin forever"),
                                  rule("assertion", "An assertion fails (or an index leaves its array) in some execution"),
                                  rule("inconclusive", "The analysis could not decide"),
                                  rule("input-error", "The input could not be read or parsed")}}};
  llvm::json::Object root{
      {"version", "2.1.0"},
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"runs", llvm::json::Array{llvm::json::Object{
                   {"tool", llvm::json::Object{{"driver", std::move(driver)}}},
                   {"invocations", llvm::json::Array{llvm::json::Object{
                                       {"executionSuccessful", true},  // input errors are results
                                       {"toolExecutionNotifications", std::move(notifications)}}}},
                   {"results", std::move(results)}}}}};
  write(llvm::json::Value(std::move(root)), os);
}

}  // namespace racecert::cli
