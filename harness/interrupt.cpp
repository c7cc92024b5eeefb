// A self-pipe: the handler may only do async-signal-safe things, so it stores
// the signal and writes one byte; threads waiting in poll() (one per running
// child) wake up on the pipe, whichever thread the kernel delivered the
// signal to.
#include "harness/interrupt.hpp"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <mutex>

namespace racecert::harness {

namespace {

std::atomic<int> caught{0};
int pipe_fds[2] = {-1, -1};

extern "C" void on_termination_signal(int sig) {
  int expected = 0;
  caught.compare_exchange_strong(expected, sig);  // the first signal decides the exit status
  char byte = 1;
  [[maybe_unused]] ssize_t n = ::write(pipe_fds[1], &byte, 1);
}

}  // namespace

void catch_termination_signals() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (::pipe2(pipe_fds, O_CLOEXEC | O_NONBLOCK) != 0) return;  // then signals keep their default action
    struct sigaction sa {};
    sa.sa_handler = on_termination_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    for (int s : {SIGINT, SIGTERM, SIGHUP}) ::sigaction(s, &sa, nullptr);
  });
}

int termination_signal() { return caught.load(); }

int termination_fd() { return pipe_fds[0]; }

}  // namespace racecert::harness
