#pragma once
// The header lines of a dataset kernel that the dataset tests read: the
// explorer's inputs on line 3 (`//explore: STATUS [options]`) and the
// expected progress verdicts (`//progress: ...` lines,
// kernel_explore/progress_header.hpp).
#include <filesystem>
#include <string>
#include <vector>

#include "kernel_explore/progress_header.hpp"

namespace racecert::testkit {

struct DatasetHeader {
  std::vector<std::string> lines;                         // the leading `//` lines
  std::vector<std::string> explore_inputs;                // --kernel-args, --memory (a path), --loop-bound
  std::vector<kexplore::ProgressExpectation> progress;    // one per //progress: line
  // `racecert check` reports a deadlock: some //progress: line without an
  // occupancy bound says obe=hangs (the default model of check).
  bool check_deadlock() const;
};

DatasetHeader read_dataset_header(const std::filesystem::path& file);

}  // namespace racecert::testkit
