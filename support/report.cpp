#include "support/report.hpp"

namespace racecert {

const char* to_string(KernelStatus s) {
  switch (s) {
    case KernelStatus::Drf: return "drf";
    case KernelStatus::Racy: return "racy";
    case KernelStatus::Divergent: return "divergent";
    case KernelStatus::Deadlock: return "deadlock";
    case KernelStatus::Unknown: return "unknown";
  }
  return "unknown";
}

namespace {
int rank(KernelStatus s) {
  switch (s) {
    case KernelStatus::Drf: return 0;
    case KernelStatus::Unknown: return 1;
    default: return 2;
  }
}
}  // namespace

KernelStatus worse(KernelStatus a, KernelStatus b) { return rank(b) > rank(a) ? b : a; }

}  // namespace racecert
