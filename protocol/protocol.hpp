#pragma once
// The protocol IR: a kernel as seen by its shared arrays (Fig. 2 of the
// memory-access-protocols paper, extended for real kernels). One Kernel may
// mention several arrays; `project` keeps the protocol of one array.
//
// The same types hold the well-formed stage: the transform pass fills in the
// `tag` of loops and conditionals (synchronized or not).
#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "protocol/expr.hpp"
#include "support/source_location.hpp"
#include "support/uniformity.hpp"

namespace racecert::protocol {

// AtomicBlock: an atomic whose scope is the block (atomicAdd_block,
// cuda::atomic_ref<T, thread_scope_block>, OpenCL memory_scope_work_group):
// atomic only among the threads of one block. Against an atomic of
// another block it is a heterogeneous race (PTX's scoped races).
enum class AccessMode { Read, Write, Atomic, AtomicBlock };
enum class MemorySpace { Shared, Global };

// A declared variable says how it varies across threads
// (support/uniformity.hpp): `local` (Thread), `block` or `uniform` (Grid).
// A loop variable is as uniform as the loop's bounds.

// Whether a loop or conditional contains a barrier (filled in by the
// well-formedness pass; Unknown in parsed input).
enum class SyncTag { Unknown, Sync, Unsync };

struct Stmt;
using Block = std::vector<Stmt>;

// The bytes an access covers (docs/protocol-language.md "Byte ranges"): its
// last index counts steps of `unit` bytes, and it covers `width` bytes from
// there. 0 means the array's element size (ArrayDecl::element_bytes), so an
// element-typed access has no view of its own.
struct AccessView {
  std::int64_t unit = 0;
  std::int64_t width = 0;
  bool is_element() const { return unit == 0 && width == 0; }
  bool operator==(const AccessView&) const = default;
};

struct Access {
  std::string array;
  std::vector<Expr> index;  // one expression per dimension (empty for a scalar)
  AccessView view;          // `rd A<16>[i]`: a float4 view of a float array
  AccessMode mode = AccessMode::Read;
  Expr value;               // written value when known (writes only), else null
  SourceLoc loc;            // where the access is in the user's source
  bool loc_explicit = false;// loc came from `@ "file":l:c` (printed back), not from the parser position
};

// A barrier. A CUDA __syncthreads orders every memory space; an OpenCL
// barrier(CLK_LOCAL_MEM_FENCE) orders only shared (local) memory, and
// barrier(0) none. Accesses to a space it does not order may race across
// it: `project` drops it from the protocol of such an array. It still
// synchronizes execution, so the divergence check (on the whole kernel,
// before projection) still counts it.
//
// Which threads it synchronizes (docs/protocol-language.md "Barriers"):
// `sync;` the threads of a block (__syncthreads); `sync grid;` every thread
// of the grid (a cooperative-groups grid.sync(), also a block barrier);
// `sync warp N;` each group of N consecutive threads of a block (linear ids
// agreeing on / N): __syncwarp() with a full mask (N = 32) or a tile's
// sync. Treating a grid barrier as a block barrier, or ignoring a warp
// barrier, only adds races: passes that do not know a scope may do so.
enum class SyncScope { Block, Grid, Warp };
struct Sync {
  SourceLoc loc;
  bool orders_shared = true, orders_global = true;
  SyncScope scope = SyncScope::Block;
  int width = 0;  // Warp: threads per group (> 1); 0 otherwise
  bool orders(MemorySpace s) const { return s == MemorySpace::Shared ? orders_shared : orders_global; }
};

struct If {
  Expr cond;
  Block then_body;
  Block else_body;
  SyncTag tag = SyncTag::Unknown;
  SourceLoc loc;
};

// How a loop variable advances: x += s, x -= s, x *= s, x /= s, x <<= s, x >>= s.
enum class LoopUpdate { Add, Sub, Mul, Div, Shl, Shr };

// for (var = init; var cond bound; var update= step) body
// The condition is one of < <= > >=; the update's direction must agree with
// it (increasing with < <=, decreasing with > >=). `for x in a..b step s` is
// sugar for init a, cond <, bound b, update +=, step s.
struct Loop {
  std::string var;
  Expr init;
  BinOp cond = BinOp::Lt;
  Expr bound;
  LoopUpdate update = LoopUpdate::Add;
  Expr step;
  Block body;
  SyncTag tag = SyncTag::Unknown;
  SourceLoc loc;
};

// The counter an atomic ticket was drawn from: one cell of an integer array
// that, while tickets are drawn, only atomic increments by positive amounts
// modify (docs/smt-encoding.md "Atomic tickets"). Tickets of one counter
// drawn by two different threads differ: among the threads of a block for a
// shared counter, grid-wide for a global one. Written `ticket t of shared
// count;` or `ticket t of global c[0];`.
struct TicketCounter {
  MemorySpace space = MemorySpace::Shared;
  std::string array;
  std::vector<std::int64_t> cell;  // constant indices (empty for a scalar)
  bool operator==(const TicketCounter&) const = default;
};

// A fresh unknown for the rest of the enclosing block (a value read from
// memory, a loop-carried value...). A Thread unknown may differ per thread, a
// Uniform one is the same in every thread. A ticket is a Thread unknown
// known to differ from the other thread's tickets of the same counter.
struct Decl {
  std::string name;
  Uniformity kind = Uniformity::Thread;
  SourceLoc loc;
  std::optional<TicketCounter> ticket;
};

// `var x | where { body }`: runs body once for every x satisfying `where`.
// Not part of the input language: the transforms use it to name one value of
// a loop variable (the last iteration, the previous iteration) and the trace
// stage to bind loop variables symbolically.
struct Bind {
  std::string var;
  Expr where;
  Block body;
};

struct Stmt {
  std::variant<Access, Sync, If, Loop, Decl, Bind> node;
  template <class T> bool is() const { return std::holds_alternative<T>(node); }
  template <class T> const T& as() const { return std::get<T>(node); }
  template <class T> T& as() { return std::get<T>(node); }
};

struct ArrayDecl {
  std::string name;
  MemorySpace space = MemorySpace::Shared;
  int dims = 1;
  // Bytes per element; 0: not given, and then every access is in element
  // units (no views) and two accesses conflict when their indices are equal.
  std::int64_t element_bytes = 0;
  SourceLoc loc;
};

// The view of an access with the array's element size filled in: both
// fields positive. Without an element size one step is one element (1, 1).
AccessView resolve_view(const AccessView& v, std::int64_t element_bytes);

// The byte rule (proofs-ref/byte-ranges.md): two accesses to one array touch
// a common byte when their leading indices are equal and the byte ranges
// [last * unit, last * unit + width) of their last dimension overlap. Views
// must be resolved. Scalars (no index) always share their location.
bool same_location_bytes(const std::vector<std::int64_t>& index1, const AccessView& view1,
                         const std::vector<std::int64_t>& index2, const AccessView& view2);

struct VarDecl {
  std::string name;
  Uniformity kind = Uniformity::Grid;
  SourceLoc loc;
  std::optional<TicketCounter> ticket;  // as Decl::ticket (then kind is Thread)
};

struct Kernel {
  std::string name;
  std::vector<ArrayDecl> arrays;
  std::vector<VarDecl> vars;        // kernel-wide unknowns (the builtins are implicit)
  std::vector<Expr> preconditions;  // assumptions, over both threads
  Block body;
  SourceLoc loc;

