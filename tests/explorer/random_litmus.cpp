#include "random_litmus.hpp"

#include <random>
#include <vector>

namespace racecert::explorer::testing {

std::string random_litmus(std::uint64_t seed, const RandomShape& shape) {
  std::mt19937_64 rng(seed);
  auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<std::uint64_t>(n)); };
  const int threads = 2 + pick(shape.max_threads - 1);
  const char* scopes[] = {"cta", "gpu", "sys"};
  auto scope = [&]() { return std::string(".") + scopes[pick(3)]; };
  auto loc = [&]() { return std::string(1, static_cast<char>('x' + pick(shape.locations))); };
  std::vector<std::vector<std::string>> code(static_cast<std::size_t>(threads));
  int label = 0;
  for (int t = 0; t < threads; ++t) {
    auto& c = code[static_cast<std::size_t>(t)];
    int n = 1 + pick(shape.max_instructions);
    int reg = 0;
    if (shape.sandwich) n = 3;
    for (int i = 0; i < n; ++i) {
      int kind = pick(18 + shape.fence_weight);
      if (shape.sandwich) kind = i == 1 ? 15 : pick(12);
      if (kind >= 15 && kind < 15 + shape.fence_weight) kind = 15;
      else if (kind >= 15 + shape.fence_weight) kind -= shape.fence_weight - 2;
      std::string r = "r" + std::to_string(reg % 3);
      if (kind < 6) {
        const char* sems[] = {".weak", ".relaxed", ".acquire"};
        int s = pick(3);
        c.push_back("ld" + std::string(sems[s]) + (s ? scope() : "") + " " + r + ", " + loc());
        ++reg;
      } else if (kind < 12) {
        const char* sems[] = {".weak", ".relaxed", ".release"};
        int s = pick(3);
        c.push_back("st" + std::string(sems[s]) + (s ? scope() : "") + " " + loc() + ", " + std::to_string(1 + pick(2)));
      } else if (kind < 15 && shape.rmws) {
        const char* sems[] = {".relaxed", ".acquire", ".release", ".acq_rel"};
        const char* ops[] = {".add", ".exch", ".cas"};
        int op = pick(3);
        std::string args = op == 2 ? std::to_string(pick(2)) + ", " + std::to_string(1 + pick(2))
                                   : std::to_string(1 + pick(2));
        c.push_back("atom" + std::string(sems[pick(4)]) + scope() + ops[op] + " " + r + ", " + loc() + ", " + args);
        ++reg;
      } else if (kind < 17 && (shape.fences || shape.sandwich)) {
        c.push_back(std::string(pick(2) ? "fence.sc" : "fence.acq_rel") + scope());
      } else if (kind < 18 && shape.barriers) {
        if (shape.countless_ids > 0) {
          c.push_back("bar.cta.sync " + std::to_string(pick(shape.countless_ids)));
        } else if (!shape.counted_barriers) {
          c.push_back("bar.cta.sync 0");
        } else {
          // Dialect operands: `a, b, c` is barrier (a, b) with c threads.
          int form = pick(4);
          std::string id = std::to_string(pick(2));
          if (form == 0) c.push_back("bar.cta.sync " + id);
          else c.push_back(std::string(form == 3 ? "bar.cta.arrive " : "bar.cta.sync ") + id + ", 0, " +
                           std::to_string(1 + pick(3)));
        }
      } else if (kind < 19 && shape.branches && reg > 0) {
        // Skip the next instruction if the last register read is 0.
        std::string l = "L" + std::to_string(label++);
        c.push_back("beq r" + std::to_string((reg - 1) % 3) + ", 0, " + l);
        if (shape.countless_ids > 0 && pick(2))  // a barrier used only when the value read is non-zero
          c.push_back("bar.cta.sync " + std::to_string(pick(shape.countless_ids)));
        else
          c.push_back("st.relaxed" + scope() + " " + loc() + ", 3");
        c.push_back(l + ":");
      } else if (shape.branches) {
        // A spin loop waiting for a location to become non-zero.
        std::string l = "L" + std::to_string(label++);
        c.push_back(l + ": ld.acquire" + scope() + " r2, " + loc());
        c.push_back("beq r2, 0, " + l);
      } else {
        c.push_back("st.relaxed" + scope() + " " + loc() + ", 1");
      }
    }
  }
  std::string s = "PTX random-" + std::to_string(seed) + "\n{ x=0; y=0; }\n";
  std::size_t rows = 0;
  for (const auto& c : code) rows = std::max(rows, c.size());
  for (int t = 0; t < threads; ++t) {
    s += (t ? " | " : " ") + std::string("P") + std::to_string(t) + "@cta " + std::to_string(pick(2)) + ",gpu " +
         std::to_string(pick(4) == 0 ? 1 : 0);
  }
  s += " ;\n";
  for (std::size_t row = 0; row < rows; ++row) {
    for (int t = 0; t < threads; ++t) {
      const auto& c = code[static_cast<std::size_t>(t)];
      s += (t ? " | " : " ") + (row < c.size() ? c[row] : std::string());
    }
    s += " ;\n";
  }
  s += "exists (x == 1 /\\ P0:r0 == 0)\n";
  return s;
}

std::string strong_system_scope(std::string s) {
  auto replace_all = [&](const std::string& from, const std::string& to) {
    for (std::size_t i = s.find(from); i != std::string::npos; i = s.find(from, i + to.size())) s.replace(i, from.size(), to);
  };
  replace_all("ld.weak", "ld.relaxed.sys");
  replace_all("st.weak", "st.relaxed.sys");
  replace_all(".cta", ".sys");
  replace_all(".gpu", ".sys");
  return s;
}

}  // namespace racecert::explorer::testing
