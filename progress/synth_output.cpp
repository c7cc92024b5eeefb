#include "progress/synth_output.hpp"

#include <llvm/Support/FormatVariadic.h>
#include <llvm/Support/JSON.h>
#include <llvm/Support/raw_ostream.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <sstream>

#include "progress/printer.hpp"
#include "support/diagnostic.hpp"

namespace racecert::progress {

namespace {

std::string model_list(const std::vector<Model>& ms, Population p) {
  std::string out;
  const char* f = p == Population::Strong ? "strong" : "weak";
  for (Model m : ms) out += (out.empty() ? "" : " ") + std::string(model_name(m)) + "/" + f;
  return out.empty() ? "-" : out;
}

void write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream f(path, std::ios::binary);
  f << text;
  if (!f) throw usage_error("cannot write '" + path.string() + "'");
}

std::string bounds_str(const SynthBounds& b) {
  return "threads=" + std::to_string(b.threads) + " instructions=" + std::to_string(b.instructions) +
         " locations=" + std::to_string(b.locations) + " values=" + std::to_string(b.values);
}

}  // namespace

std::string test_name(const SynthBounds& b, std::size_t index) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "t%u_i%u_%05zu", b.threads, b.instructions, index);
  return buf;
}

std::string test_header(const SynthResult& r, std::size_t index) {
  const SynthTest& t = r.tests[index];
  std::string h = "// racecert progress synth: " + test_name(r.bounds, index) + " (" + bounds_str(r.bounds) + ")\n";
  h += "// population: " + std::string(population_name(t.labels.population)) + "\n";
  h += "// conformance: " + model_list(t.labels.conformance, t.labels.population) + "\n";
  h += "// distinguishing: " + model_list(t.labels.distinguishing, t.labels.population) + "\n";
  h += "// expect: " + expectation_line(t.labels.terminates) + "\n";
  h += "// lts: states=" + std::to_string(t.states) + " actions=" + std::to_string(t.actions) + "\n";
  return h;
}

void write_synth_output(const SynthResult& r, const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir)) throw usage_error("cannot create directory '" + dir + "'");
  std::ostringstream index;
  index << "test\tpopulation\tconformance\tdistinguishing\tstates\tactions\n";
  for (std::size_t i = 0; i < r.tests.size(); ++i) {
    const SynthTest& t = r.tests[i];
    const std::string name = test_name(r.bounds, i), header = test_header(r, i);
    write_file(fs::path(dir) / (name + ".test"), header + print_suite(t.program));
    write_file(fs::path(dir) / (name + ".axb"), header + print_axb(t.program));
    index << name << "\t" << population_name(t.labels.population) << "\t"
          << model_list(t.labels.conformance, t.labels.population) << "\t"
          << model_list(t.labels.distinguishing, t.labels.population) << "\t" << t.states << "\t" << t.actions
          << "\n";
  }
  write_file(fs::path(dir) / "index.tsv", index.str());
  write_file(fs::path(dir) / "summary.json", synth_summary_json(r));
}

std::string synth_summary_text(const SynthResult& r) {
  std::ostringstream os;
  os << "bounds: " << bounds_str(r.bounds) << "\n";
  os << "candidates: " << r.stats.candidates << " (canonical up to location and value renaming)\n";
  os << "tests: " << r.tests.size() << " (weak " << r.table4.population[0] << ", strong " << r.table4.population[1]
     << ")\n";
  os << std::fixed << std::setprecision(2) << "time: " << r.stats.enumerate_seconds << " s enumeration, "
     << r.stats.classify_seconds << " s classification\n";
  os << "rejected:\n";
  for (std::size_t i = 1; i < r.stats.rejected.size(); ++i)
    if (r.stats.rejected[i]) os << "  " << std::left << std::setw(50) << reject_name(static_cast<Reject>(i)) << r.stats.rejected[i] << "\n";
  os << "Table 4 (distinguishing / conformance):\n";
  os << "  " << std::left << std::setw(10) << "model" << std::setw(18) << "weak D / C" << "strong D / C\n";
  for (std::size_t k = 0; k < kTable4Models.size(); ++k) {
    std::string weak = std::to_string(r.table4.distinguishing[0][k]) + " / " + std::to_string(r.table4.conformance[0][k]);
    std::string strong =
        std::to_string(r.table4.distinguishing[1][k]) + " / " + std::to_string(r.table4.conformance[1][k]);
    os << "  " << std::setw(10) << model_name(kTable4Models[k]) << std::setw(18) << weak << strong << "\n";
  }
  return os.str();
}

std::string synth_summary_json(const SynthResult& r) {
  llvm::json::Object rejected;
  for (std::size_t i = 1; i < r.stats.rejected.size(); ++i)
    rejected[reject_name(static_cast<Reject>(i))] = static_cast<std::int64_t>(r.stats.rejected[i]);
  llvm::json::Object table4;
  for (std::size_t p = 0; p < 2; ++p) {
    llvm::json::Object rows;
    for (std::size_t k = 0; k < kTable4Models.size(); ++k)
      rows[model_name(kTable4Models[k])] =
          llvm::json::Object{{"distinguishing", static_cast<std::int64_t>(r.table4.distinguishing[p][k])},
                             {"conformance", static_cast<std::int64_t>(r.table4.conformance[p][k])}};
    table4[p == 0 ? "weak" : "strong"] = std::move(rows);
  }
  llvm::json::Value doc = llvm::json::Object{
      {"bounds", llvm::json::Object{{"threads", static_cast<std::int64_t>(r.bounds.threads)},
                                    {"instructions", static_cast<std::int64_t>(r.bounds.instructions)},
                                    {"locations", static_cast<std::int64_t>(r.bounds.locations)},
                                    {"values", static_cast<std::int64_t>(r.bounds.values)}}},
      {"candidates", static_cast<std::int64_t>(r.stats.candidates)},
      {"tests", static_cast<std::int64_t>(r.tests.size())},
      {"population", llvm::json::Object{{"weak", static_cast<std::int64_t>(r.table4.population[0])},
                                        {"strong", static_cast<std::int64_t>(r.table4.population[1])}}},
      {"rejected", std::move(rejected)},
      {"table4", std::move(table4)},
      {"seconds", llvm::json::Object{{"enumeration", r.stats.enumerate_seconds},
                                     {"classification", r.stats.classify_seconds}}}};
  std::string out;
  llvm::raw_string_ostream os(out);
  os << llvm::formatv("{0:2}", doc) << "\n";
  os.flush();
  return out;
}

}  // namespace racecert::progress
