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

// Whether `racecert check` reads CUDA yet (the front end, issue 3).
bool racecert_reads_cuda();

// A kernel file with a GPUVerify header.
std::string kernel_text(bool racy, const std::string& dims_line = "//--blockDim=64 --gridDim=1",
                        const std::string& body = "");

}  // namespace racecert::harness::testkit
