#include "smt/launch_explanation.hpp"

#include <map>
#include <vector>

namespace racecert::smt {

using namespace transform;

namespace {

// Whether the trace assumes gridDim.<d> == 1 (a fixed launch or a dimension
// the kernel never reads, pipeline/launch.hpp): that grid size cannot grow.
bool grid_size_is_one(const SymbolicTrace& t, const std::string& d) {
  expr::Expr one = expr::binary(expr::BinOp::Eq, expr::var("gridDim." + d), expr::int_lit(1));
  for (const auto& a : t.assumptions)
    if (expr::equal(a, one)) return true;
  return false;
}

const char* verb(protocol::AccessMode m) {
  switch (m) {
    case protocol::AccessMode::Read: return "reads";
    case protocol::AccessMode::Write: return "writes";
    case protocol::AccessMode::Atomic: return "updates atomically";
    case protocol::AccessMode::AtomicBlock: return "updates block-atomically";
  }
  return "accesses";
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

std::string launch_explanation(const SymbolicTrace& cross, const QueryResult& r) {
  if (!cross.cross_block || r.status != QueryStatus::Racy || r.first < 0 || r.second < 0) return "";
  std::map<std::string, std::int64_t> model(r.model.begin(), r.model.end());
  std::vector<std::string> grows, differ;  // grid sizes that may exceed 1; where the blocks differ
  for (const char* d : {"x", "y", "z"}) {
    if (!grid_size_is_one(cross, d)) grows.push_back(d);
    std::string b = std::string("blockIdx.") + d;
    if (model[b + "@1"] != model[b + "@2"]) differ.push_back(d);
  }
  if (grows.empty()) return "";  // one block only: nothing to explain (and no cross-block race)
  std::string when = grows.size() == 1 ? "racy when gridDim." + grows.front() + " ≥ 2"
                                       : "racy when the grid has 2 or more blocks (the witness's differ in " +
                                             (differ.empty() ? std::string("blockIdx") : "blockIdx." + differ.front()) +
                                             ")";
  const TraceAccess& a = cross.accesses[static_cast<std::size_t>(r.first)];
  const TraceAccess& b = cross.accesses[static_cast<std::size_t>(r.second)];
  std::string first = access_text(cross, a), second = access_text(cross, b);
  if (a.mode == b.mode && first == second && a.loc.str() == b.loc.str())
    return when + ": every block " + verb(a.mode) + " " + first + position(a.loc) +
           ", and no two threads of one block race on it";
  return when + ": one block " + verb(a.mode) + " " + first + position(a.loc) + ", another " + verb(b.mode) + " " +
         second + position(b.loc) + ", and no two threads of one block race on " + cross.array;
}

}  // namespace racecert::smt
