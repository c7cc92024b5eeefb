#include "support/report.hpp"

namespace racecert {

const char* to_string(KernelStatus s) {
  switch (s) {
    case KernelStatus::Drf: return "drf";
    case KernelStatus::Racy: return "racy";
    case KernelStatus::Divergent: return "divergent";
    case KernelStatus::Deadlock: return "deadlock";
    case KernelStatus::Assertion: return "assertion";
    case KernelStatus::Bounded: return "bounded";
    case KernelStatus::Unknown: return "unknown";
  }
  return "unknown";
}

namespace {
int rank(KernelStatus s) {
  switch (s) {  // exhaustive: a new status must be ranked
    case KernelStatus::Drf: return 0;
    case KernelStatus::Bounded: return 1;
    case KernelStatus::Unknown: return 2;
    case KernelStatus::Racy:
    case KernelStatus::Divergent:
    case KernelStatus::Deadlock:
    case KernelStatus::Assertion: return 3;
  }
  return 2;
}
}  // namespace

KernelStatus worse(KernelStatus a, KernelStatus b) { return rank(b) > rank(a) ? b : a; }

ExitCode exit_code(KernelStatus s, bool accept_bounded) {
  switch (s) {
    case KernelStatus::Drf: return kExitOk;
    case KernelStatus::Bounded: return accept_bounded ? kExitOk : kExitInconclusive;
    case KernelStatus::Unknown: return kExitInconclusive;
    case KernelStatus::Racy:
    case KernelStatus::Divergent:
    case KernelStatus::Deadlock:
    case KernelStatus::Assertion: return kExitViolation;
  }
  return kExitInconclusive;
}

}  // namespace racecert
