#pragma once
// Liveness under the PTX v7.5 memory model (`racecert explore --liveness
// --model ptx`): the partial candidates of explorer/ptx_explore.hpp, each
// thread finished, spinning, waiting at a barrier, stopped by the loop bound
// or paused, classified into a GraphShape and judged per model by the one
// rule of liveness/judge.hpp. A spinning thread is stuck when its failed
// iteration reads co'-maximal writes: repeating it forever is then a
// PTX-consistent continuation (docs/explorer.md, "Under the PTX model").
// Each thread is its own scheduling unit. Rows of loops that write take
// the SRC11 verdict where liveness/ptx_transfer.hpp proves it for PTX.
#include <vector>

#include "liveness/liveness.hpp"

namespace racecert::liveness {

// One result per spec, in order.
std::vector<LivenessResult> check_liveness_ptx(const explorer::Program& program, const LivenessOptions& options,
                                               const std::vector<progress::ModelSpec>& specs);

}  // namespace racecert::liveness
