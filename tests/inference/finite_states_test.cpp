// Loop-carried variables with finitely many values (inference/finite_states):
// the states are exactly those the loop head sees, computed from kernel-IR
// text fixtures; variables whose update depends on anything else, or is
// conditional, are left out. The reference for the tuples is a direct run
// of the loop (the first 64 iterations, from the entry values).
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "inference/finite_states.hpp"
#include "kernel_ir/parser.hpp"

namespace racecert::inference {
namespace {

const kir::Loop& first_loop(const kir::Kernel& k) {
  for (const auto& s : k.body)
    if (s.is<kir::Loop>()) return s.as<kir::Loop>();
  throw std::runtime_error("no loop");
}

std::set<std::vector<std::int64_t>> tuples(const FiniteStates& f) { return {f.tuples.begin(), f.tuples.end()}; }

TEST(FiniteStates, ASwapThroughATemporaryCyclesTwoStates) {
  auto k = kir::parse_kernel(R"(cuda kernel k {
  param int n;
  local int a;
  local int b;
  local int t;
  local int i;
  loop (i < n) {
    body:
      t = a;
      a = b;
      b = t;
    update:
      i = i + 1;
  }
}
)", "k.cu");
  auto f = finite_states(first_loop(k), {{"a", 0}, {"b", 1}});
  ASSERT_TRUE(f);
  EXPECT_EQ(f->vars, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(tuples(*f), (std::set<std::vector<std::int64_t>>{{0, 1}, {1, 0}}));
}

TEST(FiniteStates, ConditionalOrForeignUpdatesLeaveTheGroup) {
  auto k = kir::parse_kernel(R"(cuda kernel k {
  param int n;
  local int a;
  local int b;
  local int c;
  local int i;
  loop (i < n) {
    body:
      a = 1 - a;
      if (threadIdx.x < 3) {
        b = 5;
      }
      c = n;
    update:
      i = i + 1;
  }
}
)", "k.cu");
  auto f = finite_states(first_loop(k), {{"a", 0}, {"b", 0}, {"c", 0}});
  ASSERT_TRUE(f);
  EXPECT_EQ(f->vars, (std::vector<std::string>{"a"}));
  EXPECT_EQ(tuples(*f), (std::set<std::vector<std::int64_t>>{{0}, {1}}));
}

TEST(FiniteStates, ACounterIsDroppedAndTheRestKept) {
  auto k = kir::parse_kernel(R"(cuda kernel k {
  param int n;
  local int a;
  local int count;
  loop (n > 0) {
    body:
      a = 1 - a;
      count = count + 1;
  }
}
)", "k.cu");
  auto f = finite_states(first_loop(k), {{"a", 0}, {"count", 0}}, 8);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->vars, (std::vector<std::string>{"a"}));
  EXPECT_EQ(f->tuples.size(), 2u);
}

// Random straight-line updates of three variables from constants and each
// other (rotations, copies, resets, selections): the states found are
// exactly those a direct run of the loop reaches.
TEST(FiniteStates, RandomUpdatesMatchADirectRun) {
  std::mt19937 rng(7);
  const std::vector<std::string> names = {"x", "y", "z"};
  for (int round = 0; round < 200; ++round) {
    std::string body;
    std::vector<std::pair<std::string, int>> ops;  // var, form
    int n = 1 + static_cast<int>(rng() % 4);
    for (int j = 0; j < n; ++j) {
      std::string v = names[rng() % 3], w = names[rng() % 3];
      int c = static_cast<int>(rng() % 3);
      switch (rng() % 3) {
        case 0: body += "      " + v + " = " + std::to_string(c) + ";\n"; break;
        case 1: body += "      " + v + " = " + w + ";\n"; break;
        default: body += "      " + v + " = " + w + " == " + std::to_string(c) + " ? 1 : " + w + ";\n"; break;
      }
    }
    std::string text = "cuda kernel k {\n  param int n;\n  local int x;\n  local int y;\n  local int z;\n"
                       "  loop (n > 0) {\n    body:\n" + body + "  }\n}\n";
    auto k = kir::parse_kernel(text, "k.cu");
    std::map<std::string, std::int64_t> entry = {{"x", 0}, {"y", 1}, {"z", 2}};
    auto f = finite_states(first_loop(k), entry);
    ASSERT_TRUE(f) << text;
    ASSERT_EQ(f->vars.size(), 3u) << text;
    // The reference: run the body with the kernel-IR expression evaluator.
    std::set<std::vector<std::int64_t>> reached;
    auto state = entry;
    for (int it = 0; it < 64; ++it) {
      reached.insert({state["x"], state["y"], state["z"]});
      for (const auto& s : first_loop(k).body) {
        const auto& a = s.as<kir::Assign>();
        state[a.var] = expr::eval_int(a.value, [&](const std::string& v) -> std::optional<std::int64_t> { return state[v]; });
      }
    }
    EXPECT_EQ(tuples(*f), reached) << text;
  }
}

}  // namespace
}  // namespace racecert::inference
