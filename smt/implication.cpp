#include "smt/implication.hpp"

#include "smt/encoder.hpp"

namespace racecert::smt {

transform::Implication z3_implication(unsigned timeout_ms) {
  return [timeout_ms](const std::vector<protocol::Expr>& facts, const protocol::Expr& goal) {
    bool bv = detail::needs_bitvectors(goal, nullptr);
    for (const auto& f : facts) bv = bv || detail::needs_bitvectors(f, nullptr);
    auto domain = bv ? detail::Domain::BitVector : detail::Domain::Integer;
    auto valid = [&](detail::Products products) {
      z3::context& ctx = detail::thread_context();
      detail::Encoder enc(ctx, domain, products);
      z3::solver s = detail::make_solver(ctx, domain, products);
      z3::params p(ctx);
      p.set("timeout", timeout_ms);
      s.set(p);
      for (const auto& f : facts) s.add(enc.encode(f));
      s.add(!enc.encode(goal));
      for (const auto& c : enc.side_constraints()) s.add(c);
      return s.check() == z3::unsat;
    };
    try {
      return valid(detail::Products::Linearized) || valid(detail::Products::Real);
    } catch (const z3::exception&) {
      return false;
    }
  };
}

}  // namespace racecert::smt
