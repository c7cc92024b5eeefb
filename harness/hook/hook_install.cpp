#include "harness/hook/hook_install.hpp"

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <vector>

#include "harness/command_template.hpp"
#include "harness/hook/git.hpp"
#include "harness/process.hpp"
#include "support/diagnostic.hpp"

namespace fs = std::filesystem;

namespace racecert::harness::hook {

namespace {

bool is_ours(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  for (int i = 0; i < 5 && std::getline(in, line); ++i)
    if (line == kHookMarker) return true;
  return false;
}

}  // namespace

std::string hook_script(const std::string& racecert_path) {
  std::string q = shell_quote(racecert_path);
  return std::string("#!/bin/sh\n") + kHookMarker +
         "\n"
         "# Installed by `racecert hook install`: checks the staged CUDA/OpenCL kernels\n"
         "# for data races before each commit. Settings: .racecert at the repository\n"
         "# root (docs/harness.md). Skip once with `git commit --no-verify`.\n"
         "racecert=" + q + "\n"
         "if [ ! -x \"$racecert\" ]; then\n"
         "  racecert=$(command -v racecert) || {\n"
         "    echo \"racecert hook: racecert not found (was " + q + "); reinstall the hook or commit with --no-verify\" >&2\n"
         "    exit 1\n"
         "  }\n"
         "fi\n"
         "exec \"$racecert\" hook run\n";
}

int install_hook(bool force, std::ostream& out, std::ostream& err) {
  try {
    std::string dir = hooks_dir();
    // Every hook is looked at before anything is written, so that a refusal
    // leaves nothing half-installed.
    std::vector<std::string> foreign;
    for (const char* name : kHookNames) {
      std::string path = dir + "/" + name;
      if (fs::exists(path) && !is_ours(path)) foreign.push_back(path);
    }
    if (!foreign.empty() && !force) {
      err << "racecert hook: error: " << foreign.front()
          << " exists and is not racecert's; rerun with --force to replace it (it is kept as "
          << fs::path(foreign.front()).filename().string()
          << ".racecert-backup), or call `racecert hook run` from it\n";
      return kExitUsage;
    }
    std::error_code ec;
    for (const auto& path : foreign) {
      fs::rename(path, path + ".racecert-backup", ec);
      if (ec) throw input_error(SourceLoc{path, 0, 0}, "cannot back up the existing hook: " + ec.message());
      out << "racecert hook: moved the existing hook to " << path << ".racecert-backup\n";
    }
    fs::create_directories(dir, ec);
    std::string self = self_executable();
    for (const char* name : kHookNames) {
      std::string path = dir + "/" + name;
      {
        std::ofstream os(path, std::ios::binary | std::ios::trunc);
        os << hook_script(self);
        if (!os.flush()) throw input_error(SourceLoc{path, 0, 0}, "cannot write the hook");
      }
      if (::chmod(path.c_str(), 0755) != 0)
        throw input_error(SourceLoc{path, 0, 0}, "cannot make the hook executable");
      out << "racecert hook: installed " << path << " (runs " << self << " hook run)\n";
    }
    return kExitOk;
  } catch (const Error& e) {
    err << "racecert hook: " << e.render() << "\n";
    return e.code();
  }
}

namespace {

// "a", "a and b": the hooks a sentence names.
std::string hook_list(const std::vector<std::string>& names) {
  std::string s;
  for (std::size_t i = 0; i < names.size(); ++i) s += (i == 0 ? "" : " and ") + names[i];
  return s + (names.size() > 1 ? " hooks" : " hook");
}

}  // namespace

int uninstall_hook(std::ostream& out, std::ostream& err) {
  try {
    std::string dir = hooks_dir();
    // One line says what happened to every hook: removed (nothing was
    // there before racecert's), or the one racecert's replaced restored.
    std::vector<std::string> removed, restored;
    for (const char* name : kHookNames) {
      std::string path = dir + "/" + name;
      if (!fs::exists(path) || !is_ours(path)) continue;  // a hook of racecert's from before pre-merge-commit
      std::string backup = path + ".racecert-backup";
      std::error_code ec;
      if (fs::exists(backup)) {
        fs::rename(backup, path, ec);  // replaces ours in one step
        if (ec) throw input_error(SourceLoc{backup, 0, 0}, "cannot restore the previous hook: " + ec.message());
        restored.push_back(name);
      } else {
        fs::remove(path, ec);
        if (ec) throw input_error(SourceLoc{path, 0, 0}, "cannot remove racecert's hook: " + ec.message());
        removed.push_back(name);
      }
    }
    if (removed.empty() && restored.empty()) {
      err << "racecert hook: error: no racecert hook in " << dir << "; nothing changed\n";
      return kExitUsage;
    }
    out << "racecert hook: ";
    if (!removed.empty()) out << "removed racecert's " << hook_list(removed);
    if (!removed.empty() && !restored.empty()) out << "; ";
    if (!restored.empty()) out << "restored the previous " << hook_list(restored) << " in place of racecert's";
    out << " (" << dir << ")\n";
    return kExitOk;
  } catch (const Error& e) {
    err << "racecert hook: " << e.render() << "\n";
    return e.code();
  }
}

}  // namespace racecert::harness::hook
