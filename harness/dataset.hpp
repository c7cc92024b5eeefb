#pragma once
// Finding the kernels a harness run compares the tools on.
#include <string>
#include <vector>

#include "harness/kernel_header.hpp"

namespace racecert::harness {

// One kernel file of a dataset.
struct KernelCase {
  std::string path;     // absolute
  std::string root;     // absolute path of the dataset root
  std::string dataset;  // the name of the dataset root (the PATH given, or --root)
  std::string name;     // path relative to the dataset root: the kernel's identity in the CSV
  KernelHeader header;
};

// File extensions a run picks up: the kernels (.cu, .cl) and racecert's own
// inputs (.map protocols, .bar named-barrier programs), which the other tools
// report as unsupported.
const std::vector<std::string>& default_kernel_extensions();

struct Discovery {
  std::vector<KernelCase> cases;      // sorted by dataset, then name
  std::vector<std::string> skipped;   // "path: why" (no expected-result header, tool-error tests)
};

// Every kernel under each path (a directory, searched recursively, or a
// file). With `root` set, each path must lie under it and the dataset is
// named after the root; otherwise a directory path is its own dataset and a
// file belongs to the dataset of its parent directory. Throws input_error
// for a missing path or a malformed header, usage_error for a path outside
// `root`.
Discovery discover_kernels(const std::vector<std::string>& paths, const std::string& root,
                           const std::vector<std::string>& extensions);

}  // namespace racecert::harness
