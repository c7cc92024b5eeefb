#include "inference/tickets.hpp"

#include <algorithm>

namespace racecert::inference {

namespace P = racecert::protocol;

AtomicEffect atomic_effect(const kir::Atomic& a, const P::Expr& operand) {
  if (a.op == "load") return AtomicEffect::Read;
  // INT64_MIN where the operand is no constant: it passes none of the tests
  // below. (Not an optional: GCC 12 warns maybe-uninitialized on `*amount`.)
  std::int64_t amount = operand ? expr::as_int(operand).value_or(INT64_MIN) : INT64_MIN;
  // Amounts below 2^31 keep the wrap-around assumption about the sum of
  // increments, not about one huge one (adding 0xFFFFFFFF subtracts 1).
  // Adding 0 reads. (Were it a disguised increment, an operator lowered
  // with a dummy operand 0, taking it for a read would only hide an
  // increment, which keeps tickets distinct.)
  if (a.op == "add" && a.operands.size() == 1) {
    if (amount == 0) return AtomicEffect::Read;
    return amount >= 1 && amount < (std::int64_t{1} << 31) ? AtomicEffect::Increment : AtomicEffect::Other;
  }
  if (a.op == "inc") {
    // OpenCL atomic_inc(p) adds 1. CUDA atomicInc(p, m) stores
    // old >= m ? 0 : old + 1: with m = UINT_MAX (or -1 converted to it) that
    // is old + 1 modulo 2^32, the wrap-around every counter has.
    if (a.operands.empty()) return AtomicEffect::Increment;
    if (a.operands.size() == 1 && (amount == 4294967295 || amount == -1)) return AtomicEffect::Increment;
  }
  return AtomicEffect::Other;
}

void TicketLedger::top_level_barrier(bool orders_shared, bool orders_global) {
  barriers_.emplace_back(orders_shared, orders_global);
}

void TicketLedger::modification(const kir::Array& array, const std::vector<P::Expr>& cell, bool viewed,
                                bool increment, const std::string& ticket, bool block_scoped) {
  bool integer = array.element == kir::ScalarType::Int || array.element == kir::ScalarType::Unsigned;
  bool memory = array.space == kir::Space::Shared || array.space == kir::Space::Global;
  if (!integer || !memory || (array.element_bytes != 4 && array.element_bytes != 8)) return;
  counter_arrays_[array.name] = array.space == kir::Space::Shared ? P::MemorySpace::Shared : P::MemorySpace::Global;
  Modification m;
  m.array = array.name;
  m.increment = increment && !(block_scoped && array.space == kir::Space::Global);
  m.ticket = m.increment ? ticket : "";
  m.epoch = static_cast<int>(barriers_.size());
  if (!viewed) {
    std::vector<std::int64_t> constant;
    for (const auto& i : cell)
      if (auto c = i ? expr::as_int(i) : std::nullopt) constant.push_back(*c);
    if (constant.size() == cell.size()) m.cell = constant;
  }
  modifications_.push_back(std::move(m));
}

std::map<std::string, P::TicketCounter> TicketLedger::tickets() const {
  std::map<std::string, P::TicketCounter> out;
  for (const auto& [array, space] : counter_arrays_) {
    std::vector<const Modification*> mods;
    for (const auto& m : modifications_)
      if (m.array == array) mods.push_back(&m);
    // A store through an unknown index or a byte view may hit any cell.
    if (std::any_of(mods.begin(), mods.end(), [](const Modification* m) { return !m->cell; })) continue;
    std::map<std::vector<std::int64_t>, std::vector<const Modification*>> cells;
    for (const Modification* m : mods) cells[*m->cell].push_back(m);
    for (const auto& [cell, list] : cells) {
      int last_reset = -1, first_increment = -1;
      for (const Modification* m : list) {
        if (m->increment) first_increment = first_increment < 0 ? m->epoch : std::min(first_increment, m->epoch);
        else last_reset = std::max(last_reset, m->epoch);
      }
      if (first_increment < 0) continue;
      // A barrier orders one block: another block's reset of a global
      // counter could come between two increments of this block.
      if (last_reset >= 0 && space == P::MemorySpace::Global) continue;
      if (last_reset >= 0) {
        // Barrier b separates epochs b and b + 1.
        bool separated = false;
        for (int b = last_reset; b < first_increment; ++b) {
          const auto& [orders_shared, orders_global] = barriers_[static_cast<std::size_t>(b)];
          separated = separated || (space == P::MemorySpace::Shared ? orders_shared : orders_global);
        }
        if (!separated) continue;
      }
      for (const Modification* m : list)
        if (m->increment && !m->ticket.empty()) out[m->ticket] = P::TicketCounter{space, array, cell};
    }
  }
  return out;
}

}  // namespace racecert::inference
