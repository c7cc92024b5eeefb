#pragma once
// The plots of a harness run, as SVG files in the output directory:
//   cactus.svg             solved kernels against time, one line per tool
//   time-per-kernel.svg    wall time of every kernel, per tool (log scale)
//   memory-per-kernel.svg  peak memory of every kernel, per tool
//   growth.svg             synthetic families: time (log) and memory against size
#include <string>
#include <vector>

#include "harness/results.hpp"

namespace racecert::harness {

// File name -> SVG text. growth.svg only when some kernel has a family.
std::vector<std::pair<std::string, std::string>> make_plots(const std::vector<ResultRow>& rows);

}  // namespace racecert::harness
