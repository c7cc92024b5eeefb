// posix_spawn rather than fork: the harness runs tools from several threads,
// and a forked child of a multi-threaded process may only call
// async-signal-safe functions until exec; posix_spawn does the setup (process
// group, descriptors, working directory, default signals) for us.
//
// Waiting uses a pidfd when the kernel has one, so the wall time is taken the
// moment the child exits rather than at the next polling tick.
//
// ProcessSpec::child_main is the exception: it forks without exec, to run a
// function of this process isolated (the in-process racecert adapter).
#include "harness/process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <map>

#include "harness/interrupt.hpp"

extern char** environ;

namespace racecert::harness {

namespace {

using Clock = std::chrono::steady_clock;

struct Fd {
  int fd = -1;
  Fd() = default;
  explicit Fd(int f) : fd(f) {}
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd() { reset(); }
  void reset() {
    if (fd >= 0) ::close(fd);
    fd = -1;
  }
};

bool make_pipe(Fd& read_end, Fd& write_end) {
  int p[2];
  if (::pipe2(p, O_CLOEXEC) != 0) return false;
  read_end.fd = p[0];
  write_end.fd = p[1];
  return true;
}

int open_pidfd(pid_t pid) {
#ifdef SYS_pidfd_open
  return static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
#else
  return -1;
#endif
}

std::vector<std::string> child_environment(const ProcessSpec& spec) {
  std::map<std::string, std::string> vars;
  std::vector<std::string> order;
  for (char** e = environ; e && *e; ++e) {
    std::string kv = *e;
    auto eq = kv.find('=');
    if (eq == std::string::npos) continue;
    std::string k = kv.substr(0, eq);
    if (!vars.count(k)) order.push_back(k);
    vars[k] = kv.substr(eq + 1);
  }
  for (const auto& [k, v] : spec.env) {
    if (!vars.count(k)) order.push_back(k);
    vars[k] = v;
  }
  std::vector<std::string> out;
  for (const auto& k : order) out.push_back(k + "=" + vars[k]);
  return out;
}

// Reads what is available; false at end of file.
bool drain(int fd, std::string& into, std::size_t limit, bool& truncated) {
  char buf[65536];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n > 0) {
      std::size_t keep = into.size() < limit ? std::min(limit - into.size(), static_cast<std::size_t>(n)) : 0;
      into.append(buf, keep);
      if (keep < static_cast<std::size_t>(n)) truncated = true;
      continue;
    }
    if (n == 0) return false;
    if (errno == EINTR) continue;
    return errno == EAGAIN || errno == EWOULDBLOCK;
  }
}

}  // namespace

std::string ProcessResult::describe() const {
  if (interrupted) return "interrupted by signal " + std::to_string(termination_signal());
  if (!started) return "not started: " + start_error;
  if (timed_out) return "timeout after " + std::to_string(wall_s).substr(0, 5) + " s";
  if (signal) return "signal " + std::to_string(signal) + " (" + strsignal(signal) + ")";
  return "exit " + std::to_string(exit_code);
}

std::string find_program(const std::string& name) {
  if (name.empty()) return "";
  if (name.find('/') != std::string::npos)
    return ::access(name.c_str(), X_OK) == 0 ? std::filesystem::absolute(name).string() : "";
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/local/bin:/usr/bin:/bin";
  std::size_t start = 0;
  while (start <= dirs.size()) {
    std::size_t colon = dirs.find(':', start);
    std::string dir = dirs.substr(start, colon == std::string::npos ? std::string::npos : colon - start);
    std::string candidate = (dir.empty() ? "." : dir) + "/" + name;
    std::error_code ec;
    if (std::filesystem::is_regular_file(candidate, ec) && ::access(candidate.c_str(), X_OK) == 0)
      return std::filesystem::absolute(candidate).string();
    if (colon == std::string::npos) break;
    start = colon + 1;
  }
  return "";
}

std::string default_measure_launcher() {
  if (const char* env = std::getenv("RACECERT_MEASURE"); env && *env) return find_program(env);
  std::string self = self_executable();
  if (self.empty()) return "";
  return find_program((std::filesystem::path(self).parent_path() / "racecert-measure").string());
}

