#pragma once
// The program representation of the named-barrier check (docs/named-barriers.md):
// the core language of the WEFT paper (sync b n, arrive b n, read g, write g),
// one straight-line command sequence per *unit*.
//
// A unit is a group of threads of the block that run the same commands: a
// warp (what a front end extracts from a warp-specialized kernel), a single
// thread (the paper's thread programs) or any contiguous thread range. The
// scheduler moves whole units; a unit's barrier command registers all of its
// threads at once, which is how the hardware counts arrivals. Shared-memory
// addresses may differ per thread: an access carries an index form (affine
// in tid/lane/warp, or an explicit table) evaluated for each thread.
//
// Commands are kept small (20 bytes) because kernel-derived programs have
// millions of them; names, index forms and files live in side tables.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "support/source_location.hpp"

namespace racecert::barriers {

inline constexpr std::uint32_t kWarpSize = 32;
inline constexpr std::uint32_t kNumBarriers = 16;      // physical named barriers per SM
inline constexpr std::uint32_t kMaxBlockThreads = 1024;
inline constexpr std::uint32_t kNoIndex = 0xffffffffu;  // Command::aux of a scalar access
// Bounds that keep every address inside +-2^40 (race check packs them).
inline constexpr std::int64_t kMaxIndexConstant = std::int64_t{1} << 38;
inline constexpr std::int64_t kMaxIndexCoefficient = std::int64_t{1} << 26;
inline constexpr std::int64_t kMaxAccessWidth = 256;  // addresses one access covers (a float4 is 16 bytes)

enum class Op : std::uint8_t {
  Sync,    // blocking registration: waits until the generation completes
  Arrive,  // non-blocking registration
  Read,
  Write,
  Opaque,  // a point the front end could not resolve statically (data-dependent
           // branch, barrier operand or address): the verdict is `unknown`
};
const char* to_string(Op op);
inline bool is_barrier(Op op) { return op == Op::Sync || op == Op::Arrive; }
inline bool is_access(Op op) { return op == Op::Read || op == Op::Write; }

struct Pos {
  std::uint32_t line = 0, column = 0;
  friend bool operator==(const Pos&, const Pos&) = default;
};

struct Command {
  Op op = Op::Read;
  std::uint16_t file = 0;  // index into Program::files
  std::uint32_t arg = 0;   // Sync/Arrive: barrier id; Read/Write: variable id; Opaque: note id
  std::uint32_t aux = 0;   // Sync/Arrive: thread count; Read/Write: index-form id or kNoIndex
  Pos pos;
};

// The address an access touches in thread `tid` (threadIdx.x, block-wide):
//   Affine: constant + per_tid*tid + per_lane*(tid%32) + per_warp*(tid/32)
//   Table:  table[tid - unit.first_thread] (one entry per thread of the unit)
// A scalar access (no index) touches address 0 of its variable: `g` is `g[0]`.
// The access covers `width` consecutive addresses from there (`read g[4 * tid]
// width 4`): with byte addresses, a 4-byte load; two accesses conflict when
// their address ranges overlap. Width 1 is one element, as without widths.
struct IndexForm {
  enum class Kind : std::uint8_t { Affine, Table };
  Kind kind = Kind::Affine;
  std::int64_t constant = 0, per_tid = 0, per_lane = 0, per_warp = 0;
  std::vector<std::int64_t> table;
  std::int64_t width = 1;

  std::int64_t at(std::uint32_t tid, std::uint32_t unit_first) const {
    if (kind == Kind::Table) return table[tid - unit_first];
    return constant + per_tid * tid + per_lane * (tid % kWarpSize) + per_warp * (tid / kWarpSize);
  }
  friend bool operator==(const IndexForm&, const IndexForm&) = default;
};

// The value a write stores, when the front end knows it: one value for every
// thread of the unit, or one per thread (Program::values). Writes without one
// store an unknown value. Two writes of the same known value over the same
// address range are a benign race (races.hpp), reported only on request.
using ValueForm = std::vector<std::int64_t>;  // size 1: uniform; else one per thread

struct StoredValue {
  std::uint32_t cmd = 0;   // index of a Write in Unit::cmds
  std::uint32_t form = 0;  // index into Program::values
  friend bool operator==(const StoredValue&, const StoredValue&) = default;
};

struct Unit {
  std::string name;  // for messages: "warp 1", "thread 5", "threads 0..15"
  std::uint32_t first_thread = 0, num_threads = 1;
  SourceLoc loc;
  std::vector<Command> cmds;
  // Side table (commands stay 20 bytes): the writes with a known value, in
  // increasing command order.
  std::vector<StoredValue> values;

