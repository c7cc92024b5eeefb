// The grouped race check (races.hpp): group accesses, shapes, meeting shape
// pairs, and an interval sweep per pair.
#include <algorithm>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

#include "barriers/races.hpp"

namespace racecert::barriers {

namespace {

constexpr std::int64_t kAddressBias = std::int64_t{1} << 40;

std::uint64_t address_key(std::uint32_t var, std::int64_t addr) {
  return (std::uint64_t{var} << 41) | static_cast<std::uint64_t>(addr + kAddressBias);
}

std::int64_t floor_div(std::int64_t a, std::int64_t b) {  // b > 0
  return a >= 0 ? a / b : -((-a + b - 1) / b);
}

// The threads [first, first + count) of one unit, thread first + k touching
// the addresses [base + stride * k, base + stride * k + width) of var.
struct Shape {
  std::uint32_t var = 0, first = 0, count = 1;
  std::int64_t base = 0, stride = 0, width = 1;
  friend bool operator==(const Shape&, const Shape&) = default;

  std::int64_t start(std::uint32_t thread) const { return base + stride * (std::int64_t{thread} - first); }
  // The indices k whose range overlaps [lo, lo + w): start(k) in [lo - width + 1, lo + w - 1].
  std::pair<std::int64_t, std::int64_t> overlapping(std::int64_t lo, std::int64_t w) const {
    std::int64_t a = lo - width + 1, b = lo + w - 1, klo, khi;
    if (stride == 0) {
      if (base < a || base > b) return {1, 0};
      klo = 0;
      khi = count - 1;
    } else if (stride > 0) {
      klo = -floor_div(base - a, stride);  // ceil((a - base) / stride)
      khi = floor_div(b - base, stride);
    } else {
      klo = -floor_div(b - base, -stride);
      khi = floor_div(base - a, -stride);
    }
    return {std::max<std::int64_t>(klo, 0), std::min<std::int64_t>(khi, std::int64_t{count} - 1)};
  }
};

struct ShapeHash {
  std::size_t operator()(const Shape& s) const {
    std::uint64_t h = s.var;
    for (std::uint64_t x : {std::uint64_t{s.first}, std::uint64_t{s.count}, static_cast<std::uint64_t>(s.base),
                            static_cast<std::uint64_t>(s.stride), static_cast<std::uint64_t>(s.width)})
      h = (h ^ x) * 0x9e3779b97f4a7c15ull + (h >> 29);
    return static_cast<std::size_t>(h);
  }
};

struct PairHash {
  std::size_t operator()(const std::pair<std::uint64_t, std::uint64_t>& k) const {
    return std::hash<std::uint64_t>()(k.first * 0x9e3779b97f4a7c15ull ^ k.second);
  }
};

// Calls f(unit, cmd, write, shape) for every group access, in unit and
// command order. An affine address is one progression over the unit when it
// does not depend on lane or warp, else one per warp of the unit; a table
// address (or every address, without group_affine) one per thread.
template <class F>
void for_each_group_access(const Program& p, bool group_affine, F&& f) {
  for (std::uint32_t u = 0; u < p.units.size(); ++u) {
    const Unit& unit = p.units[u];
    for (std::uint32_t i = 0; i < unit.cmds.size(); ++i) {
      const Command& c = unit.cmds[i];
      if (!is_access(c.op)) continue;
      bool write = c.op == Op::Write;
      Shape s;
      s.var = c.arg;
      s.width = p.width(c);
      const IndexForm* form = c.aux == kNoIndex ? nullptr : &p.indices[c.aux];
      auto emit = [&](std::uint32_t first, std::uint32_t count, std::int64_t stride) {
        s.first = first;
        s.count = count;
        s.base = p.address(c, unit, first);
        s.stride = count == 1 ? 0 : stride;
        f(u, i, write, s);
      };
      if (!group_affine || (form && form->kind == IndexForm::Kind::Table)) {
        for (std::uint32_t t = unit.first_thread; t <= unit.last_thread(); ++t) emit(t, 1, 0);
      } else if (!form) {
        emit(unit.first_thread, unit.num_threads, 0);
      } else if (form->per_lane == 0 && form->per_warp == 0) {
        emit(unit.first_thread, unit.num_threads, form->per_tid);
      } else {
        for (std::uint32_t t = unit.first_thread; t <= unit.last_thread();) {
          std::uint32_t end = std::min(unit.last_thread() + 1, (t / kWarpSize + 1) * kWarpSize);
          emit(t, end - t, form->per_tid + form->per_lane);
          t = end;
        }
      }
    }
  }
}

struct Access {  // one group access, 8 bytes
  std::uint32_t cmd;
  std::uint32_t write : 1, valued : 1, shape : 30;
};

class RaceFinder {
 public:
  RaceFinder(const Program& p, const BarrierGraph& g, const RaceOptions& o) : p_(p), g_(g), o_(o) {}

