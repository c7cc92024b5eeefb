#pragma once
// Parsing a sub-command's options, the same way for every sub-command: a
// cxxopts error becomes a usage error (exit 3), and an unknown option also
// names the closest valid one ("did you mean '--block-dim'?").
#include <string>
#include <string_view>

#include "cli/command_line.hpp"

namespace racecert::cli {

// The option of `spec` closest to `unknown` (written with its dashes, as
// "--blokc-dim"), with its dashes; "" when none is close enough to be a typo.
std::string closest_option(const cxxopts::Options& spec, const std::string& unknown);

// "; did you mean '--block-dim'?", or "" when no option is close.
std::string did_you_mean(const cxxopts::Options& spec, const std::string& unknown);

// The help of a sub-command: cxxopts' description and usage line, then each
// option with its value's name (the option's arg_help, else its long name in
// capitals: "--out OUT") and its default, said once: cxxopts' own table
// shows a bare "arg" and repeats a default the description already gives.
std::string help_text(const cxxopts::Options& spec);

// spec.parse, with every cxxopts error thrown as a usage error.
cxxopts::ParseResult parse_command_line(cxxopts::Options& spec, int argc, char** argv);

}  // namespace racecert::cli
