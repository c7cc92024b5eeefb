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
  // Where the wall time of `racecert check` went, in seconds, from the
  // options parsed to the reports rendered (JSON's "time"; `total` 0: not
  // measured, not printed). The kernels' own seconds add up to `kernels`
  // (the protocol analysis); `other` is what no part measured (merging).
  struct Time {
    double total = 0, front_end = 0, kernels = 0, explorer = 0;
  } time;
};

// Malformed input wins, then a violation, then inconclusive (bounded
// counts as inconclusive unless accepted).
int exit_code(const CheckOutput& out, bool accept_bounded);

void render_text(const CheckOutput& out, std::ostream& os, bool color);

// In `format` ("text", "json" or "sarif") on standard output; in text the
// errors go to standard error, in color on a terminal.
void render(const CheckOutput& out, const std::string& format);
void render_json(const CheckOutput& out, std::ostream& os);
// Witness steps (an explorer schedule, a lasso's prefix or cycle): in text
// numbered under a heading, in JSON as [{"file", "line", "column", "thread",
// "action"}]. Shared with `progress check` on kernels.
void steps_text(std::ostream& os, const std::string& heading, const std::vector<ReportedStep>& steps,
                const std::string& file);
llvm::json::Array schedule_json(const std::vector<ReportedStep>& schedule);
void render_sarif(const CheckOutput& out, std::ostream& os);

}  // namespace racecert::cli
