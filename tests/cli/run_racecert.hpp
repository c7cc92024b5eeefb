#pragma once
// Runs the racecert executable as a user would, capturing its output.
#include <string>
#include <vector>

namespace racecert::testkit {

struct Run {
  int code = -1;
  std::string out, err;
};

// Arguments are passed to the shell quoted. `stdin_text` is fed on stdin.
Run run_racecert(const std::vector<std::string>& args);

// Writes `text` to a fresh temporary file with the given extension.
std::string temp_file(const std::string& text, const std::string& extension);

}  // namespace racecert::testkit
