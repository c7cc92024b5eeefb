#include "progress/synth_enumerate.hpp"

#include <bit>

namespace racecert::progress {

std::vector<std::vector<std::uint32_t>> thread_shapes(const SynthBounds& b) {
  std::vector<std::vector<std::uint32_t>> out;
  std::vector<std::uint32_t> cur;
  auto rec = [&](auto& self, unsigned left, unsigned threads_left) -> void {
    if (threads_left == 0) {
      if (left == 0) out.push_back(cur);
      return;
    }
    for (unsigned len = 1; len + (threads_left - 1) <= left; ++len) {
      cur.push_back(len);
      self(self, left - len, threads_left - 1);
      cur.pop_back();
    }
  };
  if (b.threads > 0) rec(rec, b.instructions, b.threads);
  return out;
}

Enumerator::Enumerator(const SynthBounds& b, std::vector<std::uint32_t> lengths, bool allow_nops)
    : b_(b), lengths_(std::move(lengths)), allow_nops_(allow_nops) {
  for (std::uint32_t t = 0; t < lengths_.size(); ++t) {
    prog_.threads.emplace_back();
    prog_.threads.back().code.resize(lengths_[t]);
    for (std::uint32_t pc = 0; pc < lengths_[t]; ++pc) slots_.push_back({t, pc});
  }
  for (unsigned x = 0; x < b_.locations; ++x) prog_.locations.push_back(std::to_string(x));
}

void Enumerator::place(std::size_t pos, const Instr& i) {
  prog_.threads[slots_[pos].first].code[slots_[pos].second] = i;
}

void Enumerator::apply(const Instr& i, std::size_t pos, Canon& c) const {
  const bool nop = !i.exch && i.jump == slots_[pos].second + 1;
  if (nop) return;  // a no-op mentions no location
  c.used_locations = std::max(c.used_locations, i.loc + 1);
  c.max_value[i.loc] = std::max({c.max_value[i.loc], i.check, i.exch ? i.write : 0});
}

bool Enumerator::stores_suffice(std::size_t pos) const {
  std::uint32_t possible[16], tested[16];
  for (unsigned x = 0; x < b_.locations; ++x) possible[x] = 1u, tested[x] = 0;
  bool any_branch[16] = {};
  for (std::size_t k = 0; k < pos; ++k) {
    const auto [t, pc] = slots_[k];
    const Instr& i = prog_.threads[t].code[pc];
    if (i.exch) possible[i.loc] |= 1u << i.write;
    if (is_branch(i, pc)) {
      tested[i.loc] |= 1u << i.check;
      any_branch[i.loc] = true;
    }
  }
  std::size_t needed = 0;
  for (unsigned x = 0; x < b_.locations; ++x) {
    if (!any_branch[x]) continue;
    const std::uint32_t missing = tested[x] & ~possible[x];
    needed += static_cast<std::size_t>(std::popcount(missing));
    if (std::popcount(possible[x] | missing) < 2) ++needed;  // some other value too
  }
  return needed <= slots_.size() - pos;
}

std::vector<std::vector<Instr>> Enumerator::prefixes(std::size_t depth) {
  depth = std::min(depth, slots_.size());
  std::vector<std::vector<Instr>> out;
  Canon c;
  auto collect = [&](const Program& p) {
    std::vector<Instr> prefix;
    for (std::size_t pos = 0; pos < depth; ++pos) prefix.push_back(p.threads[slots_[pos].first].code[slots_[pos].second]);
    out.push_back(std::move(prefix));
  };
  extend(0, depth, c, collect);
  return out;
}

}  // namespace racecert::progress
