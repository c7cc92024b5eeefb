#pragma once
// GPUVerify's file conventions, which a large public corpus of kernels uses:
// line 1 says the expected result (`//pass`, `//xfail:NOT_ALL_VERIFIED`, ...),
// line 2 the launch: `//--blockDim=64 --gridDim=[4,2] -DN=128` for CUDA,
// `//--local_size=64 --num_groups=4` or `--global_size=...` for OpenCL.
// Unknown flags are ignored. Parsed with Boost.Spirit X3.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace racecert::frontend {

using Dims = std::vector<std::int64_t>;  // 1 to 3 components

struct HeaderFlags {
  std::string expected;                 // first line without "//", e.g. "pass"
  std::optional<Dims> block_dim;        // blockDim, or local_size
  std::optional<Dims> grid_dim;         // gridDim, or num_groups (or global_size / local_size)
  std::vector<std::string> defines;     // NAME or NAME=VALUE
};

// Reads the first two lines of `text`. Never fails: malformed or unknown
// flags are ignored (they are comments for every other tool).
HeaderFlags parse_header(const std::string& text);

// "64" or "[16,16]" -> {64} or {16,16}; nullopt if malformed or not positive.
std::optional<Dims> parse_dims(const std::string& text);

}  // namespace racecert::frontend
