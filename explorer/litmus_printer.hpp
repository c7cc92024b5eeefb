#pragma once
// Prints a litmus Test back in the dialect litmus_parser reads, with aligned
// columns. Printing is idempotent: parse(print(t)) prints as print(t).
#include <string>

#include "explorer/litmus_ast.hpp"

namespace racecert::explorer::litmus {

std::string print_instruction(const Instruction& in);
std::string print_condition(const Cond& c);
std::string print_quantifier(Quantifier q);  // "exists", "~exists", "forall"
std::string print_test(const Test& t);

}  // namespace racecert::explorer::litmus
