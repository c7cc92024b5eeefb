// Test-only driver: `barriers_check FILE...` prints each kernel's report as
// text and exits like `racecert check` (0 drf, 1 violation, 2 bad input,
// 4 unknown). The real CLI (cli/check_command.cpp) calls the same API.
#include <iostream>

#include "barriers/check.hpp"
#include "support/diagnostic.hpp"

using namespace racecert;

namespace {
const char* severity(Diagnostic::Severity s) {
  switch (s) {
    case Diagnostic::Severity::Error: return "error";
    case Diagnostic::Severity::Warning: return "warning";
    case Diagnostic::Severity::Note: return "note";
  }
  return "?";
}
}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: barriers_check FILE.bar...\n";
    return kExitUsage;
  }
  int code = kExitOk;
  try {
    for (int i = 1; i < argc; ++i) {
      for (const KernelReport& r : barriers::check_text_file(argv[i])) {
        std::cout << r.file << ": kernel " << r.name << ": " << to_string(r.status) << "\n";
        for (const ReportedRace& race : r.races) {
          std::cout << "  race on " << race.array;
          for (auto x : race.index) std::cout << "[" << x << "]";
          std::cout << "\n    " << race.first.mode << " " << race.first.loc.str() << " " << race.first.thread << "; "
                    << race.first.detail << "\n    " << race.second.mode << " " << race.second.loc.str() << " "
                    << race.second.thread << "; " << race.second.detail << "\n";
        }
        for (const Diagnostic& d : r.diagnostics)
          std::cout << "  " << d.loc.str() << ": " << severity(d.severity) << ": " << d.message << "\n";
        if (r.status == KernelStatus::Unknown && code == kExitOk) code = kExitInconclusive;
        if (r.status != KernelStatus::Drf && r.status != KernelStatus::Unknown) code = kExitViolation;
      }
    }
  } catch (const Error& e) {
    std::cerr << e.render() << "\n";
    return e.code();
  }
  return code;
}
