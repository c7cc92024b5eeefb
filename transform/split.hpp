#pragma once
// Barrier splitting (Fig. 8, split): an aligned protocol becomes a list of
// protocol closures, one per phase. A closure is an unsynchronized fragment
// under the synchronized-loop variables and guards that enclose it. Each
// closure is checked on its own (Proposition 1).
#include <string>
#include <vector>

#include "transform/aligned.hpp"

namespace racecert::transform {

// `var x | dom(x)` for an enclosing synchronized loop, or `assume g` for an
// enclosing guarded block.
struct ClosureBinder {
  std::string var;        // empty for an assumption
  protocol::Expr where;   // loop domain of var, or the guard
};

struct Closure {
  std::vector<ClosureBinder> binders;
  protocol::Block code;
  SourceLoc ends_at;      // the barrier that ends the phase (unknown: end of the kernel)
  std::string describe() const;  // "phase ending at barrier k.cu:12:5"
};

// Taken by value: a caller done with `a` moves it in, and the phases' code
// is moved, not copied (a 50,000-statement phase held twice; issue 18).
std::vector<Closure> split(AlignedProtocol a);

std::string print(const std::vector<Closure>& cs);

}  // namespace racecert::transform
