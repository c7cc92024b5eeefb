#include "progress/state_graph.hpp"

#include <algorithm>
#include <bit>

#include "progress/models.hpp"
#include "support/diagnostic.hpp"

namespace racecert::progress {

namespace {

// Open-addressing map from packed state to state id; much faster than
// std::unordered_map for the millions of lookups of a large exploration.
class KeyIndex {
 public:
  KeyIndex() : slots_(1024, kEmpty) {}
  // Returns the id of key, inserting `fresh` if absent.
  std::uint32_t find_or_insert(std::uint64_t key, std::uint32_t fresh, const std::vector<std::uint64_t>& keys) {
    if ((used_ + 1) * 2 > slots_.size()) grow(keys);
    std::size_t i = hash(key) & (slots_.size() - 1);
    while (slots_[i] != kEmpty) {
      if (keys[slots_[i]] == key) return slots_[i];
      i = (i + 1) & (slots_.size() - 1);
    }
    slots_[i] = fresh;
    ++used_;
    return fresh;
  }

 private:
  static constexpr std::uint32_t kEmpty = 0xffffffffu;
  static std::size_t hash(std::uint64_t k) {
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdull;
    k ^= k >> 33;
    return static_cast<std::size_t>(k);
  }
  void grow(const std::vector<std::uint64_t>& keys) {
    std::vector<std::uint32_t> old(slots_.size() * 2, kEmpty);
    old.swap(slots_);
    for (std::uint32_t id : old) {
      if (id == kEmpty) continue;
      std::size_t i = hash(keys[id]) & (slots_.size() - 1);
      while (slots_[i] != kEmpty) i = (i + 1) & (slots_.size() - 1);
      slots_[i] = id;
    }
  }
  std::vector<std::uint32_t> slots_;
  std::size_t used_ = 0;
};

// Per instruction, the indices into the location's value domain.
struct Compiled {
  std::uint32_t loc, jump;
  std::int64_t check_index;  // -1: the value can never be in memory
  std::uint64_t write_index;
  bool exch;
};

}  // namespace

std::uint32_t StateGraph::pc(std::uint32_t s, std::size_t t) const {
  return static_cast<std::uint32_t>(keys_[s] >> pc_field_[t].shift & pc_field_[t].mask);
}

Value StateGraph::mem(std::uint32_t s, std::size_t x) const {
  return domain_[x][keys_[s] >> mem_field_[x].shift & mem_field_[x].mask];
}

DecodedState StateGraph::decode(std::uint32_t s) const {
  DecodedState d;
  for (std::size_t t = 0; t < pc_field_.size(); ++t) d.pcs.push_back(pc(s, t));
  for (std::size_t x = 0; x < mem_field_.size(); ++x) d.mem.push_back(mem(s, x));
  d.started = started_[s];
  return d;
}

StateGraph build_state_graph(const Program& p, const GraphOptions& opts) {
  StateGraph g;
  g.prog_ = p;
  g.opts_ = opts;
  g.all_ = p.all_threads();
  const std::size_t T = p.thread_count(), L = p.location_count();
  const bool track = opts.track_started || opts.occupancy > 0;
  g.opts_.track_started = track;

  // Value domains: what each location can ever hold.
  g.domain_.assign(L, {0});
  for (const auto& th : p.threads)
    for (const auto& i : th.code)
      if (i.exch) g.domain_[i.loc].push_back(i.write);
  for (auto& d : g.domain_) {
    std::sort(d.begin(), d.end());
    d.erase(std::unique(d.begin(), d.end()), d.end());
  }

  // Bit layout of a packed state.
  unsigned bits = 0;
  auto field = [&](std::uint64_t max_value) {
    unsigned w = static_cast<unsigned>(std::bit_width(max_value));
    StateGraph::Field f{bits, w == 64 ? ~0ull : (1ull << w) - 1};
    bits += w;
    return f;
  };
  for (const auto& th : p.threads) g.pc_field_.push_back(field(th.code.size()));
  for (const auto& d : g.domain_) g.mem_field_.push_back(field(d.size() - 1));
  if (track) g.started_field_ = field(T == 0 ? 0 : (T >= 64 ? ~0ull : (1ull << T) - 1));
  if (bits > 64)
    throw unsupported(SourceLoc{}, "program too large for the explicit-state checker (a state needs " +
                                       std::to_string(bits) + " bits, at most 64)");

  std::vector<std::vector<Compiled>> code(T);
  for (std::size_t t = 0; t < T; ++t) {
    for (const auto& i : p.threads[t].code) {
      const auto& d = g.domain_[i.loc];
      auto ci = std::lower_bound(d.begin(), d.end(), i.check);
      auto wi = std::lower_bound(d.begin(), d.end(), i.write);
      code[t].push_back({i.loc, i.jump, (ci != d.end() && *ci == i.check) ? ci - d.begin() : -1,
                         static_cast<std::uint64_t>(i.exch ? wi - d.begin() : 0), i.exch});
    }
  }

  KeyIndex index;
  auto add_state = [&](std::uint64_t key, ThreadSet started, ThreadSet term, std::uint32_t parent,
                       std::uint32_t thread) {
    std::uint32_t fresh = static_cast<std::uint32_t>(g.keys_.size());
    std::uint32_t id = index.find_or_insert(key, fresh, g.keys_);
    if (id == fresh) {
      if (g.keys_.size() >= opts.max_states)
        throw unsupported(SourceLoc{}, "state space exceeds " + std::to_string(opts.max_states) + " states");
      g.keys_.push_back(key);
      g.started_.push_back(started);
      g.terminated_.push_back(term);
      g.parent_.push_back(parent);
      g.parent_thread_.push_back(thread);
    }
    return id;
  };

  ThreadSet term0 = 0;
  for (std::size_t t = 0; t < T; ++t)
    if (p.threads[t].code.empty()) term0 |= ThreadSet{1} << t;
  add_state(0, 0, term0, 0, 0);

  for (std::uint32_t s = 0; s < g.keys_.size(); ++s) {
    const std::uint64_t key = g.keys_[s];
    const ThreadSet started = g.started_[s], term = g.terminated_[s];
    const ThreadSet enabled = enabled_threads(g.all_, started, term, opts.occupancy);
    for (std::size_t t = 0; t < T; ++t) {
      if (!(enabled >> t & 1u)) continue;
      const auto& pf = g.pc_field_[t];
      const std::uint32_t pc = static_cast<std::uint32_t>(key >> pf.shift & pf.mask);
      const Compiled& c = code[t][pc];
      const auto& mf = g.mem_field_[c.loc];
      const std::uint64_t cur = key >> mf.shift & mf.mask;
      const bool taken = c.check_index == static_cast<std::int64_t>(cur);
      const std::uint32_t npc = taken ? c.jump : pc + 1;
      const std::uint64_t nmem = c.exch ? c.write_index : cur;
      std::uint64_t nkey = (key & ~(pf.mask << pf.shift)) | (std::uint64_t{npc} << pf.shift);
      nkey = (nkey & ~(mf.mask << mf.shift)) | (nmem << mf.shift);
      ThreadSet nstarted = started;
      if (track) {
        nstarted |= ThreadSet{1} << t;
        nkey |= std::uint64_t{1} << (g.started_field_.shift + t);
      }
      ThreadSet nterm = term | (npc == p.threads[t].code.size() ? ThreadSet{1} << t : 0);
      std::uint32_t target = add_state(nkey, nstarted, nterm, s, static_cast<std::uint32_t>(t));
      g.edges_.push_back({target, static_cast<std::uint32_t>(t)});
    }
    g.offsets_.push_back(static_cast<std::uint32_t>(g.edges_.size()));
  }
  return g;
}

}  // namespace racecert::progress
