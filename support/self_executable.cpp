#include "support/self_executable.hpp"

#include <filesystem>

namespace racecert {

std::string self_executable() {
  std::error_code ec;
  auto p = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::string() : p.string();
}

}  // namespace racecert
