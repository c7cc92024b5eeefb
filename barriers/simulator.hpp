#pragma once
// Simulates one schedule of a program at unit (warp) granularity and assigns
// every barrier command its generation (Sec. 4.2 of the WEFT paper). Units
// take turns, one command each (round robin), which tends to find the
// schedule the programmer had in mind, so a failing recycling check can say
// which registration is unordered instead of reporting a derived deadlock.
//
// Completing a generation and recycling the barrier are a single step: the
// registration that brings the count to n completes the generation, wakes its
// syncs and leaves the barrier unconfigured for the next registration.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "barriers/program.hpp"

namespace racecert::barriers {

inline constexpr std::uint64_t kNeverCompleted = ~std::uint64_t{0};
inline constexpr std::uint32_t kNone = 0xffffffffu;

// A command of a unit.
struct CmdRef {
  std::uint32_t unit = 0, cmd = 0;
  friend bool operator==(const CmdRef&, const CmdRef&) = default;
  friend auto operator<=>(const CmdRef&, const CmdRef&) = default;
};

// A dynamic barrier: one generation of one named barrier.
struct Generation {
  std::uint32_t barrier = 0;
  std::uint32_t number = 0;  // 1-based generation number of this barrier
  std::uint32_t count = 0;   // threads expected (set by the first registration)
  std::uint32_t registered = 0;
  std::vector<CmdRef> parts;  // registrations in schedule order
  std::uint64_t completed_at = kNeverCompleted;  // rank in completion order
  bool has_sync = false;
};

// A barrier command of a unit and the generation it joined.
struct BarrierRef {
  std::uint32_t cmd = 0;
  std::uint32_t gen = 0;  // index into Schedule::gens
  bool sync = false;
};

// Why a program is not well-synchronized (all cases make the generation
// assignment schedule-dependent or the execution fail).
struct SyncViolation {
  enum class Kind {
    Deadlock,          // no unit can move, some wait at a sync
    CountMismatch,     // a registration disagrees with the generation's count
    Overflow,          // a unit's threads exceed what the generation still needs
    UnsafeRecycling,   // a registration of generation k+1 may join generation k
    FirstRegistration, // a unit's first command registers on generation >= 2
  };
  Kind kind = Kind::Deadlock;
  std::uint32_t barrier = 0, generation = 0;  // the generation involved (1-based)
  CmdRef at;          // the offending command (Deadlock: the first waiting unit)
  CmdRef other;       // CountMismatch: the configuring registration;
                      // UnsafeRecycling: a registration of generation k not ordered before `at`
  bool has_other = false;
  struct Wait {
    CmdRef at;
    std::uint32_t barrier, generation, registered, count;
  };
  std::vector<Wait> waits;  // Deadlock: every waiting unit
};
const char* to_string(SyncViolation::Kind k);

struct Schedule {
  std::vector<Generation> gens;
  std::vector<std::vector<BarrierRef>> barrier_cmds;  // per unit, in program order (executed ones)
  std::optional<SyncViolation> violation;  // set when the simulated schedule fails
  std::uint64_t steps = 0;

  // The generation of a barrier command, or kNone when it never registered.
  std::uint32_t gen_of(CmdRef c) const;
};

// Runs the schedule. Opaque commands are skipped (check() refuses them first).
Schedule simulate(const Program& p);

}  // namespace racecert::barriers
