#include "bench/barriers/pipeline.hpp"

#include <stdexcept>
#include <string>
#include <vector>

namespace racecert::bench {

using barriers::Command;
using barriers::IndexForm;
using barriers::Op;
using barriers::Program;

namespace {

struct Layout {
  std::vector<std::uint32_t> warps, first, threads;  // per stage
  std::uint32_t block = 0;
};

Layout layout(const PipelineSpec& s) {
  if (s.stages < 2 || s.warps < s.stages || s.buffers == 0 || s.lanes == 0 || s.elements == 0)
    throw std::invalid_argument("pipeline: need stages >= 2, warps >= stages, buffers, lanes, elements >= 1");
  if (2 * s.buffers * (s.stages - 1) > barriers::kNumBarriers)
    throw std::invalid_argument("pipeline: 2 * buffers * (stages - 1) named barriers exceed 16");
  Layout l;
  for (std::uint32_t i = 0; i < s.stages; ++i) {
    std::uint32_t w = s.warps / s.stages + (i < s.warps % s.stages ? 1 : 0);
    l.warps.push_back(w);
    l.first.push_back(l.block);
    l.threads.push_back(w * s.lanes);
    l.block += w * s.lanes;
  }
  if (l.block > barriers::kMaxBlockThreads) throw std::invalid_argument("pipeline: more than 1024 threads");
  for (std::uint32_t i = 0; i + 1 < s.stages; ++i)
    if (l.threads[i] * s.elements < l.threads[i + 1])
      throw std::invalid_argument("pipeline: a slot must hold at least one element per consuming thread");
  return l;
}

// Reads per consuming thread: a strided share of the slot.
std::uint32_t reads(const PipelineSpec& s, const Layout& l, std::uint32_t link) {
  return l.threads[link] * s.elements / l.threads[link + 1];
}

}  // namespace

std::uint64_t thread_commands_per_item(const PipelineSpec& s) {
  Layout l = layout(s);
  std::uint64_t n = 0;
  for (std::uint32_t i = 0; i < s.stages; ++i) {
    std::uint64_t per = 0;
    if (i > 0) per += 2 + reads(s, l, i - 1);
    if (i + 1 < s.stages) per += 2 + s.elements;
    n += per * l.threads[i];
  }
  return n;
}

Program make_pipeline(const PipelineSpec& s) {
  Layout l = layout(s);
  Program p;
  p.name = "pipeline_k" + std::to_string(s.stages) + "_m" + std::to_string(s.warps) + "_i" + std::to_string(s.items);
  p.block_threads = l.block;
  p.lockstep = s.lockstep;
  p.files = {"<pipeline>"};
  std::vector<std::uint32_t> var;
  for (std::uint32_t k = 0; k + 1 < s.stages; ++k) var.push_back(p.var("link" + std::to_string(k)));
  auto full = [&](std::uint32_t link, std::uint32_t slot) { return 2 * (link * s.buffers + slot); };
  auto empty = [&](std::uint32_t link, std::uint32_t slot) { return full(link, slot) + 1; };
  auto count = [&](std::uint32_t link) { return l.threads[link] + l.threads[link + 1]; };
  // Index forms, interned here (Program::index is linear): [link][slot][element]
  std::vector<std::vector<std::vector<std::uint32_t>>> wform(s.stages), rform(s.stages);
  for (std::uint32_t k = 0; k + 1 < s.stages; ++k) {
    std::int64_t slot_size = std::int64_t{l.threads[k]} * s.elements;
    wform[k].resize(s.buffers);
    rform[k].resize(s.buffers);
    for (std::uint32_t b = 0; b < s.buffers; ++b) {
      for (std::uint32_t e = 0; e < s.elements; ++e) {  // producer thread q writes q*E + e
        p.indices.push_back(barriers::affine(b * slot_size + e - std::int64_t{l.first[k]} * s.elements, s.elements));
        wform[k][b].push_back(static_cast<std::uint32_t>(p.indices.size() - 1));
      }
      std::uint32_t r = reads(s, l, k);
      for (std::uint32_t e = 0; e < r; ++e) {  // consumer thread q reads e*T + q < slot size
        std::int64_t off = std::int64_t{e} * l.threads[k + 1];
        p.indices.push_back(barriers::affine(b * slot_size + off - l.first[k + 1], 1));
        rform[k][b].push_back(static_cast<std::uint32_t>(p.indices.size() - 1));
      }
    }
  }
  std::uint32_t line = 0;
  auto at = [&] { return barriers::Pos{++line, 1}; };
  for (std::uint32_t st = 0; st < s.stages; ++st) {
    for (std::uint32_t w = 0; w < l.warps[st]; ++w) {
      std::uint32_t first = l.first[st] + w * s.lanes;
      std::string name = s.lanes == barriers::kWarpSize && first % barriers::kWarpSize == 0
                             ? "warp " + std::to_string(first / barriers::kWarpSize)
                             : (s.lanes == 1 ? "thread " + std::to_string(first)
                                             : "threads " + std::to_string(first) + ".." +
                                                   std::to_string(first + s.lanes - 1));
      auto& cmds = p.add_unit(name, first, s.lanes).cmds;
      cmds.reserve(std::size_t{s.items} * (thread_commands_per_item(s) / l.block + 8));
      for (std::uint32_t it = 0; it < s.items; ++it) {
        std::uint32_t slot = it % s.buffers;
        bool reused = it + s.buffers < s.items;  // the producer waits for this slot again
        if (st > 0) {
          std::uint32_t k = st - 1;
          cmds.push_back(Program::sync(full(k, slot), count(k), at()));
          const auto& rf = rform[k][slot];
          for (std::size_t e = 0; e < rf.size(); ++e) {
            if (s.bug && st == 1 && reused && e + 1 == rf.size())
              cmds.push_back(Program::arrive(empty(k, slot), count(k), at()));
            cmds.push_back(Command{Op::Read, 0, var[k], rf[e], at()});
          }
          if (reused && !(s.bug && st == 1)) cmds.push_back(Program::arrive(empty(k, slot), count(k), at()));
        }
        if (st + 1 < s.stages) {
          if (it >= s.buffers) cmds.push_back(Program::sync(empty(st, slot), count(st), at()));
          for (std::uint32_t f : wform[st][slot]) cmds.push_back(Command{Op::Write, 0, var[st], f, at()});
          cmds.push_back(Program::arrive(full(st, slot), count(st), at()));
        }
      }
    }
  }
  return p;
}

}  // namespace racecert::bench
