// Benchmark of racecert progress (issue 4), run by hand, not by ctest:
//   progress_bench [--latency] [--synth] [--bounds 2x2,2x3,...] [--jobs N]
// Latency: all 11 verdicts (with witnesses, graphs built from scratch) for
// every 3-thread 4-instruction litmus test (the paper's largest bound, as
// synthesized here) and for the paper's idioms. Synthesis: candidates, tests
// and time per bound.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cxxopts.hpp>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "progress/oracle.hpp"
#include "progress/parser.hpp"
#include "progress/synth.hpp"

using namespace racecert::progress;
using Clock = std::chrono::steady_clock;

namespace {

struct Stats {
  double median_us, mean_us, p99_us, max_us;
};

Stats summarize(std::vector<double> us) {
  std::sort(us.begin(), us.end());
  double sum = 0;
  for (double u : us) sum += u;
  return {us[us.size() / 2], sum / static_cast<double>(us.size()), us[us.size() * 99 / 100], us.back()};
}

// Microseconds for all 11 verdicts of p, best of `repeat` runs (the machine
// is shared; the minimum is the least disturbed measurement).
double eleven_verdicts_us(const Program& p, int repeat) {
  double best = 1e300;
  for (int r = 0; r < repeat; ++r) {
    const auto t0 = Clock::now();
    Checker c(p);
    auto verdicts = c.check_all();
    const double us = std::chrono::duration<double, std::micro>(Clock::now() - t0).count();
    if (verdicts.size() != 11) std::abort();
    best = std::min(best, us);
  }
  return best;
}

void latency(int jobs, const std::string& datasets) {
  SynthOptions o;
  o.jobs = jobs;
  o.classify = false;
  const SynthResult r34 = synthesize({3, 4, 2, 2}, o);
  std::vector<double> us;
  for (const auto& t : r34.tests) us.push_back(eleven_verdicts_us(t.program, 5));
  Stats s = summarize(us);
  std::printf("11 verdicts, %zu synthesized 3-thread 4-instruction tests (best of 5 each):\n", us.size());
  std::printf("  median %.1f us, mean %.1f us, p99 %.1f us, max %.1f us\n", s.median_us, s.mean_us, s.p99_us,
              s.max_us);
  std::printf("11 verdicts, the paper's idioms (best of 20):\n");
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(datasets))
    if (e.path().extension() == ".test") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  for (const auto& f : files)
    std::printf("  %-40s %8.1f us\n", std::filesystem::path(f).filename().c_str(),
                eleven_verdicts_us(load_program(f), 20));
}

void synth(int jobs, const std::vector<SynthBounds>& bounds) {
  std::printf("%-8s %14s %9s %10s %10s %10s\n", "bound", "candidates", "tests", "enum s", "classify s", "total s");
  for (const SynthBounds& b : bounds) {
    SynthOptions o;
    o.jobs = jobs;
    const SynthResult r = synthesize(b, o);
    std::printf("%ux%u%-4s %14llu %9zu %10.2f %10.2f %10.2f\n", b.threads, b.instructions,
                (b.locations != 2 || b.values != 2)
                    ? ("L" + std::to_string(b.locations) + "V" + std::to_string(b.values)).c_str()
                    : "",
                static_cast<unsigned long long>(r.stats.candidates), r.tests.size(), r.stats.enumerate_seconds,
                r.stats.classify_seconds, r.stats.enumerate_seconds + r.stats.classify_seconds);
    std::fflush(stdout);
  }
}

std::vector<SynthBounds> parse_bounds(const std::string& spec) {
  // "2x2,3x4,2x3L3V3": threads x instructions [L locations] [V values].
  std::vector<SynthBounds> out;
  std::stringstream ss(spec);
  for (std::string item; std::getline(ss, item, ',');) {
    SynthBounds b;
    if (std::sscanf(item.c_str(), "%ux%uL%uV%u", &b.threads, &b.instructions, &b.locations, &b.values) < 2)
      throw std::runtime_error("bad bound '" + item + "'");
    out.push_back(b);
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  cxxopts::Options opts("progress_bench", "Benchmark of racecert progress: verdict latency and synthesis time.");
  opts.add_options()("latency", "measure verdict latency")("synth", "measure synthesis per bound")(
      "bounds", "comma-separated TxI[LxVy] bounds",
      cxxopts::value<std::string>()->default_value("2x2,2x3,2x4,3x3,3x4,4x4,5x5,4x5,3x5,2x5"))(
      "jobs", "worker threads", cxxopts::value<int>()->default_value("0"))(
      "datasets", "idiom directory", cxxopts::value<std::string>()->default_value("datasets/progress"))(
      "h,help", "help");
  auto r = opts.parse(argc, argv);
  if (r.count("help")) {
    std::printf("%s\n", opts.help().c_str());
    return 0;
  }
  const bool all = !r.count("latency") && !r.count("synth");
  if (all || r.count("latency")) latency(r["jobs"].as<int>(), r["datasets"].as<std::string>());
  if (all || r.count("synth")) synth(r["jobs"].as<int>(), parse_bounds(r["bounds"].as<std::string>()));
  return 0;
}
