#pragma once
// The stages of `racecert check`, in pipeline order, and their one table of
// names: `--show STAGE` parses them here, and its help text lists them from
// here. `--show S` stops the pipeline right after S (pipeline/driver.hpp).
#include <optional>
#include <string>
#include <string_view>

namespace racecert::pipeline {

enum class Stage {
  Kernel,      // the kernel IR after lowering (.cu/.cl)
  Barriers,    // the extracted named-barrier program of each kernel with named barriers (and .bar files)
  Protocol,    // exactly the protocols (arrays) the protocol analysis checks, after routing
  WellFormed,  // then the protocol analysis, stage by stage (smt/array_stages.hpp)
  Aligned,
  Split,
  Traces,
  Smt,
};

std::optional<Stage> parse_stage(std::string_view name);
const char* stage_name(Stage s);
// "kernel, barriers, protocol, wellformed, aligned, split, traces or smt".
std::string stage_names();

}  // namespace racecert::pipeline
