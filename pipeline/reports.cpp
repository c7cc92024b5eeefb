#include "pipeline/reports.hpp"

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
