#pragma once
// Renders the reports of `racecert check` as compiler-style text, JSON
// (`{"kernels": [...]}`) or SARIF 2.1.0.
#include <ostream>
#include <string>
#include <vector>

#include <llvm/Support/JSON.h>

#include "support/diagnostic.hpp"
#include "support/report.hpp"

namespace racecert::cli {

struct CheckOutput {
  std::vector<KernelReport> kernels;
  std::vector<Error> errors;  // files that could not be read or parsed
  std::vector<std::string> without_kernels;  // files with no kernel: "no kernels", not an error
  std::size_t files = 0;  // files named: a text run over several ends with a totals line
  // Where the wall time of `racecert check` went, in seconds, from the
  // options parsed to the reports rendered (JSON's "time"; `total` 0: not
  // measured, not printed). The kernels' own seconds add up to `kernels`
  // (the protocol analysis); `other` is what no part measured (merging).
  struct Time {
    double total = 0, front_end = 0, kernels = 0, explorer = 0;
  } time;
};

// A usage error (--kernel naming no kernel) wins, then malformed input,
// then a violation (race, divergence, deadlock, failed assertion), then
// inconclusive (bounded counts as inconclusive unless accepted).
int exit_code(const CheckOutput& out, bool accept_bounded);

// Whether error `e` is a kernel's compile error that the kernel's report
// already shows (with its caret): the driver keeps it among the errors for
// the exit code (a syntax error is malformed input), and the text shows it
// once.
bool shown_with_kernel(const CheckOutput& out, const Error& e);

struct TextStyle {
  bool color = false;    // ANSI colours (--color, NO_COLOR)
  bool verbose = false;  // -v: also the notes on how the analysis went (Diagnostic::internal)
};

// The style for a --color value (auto, always or never; auto: colour on a
// terminal unless NO_COLOR is set and not empty, as no-color.org asks).
// Throws a usage error for another value.
TextStyle text_style(const std::string& color, bool verbose);

void render_text(const CheckOutput& out, std::ostream& os, const TextStyle& style);

// "3 files, 7 kernels: 5 drf, 1 racy, 1 unknown", after a run over several files.
std::string totals_text(const CheckOutput& out);

// In `format` ("text", "json" or "sarif") on standard output; in text the
// errors go to standard error.
void render(const CheckOutput& out, const std::string& format, const TextStyle& style);
void render_json(const CheckOutput& out, std::ostream& os);
// Witness steps (an explorer schedule, a lasso's prefix or cycle): in text
// numbered under a heading, in JSON as [{"file", "line", "column", "thread",
// "action"}]. Shared with `progress check` on kernels.
void steps_text(std::ostream& os, const std::string& heading, const std::vector<ReportedStep>& steps,
                const std::string& file);
llvm::json::Array schedule_json(const std::vector<ReportedStep>& schedule);
void render_sarif(const CheckOutput& out, std::ostream& os);

}  // namespace racecert::cli
