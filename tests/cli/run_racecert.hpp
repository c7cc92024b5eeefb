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

// `arguments` as a shell command line after the binary ("explore 'a b.litmus'
// --format json"); standard output and error together in `out`, in the
// order a terminal shows them, and `err` empty.
Run run_racecert_shell(const std::string& arguments);

// Writes `text` to a fresh temporary file with the given extension.
std::string temp_file(const std::string& text, const std::string& extension);

}  // namespace racecert::testkit
