#include "pipeline/launch.hpp"

#include <string>

namespace racecert::pipeline {

Launch launch_of(const Launch& command_line, const GpuVerifyHeader& header) {
  return Launch{command_line.block ? command_line.block : header.block,
                command_line.grid ? command_line.grid : header.grid};
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

}  // namespace racecert::pipeline
