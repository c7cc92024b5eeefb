#pragma once
#include <stdexcept>
#include <string>

#include "support/exit_codes.hpp"
#include "support/source_location.hpp"

namespace racecert {

// An error that ends a command with a one-line message and a distinct exit
// code. Thrown for malformed input (kExitBadInput), bad usage (kExitUsage) and
// inputs we cannot analyse soundly (kExitInconclusive).
class Error : public std::runtime_error {
 public:
  Error(ExitCode code, SourceLoc loc, const std::string& message)
      : std::runtime_error(message), code_(code), loc_(std::move(loc)) {}
  ExitCode code() const { return code_; }
  const SourceLoc& loc() const { return loc_; }
  // "file:line:col: error: message", the form compilers use.
  std::string render() const;

 private:
  ExitCode code_;
  SourceLoc loc_;
};

inline Error input_error(SourceLoc loc, const std::string& msg) {
  return Error(kExitBadInput, std::move(loc), msg);
}
inline Error usage_error(const std::string& msg) {
  return Error(kExitUsage, SourceLoc{}, msg);
}
inline Error unsupported(SourceLoc loc, const std::string& msg) {
  return Error(kExitInconclusive, std::move(loc), msg);
}

// Reads a whole file; throws input_error when it cannot be read.
std::string read_file(const std::string& path);

}  // namespace racecert
