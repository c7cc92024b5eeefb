// Atomic tickets in protocol inference (inference/tickets.hpp): which atomic
// results become `ticket` declarations, and every way a counter fails the
// rule (then the result stays a plain per-thread unknown, `local`).
#include <gtest/gtest.h>

#include "inference/infer.hpp"
#include "inference/tickets.hpp"
#include "kernel_ir/parser.hpp"
#include "protocol/printer.hpp"
#include "tests/support/text.hpp"

namespace racecert::inference {
namespace {

std::string ticket_protocol_of(const std::string& text) {
  return protocol::print(infer_protocol(kir::parse_kernel(text, "k.cu")).protocol);
}

// A kernel drawing `t` from `counter` after `before`, then writing out[t].
std::string drawing(const std::string& counter_decl, const std::string& before, const std::string& draw,
                    const std::string& after = "") {
  return "cuda kernel k {\n  array global int out[] (parameter);\n  " + counter_decl +
         "\n  local unsigned t;\n" + before + "\n  " + draw + "\n  store out[t] = threadIdx.x;\n" + after + "\n}\n";
}

using testkit::has;

TEST(Tickets, AnIncrementAfterAnInitializationAndABarrierIsATicket) {
  // OpenCL's counter: one work-item zeroes it, a barrier, then atomic_inc.
  EXPECT_EQ(ticket_protocol_of(R"(opencl kernel counter {
  array shared int A[] (parameter);
  array shared int count<4>;
  local int t;
  if (threadIdx.x == 0) {
    store count = 0;
  }
  barrier.block shared;
  t = atomic.inc.relaxed.device count;
  store A[t] = threadIdx.x;
}
)"),
            "kernel counter {\n  shared A;\n  shared count : 0;\n  ticket t$1 of shared count;\n"
            "  if (threadIdx.x == 0) {\n    wr count = 0 @ \"\":0:0;\n  }\n  sync shared;\n"
            "  atomic count @ \"\":0:0;\n  wr A[t$1] = threadIdx.x @ \"\":0:0;\n}\n");
}

TEST(Tickets, AGlobalCounterCellWithoutResetsIsATicketOfItsCell) {
  std::string p = ticket_protocol_of(drawing("array global unsigned c<4>[] (parameter);\n  local int off;", "  off = 0;",
                                      "t = atomic.add.relaxed.device c[off + 1], 1;"));
  EXPECT_TRUE(has(p, "ticket t$1 of global c[1];")) << p;
}

TEST(Tickets, IncrementsByPositiveConstantsAndAtomicIncToUintMaxAreTickets) {
  for (const char* draw : {"t = atomic.add.relaxed.device c, 3;", "t = atomic.inc.relaxed.device c, 4294967295;",
                           "t = atomic.add.relaxed.block c, 1;"}) {
    std::string p = ticket_protocol_of(drawing("array shared unsigned c<4>;", "", draw));
    EXPECT_TRUE(has(p, "ticket t$1 of shared c;")) << draw << "\n" << p;
  }
}

TEST(Tickets, ATicketDrawnInALoopIsAScopedTicket) {
  std::string p = ticket_protocol_of(R"(cuda kernel k {
  param int n;
  array global int out[] (parameter);
  array global unsigned c<4>[] (parameter);
  local int i;
  local unsigned t;
  loop (i < n) {
    init:
      i = 0;
    body:
      t = atomic.add.relaxed.device c[0], 1;
      store out[t] = i;
    update:
      i = i + 1;
  }
}
)");
  EXPECT_TRUE(has(p, "  for i in 0..n {\n    ticket t$1 of global c[0];\n")) << p;
}

