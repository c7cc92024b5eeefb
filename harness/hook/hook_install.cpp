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

int uninstall_hook(std::ostream& out, std::ostream& err) {
  try {
    std::string dir = hooks_dir();
    bool found = false;
    for (const char* name : kHookNames) {
      std::string path = dir + "/" + name;
      if (!fs::exists(path) || !is_ours(path)) continue;  // a hook of racecert's from before pre-merge-commit
      found = true;
      fs::remove(path);
      out << "racecert hook: removed " << path << "\n";
      std::error_code ec;
      if (fs::exists(path + ".racecert-backup")) {
        fs::rename(path + ".racecert-backup", path, ec);
        if (!ec) out << "racecert hook: restored the previous " << name << " hook\n";
      }
    }
    if (!found) {
      err << "racecert hook: error: no racecert hook at " << dir << "/pre-commit\n";
      return kExitUsage;
    }
    return kExitOk;
  } catch (const Error& e) {
    err << "racecert hook: " << e.render() << "\n";
    return e.code();
  }
}

}  // namespace racecert::harness::hook
