#include "pipeline/launch.hpp"

#include <algorithm>
#include <string>
#include <string_view>
#include <utility>

#include "protocol/block_ops.hpp"
#include "support/expr_memo.hpp"

namespace racecert::pipeline {

Launch launch_of(const Launch& command_line, const GpuVerifyHeader& header) {
  return Launch{command_line.block ? command_line.block : header.block,
                command_line.grid ? command_line.grid : header.grid};
}

std::optional<SimulatedBlock> simulated_block(const Launch& l, std::optional<std::uint32_t> launch_bounds) {
  if (l.block) return SimulatedBlock{*l.block, false};
  if (launch_bounds) return SimulatedBlock{Dim3{*launch_bounds, 1, 1}, true};
  return std::nullopt;
}

std::vector<protocol::Expr> launch_bounds_preconditions(std::uint32_t n) {
  using namespace expr;
  Expr x = var("blockDim.x"), y = var("blockDim.y"), z = var("blockDim.z");
  // Each size is positive, so each one alone is at most n as well: the
  // linear bounds help the solver with the product.
  std::vector<protocol::Expr> out;
  for (const Expr& d : {x, y, z}) out.push_back(binary(BinOp::Le, d, int_lit(n)));
  out.push_back(binary(BinOp::Le, x * y * z, int_lit(n)));
  return out;
}

std::vector<frontend::HostLaunch> host_launches_for(const std::string& name, const Launch& command_line,
                                                    const GpuVerifyHeader& header,
                                                    const std::vector<frontend::HostLaunch>& all) {
  if (command_line.block || command_line.grid || header.block || header.grid || header.block_unconstrained ||
      header.grid_unconstrained)
    return {};
  // One launch that is not constant (or of a kernel the front end cannot
  // name) may have any shape: the kernel is then checked for every launch.
  if (std::any_of(all.begin(), all.end(), [&](const frontend::HostLaunch& l) {
        return !l.constant && (l.kernel == name || l.kernel.empty());
      }))
    return {};
  std::vector<frontend::HostLaunch> out;
  for (const auto& l : all)
    if (l.kernel == name && std::none_of(out.begin(), out.end(), [&](const frontend::HostLaunch& o) {
          return o.grid == l.grid && o.block == l.block;
        }))
      out.push_back(l);
  return out;
}

std::vector<protocol::Expr> dimension_preconditions(const char* builtin, const Dim3& d) {
  using namespace expr;
  std::string b = builtin;
  return {binary(BinOp::Eq, var(b + ".x"), int_lit(d.x)), binary(BinOp::Eq, var(b + ".y"), int_lit(d.y)),
          binary(BinOp::Eq, var(b + ".z"), int_lit(d.z))};
}

std::vector<protocol::Expr> launch_preconditions(const Launch& l) {
  std::vector<protocol::Expr> out;
  if (l.block) out = dimension_preconditions("blockDim", *l.block);
  if (l.grid)
    for (auto& e : dimension_preconditions("gridDim", *l.grid)) out.push_back(std::move(e));
  return out;
}

UnreadDimensions unread_dimensions(const std::set<std::string>& read, bool keep_block, bool keep_grid) {
  auto unread = [&](const std::string& d) {
    for (const char* b : {"threadIdx.", "blockIdx.", "blockDim.", "gridDim."})
      if (read.count(b + d)) return false;
    return true;
  };
  UnreadDimensions out;
  for (auto [builtin, keep] : {std::pair{"blockDim.", keep_block}, std::pair{"gridDim.", keep_grid}}) {
    if (keep) continue;
    for (const char* d : {"y", "z"})
      if (unread(d)) {
        std::string name = builtin + std::string(d);
        out.assumed_one.push_back(name);
        out.preconditions.push_back(expr::binary(expr::BinOp::Eq, expr::var(name), expr::int_lit(1)));
      }
  }
  return out;
}

namespace {

// A builtin of the y or z dimension: what unread_dimensions asks about.
bool is_dimension_builtin(const std::string& v) {
  if (v.size() < 2 || v[v.size() - 2] != '.' || (v.back() != 'y' && v.back() != 'z')) return false;
  std::string_view base(v.data(), v.size() - 2);
  return base == "threadIdx" || base == "blockIdx" || base == "blockDim" || base == "gridDim";
}

// `walk` visits the sub-terms that the expressions share once.
void add_dimensions(const expr::Expr& e, expr::VarWalk& walk, std::set<std::string>& out) {
  walk(e, [&](const std::string& v) {
    if (is_dimension_builtin(v)) out.insert(v);
  });
}

}  // namespace

std::set<std::string> dimensions_read(const protocol::Kernel& k) {
  std::set<std::string> out;
  expr::VarWalk walk;
  for (const auto& p : k.preconditions) add_dimensions(p, walk, out);
  protocol::for_each_expr(k.body, [&](const protocol::Expr& e) { add_dimensions(e, walk, out); });
  return out;
}

std::set<std::string> dimensions_read(const kir::Kernel& k) {
  std::set<std::string> out;
  kir::for_each_read(k, [&](const std::string& v) {
    if (is_dimension_builtin(v)) out.insert(v);
  });
  return out;
}

}  // namespace racecert::pipeline
