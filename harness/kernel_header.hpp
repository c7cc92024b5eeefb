#pragma once
// GPUVerify-style kernel headers, the convention of GPUVerify's test suite
// that the datasets (and racecert's own .map files) follow:
//
//   line 1   //pass                      expected: data-race free
//            //xfail:NOT_ALL_VERIFIED    expected: a race or a barrier divergence
//            //xfail:<OTHER>             expected: a tool error (GPUVerify's own tests)
//   line 2   //--blockDim=64 --gridDim=[4,4] -DN=16 ...       (CUDA)
//            //--local_size=64 --num_groups=4 -DN=16 ...      (OpenCL; or --global_size=)
//   line 3   //synth: family=access size=12 racy=0          (written by `harness synth`)
//
// Line 2 counts as arguments only when its first word starts with '-', so an
// ordinary comment there (as in datasets/protocols/paper/*.map) is ignored.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace racecert::harness {

struct Dim3 {
  std::int64_t x = 1, y = 1, z = 1;
  std::string str() const;  // "[x,y,z]", the form racecert, GPUVerify and Faial accept
  friend bool operator==(const Dim3&, const Dim3&) = default;
};

enum class Expected { None, Drf, Racy, ToolError };
const char* to_string(Expected e);  // "", "drf", "racy", "tool-error"

struct KernelHeader {
  Expected expected = Expected::None;
  std::string expected_text;          // line 1 without "//" ("pass", "xfail:NOT_ALL_VERIFIED")
  std::optional<Dim3> block, grid;    // OpenCL local_size / num_groups land here too
  std::vector<std::string> defines;   // "NAME=V" or "NAME", from -DNAME=V
  std::vector<std::string> args;      // every word of line 2, verbatim (GPUVerify gets them all)
  bool opencl_dims = false;           // dimensions were given the OpenCL way
  // Synthetic-family metadata (line 3), empty for ordinary kernels.
  std::string family;
  int size = 0;
  bool racy_variant = false;
};

// Parses the header of a kernel's text. Throws racecert::Error (input_error,
// "file:line:col: ...") when line 2 or 3 is malformed: a wrong dimension
// would make every tool's verdict meaningless.
KernelHeader parse_kernel_header(const std::string& text, const std::string& filename);

// Parses one dimension value: "64", "[16,16]" or "[8,8,2]" (1..3 positive
// integers, each < 2^31). Returns nullopt when malformed.
std::optional<Dim3> parse_dim3(const std::string& value);

}  // namespace racecert::harness
