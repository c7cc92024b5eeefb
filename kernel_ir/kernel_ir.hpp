#pragma once
// The kernel IR: one GPU kernel as a structured imperative program, free of
// Clang types and independent of protocols. The front end lowers Clang's AST
// into it (calls inlined, pointers resolved to arrays, C types reduced to
// what matters); protocol inference (inference/) and the named-barrier
// extraction (barriers/from_kernel.cpp) consume it, and so does the
// explorer through kernel_explore/lower.hpp (one concrete launch).
// docs/kernel-ir.md describes the IR,
// its text form (kernel_ir/parser.hpp) and its passes.
//
// Integer and boolean values are support/expr.hpp expressions over the
// kernel's scalar variables and the builtins threadIdx.{x,y,z},
// blockIdx.{x,y,z}, blockDim.{x,y,z}, gridDim.{x,y,z}. A null expression is a
// value the front end does not track (floating point, a shuffle result, a
// call without a body).
#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "support/expr.hpp"
#include "support/source_location.hpp"

namespace racecert::kir {

using expr::Expr;

enum class Space { Global, Shared, Local, Constant };
enum class ScalarType { Int, Unsigned, Bool, Float, Other };
enum class MemoryOrder { Relaxed, Acquire, Release, AcqRel, SeqCst };
enum class Scope { Block, Device, System };

// A scalar variable of the kernel: a parameter or a local.
struct Variable {
  std::string name;
  ScalarType type = ScalarType::Int;
  SourceLoc loc;
};

// An array the kernel accesses. Struct fields are arrays of their own
// ("P.a"), so that P[i].a and P[i+1].b never conflict. A scalar in shared or
// global memory is an array without dimensions.
struct Array {
  std::string name;
  Space space = Space::Global;
  std::vector<std::int64_t> sizes;  // per dimension, 0 when unknown (extern, parameters)
  ScalarType element = ScalarType::Int;
  std::int64_t element_bytes = 0;  // from the element type; 0 when unknown
  bool parameter = false;
  SourceLoc loc;
};

// One cell: the array and one index per dimension of the access. The front
// end linearizes multi-dimensional arrays of known sizes (row-major), so
// indices out of a row's bounds still name the right cell.
struct Location {
  std::string array;
  std::vector<Expr> index;
  // A byte view (protocol::AccessView): the last index counts `unit` bytes,
  // `width` bytes are accessed; 0 and 0 mean the array's element.
  std::int64_t unit = 0, width = 0;
};

struct Stmt;
using Block = std::vector<Stmt>;

struct Assign {  // var = value (null: an untracked value)
  std::string var;
  Expr value;
  SourceLoc loc;
};
struct Load {  // var = *at (var empty when the value is unused)
  std::string var;
  Location at;
  SourceLoc loc;
};
struct Store {  // *at = value (null: an untracked value)
  Location at;
  Expr value;
  SourceLoc loc;
};
struct Atomic {  // var = atomic op on *at, e.g. "add", "cas", "exch", "load", "store"
  std::string op;
  MemoryOrder order = MemoryOrder::Relaxed;
  Scope scope = Scope::Device;
  std::string var;
  Location at;
  std::vector<Expr> operands;
  SourceLoc loc;
};
struct Fence {
  Scope scope = Scope::Device;
  MemoryOrder order = MemoryOrder::SeqCst;
  SourceLoc loc;
};
struct Barrier {
  enum class Kind { Block, Warp, Grid, Named };
  Kind kind = Kind::Block;
  Expr id;        // named barriers: barrier id (0 is __syncthreads)
  Expr count;     // named barriers: threads taking part, null for all; warp
                  // barriers: the constant size of the groups of consecutive
                  // threads it synchronizes (32: a full-mask __syncwarp, N: a
                  // thread_block_tile<N>), null for a partial or unknown mask
  bool arrive = false;  // bar.arrive: register without waiting
  // The memory it orders among the threads it synchronizes. __syncthreads
  // orders both; OpenCL's barrier(flags) only what its flags name
  // (CLK_LOCAL_MEM_FENCE: local, i.e. shared; CLK_GLOBAL_MEM_FENCE: global),
  // and barrier(0) nothing: accesses to memory it does not order may race
  // across it (docs/frontend.md, "Barriers").
  bool orders_shared = true, orders_global = true;
  std::string var;      // __syncthreads_count and co: the (uniform) result
  SourceLoc loc;
};
struct If {
  Expr cond;  // null: a condition the front end cannot read
  Block then_body, else_body;
  SourceLoc loc;
};
// for (init; cond; update) body. while loops have no init/update; do loops
// test after the body.
struct Loop {
  Block init;
  Expr cond;  // null: a condition the front end cannot read
  Block body;
  Block update;
  bool test_first = true;
  SourceLoc loc;
};
struct Break {
  SourceLoc loc;
};
struct Continue {
  SourceLoc loc;
};
struct Return {  // leaves the kernel
  SourceLoc loc;
};
struct Assert {
  Expr cond;
  SourceLoc loc;
};
struct Assume {  // __assume, or a __requires that is not at the start
  Expr cond;
  SourceLoc loc;
};
// A construct the front end cannot model soundly (recursion, function
// pointers, inline assembly...): the kernel's verdict is `unknown`.
struct Unsupported {
  std::string what;
  SourceLoc loc;
};

struct Stmt {
  std::variant<Assign, Load, Store, Atomic, Fence, Barrier, If, Loop, Break, Continue, Return, Assert, Assume,
               Unsupported>
      node;
  template <class T> bool is() const { return std::holds_alternative<T>(node); }
  template <class T> const T& as() const { return std::get<T>(node); }
  template <class T> T& as() { return std::get<T>(node); }
};

struct Kernel {
  std::string name;
  std::string language;              // "cuda" or "opencl"
  std::vector<Variable> parameters;  // scalar parameters
  std::vector<Variable> locals;      // every local scalar, uniquely named
  std::vector<Array> arrays;
  std::vector<Expr> preconditions;   // __requires at the start of the kernel
  // __launch_bounds__(N, ...): the kernel is never launched with more than N
  // threads per block (a larger launch fails), text form `launch_bounds N;`.
  std::optional<std::uint32_t> launch_bounds;
  Block body;
  SourceLoc loc;

