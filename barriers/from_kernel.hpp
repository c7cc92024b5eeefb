#pragma once
// From a kernel of the kernel IR (kernel_ir/kernel_ir.hpp) to the program of
// the named-barrier check: the shared-memory accesses and barriers each
// thread of one block executes, in order (docs/named-barriers.md, "Kernels").
//
// The block size must be known: every thread is run concretely, with its
// threadIdx, on the kernel's statements (a warp's lanes together where they
// agree, barriers/warp_run.hpp). Values the block cannot know
// (kernel parameters, blockIdx, memory contents) are unknown; a barrier,
// a shared-memory address or a branch around either that depends on one
// becomes an Opaque command, so the verdict is `unknown` at that position.
// Threads of a warp that run the same commands become one unit "warp w";
// a warp whose threads diverge is split into single-thread units.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "barriers/program.hpp"
#include "kernel_ir/kernel_ir.hpp"
#include "support/launch_dims.hpp"

namespace racecert::barriers {

struct Launch {
  Dim3 block;                // blockDim (support/launch_dims: the one launch-dimension type)
  std::optional<Dim3> grid;  // gridDim when known
  // The most commands extracted over all threads; past it the program ends
  // in an Opaque command (unknown), never in a silent cut.
  std::uint64_t max_thread_commands = 20'000'000;
  // Run each warp's lanes together where they take the same branches (one
  // walk over the kernel per warp); false runs one thread at a time, the
  // reference the differential test compares with (tests/barriers/warp_run_test.cpp).
  bool warps_together = true;
};

// Whether the kernel synchronizes through named barriers (bar.sync or
// bar.arrive with an id other than 0, a thread count, or an arrive), which
// the protocol analysis does not model.
bool uses_named_barriers(const kir::Kernel& k);

// How the warps were run: their lanes together, or one thread at a time
// (lanes that diverge, or a reason to give up).
struct ExtractionStats {
  std::uint32_t warps_together = 0, warps_one_by_one = 0;
};

// Throws racecert::Error (exit 2) when the block is empty or larger than
// kMaxBlockThreads.
Program program_from_kernel(const kir::Kernel& k, const Launch& launch, ExtractionStats* stats = nullptr);

}  // namespace racecert::barriers
