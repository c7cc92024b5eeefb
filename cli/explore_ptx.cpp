// The report of `racecert explore --model ptx`. Its condition lines read like
// the SRC11 report's; races, barrier divergence and deadlocks are SRC11
// notions and are not reported (a note says so).
// GCC 12 warns falsely on std::string concatenation (GCC bug 105329).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wrestrict"
#endif
#include "cli/explore_ptx.hpp"

#include <iostream>
#include <llvm/Support/JSON.h>
#include <llvm/Support/raw_ostream.h>

#include "explorer/ptx_explore.hpp"
#include "support/exit_codes.hpp"

namespace racecert::cli {

namespace {


}  // namespace

int explore_ptx(const explorer::Program& p, int loop_bound, bool stop_on_first, const std::string& format,
                Deadline deadline) {
  explorer::ptx::PtxOptions opts;
  opts.deadline = deadline;
  opts.loop_bound = loop_bound;
  opts.stop_when_decided = stop_on_first;
  const explorer::ptx::PtxResult res = explorer::ptx::explore(p, opts);
  const explorer::ExploreResult& r = res.result;
  const auto q = p.condition.quantifier;
  const bool forall_violated = q == explorer::Quantifier::Forall && !r.condition_holds(q);
  const bool errors = forall_violated || !r.failures.empty();
  const int code = r.timed_out ? kExitInconclusive : errors ? kExitViolation : kExitOk;
  if (format == "json") {
    llvm::json::Array failures;
    for (const auto& f : r.failures) {
      const auto& in = p.threads[static_cast<std::size_t>(f.thread)].code[static_cast<std::size_t>(f.pc)];
      failures.push_back(llvm::json::Object{{"kind", to_string(f.kind)},
                                            {"thread", p.threads[static_cast<std::size_t>(f.thread)].name},
                                            {"instruction", in.text},
                                            {"line", in.where.line},
                                            {"column", in.where.column}});
    }
    llvm::json::Object out{{"name", p.name},
                           {"model", "ptx"},
                           {"executions", static_cast<int64_t>(r.executions)},
                           {"condition", llvm::json::Object{{"kind", to_string(q)}, {"holds", r.condition_holds(q)}}},
                           {"failures", std::move(failures)},
                           {"incomplete", r.timed_out},
                           {"stopped_early", r.stopped_early},
                           {"max_events", r.max_events}};
    if (r.witness) out["witness"] = explorer::final_state_text(p, *r.witness);
    llvm::outs() << llvm::json::Value(std::move(out)) << "\n";
    return code;
  }
  std::cout << p.name << ": model ptx, " << r.executions << " executions (at most " << r.max_events << " events)\n";
  if (q != explorer::Quantifier::None) {
    std::cout << "condition " << p.condition.text << ": " << (r.condition_holds(q) ? "holds" : "does not hold") << " ("
              << r.satisfying << " of " << r.executions << " executions satisfy it)\n";
    if (r.witness)
      std::cout << "  " << (q == explorer::Quantifier::Forall ? "violated by" : "satisfied by") << ": "
                << explorer::final_state_text(p, *r.witness) << "\n"
                << res.witness_execution;
  }
  for (const auto& f : r.failures) {
    const auto& in = p.threads[static_cast<std::size_t>(f.thread)].code[static_cast<std::size_t>(f.pc)];
    std::cout << to_string(f.kind) << " failure: " << p.threads[static_cast<std::size_t>(f.thread)].name << " "
              << in.text << " (" << in.where.str() << ")\n";
  }
  std::cout << "note: --model ptx enumerates the executions in which every thread finishes and checks the condition;"
               " races, barrier divergence and deadlocks are scoped RC11 analyses (--model src11)\n";
  if (r.stopped_early) std::cout << "note: stopped at the first execution deciding the condition (--stop-on-first)\n";
  if (r.timed_out) {
    std::cout << "verdict: unknown (the enumeration exceeded its limits or --time-limit)\n";
    return code;
  }
  std::cout << "verdict: " << (errors ? (forall_violated ? "forall violated" : "failure") : "ok") << "\n";
  return code;
}

}  // namespace racecert::cli
