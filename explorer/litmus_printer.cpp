#include "explorer/litmus_printer.hpp"

#include <algorithm>

namespace racecert::explorer::litmus {

const char* spelling(Sem s) {
  switch (s) {
    case Sem::None: return "";
    case Sem::Weak: return "weak";
    case Sem::Relaxed: return "relaxed";
    case Sem::Acquire: return "acquire";
    case Sem::Release: return "release";
    case Sem::AcqRel: return "acq_rel";
    case Sem::SC: return "sc";
    case Sem::Volatile: return "volatile";
  }
  return "";
}

namespace {

std::string operand(const Operand& o) { return o.is_reg ? o.reg : std::to_string(o.value); }

std::string args(const Instruction& in, std::size_t from = 0) {
  std::string s;
  for (std::size_t i = from; i < in.args.size(); ++i) {
    if (i > from) s += ", ";
    s += operand(in.args[i]);
  }
  return s;
}

std::string qualifiers(const Instruction& in) {
  std::string s;
  if (in.sem != Sem::None) s += std::string(".") + spelling(in.sem);
  if (in.scope) s += std::string(".") + to_string(*in.scope);
  return s;
}

const char* rmw_name(RmwOp op) {
  switch (op) {
    case RmwOp::Add: return "add";
    case RmwOp::Sub: return "sub";
    case RmwOp::And: return "and";
    case RmwOp::Or: return "or";
    case RmwOp::Xor: return "xor";
    case RmwOp::Exch: return "exch";
    case RmwOp::Cas: return "cas";
    case RmwOp::Min: return "min";
    case RmwOp::Max: return "max";
    case RmwOp::Inc: return "inc";
    case RmwOp::Dec: return "dec";
  }
  return "";
}

const char* branch_name(BranchCond c) {
  switch (c) {
    case BranchCond::Eq: return "beq";
    case BranchCond::Ne: return "bne";
    case BranchCond::Lt: return "blt";
    case BranchCond::Le: return "ble";
    case BranchCond::Gt: return "bgt";
    case BranchCond::Ge: return "bge";
    case BranchCond::Always: return "goto";
  }
  return "";
}

const char* arith_name(ArithOp op) {
  switch (op) {
    case ArithOp::Add: return "add";
    case ArithOp::Sub: return "sub";
    case ArithOp::Mul: return "mul";
    case ArithOp::Div: return "div";
    case ArithOp::Mov: return "mov";
  }
  return "";
}

std::string type_suffix(const Instruction& in) { return in.type.empty() ? "" : "." + in.type; }

// ld/st, or the proxy load/store mnemonic.
std::string access_name(const Instruction& in) {
  switch (in.proxy) {
    case Proxy::Generic: return in.op == Op::Ld ? "ld" : "st";
    case Proxy::Surface: return in.op == Op::Ld ? "suld" : "sust";
    case Proxy::Texture: return "tld";
    case Proxy::Constant: return "cold";
  }
  return "";
}

std::string fence_name(const Instruction& in) {
  switch (in.fence) {
    case FenceKind::Memory: return "fence" + qualifiers(in);
    case FenceKind::Alias: return "fence.proxy.alias";
    case FenceKind::Proxy: return std::string("fence.proxy.") + to_string(in.proxy);
  }
  return "";
}

std::string cond(const Cond& c, int prec) {
  switch (c.kind) {
    case Cond::Kind::True: return "true";
    case Cond::Kind::False: return "false";
    case Cond::Kind::Eq:
    case Cond::Kind::Ne: {
      std::string s = c.thread >= 0 ? "P" + std::to_string(c.thread) + ":" + c.name : c.name;
      std::string rhs = c.rhs_thread >= 0    ? "P" + std::to_string(c.rhs_thread) + ":" + c.rhs_name
                        : !c.rhs_name.empty() ? c.rhs_name
                                              : std::to_string(c.value);
      return s + (c.kind == Cond::Kind::Eq ? " == " : " != ") + rhs;
    }
    case Cond::Kind::Not: return "~" + cond(c.kids[0], 3);
    case Cond::Kind::And:
    case Cond::Kind::Or: {
      int mine = c.kind == Cond::Kind::And ? 2 : 1;
      std::string s = cond(c.kids[0], mine) + (mine == 2 ? " /\\ " : " \\/ ") + cond(c.kids[1], mine + 1);
      return prec > mine ? "(" + s + ")" : s;
    }
  }
  return "";
}

}  // namespace

std::string print_instruction(const Instruction& in) {
  switch (in.op) {
    case Op::Ld:
      return access_name(in) + qualifiers(in) + type_suffix(in) + " " + in.dst + ", " +
             (in.args.empty() ? in.location : args(in));
    case Op::St: return access_name(in) + qualifiers(in) + type_suffix(in) + " " + in.location + ", " + args(in);
    case Op::Atom:
      return "atom" + qualifiers(in) + "." + rmw_name(in.rmw) + type_suffix(in) + " " + in.dst + ", " + in.location +
             ", " + args(in);
    case Op::Red:
      return "red" + qualifiers(in) + "." + rmw_name(in.rmw) + type_suffix(in) + " " + in.location + ", " + args(in);
    case Op::Fence: return fence_name(in);
    case Op::BarSync:
    case Op::BarArrive:
      return std::string("bar") + (in.bar_cta ? ".cta" : "") + (in.op == Op::BarSync ? ".sync " : ".arrive ") + args(in);
    case Op::Goto: return "goto " + in.target;
    case Op::Branch: return std::string(branch_name(in.cond)) + " " + args(in) + ", " + in.target;
    case Op::Arith: return std::string(arith_name(in.arith)) + type_suffix(in) + " " + in.dst + ", " + args(in);
    case Op::Mov: return "mov" + type_suffix(in) + " " + in.dst + ", " + args(in);
  }
  return "";
}

std::string print_condition(const Cond& c) { return cond(c, 0); }

std::string print_quantifier(Quantifier q) {
  switch (q) {
    case Quantifier::Exists: return "exists";
    case Quantifier::NotExists: return "~exists";
    case Quantifier::Forall: return "forall";
    case Quantifier::None: return "exists";
  }
  return "exists";
}

std::string print_test(const Test& t) {
  std::string out = "PTX " + t.name + "\n";
  for (const auto& d : t.docs) out += "\"" + d + "\"\n";
  out += "{";
  for (const auto& e : t.init) {
    out += " ";
    if (e.alias) {
      out += e.name + " @ " + to_string(e.proxy) + " aliases " + e.target + ";";
      continue;
    }
    if (e.thread >= 0) out += "P" + std::to_string(e.thread) + ":";
    out += e.name + "=" + std::to_string(e.value) + ";";
  }
  out += " }\n";
  // Cells as text, then pad every column to its widest cell.
  std::vector<std::vector<std::string>> grid;
  std::vector<std::string> header;
  for (const auto& d : t.threads) {
    std::string h = "P" + std::to_string(d.id);
    if (d.scoped) h += "@cta " + std::to_string(d.cta) + ",gpu " + std::to_string(d.gpu);
    header.push_back(h);
  }
  grid.push_back(header);
  for (const auto& row : t.rows) {
    std::vector<std::string> cells;
    for (const auto& c : row) {
      std::string s;
      for (const auto& l : c.labels) s += (s.empty() ? "" : " ") + l + ":";
      if (c.instr) s += (s.empty() ? "" : " ") + print_instruction(*c.instr);
      cells.push_back(s);
    }
    grid.push_back(cells);
  }
  std::vector<std::size_t> width(t.threads.size(), 0);
  for (const auto& row : grid)
    for (std::size_t i = 0; i < row.size() && i < width.size(); ++i) width[i] = std::max(width[i], row[i].size());
  for (const auto& row : grid) {
    std::string line;
    for (std::size_t i = 0; i < row.size(); ++i) {
      line += " " + row[i];
      if (i + 1 < row.size()) line += std::string(width[i] - row[i].size(), ' ') + " |";
    }
    out += line + " ;\n";
  }
  out += print_quantifier(t.quantifier) + " (" + print_condition(t.condition) + ")\n";
  return out;
}

}  // namespace racecert::explorer::litmus
