#pragma once
// The race query of one symbolic trace (Example 5 of the paper): is there an
// access of thread 1 and an access of thread 2, by distinct threads, to the
// same location, in conflicting modes? Satisfiable means racy. "Same
// location" is the byte rule of proofs-ref/byte-ranges.md; when every access
// covers exactly one step of one common unit it is index equality. Each query has
// its own Z3 context (or one it shares with the queries before it, one
// after another: QueryContext), so queries can run on several threads at once.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "support/deadline.hpp"
#include "transform/trace.hpp"

namespace racecert::smt {

struct QueryOptions {
  unsigned timeout_ms = 10000;      // wall-clock limit of one query, witness minimization included
  Deadline deadline;                // a later limit shared by many queries (the kernel's)
  unsigned rlimit = 0;              // Z3 resource limit per check (reproducible); 0: none
  bool benign_writes_race = false;  // count two writes of the same value as a race
  bool minimize_witness = true;     // prefer small values in witnesses
  bool fast_paths = true;           // decide what smt/fast_path.hpp proves without Z3
};

enum class QueryStatus { Drf, Racy, Unknown };

struct QueryResult {
  QueryStatus status = QueryStatus::Unknown;
  std::string reason;          // why unknown (timeout, nonlinear arithmetic, ...)
  bool timed_out = false;      // unknown because a time limit passed
  bool bitvectors = false;     // the query used 64-bit bit-vectors instead of integers
  std::string logic_reason;    // which operator needed them
  // When racy: the two accesses (indices into trace.accesses), the location,
  // and the value of every trace variable.
  int first = -1, second = -1;
  std::vector<std::int64_t> index;         // thread 1's
  std::vector<std::int64_t> second_index;  // thread 2's (differs from index only under byte views)
  std::vector<std::pair<std::string, std::int64_t>> model;
  // When racy and minimized: the search proved that no witness has a smaller
  // weighted sum of magnitudes (no step was taken as a floor, none was cut
  // off by the clock). Otherwise the witness is real but may not be the least.
  bool witness_minimal = false;
  double seconds = 0;
  std::string fast_path;  // when decided without Z3 (smt/fast_path.hpp): the argument
};

namespace detail {
struct SharedContext;
}

// Queries asked through one QueryContext, one after another, share a Z3
// context: a fresh context costs about 0.4 ms once its memory is reused
// (support/memory_reuse.hpp), 5 ms and 4,000 page faults before, more than
// a small query itself (docs/benchmarks.md "What the fresh contexts cost").
// A query's answer and time may depend on what its context saw before, so
// the verdicts stay the same from run to run only when the same queries go
// through one QueryContext in the same order: smt/checker.cpp gives one to
// each fixed group of consecutive queries of a kernel, whatever the number
// of threads. After a query that was interrupted, abandoned, failed or left
// unknown, the next one starts a new context.
class QueryContext {
 public:
  QueryContext();
  ~QueryContext();
  QueryContext(const QueryContext&) = delete;
  QueryContext& operator=(const QueryContext&) = delete;

  std::shared_ptr<detail::SharedContext> take();  // for solve(): the context to use now
  void give_back(std::shared_ptr<detail::SharedContext> used, bool clean);

 private:
  std::shared_ptr<detail::SharedContext> shared_;
};

QueryResult solve(const transform::SymbolicTrace& t, const QueryOptions& o = {}, QueryContext* shared = nullptr);

// What solve() decides without Z3 (drf by smt/fast_path.hpp, when
// o.fast_paths), else nullopt: solve() asks it first, and smt::check asks
// it as each trace is made, so that a decided trace is dropped at once.
std::optional<QueryResult> solve_without_solver(const transform::SymbolicTrace& t, const QueryOptions& o = {});

// The query in SMT-LIB 2 (what --show smt prints), after a comment that says
// when the query is not asked: decided without Z3, or no two accesses
// conflict by mode.
std::string to_smtlib(const transform::SymbolicTrace& t, const QueryOptions& o = {});

// Whether the trace needs bit-vector arithmetic, and because of what.
bool needs_bitvectors(const transform::SymbolicTrace& t, std::string* why = nullptr);

}  // namespace racecert::smt
