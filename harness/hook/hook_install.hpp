#pragma once
// `racecert hook install` / `uninstall`: the pre-commit script in the
// repository's hooks directory (core.hooksPath honoured). The script only
// calls `racecert hook run`, so updating racecert updates the hook.
#include <ostream>
#include <string>

namespace racecert::harness::hook {

// The line that marks a pre-commit script as racecert's.
constexpr const char* kHookMarker = "# racecert-pre-commit-hook";

// The script, running `racecert` at `racecert_path` (falling back to PATH).
std::string hook_script(const std::string& racecert_path);

// Installs the hook. An existing pre-commit hook that is not racecert's is
// kept unless `force`, in which case it is moved to pre-commit.racecert-backup.
// Returns the exit code (0, or 3 when a foreign hook is in the way or this is
// not a repository); messages go to `out` / `err`.
int install_hook(bool force, std::ostream& out, std::ostream& err);

// Removes racecert's hook (and restores a backup). Returns the exit code.
int uninstall_hook(std::ostream& out, std::ostream& err);

}  // namespace racecert::harness::hook
