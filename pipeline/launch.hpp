#pragma once
// Launch dimensions in the pipeline: which ones a file is checked with (the
// command line's, else its GPUVerify header's, else none: symbolic), and the
// one place they become preconditions (blockDim.x == X, ...).
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "frontend/frontend.hpp"
#include "protocol/protocol.hpp"
#include "support/gpuverify_header.hpp"
#include "support/launch_dims.hpp"

namespace racecert::pipeline {

struct Launch {
  std::optional<Dim3> block, grid;  // nullopt: any (symbolic)
};

// The command line's dimensions win, each on its own, over the header's.
Launch launch_of(const Launch& command_line, const GpuVerifyHeader& header);

// The block size of the named-barrier check, which runs one block
// concretely: the launch's (command line, then header), else the kernel's
// __launch_bounds__(N, ...) as N threads along x. The last is an assumption
// (a smaller launch is possible; the report says which size was used).
// Precedence: --block-dim > header > __launch_bounds__.
struct SimulatedBlock {
  Dim3 dims;
  bool from_launch_bounds = false;
};
std::optional<SimulatedBlock> simulated_block(const Launch& l, std::optional<std::uint32_t> launch_bounds);

// blockDim.x * blockDim.y * blockDim.z <= n: what __launch_bounds__(n)
// guarantees of every launch (a larger one fails), a precondition of the
// protocol analysis when the block size is otherwise symbolic.
std::vector<protocol::Expr> launch_bounds_preconditions(std::uint32_t n);
// The launches of the file's host code that kernel `name` is checked for:
// each distinct constant shape of `all` (frontend::HostLaunch), the first
// launch of each, in source order; none when the command line or the header
// gives any launch dimension, or when one launch of the kernel (or an
// unresolved one) is not constant (precedence: command line > header > host code
// > none, that is symbolic; docs/pipeline.md "Launch sources").
std::vector<frontend::HostLaunch> host_launches_for(const std::string& name, const Launch& command_line,
                                                    const GpuVerifyHeader& header,
                                                    const std::vector<frontend::HostLaunch>& all);

// A host-code launch a kernel is checked for, for its report: where it is
// and its shape ("k.cu:88 (<<<64, 256>>>)"), and whether the kernel has
// other shapes (then each race names its launch). Empty: no host launch.
struct HostLaunchUsed {
  std::string where;
  bool several = false;
};

// builtin.x == d.x, builtin.y == d.y, builtin.z == d.z ("blockDim" or "gridDim").
std::vector<protocol::Expr> dimension_preconditions(const char* builtin, const Dim3& d);
// Those of every known dimension of the launch.
std::vector<protocol::Expr> launch_preconditions(const Launch& l);

// Dimensions the kernel never reads (Faial's convention, docs/pipeline.md
// "Launch dimensions the kernel never reads"): for d = y and z, when none of
// threadIdx.d, blockIdx.d, blockDim.d, gridDim.d appears in the kernel, it
// is checked as launched with blockDim.d = 1 and gridDim.d = 1 (so its
// coordinates are 0), each only where the launch leaves that size symbolic.
// This is an assumption about the launch, not a fact: with more threads
// along such a dimension, threads that differ only there do the very same
// accesses, so every write would race with its twin. The verdict states it
// (KernelReport::assumed_one) and `--all-dims` lifts it. x is never
// assumed: a kernel that reads no coordinate at all still runs many threads.
struct UnreadDimensions {
  std::vector<std::string> assumed_one;        // "blockDim.y", "blockDim.z", "gridDim.y", "gridDim.z": in this order
  std::vector<protocol::Expr> preconditions;   // blockDim.y == 1, ...
};
// `read`: the variables the kernel mentions (dimensions_read of its kernel
// IR and of its protocol; names other than the y and z builtins change
// nothing). A size that is fixed, or that the file's header leaves
// explicitly unconstrained (`*`), is `keep_block`/`keep_grid`.
UnreadDimensions unread_dimensions(const std::set<std::string>& read, bool keep_block, bool keep_grid);

// The builtins of the y and z dimensions (threadIdx.y, ..., gridDim.z) a
// kernel mentions: its preconditions and its body. Only those: a set of
// every name a large kernel reads, built twice, was 3 % of its check
// (issue 18).
std::set<std::string> dimensions_read(const protocol::Kernel& k);
std::set<std::string> dimensions_read(const kir::Kernel& k);

}  // namespace racecert::pipeline