// Each of these breaks the rule; the drawn value stays a plain unknown.
TEST(Tickets, CountersThatMayRepeatAValueGiveNoTickets) {
  struct Case {
    const char* why;
    std::string kernel;
  };
  const std::string shared_c = "array shared unsigned c<4>;";
  const std::string inc = "t = atomic.add.relaxed.device c, 1;";
  std::vector<Case> cases = {
      {"adds 0", drawing(shared_c, "", "t = atomic.add.relaxed.device c, 0;")},
      {"adds an unknown amount", drawing(shared_c, "", "t = atomic.add.relaxed.device c, threadIdx.x;")},
      {"adds a huge amount (a subtraction modulo 2^32)",
       drawing(shared_c, "", "t = atomic.add.relaxed.device c, 4294967295;")},
      {"atomicInc wrapping early", drawing(shared_c, "", "t = atomic.inc.relaxed.device c, 100;")},
      {"a plain write in the same phase", drawing(shared_c, "  if (threadIdx.x == 0) {\n    store c = 0;\n  }", inc)},
      {"a plain write after the increments", drawing(shared_c, "", inc, "  barrier.block;\n  store c = 0;")},
      {"an exchange in the same phase", drawing(shared_c, "  atomic.exch.relaxed.device c, 0;", inc)},
      {"a barrier that does not order shared memory",
       drawing(shared_c, "  store c = 0;\n  barrier.block global;", inc)},
      {"a barrier under a condition",
       drawing(shared_c, "  store c = 0;\n  if (blockIdx.x == 0) {\n    barrier.block;\n  }", inc)},
      {"a write to an unknown cell of the array",
       drawing("array shared unsigned c<4>[4];", "  store c[threadIdx.x] = 0;\n  barrier.block;",
               "t = atomic.add.relaxed.device c[0], 1;")},
      {"a write through a byte view", drawing("array shared unsigned c<4>[4];",
                                              "  store c<2>[0] = 0;\n  barrier.block;",
                                              "t = atomic.add.relaxed.device c[0], 1;")},
      {"a reset of a global counter, even before a barrier",
       drawing("array global unsigned c<4>;", "  store c = 0;\n  barrier.block;", inc)},
      {"a block-scoped increment of a global counter",
       drawing("array global unsigned c<4>;", "", "t = atomic.add.relaxed.block c, 1;")},
      {"a float counter", drawing("array shared float c<4>;", "", inc)},
      {"a 2-byte counter", drawing("array shared unsigned c<2>;", "", inc)},
  };
  for (const auto& c : cases) {
    std::string p = ticket_protocol_of(c.kernel);
    EXPECT_FALSE(has(p, "ticket")) << c.why << "\n" << p;
    EXPECT_TRUE(has(p, "local t$1;")) << c.why << "\n" << p;
  }
}

TEST(Tickets, OtherCellsAndReadsDoNotDisturbACounter) {
  // A reset of c[1] in the same phase, and plain reads of c[0], leave the
  // tickets of c[0] distinct.
  std::string p = ticket_protocol_of(drawing("array global unsigned c<4>[2] (parameter);\n  local unsigned r;",
                                      "  store c[1] = 0;\n  r = load c[0];", "t = atomic.add.relaxed.device c[0], 1;"));
  EXPECT_TRUE(has(p, "ticket t$2 of global c[0];")) << p;  // t$1 is r's unknown
  // Adding 0 reads: the other threads' increments keep their tickets, the
  // reader's value (u) is a plain unknown that may equal one of them.
  std::string zero = ticket_protocol_of(drawing("array shared unsigned c<4>;\n  local unsigned u;",
                                         "  u = atomic.add.relaxed.device c, 0;\n  store out[u] = 1;",
                                         "t = atomic.add.relaxed.device c, 1;"));
  EXPECT_TRUE(has(zero, "  local u$1;\n  ticket t$2 of shared c;\n")) << zero;
}

TEST(Tickets, AtomicEffectsOfTheOperations) {
  auto effect = [](const char* op, std::vector<expr::Expr> operands) {
    kir::Atomic a;
    a.op = op;
    a.operands = operands;
    return atomic_effect(a, operands.empty() ? nullptr : operands.front());
  };
  using expr::int_lit;
  EXPECT_EQ(effect("add", {int_lit(1)}), AtomicEffect::Increment);
  EXPECT_EQ(effect("add", {int_lit((std::int64_t{1} << 31) - 1)}), AtomicEffect::Increment);
  EXPECT_EQ(effect("add", {int_lit(std::int64_t{1} << 31)}), AtomicEffect::Other);
  EXPECT_EQ(effect("add", {int_lit(0)}), AtomicEffect::Read);  // its result is no ticket, but the others stay
  EXPECT_EQ(effect("add", {int_lit(-1)}), AtomicEffect::Other);
  EXPECT_EQ(effect("add", {}), AtomicEffect::Other);
  EXPECT_EQ(effect("add", {nullptr}), AtomicEffect::Other);
  EXPECT_EQ(effect("inc", {}), AtomicEffect::Increment);
  EXPECT_EQ(effect("inc", {int_lit(-1)}), AtomicEffect::Increment);
  EXPECT_EQ(effect("inc", {int_lit(7)}), AtomicEffect::Other);
  EXPECT_EQ(effect("load", {}), AtomicEffect::Read);
  for (const char* op : {"sub", "exch", "cas", "max", "min", "dec", "and", "or", "xor", "store"})
    EXPECT_EQ(effect(op, {int_lit(1)}), AtomicEffect::Other) << op;
}

}  // namespace
}  // namespace racecert::inference
