#include "explorer/litmus_repair.hpp"

#include <map>

#include "explorer/litmus_printer.hpp"
#include "explorer/repair.hpp"

namespace racecert::explorer::litmus {

namespace {

// Writes one change into the instruction it came from.
void edit(Instruction& in, const AccessChange& c) {
  if (c.new_order != c.old_order && (in.sem == Sem::Weak || in.sem == Sem::Volatile)) in.sem = Sem::Relaxed;
  if (c.new_scope != c.old_scope || !in.scope) in.scope = c.new_scope;
}

}  // namespace

RepairOutcome repair(const Test& test, const ExploreOptions& options, int max_rounds) {
  RepairOutcome out;
  out.repaired = test;
  // Keyed by (row, thread): the first "before" text and the latest "after".
  std::map<std::pair<int, int>, ChangedInstruction> changed;
  for (int round = 0;; ++round) {
    out.lowered = lower(out.repaired);
    out.result = explore(out.lowered.program, options);
    if (round == 0) out.original = out.result;
    if (out.result.races.empty()) {
      out.race_free = true;
      break;
    }
    if (round >= max_rounds) break;
    auto changes = repairs_for(out.lowered.program, out.result.races);
    if (changes.empty()) break;
    ++out.rounds;
    for (const auto& c : changes) {
      int row = out.lowered.row_of[static_cast<std::size_t>(c.thread)][static_cast<std::size_t>(c.pc)];
      Instruction& in = *out.repaired.rows[static_cast<std::size_t>(row)][static_cast<std::size_t>(c.thread)].instr;
      auto [it, fresh] = changed.try_emplace({row, c.thread});
      if (fresh) {
        it->second.thread = "P" + std::to_string(c.thread);
        it->second.where = in.where;
        it->second.before = print_instruction(in);
      }
      edit(in, c);
      it->second.after = print_instruction(in);
    }
  }
  for (auto& [key, c] : changed) out.changes.push_back(std::move(c));
  return out;
}

}  // namespace racecert::explorer::litmus
