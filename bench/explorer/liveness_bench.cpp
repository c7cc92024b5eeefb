// Time of `explore --liveness` (every model) over a directory of litmus
// tests in one process, without the process start-up that dominates one
// `racecert explore` per file: the target is the 483 CADP tests in
// under 10 s. Not a test (docs/benchmarks.md).
//   liveness_bench DIR [--model ptx [--against-src11]] [--time-limit S]
//     -> per verdict counts and the total time; --model ptx decides under
//        the PTX model (liveness/ptx_liveness.hpp), S seconds per file;
//        --against-src11 also decides every row under SRC11 (S seconds more
//        per file, included in the times) and counts the rows decided by
//        both and equal, contradictions (one terminates, the other may
//        hang), rows unknown under one model only, and the PTX rows decided
//        by an SRC11 verdict carried over (liveness/ptx_transfer.hpp).
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
  bool against_src11 = false;
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--model" && i + 1 < argc && std::string(argv[i + 1]) == "ptx") options.ptx = true, ++i;
    else if (a == "--against-src11") against_src11 = true;
    else if (a == "--time-limit" && i + 1 < argc) limit = std::stod(argv[++i]);
    else argc = 0;  // usage
  }
  if (argc < 2) {
    std::cerr << "usage: liveness_bench DIR [--model ptx [--against-src11]] [--time-limit S]\n";
    return 3;
  }
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::recursive_directory_iterator(argv[1]))
    if (e.path().extension() == ".litmus") files.push_back(e.path().string());
  std::map<std::string, int> counts, versus;  // versus: PTX row against the SRC11 row
  int failed = 0;
  double slowest = 0;
  std::string slowest_file;
  const auto start = std::chrono::steady_clock::now();
  for (const std::string& f : files) {
    const auto t0 = std::chrono::steady_clock::now();
    try {
      auto program = explorer::litmus::lower(explorer::litmus::parse_litmus_file(f)).program;
      if (limit > 0) options.deadline = Deadline::after(std::chrono::milliseconds(static_cast<long>(limit * 1000)));
      const auto rows = liveness::check_liveness_all(program, options);
      for (const auto& r : rows) ++counts[std::string(liveness::to_string(r.verdict))];
      if (against_src11 && options.ptx) {
        auto src = options;
        src.ptx = false;
        if (limit > 0) src.deadline = Deadline::after(std::chrono::milliseconds(static_cast<long>(limit * 1000)));
        const auto src_rows = liveness::check_liveness_all(program, src);
        for (std::size_t k = 0; k < rows.size(); ++k) {
          using liveness::Verdict;
          const Verdict p = rows[k].verdict, s = src_rows[k].verdict;
          if (p != Verdict::Unknown && s != Verdict::Unknown) ++versus[p == s ? "decided by both, equal" : "contradictions"];
          else if (p != Verdict::Unknown) ++versus["unknown under SRC11 only"];
          else if (s != Verdict::Unknown) ++versus["unknown under PTX only"];
          else ++versus["unknown under both"];
          if (p == Verdict::Unknown)
            ++versus[rows[k].reason.find("not carried over") != std::string::npos ? "PTX unknown, SRC11 decided, not carried over"
                     : rows[k].reason.find("time limit") != std::string::npos     ? "PTX unknown at the time limit"
                                                                                   : "PTX unknown, other reasons"];
          if (rows[k].reason.find("carried over from SRC11") != std::string::npos)
            ++versus[std::string("PTX ") + liveness::to_string(p) + " carried over from SRC11"];
        }
      }
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
  for (const auto& [what, n] : versus) std::cout << "  against SRC11, " << what << ": " << n << "\n";
  return 0;
}
