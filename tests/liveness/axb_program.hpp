#pragma once
// AXB programs (progress/) as explorer programs, for the differential test:
// AXB(loc, check, jump, exch, write) of thread t becomes
//   r0 := [loc]                      (exch: atom.exch r0, [loc], write)
//   if (r0 == check) goto jump       (only when the instruction branches)
// with relaxed atomics at GPU scope, all threads in one CTA. Every location
// starts at 0, as in AXB.
#include "explorer/program.hpp"
#include "progress/program.hpp"

namespace racecert::liveness::testing {

inline explorer::Program explorer_program(const progress::Program& p) {
  using namespace explorer;
  explorer::Program out;
  out.name = "axb";
  for (std::size_t l = 0; l < p.location_count(); ++l) {
    out.locations.push_back("m" + std::to_string(l));
    out.init.push_back(0);
  }
  for (std::size_t t = 0; t < p.thread_count(); ++t) {
    const auto& code = p.threads[t].code;
    explorer::Thread th;
    th.name = "P" + std::to_string(t);
    th.reg_names = {"r0"};
    th.reg_init = {0};
    // Explorer pc of each AXB instruction (and of END).
    std::vector<int> start;
    int pc = 0;
    for (std::uint32_t i = 0; i < code.size(); ++i) {
      start.push_back(pc);
      pc += progress::is_branch(code[i], i) ? 2 : 1;
    }
    start.push_back(pc);
    for (std::uint32_t i = 0; i < code.size(); ++i) {
      const progress::Instr& a = code[i];
      explorer::Instr access;
      access.kind = a.exch ? InstrKind::Rmw : InstrKind::Load;
      access.rmw = RmwOp::Exch;
      access.order = Order::Rlx;
      access.scope = Scope::Gpu;
      access.location = static_cast<int>(a.loc);
      access.dst = 0;
      access.a = Operand::constant(static_cast<Value>(a.write));
      access.text = a.exch ? "exch" : "ld";
      th.code.push_back(access);
      if (progress::is_branch(a, i)) {
        explorer::Instr br;
        br.kind = InstrKind::Branch;
        br.cond = BranchCond::Eq;
        br.a = Operand::reg_ref(0);
        br.b = Operand::constant(static_cast<Value>(a.check));
        br.target = start[a.jump];
        br.text = "beq";
        th.code.push_back(br);
      }
    }
    out.threads.push_back(std::move(th));
  }
  return out;
}

}  // namespace racecert::liveness::testing
