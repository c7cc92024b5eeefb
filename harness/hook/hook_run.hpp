#pragma once
// The pre-commit hook itself (`racecert hook run`): checks the staged
// content of the changed kernel files (or, for the pre-commit framework, the
// working-tree content of the files it names) and decides whether the
// commit goes ahead.
#include <ostream>
#include <string>
#include <vector>

namespace racecert::harness::hook {

// Environment variable naming the checker to run instead of racecert (tests
// use a fake one); it wins over the `checker` key of .racecert.
constexpr const char* kCheckerEnv = "RACECERT_HOOK_CHECKER";

struct HookRunOptions {
  std::vector<std::string> files;  // empty: the staged changes; else these paths' staged content
                                   // (one not in the index: inconclusive; one that does not exist: error)
  bool verbose = false;            // also list DRF files and cache hits
  // Check the FILEs as they are in the working tree, not their staged
  // content: the pre-commit framework's entry (.pre-commit-hooks.yaml). The
  // framework stashes unstaged changes itself, and its `run --files` and
  // `--all-files` pass files whose content need not be in the index. No
  // verdict cache: what a file includes from disk is not part of a key.
  bool working_tree = false;
};

// Returns the exit code: 0 the commit may go ahead, 1 blocked (a race, a
// divergence, or an inconclusive file with block-on-inconclusive), 2
// malformed input (.racecert, a kernel header, a FILE that does not exist),
// 3 not in a repository, 128+N after a caught signal N (interrupt.hpp).
// Diagnostics go to `err`.
int run_hook(const HookRunOptions& o, std::ostream& err);

}  // namespace racecert::harness::hook
