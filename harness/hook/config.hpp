#pragma once
// The `.racecert` file at the repository root: dimensions for kernels whose
// header does not give them, and the hook's behaviour.
//
//   # comments start with '#'
//   block-dim = [16,16]          # N or [X,Y,Z]
//   grid-dim = 4
//   define = TILE=16             # repeatable: -DTILE=16
//   timeout = 120                # seconds per file
//   block-on-inconclusive = false
//   accept-bounded = false       # true: the explorer's `bounded` passes (check --accept-bounded)
//   extensions = .cu .cuh .cl
//   checker = tools/racecert     # the racecert to run (relative to the root, or on PATH)
//   cache = true
//
//   [kernels/reduce/*.cu]        # later sections override earlier ones for matching paths
//   block-dim = 512
//
// Section patterns are fnmatch(3) globs on the path from the root, where '*'
// also crosses '/'.
#include <optional>
#include <string>
#include <vector>

#include "support/gpuverify_header.hpp"

namespace racecert::harness::hook {

struct KernelSettings {
  std::optional<Dim3> block, grid;
  std::vector<std::string> defines;
};

struct HookConfig {
  KernelSettings defaults;
  struct Section {
    std::string pattern;
    KernelSettings settings;
  };
  std::vector<Section> sections;
  double timeout_s = 120;
  bool block_on_inconclusive = false;
  bool accept_bounded = false;
  bool cache = true;
  std::vector<std::string> extensions = {".cu", ".cuh", ".cl"};
  std::string checker;  // empty: the racecert running the hook

  // The defaults, overridden key by key by every matching section in order.
  KernelSettings settings_for(const std::string& path) const;
};

// Throws input_error ("FILE:LINE:COL: ...") on a malformed line, an unknown
// key or a bad value.
HookConfig parse_hook_config(const std::string& text, const std::string& filename);

// The grammar's output (config_grammar.cpp): one entry per line that is not
// blank or a comment.
struct ConfigLine {
  int line = 0;
  bool section = false;
  std::string key;    // or the section pattern
  std::string value;  // trimmed, comment removed
  int value_column = 0;
};
std::vector<ConfigLine> parse_config_lines(const std::string& text, const std::string& filename);

}  // namespace racecert::harness::hook
