#include "support/progress_line.hpp"

namespace racecert {

ProgressLine::ProgressLine(std::ostream& os, bool enabled, std::size_t width, std::chrono::milliseconds min_interval)
    : os_(os), enabled_(enabled), width_(width), min_interval_(min_interval) {}

ProgressLine::~ProgressLine() { clear(); }

void ProgressLine::show(const std::string& text) {
  if (!enabled_) return;
  std::lock_guard<std::mutex> lock(mutex_);
  auto now = std::chrono::steady_clock::now();
  if (shown_ && now - last_ < min_interval_) return;
  last_ = now;
  // Cut to the terminal's width so that the line never wraps: a wrapped
  // line could not be rewritten in place by "\r".
  std::string line = width_ > 1 && text.size() >= width_ ? text.substr(0, width_ - 1) : text;
  os_ << "\r\033[K" << line << std::flush;
  shown_ = true;
}

void ProgressLine::clear() {
  if (!enabled_) return;
  std::lock_guard<std::mutex> lock(mutex_);
  if (!shown_) return;
  os_ << "\r\033[K" << std::flush;
  shown_ = false;
}

}  // namespace racecert
