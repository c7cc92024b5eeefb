#include "pipeline/reports.hpp"

#include <algorithm>

namespace racecert::pipeline {

void add_or_merge(std::vector<KernelReport>& reports, const KernelReport& r) {
  for (auto& k : reports) {
    if (k.file != r.file || k.name != r.name) continue;
    k.status = worse(k.status, r.status);
    k.races.insert(k.races.end(), r.races.begin(), r.races.end());
    k.diagnostics.insert(k.diagnostics.end(), r.diagnostics.begin(), r.diagnostics.end());
    if (k.assumed_one.empty()) k.assumed_one = r.assumed_one;
    if (k.assumptions.empty()) k.assumptions = r.assumptions;
    k.seconds += r.seconds;
    return;
  }
  reports.push_back(r);
}

void attach_notes(std::vector<KernelReport>& reports, const std::vector<KernelNote>& notes) {
  for (auto& k : reports)
    for (const auto& n : notes)
      if (n.file == k.file && n.kernel == k.name) k.diagnostics.push_back(n.note);
}

void name_host_launch(KernelReport& r, const HostLaunchUsed& used) {
  if (used.where.empty()) return;
  r.assumptions.insert(r.assumptions.begin(), "the launch of the host code at " + used.where);
  if (!used.several) return;
  for (auto& race : r.races)
    race.launch_explanation += (race.launch_explanation.empty() ? "" : "; ") + std::string("under the launch at ") + used.where;
}

void merge_launch_shapes(std::vector<KernelReport>& reports, const std::vector<HostLaunchUsed>& used) {
  auto append_new = [](auto& to, const auto& from, auto same) {
    for (const auto& x : from)
      if (std::none_of(to.begin(), to.end(), [&](const auto& y) { return same(x, y); })) to.push_back(x);
  };
  auto several = [&](std::size_t i) { return i < used.size() && used[i].several; };
  std::vector<KernelReport> out;
  std::vector<std::size_t> origin;  // out[j] began as reports[origin[j]]
  for (std::size_t i = 0; i < reports.size(); ++i) {
    KernelReport& r = reports[i];
    auto k = out.end();
    for (std::size_t j = 0; j < out.size() && several(i); ++j)
      if (several(origin[j]) && out[j].file == r.file && out[j].name == r.name) k = out.begin() + j;
    if (k == out.end()) {
      origin.push_back(i);
      out.push_back(std::move(r));
      continue;
    }
    k->status = worse(k->status, r.status);
    k->races.insert(k->races.end(), r.races.begin(), r.races.end());
    k->failures.insert(k->failures.end(), r.failures.begin(), r.failures.end());
    append_new(k->diagnostics, r.diagnostics, [](const Diagnostic& a, const Diagnostic& b) {
      return a.message == b.message && a.loc.str() == b.loc.str();
    });
    append_new(k->assumptions, r.assumptions, [](const std::string& a, const std::string& b) { return a == b; });
    append_new(k->assumed_one, r.assumed_one, [](const std::string& a, const std::string& b) { return a == b; });
    k->engines.insert(r.engines.begin(), r.engines.end());
    k->seconds += r.seconds;
  }
  reports = std::move(out);
}

KernelReport unknown_report(const std::string& file, const std::string& name, std::vector<Diagnostic> why) {
  KernelReport r;
  r.name = name;
  r.file = file;
  r.status = KernelStatus::Unknown;
  r.diagnostics = std::move(why);
  return r;
}

std::vector<Diagnostic> compile_errors(const frontend::LoweredKernel& lk, const frontend::ParsedFile& f) {
  std::vector<Diagnostic> why;
  for (auto d : lk.errors) {
    d.message = "the kernel does not compile: " + d.message;
    why.push_back(d);
  }
  why.insert(why.end(), f.notes.begin(), f.notes.end());  // a skipped header is often why
  return why;
}

}  // namespace racecert::pipeline
