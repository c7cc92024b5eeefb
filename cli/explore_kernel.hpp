#pragma once
// `racecert explore KERNEL.cu|.cl`: the kernel's options, the exploration of
// each kernel of the file (pipeline/explore.hpp) and its report, rendered
// like `racecert check`'s (cli/report_render.hpp).
#include <string>

#include "cli/command_line.hpp"

#include "pipeline/explore.hpp"

namespace racecert::cli {

// --kernel-args, --memory, --loop-bound: the explorer's inputs, the same
// options for `explore` and `check` (whose fallback runs the explorer).
void read_explore_inputs(const cxxopts::ParseResult& args, pipeline::ExploreSettings& s);

// --block-dim, --grid-dim, -D and the inputs above, for `explore` and
// `progress check` on a kernel file.
void read_kernel_launch(const cxxopts::ParseResult& args, pipeline::ExploreSettings& s, frontend::Options& fo);

int explore_kernel_file(const std::string& path, const cxxopts::ParseResult& args);

}  // namespace racecert::cli
