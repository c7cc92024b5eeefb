#pragma once
// Aggregation of the rows (runs of one tool on one kernel folded into one
// result) and the Markdown summary.
#include <string>
#include <vector>

#include "harness/results.hpp"

namespace racecert::harness {

// One tool on one kernel, over all its runs.
struct KernelResult {
  std::string tool, dataset, kernel, family;
  int size = 0;
  std::string expected;
  Outcome outcome = Outcome::Crash;  // the most frequent outcome (ties: the first run's)
  bool unstable = false;             // runs disagree on the outcome
  int runs = 0;
  double wall_s = 0;                 // median over runs
  double cpu_s = 0;                  // median over runs
  long peak_rss_kb = -1;             // median over runs that measured it
  std::string verdict, detail;       // of a run with `outcome`
};

// Sorted by tool, dataset, kernel. Tools keep the order of their first row.
std::vector<KernelResult> aggregate(const std::vector<ResultRow>& rows);
std::vector<std::string> tools_in_order(const std::vector<ResultRow>& rows);

// How time grows with the size of a synthetic family: the slope of
// log(time) against log(size) over the larger half of the solved sizes
// (1: linear, 2: quadratic; start-up time flattens small sizes, hence the
// larger half) and time(max)/time(max/2).
struct Growth {
  int sizes = 0, solved = 0, min_size = 0, max_size = 0;
  double t_min = 0, t_max = 0;
  double exponent = 0;      // NaN when fewer than 3 solved sizes
  double cpu_exponent = 0;  // the same for CPU time, steadier on a loaded machine
  double ratio = 0;         // NaN when unknown
  std::string shape() const;  // "flat", "linear or below", "about quadratic", "faster than quadratic"
};
Growth growth_of(const std::vector<KernelResult>& family_results);

// The Markdown summary: one table per dataset with a row per tool, the wrong
// answers, unstable kernels, and the growth of the synthetic families.
std::string markdown_summary(const std::vector<ResultRow>& rows);

}  // namespace racecert::harness
