#pragma once
// The syntax tree of a PTX litmus test in the herd/Dat3M dialect, as written
// (names unresolved). litmus_parser builds it, litmus_printer prints it back,
// litmus_lower turns it into the explorer's Program.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "explorer/program.hpp"
#include "support/source_location.hpp"

namespace racecert::explorer::litmus {

// Memory-order qualifier as written.
enum class Sem : std::uint8_t { None, Weak, Relaxed, Acquire, Release, AcqRel, SC, Volatile };
const char* spelling(Sem s);  // "weak", "relaxed", ...

enum class Op : std::uint8_t { Ld, St, Atom, Red, Fence, BarSync, BarArrive, Goto, Branch, Arith, Mov };

struct Operand {
  bool is_reg = false;
  std::string reg;
  std::int64_t value = 0;
};

struct Instruction {
  Op op = Op::Mov;
  Sem sem = Sem::None;
  std::optional<Scope> scope;
  RmwOp rmw = RmwOp::Add;       // Atom, Red
  ArithOp arith = ArithOp::Add; // Arith
  BranchCond cond = BranchCond::Always;  // Branch
  std::string type;             // ignored data-type suffix, e.g. "b32" (printed back)
  // Ld, St: the proxy (suld/tld/cold loads, sust stores; generic: ld/st).
  // Fence: fence.proxy.alias (FenceKind::Alias), fence.proxy.<proxy> (Proxy).
  Proxy proxy = Proxy::Generic;
  FenceKind fence = FenceKind::Memory;
  bool bar_cta = true;          // bar.cta.sync (true) or bar.sync (false)
  std::string dst;              // Ld, Atom, Arith, Mov
  std::string location;         // Ld, St, Atom, Red
  std::vector<Operand> args;    // St: value; Atom: value | expected, new; Red: value;
                                // Arith: a, b; Mov: a; Branch: a, b; Ld: an immediate
                                // (`ld r0, 1`, location empty); Bar: a[, b[, c]]
  std::string target;           // Goto, Branch
  SourceLoc where;
};

// One thread's slot in an instruction row: labels, then an optional instruction.
struct Cell {
  std::vector<std::string> labels;
  std::vector<SourceLoc> label_where;
  std::optional<Instruction> instr;
};

struct ThreadDecl {
  int id = 0;            // n of Pn
  bool scoped = false;   // "@cta C,gpu G" given
  int cta = 0, gpu = 0;
  SourceLoc where;
};

struct InitEntry {
  int thread = -1;  // -1: a location
  std::string name;
  std::int64_t value = 0;
  // `name @ proxy aliases target` (thread -1, value unused).
  bool alias = false;
  Proxy proxy = Proxy::Generic;
  std::string target;
  SourceLoc where;
};

struct Cond {
  enum class Kind : std::uint8_t { True, False, Eq, Ne, Not, And, Or };
  Kind kind = Kind::True;
  int thread = -1;  // Eq/Ne on a register of thread `thread`, else on location `name`
  std::string name;
  std::int64_t value = 0;
  // Eq/Ne against a register (rhs_thread >= 0) or a location (rhs_name) instead of `value`.
  int rhs_thread = -1;
  std::string rhs_name;
  std::vector<Cond> kids;
  SourceLoc where;
};

struct Test {
  std::string file;
  std::string name;
  std::vector<std::string> docs;  // the quoted strings after the header
  std::vector<InitEntry> init;
  std::vector<ThreadDecl> threads;
  std::vector<std::vector<Cell>> rows;  // rows[i][thread column]
  Quantifier quantifier = Quantifier::Exists;
  Cond condition;
};

}  // namespace racecert::explorer::litmus
