#pragma once
// Launch dimensions (blockDim, gridDim, OpenCL local_size and num_groups):
// the one type and the one parser of them, used by `check --block-dim`, the
// front end's GPUVerify header, the harness and the hook's .racecert.
//
// Accepted forms: "64", "[16,16]" and "[8,8,2]": 1 to 3 components, each
// from 1 to 2^31-1. A GPUVerify header (allow_star) may also write a
// component as `*` (unconstrained) and leave out the brackets ("16,16"), as
// GPUVerify's testsuite does; the flags and .racecert may not. Blanks between tokens are
// allowed; unbalanced brackets ("[16,16", "16]"), signs and empty
// components are malformed.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace racecert {

constexpr std::int64_t kMaxLaunchDim = (std::int64_t{1} << 31) - 1;

struct Dim3 {
  std::int64_t x = 1, y = 1, z = 1;
  std::string str() const;  // "[x,y,z]", the form racecert, GPUVerify and Faial accept
  friend bool operator==(const Dim3&, const Dim3&) = default;
};

// A size as written, before missing components default to 1: each
// component a value, or nullopt for `*`.
using LaunchSize = std::vector<std::optional<std::int64_t>>;

// Parses a size; `*` components only when allow_star. nullopt if malformed.
std::optional<LaunchSize> parse_launch_size(const std::string& text, bool allow_star);

bool has_star(const LaunchSize& s);
Dim3 to_dim3(const LaunchSize& s);  // missing components are 1; a `*` reads as 1

// A concrete dimension of a flag or .racecert ("64", "[16,16]"); nullopt if malformed.
std::optional<Dim3> parse_dim3(const std::string& text);

}  // namespace racecert
