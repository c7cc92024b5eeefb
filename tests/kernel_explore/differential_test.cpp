// Randomized differential test of the kernel lowering (kernel_explore/lower)
// against the kernel IR's concrete per-thread executor: random kernels of
// assignments, loads of a read-only input, stores to each thread's own cells
// of `out`, ifs, loops with break and continue, and returns, without
// atomics. Each thread's run is then deterministic, so the explorer must
// find exactly one execution, no race and no failure, and its final memory
// must be what the executor computes thread by thread.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <sstream>

#include "explorer/dpor.hpp"
#include "kernel_explore/lower.hpp"
#include "kernel_ir/executor.hpp"
#include "kernel_ir/parser.hpp"

using namespace racecert;

namespace {

constexpr int kCells = 4;  // of `out` per thread
constexpr int kInput = 8;  // cells of `in`

class Generator {
 public:
  explicit Generator(unsigned seed) : rng_(seed) {}

  std::string kernel() {
    std::ostringstream os;
    os << "cuda kernel k {\n  param int n;\n  array global int in<4>[" << kInput
       << "];\n  array global int out<4>[] (parameter);\n";
    for (int i = 0; i < 3; ++i) os << "  local int v" << i << ";\n";
    for (int i = 0; i < 2; ++i) os << "  local int i" << i << ";\n";
    block(os, 0, "  ");
    os << "}\n";
    return os.str();
  }

 private:
  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }

  std::string leaf() {
    switch (pick(6)) {
      case 0: return "threadIdx.x";
      case 1: return "blockIdx.x";
      case 2: return "n";
      case 3: return std::to_string(pick(7) - 2);
      default: return "v" + std::to_string(pick(3));
    }
  }
  std::string expr(int depth) {
    if (depth == 0 || pick(3) == 0) return leaf();
    static const char* ops[] = {"+", "-", "*", "&", "|", "^"};
    switch (pick(4)) {
      case 0: return "(" + cond(depth - 1) + " ? " + expr(depth - 1) + " : " + expr(depth - 1) + ")";
      default: return "(" + expr(depth - 1) + " " + ops[pick(6)] + " " + expr(depth - 1) + ")";
    }
  }
  std::string cond(int depth) {
    static const char* cmps[] = {"<", "<=", "==", "!=", ">"};
    std::string c = "(" + expr(depth) + " " + cmps[pick(5)] + " " + expr(depth) + ")";
    switch (pick(5)) {
      case 0: return "(" + c + " && " + cond(0) + ")";
      case 1: return "(" + c + " || " + cond(0) + ")";
      case 2: return "!" + c;
      default: return c;
    }
  }

  void block(std::ostringstream& os, int depth, const std::string& ind, bool in_loop = false) {
    int n = 2 + pick(4);
    for (int s = 0; s < n; ++s) statement(os, depth, ind, in_loop);
  }

  void statement(std::ostringstream& os, int depth, const std::string& ind, bool in_loop) {
    int k = pick(depth < 2 ? 9 : 6);
    if (k <= 1) {
      os << ind << "v" << pick(3) << " = (" << expr(2) << ") & 1023;\n";
    } else if (k == 2) {
      os << ind << "v" << pick(3) << " = load in[(" << expr(2) << ") & " << kInput - 1 << "];\n";
    } else if (k <= 4) {
      os << ind << "store out[(blockIdx.x * blockDim.x + threadIdx.x) * " << kCells << " + " << pick(kCells)
         << "] = " << expr(2) << ";\n";
    } else if (k == 5) {
      if (in_loop && pick(2) == 0) os << ind << "if (" << cond(1) << ") {\n" << ind << "  " << (pick(2) ? "break;" : "continue;") << "\n" << ind << "}\n";
      else if (depth == 0 && pick(3) == 0) os << ind << "if (" << cond(1) << ") {\n" << ind << "  return;\n" << ind << "}\n";
      else os << ind << "v" << pick(3) << " = " << cond(1) << ";\n";
    } else if (k <= 7) {
      os << ind << "if (" << cond(2) << ") {\n";
      block(os, depth + 1, ind + "  ", in_loop);
      os << ind << "} else {\n";
      block(os, depth + 1, ind + "  ", in_loop);
      os << ind << "}\n";
    } else {
      std::string i = "i" + std::to_string(depth);
      os << ind << (pick(3) == 0 ? "do-loop" : "loop") << " (" << i << " < " << 1 + pick(3) << ") {\n"
         << ind << "  init:\n" << ind << "    " << i << " = 0;\n" << ind << "  body:\n";
      block(os, depth + 1, ind + "    ", true);
      os << ind << "  update:\n" << ind << "    " << i << " = " << i << " + 1;\n" << ind << "}\n";
    }
  }

