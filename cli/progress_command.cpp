// Placeholder until the progress capability lands.
#include <iostream>

#include "cli/commands.hpp"
#include "support/exit_codes.hpp"

namespace racecert::cli {
int progress_main(int, char**) {
  std::cerr << "racecert progress: error: not available in this build\n";
  return kExitUsage;
}
}  // namespace racecert::cli
