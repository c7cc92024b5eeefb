#include "liveness/lasso.hpp"

#include "liveness/unit_sets.hpp"

namespace racecert::liveness {

using explorer::EventId;
using explorer::ThreadStatus;
using progress::ThreadSet;

namespace {

// An RMW write that writes back the value its read part read: no side effect.
bool silent_write(const explorer::Graph& g, EventId w) {
  const explorer::Event& e = g.event(w);
  return e.rmw && w.index > 0 && g.event(EventId{w.thread, w.index - 1}).value == e.value;
}

}  // namespace

bool spins_forever(const explorer::Graph& g, int t) {
  const auto& runner = g.context().runners[static_cast<std::size_t>(t)];
  for (int i = runner.spin_iteration_start(g.state(t)); i < g.size(t); ++i) {
    const explorer::Event& e = g.event(EventId{t, i});
    if (e.is_read() && e.value != g.final_value(e.location)) return false;
  }
  return true;
}

GraphShape classify(const explorer::Graph& g, const std::vector<int>& budget, const UnitMap& units) {
  GraphShape s;
  const int n = g.num_threads();
  s.write_points.resize(static_cast<std::size_t>(n));
  ThreadSet live = 0;
  for (int t = 0; t < n; ++t) {
    const int u = units.of_thread[static_cast<std::size_t>(t)];
    const explorer::ThreadState& st = g.state(t);
    if (g.size(t) > 0) s.started |= unit_bit(u);
    for (int i = 0; i < g.size(t); ++i)
      if (g.event(EventId{t, i}).is_write() && !silent_write(g, EventId{t, i}))
        s.write_points[static_cast<std::size_t>(t)].insert(i + 1);
    const int b = static_cast<std::size_t>(t) < budget.size() ? budget[static_cast<std::size_t>(t)] : -1;
    const auto& code = g.context().program->threads[static_cast<std::size_t>(t)].code;
    switch (st.status) {
      case ThreadStatus::Finished:
      case ThreadStatus::Failed:  // a failed thread stops: it is done
      case ThreadStatus::Pruned: break;
      case ThreadStatus::BoundBlocked:
        s.bounded = true;
        live |= unit_bit(u);
        break;
      case ThreadStatus::SpinBlocked: {
        live |= unit_bit(u);
        if (!spins_forever(g, t)) {
          // A newer value may still be read: the graph that reads it is
          // explored on its own. Also where the iteration wrote back what it
          // read (`atomicAdd(flag, 0)` polling): SRC11's stuck test compares
          // values, so a run in which such spinners loop forever has a graph
          // with them stuck (docs/explorer.md "Spins that write back what
          // they read"); PTX's per-write test needs GraphShape::stale_spin.
          s.stale = true;
          break;
        }
        const int jump = st.pc;
        LoopingThread l{t, jump, {}, false};
        for (int pc = code[static_cast<std::size_t>(jump)].target; pc <= jump; ++pc) l.loop_pcs.push_back(pc);
        s.looping.push_back(std::move(l));
        break;
      }
      case ThreadStatus::Running:
        live |= unit_bit(u);
        if (b >= 0 && g.size(t) >= b) {
          s.paused |= unit_bit(u);
        } else {
          // Not paused and not scheduled: it waits at a barrier instance
          // that cannot complete.
          s.looping.push_back(LoopingThread{t, st.pc, {st.pc}, true});
        }
        break;
    }
  }
  // A stuck thread of a unit with a paused thread still runs forever: a
  // paused thread is not scheduled again but its unit's other threads are.
  // The model allows that only when the unit is not in F (judged per model:
  // threads of a unit of F are fair to each other); a unit paused before its
  // first step has no stuck thread.
  s.terminated = ((units.count == 32 ? ~ThreadSet{0} : unit_bit(units.count) - 1)) & ~live;
  return s;
}

Lasso make_lasso(const explorer::Graph& g, const GraphShape& shape, ThreadSet fair, int num_units) {
  Lasso l;
  l.prefix = explorer::schedule_of(g);
  l.looping = shape.looping;
  l.paused_units = members(shape.paused, num_units);
  l.terminated_units = members(shape.terminated, num_units);
  l.fair_units = members(fair, num_units);
  return l;
}

std::string write_back_reason(const explorer::Program& p, const GraphShape& s) {
  if (s.write_back_thread < 0) return "";
  const explorer::Thread& th = p.threads[static_cast<std::size_t>(s.write_back_thread)];
  const explorer::Instr& in = th.code[static_cast<std::size_t>(s.write_back_pc)];
  std::string out = "a spin that writes back what it read (" + th.name + " at " + in.text;
  if (in.where.line > 0) out += ", line " + std::to_string(in.where.line);
  return out + ") read an older value: such spinners may read each other's write-backs forever, a run no finite "
               "execution shows";
}

std::string describe(const explorer::Program& p, const Lasso& l) {
  auto set = [](const std::vector<int>& v) {
    std::string s = "{";
    for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
    return s + "}";
  };
  std::string out;
  if (!l.cycle.empty()) {
    out = "a loop of " + std::to_string(l.cycle.size()) + " events that writes repeats forever (threads";
    for (const LoopingThread& t : l.looping) out += " " + p.threads[static_cast<std::size_t>(t.thread)].name;
    out += ")";
  }
  for (const LoopingThread& t : l.looping) {
    if (!l.cycle.empty()) break;
    const explorer::Thread& th = p.threads[static_cast<std::size_t>(t.thread)];
    const explorer::Instr& in = th.code[static_cast<std::size_t>(t.pc)];
    if (!out.empty()) out += "; ";
    out += th.name + (t.at_barrier ? " waits forever at " : " spins forever at ") + in.text;
    if (in.where.line > 0) out += " (line " + std::to_string(in.where.line) + ")";
  }
  out += "; paused units " + set(l.paused_units) + ", terminated units " + set(l.terminated_units) + ", F = " +
         set(l.fair_units);
  return out;
}

}  // namespace racecert::liveness
