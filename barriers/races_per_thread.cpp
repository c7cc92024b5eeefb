// The race check of issue 6, every access expanded to its threads and
// addresses (races.hpp, find_races_per_thread): the reference the grouped
// check (races.cpp) is compared with.
#include "barriers/races.hpp"

#include <algorithm>
#include <tuple>
#include <unordered_set>

namespace racecert::barriers {

namespace {

constexpr std::int64_t kAddressBias = std::int64_t{1} << 40;

// One thread's access inside its address group, 8 bytes.
struct Rec {
  std::uint32_t cmd;
  std::uint16_t unit;
  std::uint16_t tw;  // thread << 1 | write
  std::uint32_t thread() const { return tw >> 1; }
  bool write() const { return tw & 1; }
  // Sort order inside a group: unit, command, thread.
  std::uint64_t order() const { return std::uint64_t{unit} << 48 | std::uint64_t{cmd} << 16 | tw; }
};

// Open addressing from an address key (variable, index) to a dense id.
class AddressTable {
 public:
  explicit AddressTable(std::size_t expected) {
    std::size_t cap = 16;
    while (cap < expected * 2) cap <<= 1;
    slots_.assign(cap, Slot{});
  }
  std::uint32_t id(std::uint64_t key) {
    std::size_t mask = slots_.size() - 1;
    for (std::size_t i = hash(key) & mask;; i = (i + 1) & mask) {
      if (slots_[i].id == kEmpty) {
        slots_[i] = Slot{key, static_cast<std::uint32_t>(keys.size())};
        keys.push_back(key);
        if (keys.size() * 2 > slots_.size()) grow();
        return static_cast<std::uint32_t>(keys.size() - 1);
      }
      if (slots_[i].key == key) return slots_[i].id;
    }
  }
  std::vector<std::uint64_t> keys;  // by id

 private:
  static constexpr std::uint32_t kEmpty = 0xffffffffu;
  struct Slot {
    std::uint64_t key = 0;
    std::uint32_t id = kEmpty;
  };
  std::vector<Slot> slots_;
  static std::size_t hash(std::uint64_t k) {
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdull;
    k ^= k >> 33;
    return static_cast<std::size_t>(k);
  }
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.size() * 2, Slot{});
    std::size_t mask = slots_.size() - 1;
    for (const Slot& s : old) {
      if (s.id == kEmpty) continue;
      std::size_t i = hash(s.key) & mask;
      while (slots_[i].id != kEmpty) i = (i + 1) & mask;
      slots_[i] = s;
    }
  }
};

struct PairHash {
  std::size_t operator()(const std::pair<std::uint64_t, std::uint64_t>& k) const {
    return std::hash<std::uint64_t>()(k.first * 0x9e3779b97f4a7c15ull ^ k.second);
  }
};

// Calls f(unit, cmd, thread, write, key) for every thread access and every
// address it covers (an access of width w is w one-address accesses: ranges
// overlap exactly when they share an address), in unit, command, thread order.
template <class F>
void for_each_access(const Program& p, F&& f) {
  for (std::uint32_t u = 0; u < p.units.size(); ++u) {
    const Unit& unit = p.units[u];
    for (std::uint32_t i = 0; i < unit.cmds.size(); ++i) {
      const Command& c = unit.cmds[i];
      if (!is_access(c.op)) continue;
      std::int64_t width = p.width(c);
      for (std::uint32_t t = unit.first_thread; t <= unit.last_thread(); ++t) {
        std::int64_t first = p.address(c, unit, t);
        for (std::int64_t addr = first; addr < first + width; ++addr)
          f(u, i, t, c.op == Op::Write,
            (std::uint64_t{c.arg} << 41) | static_cast<std::uint64_t>(addr + kAddressBias));
      }
    }
  }
}

class RaceFinder {
 public:
  RaceFinder(const Program& p, const BarrierGraph& g, const RaceOptions& o) : p_(p), g_(g), o_(o) {}