  RaceResult run() {
    collect();
    points_.resize(p_.units.size());
    for (std::uint32_t u = 0; u < p_.units.size(); ++u) points_[u] = g_.locate_all(u);
    for (auto [s1, s2] : meeting_pairs()) {
      if (res_.capped) break;
      sweep(s1, s2);
    }
    std::sort(pairs_.begin(), pairs_.end());
    if (pairs_.size() > o_.max_witnesses) pairs_.resize(o_.max_witnesses);
    for (const auto& [a, b] : pairs_) res_.witnesses.push_back(witness(a, b));
    return std::move(res_);
  }

 private:
  struct ShapeInfo {
    Shape shape;
    std::uint32_t unit = 0;
    std::uint32_t all_begin = 0, all_end = 0;      // its accesses in all_
    std::uint32_t write_begin = 0, write_end = 0;  // its writes in writes_
  };

  const Program& p_;
  const BarrierGraph& g_;
  const RaceOptions& o_;
  RaceResult res_;
  std::vector<ShapeInfo> shapes_;
  std::vector<Access> all_, writes_;  // by shape, then command
  std::vector<std::vector<BarrierGraph::Point>> points_;  // per unit, per command
  std::unordered_set<std::pair<std::uint64_t, std::uint64_t>, PairHash> seen_;
  std::vector<std::pair<CmdRef, CmdRef>> pairs_;

  // A write whose stored value is known, when same-value writes are benign.
  bool valued(std::uint32_t unit, std::uint32_t cmd) const {
    if (o_.benign_writes_race || p_.units[unit].cmds[cmd].op != Op::Write) return false;
    const auto& vs = p_.units[unit].values;
    return std::binary_search(vs.begin(), vs.end(), StoredValue{cmd, 0},
                              [](const StoredValue& a, const StoredValue& b) { return a.cmd < b.cmd; });
  }

  // Numbers the shapes and sorts the group accesses by shape with a counting
  // sort, which keeps their (unit, command) order.
  void collect() {
    std::unordered_map<Shape, std::uint32_t, ShapeHash> ids;
    std::vector<std::uint32_t> shape_of;
    std::vector<Access> accesses;
    for_each_group_access(p_, o_.group_affine, [&](std::uint32_t u, std::uint32_t i, bool w, const Shape& s) {
      auto [it, fresh] = ids.emplace(s, static_cast<std::uint32_t>(shapes_.size()));
      if (fresh) shapes_.push_back(ShapeInfo{s, u});
      accesses.push_back(Access{i, w ? 1u : 0u, valued(u, i) ? 1u : 0u, it->second});
      res_.thread_accesses += std::uint64_t{s.count} * static_cast<std::uint64_t>(s.width);
    });
    res_.group_accesses = accesses.size();
    for (const Access& a : accesses) {
      ++shapes_[a.shape].all_end;
      if (a.write) ++shapes_[a.shape].write_end;
    }
    std::uint32_t all = 0, writes = 0;
    for (ShapeInfo& s : shapes_) {
      s.all_begin = all;
      all += s.all_end;
      s.all_end = s.all_begin;
      s.write_begin = writes;
      writes += s.write_end;
      s.write_end = s.write_begin;
    }
    all_.resize(all);
    writes_.resize(writes);
    for (const Access& a : accesses) {
      ShapeInfo& s = shapes_[a.shape];
      all_[s.all_end++] = a;
      if (a.write) writes_[s.write_end++] = a;
    }
  }

