// racecert hook install|uninstall|run: the git pre-commit hook
// (docs/harness.md). `install` writes a script that calls `racecert hook
// run`, which is also the entry of .pre-commit-hooks.yaml.
#include <cxxopts.hpp>
#include <iostream>

#include "cli/commands.hpp"
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

}  // namespace

int hook_main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << kUsage;
    return kExitUsage;
  }
  std::string sub = argv[1];
  if (sub == "--help" || sub == "-h" || sub == "help") {
    std::cout << kUsage;
    return kExitOk;
  }
  std::string program = "racecert hook " + sub;
  argv[1] = program.data();
  try {
    cxxopts::Options spec(program, "");
    spec.add_options()("h,help", "print this help");
    if (sub == "install") {
      spec.add_options()("force", "replace an existing pre-commit hook (kept as pre-commit.racecert-backup)");
      auto r = parse(spec, argc - 1, argv + 1);
      if (r.count("help")) return std::cout << kUsage, kExitOk;
      if (!r.unmatched().empty()) throw usage_error("unexpected argument '" + r.unmatched()[0] + "'");
      return harness::hook::install_hook(r.count("force") > 0, std::cout, std::cerr);
    }
    if (sub == "uninstall") {
      auto r = parse(spec, argc - 1, argv + 1);
      if (r.count("help")) return std::cout << kUsage, kExitOk;
      if (!r.unmatched().empty()) throw usage_error("unexpected argument '" + r.unmatched()[0] + "'");
      return harness::hook::uninstall_hook(std::cout, std::cerr);
    }
    if (sub == "run") {
      spec.add_options()("v,verbose", "also list data-race-free files and cache hits");
      auto r = parse(spec, argc - 1, argv + 1);
      if (r.count("help")) return std::cout << kUsage, kExitOk;
      harness::hook::HookRunOptions o;
      o.verbose = r.count("verbose") > 0;
      for (const auto& f : r.unmatched()) {
        if (f.size() > 1 && f[0] == '-') throw usage_error("unknown option '" + f + "'");
        o.files.push_back(f);
      }
      return harness::hook::run_hook(o, std::cerr);
    }
  } catch (const Error& e) {
    std::cerr << program << ": " << e.render() << "\n";
    return e.code();
  } catch (const std::exception& e) {
    std::cerr << program << ": error: " << e.what() << "\n";
    return kExitBadInput;
  }
  std::cerr << "racecert hook: error: unknown command '" << sub << "'\n" << kUsage;
  return kExitUsage;
}

}  // namespace racecert::cli
