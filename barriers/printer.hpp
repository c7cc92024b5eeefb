#pragma once
// Printer of the text form; parse_text(print(p)) gives back p (same_program).
#include <string>
#include <vector>

#include "barriers/program.hpp"

namespace racecert::barriers {

std::string print(const Program& p);
std::string print(const std::vector<Program>& ps);

}  // namespace racecert::barriers
