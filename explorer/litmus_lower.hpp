#pragma once
// Turns a parsed litmus Test into the explorer's Program: names become
// indices, labels become instruction indices, PTX qualifiers become SRC11
// orders and scopes (weak → NA, relaxed → RLX, acquire → ACQ, release → REL,
// acq_rel → ACQ_REL, fence.sc → SC fence, volatile → RLX at sys scope).
// Meaningless combinations (ld.relaxed without a scope, atom.cas with one
// value, an unknown label, ...) are input errors at the instruction.
#include <utility>
#include <vector>

#include "explorer/litmus_ast.hpp"
#include "explorer/program.hpp"

namespace racecert::explorer::litmus {

struct Lowered {
  Program program;
  // For each thread and instruction index, the row of the Test the
  // instruction came from (-1 for labels), so repairs can edit the Test.
  std::vector<std::vector<int>> row_of;
};

Lowered lower(const Test& test);

}  // namespace racecert::explorer::litmus
