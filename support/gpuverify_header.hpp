#pragma once
// GPUVerify-style kernel headers: the one parser of them, used by `racecert
// check` (the front end), `harness run` and the hook. The convention of
// GPUVerify's test suite, which the datasets (and racecert's own .map files)
// follow:
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
// Lenient where GPUVerify is: comma lists, `[x,y]`, `*`, and flags racecert
// does not read (--no-inline, --equality-abstraction, ...) are kept in `args`, listed
// in `ignored` and otherwise ignored. A bad value (`--blockDim=0`,
// `--blockDim=abc`, a bad -D, OpenCL sizes GPUVerify rejects, a bad synth
// line) is one diagnostic with its position, `malformed`, and what every
// user does with it is the same: the file is malformed input (`check` exits
// 2 with it, `harness run` records a malformed-input row and goes on, the
// hook reports the file as malformed). Never checked with dimensions the
// file does not have.
//
// The text is bytes: no byte is interpreted as a character class, so
// invalid UTF-8 is read (and reported) like anything else.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "support/diagnostic.hpp"
#include "support/launch_dims.hpp"

namespace racecert {

enum class Expected { None, Drf, Racy, ToolError };
const char* to_string(Expected e);  // "", "drf", "racy", "tool-error"

struct GpuVerifyHeader {
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
  std::vector<std::string> ignored;   // the words of `args` racecert does not read (GPUVerify's own flags)
  bool opencl_dims = false;           // dimensions were given the OpenCL way
  // --no-benign-tolerance: two writes of the same value race in this file
  // (GPUVerify's default, kept by racecert, calls them benign).
  bool no_benign_tolerance = false;
  // --only-intra-group: only work-items of one group are compared (no
  // races across groups are reported for this file).
  bool only_intra_group = false;
  // --only-divergence, --only-log: the file asks for no race check (GPUVerify
  // then checks only barrier divergence, or only logs the accesses and
  // checks assertions). racecert still checks divergence; a kernel without
  // any is `drf` with the assumption "data races are not checked" stated.
  std::string no_race_check;  // the flag that asked for it, "" when none
  // --vcgen-opt=/checkArrays:A,B: races are checked on these arrays only
  // (the others' accesses stay unchecked, and the report says so). A name
  // the kernel has no array for is malformed input, as GPUVerify rejects it.
  std::optional<std::vector<std::string>> check_arrays;
  int check_arrays_column = 0;  // where the flag is, for that error
  // --warp-sync=N: threads whose linear ids in the block agree on / N run in
  // lock-step (GPUVerify's warp-synchronous mode); 0: not given.
  int warp_sync = 0;
  // --adversarial-abstraction: every value read from memory is arbitrary in
  // each thread, even where all threads read one cell nothing writes
  // (racecert's default reads one value there: docs/frontend.md, "Uniform
  // loads").
  bool adversarial_abstraction = false;
  // --kernel-args=NAME,V1,V2,...: kernel NAME's scalar arguments, in order
  // (pointer arguments take no value), have these values.
  struct KernelArgs {
    std::string kernel;
    std::vector<std::int64_t> values;
  };
  std::optional<KernelArgs> kernel_args;
  // --global_offset=X[,Y[,Z]] (or [X,Y,Z]): OpenCL's global work offset,
  // what get_global_offset returns and get_global_id adds.
  std::vector<std::int64_t> global_offset;
  // Synthetic-family metadata (line 3), empty for ordinary kernels.
  std::string family;
  int size = 0;
  bool racy_variant = false;
  // The first bad value, "file:2:13: error: invalid dimension ... '--blockDim=0'".
  // The line it is on then counts for nothing (no dimensions, no defines,
  // no synth metadata); line 1 still says what was expected.
  std::optional<Error> malformed;
};

// Parses the header of a kernel's text. Never throws: a bad value is
// `malformed`.
GpuVerifyHeader parse_gpuverify_header(const std::string& text, const std::string& filename);

// The header of a kernel file, read from at most its first lines (a file may
// be huge). Throws input_error only when the file cannot be read.
GpuVerifyHeader read_gpuverify_header(const std::string& path);

}  // namespace racecert
