#pragma once
// Finding the kernels a harness run compares the tools on.
#include <string>
#include <vector>

#include "support/gpuverify_header.hpp"

namespace racecert::harness {

// One kernel file of a dataset.
struct KernelCase {
  std::string path;     // absolute
  std::string root;     // absolute path of the dataset root
  std::string dataset;  // the name of the dataset root (the PATH given, or --root)
  std::string name;     // path relative to the dataset root: the kernel's identity in the CSV
  GpuVerifyHeader header;
  // Why the header could not be read ("file:2:3: error: ..."), empty when it
  // could: such a kernel is a `malformed-input` row and no tool runs on it.
  std::string malformed;
};

// File extensions a run picks up: the kernels (.cu, .cl) and racecert's own
// inputs (.map protocols, .bar named-barrier programs), which the other tools
// report as unsupported.
const std::vector<std::string>& default_kernel_extensions();

struct Discovery {
  // Every file found, sorted by dataset, then name; those whose header is
  // malformed, or whose expectation is not a verdict (no header, a
  // GPUVerify tool-error test), included: each becomes a row.
  std::vector<KernelCase> cases;
};

// Every kernel under each path (a directory, searched recursively, or a
// file). With `root` set, each path must lie under it and the dataset is
// named after the root; otherwise a directory path is its own dataset and a
// file belongs to the dataset of its parent directory. Only the first lines
// of each file are read. Throws input_error for a missing path and
// usage_error for a path outside `root`; a file's own problems never throw.
Discovery discover_kernels(const std::vector<std::string>& paths, const std::string& root,
                           const std::vector<std::string>& extensions);

}  // namespace racecert::harness
