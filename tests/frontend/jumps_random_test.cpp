// Randomized differential test of the jump lowering (frontend/lower_jumps.cpp)
// against a brute-force reference: random kernels (or inlined functions with
// returns) of ifs, switches with fall-through and inner breaks, loops and
// forward gotos out of them, whose
// conditions depend only on threadIdx.x. A probe `a[0] = t` races exactly
// when two threads reach it; the reference runs the program for each thread
// and racecert must find every race, with few false alarms.
#include <functional>
#include <memory>
#include <random>
#include <set>
#include <sstream>

#include "tests/frontend/test_util.hpp"
#include "tests/support/seed_sampling.hpp"

using namespace racecert::fetest;

namespace {

constexpr int kThreads = 6;

struct Node;
using Block = std::vector<std::shared_ptr<Node>>;

struct Node {
  enum class Kind { Mark, Probe, If, Loop, Switch, Region, Goto, Break, Return } kind;
  int m = 1, c = 0;        // If: t % m == c
  Block a, b;              // If: then/else; Loop, Region: body (a)
  std::vector<Block> cases;      // Switch on t % 3: case 0, case 1, default
  std::vector<bool> ends_break;  // Switch: the case ends with `break;`
  int label = 0;           // Region, Goto
};

enum class Signal { Normal, Break, Goto, Return };
struct Flow {
  Signal s = Signal::Normal;
  int label = 0;
};

// ---- the reference: runs the program for thread t
Flow run(const Block& b, int t, bool& probed);
Flow run(const Node& n, int t, bool& probed) {
  switch (n.kind) {
    case Node::Kind::Mark: return {};
    case Node::Kind::Probe: probed = true; return {};
    case Node::Kind::If: return run(t % n.m == n.c ? n.a : n.b, t, probed);
    case Node::Kind::Loop:
      for (int i = 0; i < 2; ++i) {
        Flow f = run(n.a, t, probed);
        if (f.s == Signal::Break) break;
        if (f.s == Signal::Goto || f.s == Signal::Return) return f;
      }
      return {};
    case Node::Kind::Switch: {
      std::size_t entry = static_cast<std::size_t>(t % 3);
      for (std::size_t k = entry; k < n.cases.size(); ++k) {
        Flow f = run(n.cases[k], t, probed);
        if (f.s == Signal::Break) return {};
        if (f.s == Signal::Goto || f.s == Signal::Return) return f;
        if (n.ends_break[k]) return {};
      }
      return {};
    }
    case Node::Kind::Region: {
      Flow f = run(n.a, t, probed);
      if (f.s == Signal::Goto && f.label == n.label) return {};
      return f;
    }
    case Node::Kind::Goto: return {Signal::Goto, n.label};
    case Node::Kind::Break: return {Signal::Break, 0};
    case Node::Kind::Return: return {Signal::Return, 0};
  }
  return {};
}
Flow run(const Block& b, int t, bool& probed) {
  for (const auto& n : b) {
    Flow f = run(*n, t, probed);
    if (f.s != Signal::Normal) return f;
  }
  return {};
}

// ---- the generator
struct Generator {
  std::mt19937 rng;
  bool returns = false;  // the program is an inlined function's body
  int labels = 0;
  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); }

  // `gotos`: labels of enclosing regions a goto may target; `in_case`: a
  // break here leaves the innermost switch (no loop in between).
  Block block(int depth, const std::vector<int>& gotos, bool in_case) {
    Block out;
    int n = 1 + pick(3);
    for (int i = 0; i < n; ++i) out.push_back(node(depth, gotos, in_case));
    return out;
  }
  std::shared_ptr<Node> node(int depth, const std::vector<int>& gotos, bool in_case) {
    auto n = std::make_shared<Node>();
    int choice = depth >= 3 ? pick(4) : pick(9);
    switch (choice) {
      case 0: n->kind = Node::Kind::Mark; break;
      case 1: n->kind = Node::Kind::Probe; break;
      case 2:
        if (!gotos.empty()) {
          n->kind = Node::Kind::Goto;
          n->label = gotos[static_cast<std::size_t>(pick(static_cast<int>(gotos.size())))];
        } else {
          n->kind = Node::Kind::Probe;
        }
        break;
      case 3:
        n->kind = in_case ? Node::Kind::Break : returns ? Node::Kind::Return : Node::Kind::Mark;
        break;
      case 4:
      case 5:
        n->kind = Node::Kind::If;
        n->m = 2 + pick(3);
        n->c = pick(n->m);
        n->a = block(depth + 1, gotos, in_case);
        if (pick(2)) n->b = block(depth + 1, gotos, in_case);
        break;
      case 6:
        n->kind = Node::Kind::Loop;
        n->a = block(depth + 1, gotos, false);
        break;
      case 7:
        n->kind = Node::Kind::Switch;
        for (int k = 0; k < 3; ++k) {
          n->cases.push_back(block(depth + 1, gotos, true));
          n->ends_break.push_back(pick(2) == 0);
        }
        break;
      default: {
        n->kind = Node::Kind::Region;
        n->label = ++labels;
        std::vector<int> inner = gotos;
        inner.push_back(n->label);
        n->a = block(depth + 1, inner, false);
        break;
      }
    }
    return n;
  }
};

