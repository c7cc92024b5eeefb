#pragma once
// Runs one tool invocation as a separate process: its own process group (so a
// timeout kills the tool and everything it started), stdin fed from a string
// (or /dev/null), stdout and stderr captured, wall time, CPU time and peak
// resident memory measured. A caught termination signal (interrupt.hpp) is
// forwarded to the child's group.
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "support/self_executable.hpp"  // self_executable(), used with find_program

namespace racecert::harness {

struct ProcessSpec {
  std::vector<std::string> argv;  // argv[0] is looked up on PATH unless it has a '/'
  std::string cwd;                // empty: the caller's
  double timeout_s = 0;           // 0: none
  std::string stdin_data;         // fed on stdin, then closed (empty: /dev/null)
  bool feed_stdin = false;
  std::vector<std::pair<std::string, std::string>> env;  // set (or override) in the child
  std::size_t output_limit = 8u << 20;  // per stream; the rest is read and dropped
  // racecert-measure, to measure peak memory (see measure_launcher.cpp);
  // empty: not measured (peak_rss_kb stays -1).
  std::string launcher;
  // Instead of argv: run this function in a forked child whose stdout and
  // stderr are captured; its result is the exit code. The child shares the
  // caller's loaded state (no exec), so the caller must have no other thread
  // running: a forked child of a threaded process can deadlock on a lock
  // another thread held. Memory is not measured (a forked child's peak
  // includes its parent's pages).
  std::function<int()> child_main;
};

struct ProcessResult {
  bool started = false;
  std::string start_error;   // why it could not start (not found, not executable)
  bool timed_out = false;    // killed by the timeout
  int exit_code = -1;        // when it exited
  int signal = 0;            // when a signal ended it (SIGKILL after a timeout included)
  double wall_s = 0;
  double cpu_s = 0;          // user + system, the process and its waited-for children
  long peak_rss_kb = -1;     // largest resident set of the process or any waited-for descendant;
                             // -1 without a launcher
  std::string out, err;
  bool truncated = false;
  // A termination signal was caught while it ran (or before it could start):
  // it was forwarded to the child's group, then SIGKILL after a grace period.
  bool interrupted = false;

  bool exited_normally() const { return started && !timed_out && !interrupted && signal == 0; }
  // "exit 1", "signal 11 (Segmentation fault)", "timeout after 2.0 s", "not started: ...",
  // "interrupted by signal 2"
  std::string describe() const;
};

// Never throws for a failing program: the result says what happened. After
// a termination signal was caught, returns at once without starting anything.
ProcessResult run_process(const ProcessSpec& spec);

// Seconds a child gets to exit after a forwarded termination signal before
// its group is killed.
constexpr double kInterruptGraceSeconds = 2.0;

// The absolute path of `name` on PATH (or `name` itself when it contains a
// '/' and is executable); empty when not found.
std::string find_program(const std::string& name);

// The racecert-measure launcher: $RACECERT_MEASURE, else next to the running
// executable; empty when there is none.
std::string default_measure_launcher();

}  // namespace racecert::harness
