#pragma once
// The scalable form of happens-before (Sec. 5.2 of the WEFT paper): the
// barrier dependence graph over dynamic barriers (generations), and for every
// node the earliest point of each unit that happens after its completion and
// the latest point of each unit that happens before it. A program point then
// finds its interval in every other unit from the barrier commands around it,
// and a pair of accesses is tested in constant time against that interval.
//
// The relation is the one the paper's WELLSYNC builds from the generations of
// the simulated schedule: program order, arrive -> sync and sync <-> sync in
// the same generation, closed transitively and reflexively. It is exact
// (sound and precise) once the program is known to be well-synchronized.
//
// Threads of one unit: in lockstep mode they share program order. Otherwise
// they are independent threads with the same program, so thread t's command i
// reaches thread t' (t != t') of the same unit only through barrier
// completions, exactly like a thread of another unit; the tables below serve
// both cases because every thread of a unit joins the same generations.
//
// Cost: O(B * U) time and memory for B barrier commands and U units, plus
// O(log B_u) to locate a point; independent of the number of accesses.
#include <cstdint>
#include <vector>

#include "barriers/program.hpp"
#include "barriers/simulator.hpp"

namespace racecert::barriers {

inline constexpr std::uint32_t kInfinity = 0xffffffffu;

class BarrierGraph {
 public:
  // `s` must be a schedule without violation.
  BarrierGraph(const Program& p, const Schedule& s);

  // A program point (before command i of unit u) located once for many queries.
  struct Point {
    std::uint32_t after_row = kNone;   // row of earliest-happens-after points
    std::uint32_t before_row = kNone;  // row of latest-happens-before points
  };
  Point locate(std::uint32_t unit, std::uint32_t cmd) const;
  // The points of every command of a unit, in one linear sweep.
  std::vector<Point> locate_all(std::uint32_t unit) const;

  // Earliest command index of unit v (any thread of v other than the one
  // executing the point) that happens after the point; kInfinity if none.
  std::uint32_t earliest_after(const Point& pt, std::uint32_t v) const {
    return pt.after_row == kNone ? kInfinity : after_[std::size_t{pt.after_row} * units_ + v];
  }
  // Latest command index of unit v that happens before the point; -1 if none.
  std::int64_t latest_before(const Point& pt, std::uint32_t v) const {
    return pt.before_row == kNone ? -1 : before_[std::size_t{pt.before_row} * units_ + v];
  }

  // The happens-before relation R between command a of one thread and command
  // b of another thread (or the same thread when same_thread). Threads of the
  // same unit are distinct threads unless same_thread.
  bool happens_before(CmdRef a, CmdRef b, bool same_thread) const;

  // R from command a, for *every* thread of a's unit, to command b for every
  // thread of b's unit (used by the recycling check).
  bool happens_before_all_threads(CmdRef a, CmdRef b) const;

  std::size_t num_nodes() const { return nodes_; }
  std::size_t num_edges() const { return edges_; }

 private:
  const Program& p_;
  const Schedule& s_;
  std::size_t units_ = 0, nodes_ = 0, edges_ = 0;
  // Rows of `units_` entries. after_: rows 0..nodes-1 are the nodes' reach
  // (earliest point after completion), further rows are suffix minima at
  // arrive commands. before_: one row per node.
  std::vector<std::uint32_t> after_;
  std::vector<std::int32_t> before_;
  // Per unit, per barrier command (Schedule::barrier_cmds order).
  std::vector<std::vector<std::uint32_t>> after_row_;   // row for points up to this command
  std::vector<std::vector<std::uint32_t>> before_row_;  // row of the last sync at or before it

  void compute_reach();
  void compute_back();
  void compute_points();
};

}  // namespace racecert::barriers
