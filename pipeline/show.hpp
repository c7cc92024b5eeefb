#pragma once
// The text of a protocol-analysis stage (wellformed, aligned, split, traces,
// smt) for every array of a kernel, for `check --show`. Runs the stages up to
// the one asked for, no further.
#include <string>

#include "pipeline/stage.hpp"
#include "protocol/protocol.hpp"
#include "smt/checker.hpp"

namespace racecert::pipeline {

std::string show_protocol_stage(const protocol::Kernel& k, Stage s, const smt::CheckOptions& o);

}  // namespace racecert::pipeline
