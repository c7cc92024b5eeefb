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
// Line 1 is read regardless of case (`//PASS`), as GPUVerify's test runner
// does. Line 2 counts as arguments only when its first word starts with '-',
// so an ordinary comment there (as in datasets/protocols/paper/*.map) is
// ignored. Sizes are read as GPUVerify reads them: `64`, `[16,16]` or
// `16,16`, and `*` for a component GPUVerify leaves unconstrained.
//
// The text is bytes: no byte is interpreted as a character class, so
// invalid UTF-8 is read (and reported) like anything else.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "support/launch_dims.hpp"

namespace racecert::harness {

using racecert::Dim3;  // support/launch_dims.hpp

enum class Expected { None, Drf, Racy, ToolError };
const char* to_string(Expected e);  // "", "drf", "racy", "tool-error"

struct KernelHeader {
  Expected expected = Expected::None;
  std::string expected_text;          // line 1 without "//" ("pass", "xfail:NOT_ALL_VERIFIED")
  std::optional<Dim3> block, grid;    // OpenCL local_size / num_groups land here too
  // The header sets the dimension but leaves a component unconstrained
  // (`*`): block/grid stay empty and tools get no value (the dimension is
  // symbolic, which over-approximates the launches GPUVerify considers), and
  // the hook's .racecert defaults do not fill it in either.
  bool block_unconstrained = false, grid_unconstrained = false;
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

using racecert::parse_dim3;

// The header of a kernel file, read from at most its first lines (a file may
// be huge). Throws input_error when it cannot be read, or as
// parse_kernel_header does.
KernelHeader read_kernel_header(const std::string& path);

}  // namespace racecert::harness
