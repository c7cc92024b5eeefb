// Running a warp's lanes together (barriers/warp_run.hpp) against running
// one thread at a time, the reference: on seeded random kernels the two
// extractions give the same program (units, commands, positions, index
// forms, Opaque notes), and both paths are taken often. Plus the lane
// domain's own cases: affine forms, overflow, divergence.
#include <gtest/gtest.h>

#include <limits>
#include <random>
#include <string>

#include "barriers/from_kernel.hpp"
#include "barriers/printer.hpp"
#include "barriers/warp_run.hpp"
#include "kernel_ir/parser.hpp"
#include "support/diagnostic.hpp"

namespace racecert::barriers {
namespace {

// Random kernels in the kernel IR's text form: warp-uniform and divergent
// branches and loops, affine and other indices, loaded (unknown) values,
// named barriers with constant, warp-dependent or unknown operands, and
// arithmetic near the 64-bit limits.
class KernelGen {
 public:
  explicit KernelGen(std::mt19937_64& rng) : rng_(rng) {}

  std::string kernel() {
    std::string s = "cuda kernel k {\n  array shared int buf<4>[4096];\n  local int n;\n";
    for (int i = 0; i < 3; ++i) s += "  local int x" + std::to_string(i) + ";\n";
    s += "  local int i;\n";
    s += block(0);
    return s + "}\n";
  }

 private:
  std::mt19937_64& rng_;
  int loops_ = 0;

  int pick(int n) { return static_cast<int>(rng_() % static_cast<unsigned>(n)); }
  std::string num(int n) { return std::to_string(pick(n)); }
  std::string x() { return "x" + num(3); }