  RaceResult run() {
    // Group the thread accesses by address with a counting sort: they are
    // enumerated in (unit, command, thread) order, which each group keeps.
    // Addresses nobody writes are dropped on the way. Dense variables map an
    // address to its group by arithmetic; sparse ones through a hash table.
    Ids ids = number_addresses();
    std::vector<std::size_t> start(ids.count.size() + 1, 0);
    for (std::size_t id = 0; id < ids.count.size(); ++id)
      start[id + 1] = start[id] + (ids.written[id] ? ids.count[id] : 0);
    std::vector<Rec> recs(start.back());
    {
      std::vector<std::size_t> next(start.begin(), start.end() - 1);
      for_each_access(p_, [&](std::uint32_t u, std::uint32_t i, std::uint32_t t, bool w, std::uint64_t key) {
        std::uint32_t id = ids.find(key);
        if (ids.written[id])
          recs[next[id]++] = Rec{i, static_cast<std::uint16_t>(u), static_cast<std::uint16_t>(t << 1 | (w ? 1 : 0))};
      });
    }
    std::vector<std::uint32_t>().swap(ids.count);
    // Each command is looked up once per address its threads touch: locate
    // all of them up front.
    points_.resize(p_.units.size());
    for (std::uint32_t u = 0; u < p_.units.size(); ++u) points_[u] = g_.locate_all(u);
    for (std::size_t id = 0; id + 1 < start.size() && !res_.capped; ++id)
      if (start[id + 1] - start[id] >= 2) group(recs.data() + start[id], recs.data() + start[id + 1], ids.key(id));

    std::sort(res_.witnesses.begin(), res_.witnesses.end(), [](const Race& a, const Race& b) {
      return std::tie(a.first.at, a.second.at) < std::tie(b.first.at, b.second.at);
    });
    if (res_.witnesses.size() > o_.max_witnesses) res_.witnesses.resize(o_.max_witnesses);
    return std::move(res_);
  }

 private:
  const Program& p_;
  const BarrierGraph& g_;
  const RaceOptions& o_;
  RaceResult res_;
  std::unordered_set<std::pair<std::uint64_t, std::uint64_t>, PairHash> seen_;
  std::vector<std::vector<BarrierGraph::Point>> points_;  // per unit, per command
  bool valued_ = false;  // the current access may be benign with some partners

  // A write whose stored value is known, when same-value writes are benign.
  bool valued(std::uint32_t unit, std::uint32_t cmd) const {
    if (o_.benign_writes_race || p_.units[unit].cmds[cmd].op != Op::Write) return false;
    const auto& vs = p_.units[unit].values;
    return std::binary_search(vs.begin(), vs.end(), StoredValue{cmd, 0},
                              [](const StoredValue& a, const StoredValue& b) { return a.cmd < b.cmd; });
  }

  // Dense ids for the addresses: per variable, either a range [lo, hi]
  // (id = base + addr - lo) or, when the range is much larger than the
  // number of accesses, a hash table.
  struct Ids {
    struct Var {
      std::int64_t lo = INT64_MAX, hi = INT64_MIN;
      std::uint64_t accesses = 0;
      bool dense = true;
      std::uint32_t base = 0;
    };
    std::vector<Var> vars;
    AddressTable sparse{16};
    std::vector<std::uint32_t> sparse_id;  // hash id -> group id
    std::vector<std::uint64_t> sparse_key; // group id (>= dense_end) -> key
    std::uint32_t dense_end = 0;
    std::vector<std::uint32_t> count;
    std::vector<bool> written;

    static std::uint32_t var_of(std::uint64_t key) { return static_cast<std::uint32_t>(key >> 41); }
    static std::int64_t addr_of(std::uint64_t key) {
      return static_cast<std::int64_t>(key & ((std::uint64_t{1} << 41) - 1)) - kAddressBias;
    }
    std::uint32_t find(std::uint64_t key) {
      const Var& v = vars[var_of(key)];
      if (v.dense) return v.base + static_cast<std::uint32_t>(addr_of(key) - v.lo);
      return sparse_id[sparse.id(key)];
    }
    std::vector<std::uint32_t> dense_vars;  // in increasing base order
    std::uint64_t key(std::size_t id) const {  // once per group
      if (id >= dense_end) return sparse_key[id - dense_end];
      auto it = std::upper_bound(dense_vars.begin(), dense_vars.end(), id,
                                 [&](std::size_t x, std::uint32_t var) { return x < vars[var].base; });
      std::uint32_t var = *(it - 1);
      std::int64_t addr = vars[var].lo + static_cast<std::int64_t>(id - vars[var].base);
      return (std::uint64_t{var} << 41) | static_cast<std::uint64_t>(addr + kAddressBias);
    }
  };

