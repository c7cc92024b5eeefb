#include "harness/plots.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include "harness/summary.hpp"
#include "harness/svg_chart.hpp"

namespace racecert::harness {

namespace {

constexpr double kMiB = 1024.0;

std::string cactus(const std::vector<KernelResult>& results, const std::vector<std::string>& tools) {
  Chart c;
  c.title = "Solved kernels against time (cactus plot)";
  c.x.label = "kernels solved (correct DRF or correct race)";
  c.y.label = "wall time per kernel (s, log scale)";
  c.y.log = true;
  c.x.integer = true;
  c.empty_text = "no kernel solved";
  for (std::size_t t = 0; t < tools.size(); ++t) {
    std::vector<double> times;
    for (const auto& k : results)
      if (k.tool == tools[t] && solved(k.outcome)) times.push_back(std::max(k.wall_s, 1e-4));
    std::sort(times.begin(), times.end());
    Series s{tools[t] + " (" + std::to_string(times.size()) + ")", {}, static_cast<int>(t)};
    for (std::size_t i = 0; i < times.size(); ++i) s.points.push_back({static_cast<double>(i + 1), times[i]});
    s.markers = times.size() <= 60;
    c.series.push_back(std::move(s));
  }
  return render_chart_document(c);
}

// Kernels on the x axis, ordered by the first tool's value so that the other
// tools' points read as above or below it.
std::string per_kernel(const std::vector<KernelResult>& results, const std::vector<std::string>& tools, bool memory) {
  std::map<std::string, double> order_key;
  for (const auto& k : results)
    if (k.tool == tools.front()) order_key[k.dataset + "/" + k.kernel] = memory ? static_cast<double>(k.peak_rss_kb) : k.wall_s;
  std::set<std::string> all, datasets;
  for (const auto& k : results) all.insert(k.dataset + "/" + k.kernel), datasets.insert(k.dataset);
  std::vector<std::string> kernels(all.begin(), all.end());
  std::stable_sort(kernels.begin(), kernels.end(), [&](const std::string& a, const std::string& b) {
    double ka = order_key.count(a) ? order_key[a] : 1e300, kb = order_key.count(b) ? order_key[b] : 1e300;
    return ka < kb;
  });
  std::map<std::string, std::size_t> index;
  for (std::size_t i = 0; i < kernels.size(); ++i) index[kernels[i]] = i;

  Chart c;
  c.title = memory ? "Peak memory per kernel" : "Wall time per kernel";
  c.y.label = memory ? "peak resident memory (MiB)" : "wall time (s, log scale)";
  c.y.log = !memory;
  c.y.from_zero = memory;
  c.x.label = "kernels, ordered by " + tools.front() + (memory ? "'s memory" : "'s time");
  c.x_categories = kernels;
  if (datasets.size() == 1)  // the dataset's name in every label says nothing
    for (auto& label : c.x_categories) label = label.substr(label.find('/') + 1);
  c.empty_text = memory ? "memory not measured" : "no data";
  for (std::size_t t = 0; t < tools.size(); ++t) {
    Series s{tools[t], {}, static_cast<int>(t), false, true};
    for (const auto& k : results) {
      if (k.tool != tools[t]) continue;
      if (memory && k.peak_rss_kb < 0) continue;
      double v = memory ? static_cast<double>(k.peak_rss_kb) / kMiB : std::max(k.wall_s, 1e-4);
      s.points.push_back({static_cast<double>(index[k.dataset + "/" + k.kernel]), v});
    }
    c.series.push_back(std::move(s));
  }
  double height = kernels.size() <= 40 ? 590 : 460;
  return render_chart_document(c, std::max(760.0, 14.0 * static_cast<double>(std::min<std::size_t>(kernels.size(), 40)) + 120), height);
}

// One row per family: time (log) and memory (linear) against size, solved
// kernels only (the paper's Fig. 18 leaves out timeouts and false alarms).
std::string growth(const std::vector<KernelResult>& results, const std::vector<std::string>& tools) {
  std::vector<std::string> families;
  for (const char* f : {"access", "barrier", "conditional", "unsync-loop", "sync-loop"})
    for (const auto& k : results)
      if (k.family == f) {
        families.push_back(f);
        break;
      }
  for (const auto& k : results)
    if (!k.family.empty() && std::find(families.begin(), families.end(), k.family) == families.end())
      families.push_back(k.family);

  const double panel_w = 460, panel_h = 300, head = 50;
  std::ostringstream body;
  body << "<text x=\"" << panel_w << "\" y=\"20\" text-anchor=\"middle\" font-weight=\"bold\" font-size=\"14\">"
       << "Growth of the synthetic families (solved kernels only)</text>\n";
  // DRF kernels solid, racy variants (when present) dashed in the same colour.
  bool any_racy = std::any_of(results.begin(), results.end(),
                              [](const KernelResult& k) { return !k.family.empty() && k.expected == "racy"; });
  std::vector<bool> variants = any_racy ? std::vector<bool>{false, true} : std::vector<bool>{false};
  std::vector<LegendEntry> legend;
  for (std::size_t t = 0; t < tools.size(); ++t)
    for (bool racy : variants)
      legend.push_back({tools[t] + (racy ? " (racy variant)" : any_racy ? " (DRF)" : ""), static_cast<int>(t), true, racy});
  render_legend(body, legend, 20, 34);
  for (std::size_t f = 0; f < families.size(); ++f) {
    for (int memory = 0; memory < 2; ++memory) {
      Chart c;
      c.title = families[f] + (memory ? ": peak memory" : ": wall time");
      c.x.label = "size (repetitions of the pattern)";
      c.x.integer = true;
      c.y.label = memory ? "MiB" : "seconds (log scale)";
      c.y.log = !memory;
      c.y.from_zero = memory;
      c.legend = false;
      c.empty_text = memory ? "memory not measured" : "nothing solved";
      for (std::size_t t = 0; t < tools.size(); ++t)
        for (bool racy : variants) {
          Series s{tools[t], {}, static_cast<int>(t)};
          s.dashed = racy;
          for (const auto& k : results) {
            if (k.tool != tools[t] || k.family != families[f] || !solved(k.outcome)) continue;
            if ((k.expected == "racy") != racy) continue;
            if (memory && k.peak_rss_kb < 0) continue;
            s.points.push_back({static_cast<double>(k.size),
                                memory ? static_cast<double>(k.peak_rss_kb) / kMiB : std::max(k.wall_s, 1e-4)});
          }
          s.markers = s.points.size() <= 25;
          c.series.push_back(std::move(s));
        }
      render_chart(body, c, memory * panel_w, head + static_cast<double>(f) * panel_h, panel_w, panel_h);
    }
  }
  return svg_document(2 * panel_w, head + static_cast<double>(families.size()) * panel_h + 10, body.str());
}

}  // namespace

std::vector<std::pair<std::string, std::string>> make_plots(const std::vector<ResultRow>& rows) {
  std::vector<std::pair<std::string, std::string>> out;
  auto tools = tools_in_order(rows);
  if (tools.empty()) return out;
  auto results = aggregate(rows);
  out.push_back({"cactus.svg", cactus(results, tools)});
  out.push_back({"time-per-kernel.svg", per_kernel(results, tools, false)});
  out.push_back({"memory-per-kernel.svg", per_kernel(results, tools, true)});
  bool families = std::any_of(results.begin(), results.end(), [](const KernelResult& k) { return !k.family.empty(); });
  if (families) out.push_back({"growth.svg", growth(results, tools)});
  return out;
}

}  // namespace racecert::harness
