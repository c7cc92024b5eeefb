// racecert-measure: runs a tool as its child and reports the child's
// resource usage. The harness starts every tool through it because peak
// memory (ru_maxrss) cannot be measured directly from racecert: a child
// started by fork or posix_spawn from a process inherits that process's
// resident set as its high-water mark (Linux records the old address space's
// peak at exec), so every tool would seem to use at least racecert's own
// ~50-100 MB. This launcher is small, so the floor it leaves is ~1 MB.
//
//   racecert-measure PROGRAM ARGS...      (PROGRAM: an absolute path)
//
// The report goes to file descriptor 3, which the harness opens:
//   "<wait status> <maxrss kB> <user us> <system us>\n"
// then the launcher exits with the child's exit code (or 128 + signal).
// Only libc: it is linked statically when the toolchain allows.
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>

int main(int argc, char** argv) {
  if (argc < 2) {
    const char msg[] = "usage: racecert-measure PROGRAM ARGS... (report on fd 3)\n";
    ssize_t ignored = write(2, msg, sizeof msg - 1);
    (void)ignored;
    return 3;
  }
  bool report = fcntl(3, F_GETFD) != -1;
  if (report) fcntl(3, F_SETFD, FD_CLOEXEC);  // the tool does not inherit it
  pid_t pid = fork();
  if (pid < 0) return 127;
  if (pid == 0) {
    execv(argv[1], argv + 1);
    _exit(127);
  }
  // Signals that would end the launcher only: the harness kills the whole
  // process group on a timeout anyway.
  signal(SIGINT, SIG_IGN);
  signal(SIGTERM, SIG_IGN);
  int status = 0;
  struct rusage ru {};
  while (wait4(pid, &status, 0, &ru) < 0)
    if (errno != EINTR) return 127;
  if (report) {
    char line[128];
    int n = snprintf(line, sizeof line, "%d %ld %lld %lld\n", status, ru.ru_maxrss,
                     (long long)ru.ru_utime.tv_sec * 1000000 + ru.ru_utime.tv_usec,
                     (long long)ru.ru_stime.tv_sec * 1000000 + ru.ru_stime.tv_usec);
    ssize_t ignored = write(3, line, static_cast<size_t>(n));
    (void)ignored;
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}
