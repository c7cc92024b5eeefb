#include "explorer/program.hpp"

namespace racecert::explorer {

const char* to_string(Order o) {
  switch (o) {
    case Order::NA: return "na";
    case Order::Rlx: return "rlx";
    case Order::Acq: return "acq";
    case Order::Rel: return "rel";
    case Order::AcqRel: return "acq_rel";
    case Order::SC: return "sc";
  }
  return "?";
}

const char* to_string(Scope s) {
  switch (s) {
    case Scope::Cta: return "cta";
    case Scope::Gpu: return "gpu";
    case Scope::Sys: return "sys";
  }
  return "?";
}

const char* to_string(Proxy p) {
  switch (p) {
    case Proxy::Generic: return "generic";
    case Proxy::Texture: return "texture";
    case Proxy::Surface: return "surface";
    case Proxy::Constant: return "constant";
  }
  return "?";
}

const char* to_string(FenceKind k) {
  switch (k) {
    case FenceKind::Memory: return "memory";
    case FenceKind::Alias: return "alias";
    case FenceKind::Proxy: return "proxy";
  }
  return "?";
}

int Program::num_vlocations() const {
  int n = static_cast<int>(locations.size());
  for (const Alias& a : aliases)
    if (a.proxy == Proxy::Generic) ++n;
  return n;
}

const char* to_string(Quantifier q) {
  switch (q) {
    case Quantifier::None: return "none";
    case Quantifier::Exists: return "exists";
    case Quantifier::NotExists: return "not exists";
    case Quantifier::Forall: return "forall";
  }
  return "?";
}

int Program::cta_size(int cta, int gpu) const {
  int n = 0;
  for (const auto& t : threads) n += (t.cta == cta && t.gpu == gpu) ? 1 : 0;
  return n;
}

bool evaluate(const CondExpr& e, const std::vector<std::vector<Value>>& regs,
              const std::vector<Value>& memory) {
  auto operand = [&]() {
    return e.thread >= 0 ? regs[static_cast<std::size_t>(e.thread)][static_cast<std::size_t>(e.reg)]
                         : memory[static_cast<std::size_t>(e.location)];
  };
  auto rhs = [&]() {
    if (e.rhs_thread >= 0) return regs[static_cast<std::size_t>(e.rhs_thread)][static_cast<std::size_t>(e.rhs_reg)];
    if (e.rhs_location >= 0) return memory[static_cast<std::size_t>(e.rhs_location)];
    return e.value;
  };
  switch (e.kind) {
    case CondExpr::Kind::True: return true;
    case CondExpr::Kind::False: return false;
    case CondExpr::Kind::Eq: return operand() == rhs();
    case CondExpr::Kind::Ne: return operand() != rhs();
    case CondExpr::Kind::Not: return !evaluate(e.kids[0], regs, memory);
    case CondExpr::Kind::And: return evaluate(e.kids[0], regs, memory) && evaluate(e.kids[1], regs, memory);
    case CondExpr::Kind::Or: return evaluate(e.kids[0], regs, memory) || evaluate(e.kids[1], regs, memory);
  }
  return false;
}

namespace {
Value wrap(std::uint64_t v) { return static_cast<Value>(v); }
std::uint64_t u(Value v) { return static_cast<std::uint64_t>(v); }
}  // namespace

Value apply_arith(ArithOp op, Value a, Value b) {
  switch (op) {
    case ArithOp::Add: return wrap(u(a) + u(b));
    case ArithOp::Sub: return wrap(u(a) - u(b));
    case ArithOp::Mul: return wrap(u(a) * u(b));
    case ArithOp::Div:
      if (b == 0) return 0;
      if (b == -1) return wrap(0 - u(a));  // INT64_MIN / -1 would trap
      return a / b;
    case ArithOp::Mov: return a;
  }
  return 0;
}

Value apply_rmw(RmwOp op, Value old, Value operand) {
  switch (op) {
    case RmwOp::Add: return wrap(u(old) + u(operand));
    case RmwOp::Sub: return wrap(u(old) - u(operand));
    case RmwOp::And: return old & operand;
    case RmwOp::Or: return old | operand;
    case RmwOp::Xor: return old ^ operand;
    case RmwOp::Exch: return operand;
    case RmwOp::Cas: return operand;  // the caller checks the expected value
    case RmwOp::Min: return old < operand ? old : operand;
    case RmwOp::Max: return old < operand ? operand : old;
    case RmwOp::Inc: return old >= operand ? 0 : wrap(u(old) + 1);
    case RmwOp::Dec: return old == 0 || old > operand ? operand : wrap(u(old) - 1);
  }
  return 0;
}

bool branch_taken(BranchCond c, Value a, Value b) {
  switch (c) {
    case BranchCond::Always: return true;
    case BranchCond::Eq: return a == b;
    case BranchCond::Ne: return a != b;
    case BranchCond::Lt: return a < b;
    case BranchCond::Le: return a <= b;
    case BranchCond::Gt: return a > b;
    case BranchCond::Ge: return a >= b;
  }
  return false;
}

}  // namespace racecert::explorer
