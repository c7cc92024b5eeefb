#pragma once
// The CUDA/OpenCL front end: parses a file with Clang (as a library,
// in-process), finds its kernels and lowers each into the kernel IR
// (kernel_ir/); inference/ then infers one protocol per array.
#include <optional>
#include <string>
#include <vector>

#include "kernel_ir/kernel_ir.hpp"
#include "support/diagnostic.hpp"
#include "support/gpuverify_header.hpp"
#include "support/launch_dims.hpp"
#include "support/report.hpp"

namespace racecert::frontend {

struct Options {
  std::vector<std::string> defines;       // NAME or NAME=VALUE
  std::vector<std::string> include_dirs;
  std::string cuda_path;                  // a real CUDA installation, instead of racecert's header
  // The command line's launch (the file's header gives the rest): integer
  // ranges of the builtins (kernel_ir/integer_ranges.hpp).
  std::optional<Dim3> block, grid;
};

struct LoweredKernel {
  kir::Kernel kernel;
  // Clang errors inside the kernel or a function it calls, or in an invalid
  // declaration it may have used: the kernel cannot be analysed (status
  // unknown). `malformed` when one is a syntax error.
  std::vector<Diagnostic> errors;
  bool malformed = false;
  // What the kernel IR's integer widths assume, in words (docs/frontend.md
  // "Integer widths"), for the report.
  std::vector<std::string> assumptions;
};

// A launch in the file's host code whose dimensions are constants
// (`k<<<NBLOCKS, 256>>>`, `dim3 grid(64, 1); k<<<grid, block>>>`, constexpr
// and const integers, their arithmetic): the pipeline checks the kernel for
// these launches when neither the command line nor the header gives one
// (docs/pipeline.md "Launch sources"). A launch with any other dimension is
// not collected: the kernel stays checked for every launch.
struct HostLaunch {
  std::string kernel;  // as LoweredKernel names it (template arguments included); "" when unresolved
  SourceLoc loc;       // the launch expression
  Dim3 grid, block;
  // False for a launch whose sizes are not constants, or whose kernel the
  // front end cannot name (a launch in an uninstantiated template): such a
  // launch keeps its kernel (every kernel, when unnamed) checked for every
  // launch, since checking only the constant shapes would miss its races.
  bool constant = true;
  std::string str() const;  // "<<<64, 256>>>", "<<<[4,4,1], [16,16,1]>>>"
};

struct ParsedFile {
  std::string path;
  GpuVerifyHeader header;             // GPUVerify flags of the file's first lines
  std::vector<HostLaunch> host_launches;  // in source order, repeated shapes kept
  std::vector<LoweredKernel> kernels;
  std::vector<Diagnostic> notes;      // skipped headers, errors outside kernels
};

// .cu (CUDA) or .cl (OpenCL C). Throws racecert::Error (exit 2) when the file
// cannot be read, its GPUVerify header has a bad value, or it has errors and
// no kernel.
ParsedFile parse_kernels(const std::string& path, const Options& o);

bool is_kernel_file(const std::string& path);  // .cu, .cuh or .cl

}  // namespace racecert::frontend
