#pragma once
// `racecert explore TEST.litmus --model ptx`: the PTX v7.5 memory model
// (explorer/ptx_explore.hpp) and its report.
#include <string>

#include "explorer/program.hpp"
#include "support/deadline.hpp"

namespace racecert::cli {

// Prints the report in `format` (text or json); returns the exit code.
// stop_on_first: stop at the first execution deciding the condition.
int explore_ptx(const explorer::Program& program, int loop_bound, bool stop_on_first, const std::string& format,
                Deadline deadline);

}  // namespace racecert::cli
