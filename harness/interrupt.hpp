#pragma once
// Ctrl-C and friends for commands that run child processes (`harness run`,
// `hook run`). Every child runs in a process group of its own (so that a
// timeout kills it whole), which also means the terminal's SIGINT reaches
// racecert but not the child. Once catch_termination_signals() is called,
// SIGINT, SIGTERM and SIGHUP no longer kill racecert on the spot: they are
// recorded, run_process forwards them to its child's group, waits for it and
// returns, new runs do not start, and the command unwinds normally (removing
// its temporary files) and exits with 128 + the signal.
namespace racecert::harness {

// Installs the handlers (idempotent). Call from the command, not a library.
void catch_termination_signals();

// The signal caught so far, or 0.
int termination_signal();

// A descriptor that becomes readable once a signal was caught (-1 before
// catch_termination_signals): poll() on it to wake up. It is never drained,
// so every waiter sees it.
int termination_fd();

// The conventional exit status after `signal`: 128 + signal.
inline int exit_status_after(int signal) { return 128 + signal; }

}  // namespace racecert::harness