  Ids number_addresses() {
    Ids ids;
    ids.vars.resize(p_.vars.size());
    for_each_access(p_, [&](std::uint32_t, std::uint32_t, std::uint32_t, bool, std::uint64_t key) {
      Ids::Var& v = ids.vars[Ids::var_of(key)];
      std::int64_t a = Ids::addr_of(key);
      v.lo = std::min(v.lo, a);
      v.hi = std::max(v.hi, a);
      ++v.accesses;
    });
    std::uint64_t next = 0;
    for (Ids::Var& v : ids.vars) {
      if (!v.accesses) continue;
      std::uint64_t range = static_cast<std::uint64_t>(v.hi - v.lo) + 1;
      v.dense = range <= 4 * v.accesses + 4096 && next + range < 0x80000000u;
      if (!v.dense) continue;
      v.base = static_cast<std::uint32_t>(next);
      ids.dense_vars.push_back(static_cast<std::uint32_t>(&v - ids.vars.data()));
      next += range;
    }
    ids.dense_end = static_cast<std::uint32_t>(next);
    ids.count.assign(next, 0);
    ids.written.assign(next, false);
    for_each_access(p_, [&](std::uint32_t, std::uint32_t, std::uint32_t, bool w, std::uint64_t key) {
      ++res_.thread_accesses;
      std::uint32_t id;
      if (ids.vars[Ids::var_of(key)].dense) {
        id = ids.find(key);
      } else {
        std::uint32_t h = ids.sparse.id(key);
        if (h == ids.sparse_id.size()) {
          ids.sparse_id.push_back(static_cast<std::uint32_t>(ids.count.size()));
          ids.sparse_key.push_back(key);
          ids.count.push_back(0);
          ids.written.push_back(false);
        }
        id = ids.sparse_id[h];
      }
      ++ids.count[id];
      if (w) ids.written[id] = true;
    });
    return ids;
  }

  // A candidate list of one unit in a group: all its accesses (partners of a
  // write) or only its writes (partners of a read), as positions in the
  // group, with for each entry the next entry of another thread and the end
  // of its run of equal commands: "an access of another thread in [a, b)" is
  // O(1), and a racy range costs one step per distinct command.
  struct List {
    std::vector<std::uint32_t> pos, next_thread, run_end;
  };
  struct Segment {
    std::uint32_t unit;
    std::size_t begin, end;  // group positions
    List all, writes;
    std::size_t cursor[4];   // sweep state: [a, b) in all, [a, b) in writes
  };
  std::vector<Segment> segs_;
  std::size_t used_ = 0;

  void group(const Rec* first, const Rec* last, std::uint64_t key) {
    std::size_t n = static_cast<std::size_t>(last - first);
    used_ = 0;
    for (std::size_t k = 0; k < n; ++k) {
      if (used_ == 0 || segs_[used_ - 1].unit != first[k].unit) {
        if (used_ == segs_.size()) segs_.emplace_back();
        Segment& s = segs_[used_++];
        s.unit = first[k].unit;
        s.begin = k;
        s.all.pos.clear();
        s.writes.pos.clear();
      }
      Segment& s = segs_[used_ - 1];
      s.end = k + 1;
      s.all.pos.push_back(static_cast<std::uint32_t>(k));
      if (first[k].write()) s.writes.pos.push_back(static_cast<std::uint32_t>(k));
    }
    for (std::size_t si = 0; si < used_; ++si) {
      index(first, segs_[si].all);
      index(first, segs_[si].writes);
    }
    // For each unit's accesses in command order, the interval in every unit
    // only moves forward: sweep it with two cursors per candidate list.
    for (std::size_t su = 0; su < used_ && !res_.capped; ++su) {
      for (std::size_t sv = 0; sv < used_; ++sv) std::fill(std::begin(segs_[sv].cursor), std::end(segs_[sv].cursor), 0);
      BarrierGraph::Point pt;
      std::uint32_t pt_cmd = kNone;
      for (std::size_t k = segs_[su].begin; k < segs_[su].end && !res_.capped; ++k) {
        const Rec& r = first[k];
        // Other threads of a command already queried see the same intervals
        // in other units; only their own unit (thread exclusion) needs a look.
        // A write of a known value may be benign with one thread and not
        // with the next: every thread then looks at every unit.
        bool repeat = r.cmd == pt_cmd && !valued_;
        if (r.cmd != pt_cmd) {
          pt = points_[r.unit][r.cmd];
          pt_cmd = r.cmd;
          valued_ = valued(r.unit, r.cmd);
        }
        for (std::size_t sv = 0; sv < used_; ++sv) {
          Segment& s = segs_[sv];
          if (repeat && s.unit != r.unit) continue;
          ++res_.tests;
          std::int64_t lo, hi;
          if (p_.lockstep && s.unit == r.unit) {
            lo = std::int64_t{r.cmd} - 1;
            hi = std::int64_t{r.cmd} + 1;
          } else {
            lo = g_.latest_before(pt, s.unit);
            std::uint32_t ea = g_.earliest_after(pt, s.unit);
            hi = ea == kInfinity ? INT64_MAX : std::int64_t{ea};
          }
          const List& list = r.write() ? s.all : s.writes;
          std::size_t& a = s.cursor[r.write() ? 0 : 2];
          std::size_t& b = s.cursor[r.write() ? 1 : 3];
          while (a < list.pos.size() && std::int64_t{first[list.pos[a]].cmd} <= lo) ++a;
          if (b < a) b = a;
          while (b < list.pos.size() && std::int64_t{first[list.pos[b]].cmd} < hi) ++b;
          if (a < b) enumerate(first, r, list, a, b, key);
        }
      }
    }
  }

