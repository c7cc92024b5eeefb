#pragma once
// `racecert hook install` / `uninstall`: the pre-commit and pre-merge-commit
// scripts in the repository's hooks directory (core.hooksPath honoured).
// pre-merge-commit because git runs it, and not pre-commit, for a merge
// that commits without stopping (`git merge --no-ff` of a clean branch),
// which would otherwise bring racy kernels in unchecked. The script only
// calls `racecert hook run`, so updating racecert updates the hook.
#include <ostream>
#include <string>

namespace racecert::harness::hook {

// The line that marks a hook script as racecert's.
constexpr const char* kHookMarker = "# racecert-pre-commit-hook";

// The hooks installed, each the same script.
constexpr const char* kHookNames[] = {"pre-commit", "pre-merge-commit"};

// The script, running `racecert` at `racecert_path` (falling back to PATH).
std::string hook_script(const std::string& racecert_path);

// Installs the hooks. An existing hook of either name that is not
// racecert's is kept unless `force`, in which case it is moved to
// NAME.racecert-backup. Returns the exit code (0, or 3 when a foreign hook is
// in the way or this is not a repository; then nothing is written);
// messages go to `out` / `err`.
int install_hook(bool force, std::ostream& out, std::ostream& err);

// Removes racecert's hooks, restoring the hooks they replaced, and says so
// in one line on `out`. Returns the exit code: 3 when none is racecert's
// (then nothing is changed).
int uninstall_hook(std::ostream& out, std::ostream& err);

}  // namespace racecert::harness::hook
