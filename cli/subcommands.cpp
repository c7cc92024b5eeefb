#include "cli/subcommands.hpp"

#include "cli/command_line.hpp"
#include <iostream>

#include "support/diagnostic.hpp"

namespace racecert::cli {

int dispatch_subcommands(const std::string& command, const char* usage,
                         const std::map<std::string, Subcommand>& subcommands, int argc, char** argv) {
  if (argc < 2) {
    std::cerr << usage;
    return kExitUsage;
  }
  const std::string sub = argv[1];
  if (sub == "--help" || sub == "-h" || sub == "help") {
    std::cout << usage;
    return kExitOk;
  }
  auto it = subcommands.find(sub);
  if (it == subcommands.end()) {
    std::cerr << "racecert " << command << ": error: unknown command '" << sub << "'\n" << usage;
    return kExitUsage;
  }
  std::string program = "racecert " + command + " " + sub;
  argv[1] = program.data();
  try {
    return it->second(argc - 1, argv + 1);
  } catch (const cxxopts::exceptions::exception& e) {
    std::cerr << program << ": error: " << e.what() << "\n";
    return kExitUsage;
  } catch (const Error& e) {
    // An error in an input file reads like a compiler's (file:line:col:
    // error: ...); the others say which command failed.
    bool in_file = e.code() != kExitUsage && !e.loc().file.empty();
    std::cerr << (in_file ? std::string() : program + ": ") << e.render() << "\n";
    return e.code();
  } catch (const std::exception& e) {
    // Anything else (a full disk, a bad allocation) still ends in one line.
    std::cerr << program << ": error: " << e.what() << "\n";
    return kExitBadInput;
  }
}

}  // namespace racecert::cli
