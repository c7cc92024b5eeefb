#include "harness/progress_bar.hpp"

#include <unistd.h>

namespace racecert::harness {

bool is_terminal(std::FILE* stream) { return ::isatty(::fileno(stream)) != 0; }

ProgressBar::ProgressBar(std::FILE* stream, std::size_t total, bool enabled)
    : stream_(stream), total_(total), enabled_(enabled && total > 0), start_(std::chrono::steady_clock::now()) {}

ProgressBar::~ProgressBar() { finish(); }

void ProgressBar::step(const std::string& label) {
  if (!enabled_) return;
  std::lock_guard<std::mutex> lock(mu_);
  ++done_;
  auto now = std::chrono::steady_clock::now();
  // Redrawing at most ten times a second keeps a fast run from flooding the terminal.
  if (done_ < total_ && now - last_draw_ < std::chrono::milliseconds(100)) return;
  last_draw_ = now;
  draw(label);
}

void ProgressBar::draw(const std::string& label) {
  constexpr int kWidth = 30;
  int filled = static_cast<int>(static_cast<double>(done_) / static_cast<double>(total_) * kWidth);
  std::string bar(static_cast<std::size_t>(filled), '#');
  bar.resize(kWidth, '.');
  double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  std::string shown = label.size() > 40 ? "..." + label.substr(label.size() - 37) : label;
  std::fprintf(stream_, "\r\033[K[%s] %zu/%zu  %.0fs  %s", bar.c_str(), done_, total_, elapsed, shown.c_str());
  std::fflush(stream_);
}

void ProgressBar::finish() {
  if (!enabled_) return;
  std::lock_guard<std::mutex> lock(mu_);
  if (finished_) return;
  finished_ = true;
  std::fprintf(stream_, "\r\033[K");
  std::fflush(stream_);
}

}  // namespace racecert::harness
