#include "delay_bounding_reference.hpp"

#include "explorer/result_collector.hpp"
#include "explorer/sc_schedule.hpp"

namespace racecert::explorer::testing {

namespace {

struct Enumerator {
  ResultCollector& collector;
  std::uint64_t limit;
  std::uint64_t finals = 0;
  bool truncated = false;

  void visit(const ScSchedule& s) {
    if (truncated) return;
    const int threads = s.graph().num_threads();
    bool any = false;
    for (int t = 0; t < threads; ++t) {
      if (!s.can_run(t)) continue;
      // An RMW's write follows its read at once: no other thread may go first.
      bool someone_inside = false;
      for (int u = 0; u < threads; ++u) someone_inside = someone_inside || (u != t && s.inside_rmw(u));
      if (someone_inside) continue;
      any = true;
      ScSchedule next = s;
      EventId e = next.step(t);
      collector.report_races(next.graph(), e);
      visit(next);
    }
    if (!any) {
      if (++finals > limit) {
        truncated = true;
        return;
      }
      collector.finish(s.graph());
    }
  }
};

}  // namespace

InterleavingsResult all_sc_interleavings(const Program& program, int loop_bound, std::uint64_t limit,
                                         std::function<void(const Graph&, bool complete)> on_final) {
  GraphContext ctx(program, loop_bound);
  ResultCollector collector(program, ctx, false, std::move(on_final));
  Enumerator e{collector, limit};
  e.visit(ScSchedule(ctx));
  return InterleavingsResult{collector.take(), e.truncated};
}

}  // namespace racecert::explorer::testing
