#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>

#include "harness/results.hpp"
#include "support/diagnostic.hpp"

namespace racecert::harness {

namespace {

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

std::string seconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6f", s);
  return buf;
}

}  // namespace

const std::vector<std::string>& csv_columns() {
  static const std::vector<std::string> cols = {
      "tool",    "dataset",     "kernel",       "family",      "size",        "expected",    "verdict",
      "outcome", "run",         "wall_seconds", "cpu_seconds", "peak_rss_kb", "exit_status", "detail"};
  return cols;
}

void write_csv(const std::vector<ResultRow>& rows, std::ostream& os) {
  const auto& cols = csv_columns();
  for (std::size_t i = 0; i < cols.size(); ++i) os << (i ? "," : "") << cols[i];
  os << "\n";
  for (const auto& r : rows) {
    std::vector<std::string> f = {r.tool,
                                  r.dataset,
                                  r.kernel,
                                  r.family,
                                  r.size ? std::to_string(r.size) : "",
                                  r.expected,
                                  r.verdict,
                                  to_string(r.outcome),
                                  std::to_string(r.run),
                                  seconds(r.wall_s),
                                  seconds(r.cpu_s),
                                  r.peak_rss_kb >= 0 ? std::to_string(r.peak_rss_kb) : "",
                                  r.exit_status,
                                  r.detail};
    for (std::size_t i = 0; i < f.size(); ++i) os << (i ? "," : "") << csv_field(f[i]);
    os << "\n";
  }
}

void write_csv_file(const std::vector<ResultRow>& rows, const std::string& path) {
  std::error_code ec;
  auto dir = std::filesystem::path(path).parent_path();
  if (!dir.empty()) std::filesystem::create_directories(dir, ec);
  std::ofstream os(path, std::ios::binary);
  if (!os) throw input_error(SourceLoc{path, 0, 0}, "cannot write file");
  write_csv(rows, os);
  if (!os.flush()) throw input_error(SourceLoc{path, 0, 0}, "cannot write file");
}

std::vector<ResultRow> read_csv(const std::string& text, const std::string& filename) {
  auto records = parse_csv_records(text, filename);
  if (records.empty()) throw input_error(SourceLoc{filename, 1, 0}, "empty CSV file (expected a header row)");
  std::map<std::string, std::size_t> col;
  for (std::size_t i = 0; i < records[0].size(); ++i) col[records[0][i]] = i;
  for (const char* required : {"tool", "kernel", "outcome", "wall_seconds"})
    if (!col.count(required))
      throw input_error(SourceLoc{filename, 1, 0}, std::string("missing column '") + required + "'");
  std::vector<ResultRow> rows;
  for (std::size_t n = 1; n < records.size(); ++n) {
    const auto& rec = records[n];
    // Line numbers are approximate when quoted fields hold newlines.
    SourceLoc where{filename, static_cast<int>(n) + 1, 0};
    auto get = [&](const char* name) -> std::string {
      auto it = col.find(name);
      return it == col.end() || it->second >= rec.size() ? std::string() : rec[it->second];
    };
    auto number = [&](const char* name, double& out) {
      std::string s = get(name);
      if (s.empty()) return false;
      char* endp = nullptr;
      out = std::strtod(s.c_str(), &endp);
      if (*endp != '\0') throw input_error(where, std::string("column '") + name + "' is not a number: '" + s + "'");
      return true;
    };
    if (rec.size() != records[0].size())
      throw input_error(where, "expected " + std::to_string(records[0].size()) + " fields, found " +
                                   std::to_string(rec.size()));
    ResultRow r;
    r.tool = get("tool");
    r.dataset = get("dataset");
    r.kernel = get("kernel");
    r.family = get("family");
    r.expected = get("expected");
    r.verdict = get("verdict");
    r.exit_status = get("exit_status");
    r.detail = get("detail");
    if (!parse_outcome(get("outcome"), r.outcome))
      throw input_error(where, "unknown outcome '" + get("outcome") + "'");
    // Ranges checked before any conversion to an integer.
    auto in_range = [&](const char* name, double lo, double hi, double& out) {
      if (!number(name, out)) return false;
      if (!(out >= lo && out <= hi))
        throw input_error(where, std::string("column '") + name + "' out of range: '" + get(name) + "'");
      return true;
    };
    double v = 0;
    if (in_range("size", 0, 1e6, v)) r.size = static_cast<int>(v);
    if (in_range("run", 1, 1e6, v)) r.run = static_cast<int>(v);
    if (in_range("wall_seconds", 0, 1e9, v)) r.wall_s = v;
    if (in_range("cpu_seconds", 0, 1e9, v)) r.cpu_s = v;
    if (in_range("peak_rss_kb", -1, 1e12, v)) r.peak_rss_kb = static_cast<long>(v);
    if (r.tool.empty() || r.kernel.empty()) throw input_error(where, "empty tool or kernel");
    rows.push_back(std::move(r));
  }
  return rows;
}

}  // namespace racecert::harness