namespace {

// The parts of a child's start that both ways of starting share.
struct Started {
  pid_t pid = -1;
  std::string error;  // empty when it started
};

Started spawn_program(const ProcessSpec& spec, const std::string& found, Fd& in_r, Fd& out_w, Fd& err_w,
                      Fd& report_w) {
  std::string program = found;
  bool measured = !spec.launcher.empty();
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (spec.feed_stdin) posix_spawn_file_actions_adddup2(&actions, in_r.fd, 0);
  else posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, out_w.fd, 1);
  posix_spawn_file_actions_adddup2(&actions, err_w.fd, 2);
  if (measured) posix_spawn_file_actions_adddup2(&actions, report_w.fd, 3);
  if (!spec.cwd.empty()) posix_spawn_file_actions_addchdir_np(&actions, spec.cwd.c_str());

  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t none, defaults;
  sigemptyset(&none);
  sigemptyset(&defaults);
  for (int s : {SIGPIPE, SIGINT, SIGTERM, SIGCHLD, SIGHUP}) sigaddset(&defaults, s);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setpgroup(&attr, 0);  // a group of its own: the timeout kills it whole
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);

  std::vector<std::string> env = child_environment(spec);
  std::vector<std::string> args = spec.argv;
  if (measured) {
    args[0] = program;
    args.insert(args.begin(), spec.launcher);
    program = spec.launcher;
  }
  std::vector<char*> argv, envp;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  for (const auto& e : env) envp.push_back(const_cast<char*>(e.c_str()));
  envp.push_back(nullptr);

  Started s;
  int rc = ::posix_spawn(&s.pid, program.c_str(), &actions, &attr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  if (rc != 0) s.error = "'" + spec.argv[0] + "': " + std::strerror(rc);
  return s;
}

// fork without exec, for ProcessSpec::child_main: the child is set up as
// posix_spawn would set up a program (own group, default signals, captured
// output), runs the function and leaves with _exit, so none of the parent's
// atexit handlers or static destructors run twice.
Started fork_function(const ProcessSpec& spec, Fd& out_w, Fd& err_w) {
  // Buffered output would otherwise be written by both processes.
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  // Termination signals are blocked across the fork: the child must not run
  // the parent's handler (interrupt.cpp) before it has restored the default.
  sigset_t termination, old_mask;
  sigemptyset(&termination);
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&termination, sig);
  ::pthread_sigmask(SIG_BLOCK, &termination, &old_mask);
  Started s;
  s.pid = ::fork();
  if (s.pid != 0) {
    ::pthread_sigmask(SIG_SETMASK, &old_mask, nullptr);
    if (s.pid < 0) s.error = std::string("fork: ") + std::strerror(errno);
    else ::setpgid(s.pid, s.pid);  // also done by the child: whichever runs first
    return s;
  }
  ::setpgid(0, 0);
  for (int sig : {SIGPIPE, SIGINT, SIGTERM, SIGCHLD, SIGHUP}) ::signal(sig, SIG_DFL);
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  int null_fd = ::open("/dev/null", O_RDONLY);
  if (null_fd < 0 || ::dup2(null_fd, 0) < 0 || ::dup2(out_w.fd, 1) < 0 || ::dup2(err_w.fd, 2) < 0) ::_exit(127);
  if (!spec.cwd.empty() && ::chdir(spec.cwd.c_str()) != 0) ::_exit(127);
  for (const auto& [k, v] : spec.env) ::setenv(k.c_str(), v.c_str(), 1);
  int code = 70;  // EX_SOFTWARE: an exception escaped, which the tool's answer counts as a crash
  try {
    code = spec.child_main();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "uncaught exception: %s\n", e.what());
  } catch (...) {
    std::fprintf(stderr, "uncaught exception\n");
  }
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  ::_exit(code & 0xff);
}

}  // namespace

