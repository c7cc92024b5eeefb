#pragma once
// The inputs of `racecert check`: protocols (.map), CUDA and OpenCL kernels
// (.cu, .cuh, .cl) through the front end, named-barrier programs (.bar).
#include <cstdint>
#include <string>
#include <vector>

#include "protocol/protocol.hpp"
#include "support/diagnostic.hpp"
#include "support/report.hpp"

namespace racecert::cli {

struct InputOptions {
  std::string kernel;                      // only this kernel
  std::vector<std::string> defines;        // -D
  std::vector<std::string> include_dirs;   // -I
  std::string cuda_path;
  bool block_dim_given = false;            // command-line dimensions override file headers
  bool grid_dim_given = false;
  std::vector<std::int64_t> block_dim;     // the command-line values, when given
  std::vector<std::int64_t> grid_dim;
  std::string show;                        // "kernel" and "protocol" are printed while loading
};

struct Inputs {
  std::vector<protocol::Kernel> protocols;      // to check with the protocol pipeline
  // Verdicts reached without it: unknown kernels, and the named-barrier
  // check's verdict on shared memory (merged with the protocol verdict of
  // the same kernel, which then covers global memory only).
  std::vector<KernelReport> decided;
  // Notes of the front end for kernels still to check, by (file, kernel).
  std::vector<std::pair<std::pair<std::string, std::string>, Diagnostic>> notes;
  std::vector<Error> errors;                    // unreadable or malformed files
  std::string shown;                            // --show kernel / protocol output
};

void load_input(const std::string& path, const InputOptions& o, Inputs& in);

}  // namespace racecert::cli
