#pragma once
// What one classified execution (a GraphShape: an SRC11 execution graph,
// liveness/lasso.hpp, or a PTX partial candidate, liveness/ptx_liveness.hpp)
// says about one progress model. One rule for both memory models:
//  - more units resident than the model's occupancy bound: no run;
//  - F (progress::fair_set) contains a paused unit: the model would
//    schedule it again, no run;
//  - a thread stopped by the loop bound: undecided (Bounded);
//  - a spin that read a stale value: nothing (the execution with the newer
//    read is enumerated on its own); under PTX one whose failed iteration
//    wrote back what it read is bounded (GraphShape::stale_spin, lasso.hpp);
//  - a stuck thread: a lasso.
#include <bit>

#include "liveness/lasso.hpp"
#include "progress/models.hpp"

namespace racecert::liveness {

enum class Judgement { Nothing, Bounded, Lasso };

// `fair` receives F of the shape's started and terminated units.
inline Judgement judge(const progress::ModelSpec& spec, const GraphShape& shape, int num_units,
                       progress::ThreadSet& fair) {
  using progress::ThreadSet;
  const ThreadSet all = num_units == 32 ? ~ThreadSet{0} : (ThreadSet{1} << num_units) - 1;
  const auto resident = static_cast<unsigned>(std::popcount(shape.started & ~shape.terminated));
  if (spec.occupancy && resident > spec.occupancy) return Judgement::Nothing;
  fair = progress::fair_set(spec, all, shape.started, shape.terminated);
  if (fair & shape.paused) return Judgement::Nothing;
  if (shape.bounded) return Judgement::Bounded;
  if (shape.stale || shape.looping.empty()) return Judgement::Nothing;
  return Judgement::Lasso;
}

}  // namespace racecert::liveness
