#include "harness/summary.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

namespace racecert::harness {

namespace {

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

std::string fixed(double v, int digits) {
  if (std::isnan(v)) return "–";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

// Markdown table cells may not hold '|' or newlines.
std::string cell(const std::string& s) {
  std::string out;
  for (char c : s) out += c == '|' ? std::string("\\|") : c == '\n' ? std::string(" ") : std::string(1, c);
  return out;
}

}  // namespace

std::vector<std::string> tools_in_order(const std::vector<ResultRow>& rows) {
  std::vector<std::string> tools;
  for (const auto& r : rows)
    if (std::find(tools.begin(), tools.end(), r.tool) == tools.end()) tools.push_back(r.tool);
  return tools;
}

std::vector<KernelResult> aggregate(const std::vector<ResultRow>& rows) {
  auto tools = tools_in_order(rows);
  auto tool_rank = [&](const std::string& t) { return std::find(tools.begin(), tools.end(), t) - tools.begin(); };
  std::map<std::tuple<long, std::string, std::string>, std::vector<const ResultRow*>> groups;
  for (const auto& r : rows) groups[{tool_rank(r.tool), r.dataset, r.kernel}].push_back(&r);
  std::vector<KernelResult> out;
  for (auto& [key, runs] : groups) {
    std::stable_sort(runs.begin(), runs.end(), [](const ResultRow* a, const ResultRow* b) { return a->run < b->run; });
    KernelResult k;
    const ResultRow& first = *runs.front();
    k.tool = first.tool;
    k.dataset = first.dataset;
    k.kernel = first.kernel;
    k.family = first.family;
    k.size = first.size;
    k.expected = first.expected;
    k.runs = static_cast<int>(runs.size());
    int counts[kOutcomeCount] = {};
    for (const auto* r : runs) ++counts[static_cast<int>(r->outcome)];
    k.outcome = first.outcome;
    for (int o = 0; o < kOutcomeCount; ++o)
      if (counts[o] > counts[static_cast<int>(k.outcome)]) k.outcome = static_cast<Outcome>(o);
    k.unstable = counts[static_cast<int>(k.outcome)] != k.runs;
    std::vector<double> wall, cpu, rss;
    for (const auto* r : runs) {
      wall.push_back(r->wall_s);
      cpu.push_back(r->cpu_s);
      if (r->peak_rss_kb >= 0) rss.push_back(static_cast<double>(r->peak_rss_kb));
      if (r->outcome == k.outcome && k.verdict.empty()) {
        k.verdict = r->verdict;
        k.detail = r->detail;
      }
    }
    k.wall_s = median(wall);
    k.cpu_s = median(cpu);
    k.peak_rss_kb = rss.empty() ? -1 : static_cast<long>(median(rss));
    out.push_back(std::move(k));
  }
  return out;
}

std::string Growth::shape() const {
  if (std::isnan(exponent)) return "too few sizes";
  if (exponent < 0.25) return "flat";
  if (exponent <= 1.3) return "linear or below";
  if (exponent <= 2.3) return "about quadratic";
  return "faster than quadratic";
}

Growth growth_of(const std::vector<KernelResult>& results) {
  Growth g;
  g.exponent = g.cpu_exponent = g.ratio = std::nan("");
  std::map<int, double> time_at, cpu_at;
  std::set<int> sizes;
  for (const auto& k : results) {
    sizes.insert(k.size);
    if (solved(k.outcome)) time_at[k.size] = k.wall_s, cpu_at[k.size] = k.cpu_s;
  }
  g.sizes = static_cast<int>(sizes.size());
  g.solved = static_cast<int>(time_at.size());
  if (time_at.empty()) return g;
  g.min_size = time_at.begin()->first;
  g.max_size = time_at.rbegin()->first;
  g.t_min = time_at.begin()->second;
  g.t_max = time_at.rbegin()->second;
  // The solved size closest to max/2.
  int half = g.max_size / 2;
  auto near = time_at.lower_bound(std::max(half, g.min_size));
  if (near != time_at.end() && near->first < g.max_size && near->second > 0) g.ratio = g.t_max / near->second;
  auto slope = [&](const std::map<int, double>& values) {
    std::vector<std::pair<double, double>> pts;
    for (const auto& [n, t] : values)
      if (n >= half && t > 0) pts.push_back({std::log(static_cast<double>(n)), std::log(t)});
    if (pts.size() < 3) return std::nan("");
    double mx = 0, my = 0;
    for (auto [x, y] : pts) mx += x, my += y;
    mx /= static_cast<double>(pts.size());
    my /= static_cast<double>(pts.size());
    double sxy = 0, sxx = 0;
    for (auto [x, y] : pts) sxy += (x - mx) * (y - my), sxx += (x - mx) * (x - mx);
    return sxx > 0 ? sxy / sxx : std::nan("");
  };
  g.exponent = slope(time_at);
  g.cpu_exponent = slope(cpu_at);
  return g;
}

std::string markdown_summary(const std::vector<ResultRow>& rows) {
  std::ostringstream md;
  auto results = aggregate(rows);
  auto tools = tools_in_order(rows);
  std::set<std::string> kernels;
  int max_runs = 0;
  for (const auto& k : results) {
    kernels.insert(k.dataset + "/" + k.kernel);
    max_runs = std::max(max_runs, k.runs);
  }
  md << "# Harness results\n\n";
  md << rows.size() << " runs of " << tools.size() << " tool(s) on " << kernels.size() << " kernel(s)";
  if (max_runs > 1) md << ", up to " << max_runs << " runs each (times are medians)";
  md << ". A kernel is solved when the tool's answer matches its header (`//pass` or "
        "`//xfail:NOT_ALL_VERIFIED`); inconclusive answers count as unsupported.\n";

  std::vector<std::string> datasets;
  for (const auto& k : results)
    if (std::find(datasets.begin(), datasets.end(), k.dataset) == datasets.end()) datasets.push_back(k.dataset);
  std::sort(datasets.begin(), datasets.end());

  for (const auto& ds : datasets) {
    md << "\n## Dataset `" << (ds.empty() ? "(none)" : ds) << "`\n\n";
    md << "| tool | kernels |";
    for (int o = 0; o < kOutcomeCount; ++o) md << " " << display_name(static_cast<Outcome>(o)) << " |";
    md << " solved | median time (s) | total time (s) | max memory (MiB) |\n|---|--:|";
    for (int o = 0; o < kOutcomeCount; ++o) md << "--:|";
    md << "--:|--:|--:|--:|\n";
    for (const auto& tool : tools) {
      int counts[kOutcomeCount] = {}, n = 0, ok = 0;
      std::vector<double> times;
      double total = 0;
      long max_rss = -1;
      for (const auto& k : results) {
        if (k.tool != tool || k.dataset != ds) continue;
        ++n;
        ++counts[static_cast<int>(k.outcome)];
        ok += solved(k.outcome);
        times.push_back(k.wall_s);
        total += k.wall_s;
        max_rss = std::max(max_rss, k.peak_rss_kb);
      }
      if (n == 0) continue;
      md << "| " << cell(tool) << " | " << n << " |";
      for (int c : counts) md << " " << c << " |";
      md << " " << ok << " | " << fixed(median(times), 3) << " | " << fixed(total, 2) << " | "
         << (max_rss >= 0 ? fixed(static_cast<double>(max_rss) / 1024.0, 1) : std::string("–")) << " |\n";
    }
    std::ostringstream wrong, unsupported, unstable;
    for (const auto& k : results) {
      if (k.dataset != ds) continue;
      if (k.outcome == Outcome::FalseAlarm || k.outcome == Outcome::MissedRace || k.outcome == Outcome::Crash)
        wrong << "| " << cell(k.tool) << " | `" << cell(k.kernel) << "` | " << display_name(k.outcome) << " | "
              << cell(k.verdict) << " | " << cell(k.detail) << " |\n";
      // By name, with the reason: what a tool cannot decide or read is
      // what to work on next.
      if (k.outcome == Outcome::Unsupported)
        unsupported << "| " << cell(k.tool) << " | `" << cell(k.kernel) << "` | " << cell(k.verdict) << " | "
                    << cell(k.detail) << " |\n";
      if (k.unstable)
        unstable << "- " << k.tool << " on `" << k.kernel << "`: outcome differs between runs (most often "
                 << display_name(k.outcome) << ")\n";
    }
    if (!wrong.str().empty())
      md << "\nWrong answers and crashes:\n\n| tool | kernel | outcome | verdict | detail |\n|---|---|---|---|---|\n"
         << wrong.str();
    if (!unsupported.str().empty())
      md << "\nUnsupported (undecided, or the tool could not read the kernel):\n\n| tool | kernel | verdict | detail "
            "|\n|---|---|---|---|\n"
         << unsupported.str();
    if (!unstable.str().empty()) md << "\nUnstable across runs:\n\n" << unstable.str();
  }

  // Synthetic families: one line per family and tool.
  std::map<std::pair<std::string, std::string>, std::vector<KernelResult>> families;
  for (const auto& k : results)
    if (!k.family.empty()) families[{k.family + (k.expected == "racy" ? " (racy)" : ""), k.tool}].push_back(k);
  if (!families.empty()) {
    md << "\n## Growth of the synthetic families\n\n"
          "Wall time of solved kernels (timeouts and wrong answers are left out, as in the paper's Fig. 18). "
          "The exponent is the slope of log(time) against log(size) over the larger half of the sizes "
          "(1: linear, 2: quadratic); the CPU exponent is the same for CPU time, which other load on the "
          "machine disturbs less. The growth column reads the wall-time exponent.\n\n"
          "| family | tool | sizes | solved | time at smallest (s) | time at largest (s) | "
          "time(n)/time(n/2) | exponent | CPU exponent | growth |\n|---|---|--:|--:|--:|--:|--:|--:|--:|---|\n";
    for (const auto& [key, ks] : families) {
      Growth g = growth_of(ks);
      md << "| " << key.first << " | " << cell(key.second) << " | " << g.sizes << " | " << g.solved << " | "
         << (g.solved ? fixed(g.t_min, 3) + " (n=" + std::to_string(g.min_size) + ")" : "–") << " | "
         << (g.solved ? fixed(g.t_max, 3) + " (n=" + std::to_string(g.max_size) + ")" : "–") << " | "
         << fixed(g.ratio, 2) << " | " << fixed(g.exponent, 2) << " | " << fixed(g.cpu_exponent, 2) << " | "
         << g.shape() << " |\n";
    }
  }
  return md.str();
}

}  // namespace racecert::harness
