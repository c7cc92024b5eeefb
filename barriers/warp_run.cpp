#include "barriers/warp_run.hpp"

#include "kernel_ir/executor_impl.hpp"

namespace racecert::barriers {

using expr::BinOp;
using expr::ExprNode;
using expr::UnOp;

LaneValue lane_value(std::vector<kir::Value> v) {
  if (v.empty()) return {};
  bool same = true;
  for (std::size_t i = 1; i < v.size() && same; ++i) same = v[i] == v[0];
  if (same) return {v[0], 0, nullptr};
  // Affine when every lane is known and the steps are equal (in 128 bits:
  // 64-bit differences may overflow) and fit in 64 bits.
  bool affine = v[0].has_value() && v[1].has_value();
  __int128 stride = affine ? static_cast<__int128>(*v[1]) - *v[0] : 0;
  affine = affine && stride >= INT64_MIN && stride <= INT64_MAX;
  for (std::size_t i = 1; i < v.size() && affine; ++i)
    affine = v[i] && static_cast<__int128>(*v[i]) - *v[i - 1] == stride;
  if (affine) return {v[0], static_cast<std::int64_t>(stride), nullptr};
  return {std::nullopt, 0, std::make_shared<const std::vector<kir::Value>>(std::move(v))};
}

// Every lane alone, with eval_partial: the reference semantics.
LaneValue WarpExecutor::per_lane(const kir::Expr& e) const {
  std::vector<kir::Value> out(lanes_);
  for (std::uint32_t lane = 0; lane < lanes_; ++lane)
    out[lane] = expr::eval_partial(e, [&](const std::string& v) -> kir::Value {
      auto it = env.find(v);
      return it == env.end() ? std::nullopt : it->second.at(lane);
    });
  return lane_value(std::move(out));
}

// The result of + - * or negation on known affine operands, when it is
// affine and every lane's value fits in 64 bits (so that eval_partial, which
// makes an overflowing lane unknown, gives the same); nullopt otherwise.
std::optional<LaneValue> WarpExecutor::affine(const kir::Expr& e) const {
  auto known_affine = [](const LaneValue& v) { return !v.lanes && v.base.has_value(); };
  auto make = [this](__int128 base, __int128 stride) -> std::optional<LaneValue> {
    __int128 last = base + stride * static_cast<__int128>(lanes_ - 1);
    auto fits = [](__int128 x) { return x >= INT64_MIN && x <= INT64_MAX; };
    if (!fits(base) || !fits(stride) || !fits(last)) return std::nullopt;
    return LaneValue{static_cast<std::int64_t>(base), lanes_ > 1 ? static_cast<std::int64_t>(stride) : 0, nullptr};
  };
  if (e->kind == ExprNode::Kind::Unary && e->unop == UnOp::Neg) {
    LaneValue a = eval(e->a);
    if (!known_affine(a)) return std::nullopt;
    return make(-static_cast<__int128>(*a.base), -static_cast<__int128>(a.stride));
  }
  if (e->kind != ExprNode::Kind::Binary) return std::nullopt;
  if (e->binop != BinOp::Add && e->binop != BinOp::Sub && e->binop != BinOp::Mul) return std::nullopt;
  LaneValue a = eval(e->a), b = eval(e->b);
  if (!known_affine(a) || !known_affine(b)) return std::nullopt;
  __int128 ab = *a.base, as = a.stride, bb = *b.base, bs = b.stride;
  switch (e->binop) {
    case BinOp::Add: return make(ab + bb, as + bs);
    case BinOp::Sub: return make(ab - bb, as - bs);
    default:
      if (as != 0 && bs != 0) return std::nullopt;  // quadratic in the lane
      return make(ab * bb, ab * bs + as * bb);
  }
}

LaneValue WarpExecutor::eval(const kir::Expr& e) const {
  // Most expressions do not depend on the lane: one eval_partial decides
  // them, and says whether a lane-dependent variable was met.
  bool varying = false;
  kir::Value u = expr::eval_partial(e, [&](const std::string& v) -> kir::Value {
    auto it = env.find(v);
    if (it == env.end()) return std::nullopt;
    if (!it->second.uniform()) {
      varying = true;
      return std::nullopt;
    }
    return it->second.base;
  });
  if (!varying) return {u, 0, nullptr};
  if (e->kind == ExprNode::Kind::Var) return env.at(e->name);
  if (std::optional<LaneValue> a = affine(e)) return *a;
  return per_lane(e);
}

std::optional<bool> WarpExecutor::truth(const LaneValue& c) {
  if (c.uniform()) return c.base ? std::optional<bool>(*c.base != 0) : std::nullopt;
  kir::Value first = c.at(0);
  if (!first) throw Divergent{};
  for (std::uint32_t lane = 1; lane < lanes_; ++lane) {
    kir::Value v = c.at(lane);
    if (!v || (*v != 0) != (*first != 0)) throw Divergent{};
  }
  return *first != 0;
}

}  // namespace racecert::barriers

template class racecert::kir::BasicExecutor<racecert::barriers::LaneValue>;
