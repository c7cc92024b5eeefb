#pragma once
// Printers for the two input forms. Both round-trip through the parsers:
// parse(print(p)) == p, except that the test-suite form names locations by
// their index (Mem[i]) and the AXB form by their display name.
#include <string>

#include "progress/program.hpp"

namespace racecert::progress {

std::string print_axb(const Program& p);
std::string print_suite(const Program& p);

// One instruction in test-suite syntax, e.g. "if (Exch(Mem[0],1) == 1) goto 0;".
// `len` is the length of its thread (a jump to len prints as END).
std::string suite_instruction(const Instr& i, std::uint32_t pc, std::size_t len);

// "{0,2}" for a thread set.
std::string thread_set_str(ThreadSet s);

}  // namespace racecert::progress
