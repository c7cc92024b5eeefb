#include "harness/runner.hpp"

#include <filesystem>
#include <fstream>

#include "harness/interrupt.hpp"
#include "harness/plots.hpp"
#include "harness/progress_bar.hpp"
#include "harness/summary.hpp"
#include "support/diagnostic.hpp"
#include "support/parallel.hpp"

namespace racecert::harness {

ResultRow make_row(const Tool& tool, const KernelCase& k, const ToolAnswer& a, int run) {
  ResultRow r;
  r.tool = tool.name();
  r.dataset = k.dataset;
  r.kernel = k.name;
  r.family = k.header.family;
  r.size = k.header.size;
  r.expected = to_string(k.header.expected);
  r.verdict = to_string(a.verdict);
  r.outcome = classify(k.header.expected, a.verdict);
  r.run = run;
  r.wall_s = a.wall_s;
  r.cpu_s = a.cpu_s;
  r.peak_rss_kb = a.peak_rss_kb;
  r.exit_status = a.exit_status;
  // Paths in the detail relative to the dataset root, like the kernel
  // column, so that CSVs from different machines compare.
  r.detail = a.detail;
  if (!k.root.empty())
    for (std::size_t p; (p = r.detail.find(k.root + "/")) != std::string::npos;) r.detail.erase(p, k.root.size() + 1);
  return r;
}

std::vector<ResultRow> run_tools(const std::vector<KernelCase>& cases,
                                 const std::vector<std::unique_ptr<Tool>>& tools, const RunSettings& s) {
  struct Task {
    std::size_t kernel, tool;
    int run;
  };
  std::vector<Task> tasks;
  for (int run = 1; run <= s.repeat; ++run)
    for (std::size_t k = 0; k < cases.size(); ++k)
      for (std::size_t t = 0; t < tools.size(); ++t) tasks.push_back({k, t, run});
  int jobs = s.jobs;
  for (const auto& t : tools)
    if (!t->parallel_safe()) jobs = 1;
  std::vector<ResultRow> rows(tasks.size());
  ProgressBar bar(stdout, tasks.size(), s.progress);
  parallel_for(tasks.size(), jobs, [&](std::size_t i) {
    if (termination_signal()) return;  // the caller discards the rows
    const Task& task = tasks[i];
    const KernelCase& k = cases[task.kernel];
    const Tool& tool = *tools[task.tool];
    ToolAnswer a;
    if (!k.malformed.empty()) {
      a.verdict = Verdict::Malformed;
      a.detail = k.malformed;
      a.exit_status = "not run";
    } else if (k.header.expected == Expected::None || k.header.expected == Expected::ToolError) {
      a.verdict = Verdict::Skipped;
      a.detail = k.header.expected == Expected::None
                     ? "no //pass or //xfail:NOT_ALL_VERIFIED header"
                     : "expects a tool error (//" + k.header.expected_text + "), not a verdict";
      a.exit_status = "not run";
    } else if (tool.reads(k)) {
      a = tool.run(k, s.timeout_s);
    } else {
      a.verdict = Verdict::Unsupported;
      a.detail = tool.name() + " does not read " + std::filesystem::path(k.path).extension().string() + " files";
      a.exit_status = "not run";
    }
    rows[i] = make_row(tool, k, a, task.run);
    bar.step(tool.name() + " " + k.name);
  });
  bar.finish();
  return rows;
}

std::vector<std::string> write_outputs(const std::vector<ResultRow>& rows, const std::string& out_dir, bool csv_only) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(out_dir, ec);
  if (ec || !fs::is_directory(out_dir)) throw input_error(SourceLoc{out_dir, 0, 0}, "cannot create directory");
  std::vector<std::string> written;
  auto write = [&](const std::string& name, const std::string& text) {
    std::string path = (fs::path(out_dir) / name).string();
    std::ofstream os(path, std::ios::binary);
    os << text;
    if (!os.flush()) throw input_error(SourceLoc{path, 0, 0}, "cannot write file");
    written.push_back(path);
  };
  std::string csv_path = (fs::path(out_dir) / "results.csv").string();
  write_csv_file(rows, csv_path);
  written.push_back(csv_path);
  if (csv_only) return written;
  auto plots = make_plots(rows);
  std::string md = markdown_summary(rows);
  if (!plots.empty()) {
    md += "\n## Plots\n\n";
    for (const auto& [name, svg] : plots) md += "![" + name.substr(0, name.size() - 4) + "](" + name + ")\n\n";
  }
  write("summary.md", md);
  for (const auto& [name, svg] : plots) write(name, svg);
  // A growth plot left by an earlier run in the same directory would
  // contradict this summary.
  bool growth = false;
  for (const auto& p : plots) growth = growth || p.first == "growth.svg";
  if (!growth) fs::remove(fs::path(out_dir) / "growth.svg", ec);
  return written;
}

}  // namespace racecert::harness
