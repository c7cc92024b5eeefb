#pragma once
// Sets of units (or threads) as progress::ThreadSet bit masks: the helpers
// every lasso search of this library uses.
#include <vector>

#include "progress/models.hpp"

namespace racecert::liveness {

inline progress::ThreadSet unit_bit(int u) { return progress::ThreadSet{1} << u; }

// The members of `s` below `n`, in increasing order.
inline std::vector<int> members(progress::ThreadSet s, int n) {
  std::vector<int> out;
  for (int u = 0; u < n; ++u)
    if (s & unit_bit(u)) out.push_back(u);
  return out;
}

}  // namespace racecert::liveness
