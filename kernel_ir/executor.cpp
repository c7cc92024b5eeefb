#include "kernel_ir/executor.hpp"

#include "kernel_ir/executor_impl.hpp"

namespace racecert::kir {

Value ThreadExecutor::lookup(const std::string& var) const {
  auto it = env.find(var);
  return it == env.end() ? std::nullopt : it->second;
}

Value ThreadExecutor::eval(const Expr& e) const {
  return expr::eval_partial(e, [this](const std::string& v) { return lookup(v); });
}

template class BasicExecutor<Value>;

}  // namespace racecert::kir
