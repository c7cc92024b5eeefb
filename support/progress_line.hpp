#pragma once
// One status line rewritten in place on a terminal ("[3/40] k.cu: kernel
// 'k' (queries 37/120)"), for long runs of `racecert check`. Disabled (when
// standard error is no terminal) it writes nothing, so pipes, logs and
// tests see no change. Safe to call from several threads (the queries of a
// kernel run in parallel); an update closer than `min_interval` to the last
// one shown is dropped (the line only shows what is happening, so a
// dropped one loses nothing).
#include <chrono>
#include <cstddef>
#include <mutex>
#include <ostream>
#include <string>

namespace racecert {

class ProgressLine {
 public:
  // `width`: the terminal's columns (longer lines are cut); 0: no limit.
  ProgressLine(std::ostream& os, bool enabled, std::size_t width = 0,
               std::chrono::milliseconds min_interval = std::chrono::milliseconds(0));
  ~ProgressLine();  // clears the line

  // Replaces the line with `text`.
  void show(const std::string& text);
  // Erases the line (before the report is printed).
  void clear();

  bool enabled() const { return enabled_; }

 private:
  std::ostream& os_;
  bool enabled_;
  std::size_t width_;
  std::chrono::milliseconds min_interval_;
  std::chrono::steady_clock::time_point last_{};
  bool shown_ = false;
  std::mutex mutex_;
};

}  // namespace racecert