  static void index(const Rec* first, List& l) {
    std::size_t n = l.pos.size();
    l.next_thread.assign(n, static_cast<std::uint32_t>(n));
    l.run_end.assign(n, static_cast<std::uint32_t>(n));
    for (std::size_t x = n; x-- > 1;) {
      const Rec& cur = first[l.pos[x - 1]];
      const Rec& nxt = first[l.pos[x]];
      l.next_thread[x - 1] = nxt.thread() != cur.thread() ? static_cast<std::uint32_t>(x) : l.next_thread[x];
      l.run_end[x - 1] = nxt.cmd == cur.cmd ? l.run_end[x] : static_cast<std::uint32_t>(x);
    }
  }

  // One partner per distinct command in [a, b), from another thread; each
  // racing command pair is kept once.
  void enumerate(const Rec* first, const Rec& r, const List& list, std::size_t a, std::size_t b, std::uint64_t key) {
    for (std::size_t x = a; x < b && !res_.capped;) {
      std::size_t e = std::min<std::size_t>(list.run_end[x], b);
      std::size_t y = first[list.pos[x]].thread() != r.thread() ? x : list.next_thread[x];
      if (valued_ && y < e && valued(first[list.pos[y]].unit, first[list.pos[y]].cmd)) {
        // Skip partners that store the same value (a run's threads are distinct).
        while (y < e && (first[list.pos[y]].thread() == r.thread() ||
                         p_.same_value_writes(r.unit, r.cmd, r.thread(), first[list.pos[y]].unit,
                                              first[list.pos[y]].cmd, first[list.pos[y]].thread())))
          ++y;
      }
      x = e;
      if (y >= e) continue;
      const Rec& q = first[list.pos[y]];
      AccessRef ra{CmdRef{r.unit, r.cmd}, r.thread()}, rq{CmdRef{q.unit, q.cmd}, q.thread()};
      if (rq.at < ra.at) std::swap(ra, rq);
      auto pair_key = std::make_pair((std::uint64_t{ra.at.unit} << 32) | ra.at.cmd,
                                     (std::uint64_t{rq.at.unit} << 32) | rq.at.cmd);
      if (!seen_.insert(pair_key).second) continue;
      Race race;
      race.first = ra;
      race.second = rq;
      race.var = static_cast<std::uint32_t>(key >> 41);
      race.address = static_cast<std::int64_t>(key & ((std::uint64_t{1} << 41) - 1)) - kAddressBias;
      res_.witnesses.push_back(race);
      if (++res_.racing_pairs >= o_.max_pairs) res_.capped = true;
    }
  }
};

}  // namespace

RaceResult find_races_per_thread(const Program& p, const BarrierGraph& g, const RaceOptions& o) {
  return RaceFinder(p, g, o).run();
}

}  // namespace racecert::barriers
