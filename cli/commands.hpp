#pragma once
// Entry points of racecert's sub-commands. Each receives the arguments after
// the sub-command name (argv[0] is "racecert <command>") and returns the exit
// code (see support/exit_codes.hpp). Each lives in its own file in cli/.
namespace racecert::cli {
int check_main(int argc, char** argv);     // check_command.cpp
int explore_main(int argc, char** argv);   // explore_command.cpp
int progress_main(int argc, char** argv);  // progress_command.cpp
int harness_main(int argc, char** argv);   // harness_command.cpp
int hook_main(int argc, char** argv);      // hook_command.cpp
}  // namespace racecert::cli
