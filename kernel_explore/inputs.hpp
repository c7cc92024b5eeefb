#pragma once
// What a kernel is explored with: one concrete launch, the values of its
// scalar parameters and the initial contents of its arrays. The explorer
// checks this one instance, never every launch: a result without a finding
// is `bounded`, not DRF (docs/explorer-kernels.md).
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "support/launch_dims.hpp"

namespace racecert::kexplore {

struct Inputs {
  Dim3 block_dim{2, 1, 1}, grid_dim{2, 1, 1};  // the stated default launch
  bool launch_given = false;                   // from the header or the command line
  std::map<std::string, std::int64_t> scalar_args;              // --kernel-args
  std::map<std::string, std::vector<std::int64_t>> memory;      // --memory
};

// `--kernel-args n=4,m=-2`: NAME=INT pairs separated by commas (blanks
// allowed). Throws racecert::Error (malformed input, exit 2) with the
// column of the problem; `origin` names the source in the message.
std::map<std::string, std::int64_t> parse_kernel_args(const std::string& text, const std::string& origin);

// The `--memory` file: a JSON object mapping array names to arrays of
// integers, e.g. {"A": [1, 2, 3], "flag": [0]}. Only that subset of JSON;
// anything else is malformed input with its line and column.
std::map<std::string, std::vector<std::int64_t>> parse_memory(const std::string& text, const std::string& origin);

}  // namespace racecert::kexplore
