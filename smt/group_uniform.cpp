#include "smt/group_uniform.hpp"

#include <algorithm>

#include "smt/implication.hpp"

namespace racecert::smt {

using namespace protocol;

transform::GroupUniform z3_group_uniform(const transform::WellFormed& w, const CheckOptions& o,
                                         std::shared_ptr<QueryContext> contexts) {
  const QueryOptions& q = o.query;
  transform::Implication implies =
      z3_implication(std::min(q.timeout_ms, 2000u), q.deadline, q.rlimit, std::move(contexts));
  std::vector<Expr> facts = builtin_constraints();
  facts.insert(facts.end(), w.kernel.preconditions.begin(), w.kernel.preconditions.end());
  facts.insert(facts.end(), o.assumptions.begin(), o.assumptions.end());
  UniformityLevels levels = w.levels;
  // The same question comes back: the check asks it of the whole kernel
  // (its notes) and again for each array's projection (its views), which
  // keep the kernel's levels and preconditions. Asked in a fixed order, so
  // which are answered here does not vary from run to run (issue 18).
  auto answers = std::make_shared<std::map<std::string, bool>>();
  return [implies, facts, levels, answers](int width, const std::vector<Expr>& conditions) {
    std::string key = std::to_string(width);
    for (const auto& c : conditions) key += "|" + to_string(c);
    if (auto known = answers->find(key); known != answers->end()) return known->second;
    // The second thread's copy: per-thread names get "@2" (not a name of
    // the kernel: '@' is no identifier character).
    auto second = [&](const Expr& e) {
      return rename(e, [&](const std::string& n) {
        return level_of(n, levels) == Uniformity::Thread ? n + "@2" : n;
      });
    };
    std::vector<Expr> both = facts;
    for (const auto& f : facts) both.push_back(second(f));
    auto lin = [](const Expr& x, const Expr& y, const Expr& z) {
      return x + y * var("blockDim.x") + z * var("blockDim.x") * var("blockDim.y");
    };
    Expr lin1 = lin(var("threadIdx.x"), var("threadIdx.y"), var("threadIdx.z"));
    Expr n = int_lit(width);
    both.push_back(binary(BinOp::Eq, binary(BinOp::Div, lin1, n), binary(BinOp::Div, second(lin1), n)));
    std::vector<Expr> same;
    for (const auto& c : conditions) {
      Expr c2 = second(c);
      same.push_back(disj(conj(c, c2), conj(neg(c), neg(c2))));
    }
    bool uniform = implies(both, conj(same));
    answers->emplace(std::move(key), uniform);
    return uniform;
  };
}

}  // namespace racecert::smt
