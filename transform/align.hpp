#pragma once
// Barrier aligning (Fig. 6) without the exponential copies.
//
// The paper aligns `u1; forS x in n..m {p; u2}` into the first iteration
// a[x:=n], then a loop over n+1..m whose body is a, so the body is copied at
// every level of synchronized-loop nesting. Here the loop keeps one copy of a
// and selects what precedes its first phase by iteration instead:
//
//   forS x in n..m { (if x == n { u1 } else { (u;u2)[x := prev(x)] }) ;S a }
//
// with the trailing code (u;u2)[x := last]. Both forms have the same phases
// (see proofs-ref/linear-aligning.md); this one grows linearly with nesting.
// Synchronized conditionals become guarded blocks (`when`).
#include <functional>

#include "transform/aligned.hpp"
#include "transform/wellformed.hpp"

namespace racecert::transform {

// Decides whether `facts` imply `goal` (both boolean, over the kernel's
// variables). Supplied by the solver layer; answering false when unsure is
// always safe.
using Implication = std::function<bool(const std::vector<protocol::Expr>& facts, const protocol::Expr& goal)>;

struct AlignOptions {
  // Used to show that a synchronized loop's body meets a barrier in every
  // iteration when that depends on the loop variable (e.g. an inner loop
  // over 1..x+1 runs for every x >= 1). Without it only syntactic truth counts.
  Implication implies;
  std::vector<protocol::Expr> facts;  // preconditions and builtin constraints
};

// Aligns the body of a well-formed kernel. Throws racecert::Error
// (inconclusive) for a synchronized loop whose body meets a barrier in some
// iterations only.
AlignedProtocol align(const WellFormed& w, const AlignOptions& o = {});
AlignedProtocol align(const protocol::Block& wellformed_body, const AlignOptions& o = {});

}  // namespace racecert::transform