  // The pairs of shapes (s1 <= s2) whose address sets intersect, at least one
  // with a write, and which have two different threads on a common address.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> meeting_pairs() const {
    std::vector<std::pair<std::uint64_t, std::uint32_t>> at;  // (address, shape)
    for (std::uint32_t id = 0; id < shapes_.size(); ++id) {
      const Shape& s = shapes_[id].shape;
      std::uint32_t count = s.stride == 0 ? 1 : s.count;  // a uniform address once
      for (std::uint32_t k = 0; k < count; ++k)
        for (std::int64_t o = 0; o < s.width; ++o) at.emplace_back(address_key(s.var, s.base + s.stride * k + o), id);
    }
    std::sort(at.begin(), at.end());
    at.erase(std::unique(at.begin(), at.end()), at.end());
    std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
    for (std::size_t x = 0; x < at.size();) {
      std::size_t e = x;
      while (e < at.size() && at[e].first == at[x].first) ++e;
      for (std::size_t i = x; i < e; ++i)
        for (std::size_t j = i; j < e; ++j) {
          const ShapeInfo& a = shapes_[at[i].second];
          const ShapeInfo& b = shapes_[at[j].second];
          if (a.write_begin != a.write_end || b.write_begin != b.write_end) pairs.emplace_back(at[i].second, at[j].second);
        }
      x = e;
    }
    std::sort(pairs.begin(), pairs.end());
    pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
    pairs.erase(std::remove_if(pairs.begin(), pairs.end(), [&](const auto& q) { return !two_threads(q.first, q.second); }),
                pairs.end());
    return pairs;
  }

  // Two different threads of the two shapes touch a common address. Shapes
  // of different units meet only when this holds; inside a unit it decides
  // thread exclusion once for all accesses of the two shapes.
  bool two_threads(std::uint32_t s1, std::uint32_t s2) const {
    const Shape& a = shapes_[s1].shape;
    const Shape& b = shapes_[s2].shape;
    if (a.first + a.count <= b.first || b.first + b.count <= a.first) return true;  // disjoint threads
    for (std::uint32_t k = 0; k < a.count; ++k) {
      std::uint32_t t = a.first + k;
      auto [lo, hi] = b.overlapping(a.start(t), a.width);
      if (lo < hi || (lo == hi && b.first + lo != t)) return true;
    }
    return false;
  }

  // Some thread pair of the two valued writes x (shape a) and y (shape b)
  // collides with different values or ranges. On a progression with a
  // non-zero stride only one partner has the same start, so each thread
  // looks at most at three partners; with a uniform address and uniform
  // values one partner stands for all.
  bool not_all_benign(std::uint32_t ux, const Access& x, std::uint32_t uy, const Access& y) const {
    const Shape& a = shapes_[x.shape].shape;
    const Shape& b = shapes_[y.shape].shape;
    bool uniform = uniform_value(ux, x.cmd) && uniform_value(uy, y.cmd);
    for (std::uint32_t k = 0; k < a.count; ++k) {
      std::uint32_t t = a.first + k;
      auto [lo, hi] = b.overlapping(a.start(t), a.width);
      for (std::int64_t j = lo; j <= hi; ++j) {
        std::uint32_t t2 = b.first + static_cast<std::uint32_t>(j);
        if (ux == uy && t2 == t) continue;
        if (!p_.same_value_writes(ux, x.cmd, t, uy, y.cmd, t2)) return true;
        if (b.stride == 0 && uniform) break;
      }
    }
    return false;
  }
  bool uniform_value(std::uint32_t unit, std::uint32_t cmd) const {
    const auto& vs = p_.units[unit].values;
    auto it = std::lower_bound(vs.begin(), vs.end(), StoredValue{cmd, 0},
                               [](const StoredValue& a, const StoredValue& b) { return a.cmd < b.cmd; });
    return it != vs.end() && it->cmd == cmd && p_.values[it->form].size() == 1;
  }

