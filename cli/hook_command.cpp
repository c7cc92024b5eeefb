// racecert hook install|uninstall|run: the git pre-commit hook
// (docs/harness.md). `install` writes a script that calls `racecert hook
// run`; .pre-commit-hooks.yaml's entry is `racecert hook run --working-tree`.
#include "cli/command_line.hpp"
#include <iostream>

#include "cli/commands.hpp"
#include "cli/parse_command_line.hpp"
#include "cli/subcommands.hpp"
#include "harness/hook/hook_install.hpp"
#include "harness/hook/hook_run.hpp"
#include "harness/interrupt.hpp"
#include "support/diagnostic.hpp"
#include "support/exit_codes.hpp"

namespace racecert::cli {

namespace {

constexpr const char* kHookUsage =
    "usage: racecert hook <install|uninstall|run> [options]\n"
    "\n"
    "  install [--force]   install the pre-commit and pre-merge-commit hooks in the current\n"
    "                      git repository\n"
    "  uninstall           remove them (restoring hooks they replaced)\n"
    "  run [--verbose] [--working-tree] [--] [FILE...]\n"
    "                      check the staged kernels (what the hooks run); with FILEs, the\n"
    "                      staged content of those files, in parallel (after --, a FILE may\n"
    "                      start with '-'). A FILE that is not in the index is not checked:\n"
    "                      it counts as inconclusive, with a warning; one that does not exist\n"
    "                      at all is an error (exit 2)\n"
    "                      --working-tree: the FILEs as they are on disk instead (the entry\n"
    "                      of the pre-commit framework, which stashes unstaged changes itself)\n"
    "\n"
    "Settings: .racecert at the repository root (docs/harness.md).\n"
    "Run `racecert hook <install|uninstall|run> --help` for a verb's options and exit codes.\n";

cxxopts::ParseResult parse(cxxopts::Options& spec, int argc, char** argv) {
  return parse_command_line(spec, argc, argv);
}

// Options shared by every sub-command: --help prints the usage.
cxxopts::ParseResult parse_hook_options(cxxopts::Options& spec, int argc, char** argv, bool files_allowed) {
  spec.add_options()("h,help", "print this help");
  auto r = parse(spec, argc, argv);
  if (!files_allowed && !r.unmatched().empty()) throw usage_error("unexpected argument '" + r.unmatched()[0] + "'");
  return r;
}

// Each verb's own help: its usage line, options and exit codes.
int verb_help(const cxxopts::Options& spec, const char* exit_codes) {
  std::cout << help_text(spec) << "\nSettings: .racecert at the repository root (docs/harness.md).\n" << exit_codes;
  return kExitOk;
}

constexpr const char* kInstallExitCodes =
    "Exit codes: 0 installed, 2 a hook file could not be written, 3 usage error, not a\n"
    "repository, or a pre-commit hook of another tool is there (see --force).\n";
constexpr const char* kUninstallExitCodes =
    "Exit codes: 0 removed (and the hook it replaced restored, if one was kept),\n"
    "2 a hook file could not be removed, 3 usage error, not a repository or no racecert hook.\n";
constexpr const char* kRunExitCodes =
    "Exit codes: 0 the commit may go ahead, 1 blocked (a race, a barrier divergence or a\n"
    "deadlock, or an inconclusive file with block-on-inconclusive), 2 malformed input\n"
    "(.racecert, a kernel's header, a FILE that does not exist; also blocks), 3 usage\n"
    "error or not a repository, 128+N interrupted by signal N.\n";

int install_command(int argc, char** argv) {
  cxxopts::Options spec(argv[0], "Install racecert's pre-commit and pre-merge-commit hooks in the current git "
                                 "repository.");
  spec.custom_help("[--force]");
  spec.add_options()("force", "replace an existing pre-commit hook (kept as pre-commit.racecert-backup)");
  auto r = parse_hook_options(spec, argc, argv, false);
  if (r.count("help")) return verb_help(spec, kInstallExitCodes);
  return harness::hook::install_hook(r.count("force") > 0, std::cout, std::cerr);
}

int uninstall_command(int argc, char** argv) {
  cxxopts::Options spec(argv[0], "Remove racecert's hooks from the current git repository, restoring the hooks "
                                 "they replaced.");
  spec.custom_help("");
  auto r = parse_hook_options(spec, argc, argv, false);
  if (r.count("help")) return verb_help(spec, kUninstallExitCodes);
  return harness::hook::uninstall_hook(std::cout, std::cerr);
}

int hook_run_command(int argc, char** argv) {
  cxxopts::Options spec(argv[0], "Check the staged kernels, as the hooks do. With FILEs, the staged content of "
                                 "those files, in parallel; a FILE not in the index counts as inconclusive, with a "
                                 "warning, and one that does not exist is an error. With --working-tree, the FILEs "
                                 "as they are on disk (the pre-commit framework's entry).");
  spec.custom_help("[-v] [--working-tree] [--] [FILE...]");
  spec.add_options()("v,verbose", "also list data-race-free files and cache hits")(
      "working-tree", "check the FILEs' working-tree content, not the staged one (the pre-commit framework)");
  auto r = parse_hook_options(spec, argc, argv, true);
  if (r.count("help")) return verb_help(spec, kRunExitCodes);
  harness::hook::HookRunOptions o;
  o.verbose = r.count("verbose") > 0;
  o.working_tree = r.count("working-tree") > 0;
  // Unknown options were rejected by the parser, so what is left are FILEs,
  // and those after `--` may start with '-'.
  o.files = r.unmatched();
  // Ctrl-C or a killed `git commit`: the checkers get the signal too and
  // the temporary directory is removed before racecert exits.
  harness::catch_termination_signals();
  return harness::hook::run_hook(o, std::cerr);
}

}  // namespace

int hook_main(int argc, char** argv) {
  return dispatch_subcommands("hook", kHookUsage,
                              {{"install", install_command}, {"uninstall", uninstall_command}, {"run", hook_run_command}},
                              argc, argv);
}

}  // namespace racecert::cli
