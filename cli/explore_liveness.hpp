#pragma once
// `racecert explore TEST.litmus --liveness [--progress M] [--fairness F]
// [--occupancy O] [--model ptx]`: termination under GPU progress models (liveness/),
// the table of every model or one verdict with its lasso; text or JSON in
// the shape of `racecert progress check --format json`.
#include <string>

#include "cli/command_line.hpp"
#include "explorer/program.hpp"
#include "support/deadline.hpp"

namespace racecert::cli {

int explore_liveness(const explorer::Program& program, const cxxopts::ParseResult& args, const std::string& format,
                     int loop_bound, Deadline deadline, bool ptx = false);

}  // namespace racecert::cli
