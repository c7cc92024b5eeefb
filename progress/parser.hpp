#pragma once
// Parsers for the two textual forms of a progress litmus test (Boost.Spirit
// X3). Both throw racecert::Error (exit code 2) with the position of the first
// problem; both accept // and /* */ comments.
//
// AXB form (paper, Fig. 2c):
//   Thread 0: [
//     0: AXB(m, 1, 0, true, 1)   // location, check, jump, exch?, write
//     1: AXB(m, 0, 2, true, 0)
//   ]
// Test-suite form (the published suite):
//   THREAD 0
//   0: Mem[0] = 1;
//   1: if (Exch(Mem[0],0) == 0) goto 0;
//   2: if (Mem[1] == 0) goto END;
#include <string>

#include "progress/program.hpp"

namespace racecert::progress {

enum class Syntax { Axb, Suite };

Program parse_axb(const std::string& text, const std::string& file);
Program parse_suite(const std::string& text, const std::string& file);
// Picks the form from the first keyword: `Thread` (AXB) or `THREAD` (suite).
Syntax detect_syntax(const std::string& text, const std::string& file);
Program parse_program(const std::string& text, const std::string& file);
// Reads and parses a file in either form.
Program load_program(const std::string& path);

}  // namespace racecert::progress
