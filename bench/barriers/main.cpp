// barriers_bench: times the named-barrier check on generated warp-specialized
// pipelines (bench/barriers/pipeline.hpp). Not a test: run it by hand, e.g.
//   build/bench/barriers/barriers_bench --commands 10000000 --repeat 5
// prints the program's size, the verdict, the median time of each phase and
// the peak resident memory.
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cxxopts.hpp>
#include <fstream>
#include <iostream>

#include "barriers/analysis.hpp"
#include "barriers/parser.hpp"
#include "barriers/printer.hpp"
#include "bench/barriers/pipeline.hpp"
#include "support/diagnostic.hpp"

using namespace racecert;

namespace {
double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}
long peak_rss_mb() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss / 1024;
}
}  // namespace

int main(int argc, char** argv) {
  cxxopts::Options opts("barriers_bench", "Times the named-barrier check on generated pipelines");
  bench::PipelineSpec s;
  opts.add_options()("stages", "pipeline stages k", cxxopts::value(s.stages)->default_value("3"))(
      "warps", "warps m", cxxopts::value(s.warps)->default_value("8"))(
      "buffers", "slots per link", cxxopts::value(s.buffers)->default_value("2"))(
      "items", "items (generations per slot = items / buffers)", cxxopts::value(s.items)->default_value("64"))(
      "commands", "choose items for about this many thread-level commands", cxxopts::value<std::uint64_t>())(
      "elements", "elements written per thread and item", cxxopts::value(s.elements)->default_value("8"))(
      "lanes", "threads per warp unit", cxxopts::value(s.lanes)->default_value("32"))(
      "lockstep", "warp-synchronous units", cxxopts::value(s.lockstep))(
      "bug", "insert the RTM write-after-read bug", cxxopts::value(s.bug))(
      "repeat", "runs (median reported)", cxxopts::value<int>()->default_value("3"))(
      "emit", "also write the program as text to this file and time parsing it", cxxopts::value<std::string>())(
      "h,help", "help");
  try {
    auto r = opts.parse(argc, argv);
    if (r.count("help")) {
      std::cout << opts.help() << "\n";
      return 0;
    }
    if (r.count("commands"))
      s.items = static_cast<std::uint32_t>(std::max<std::uint64_t>(
          1, r["commands"].as<std::uint64_t>() / bench::thread_commands_per_item(s)));
    int repeat = std::max(1, r["repeat"].as<int>());
    std::vector<double> gen_s, sim_s, graph_s, ws_s, race_s, total_s, parse_s;
    barriers::Analysis last;
    std::uint64_t commands = 0, thread_commands = 0;
    for (int i = 0; i < repeat; ++i) {
      auto t0 = std::chrono::steady_clock::now();
      barriers::Program p = bench::make_pipeline(s);
      gen_s.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
      commands = p.num_commands();
      thread_commands = p.num_thread_commands();
      last = barriers::analyze(p);
      sim_s.push_back(last.stats.simulate_s);
      graph_s.push_back(last.stats.graph_s);
      ws_s.push_back(last.stats.wellsync_s);
      race_s.push_back(last.stats.races_s);
      total_s.push_back(last.stats.total_s);
      if (r.count("emit") && i == 0) {
        std::ofstream(r["emit"].as<std::string>()) << barriers::print(p);
        auto t1 = std::chrono::steady_clock::now();
        auto parsed = barriers::parse_text_file(r["emit"].as<std::string>());
        parse_s.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t1).count());
      }
    }
    std::printf("pipeline: stages=%u warps=%u buffers=%u items=%u elements=%u lanes=%u%s%s\n", s.stages, s.warps,
                s.buffers, s.items, s.elements, s.lanes, s.lockstep ? " lockstep" : "", s.bug ? " bug" : "");
    std::printf("commands: %llu unit-level, %llu thread-level; dynamic barriers: %llu; graph edges: %llu\n",
                static_cast<unsigned long long>(commands), static_cast<unsigned long long>(thread_commands),
                static_cast<unsigned long long>(last.stats.dynamic_barriers),
                static_cast<unsigned long long>(last.stats.graph_edges));
    std::printf("thread accesses: %llu; group accesses: %llu; interval tests: %llu\n",
                static_cast<unsigned long long>(last.stats.thread_accesses),
                static_cast<unsigned long long>(last.stats.group_accesses),
                static_cast<unsigned long long>(last.stats.race_tests));
    std::printf("verdict: %s (%llu racing command pairs%s)\n", barriers::to_string(last.verdict.outcome),
                static_cast<unsigned long long>(last.verdict.racing_pairs),
                last.verdict.racing_pairs_capped ? ", search stopped" : "");
    std::printf("median of %d: generate %.3f s; check %.3f s (simulate %.3f, graph %.3f, well-sync %.3f, races %.3f)\n",
                repeat, median(gen_s), median(total_s), median(sim_s), median(graph_s), median(ws_s), median(race_s));
    if (!parse_s.empty()) std::printf("parse of the emitted text: %.3f s\n", parse_s.front());
    std::printf("peak RSS: %ld MiB\n", peak_rss_mb());
    return 0;
  } catch (const racecert::Error& e) {
    std::cerr << e.render() << "\n";
    return e.code();
  } catch (const std::exception& e) {
    std::cerr << "barriers_bench: " << e.what() << "\n";
    return 3;
  }
}
