// Placeholder until the explore capability lands.
#include <iostream>

#include "cli/commands.hpp"
#include "support/exit_codes.hpp"

namespace racecert::cli {
int explore_main(int, char**) {
  std::cerr << "racecert explore: error: not available in this build\n";
  return kExitUsage;
}
}  // namespace racecert::cli
