#include "progress/synth.hpp"

#include <chrono>
#include <mutex>

#include "progress/oracle.hpp"
#include "support/diagnostic.hpp"
#include "support/parallel.hpp"

namespace racecert::progress {

namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

void check_bounds(const SynthBounds& b, const SynthOptions& o) {
  if (b.threads < 1 || b.threads > 8) throw usage_error("--threads must be between 1 and 8");
  if (b.instructions < b.threads) throw usage_error("--instructions must be at least --threads (each thread has one)");
  if (b.instructions - b.threads + 1 >= kMaxSynthLength) throw usage_error("--instructions is too large");
  if (b.locations < 1 || b.locations > kMaxSynthLocations)
    throw usage_error("--locations must be between 1 and " + std::to_string(kMaxSynthLocations));
  if (b.values < 1 || b.values > kMaxSynthValues)
    throw usage_error("--values must be between 1 and " + std::to_string(kMaxSynthValues));
  for (const auto& shape : thread_shapes(b)) {
    double states = 1;
    for (unsigned x = 0; x < b.locations; ++x) states *= b.values;
    for (auto len : shape) states *= len + 1;
    if (states > static_cast<double>(kMaxSynthStates))
      throw usage_error("bounds too large: a candidate may have " + std::to_string(static_cast<std::uint64_t>(states)) +
                        " states");
  }
  const double est = estimate_candidates(b, o.allow_nops);
  if (est > static_cast<double>(o.max_candidates))
    throw usage_error("bounds too large: about " + std::to_string(static_cast<std::uint64_t>(est)) +
                      " candidate programs (raise --max-candidates to insist)");
}

}  // namespace

double estimate_candidates(const SynthBounds& b, bool allow_nops) {
  const double L = b.locations, V = b.values;
  double total = 0;
  for (const auto& shape : thread_shapes(b)) {
    double n = 1;
    for (auto len : shape)
      for (std::uint32_t pc = 0; pc < len; ++pc)  // stores + branches (+ nop)
        n *= L * (V + len * V * (1 + V)) + (allow_nops ? 1 : 0);
    total += n;
  }
  return total;
}

SynthResult synthesize(const SynthBounds& b, const SynthOptions& o) {
  check_bounds(b, o);
  SynthResult result;
  result.bounds = b;
  const auto t0 = std::chrono::steady_clock::now();

  struct Task {
    std::size_t shape;
    std::vector<Instr> prefix;
  };
  const auto shapes = thread_shapes(b);
  std::vector<Task> tasks;
  const std::size_t depth = b.instructions >= 4 ? 2 : 1;
  for (std::size_t s = 0; s < shapes.size(); ++s) {
    Enumerator e(b, shapes[s], o.allow_nops);
    for (auto& prefix : e.prefixes(depth)) tasks.push_back({s, std::move(prefix)});
  }
  struct TaskResult {
    std::vector<SynthTest> tests;
    SynthStats stats;
  };
  std::vector<TaskResult> results(tasks.size());
  parallel_for(tasks.size(), o.jobs, [&](std::size_t k) {
    const Task& task = tasks[k];
    Enumerator e(b, shapes[task.shape], o.allow_nops);
    CandidateChecker checker(shapes[task.shape], b.locations, b.values, o.max_states, o.max_actions);
    TaskResult& r = results[k];
    e.run(task.prefix, [&](const Program& p) {
      ++r.stats.candidates;
      const CandidateResult c = checker.check(p);
      if (c.reason != Reject::None) {
        ++r.stats.rejected[static_cast<std::size_t>(c.reason)];
        return;
      }
      r.tests.push_back(SynthTest{p, c.states, c.actions, {}});
    });
  });
  for (auto& r : results) {
    result.stats.candidates += r.stats.candidates;
    for (std::size_t i = 0; i < r.stats.rejected.size(); ++i) result.stats.rejected[i] += r.stats.rejected[i];
    for (auto& t : r.tests) result.tests.push_back(std::move(t));
  }
  result.stats.enumerate_seconds = seconds_since(t0);

  const auto t1 = std::chrono::steady_clock::now();
  if (o.classify) {
    parallel_for(result.tests.size(), o.jobs, [&](std::size_t k) {
      CheckOptions co;
      co.witness = false;
      Checker checker(result.tests[k].program, co);
      result.tests[k].labels = classify(checker.check_all());
    });
    for (const auto& t : result.tests) result.table4.add(t.labels);
  }
  result.stats.classify_seconds = seconds_since(t1);
  return result;
}

}  // namespace racecert::progress