  // The accesses of s1, in command order, against those of s2 in their
  // barrier interval (which only moves forward): two cursors per candidate
  // list (all of s2's accesses for a write, its writes for a read).
  // Concurrency is symmetric, so one direction finds every pair.
  void sweep(std::uint32_t s1, std::uint32_t s2) {
    const ShapeInfo& a = shapes_[s1];
    const ShapeInfo& b = shapes_[s2];
    std::uint32_t u = a.unit, v = b.unit;
    std::size_t cursor[4] = {b.all_begin, b.all_begin, b.write_begin, b.write_begin};
    for (std::uint32_t x = a.all_begin; x < a.all_end && !res_.capped; ++x) {
      const Access& r = all_[x];
      ++res_.tests;
      std::int64_t lo, hi;
      if (p_.lockstep && u == v) {
        lo = std::int64_t{r.cmd} - 1;
        hi = std::int64_t{r.cmd} + 1;
      } else {
        const BarrierGraph::Point& pt = points_[u][r.cmd];
        lo = g_.latest_before(pt, v);
        std::uint32_t ea = g_.earliest_after(pt, v);
        hi = ea == kInfinity ? INT64_MAX : std::int64_t{ea};
      }
      const std::vector<Access>& list = r.write ? all_ : writes_;
      std::size_t end = r.write ? b.all_end : b.write_end;
      std::size_t& lo_at = cursor[r.write ? 0 : 2];
      std::size_t& hi_at = cursor[r.write ? 1 : 3];
      while (lo_at < end && std::int64_t{list[lo_at].cmd} <= lo) ++lo_at;
      if (hi_at < lo_at) hi_at = lo_at;
      while (hi_at < end && std::int64_t{list[hi_at].cmd} < hi) ++hi_at;
      for (std::size_t y = lo_at; y < hi_at && !res_.capped; ++y) report(u, r, v, list[y]);
    }
  }

  void report(std::uint32_t u, const Access& x, std::uint32_t v, const Access& y) {
    CmdRef first{u, x.cmd}, second{v, y.cmd};
    if (second < first) std::swap(first, second);
    auto key = std::make_pair((std::uint64_t{first.unit} << 32) | first.cmd, (std::uint64_t{second.unit} << 32) | second.cmd);
    if (seen_.count(key)) return;
    if (x.valued && y.valued && !not_all_benign(u, x, v, y)) return;
    seen_.insert(key);
    pairs_.emplace_back(first, second);
    if (++res_.racing_pairs >= o_.max_pairs) res_.capped = true;
  }

  // The documented witness of a racing pair: the smallest (first thread,
  // second thread) colliding without being benign, at the smallest common
  // address (only for the kept witnesses, so a plain search).
  Race witness(const CmdRef& a, const CmdRef& b) const {
    const Unit& ua = p_.units[a.unit];
    const Unit& ub = p_.units[b.unit];
    const Command& ca = ua.cmds[a.cmd];
    const Command& cb = ub.cmds[b.cmd];
    bool benign_possible = valued(a.unit, a.cmd) && valued(b.unit, b.cmd);
    for (std::uint32_t t1 = ua.first_thread; t1 <= ua.last_thread(); ++t1) {
      std::int64_t s1 = p_.address(ca, ua, t1), e1 = s1 + p_.width(ca);
      for (std::uint32_t t2 = ub.first_thread; t2 <= ub.last_thread(); ++t2) {
        if (t1 == t2) continue;
        std::int64_t s2 = p_.address(cb, ub, t2), e2 = s2 + p_.width(cb);
        if (e1 <= s2 || e2 <= s1) continue;
        if (benign_possible && p_.same_value_writes(a.unit, a.cmd, t1, b.unit, b.cmd, t2)) continue;
        Race r;
        r.first = AccessRef{a, t1};
        r.second = AccessRef{b, t2};
        r.var = ca.arg;
        r.address = std::max(s1, s2);
        return r;
      }
    }
    return Race{AccessRef{a, ua.first_thread}, AccessRef{b, ub.first_thread}, ca.arg, 0};  // not reached
  }
};

}  // namespace

RaceResult find_races(const Program& p, const BarrierGraph& g, const RaceOptions& o) {
  return RaceFinder(p, g, o).run();
}

}  // namespace racecert::barriers
