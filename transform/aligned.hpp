#pragma once
// Aligned protocols (the language A of Fig. 6), extended with guarded blocks.
//
//   a ::= u; sync  |  a; a  |  forS x ... { a }  |  when g { a }
//
// Every item ends with a barrier, so the phases of an aligned protocol are
// delimited syntactically. `when g { a }` runs a only when the uniform
// condition g holds; it is how a synchronized conditional, or a synchronized
// loop that may not run, is kept in place without copying the rest of the
// protocol. An aligned protocol comes with the unsynchronized code that runs
// after its last barrier (`last`), as align returns a pair in the paper.
#include <string>
#include <variant>
#include <vector>

#include "protocol/protocol.hpp"

namespace racecert::transform {

struct AlignedItem;
using Aligned = std::vector<AlignedItem>;

// u; sync
struct PhaseEnd {
  protocol::Block code;
  SourceLoc barrier;
};

// forS x ... { a }: the header of the source loop (its body is unused); the
// loop runs at least once wherever it appears.
struct AlignedLoop {
  protocol::Loop header;
  Aligned body;
};

// when g { a }
struct Guarded {
  protocol::Expr guard;
  Aligned body;
};

struct AlignedItem {
  std::variant<PhaseEnd, AlignedLoop, Guarded> node;
};

struct AlignedProtocol {
  Aligned items;
  protocol::Expr syncs;   // uniform condition under which items meet a barrier at all
  protocol::Block last;   // the unsynchronized code after the last barrier
};

std::string print(const AlignedProtocol& a);

}  // namespace racecert::transform
