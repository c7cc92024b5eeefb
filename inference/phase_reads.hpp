#pragma once
// Read consistency: a thread that reads one cell twice in a barrier
// interval, without writing the array in between, reads one value twice.
//
// Another thread writing the cell between the two reads would race with the
// first read (same interval, no barrier between them), and that race
// completes before the second read. So up to the first race of any
// execution, repeated reads agree; the accesses of that first race are
// reached under consistent values. Assuming consistency thus keeps every
// first race (a kernel with a race still has one found) and removes
// executions that only exist after a race: `if (m[y][x] == 0 && m[y][k] !=
// 0) m[y][x] = v;` never writes when k == x. GPUVerify's equality
// abstraction reasons the same way; --adversarial-abstraction turns it off.
//
// A read's value is an `ite` over the earlier reads of the array in this
// interval: the first one at the same index, else the read's own unknown.
// Only reads whose value steers the kernel (a condition, an index: see
// steering_variables) get it: for a value that is only stored, the `ite`
// would cost solver time and decide nothing but which writes are benign.
#include <map>
#include <set>
#include <string>
#include <vector>

#include "kernel_ir/kernel_ir.hpp"
#include "protocol/protocol.hpp"

namespace racecert::inference {

class PhaseReads {
 public:
  // The value of a read of `array` at `idx` (whole elements, not a byte
  // view), given its own fresh unknown; records the read.
  expr::Expr read(const std::string& array, const std::vector<expr::Expr>& idx, const expr::Expr& unknown);
  // The thread wrote or updated the array: earlier reads say nothing now.
  void forget(const std::string& array) { reads_.erase(array); }
  // A barrier (other threads may have written), a loop's entry or exit.
  void clear() { reads_.clear(); }
  // After `if`: the reads made before it that neither branch forgot.
  static PhaseReads join(const PhaseReads& before, const PhaseReads& then_branch, const PhaseReads& else_branch);

  // At most this many reads per array are remembered (the ite chain of a
  // read grows with them); later reads get their own unknown only.
  static constexpr std::size_t kMaxReads = 8;

 private:
  struct Read {
    std::vector<expr::Expr> idx;
    expr::Expr unknown;  // the read's own unknown (its value when no earlier read matches)
  };
  std::map<std::string, std::vector<Read>> reads_;
};

// The variables whose values reach (through assignments) a branch or loop
// condition, an index, an atomic's operand or a barrier's operands.
std::set<std::string> steering_variables(const kir::Kernel& k);

}  // namespace racecert::inference
