#pragma once
// SRC11 consistency checks the DPOR runs after every step. Only the newest
// event(s) can break Coherence or Atomicity (events are added at the end of
// their thread, and hb of existing events never changes), so those checks are
// incremental. No-Thin-Air holds by construction (reads only read existing
// writes; backward revisits exclude the write's causal prefix). The SC axiom
// is recomputed on the whole graph, and only when it has two SC events.
#include "explorer/graph.hpp"

namespace racecert::explorer {

// The smallest co position the source of read r may have: r must not read a
// write co-before a write that happens before r (CoWR), nor co-before the
// source of a read that happens before r (CoRR). -1 is the initial write.
int read_co_floor(const Graph& g, EventId r);
bool read_coherent(const Graph& g, EventId r);

// The smallest insertion index into co(loc) for write w, which is not in co
// yet: after every write that happens before w (CoWW) and after the source of
// every read that happens before w (CoRW).
int write_co_floor(const Graph& g, EventId w);

// Atomicity after inserting a write at `pos` of co(loc): no write between an
// RMW's read source and its write.
bool atomic_at(const Graph& g, int loc, int pos);

// acyclic(incl ∩ psc), with psc = psc_base ∪ psc_F over SC events.
bool sc_consistent(const Graph& g);

}  // namespace racecert::explorer
