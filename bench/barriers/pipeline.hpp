#pragma once
// Generator of warp-specialized producer/consumer pipelines (the benchmark of
// issue 6, also used by tests): `stages` groups of warps in a chain, each
// stage consuming the previous stage's output from a shared buffer of
// `buffers` slots and producing into the next one. Every slot of every link
// has a "full" and an "empty" named barrier (CudaDMA style): the producer
// syncs on empty (from the second round on), writes, arrives on full; the
// consumer syncs on full, reads, arrives on empty (when the slot is reused).
// Each slot's barriers get items/buffers generations.
#include <cstdint>

#include "barriers/program.hpp"

namespace racecert::bench {

struct PipelineSpec {
  std::uint32_t stages = 3;    // k
  std::uint32_t warps = 8;     // m, spread over the stages (earlier stages get the extra ones)
  std::uint32_t buffers = 2;   // slots per link; 2 * buffers * (stages - 1) <= 16 barriers
  std::uint32_t items = 64;    // items through the pipeline (the generations)
  std::uint32_t elements = 8;  // elements each producing thread writes per item
  std::uint32_t lanes = 32;    // threads per warp unit (1: the paper's thread programs)
  bool lockstep = false;
  // The RTM write-after-read bug (Listing 3): the first consumer stage
  // arrives on "empty" before its last read of the slot.
  bool bug = false;
};

// Throws std::invalid_argument when the spec does not fit (barrier ids, block size).
barriers::Program make_pipeline(const PipelineSpec& s);

// Thread-level commands one item adds in steady state (to size a run).
std::uint64_t thread_commands_per_item(const PipelineSpec& s);

}  // namespace racecert::bench