ProcessResult run_process(const ProcessSpec& spec) {
  ProcessResult r;
  if (termination_signal()) {
    r.interrupted = true;
    r.start_error = "interrupted";
    return r;
  }
  bool in_child = static_cast<bool>(spec.child_main);
  if (!in_child && spec.argv.empty()) {
    r.start_error = "empty command";
    return r;
  }
  std::string program = in_child ? std::string() : find_program(spec.argv[0]);
  if (!in_child && program.empty()) {
    r.start_error = "'" + spec.argv[0] + "' not found or not executable";
    return r;
  }
  Fd out_r, out_w, err_r, err_w, in_r, in_w, report_r, report_w;
  bool measured = !in_child && !spec.launcher.empty();
  bool feed = !in_child && spec.feed_stdin;
  if (!make_pipe(out_r, out_w) || !make_pipe(err_r, err_w) || (feed && !make_pipe(in_r, in_w)) ||
      (measured && !make_pipe(report_r, report_w))) {
    r.start_error = std::string("pipe: ") + std::strerror(errno);
    return r;
  }

  auto start = Clock::now();
  Started child = in_child ? fork_function(spec, out_w, err_w) : spawn_program(spec, program, in_r, out_w, err_w, report_w);
  if (!child.error.empty()) {
    r.start_error = child.error;
    return r;
  }
  pid_t pid = child.pid;
  r.started = true;
  out_w.reset();
  err_w.reset();
  in_r.reset();
  report_w.reset();
  for (int fd : {out_r.fd, err_r.fd, in_w.fd})
    if (fd >= 0) ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);

  Fd pidfd(open_pidfd(pid));
  auto after = [](double seconds) {
    return Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  };
  auto deadline = spec.timeout_s > 0 ? start + std::chrono::duration_cast<Clock::duration>(
                                                    std::chrono::duration<double>(spec.timeout_s))
                                     : Clock::time_point::max();
  std::size_t fed = 0;
  bool out_open = true, err_open = true, exited = false;
  int status = 0;
  rusage usage{};

  auto try_reap = [&](int flags) {
    pid_t w;
    do w = ::wait4(pid, &status, flags, &usage);
    while (w < 0 && errno == EINTR);
    if (w == pid) {
      exited = true;
      r.wall_s = std::chrono::duration<double>(Clock::now() - start).count();
    }
  };

  while (!exited) {
    // A caught signal goes to the child's group (which the terminal's
    // Ctrl-C does not reach); the child then has a grace period to exit
    // before the group is killed, like a timeout.
    if (!r.interrupted && termination_signal()) {
      ::kill(-pid, termination_signal());
      r.interrupted = true;
      deadline = std::min(deadline, after(kInterruptGraceSeconds));
    }
    std::vector<pollfd> fds;
    if (out_open) fds.push_back({out_r.fd, POLLIN, 0});
    if (err_open) fds.push_back({err_r.fd, POLLIN, 0});
    if (in_w.fd >= 0) fds.push_back({in_w.fd, POLLOUT, 0});
    if (pidfd.fd >= 0) fds.push_back({pidfd.fd, POLLIN, 0});
    if (!r.interrupted && termination_fd() >= 0) fds.push_back({termination_fd(), POLLIN, 0});
    int wait_ms = pidfd.fd >= 0 ? 1000 : 5;
    if (deadline != Clock::time_point::max()) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
      wait_ms = static_cast<int>(std::max<long long>(0, std::min<long long>(wait_ms, left + 1)));
    }
    ::poll(fds.data(), fds.size(), wait_ms);
    for (const auto& p : fds) {
      if (!(p.revents & (POLLIN | POLLHUP | POLLERR | POLLOUT))) continue;
      if (p.fd == out_r.fd) out_open = drain(out_r.fd, r.out, spec.output_limit, r.truncated);
      else if (p.fd == err_r.fd) err_open = drain(err_r.fd, r.err, spec.output_limit, r.truncated);
      else if (p.fd == in_w.fd) {
        ssize_t n = ::write(in_w.fd, spec.stdin_data.data() + fed, spec.stdin_data.size() - fed);
        if (n > 0) fed += static_cast<std::size_t>(n);
        if ((n < 0 && errno != EAGAIN && errno != EINTR) || fed == spec.stdin_data.size()) in_w.reset();
      }
    }
    try_reap(WNOHANG);
    if (!exited && Clock::now() >= deadline) {
      ::kill(-pid, SIGKILL);
      r.timed_out = !r.interrupted;
      try_reap(0);
    }
  }
  in_w.reset();
  // Whatever the tool left running in its group (a solver it spawned) would
  // keep the pipes open and the harness waiting: end it.
  ::kill(-pid, SIGKILL);
  auto drain_until = Clock::now() + std::chrono::seconds(1);
  while ((out_open || err_open) && Clock::now() < drain_until) {
    std::vector<pollfd> fds;
    if (out_open) fds.push_back({out_r.fd, POLLIN, 0});
    if (err_open) fds.push_back({err_r.fd, POLLIN, 0});
    ::poll(fds.data(), fds.size(), 50);
    if (out_open) out_open = drain(out_r.fd, r.out, spec.output_limit, r.truncated);
    if (err_open) err_open = drain(err_r.fd, r.err, spec.output_limit, r.truncated);
  }

  r.cpu_s = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
            static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6;
  if (measured) {
    // The launcher's report is about the tool itself; without one (killed
    // by the timeout) the launcher's own status stands and memory is unknown.
    ::fcntl(report_r.fd, F_SETFL, ::fcntl(report_r.fd, F_GETFL) | O_NONBLOCK);
    std::string report;
    bool unused = false;
    drain(report_r.fd, report, 256, unused);
    int tool_status = 0;
    long maxrss = 0;
    long long user_us = 0, sys_us = 0;
    if (!r.timed_out &&
        std::sscanf(report.c_str(), "%d %ld %lld %lld", &tool_status, &maxrss, &user_us, &sys_us) == 4) {
      status = tool_status;
      r.peak_rss_kb = maxrss;  // Linux: kilobytes; includes the tool's reaped descendants
      r.cpu_s = static_cast<double>(user_us + sys_us) * 1e-6;
    }
  }
  if (WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) r.signal = WTERMSIG(status);
  return r;
}

}  // namespace racecert::harness
