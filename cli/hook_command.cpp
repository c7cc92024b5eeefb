// racecert hook install|uninstall|run: the git pre-commit hook
// (docs/harness.md). `install` writes a script that calls `racecert hook
// run`, which is also the entry of .pre-commit-hooks.yaml.
#include <cxxopts.hpp>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/subcommands.hpp"
#include "harness/hook/hook_install.hpp"
#include "harness/hook/hook_run.hpp"
#include "support/diagnostic.hpp"
#include "support/exit_codes.hpp"

namespace racecert::cli {

namespace {

constexpr const char* kUsage =
    "usage: racecert hook <install|uninstall|run> [options]\n"
    "\n"
    "  install [--force]   install the pre-commit hook in the current git repository\n"
    "  uninstall           remove it (restoring a hook it replaced)\n"
    "  run [FILE...]       check the staged kernels (what the hook runs); with FILEs,\n"
    "                      the staged content of those files\n"
    "\n"
    "Settings: .racecert at the repository root (docs/harness.md).\n"
    "Exit codes of run: 0 the commit may go ahead, 1 blocked, 2 malformed .racecert,\n"
    "3 usage error or not a repository.\n";

cxxopts::ParseResult parse(cxxopts::Options& spec, int argc, char** argv) {
  try {
    return spec.parse(argc, argv);
  } catch (const cxxopts::exceptions::exception& e) {
    throw usage_error(e.what());
  }
}

// Options shared by every sub-command: --help prints the usage.
cxxopts::ParseResult parse_hook_options(cxxopts::Options& spec, int argc, char** argv, bool files_allowed) {
  spec.add_options()("h,help", "print this help");
  auto r = parse(spec, argc, argv);
  if (!files_allowed && !r.unmatched().empty()) throw usage_error("unexpected argument '" + r.unmatched()[0] + "'");
  return r;
}

int install_command(int argc, char** argv) {
  cxxopts::Options spec(argv[0], "");
  spec.add_options()("force", "replace an existing pre-commit hook (kept as pre-commit.racecert-backup)");
  auto r = parse_hook_options(spec, argc, argv, false);
  if (r.count("help")) return std::cout << kUsage, kExitOk;
  return harness::hook::install_hook(r.count("force") > 0, std::cout, std::cerr);
}

int uninstall_command(int argc, char** argv) {
  cxxopts::Options spec(argv[0], "");
  auto r = parse_hook_options(spec, argc, argv, false);
  if (r.count("help")) return std::cout << kUsage, kExitOk;
  return harness::hook::uninstall_hook(std::cout, std::cerr);
}

int run_command(int argc, char** argv) {
  cxxopts::Options spec(argv[0], "");
  spec.add_options()("v,verbose", "also list data-race-free files and cache hits");
  auto r = parse_hook_options(spec, argc, argv, true);
  if (r.count("help")) return std::cout << kUsage, kExitOk;
  harness::hook::HookRunOptions o;
  o.verbose = r.count("verbose") > 0;
  for (const auto& f : r.unmatched()) {
    if (f.size() > 1 && f[0] == '-') throw usage_error("unknown option '" + f + "'");
    o.files.push_back(f);
  }
  return harness::hook::run_hook(o, std::cerr);
}

}  // namespace

int hook_main(int argc, char** argv) {
  return dispatch_subcommands("hook", kUsage,
                              {{"install", install_command}, {"uninstall", uninstall_command}, {"run", run_command}},
                              argc, argv);
}

}  // namespace racecert::cli
