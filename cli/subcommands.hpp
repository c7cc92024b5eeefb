#pragma once
// Dispatch of a command with sub-commands (`racecert harness run ...`,
// `racecert hook install`, `racecert progress check ...`): usage and help,
// one-line errors with the right exit code for whatever a sub-command
// throws, and "unknown sub-command".
#include <functional>
#include <map>
#include <string>

namespace racecert::cli {

// A sub-command gets argv[0] = "racecert <command> <sub>" and the arguments
// after the sub-command's name.
using Subcommand = std::function<int(int argc, char** argv)>;

int dispatch_subcommands(const std::string& command, const char* usage,
                         const std::map<std::string, Subcommand>& subcommands, int argc, char** argv);

}  // namespace racecert::cli
