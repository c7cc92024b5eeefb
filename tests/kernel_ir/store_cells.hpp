#pragma once
// A thread executor that records the cell of every store it runs (the
// first index; nullopt where unknown), for the differential tests of the
// kernel-IR passes: a pass keeps a program's meaning when the program after
// it stores to the same cells in the same order.
#include <vector>

#include "kernel_ir/executor.hpp"

namespace racecert::kir::testkit {

class StoreCells : public ThreadExecutor {
 public:
  std::vector<Value> cells;

 private:
  void on_store(const Store& s) override { cells.push_back(eval(s.at.index[0])); }
};

}  // namespace racecert::kir::testkit