  const ArrayDecl* find_array(const std::string& name) const;
};

struct ProtocolFile {
  std::vector<Kernel> kernels;
};

// ---- builtin variables ----
// threadIdx.{x,y,z}: Thread; blockIdx.{x,y,z}: Block; blockDim and gridDim:
// Uniform. They are implicitly declared in every kernel.
// Copies of a node, or of a kernel, without its nested blocks, for a
// transform that rebuilds them: copying the node whole first copied every
// nested statement once more per level of nesting, and a kernel's whole
// body once per transform (issue 18).
If without_blocks(const If& i);
Loop without_blocks(const Loop& l);
Bind without_blocks(const Bind& b);
Kernel without_body(const Kernel& k);

const std::vector<VarDecl>& builtin_vars();
std::optional<Uniformity> builtin_kind(const std::string& name);
// Constraints the builtins always satisfy: 0 <= threadIdx.d < blockDim.d, ...
const std::vector<Expr>& builtin_constraints();

// ---- structural helpers ----
bool equal(const Kernel& a, const Kernel& b);  // ignores implicit (parser) positions
bool equal(const Block& a, const Block& b);
bool contains_sync(const Block& b);
bool contains_access(const Block& b);
// The accesses of `array` written in b (a loop's body counted once).
std::size_t count_accesses(const Block& b, const std::string& array);
// The protocol of one array: the kernel with every other array's accesses
// removed (and control flow left in place).
Kernel project(const Kernel& k, const std::string& array);
Kernel project(const Kernel& k, const std::set<std::string>& arrays);  // several arrays
// The kernel with only the barriers `keep` accepts (loops and conditionals
// left without one retagged unsynchronized): the barriers that order one
// kind of thread pair (transform/sync_views.hpp).
Kernel keep_syncs(const Kernel& k, const std::function<bool(const Sync&)>& keep);
// Every access in the block, in program order (pointers into the block).
void collect_accesses(const Block& b, std::vector<const Access*>& out);

const char* to_string(AccessMode m);
const char* to_string(MemorySpace s);
// The declaration keyword of the text format: "local", "block" or "uniform".
const char* decl_keyword(Uniformity k);
const char* to_string(LoopUpdate u);  // "+=", "-=", ...

}  // namespace racecert::protocol
