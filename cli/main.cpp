// racecert: data-race freedom verifier for GPU kernels. Dispatches to the
// sub-commands; each one parses its own options with cxxopts.
#include <cstring>
#include <iostream>
#include <string>

#include "cli/commands.hpp"
#include "support/exit_codes.hpp"
#include "support/memory_reuse.hpp"

namespace {

constexpr const char* kUsage =
    "usage: racecert <command> [options]\n"
    "\n"
    "commands:\n"
    "  check FILE...      prove data-race freedom of kernels or protocols (.cu .cl .map .bar)\n"
    "  explore FILE       model-check a PTX litmus test under scoped RC11\n"
    "  progress ...       termination under GPU progress models (check, synth, emit-cuda)\n"
    "  harness ...        compare verifiers on datasets (run, merge, synth)\n"
    "  hook ...           git pre-commit hook (install, uninstall, run)\n"
    "\n"
    "  --version          print the version\n"
    "  --help             print this help\n"
    "\n"
    "Run `racecert <command> --help` for the options of a command.\n"
    "\n"
    "exit codes:\n"
    "  0  every kernel data-race free (or nothing to check)\n"
    "  1  a violation: a race, a barrier divergence, a deadlock or a failed assertion\n"
    "  2  malformed input\n"
    "  3  usage error\n"
    "  4  inconclusive (unknown, a timeout, or only a bounded exploration)\n";

}  // namespace

int main(int argc, char** argv) {
  using namespace racecert;
  keep_freed_memory_for_reuse();
  if (argc < 2) {
    std::cerr << kUsage;
    return kExitUsage;
  }
  std::string cmd = argv[1];
  if (cmd == "--version" || cmd == "version") {
    std::cout << "racecert " << RACECERT_VERSION << "\n";
    return kExitOk;
  }
  if (cmd == "--help" || cmd == "-h" || cmd == "help") {
    std::cout << kUsage;
    return kExitOk;
  }
  std::string program = std::string("racecert ") + cmd;
  argv[1] = program.data();
  int sub_argc = argc - 1;
  char** sub_argv = argv + 1;
  if (cmd == "check") return cli::check_main(sub_argc, sub_argv);
  if (cmd == "explore") return cli::explore_main(sub_argc, sub_argv);
  if (cmd == "progress") return cli::progress_main(sub_argc, sub_argv);
  if (cmd == "harness") return cli::harness_main(sub_argc, sub_argv);
  if (cmd == "hook") return cli::hook_main(sub_argc, sub_argv);
  std::cerr << "racecert: error: unknown command '" << cmd << "'\n" << kUsage;
  return kExitUsage;
}
