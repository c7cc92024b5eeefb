#pragma once
// Atomic tickets: which atomic results are tickets of a counter
// (docs/smt-encoding.md "Atomic tickets"). `slot = atomicAdd(&count, 1);
// out[slot] = v;` gives two threads different slots when, while tickets are
// drawn, nothing but atomic increments by positive amounts modifies `count`.
//
// Protocol inference reports, in program order, every modification of a
// shared or global array (with its index translated: a counter is one cell
// of constant indices) and every barrier at the top level of the kernel
// (after jump elimination, outside any conditional or loop: every thread of
// the block passes it, and everything before it happens before everything
// after it). The ledger then decides, per cell, whether it is a counter:
//
//  * the array holds 4- or 8-byte integers, and every modification of it has
//    constant indices and no byte view (so cells alias exactly when their
//    indices are equal);
//  * every modification of the cell that is not an increment (a plain
//    store, an exchange, a decrement, an add of an unknown amount, ...)
//    comes before a top-level barrier that orders the array's memory, and
//    every increment after it; a global counter has no such reset at all
//    (a barrier orders one block, not another block's reset).
//
// After that barrier the counter only grows, so two calls return different
// values as long as its increments in one launch sum to less than 2^32
// (8-byte counters too: a ticket may be kept in a 32-bit variable): the
// wrap-around assumption.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "kernel_ir/kernel_ir.hpp"
#include "protocol/protocol.hpp"

namespace racecert::inference {

// How an atomic changes its cell. An increment adds a known positive amount
// (atomicAdd(p, 1), OpenCL atomic_inc, atomicInc(p, UINT_MAX)); a read
// changes nothing (atomic loads, adding 0); anything else may move the
// counter anywhere.
enum class AtomicEffect { Increment, Read, Other };

// `operand` is the atomic's first operand as inference translated it (null
// when unknown or absent).
AtomicEffect atomic_effect(const kir::Atomic& a, const protocol::Expr& operand);

class TicketLedger {
 public:
  void top_level_barrier(bool orders_shared, bool orders_global);
  // A store or an atomic that may change a cell: `cell` holds the
  // translated indices (a null entry: not a constant), `viewed` a byte
  // view; `ticket` names the protocol unknown holding an increment's result.
  // A block-scoped increment of a global counter is no increment: other
  // blocks' updates are not atomic with it, so the counter may lose one and
  // hand out a value twice within the block.
  void modification(const kir::Array& array, const std::vector<protocol::Expr>& cell, bool viewed,
                    bool increment, const std::string& ticket = "", bool block_scoped = false);

  // The tickets whose counters pass the rule, by the name of their unknown.
  std::map<std::string, protocol::TicketCounter> tickets() const;

 private:
  struct Modification {
    std::string array;
    std::optional<std::vector<std::int64_t>> cell;  // none: not constant, or through a byte view
    bool increment = false;
    std::string ticket;
    int epoch = 0;  // top-level barriers before it
  };
  std::vector<std::pair<bool, bool>> barriers_;  // (orders shared, orders global), in order
  std::map<std::string, protocol::MemorySpace> counter_arrays_;  // arrays that may hold counters
  std::vector<Modification> modifications_;
};

}  // namespace racecert::inference
