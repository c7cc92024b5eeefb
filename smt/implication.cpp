#include "smt/implication.hpp"

#include "smt/encoder.hpp"

namespace racecert::smt {

transform::Implication z3_implication(unsigned timeout_ms) {
  return [timeout_ms](const std::vector<protocol::Expr>& facts, const protocol::Expr& goal) {
    bool bv = detail::needs_bitvectors(goal, nullptr);
    for (const auto& f : facts) bv = bv || detail::needs_bitvectors(f, nullptr);
    try {
      z3::context ctx;
      detail::Encoder enc(ctx, bv);
      z3::solver s(ctx);
      z3::params p(ctx);
      p.set("timeout", timeout_ms);
      s.set(p);
      for (const auto& f : facts) s.add(enc.encode(f));
      s.add(!enc.encode(goal));
      if (bv)
        for (const auto& [name, v] : enc.variables()) s.add(enc.range(v));
      return s.check() == z3::unsat;
    } catch (const z3::exception&) {
      return false;
    }
  };
}

}  // namespace racecert::smt
