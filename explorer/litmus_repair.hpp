#pragma once
// --repair for litmus tests: explore, repair the races found (repair.hpp),
// write the changes back into the test, and repeat until it is race-free.
#include <string>
#include <vector>

#include "explorer/dpor.hpp"
#include "explorer/litmus_ast.hpp"
#include "explorer/litmus_lower.hpp"

namespace racecert::explorer::litmus {

struct ChangedInstruction {
  std::string thread;  // "P0"
  SourceLoc where;     // in the original file
  std::string before, after;
};

struct RepairOutcome {
  ExploreResult original;          // exploration of the test as given
  std::vector<ChangedInstruction> changes;
  int rounds = 0;                  // explorations that found races
  bool race_free = false;          // the repaired test has no race left
  Test repaired;
  Lowered lowered;                 // of the repaired test
  ExploreResult result;            // exploration of the repaired test
};

RepairOutcome repair(const Test& test, const ExploreOptions& options, int max_rounds = 16);

}  // namespace racecert::explorer::litmus
