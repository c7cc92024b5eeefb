#pragma once
// Grouping of similar accesses before encoding a race query.
//
// The query picks one access per thread; refuting it pairs every access of
// thread 1 with every access of thread 2, so n similar accesses cost n^2
// solver conflicts (the "repeated accesses" family of the paper's Claim 2:
// rd A[tid + 7*T]; wr A[tid + 1*T]; rd A[tid + 10*T]; ...). Accesses that
// differ only in integer literals are merged into one access whose literals
// are per-thread variables ranging over the members' values; the query keeps
// exactly the same solutions, and the solver refutes the whole group at once
// (here: k1*T and k2*T differ by at least T unless k1 = k2).
#include <cstdint>
#include <string>
#include <vector>

#include "transform/trace.hpp"

namespace racecert::smt {

struct AccessGroup {
  int thread = 1;
  std::vector<int> members;  // indices into trace.accesses
  // The accesses with their differing literals replaced by hole variables.
  protocol::Expr guard;
  std::vector<protocol::Expr> index;
  protocol::AccessView view{1, 1};  // every member's (a view is part of the shape)
  protocol::Expr value;
  protocol::AccessMode mode = protocol::AccessMode::Read;
  std::vector<std::string> holes;                 // variable names, e.g. "hole!3.0@1"
  std::vector<std::vector<std::int64_t>> values;  // values[member][hole]
};

// Groups with fewer than `min_members` similar accesses are kept one access
// per group (without holes).
std::vector<AccessGroup> group_accesses(const transform::SymbolicTrace& t, std::size_t min_members = 3);

}  // namespace racecert::smt
