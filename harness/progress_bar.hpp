#pragma once
// A one-line progress bar, redrawn in place; drawn only when the stream is a
// terminal (a log file or a pipe gets nothing). Thread-safe.
#include <chrono>
#include <cstdio>
#include <mutex>
#include <string>

namespace racecert::harness {

class ProgressBar {
 public:
  // `enabled` false makes every call a no-op.
  ProgressBar(std::FILE* stream, std::size_t total, bool enabled);
  ~ProgressBar();
  // One more item done; `label` says which (shortened to fit).
  void step(const std::string& label);
  void finish();

 private:
  void draw(const std::string& label);
  std::FILE* stream_;
  std::size_t total_, done_ = 0;
  bool enabled_, finished_ = false;
  std::mutex mu_;
  std::chrono::steady_clock::time_point start_, last_draw_{};
};

// Whether a progress bar should be shown on this stream.
bool is_terminal(std::FILE* stream);

}  // namespace racecert::harness
