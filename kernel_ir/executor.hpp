#pragma once
// The per-thread concrete executor of the kernel IR: runs one thread's
// statements on concrete values, with unknowns for what it does not track.
// A variable's value is known (an integer) or unknown (std::nullopt, or
// absent from the environment): values read from memory, atomic and
// barrier results, and untracked expressions are unknown, and so is what
// depends on them (expr::eval_partial).
//
// Clients derive from it and override the hooks: the named-barrier
// extraction (barriers/from_kernel.cpp) records a block's shared-memory
// accesses and barriers; the explorer and the progress checker can run
// threads the same way. The executor itself has no policy: it never gives
// up; a hook may throw to stop the run.
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "kernel_ir/kernel_ir.hpp"

namespace racecert::kir {

using Value = std::optional<std::int64_t>;
using Environment = std::unordered_map<std::string, Value>;

// How a statement list ended.
enum class Flow { Normal, Break, Continue, Return };

class ThreadExecutor {
 public:
  virtual ~ThreadExecutor() = default;

  // Runs `b` in `env` (the thread's builtins, parameters and locals).
  Flow run(const Block& b);

  Value eval(const Expr& e) const;  // expr::eval_partial over env
  Value lookup(const std::string& var) const;

  Environment env;

 protected:
  // Called in program order, before the statement's result (if any)
  // becomes unknown.
  virtual void on_load(const Load&) {}
  // The value a load reads, when the client knows it (a replay choosing
  // the contents of an input array, pipeline/replay.cpp); unknown by default.
  virtual Value loaded(const Load&) { return std::nullopt; }
  virtual void on_store(const Store&) {}
  virtual void on_atomic(const Atomic&) {}
  virtual void on_barrier(const Barrier&) {}
  virtual void on_unsupported(const Unsupported&) {}
  // An assumption (__assume): a run on which it fails is no run of the
  // kernel; a client replaying a witness stops there (pipeline/replay.cpp).
  virtual void on_assume(const Assume&) {}
  // A branch or loop whose condition is unknown. The executor skips
  // `parts` (both branches, or the loop's body and update) and makes every
  // variable they may assign unknown; a client for whom the skipped code
  // matters throws here. `what` is "a branch" or "a loop condition".
  virtual void on_undecided(const std::vector<const Block*>& parts, const char* what, const SourceLoc& loc) {}
  // After iteration `n` (from 0) of a loop: a client bounds runs here.
  virtual void after_iteration(const Loop&, std::uint64_t n) {}

 private:
  Flow statement(const Stmt& s);
  Flow loop(const Loop& l);
  void forget(const std::string& var);
};

}  // namespace racecert::kir
