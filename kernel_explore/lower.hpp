#pragma once
// Kernel IR -> explorer program, for one concrete launch (inputs.hpp).
//
// Every thread of the launch becomes an explorer thread (block-major, then
// the thread's linear index), in a CTA per block. Its code is generated from
// the kernel IR with the thread's builtins and the scalar arguments folded
// in as constants, so that barrier ids, counts and uniform loops become
// literals. Kernel variables are registers; expressions become Compute
// instructions; every array cell is a location (global and constant arrays
// once, shared arrays once per block, local arrays once per thread).
// docs/explorer-kernels.md describes the mapping and its limits.
#include <cstdint>
#include <string>
#include <vector>

#include "explorer/program.hpp"
#include "kernel_explore/inputs.hpp"
#include "kernel_ir/kernel_ir.hpp"

namespace racecert::kexplore {

// A location of the program in kernel terms.
struct CellInfo {
  std::string array;
  std::int64_t index = 0;
  int block = -1;   // shared arrays: the block owning the copy
  int thread = -1;  // local arrays: the thread owning the copy
};

// An array's cells and how its size was chosen.
struct ArrayInfo {
  std::string name;
  int first = 0;            // first location
  std::int64_t size = 0;    // cells per copy
  bool size_assumed = false;  // neither declared nor given by --memory: an index past it is no bug
};

struct ThreadInfo {
  Dim3 block, thread;  // blockIdx, threadIdx
};

struct LoweredKernel {
  explorer::Program program;
  std::vector<CellInfo> cells;       // per location
  std::vector<ArrayInfo> arrays;     // per array copy (shared: per block; local: per thread)
  std::vector<ThreadInfo> threads;   // per program thread
  std::vector<std::string> notes;    // the defaults it used, stated in every report
  std::string thread_name(int t) const;  // "block 1 thread 3", or with (x,y,z) coordinates
  const ArrayInfo* array_of_location(int loc) const;
  // The unit of each program thread under the progress models: its block's
  // linear index (blocks are the models' workgroups; docs/explorer-kernels.md
  // "Progress").
  std::vector<int> unit_of_thread() const;
};

// Throws racecert::Error with kExitInconclusive and the construct's
// position for what it cannot model (an unsupported statement, control or
// an index that depends on an untracked value, a grid barrier, ...), and
// with kExitBadInput for inputs naming no parameter or array.
LoweredKernel lower(const kir::Kernel& kernel, const Inputs& inputs);

}  // namespace racecert::kexplore
