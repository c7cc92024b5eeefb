#pragma once
// The inputs of `racecert check`: protocols (.map), CUDA and OpenCL kernels
// (.cu, .cuh, .cl) through the front end, named-barrier programs (.bar).
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
  std::string show;                        // "kernel" and "protocol" are printed while loading
};

struct Inputs {
  std::vector<protocol::Kernel> protocols;      // to check with the protocol pipeline
  std::vector<KernelReport> decided;            // verdicts reached without it (unknown, named barriers)
  // Notes of the front end for kernels still to check, by (file, kernel).
  std::vector<std::pair<std::pair<std::string, std::string>, Diagnostic>> notes;
  std::vector<Error> errors;                    // unreadable or malformed files
  std::string shown;                            // --show kernel / protocol output
};

void load_input(const std::string& path, const InputOptions& o, Inputs& in);

}  // namespace racecert::cli
