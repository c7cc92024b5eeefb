#pragma once
// Helpers shared by the progress tests: dataset files and their expectation
// comments, and running the racecert binary.
#include <array>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "progress/models.hpp"

namespace racecert::progress::testing {

inline std::string dataset_dir() { return std::string(RACECERT_SOURCE_DIR) + "/datasets/progress"; }

inline std::vector<std::string> dataset_files() {
  std::vector<std::string> out;
  for (const auto& e : std::filesystem::directory_iterator(dataset_dir()))
    if (e.path().extension() == ".axb" || e.path().extension() == ".test") out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

inline std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::ostringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// The value of a "// key: ..." comment line, or "" when absent.
inline std::string comment_field(const std::string& text, const std::string& key) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (line.rfind("// " + key + ": ", 0) == 0) return line.substr(key.size() + 5);
  return "";
}

// Parses "unfair=fail fair/weak=pass ..." into all_models() order; -1 when absent.
inline std::array<int, 11> parse_expectations(const std::string& line) {
  std::array<int, 11> out;
  out.fill(-1);
  const auto all = all_models();
  std::istringstream in(line);
  for (std::string item; in >> item;) {
    const auto eq = item.find('=');
    const std::string name = item.substr(0, eq), value = item.substr(eq + 1);
    for (std::size_t i = 0; i < all.size(); ++i) {
      const std::string n = all[i].model == Model::Unfair ? "unfair" : spec_name(all[i]);
      if (n == name) out[i] = value == "pass" ? 1 : 0;
    }
  }
  return out;
}

struct RunResult {
  int code = -1;
  std::string out, err;
};

// Runs `racecert <args>` (args are passed to the shell as written).
inline RunResult run_racecert(const std::string& args) {
  static int counter = 0;
  const auto dir = std::filesystem::temp_directory_path();
  const std::string tag = std::to_string(::getpid()) + "_" + std::to_string(counter++);
  const std::string out = (dir / ("rc_out_" + tag)).string(), err = (dir / ("rc_err_" + tag)).string();
  const std::string cmd = std::string("'") + RACECERT_BINARY + "' " + args + " > '" + out + "' 2> '" + err + "'";
  const int status = std::system(cmd.c_str());
  RunResult r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(out);
  r.err = slurp(err);
  std::filesystem::remove(out);
  std::filesystem::remove(err);
  return r;
}

}  // namespace racecert::progress::testing
