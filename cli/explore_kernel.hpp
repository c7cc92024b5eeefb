#pragma once
// `racecert explore KERNEL.cu|.cl`: the kernel's options, the exploration of
// each kernel of the file (pipeline/explore.hpp) and its report, rendered
// like `racecert check`'s (cli/report_render.hpp).
#include <string>

#include <cxxopts.hpp>

namespace racecert::cli {

int explore_kernel_file(const std::string& path, const cxxopts::ParseResult& args);

}  // namespace racecert::cli
