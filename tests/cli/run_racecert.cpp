#include "tests/cli/run_racecert.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace racecert::testkit {

namespace {

std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) {
    if (c == '\'') q += "'\\''";
    else q += c;
  }
  return q + "'";
}

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string fresh_path(const std::string& suffix) {
  static std::atomic<int> counter{0};
  return "/tmp/racecert-test-" + std::to_string(getpid()) + "-" + std::to_string(counter++) + suffix;
}

}  // namespace

Run run_racecert(const std::vector<std::string>& args) {
  std::string out = fresh_path(".out"), err = fresh_path(".err");
  std::string cmd = quote(RACECERT_BINARY);
  for (const auto& a : args) cmd += " " + quote(a);
  cmd += " >" + out + " 2>" + err + " </dev/null";
  int status = std::system(cmd.c_str());
  Run r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(out);
  r.err = slurp(err);
  std::remove(out.c_str());
  std::remove(err.c_str());
  return r;
}

Run run_racecert_shell(const std::string& arguments) {
  std::string out = fresh_path(".out");
  std::string cmd = quote(RACECERT_BINARY) + " " + arguments + " >" + out + " 2>&1 </dev/null";
  int status = std::system(cmd.c_str());
  Run r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(out);
  std::remove(out.c_str());
  return r;
}

std::string temp_file(const std::string& text, const std::string& extension) {
  std::string path = fresh_path(extension);
  std::ofstream(path) << text;
  return path;
}

}  // namespace racecert::testkit