  const Array* find_array(const std::string& name) const;
  const Variable* find_variable(const std::string& name) const;
};

// k without its body, for a pass that builds a new one: copying k whole
// first copied every statement once more (issue 18).
Kernel without_body(const Kernel& k);

// The kernel IR's text form (docs/kernel-ir.md), which kir::parse reads
// back: parse(print(k, {.locations = true})) equals k (kernel_ir/equality.hpp).
// Without locations (`racecert check --show kernel`) the text is shorter and
// parses back to k with every SourceLoc empty.
struct PrintOptions {
  bool locations = false;  // " @line:col" after each declaration and statement
};
std::string print(const Kernel& k, const PrintOptions& options = {});

// Whether the barrier waits for the whole block: __syncthreads and its
// kin, a grid barrier (it also orders the block), and `bar.sync 0` with no
// thread count, which is what __syncthreads compiles to. The one place that
// rule lives.
bool is_block_barrier(const Barrier& b);

// Adds to `out` every variable the block may assign: directly, or as the
// result of a load, an atomic or a barrier (__syncthreads_count).
void assigned_variables(const Block& b, std::set<std::string>& out);

// The variable the statement itself assigns (an assignment's, or the
// result of a load, an atomic or a barrier); "" for none.
std::string own_assigned_variable(const Stmt& s);

// Calls f with each block directly nested in the statement (an if's
// branches; a loop's init, body and update, in that order).
void for_each_nested_block(const Stmt& s, const std::function<void(const Block&)>& f);

// Adds to `out` the variables the statement's own expressions mention (a
// loop's condition, not its body: not those of the blocks nested in it).
void own_read_variables(const Stmt& s, std::set<std::string>& out);
// The same, one call per occurrence (a variable read twice comes twice),
// with no set to build.
void for_each_own_read(const Stmt& s, const std::function<void(const std::string&)>& f);

// Adds to `out` every variable an expression of the block mentions
// (values, indices, conditions, operands, assertions, assumptions).
void read_variables(const Block& b, std::set<std::string>& out);
// Those of the whole kernel, preconditions included: which builtins it
// reads decides the launch dimensions it is checked with (pipeline/launch.hpp,
// through for_each_read, which builds no set of every name).
std::set<std::string> read_variables(const Kernel& k);
// The same, one call per occurrence.
void for_each_read(const Kernel& k, const std::function<void(const std::string&)>& f);

// Whether `pred` holds for a statement of the block or one nested in it (in
// program order, stopping at the first).
bool any_statement(const Block& b, const std::function<bool(const Stmt&)>& pred);
const char* to_string(Space s);
const char* to_string(ScalarType t);
const char* to_string(MemoryOrder o);
const char* to_string(Scope s);

}  // namespace racecert::kir
