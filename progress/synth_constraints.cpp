#include "progress/synth_constraints.hpp"

#include <bit>

namespace racecert::progress {

namespace {
constexpr std::uint32_t kNone = 0xffffffffu;
}

const char* reject_name(Reject r) {
  switch (r) {
    case Reject::None: return "accepted";
    case Reject::NoBackwardJump: return "no backward jump";
    case Reject::ImpossibleBranch: return "branch outcome cannot vary";
    case Reject::NoStaticInfluence: return "threads cannot influence each other";
    case Reject::DeadBranch: return "dead instruction or branch";
    case Reject::CannotTerminate: return "termination not always possible";
    case Reject::NoCycle: return "no non-termination cycle";
    case Reject::NoInfluence: return "no inter-thread influence connecting all threads";
    case Reject::StoreWithoutInfluence: return "a store never influences another thread";
    case Reject::OverCap: return "over the state/action caps";
    case Reject::kCount: break;
  }
  return "?";
}

CandidateChecker::CandidateChecker(const std::vector<std::uint32_t>& lengths, unsigned locations, unsigned values,
                                   std::size_t max_states, std::size_t max_actions)
    : lengths_(lengths),
      threads_(static_cast<unsigned>(lengths.size())),
      locations_(locations),
      values_(values),
      max_states_(max_states),
      max_actions_(max_actions) {
  std::uint32_t stride = 1;
  for (unsigned x = 0; x < locations_; ++x) {
    mem_stride_.push_back(stride);
    stride *= values_;
  }
  mem_states_ = stride;
  for (unsigned t = 0; t < threads_; ++t) {
    pc_stride_.push_back(stride);
    final_base_ += lengths_[t] * stride;
    stride *= lengths_[t] + 1;
  }
  seen_.assign(stride, 0);
  slot_.assign(stride, 0);
  outcome_.assign(threads_ * kMaxSynthLength, 0);
}

Reject CandidateChecker::static_check(const Program& p) const {
  // Values each location can hold: bit v set.
  // Per location: bit v of possible[x] when x can hold v; the threads that
  // store to it and that branch on it. On the stack: this runs per candidate.
  std::uint32_t possible[kMaxSynthLocations];
  ThreadSet writers[kMaxSynthLocations] = {}, branchers[kMaxSynthLocations] = {};
  for (unsigned x = 0; x < locations_; ++x) possible[x] = 1u;
  bool back_jump = false;
  for (unsigned t = 0; t < threads_; ++t) {
    const auto& code = p.threads[t].code;
    for (std::uint32_t pc = 0; pc < code.size(); ++pc) {
      const Instr& i = code[pc];
      if (i.exch) {
        possible[i.loc] |= 1u << i.write;
        writers[i.loc] |= ThreadSet{1} << t;
      }
      if (is_branch(i, pc)) {
        branchers[i.loc] |= ThreadSet{1} << t;
        back_jump |= i.jump <= pc;
      }
    }
  }
  if (!back_jump) return Reject::NoBackwardJump;
  for (unsigned t = 0; t < threads_; ++t) {
    const auto& code = p.threads[t].code;
    for (std::uint32_t pc = 0; pc < code.size(); ++pc) {
      const Instr& i = code[pc];
      if (!is_branch(i, pc)) continue;
      // Both outcomes need the location to hold `check` at some time and
      // something else at another.
      if (!(possible[i.loc] >> i.check & 1u) || std::popcount(possible[i.loc]) < 2) return Reject::ImpossibleBranch;
    }
  }
  // Weak connectivity of "u stores to x, t != u branches on x".
  ThreadSet reached = 1, frontier = 1;
  while (frontier) {
    ThreadSet next = 0;
    for (unsigned x = 0; x < locations_; ++x) {
      const bool w = writers[x] & frontier, b = branchers[x] & frontier;
      if (w) next |= branchers[x];
      if (b) next |= writers[x];
    }
    frontier = next & ~reached;
    reached |= next;
  }
  return reached == p.all_threads() ? Reject::None : Reject::NoStaticInfluence;
}

CandidateResult CandidateChecker::check(const Program& p) {
  CandidateResult r;
  if ((r.reason = static_check(p)) != Reject::None) return r;
  if (++generation_ == 0) {
    std::fill(seen_.begin(), seen_.end(), 0);
    generation_ = 1;
  }
  const unsigned T = threads_;
  order_.clear();
  succ_.clear();
  // Per (thread, pc): bit 0 fell through, bit 1 jumped, bit 2 (stores) it
  // could flip another thread's branch.
  std::fill(outcome_.begin(), outcome_.end(), 0);
  ThreadSet influence[kMaxSynthThreads] = {};
  std::uint32_t pcs[kMaxSynthThreads], mem[kMaxSynthLocations];
  seen_[0] = generation_;
  slot_[0] = 0;
  order_.push_back(0);
  decoded_.resize(1);
  decoded_[0] = Decoded{};
  std::uint32_t actions = 0;
  for (std::size_t head = 0; head < order_.size(); ++head) {
    const std::uint32_t s = order_[head];
    // Decoded alongside the queue: dividing by the mixed radix costs more
    // than everything else here.
    const Decoded d = decoded_[head];  // a copy: decoded_ grows below
    for (unsigned x = 0; x < locations_; ++x) mem[x] = d.mem[x];
    for (unsigned t = 0; t < T; ++t) pcs[t] = d.pc[t];
    for (unsigned t = 0; t < T; ++t) {
      if (pcs[t] == lengths_[t]) {
        succ_.push_back(kNone);
        continue;
      }
      const Instr& i = p.threads[t].code[pcs[t]];
      const std::uint32_t cur = mem[i.loc];
      const bool taken = cur == i.check;
      const std::uint32_t npc = taken ? i.jump : pcs[t] + 1;
      const std::uint32_t nmem = i.exch ? i.write : cur;
      const std::uint32_t target = s + (npc - pcs[t]) * pc_stride_[t] + (nmem - cur) * mem_stride_[i.loc];
      outcome_[t * kMaxSynthLength + pcs[t]] |= taken && is_branch(i, pcs[t]) ? 2 : 1;
      if (seen_[target] != generation_) {
        seen_[target] = generation_;
        slot_[target] = static_cast<std::uint32_t>(order_.size());
        order_.push_back(target);
        Decoded next = d;
        next.pc[t] = static_cast<std::uint8_t>(npc);
        next.mem[i.loc] = static_cast<std::uint8_t>(nmem);
        decoded_.push_back(next);
      }
      succ_.push_back(target);
      ++actions;
      // Can t's comparison be flipped by another thread's store from here?
      if (!is_branch(i, pcs[t])) continue;
      for (unsigned u = 0; u < T; ++u) {
        if (u == t || pcs[u] == lengths_[u]) continue;
        const Instr& w = p.threads[u].code[pcs[u]];
        if (w.exch && w.loc == i.loc && (w.write == i.check) != taken) {
          influence[u] |= ThreadSet{1} << t;
          outcome_[u * kMaxSynthLength + pcs[u]] |= 4;  // this store influenced another thread
        }
      }
    }
  }
  const std::uint32_t n = static_cast<std::uint32_t>(order_.size());
  r.states = n;
  r.actions = actions;
  // All branches possible (and no dead instruction).
  for (unsigned t = 0; t < T; ++t) {
    const auto& code = p.threads[t].code;
    for (std::uint32_t pc = 0; pc < code.size(); ++pc) {
      const std::uint8_t need = is_branch(code[pc], pc) ? 3 : 1;
      if ((outcome_[t * kMaxSynthLength + pc] & need) != need) return r.reason = Reject::DeadBranch, r;
    }
  }
  // Reverse graph over BFS slots.
  rstart_.assign(n + 1, 0);
  for (std::uint32_t k = 0; k < n * T; ++k)
    if (succ_[k] != kNone) ++rstart_[slot_[succ_[k]] + 1];
  for (std::uint32_t k = 0; k < n; ++k) rstart_[k + 1] += rstart_[k];
  rpred_.resize(actions);
  indeg_.assign(rstart_.begin(), rstart_.end() - 1);  // reused as fill pointers
  for (std::uint32_t k = 0; k < n * T; ++k)
    if (succ_[k] != kNone) rpred_[indeg_[slot_[succ_[k]]]++] = k / T;
  // Possible termination: every state reaches an end state.
  good_.assign(n, 0);
  queue_.clear();
  for (std::uint32_t v = 0; v < mem_states_; ++v) {
    const std::uint32_t f = final_base_ + v;
    if (seen_[f] == generation_) {
      good_[slot_[f]] = 1;
      queue_.push_back(slot_[f]);
    }
  }
  for (std::size_t head = 0; head < queue_.size(); ++head)
    for (std::uint32_t k = rstart_[queue_[head]]; k < rstart_[queue_[head] + 1]; ++k)
      if (!good_[rpred_[k]]) {
        good_[rpred_[k]] = 1;
        queue_.push_back(rpred_[k]);
      }
  if (queue_.size() != n) return r.reason = Reject::CannotTerminate, r;
  // A cycle exists iff Kahn's algorithm cannot remove every state.
  for (std::uint32_t k = 0; k < n; ++k) indeg_[k] = rstart_[k + 1] - rstart_[k];
  queue_.clear();
  for (std::uint32_t k = 0; k < n; ++k)
    if (indeg_[k] == 0) queue_.push_back(k);
  for (std::size_t head = 0; head < queue_.size(); ++head)
    for (unsigned t = 0; t < T; ++t) {
      const std::uint32_t target = succ_[queue_[head] * T + t];
      if (target != kNone && --indeg_[slot_[target]] == 0) queue_.push_back(slot_[target]);
    }
  if (queue_.size() == n) return r.reason = Reject::NoCycle, r;
  // Influence connects every thread (weakly).
  ThreadSet reached = 1, frontier = 1;
  while (frontier) {
    ThreadSet next = 0;
    for (unsigned u = 0; u < T; ++u) {
      if (frontier >> u & 1u) next |= influence[u];
      if (influence[u] & frontier) next |= ThreadSet{1} << u;
    }
    frontier = next & ~reached;
    reached |= next;
  }
  if (reached != p.all_threads()) return r.reason = Reject::NoInfluence, r;
  for (unsigned t = 0; t < T; ++t) {
    const auto& code = p.threads[t].code;
    for (std::uint32_t pc = 0; pc < code.size(); ++pc)
      if (code[pc].exch && !(outcome_[t * kMaxSynthLength + pc] & 4)) return r.reason = Reject::StoreWithoutInfluence, r;
  }
  if ((max_states_ && n > max_states_) || (max_actions_ && actions > max_actions_)) r.reason = Reject::OverCap;
  return r;
}

}  // namespace racecert::progress
