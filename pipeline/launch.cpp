#include "pipeline/launch.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "protocol/block_ops.hpp"

namespace racecert::pipeline {

Launch launch_of(const Launch& command_line, const GpuVerifyHeader& header) {
  return Launch{command_line.block ? command_line.block : header.block,
                command_line.grid ? command_line.grid : header.grid};
}

std::vector<frontend::HostLaunch> host_launches_for(const std::string& name, const Launch& command_line,
                                                    const GpuVerifyHeader& header,
                                                    const std::vector<frontend::HostLaunch>& all) {
  if (command_line.block || command_line.grid || header.block || header.grid || header.block_unconstrained ||
      header.grid_unconstrained)
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

std::set<std::string> protocol_variables(const protocol::Kernel& k) {
  std::set<std::string> out = protocol::free_vars(k.body);
  for (const auto& p : k.preconditions) expr::collect_vars(p, out);
  return out;
}

}  // namespace racecert::pipeline
