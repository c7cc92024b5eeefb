// Benchmark of the protocol pipeline on the synthetic families of Claim 2
// (Fig. 17 of the memory-access-protocols paper), sizes 1..50: repeated
// accesses, barriers, conditionals, nested unsynchronized loops and nested
// synchronized loops. All are DRF. Prints one CSV row per family and size
// (median of the runs) and a summary with time(50) and time(50)/time(25).
//
//   build/bench/protocol_families [--runs R] [--max N] [--jobs J] [--write DIR]
#include <algorithm>
#include <ctime>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "protocol/parser.hpp"
#include "smt/checker.hpp"

using namespace racecert;

namespace {

const char* kHeader =
    "  shared A;\n  uniform N;\n  assume blockDim.y == 1 && blockDim.z == 1;\n";

std::string access_family(int n) {
  std::string s = std::string("kernel access_") + std::to_string(n) + " {\n" + kHeader;
  for (int i = 1; i <= n; ++i) {
    s += "  rd A[tid + " + std::to_string(3 * i + 7) + " * blockDim.x];\n";
    s += "  wr A[tid + " + std::to_string(i) + " * blockDim.x];\n";
  }
  return s + "}\n";
}

std::string barrier_family(int n) {
  std::string s = std::string("kernel barrier_") + std::to_string(n) + " {\n" + kHeader;
  for (int i = 0; i < n; ++i) s += "  wr A[tid];\n  sync;\n";
  return s + "}\n";
}

std::string conditional_family(int n) {
  std::string s = std::string("kernel conditional_") + std::to_string(n) + " {\n" + kHeader;
  for (int i = 0; i < n; ++i) s += "  if (tid == " + std::to_string(i) + ") {\n    wr A[tid];\n  }\n";
  return s + "}\n";
}

std::string nested_family(int n, bool sync, const char* name) {
  std::string s = std::string("kernel ") + name + "_" + std::to_string(n) + " {\n" + kHeader;
  for (int i = 0; i < n; ++i) {
    s += std::string(static_cast<std::size_t>(2 * (i + 1)), ' ') + "for i" + std::to_string(i) + " in 0..N {\n";
    s += std::string(static_cast<std::size_t>(2 * (i + 2)), ' ') + "wr A[tid];\n";
    if (sync) s += std::string(static_cast<std::size_t>(2 * (i + 2)), ' ') + "sync;\n";
  }
  for (int i = n - 1; i >= 0; --i) s += std::string(static_cast<std::size_t>(2 * (i + 1)), ' ') + "}\n";
  return s + "}\n";
}

struct Family {
  const char* name;
  std::function<std::string(int)> make;
};

double cpu_now() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 5, max = 50, jobs = 0;
  std::string write_dir;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--runs") && i + 1 < argc) runs = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--max") && i + 1 < argc) max = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--jobs") && i + 1 < argc) jobs = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--write") && i + 1 < argc) write_dir = argv[++i];
    else {
      std::fprintf(stderr, "usage: %s [--runs R] [--max N] [--jobs J] [--write DIR]\n", argv[0]);
      return 3;
    }
  }
  std::vector<Family> families = {
      {"access", access_family},
      {"barrier", barrier_family},
      {"conditional", conditional_family},
      {"unsync-loop", [](int n) { return nested_family(n, false, "unsync_loop"); }},
      {"sync-loop", [](int n) { return nested_family(n, true, "sync_loop"); }},
  };
  std::printf("family,size,median_seconds,median_cpu_seconds,status\n");
  std::map<std::string, std::map<int, double>> times, cpu_times;
  bool all_drf = true;
  for (const auto& f : families) {
    for (int n = 1; n <= max; ++n) {
      std::string text = f.make(n);
      if (!write_dir.empty()) {
        std::filesystem::create_directories(write_dir);
        std::ofstream(write_dir + "/" + f.name + "-" + std::to_string(n) + ".map") << text;
      }
      std::vector<double> samples, cpu_samples;
      std::string status;
      for (int r = 0; r < runs; ++r) {
        double cpu_start = cpu_now();
        auto start = std::chrono::steady_clock::now();
        protocol::ProtocolFile file = protocol::parse_protocol(text, "bench.map");
        smt::CheckOptions o;
        o.jobs = jobs;
        auto reports = smt::check(file.kernels, o);
        samples.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        cpu_samples.push_back(cpu_now() - cpu_start);
        status = to_string(reports.at(0).status);
      }
      all_drf = all_drf && status == "drf";
      times[f.name][n] = median(samples);
      cpu_times[f.name][n] = median(cpu_samples);
      std::printf("%s,%d,%.4f,%.4f,%s\n", f.name, n, times[f.name][n], cpu_times[f.name][n], status.c_str());
      std::fflush(stdout);
    }
  }
  std::printf("\nfamily        time(%d)   time(%d)   ratio   cpu(%d)    cpu(%d)   ratio\n", max, max / 2, max,
              max / 2);
  for (const auto& f : families) {
    double t_max = times[f.name][max], t_half = times[f.name][max / 2];
    double c_max = cpu_times[f.name][max], c_half = cpu_times[f.name][max / 2];
    std::printf("%-12s %8.4f s %8.4f s %6.2f %8.4f s %8.4f s %6.2f\n", f.name, t_max, t_half,
                t_half > 0 ? t_max / t_half : 0.0, c_max, c_half, c_half > 0 ? c_max / c_half : 0.0);
  }
  return all_drf ? 0 : 1;
}
