// Placeholder until the hook capability lands.
#include <iostream>

#include "cli/commands.hpp"
#include "support/exit_codes.hpp"

namespace racecert::cli {
int hook_main(int, char**) {
  std::cerr << "racecert hook: error: not available in this build\n";
  return kExitUsage;
}
}  // namespace racecert::cli
