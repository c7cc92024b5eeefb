#include "smt/launch_explanation.hpp"

#include <algorithm>
#include <map>
#include <vector>

namespace racecert::smt {

using namespace transform;

namespace {

// Whether the trace assumes <builtin><d> == 1, e.g. gridDim.y == 1 (a fixed
// launch or a dimension the kernel never reads, pipeline/launch.hpp): that
// size cannot grow.
bool size_is_one(const SymbolicTrace& t, const char* builtin, const std::string& d) {
  expr::Expr one = expr::binary(expr::BinOp::Eq, expr::var(builtin + d), expr::int_lit(1));
  for (const auto& a : t.assumptions)
    if (expr::equal(a, one)) return true;
  return false;
}

// Whether the trace assumes `size` == constant (a fixed launch): then the
// race needs no size the launch does not already have.
bool size_is_fixed(const SymbolicTrace& t, const std::string& size) {
  for (const auto& a : t.assumptions)
    if (a->kind == expr::ExprNode::Kind::Binary && a->binop == expr::BinOp::Eq &&
        ((a->a->kind == expr::ExprNode::Kind::Var && a->a->name == size && expr::as_int(a->b)) ||
         (a->b->kind == expr::ExprNode::Kind::Var && a->b->name == size && expr::as_int(a->a))))
      return true;
  return false;
}

// The extra query: does the trace race with `size` < n as well? Unknown
// (a timeout) counts as yes: nothing is claimed then. An explanation is a
// convenience: it gets at most 2 s, as the transforms' implication checks.
bool fewer_threads_race(const SymbolicTrace& t, const std::string& size, std::int64_t n, const QueryOptions& o) {
  SymbolicTrace fewer = t;
  fewer.assumptions.push_back(expr::binary(expr::BinOp::Lt, expr::var(size), expr::int_lit(n)));
  QueryOptions q = o;
  q.minimize_witness = false;
  q.timeout_ms = std::min(q.timeout_ms, 2000u);
  return solve(fewer, q).status != QueryStatus::Drf;
}

// "one block writes", "two threads write".
const char* verb_singular(protocol::AccessMode m) {
  switch (m) {
    case protocol::AccessMode::Read: return "reads";
    case protocol::AccessMode::Write: return "writes";
    case protocol::AccessMode::Atomic: return "updates atomically";
    case protocol::AccessMode::AtomicBlock: return "updates block-atomically";
  }
  return "accesses";
}

const char* verb_plural(protocol::AccessMode m) {
  switch (m) {
    case protocol::AccessMode::Read: return "read";
    case protocol::AccessMode::Write: return "write";
    case protocol::AccessMode::Atomic: return "update atomically";
    case protocol::AccessMode::AtomicBlock: return "update block-atomically";
  }
  return "access";
}

// The access as the user wrote it: the trace's per-thread copies
// (threadIdx.x@1, i@2#3) get their source names back.
std::string access_text(const SymbolicTrace& t, const TraceAccess& a) {
  std::map<std::string, std::string> source;
  for (const auto& v : t.vars) source[v.name] = v.source;
  std::string s = t.array;
  for (const auto& i : a.index)
    s += "[" + expr::to_string(expr::rename(i, [&](const std::string& n) {
           auto it = source.find(n);
           return it == source.end() ? n : it->second;
         })) + "]";
  return s;
}

std::string position(const SourceLoc& loc) {
  return loc.known() ? " (" + std::to_string(loc.line) + ":" + std::to_string(loc.column) + ")" : "";
}

}  // namespace

std::string launch_explanation(const SymbolicTrace& t, const QueryResult& r, const LaunchFacts& facts,
                               const QueryOptions& o) {
  bool needs_two_blocks = facts.needs_two_blocks && t.cross_block;
  if (r.status != QueryStatus::Racy || r.first < 0 || r.second < 0) return "";
  std::map<std::string, std::int64_t> model(r.model.begin(), r.model.end());
  std::vector<std::string> conditions;
  if (needs_two_blocks) {
    std::vector<std::string> grows, differ;  // grid sizes that may exceed 1; where the blocks differ
    for (const char* d : {"x", "y", "z"}) {
      if (!size_is_one(t, "gridDim.", d)) grows.push_back(d);
      std::string b = std::string("blockIdx.") + d;
      if (model[b + "@1"] != model[b + "@2"]) differ.push_back(d);
    }
    if (grows.size() == 1) conditions.push_back("gridDim." + grows.front() + " ≥ 2");
    else if (grows.size() > 1)
      conditions.push_back("the grid has 2 or more blocks (the witness's differ in " +
                           (differ.empty() ? std::string("blockIdx") : "blockIdx." + differ.front()) + ")");
  }
  for (const char* d : {"x", "y", "z"}) {
    if (!facts.sole_racy_trace) break;
    std::string size = std::string("blockDim.") + d;
    auto n = model.find(size);
    if (n == model.end() || n->second < 3 || size_is_fixed(t, size)) continue;
    if (fewer_threads_race(t, size, n->second, o)) continue;
    conditions.push_back(size + " ≥ " + std::to_string(n->second));
  }
  if (conditions.empty()) return "";
  std::string when = "racy when " + conditions.front();
  for (std::size_t i = 1; i < conditions.size(); ++i) when += " and " + conditions[i];

  const TraceAccess& a = t.accesses[static_cast<std::size_t>(r.first)];
  const TraceAccess& b = t.accesses[static_cast<std::size_t>(r.second)];
  std::string first = access_text(t, a), second = access_text(t, b);
  bool same = a.mode == b.mode && first == second && a.loc.str() == b.loc.str();
  std::string one = verb_singular(a.mode) + (" " + first) + position(a.loc);
  std::string other = verb_singular(b.mode) + (" " + second) + position(b.loc);
  if (needs_two_blocks) {
    if (same) return when + ": every block " + one + ", and no two threads of one block race on it";
    return when + ": one block " + one + ", another " + other + ", and no two threads of one block race on " + t.array;
  }
  if (same) return when + ": two threads " + verb_plural(a.mode) + " " + first + position(a.loc);
  return when + ": one thread " + one + ", another " + other;
}

}  // namespace racecert::smt
