#pragma once
// The expected termination verdicts of a dataset kernel, one header line
// per occupancy (datasets/README.md, docs/explorer-kernels.md "Progress"):
//
//   //progress: fair=terminates obe=hangs lobe=terminates [--max-resident-blocks N] [(reason)]
//
// Each entry names a model (`unfair`, `fair`, `obe`, `hsa`, `hsa-obe`,
// `lobe`; weak fairness, or `obe/strong`) and what `racecert progress check`
// must say of the kernel under it. `--max-resident-blocks N` is the
// occupancy the verdicts hold for (none: unbounded). A reason in
// parentheses ends the line: existing kernels whose `check` verdict became
// `deadlock` under OBE say why there. Parsed with Boost.Spirit X3 and
// printed back (print(parse(line)) == canonical line).
#include <string>
#include <vector>

#include "progress/models.hpp"

namespace racecert::kexplore {

struct ProgressExpectation {
  struct Entry {
    progress::Model model = progress::Model::Fair;
    progress::Fairness fairness = progress::Fairness::Weak;
    bool terminates = true;
    friend bool operator==(const Entry&, const Entry&) = default;
  };
  std::vector<Entry> entries;
  unsigned max_resident_blocks = 0;  // 0: unbounded
  std::string reason;                // without the parentheses; may be empty
  friend bool operator==(const ProgressExpectation&, const ProgressExpectation&) = default;
};

inline constexpr const char* kProgressHeaderPrefix = "//progress:";

// `line` starts with "//progress:". Throws racecert::Error (malformed input,
// exit 2) with the column of the problem; `origin` names the file.
ProgressExpectation parse_progress_line(const std::string& line, const std::string& origin, int line_number = 1);

// The canonical line: entries as given, one blank between items.
std::string print_progress_line(const ProgressExpectation& e);

}  // namespace racecert::kexplore
