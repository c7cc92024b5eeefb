#pragma once
// Running a whole warp at once on the kernel IR (docs/named-barriers.md,
// "Kernels"): the named-barrier extraction runs each warp's lanes together
// instead of one thread at a time, when they take the same branches.
//
// A value holds what every lane of the warp has: one value for all lanes
// (uniform, possibly unknown), an affine form base + stride * lane (the
// usual threadIdx-based address), or one value per lane. Evaluation is
// expr::eval_partial's, lane by lane; the affine forms only skip the
// per-lane work for + - * and negation, where the lanes' results are
// affine too and fit in 64 bits, so every lane's value is exactly what a
// run of that lane alone computes. A branch or loop condition whose truth
// differs between lanes (or is known in some lanes only) throws Divergent:
// the caller then runs the lanes one by one.
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "kernel_ir/executor.hpp"

namespace racecert::barriers {

struct LaneValue {
  kir::Value base;          // lane 0's value (every lane's, when stride is 0 and lanes is null)
  std::int64_t stride = 0;  // lane i has base + stride * i (base known when stride != 0)
  std::shared_ptr<const std::vector<kir::Value>> lanes;  // one value per lane when not affine

  kir::Value at(std::uint32_t lane) const {
    if (lanes) return (*lanes)[lane];
    if (stride == 0) return base;
    // Every lane's value fits in 64 bits, but stride * lane alone may not:
    // modular arithmetic gives the exact result.
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(*base) +
                                     static_cast<std::uint64_t>(stride) * static_cast<std::uint64_t>(lane));
  }
  bool uniform() const { return !lanes && stride == 0; }
};

// The lanes' values in canonical form: uniform, affine or a table.
LaneValue lane_value(std::vector<kir::Value> per_lane);

// The lanes' branch conditions disagree, or are known in some lanes only.
struct Divergent {};

class WarpExecutor : public kir::BasicExecutor<LaneValue> {
 public:
  explicit WarpExecutor(std::uint32_t lanes) : lanes_(lanes) {}
  std::uint32_t lanes() const { return lanes_; }
  LaneValue eval(const kir::Expr& e) const;

 protected:
  LaneValue evaluate(const kir::Expr& e) const override { return eval(e); }
  std::optional<bool> truth(const LaneValue& c) override;
  LaneValue unknown_value() const override { return {}; }

 private:
  std::uint32_t lanes_;
  LaneValue per_lane(const kir::Expr& e) const;
  std::optional<LaneValue> affine(const kir::Expr& e) const;
};

}  // namespace racecert::barriers