  std::mt19937 rng_;
};

// The reference: one thread run by the kernel IR's executor.
class Reference : public kir::ThreadExecutor {
 public:
  Reference(const std::vector<std::int64_t>& in, std::map<std::int64_t, std::int64_t>& out) : in_(in), out_(out) {}

 private:
  kir::Value loaded(const kir::Load& l) override {
    return in_.at(static_cast<std::size_t>(*eval(l.at.index[0])));
  }
  void on_store(const kir::Store& s) override { out_[*eval(s.at.index[0])] = *eval(s.value); }
  const std::vector<std::int64_t>& in_;
  std::map<std::int64_t, std::int64_t>& out_;
};

}  // namespace

TEST(KernelExploreDifferential, LoweringAgreesWithTheExecutor) {
  int kernels = 0, with_loops = 0;
  for (unsigned seed = 0; seed < 150; ++seed) {
    Generator g(seed);
    std::mt19937 rng(seed);
    std::string text = g.kernel();
    kir::Kernel k = kir::parse_kernel(text, "random.kir");
    kexplore::Inputs in;
    in.block_dim = Dim3{1 + static_cast<std::int64_t>(rng() % 3), 1, 1};
    in.grid_dim = Dim3{1 + static_cast<std::int64_t>(rng() % 2), 1, 1};
    in.launch_given = true;
    in.scalar_args["n"] = static_cast<std::int64_t>(rng() % 5);
    std::vector<std::int64_t> input;
    for (int i = 0; i < kInput; ++i) input.push_back(static_cast<std::int64_t>(rng() % 50) - 10);
    const std::int64_t threads = in.block_dim.x * in.grid_dim.x;
    in.memory["in"] = input;
    in.memory["out"] = std::vector<std::int64_t>(static_cast<std::size_t>(threads * kCells), -1);

    std::map<std::int64_t, std::int64_t> expected;
    for (std::int64_t b = 0; b < in.grid_dim.x; ++b)
      for (std::int64_t t = 0; t < in.block_dim.x; ++t) {
        Reference r(input, expected);
        r.env = {{"threadIdx.x", t}, {"threadIdx.y", 0}, {"threadIdx.z", 0}, {"blockIdx.x", b}, {"blockIdx.y", 0},
                 {"blockIdx.z", 0}, {"blockDim.x", in.block_dim.x}, {"blockDim.y", 1}, {"blockDim.z", 1},
                 {"gridDim.x", in.grid_dim.x}, {"gridDim.y", 1}, {"gridDim.z", 1}, {"n", in.scalar_args["n"]}};
        for (const auto& v : k.locals) r.env[v.name] = 0;
        r.run(k.body);
      }

    kexplore::LoweredKernel l = kexplore::lower(k, in);
    std::set<std::vector<std::int64_t>> finals;
    explorer::ExploreOptions eo;
    eo.loop_bound = 8;
    eo.on_final = [&](const explorer::Graph& graph, bool complete) {
      ASSERT_TRUE(complete) << text;
      std::vector<std::int64_t> v;
      for (std::size_t loc = 0; loc < l.cells.size(); ++loc)
        if (l.cells[loc].array == "out") v.push_back(graph.final_value(static_cast<int>(loc)));
      finals.insert(v);
    };
    explorer::ExploreResult r = explorer::explore(l.program, eo);
    EXPECT_EQ(r.executions, 1u) << text;
    EXPECT_TRUE(r.races.empty()) << text;
    EXPECT_TRUE(r.failures.empty()) << text;
    ASSERT_EQ(finals.size(), 1u) << text;
    std::vector<std::int64_t> want(static_cast<std::size_t>(threads * kCells), -1);
    for (const auto& [i, v] : expected) want.at(static_cast<std::size_t>(i)) = v;
    EXPECT_EQ(*finals.begin(), want) << text;
    ++kernels;
    if (text.find("loop") != std::string::npos) ++with_loops;
  }
  EXPECT_EQ(kernels, 150);
  EXPECT_GT(with_loops, 40);
}
