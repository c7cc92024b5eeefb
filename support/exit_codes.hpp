#pragma once
// Exit codes shared by every racecert command (documented in README.md).
namespace racecert {
enum ExitCode : int {
  kExitOk = 0,           // every kernel DRF / property holds
  kExitViolation = 1,    // a race, divergence, deadlock or violated property
  kExitBadInput = 2,     // input unreadable or malformed
  kExitUsage = 3,        // bad command line
  kExitInconclusive = 4, // unsupported construct, solver unknown, timeout
};
}  // namespace racecert
