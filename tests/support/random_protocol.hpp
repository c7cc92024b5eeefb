#pragma once
// Random well-formed protocols with small ranges, for the differential tests
// of the pipeline against the reference interpreter (Theorem 1). Barriers
// only appear under uniform control, loops have exact domains, and every
// access gets a distinct explicit position so that pairs can be compared.
#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "protocol/interpreter.hpp"
#include "protocol/protocol.hpp"

namespace racecert::testkit {

struct RandomProtocolOptions {
  int max_depth = 3;
  int max_block = 4;           // statements per block
  bool global_arrays = true;   // sometimes declare the array global
  bool thread_unknowns = true; // a per-thread unknown `v` in {0, 1}
  bool two_dims = true;        // sometimes a 2-dimensional array
  bool benign_values = true;   // writes with known values
  bool byte_views = true;      // sometimes a 4-byte element size and accesses through byte views
  bool barrier_fences = true;  // sometimes a barrier that orders one memory space or none (OpenCL flags)
  bool block_atomics = true;   // half the atomics block-scoped (heterogeneous races across blocks)
  // A kernel-wide ticket `t` (protocol::TicketCounter) of a shared or a
  // global counter, used in indices. Off by default: the other tests' seeds
  // keep their protocols.
  bool tickets = false;
  // Some terms under the front end's 32-bit-style wraps (expr::wrap), at 8
  // bits so that small values wrap around: `a - b` below 0, `a * 128`,
  // signed `a * 64`. Off by default, as tickets.
  bool wraps = false;
  // Grid barriers (`sync grid;`) and warp barriers of groups of 2 threads
  // (`sync warp 2;`) beside block barriers. Off by default, as tickets.
  bool sync_scopes = false;
  // Index terms that once made the solver time out (issue 13 item 10): xor
  // of two variables, shifts by a variable, division and remainder by a
  // symbolic divisor, products of variables and sums of products sharing a
  // factor. Off by default, like tickets.
  bool hard_arithmetic = false;
};

// The bounds both sides of the differential test agree on.
struct SmallBounds {
  int max_block_dim = 3;  // blockDim.x in 1..3
  int max_grid_dim = 2;   // gridDim.x in 1..2
  int max_param = 2;      // N, M in 0..2
};

protocol::Kernel random_protocol(std::mt19937& rng, const RandomProtocolOptions& o = {});

// The reference side: calls `each` with every small configuration of k,
// blockDim.x in 1..max_threads, gridDim.x in 1..b.max_grid_dim, N and M in
// 0..b.max_param, and every assignment of the per-thread unknown `v` in
// {0, 1} when k declares it. Returns true as soon as `each` does.
bool any_small_config(const protocol::Kernel& k, const SmallBounds& b, std::int64_t max_threads,
                      const std::function<bool(const protocol::ConcreteConfig&)>& each);

// Assumptions restricting the symbolic pipeline to the small bounds. A
// ticket ranges over 0 .. (threads sharing its counter) - 1: exactly the
// values of the reference's assignments (one permutation per block for a
// shared counter, one for the grid for a global one).
std::vector<protocol::Expr> bound_assumptions(const protocol::Kernel& k, const SmallBounds& b);

}  // namespace racecert::testkit
