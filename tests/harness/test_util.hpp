#pragma once
// Helpers of the harness tests: temporary directories, files, and running
// commands (racecert, git, fake tools) through the harness's own runner.
#include <string>
#include <utility>
#include <vector>

namespace racecert::harness::testkit {

class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::string& path() const { return path_; }
  std::string operator/(const std::string& rel) const { return path_ + "/" + rel; }

 private:
  std::string path_;
};

void write_file(const std::string& path, const std::string& text, bool executable = false);
std::string read_text(const std::string& path);
bool file_exists(const std::string& path);

struct Cmd {
  int code = -1;
  std::string out, err;
};
using Env = std::vector<std::pair<std::string, std::string>>;

Cmd run(const std::vector<std::string>& argv, const std::string& cwd = "", const Env& env = {},
        double timeout_s = 120);
// The racecert built with the tests.
Cmd run_racecert(const std::vector<std::string>& args, const std::string& cwd = "", const Env& env = {});

// A command started in the background (stdout and stderr to `log`), for
// tests that signal it. The destructor kills it if it is still running.
class Background {
 public:
  Background(const std::vector<std::string>& argv, const std::string& cwd, const Env& env, const std::string& log);
  ~Background();
  Background(const Background&) = delete;
  Background& operator=(const Background&) = delete;
  int pid() const { return pid_; }
  // Waits up to `timeout_s` for it to end; its wait status, or -1 if it
  // is still running.
  int wait(double timeout_s);

 private:
  int pid_ = -1;
  bool reaped_ = false;
};

// Waits up to `timeout_s` for a file to exist and be non-empty.
bool wait_for_file(const std::string& path, double timeout_s);
// Whether no process has this pid any more (a zombie counts as gone).
bool process_gone(int pid);
// Waits up to `timeout_s` for process_gone(pid).
bool wait_gone(int pid, double timeout_s);

// A kernel file with a GPUVerify header.
std::string kernel_text(bool racy, const std::string& dims_line = "//--blockDim=64 --gridDim=1",
                        const std::string& body = "");

}  // namespace racecert::harness::testkit
