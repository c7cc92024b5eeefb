// The `//progress:` header line of dataset kernels (kernel_explore/progress_header.hpp).
#include <gtest/gtest.h>

#include "kernel_explore/progress_header.hpp"
#include "support/diagnostic.hpp"

namespace racecert::kexplore {
namespace {

using progress::Fairness;
using progress::Model;

TEST(ProgressHeader, ParsesEntriesOccupancyAndReason) {
  ProgressExpectation e = parse_progress_line(
      "//progress: fair=terminates hsa-obe=hangs hsa=terminates obe/strong=hangs --max-resident-blocks 2 "
      "(block 1 spins (on a flag))",
      "k.cu");
  ASSERT_EQ(e.entries.size(), 4u);
  EXPECT_EQ(e.entries[0], (ProgressExpectation::Entry{Model::Fair, Fairness::Weak, true}));
  EXPECT_EQ(e.entries[1], (ProgressExpectation::Entry{Model::HsaObe, Fairness::Weak, false}));
  EXPECT_EQ(e.entries[2], (ProgressExpectation::Entry{Model::Hsa, Fairness::Weak, true}));
  EXPECT_EQ(e.entries[3], (ProgressExpectation::Entry{Model::Obe, Fairness::Strong, false}));
  EXPECT_EQ(e.max_resident_blocks, 2u);
  EXPECT_EQ(e.reason, "block 1 spins (on a flag)");
}

TEST(ProgressHeader, PrintsBackCanonically) {
  const std::string canonical =
      "//progress: unfair=hangs lobe/strong=terminates --max-resident-blocks 1 (one slot)";
  ProgressExpectation e = parse_progress_line(canonical, "k.cu");
  EXPECT_EQ(print_progress_line(e), canonical);
  EXPECT_EQ(parse_progress_line("//progress:   unfair=hangs\tlobe/strong=terminates --max-resident-blocks 1 (one slot) ",
                                "k.cu"),
            e);
  EXPECT_EQ(print_progress_line(parse_progress_line("//progress: obe=hangs", "k.cu")), "//progress: obe=hangs");
}

TEST(ProgressHeader, ErrorsHaveTheColumn) {
  auto column_of = [](const std::string& line) {
    try {
      parse_progress_line(line, "k.cu", 4);
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), kExitBadInput);
      EXPECT_EQ(e.loc().line, 4);
      EXPECT_EQ(e.loc().file, "k.cu");
      return e.loc().column;
    }
    ADD_FAILURE() << "no error for " << line;
    return 0;
  };
  EXPECT_EQ(column_of("//progress: obe=stops"), 17);       // the verdict
  EXPECT_EQ(column_of("//progress: hsaobe=hangs"), 13);    // no such model
  EXPECT_EQ(column_of("//progress:"), 12);                 // at least one entry (at the end)
  EXPECT_EQ(column_of("//progress: obe/fast=hangs"), 17);  // the fairness
  EXPECT_EQ(column_of("//progress: obe=hangs --max-resident-blocks x"), 45);
  EXPECT_EQ(column_of("//progress: obe=hangs (open"), 28);
  EXPECT_EQ(column_of("//progress: obe=hangs --max-resident-blocks 0"), 1);
  EXPECT_EQ(column_of("//explore: obe=hangs"), 1);
}

}  // namespace
}  // namespace racecert::kexplore
