// Time of `explore --liveness` (every model) over a directory of litmus
// tests in one process, without the process start-up that dominates one
// `racecert explore` per file: the target is the 483 CADP tests in
// under 10 s. Not a test (docs/benchmarks.md).
//   liveness_bench DIR [--model ptx] [--time-limit S]
//     -> per verdict counts and the total time; --model ptx decides under
//        the PTX model (liveness/ptx_liveness.hpp), S seconds per file.
#include <chrono>
#include <filesystem>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "explorer/litmus_lower.hpp"
#include "explorer/litmus_parser.hpp"
#include "liveness/liveness.hpp"
#include "support/diagnostic.hpp"

int main(int argc, char** argv) {
  using namespace racecert;
  liveness::LivenessOptions options;
  double limit = 0;
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--model" && i + 1 < argc && std::string(argv[i + 1]) == "ptx") options.ptx = true, ++i;
    else if (a == "--time-limit" && i + 1 < argc) limit = std::stod(argv[++i]);
    else argc = 0;  // usage
  }
  if (argc < 2) {
    std::cerr << "usage: liveness_bench DIR [--model ptx] [--time-limit S]\n";
    return 3;
  }
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::recursive_directory_iterator(argv[1]))
    if (e.path().extension() == ".litmus") files.push_back(e.path().string());
  std::map<std::string, int> counts;
  int failed = 0;
  double slowest = 0;
  std::string slowest_file;
  const auto start = std::chrono::steady_clock::now();
  for (const std::string& f : files) {
    const auto t0 = std::chrono::steady_clock::now();
    try {
      auto program = explorer::litmus::lower(explorer::litmus::parse_litmus_file(f)).program;
      if (limit > 0) options.deadline = Deadline::after(std::chrono::milliseconds(static_cast<long>(limit * 1000)));
      for (const auto& r : liveness::check_liveness_all(program, options))
        ++counts[std::string(liveness::to_string(r.verdict))];
    } catch (const Error& e) {
      ++failed;
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (s > slowest) slowest = s, slowest_file = f;
  }
  const double total = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << files.size() << " files (" << failed << " not parsed), every model: " << total << " s total, slowest "
            << slowest << " s (" << slowest_file << ")\n";
  for (const auto& [verdict, n] : counts) std::cout << "  " << verdict << ": " << n << "\n";
  return 0;
}
