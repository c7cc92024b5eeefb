#pragma once
// Replays a livelock lasso (prefix + cycle + cycle) sequentially
// consistently: every event is its thread's next step, every read sees the
// latest write, and a barrier departure comes after its instance's
// arrivals (the arrival-order rule counted independently of liveness/: the
// k-th instance of a barrier id in a CTA holds its arrivals number
// k*capacity .. (k+1)*capacity-1, which holds when every arrival at the id
// has the same count), so the cycle can repeat forever.
#include <gtest/gtest.h>

#include <map>
#include <tuple>
#include <vector>

#include "explorer/barrier_instances.hpp"
#include "explorer/thread_runner.hpp"
#include "liveness/liveness.hpp"

namespace racecert::liveness::testing {

inline void expect_cycle_replays(const explorer::Program& p, const Lasso& l) {
  ASSERT_FALSE(l.cycle.empty());
  std::vector<explorer::ThreadRunner> runners;
  std::vector<explorer::ThreadState> states;
  for (std::size_t t = 0; t < p.threads.size(); ++t) {
    runners.emplace_back(p, static_cast<int>(t), 1000, false);
    states.push_back(runners.back().initial());
  }
  std::vector<explorer::Value> memory(p.init);
  std::map<std::tuple<int, int, int>, int> arrivals;  // per (gpu, cta, id)
  std::vector<int> instance(p.threads.size(), 0);     // the instance a waiting thread joined
  explorer::Schedule run = l.prefix;
  for (int k = 0; k < 2; ++k) run.insert(run.end(), l.cycle.begin(), l.cycle.end());
  // The global state (pcs, the registers live there, memory) where the
  // cycle starts and ends: a dead register decides nothing (a spinning
  // thread's failed iteration may leave another value in one).
  std::vector<std::vector<std::vector<bool>>> live;
  for (const auto& th : p.threads) live.push_back(explorer::live_registers(th));
  auto snapshot = [&] {
    std::vector<explorer::Value> v(memory);
    for (std::size_t t = 0; t < states.size(); ++t) {
      v.push_back(states[t].pc);
      const auto regs = runners[t].registers(states[t]);
      const auto pc = static_cast<std::size_t>(states[t].pc);
      for (std::size_t r = 0; r < regs.size(); ++r)
        v.push_back(pc >= live[t].size() || live[t][pc][r] ? regs[r] : 0);
    }
    return v;
  };
  std::vector<std::vector<explorer::Value>> snapshots;
  for (std::size_t i = 0; i < run.size(); ++i) {
    if (i == l.prefix.size() || i == l.prefix.size() + l.cycle.size()) snapshots.push_back(snapshot());
    const explorer::ScheduledEvent& e = run[i];
    auto t = static_cast<std::size_t>(e.thread);
    ASSERT_EQ(states[t].status, explorer::ThreadStatus::Running);
    explorer::Step st = runners[t].next(states[t]);
    ASSERT_EQ(st.kind, e.kind);
    ASSERT_EQ(st.pc, e.pc);
    if (e.kind == explorer::StepKind::Read) { ASSERT_EQ(e.value, memory[static_cast<std::size_t>(e.location)]); }
    if (e.kind == explorer::StepKind::Write) {
      ASSERT_EQ(st.value, e.value);
      memory[static_cast<std::size_t>(e.location)] = e.value;
    }
    const explorer::Thread& th = p.threads[t];
    const int capacity = explorer::barrier_capacity(st.barrier_count, p.cta_size(th.cta, th.gpu));
    const std::tuple<int, int, int> barrier{th.gpu, th.cta, st.barrier_id};
    if (e.kind == explorer::StepKind::BarrierArrive) instance[t] = arrivals[barrier]++ / capacity;
    if (e.kind == explorer::StepKind::BarrierDepart) {
      ASSERT_GE(arrivals[barrier], (instance[t] + 1) * capacity)
          << "thread " << t << " departs from an incomplete barrier instance";
    }
    runners[t].advance(states[t], e.value);
  }
  ASSERT_EQ(snapshots.size(), 2u);
  EXPECT_EQ(snapshots[0], snapshots[1]) << "the cycle does not come back to its first state";
}

}  // namespace racecert::liveness::testing
