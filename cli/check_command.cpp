#include "cli/commands.hpp"
namespace racecert::cli { int check_main(int, char**) { return 3; } }