  std::string value() {
    switch (pick(15)) {
      case 13: return "100 / threadIdx.x";  // unknown in thread 0 only (division by zero)
      case 0: return "threadIdx.x";
      case 1: return "threadIdx.x * " + num(4) + " + " + num(64);
      case 2: return num(100) + " - threadIdx.x";
      case 3: return "threadIdx.x % " + std::to_string(pick(6) + 1);
      case 4: return "threadIdx.x * threadIdx.x";
      case 5: return "threadIdx.x / " + std::to_string(pick(40) + 1);
      case 6: return x();
      case 7: return x() + " + threadIdx.x";
      case 8: return "n + threadIdx.x";
      case 9: return "threadIdx.y * 16 + threadIdx.x";
      case 10: return "threadIdx.x * 4611686018427387904";                 // overflows in most lanes
      case 11: return "9223372036854775800 - threadIdx.x * " + num(3);     // near the top
      case 12: return "-threadIdx.x";
      default: return num(200);
    }
  }
  std::string condition() {
    switch (pick(8)) {
      case 6: return x() + " < 200";  // true in every thread but thread 0 when x = 100 / threadIdx.x
      case 0: return "threadIdx.x / 32 == " + num(3);
      case 1: return "threadIdx.x < " + num(80);
      case 2: return x() + " > " + num(40);
      case 3: return "n > 3";
      case 4: return "threadIdx.x % 3 == 0";
      case 5: return "threadIdx.y == " + num(2);
      default: return "threadIdx.x / 32 != " + num(3);
    }
  }
  std::string barrier() {
    std::string id, count;
    switch (pick(5)) {
      case 0: id = "threadIdx.x / 32 + 1"; break;
      case 1: id = "threadIdx.x % 2"; break;  // differs between lanes
      case 2: id = "n"; break;
      default: id = num(4);
    }
    switch (pick(5)) {
      case 0: count = "n"; break;
      case 1: count = "threadIdx.x / 32 * 32 + 32"; break;
      default: count = std::to_string(32 * (pick(3) + 1));
    }
    return std::string(pick(2) ? "bar.sync " : "bar.arrive ") + id + ", " + count + ";";
  }
  std::string statement(int depth) {
    int kind = pick(depth < 2 ? 10 : 7);
    switch (kind) {
      case 0:
      case 1: return x() + " = " + value() + ";";
      case 2: return x() + " = load buf[" + value() + "];";
      case 3:
      case 4: return "store buf[" + value() + "] = 1;";
      case 5: return barrier();
      case 6: return pick(4) ? "barrier.block;" : (pick(2) ? "return;" : "barrier.warp;");
      case 7:
      case 8: return "if (" + condition() + ") {\n" + block(depth + 1) + "} else {\n" + block(depth + 1) + "}";
      default: {
        if (loops_++ > 0) return x() + " = " + value() + ";";
        std::string bound = pick(2) ? "threadIdx.x / 32 + 2" : (pick(2) ? "threadIdx.x % 3" : num(3));
        return "loop (i < " + bound + ") {\ninit: i = 0;\nbody:\n" + block(depth + 1) + "update: i = i + 1;\n}";
      }
    }
  }
  std::string block(int depth) {
    std::string s;
    int n = pick(5) + 1;
    for (int i = 0; i < n; ++i) s += statement(depth) + "\n";
    return s;
  }
};

// The programs, with every command's position (print leaves them out).
std::string dump(const Program& p) {
  std::string s = print(p);
  for (const Unit& u : p.units) {
    s += u.name + ":";
    for (const Command& c : u.cmds) s += " " + std::to_string(c.pos.line) + "." + std::to_string(c.pos.column);
    s += "\n";
  }
  for (const auto& n : p.notes) s += "note " + n + "\n";
  return s;
}

TEST(WarpRun, SameProgramAsOneThreadAtATime) {
  std::mt19937_64 rng(20261126);
  const Dim3 blocks[] = {{32}, {64}, {96}, {40}, {16, 4}, {8, 8, 2}, {100}};
  ExtractionStats total;
  int programs = 0, opaque = 0;
  for (int i = 0; i < 1500; ++i) {
    KernelGen gen(rng);
    std::string text = gen.kernel();
    kir::Kernel k = kir::parse_kernel(text, "r.kir");
    Launch together{blocks[i % 7], {}}, one{blocks[i % 7], {}};
    together.max_thread_commands = one.max_thread_commands = 400 + rng() % 4000;
    one.warps_together = false;
    ExtractionStats stats;
    Program a = program_from_kernel(k, together, &stats), b = program_from_kernel(k, one);
    ASSERT_EQ(dump(a), dump(b)) << text;
    total.warps_together += stats.warps_together;
    total.warps_one_by_one += stats.warps_one_by_one;
    ++programs;
    opaque += !a.notes.empty();
  }
  // Both paths, and both outcomes of the extraction, are exercised.
  EXPECT_GT(total.warps_together, 1000u);
  EXPECT_GT(total.warps_one_by_one, 500u);
  EXPECT_GT(opaque, programs / 10);
  EXPECT_LT(opaque, programs * 9 / 10);
}

// A warp-specialized kernel runs as one walk per warp.
TEST(WarpRun, WarpUniformKernelRunsTogether) {
  kir::Kernel k = kir::parse_kernel(
      "cuda kernel k {\n  array shared int buf<4>[256];\n"
      "  if (threadIdx.x / 32 == 0) {\n    store buf[threadIdx.x + 64] = 1;\n    bar.arrive 1, 64;\n"
      "  } else {\n    bar.sync 1, 64;\n    x = load buf[127 - (threadIdx.x - 32)];\n  }\n}\n",
      "w.kir");
  ExtractionStats stats;
  Program p = program_from_kernel(k, Launch{{64}, {}}, &stats);
  EXPECT_EQ(stats.warps_together, 2u);
  EXPECT_EQ(stats.warps_one_by_one, 0u);
  ASSERT_EQ(p.units.size(), 2u);
  EXPECT_EQ(p.indices[p.units[0].cmds[0].aux], affine(64, 1));
  EXPECT_EQ(p.indices[p.units[1].cmds[1].aux], affine(159, -1));
}

// Lanes that take different branches are run one by one.
TEST(WarpRun, DivergentWarpRunsOneByOne) {
  kir::Kernel k = kir::parse_kernel(
      "cuda kernel k {\n  array shared int buf<4>[256];\n"
      "  if (threadIdx.x < 16) {\n    store buf[threadIdx.x] = 1;\n  }\n  barrier.block;\n}\n",
      "d.kir");
  ExtractionStats stats;
  Program p = program_from_kernel(k, Launch{{64}, {}}, &stats);
  EXPECT_EQ(stats.warps_together, 1u);  // warp 1: no lane takes the branch
  EXPECT_EQ(stats.warps_one_by_one, 1u);
  EXPECT_EQ(p.units.size(), 33u);  // warp 0 split into its threads
}

TEST(LaneValue, CanonicalForms) {
  LaneValue u = lane_value({5, 5, 5});
  EXPECT_TRUE(u.uniform());
  EXPECT_EQ(u.at(2), 5);
  LaneValue a = lane_value({7, 4, 1});
  EXPECT_FALSE(a.uniform());
  EXPECT_FALSE(a.lanes);
  EXPECT_EQ(a.stride, -3);
  EXPECT_EQ(a.at(2), 1);
  LaneValue t = lane_value({1, 2, 4});
  ASSERT_TRUE(t.lanes);
  EXPECT_EQ(t.at(2), 4);
  LaneValue partial = lane_value({1, std::nullopt, 3});
  ASSERT_TRUE(partial.lanes);
  EXPECT_FALSE(partial.at(1));
  // The 64-bit difference wraps: not affine.
  constexpr std::int64_t lo = std::numeric_limits<std::int64_t>::min(), hi = std::numeric_limits<std::int64_t>::max();
  LaneValue wide = lane_value({lo, hi, lo});
  EXPECT_TRUE(wide.lanes);
  // A stride whose multiple by the lane overflows alone, with every lane in range.
  constexpr std::int64_t big = std::int64_t{1} << 62, step = -440'000'000'000'000'000;  // step * 31 < INT64_MIN
  std::vector<kir::Value> steep(32);
  for (int l = 0; l < 32; ++l) steep[l] = static_cast<std::int64_t>(static_cast<__int128>(big) + __int128{step} * l);
  LaneValue s = lane_value(steep);
  EXPECT_FALSE(s.lanes);
  EXPECT_EQ(s.at(31), std::int64_t{-9'028'313'981'572'612'096});
}

class Probe : public WarpExecutor {
 public:
  explicit Probe(std::uint32_t lanes) : WarpExecutor(lanes) {
    std::vector<kir::Value> tid(lanes);
    for (std::uint32_t l = 0; l < lanes; ++l) tid[l] = l;
    env["t"] = lane_value(tid);
  }
  using WarpExecutor::truth;
};

// Every lane's value is eval_partial's for that lane alone.
TEST(LaneValue, AffineArithmeticMatchesEachLane) {
  Probe w(32);
  const char* cases[] = {"t * 3 + 5", "100 - t", "-t", "t * 4611686018427387904", "9223372036854775800 + t",
                         "t * t", "t / 4", "t % 5", "(t + 1) * (0 - 2)", "-9223372036854775807 - t"};
  for (const char* c : cases) {
    kir::Kernel k = kir::parse_kernel(std::string("cuda kernel k {\n  x = ") + c + ";\n}\n", "e.kir");
    const kir::Expr& e = std::get<kir::Assign>(k.body[0].node).value;
    LaneValue v = w.eval(e);
    for (std::uint32_t l = 0; l < 32; ++l) {
      kir::Value want = expr::eval_partial(e, [&](const std::string&) -> kir::Value { return l; });
      EXPECT_EQ(v.at(l), want) << c << " lane " << l;
    }
  }
}

TEST(LaneValue, DivergentConditionThrows) {
  Probe w(3);
  EXPECT_THROW(w.truth(lane_value({0, 1, 1})), Divergent);
  EXPECT_THROW(w.truth(lane_value({1, std::nullopt, 1})), Divergent);
  EXPECT_THROW(w.truth(lane_value({std::nullopt, 1, 1})), Divergent);
  EXPECT_EQ(w.truth(lane_value({1, 2, 3})), true);
  EXPECT_EQ(w.truth(w.eval(expr::binary(expr::BinOp::Lt, expr::var("t"), expr::int_lit(40)))), true);
  EXPECT_THROW(w.truth(w.eval(expr::binary(expr::BinOp::Lt, expr::var("t"), expr::int_lit(1)))), Divergent);
  EXPECT_EQ(w.truth(LaneValue{}), std::nullopt);  // unknown in every lane: undecided, as for one thread
}

}  // namespace
}  // namespace racecert::barriers
