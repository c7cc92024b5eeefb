#include "harness/classify.hpp"

namespace racecert::harness {

namespace {
constexpr const char* kNames[] = {"correct-drf", "correct-race", "false-alarm", "missed-race",    "unsupported",
                                  "timeout",     "crash",        "malformed-input", "skipped"};
constexpr const char* kDisplay[] = {"correct DRF", "correct race", "false alarm", "missed race",   "unsupported",
                                    "timeout",     "crash",        "malformed input", "skipped"};
static_assert(sizeof kNames / sizeof kNames[0] == kOutcomeCount);
}  // namespace

const char* to_string(Outcome o) { return kNames[static_cast<int>(o)]; }
const char* display_name(Outcome o) { return kDisplay[static_cast<int>(o)]; }

bool parse_outcome(const std::string& s, Outcome& out) {
  for (int i = 0; i < kOutcomeCount; ++i)
    if (s == kNames[i]) {
      out = static_cast<Outcome>(i);
      return true;
    }
  return false;
}

Outcome classify(Expected expected, Verdict verdict) {
  switch (verdict) {
    case Verdict::Malformed: return Outcome::MalformedInput;
    case Verdict::Skipped: return Outcome::Skipped;
    case Verdict::Timeout: return Outcome::Timeout;
    case Verdict::Error: return Outcome::Crash;
    case Verdict::Unknown:
    case Verdict::Bounded:
    case Verdict::Unsupported: return Outcome::Unsupported;
    case Verdict::Assertion:
    case Verdict::Racy:
    case Verdict::Divergent:
    case Verdict::Deadlock: return expected == Expected::Racy ? Outcome::CorrectRace : Outcome::FalseAlarm;
    case Verdict::Drf: return expected == Expected::Racy ? Outcome::MissedRace : Outcome::CorrectDrf;
  }
  return Outcome::Crash;
}

bool solved(Outcome o) { return o == Outcome::CorrectDrf || o == Outcome::CorrectRace; }

}  // namespace racecert::harness
