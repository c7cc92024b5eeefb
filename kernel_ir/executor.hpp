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
//
// The statement walk is a template over the value domain (BasicExecutor):
// ThreadExecutor runs one thread on integers; the named-barrier extraction
// also runs a whole warp at once on per-lane values (barriers/warp_run.hpp),
// which decides branches only where every lane agrees.
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

// The statement walk over values of type V; the domain supplies evaluation,
// the truth of a condition, and the unknown value.
template <class V>
class BasicExecutor {
 public:
  virtual ~BasicExecutor() = default;

  // Runs `b` in `env` (the thread's builtins, parameters and locals).
  Flow run(const Block& b);

  std::unordered_map<std::string, V> env;

 protected:
  virtual V evaluate(const Expr& e) const = 0;
  // Whether a condition holds; std::nullopt when it is unknown.
  virtual std::optional<bool> truth(const V& c) = 0;
  virtual V unknown_value() const = 0;

  // Called in program order, before the statement's result (if any)
  // becomes unknown.
  virtual void on_load(const Load&) {}
  // The value a load reads, when the client knows it (a replay choosing
  // the contents of an input array, pipeline/replay.cpp); unknown by default.
  virtual V loaded(const Load&) { return unknown_value(); }
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

// One thread on concrete integers.
class ThreadExecutor : public BasicExecutor<Value> {
 public:
  Value eval(const Expr& e) const;  // expr::eval_partial over env
  Value lookup(const std::string& var) const;

 protected:
  Value evaluate(const Expr& e) const override { return eval(e); }
  std::optional<bool> truth(const Value& c) override {
    return c ? std::optional<bool>(*c != 0) : std::nullopt;
  }
  Value unknown_value() const override { return std::nullopt; }
};

}  // namespace racecert::kir
