#include "smt/implication.hpp"

#include <memory>

#include "smt/encoder.hpp"
#include "smt/query.hpp"
#include "smt/z3_runtime.hpp"

namespace racecert::smt {

namespace {

// On a solver thread: linearized products first, then real ones; each
// check ends after timeout_ms or at the deadline.
bool valid_here(const std::vector<protocol::Expr>& facts, const protocol::Expr& goal, unsigned timeout_ms,
                const Deadline& deadline, unsigned rlimit) {
  bool bv = detail::needs_bitvectors(goal, nullptr);
  for (const auto& f : facts) bv = bv || detail::needs_bitvectors(f, nullptr);
  auto domain = bv ? detail::Domain::BitVector : detail::Domain::Integer;
  auto valid = [&](detail::Products products) {
    z3::context& ctx = detail::thread_context();
    detail::Encoder enc(ctx, domain, products);
    z3::solver s = detail::make_solver(ctx, domain, products);
    for (const auto& f : facts) s.add(enc.encode(f));
    s.add(!enc.encode(goal));
    for (const auto& c : enc.side_constraints()) s.add(c);
    Deadline limit = Deadline::after(std::chrono::milliseconds(timeout_ms)).min(deadline);
    return detail::limited_check(s, limit, rlimit).result == z3::unsat;
  };
  try {
    return valid(detail::Products::Linearized) || valid(detail::Products::Real);
  } catch (const z3::exception&) {
    return false;
  }
}

}  // namespace

transform::Implication z3_implication(unsigned timeout_ms, Deadline deadline, unsigned rlimit,
                                      std::shared_ptr<QueryContext> contexts) {
  // The checks of one closure share a Z3 context, one after another: a
  // fresh context and its solver cost about 1 ms, more than most of these
  // checks (issue 18). The transforms ask them in a fixed order on one
  // thread, so each check's context history is the same on every run.
  if (!contexts) contexts = std::make_shared<QueryContext>();
  return [timeout_ms, deadline, rlimit, contexts](const std::vector<protocol::Expr>& facts, const protocol::Expr& goal) {
    // Two checks of timeout_ms each at most; a thread that overstays is left
    // behind and the implication counts as not shown.
    Deadline limit = Deadline::after(std::chrono::milliseconds(2 * static_cast<long long>(timeout_ms))).min(deadline);
    auto shown = std::make_shared<bool>(false);
    auto context = contexts->take();
    bool finished = detail::run_bounded(
        limit, [=] { *shown = valid_here(facts, goal, timeout_ms, deadline, rlimit); }, context);
    contexts->give_back(std::move(context), finished);
    return finished && *shown;
  };
}

}  // namespace racecert::smt
