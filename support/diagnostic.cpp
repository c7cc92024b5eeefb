#include "support/diagnostic.hpp"
#include "support/file_error.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace racecert {

SourceLoc location_at(const std::string& text, std::size_t offset, const std::string& filename) {
  offset = std::min(offset, text.size());
  int line = 1, col = 1;
  for (std::size_t k = 0; k < offset; ++k) {
    if (text[k] == '\n') {
      ++line;
      col = 1;
    } else {
      ++col;
    }
  }
  return SourceLoc{filename, line, col};
}

std::string SourceLoc::str() const {
  std::string s = file;
  if (line > 0) {
    s += (s.empty() ? "" : ":") + std::to_string(line);
    if (column > 0) s += ":" + std::to_string(column);
  }
  return s;
}

std::string Error::render() const {
  std::string where = loc_.str();
  const char* kind = code_ == kExitInconclusive ? "unsupported" : "error";
  return (where.empty() ? "" : where + ": ") + kind + ": " + what();
}

Error unreadable_file(const std::string& path, int error) {
  // A directory opens for reading on Linux and fails only at the first
  // read: name it before the system's error does.
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return input_error(SourceLoc{path, 0, 0}, "is a directory, not a file");
  return input_error(SourceLoc{path, 0, 0},
                     "cannot read file: " + std::string(error != 0 ? std::strerror(error) : "read error"));
}

std::string read_file(const std::string& path) {
  errno = 0;
  std::ifstream in(path, std::ios::binary);
  if (!in) throw unreadable_file(path, errno);
  std::ostringstream ss;
  ss << in.rdbuf();
  if (in.bad() || std::filesystem::is_directory(path)) throw unreadable_file(path, errno);
  return ss.str();
}

}  // namespace racecert
