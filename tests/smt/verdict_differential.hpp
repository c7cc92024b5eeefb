#pragma once
// The verdict side of Theorem 1's differential tests: random protocols (with
// the given generator options) checked by the symbolic pipeline, restricted
// to the small bounds, against the reference interpreter over every small
// configuration. One loop for every variant (plain, bit widths, barrier
// scopes, hard arithmetic), each test asserting its own counts.
#include <functional>

#include "protocol/protocol.hpp"
#include "tests/support/random_protocol.hpp"

namespace racecert::testkit {

struct VerdictCounts {
  int racy = 0, drf = 0, unknown = 0;
};

struct VerdictOptions {
  // How many protocols may stay undecided (a solver `unknown`); a decided
  // one must always agree with the interpreter.
  int max_unknown = 0;
  // The interpreter must find no divergence (barriers under uniform control).
  bool expect_no_divergence = false;
  // Called with every protocol, for the test's own counts.
  std::function<void(const protocol::Kernel&)> inspect;
};

// Runs seeds first .. first + count - 1 (every third under a sanitizer:
// tests/support/seed_sampling.hpp) with ro (max_depth and max_block as
// the callers set them); fails the current test at the first disagreement.
VerdictCounts compare_verdicts(unsigned first, unsigned count, const RandomProtocolOptions& ro,
                               const VerdictOptions& vo = {});

}  // namespace racecert::testkit
