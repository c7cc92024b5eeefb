#pragma once
// Internal: Z3 contexts are made, and deleted, on one thread of their own
// where that costs no waiting.
//
// Why one thread: glibc's malloc gives each thread an arena of its own, and
// a Z3 context allocates and touches two tables of 8.5 MB when it is made.
// Made in an arena where a context was deleted before, a context reuses that
// memory (about 1.5 ms, support/memory_reuse.hpp); made in an arena that
// never held one, it pays some 4,000 page faults (about 6 ms). Made on
// whichever thread asked (the checker's, the pooled solver threads'), a
// check with three contexts paid the faults twice (issue 18).
//
// Why not always: with every context made there, parallel checks that each
// need many contexts (every timed-out query spoils its own) queued behind
// the one thread, and checks ended past their time limits. So an asker
// waits for the maker only when the maker serves no other asker, and makes
// its own context otherwise.
//
// Why deletion waits: a context handed back is deleted on the maker's
// thread, off the checker's path, just before the maker makes the next one,
// which then reuses its memory (a few wait there; more are deleted by the
// thread that hands them back). The last ones are never deleted: the
// process exits with them, as clang -cc1 leaves its AST (a deletion costs
// 1 to 3 ms). A context made with none deleted before it (the first, or
// one asked for while the others are in use) has its memory mapped in one
// go first (support/memory_reuse.hpp, populate_arena).
#include <cstddef>
#include <memory>

#include <z3++.h>

namespace racecert::smt::detail {

struct RetireContext {
  void operator()(z3::context* c) const;  // hands it to the maker to delete, or deletes it
};
using ContextPtr = std::unique_ptr<z3::context, RetireContext>;

// A fresh context (no history): one the maker makes, or one made on the
// calling thread while the maker serves another asker. None is made ahead
// of its asker: most runs ask for none (pipeline/driver.cpp).
ContextPtr make_context();

// How many contexts make_context has handed out in this process: the tests
// read which checks shared one.
std::size_t contexts_handed_out();
// How many Z3 contexts this process has made (a run that asks Z3 nothing
// makes none: the tests read it).
std::size_t contexts_made();

}  // namespace racecert::smt::detail
