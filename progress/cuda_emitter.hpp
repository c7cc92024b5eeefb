#pragma once
// CUDA code generation for running a progress litmus test on a GPU, as in
// the paper's campaign (§6.1, §6.2, Fig. 11):
//   - one thread per workgroup (thread block);
//   - each test thread runs `while (pc != len) switch (pc)`, one case per
//     instruction and one atomic per instruction (atomicExch; atomicAdd of 0
//     for a plain load, as the paper does to reach the point of coherence);
//   - plain: N blocks, thread i on block i; round-robin and chunked: M =
//     floor(65535 / N) instances on N*M blocks (at most 65,532), instance m
//     thread i on block N*m + i (round-robin) or M*i + m (chunked), each
//     instance on its own memory;
//   - the host polls the kernel and reports non-termination after a timeout
//     (20 s by default, the paper's CUDA limit), repeating for a number of
//     iterations (20 in the paper).
// Exit codes of the generated program: 0 every iteration terminated,
// 1 timeout (non-termination observed), 2 CUDA error.
#include <optional>
#include <string>

#include "progress/program.hpp"

namespace racecert::progress {

enum class Mapping { Plain, RoundRobin, Chunked };
std::optional<Mapping> mapping_from_name(const std::string& s);
const char* mapping_name(Mapping m);

std::string emit_cuda(const Program& p, Mapping m, const std::string& source_name);

}  // namespace racecert::progress
