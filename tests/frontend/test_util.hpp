#pragma once
// Helpers of the front-end tests: write a small kernel to a temporary file,
// run `racecert check` on it, and read the verdict of one kernel back.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include <llvm/Support/JSON.h>

#include "tests/cli/json_output.hpp"
#include "tests/cli/run_racecert.hpp"

namespace racecert::fetest {

namespace testkit = racecert::testkit;
using testkit::Run;

// Exit codes of `racecert check`.
constexpr int kDrf = 0;
constexpr int kRacy = 1;  // or divergent
constexpr int kMalformed = 2;
constexpr int kUnknown = 4;

// A fresh temporary directory (for tests that need several files).
inline std::string temp_dir() {
  std::string tmpl = "/tmp/racecert-fetest-XXXXXX";
  char* d = mkdtemp(tmpl.data());
  if (!d) ADD_FAILURE() << "mkdtemp failed";
  return tmpl;
}

inline std::string write_file(const std::string& path, const std::string& text) {
  std::ofstream(path) << text;
  return path;
}

inline std::string kernel_file(const std::string& source, const std::string& ext = ".cu") {
  return testkit::temp_file(source, ext);
}

// racecert check FILE ARGS... on `source` written to a fresh file.
inline Run check(const std::string& source, const std::vector<std::string>& args = {},
                 const std::string& ext = ".cu") {
  std::vector<std::string> all = {"check", kernel_file(source, ext)};
  all.insert(all.end(), args.begin(), args.end());
  return testkit::run_racecert(all);
}

inline Run check_cl(const std::string& source, const std::vector<std::string>& args = {}) {
  return check(source, args, ".cl");
}

// The status the text report gives kernel `name` ("drf", "racy",
// "divergent", "unknown"), or "" when it has no such line.
inline std::string status_of(const Run& r, const std::string& name) {
  std::regex line("kernel '" + std::regex_replace(name, std::regex(R"([\[\]\(\)\.\*\+\?\^\$\|\\\{\}<>])"), R"(\$&)") +
                  R"(': ([a-z]+))");
  std::smatch m;
  if (std::regex_search(r.out, m, line)) return m[1];
  return "";
}

inline bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

inline std::size_t count_of(const std::string& haystack, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t at = haystack.find(needle); at != std::string::npos; at = haystack.find(needle, at + 1)) ++n;
  return n;
}

// The witness line of the first race ("witness: a=1 b=2 ...") as pairs.
inline std::map<std::string, long long> witness(const Run& r) {
  std::map<std::string, long long> w;
  std::size_t at = r.out.find("witness:");
  if (at == std::string::npos) return w;
  std::string line = r.out.substr(at + 8, r.out.find('\n', at) - at - 8);
  std::regex item(R"(([^\s=]+)=(-?\d+))");
  for (std::sregex_iterator it(line.begin(), line.end(), item), end; it != end; ++it)
    w[(*it)[1]] = std::stoll((*it)[2]);
  return w;
}

using testkit::parse_json;  // tests/cli/json_output.hpp

// Prints a run for failure messages.
inline std::string dump(const Run& r) { return "exit " + std::to_string(r.code) + "\nstdout:\n" + r.out + "stderr:\n" + r.err; }

}  // namespace racecert::fetest

// Asserts the exit code and the kernel's status of a run.
#define EXPECT_VERDICT(run, kernel, exit_code, status)              \
  do {                                                              \
    const auto& r_ = (run);                                         \
    EXPECT_EQ(r_.code, exit_code) << racecert::fetest::dump(r_);    \
    EXPECT_EQ(racecert::fetest::status_of(r_, kernel), status) << racecert::fetest::dump(r_); \
  } while (0)
#define EXPECT_DRF(run, kernel) EXPECT_VERDICT(run, kernel, racecert::fetest::kDrf, "drf")
#define EXPECT_RACY(run, kernel) EXPECT_VERDICT(run, kernel, racecert::fetest::kRacy, "racy")
