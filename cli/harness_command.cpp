// Placeholder until the harness capability lands.
#include <iostream>

#include "cli/commands.hpp"
#include "support/exit_codes.hpp"

namespace racecert::cli {
int harness_main(int, char**) {
  std::cerr << "racecert harness: error: not available in this build\n";
  return kExitUsage;
}
}  // namespace racecert::cli
