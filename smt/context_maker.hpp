#pragma once
// Internal: every Z3 context of the process is made, and deleted, on one
// thread of its own.
//
// Why one thread: glibc's malloc gives each thread an arena of its own, and
// a Z3 context allocates and touches two tables of 8.5 MB when it is made.
// Made in an arena where a context was deleted before, a context reuses that
// memory (about 1.5 ms, support/memory_reuse.hpp); made in an arena that
// never held one, it pays some 4,000 page faults (about 6 ms). The checker
// asked for contexts on the thread that made the first one ahead, on its
// own thread, on the pooled solver threads: a check with three contexts
// paid the faults twice (issue 18).
//
// Why deletion waits: a context handed back is deleted on the maker's
// thread just before it makes the next one, whose memory it frees, and off
// the checker's path. The last ones are never deleted: the process exits
// with them, as clang -cc1 leaves its AST (a deletion costs 1 to 3 ms).
#include <memory>

#include <z3++.h>

namespace racecert::smt::detail {

struct RetireContext {
  void operator()(z3::context* c) const;  // hands it to the maker to delete later
};
using ContextPtr = std::unique_ptr<z3::context, RetireContext>;

// Starts making a context ahead (its cost overlaps the front end's parse);
// the next make_context takes it. Idempotent until that one is taken.
void make_context_ahead();

// A fresh context (no history), made on the maker's thread: the one made
// ahead when there is one, waiting for it if it is still being made.
ContextPtr make_context();

}  // namespace racecert::smt::detail