void print(const Block& b, std::ostringstream& o, int indent);
void print(const Node& n, std::ostringstream& o, int indent) {
  std::string pad(static_cast<std::size_t>(indent), ' ');
  switch (n.kind) {
    case Node::Kind::Mark: o << pad << "a[64 + t] = 1;\n"; break;
    case Node::Kind::Probe: o << pad << "a[0] = t;\n"; break;
    case Node::Kind::If:
      o << pad << "if (t % " << n.m << " == " << n.c << ") {\n";
      print(n.a, o, indent + 2);
      o << pad << "} else {\n";
      print(n.b, o, indent + 2);
      o << pad << "}\n";
      break;
    case Node::Kind::Loop:
      o << pad << "for (int i = 0; i < 2; ++i) {\n";
      print(n.a, o, indent + 2);
      o << pad << "}\n";
      break;
    case Node::Kind::Switch:
      o << pad << "switch (t % 3) {\n";
      for (std::size_t k = 0; k < n.cases.size(); ++k) {
        o << pad << (k == 2 ? "default: {\n" : "case " + std::to_string(k) + ": {\n");
        print(n.cases[k], o, indent + 2);
        o << pad << "}\n";
        if (n.ends_break[k]) o << pad << "  break;\n";
      }
      o << pad << "}\n";
      break;
    case Node::Kind::Region:
      o << pad << "{\n";
      print(n.a, o, indent + 2);
      o << pad << "}\n" << pad << "L" << n.label << ":;\n";
      break;
    case Node::Kind::Goto: o << pad << "goto L" << n.label << ";\n"; break;
    case Node::Kind::Break: o << pad << "break;\n"; break;
    case Node::Kind::Return: o << pad << "return;\n"; break;
  }
}
void print(const Block& b, std::ostringstream& o, int indent) {
  for (const auto& n : b) print(*n, o, indent);
}

}  // namespace

TEST(JumpsRandom, VerdictsMatchABruteForceRun) {
  int racy = 0, drf = 0, drf_exact = 0;
  for (unsigned seed = 1; seed <= 200; seed += racecert::testkit::seed_stride()) {
    Generator g{std::mt19937(seed)};
    g.returns = seed % 2 == 0;  // odd seeds: the kernel's body; even: an inlined function's, with returns
    Block program = g.block(0, {}, false);
    std::set<int> reached;
    for (int t = 0; t < kThreads; ++t) {
      bool probed = false;
      run(program, t, probed);
      if (probed) reached.insert(t);
    }
    std::ostringstream src;
    if (g.returns) {
      src << "__device__ void body(int *a, int t) {\n";
      print(program, src, 2);
      src << "}\n__global__ void k(int *a) {\n  body(a, threadIdx.x);\n  a[128 + threadIdx.x] = 1;\n}\n";
    } else {
      src << "__global__ void k(int *a) {\n  int t = threadIdx.x;\n";
      print(program, src, 2);
      src << "}\n";
    }
    auto r = check(src.str(), {"--block-dim", std::to_string(kThreads), "--grid-dim", "1"});
    bool want_racy = reached.size() >= 2;
    std::string got = status_of(r, "k");
    if (want_racy) {
      ++racy;
      EXPECT_EQ(got, "racy") << "missed race, seed " << seed << "\n" << src.str() << r.out;
    } else {
      // Values assigned in a loop are unknowns after it: a flag set by a
      // goto out of a loop may look unset, a possible false alarm.
      ++drf;
      if (got == "drf") ++drf_exact;
      EXPECT_TRUE(got == "drf" || got == "racy") << "seed " << seed << "\n" << src.str() << r.out;
    }
  }
  // Both verdicts occur, so the comparison can fail either way; false
  // alarms stay rare (seeds 1 to 200: 156 racy, 44 DRF of which 42 exact;
  // to 400: 294, 106, 100).
  EXPECT_GT(racy, 20 / static_cast<int>(racecert::testkit::seed_stride()));
  EXPECT_GT(drf, 20 / static_cast<int>(racecert::testkit::seed_stride()));
  // A third of the seeds (a sanitizer run) has too few DRF ones for 90 %.
  const int tenths = racecert::testkit::seed_stride() == 1 ? 9 : 8;
  EXPECT_GE(drf_exact * 10, drf * tenths) << drf_exact << " of " << drf;
}
