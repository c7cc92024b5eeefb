#pragma once
// The driver of `racecert check`, the one owner of its pipeline:
//
//   parse (.cu/.cl with Clang, .map, .bar) -> kernel IR -> route each array
//   -> protocol analysis (smt::check) / named-barrier check -> reports
//
// Routing: a kernel with named barriers and a known block size has its
// shared arrays checked by the named-barrier analysis (one concrete block,
// docs/named-barriers.md) and its global arrays by the protocol analysis;
// every other kernel has all its arrays checked by the protocol analysis.
// `show` stops the pipeline right after that stage and returns its text:
// no later stage runs (`kernel`: nothing after lowering).
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "pipeline/explore.hpp"
#include "pipeline/launch.hpp"
#include "pipeline/stage.hpp"
#include "smt/checker.hpp"
#include "support/diagnostic.hpp"
#include "support/report.hpp"

namespace racecert::pipeline {

struct Options {
  std::string kernel;                      // only this kernel
  std::vector<std::string> defines;        // -D
  std::vector<std::string> include_dirs;   // -I
  std::string cuda_path;
  Launch launch;                           // --block-dim / --grid-dim: win over file headers
  bool all_dims = false;                   // --all-dims: no launch size is 1 because the kernel never reads it
  smt::CheckOptions check;                 // its assumptions get the command-line dimensions
  std::optional<Stage> show;               // print this stage instead of checking
  // The explorer where protocols cannot decide (pipeline/fallback.hpp);
  // its launch is `launch` above.
  bool explore_fallback = true;
  ExploreSettings explore;
  // What the run is doing, for a status line on a terminal ("[3/40] k.cu:
  // kernel 'k' (queries 37/120)"); none: nothing is said.
  std::function<void(const std::string&)> progress;
  // The process exits after this run: its kernels' IR and protocols are
  // left allocated, not freed one node at a time (support/memory_reuse.hpp).
  bool leave_allocated = false;
};

// Where the wall time of a run went, in seconds: the front end (parsing,
// lowering, inference, routing and the named-barrier check, file by file),
// the protocol analysis (the kernels one after another: the sum of their
// reports' seconds) and the explorer's fallback.
struct Timing {
  double front_end = 0, analysis = 0, explorer = 0;
};

struct Result {
  std::vector<KernelReport> kernels;  // one per kernel (empty with `show`)
  std::vector<Error> errors;          // unreadable or malformed files: exit code 2 (a --kernel no file has: 3)
  std::vector<std::string> without_kernels;  // kernel files with no kernel (a helper header): not an error
  std::string shown;                  // the text of the `show` stage
  // Barrier programs extracted (the costly step of the named-barrier check:
  // seconds for a long loop), so that tests can tell that a stage did not
  // run it.
  int barrier_extractions = 0;
  Timing timing;
};

Result run_check(const std::vector<std::string>& files, const Options& o);

}  // namespace racecert::pipeline