  std::uint32_t last_thread() const { return first_thread + num_threads - 1; }
};

struct Program {
  std::string name;
  SourceLoc loc;
  std::uint32_t block_threads = 0;  // the block size the counts refer to
  // Warp-synchronous execution (WEFT's opt-in mode): the threads of a unit
  // execute every command together, so a unit's commands are ordered for all
  // of its threads. Default (false): the paper's semantics, every thread is
  // independent and only barriers order threads, including those of one warp.
  bool lockstep = false;
  std::vector<std::string> files{""};
  std::vector<std::string> vars;
  std::vector<IndexForm> indices;
  std::vector<ValueForm> values;
  std::vector<std::string> notes;
  std::vector<Unit> units;

  // Builders for front ends and tests. var/index intern their argument in
  // O(log n); entries appended to vars/indices directly are picked up.
  std::uint32_t var(const std::string& name);
  std::uint32_t index(const IndexForm& f);
  Unit& add_unit(std::string name, std::uint32_t first_thread, std::uint32_t num_threads,
                 SourceLoc loc = {});
  static Command sync(std::uint32_t barrier, std::uint32_t count, Pos pos = {});
  static Command arrive(std::uint32_t barrier, std::uint32_t count, Pos pos = {});
  Command read(const std::string& var, Pos pos = {});
  Command write(const std::string& var, Pos pos = {});
  Command read(const std::string& var, const IndexForm& idx, Pos pos = {});
  Command write(const std::string& var, const IndexForm& idx, Pos pos = {});
  Command opaque(const std::string& why, Pos pos = {});
  // Records that the last command of u (a write) stores `v` (interned).
  void set_value(Unit& u, const ValueForm& v);

  SourceLoc loc_of(const Command& c) const;
  // The first address the access c of unit u touches in thread tid, and how
  // many consecutive addresses it covers (IndexForm::width).
  std::int64_t address(const Command& c, const Unit& u, std::uint32_t tid) const {
    return c.aux == kNoIndex ? 0 : indices[c.aux].at(tid, u.first_thread);
  }
  std::int64_t width(const Command& c) const { return c.aux == kNoIndex ? 1 : indices[c.aux].width; }
  // The value command i of unit u stores in thread tid; nullopt when unknown.
  std::optional<std::int64_t> stored_value(const Unit& u, std::uint32_t i, std::uint32_t tid) const;
  // A benign pair: two writes of the same known value over the same address
  // range (command i1 of unit u1 in thread t1, command i2 of u2 in t2). A
  // byte-addressed write of one value starting elsewhere writes other bytes,
  // so the ranges must coincide.
  bool same_value_writes(std::uint32_t u1, std::uint32_t i1, std::uint32_t t1, std::uint32_t u2, std::uint32_t i2,
                         std::uint32_t t2) const;
  std::uint64_t num_commands() const;         // commands over all units
  std::uint64_t num_thread_commands() const;  // the same, counted once per thread (the paper's measure)

 private:
  using IndexKey = std::tuple<IndexForm::Kind, std::int64_t, std::int64_t, std::int64_t, std::int64_t,
                              std::vector<std::int64_t>, std::int64_t>;
  std::unordered_map<std::string, std::uint32_t> var_ids_;
  std::map<IndexKey, std::uint32_t> index_ids_;
  std::map<ValueForm, std::uint32_t> value_ids_;
  std::size_t vars_seen_ = 0, indices_seen_ = 0, values_seen_ = 0;
};

// "warp 1 (threads 32..63)", "thread 5", ...
std::string describe(const Unit& u);
// "sync 0 64", "write buf[lane + 32]" (no position).
std::string describe(const Program& p, const Command& c);
std::string describe_index(const IndexForm& f);

// Affine index helpers.
IndexForm affine(std::int64_t constant, std::int64_t per_tid = 0, std::int64_t per_lane = 0,
                 std::int64_t per_warp = 0);

// Throws racecert::Error (exit 2) when the program is malformed: bad block size,
// units outside the block or overlapping, barrier ids >= 16, counts outside
// 1..1024, dangling table ids, tables of the wrong size, addresses too large, values
// on commands that are not writes or out of order.
void validate(const Program& p);

// "value 7", "value {1, 2}" (how .bar writes a stored value).
std::string describe_value(const ValueForm& v);

// Structural equality ignoring source positions (for printer round trips).
bool same_program(const Program& a, const Program& b);

}  // namespace racecert::barriers
