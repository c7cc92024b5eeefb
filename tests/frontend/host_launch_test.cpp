// Launches a user already wrote: the front end collects the constant
// launches of the host code (frontend::HostLaunch), and `racecert check`
// checks each kernel for them when neither the command line nor the
// GPUVerify header gives a launch (docs/pipeline.md "Launch sources").
#include "frontend/frontend.hpp"
#include "pipeline/launch.hpp"
#include "tests/frontend/test_util.hpp"

using namespace racecert::fetest;
using racecert::Dim3;
using racecert::frontend::HostLaunch;

namespace {

std::vector<HostLaunch> launches_of(const std::string& source) {
  return racecert::frontend::parse_kernels(kernel_file(source), {}).host_launches;
}

// Every thread of every block writes out[threadIdx.x]: racy exactly when
// the grid has two blocks or more.
const char* kPerThread = R"(__global__ void k(int *out) {
  out[threadIdx.x] = blockIdx.x;
}
)";

}  // namespace

// ---- what the front end collects

TEST(HostLaunches, DefinedSizes) {
  auto l = launches_of(std::string(kPerThread) + R"(#define NBLOCKS 4
#define TPERBLK 64
int main() {
  int *out = 0;
  k<<<NBLOCKS, TPERBLK>>>(out);
  return 0;
}
)");
  ASSERT_EQ(l.size(), 1u);
  EXPECT_EQ(l[0].kernel, "k");
  EXPECT_EQ(l[0].grid, (Dim3{4, 1, 1}));
  EXPECT_EQ(l[0].block, (Dim3{64, 1, 1}));
  EXPECT_EQ(l[0].loc.line, 8);
  EXPECT_EQ(l[0].str(), "<<<4, 64>>>");
}

TEST(HostLaunches, Dim3VariablesAndTemporaries) {
  auto l = launches_of(std::string(kPerThread) + R"(const dim3 kTile(8, 8, 2);
void run(int *out) {
  dim3 grid(64, 1);
  dim3 block(16, 16);
  k<<<grid, block>>>(out);
  k<<<dim3(4, 4), kTile>>>(out);
  dim3 same = dim3(2);
  k<<<same, 32>>>(out);
}
)");
  ASSERT_EQ(l.size(), 3u);
  EXPECT_EQ(l[0].grid, (Dim3{64, 1, 1}));
  EXPECT_EQ(l[0].block, (Dim3{16, 16, 1}));
  EXPECT_EQ(l[0].str(), "<<<64, [16,16,1]>>>");
  EXPECT_EQ(l[1].grid, (Dim3{4, 4, 1}));
  EXPECT_EQ(l[1].block, (Dim3{8, 8, 2}));
  EXPECT_EQ(l[2].grid, (Dim3{2, 1, 1}));
  EXPECT_EQ(l[2].block, (Dim3{32, 1, 1}));
}

TEST(HostLaunches, ConstantArithmetic) {
  auto l = launches_of(std::string(kPerThread) + R"(constexpr int N = 1000;
const int T = 256;
void run(int *out) { k<<<(N + T - 1) / T, T>>>(out); }
)");
  ASSERT_EQ(l.size(), 1u);
  EXPECT_EQ(l[0].grid, (Dim3{4, 1, 1}));
  EXPECT_EQ(l[0].block, (Dim3{256, 1, 1}));
}

// Sizes that are not constants leave the launch out: the kernel stays
// checked for every launch.
TEST(HostLaunches, NonConstantSizesAreIgnored) {
  auto l = launches_of(std::string(kPerThread) + R"(void run(int *out, int n) {
  int blocks = 4;
  k<<<blocks, 64>>>(out);        // a variable anything may change
  k<<<n, 64>>>(out);             // a parameter
  dim3 b(64);
  b.x = 128;                     // changed after its initialisation
  k<<<1, b>>>(out);
  dim3 c(32);
  dim3 *p = &c;                  // its address escapes
  k<<<1, c>>>(out);
  k<<<0, 64>>>(out);             // no thread at all
}
)");
  ASSERT_EQ(l.size(), 5u);
  for (const HostLaunch& x : l) EXPECT_FALSE(x.constant) << x.loc.line;
  EXPECT_TRUE(racecert::pipeline::host_launches_for("k", {}, {}, l).empty());
}

// One launch that is not constant may have any shape: the constant ones
// beside it must not narrow the check (k races for 128 threads).
TEST(HostLaunches, OneNonConstantLaunchKeepsTheKernelSymbolic) {
  const char* wraps = R"(__global__ void k(int *a) { a[threadIdx.x % 64] = threadIdx.x; }
)";
  std::string both = std::string(wraps) + "void run(int *d, int n) {\n  k<<<1, 64>>>(d);\n  k<<<1, n * 64>>>(d);\n}\n";
  auto l = launches_of(both);
  ASSERT_EQ(l.size(), 2u);
  EXPECT_TRUE(l[0].constant);
  EXPECT_FALSE(l[1].constant);
  EXPECT_TRUE(racecert::pipeline::host_launches_for("k", {}, {}, l).empty());
  EXPECT_RACY(check(both), "k");
  EXPECT_DRF(check(std::string(wraps) + "void run(int *d) { k<<<1, 64>>>(d); }\n"), "k");
  // A launch in a template, whose kernel or sizes are known only per
  // instantiation, counts as not constant for every kernel of the file.
  auto t = launches_of(std::string(wraps) + "template <int B> void run(int *d) { k<<<1, B>>>(d); }\n"
                                            "void go(int *d) { k<<<1, 64>>>(d); }\n");
  EXPECT_TRUE(racecert::pipeline::host_launches_for("k", {}, {}, t).empty());
}

TEST(HostLaunches, RepeatedShapesAreCheckedOnce) {
  auto l = launches_of(std::string(kPerThread) + R"(void run(int *out) {
  k<<<1, 64>>>(out);
  k<<<1, 64>>>(out);
  k<<<2, 32>>>(out);
}
)");
  ASSERT_EQ(l.size(), 3u);
  auto used = racecert::pipeline::host_launches_for("k", {}, {}, l);
  ASSERT_EQ(used.size(), 2u);
  EXPECT_EQ(used[0].loc.line, 5);
  EXPECT_EQ(used[1].grid, (Dim3{2, 1, 1}));
  EXPECT_TRUE(racecert::pipeline::host_launches_for("other", {}, {}, l).empty());
  // A launch of the command line or the header wins.
  EXPECT_TRUE(racecert::pipeline::host_launches_for("k", {Dim3{64, 1, 1}, std::nullopt}, {}, l).empty());
  racecert::GpuVerifyHeader h;
  h.grid = Dim3{4, 1, 1};
  EXPECT_TRUE(racecert::pipeline::host_launches_for("k", {}, h, l).empty());
}

// ---- `racecert check` with them

TEST(HostLaunchCheck, OneBlockLaunchLiftsTheFalseAlarm) {
  // Without host code: racy for any grid of two blocks.
  EXPECT_RACY(check(kPerThread), "k");
  auto r = check(std::string(kPerThread) + "void run(int *out) { k<<<1, 256>>>(out); }\n");
  EXPECT_DRF(r, "k");
  EXPECT_TRUE(contains(r.out, "the launch of the host code at ")) << dump(r);
  EXPECT_TRUE(contains(r.out, ".cu:4 (<<<1, 256>>>)")) << dump(r);
}

TEST(HostLaunchCheck, HeaderAndFlagWinOverTheHostLaunch) {
  std::string host = std::string(kPerThread) + "void run(int *out) { k<<<1, 256>>>(out); }\n";
  auto header = check("//xfail:NOT_ALL_VERIFIED\n//--blockDim=256 --gridDim=4\n" + host);
  EXPECT_RACY(header, "k");
  EXPECT_FALSE(contains(header.out, "the launch of the host code")) << dump(header);
  auto flag = check(host, {"--grid-dim", "2"});
  EXPECT_RACY(flag, "k");
  EXPECT_EQ(witness(flag)["gridDim.x"], 2);
}

TEST(HostLaunchCheck, EachShapeIsCheckedAndTheWorseWins) {
  auto r = check(std::string(kPerThread) + R"(void run(int *out) {
  k<<<1, 256>>>(out);
  k<<<4, 256>>>(out);
}
)",
                 {"--format", "json"});
  EXPECT_EQ(r.code, kRacy) << dump(r);
  auto json = parse_json(r.out);
  const auto* kernels = json.getAsObject()->getArray("kernels");
  ASSERT_EQ(kernels->size(), 1u) << r.out;  // one report, both shapes
  const auto& k = *(*kernels)[0].getAsObject();
  EXPECT_EQ(k.getString("status"), "racy");
  const auto* assumptions = k.getArray("assumptions");
  std::string all;
  for (const auto& a : *assumptions) all += a.getAsString()->str() + "\n";
  EXPECT_TRUE(contains(all, "(<<<1, 256>>>)")) << all;
  EXPECT_TRUE(contains(all, "(<<<4, 256>>>)")) << all;
  // The race names the launch it needs.
  const auto* races = k.getArray("races");
  ASSERT_FALSE(races->empty());
  for (const auto& race : *races)
    EXPECT_TRUE(contains(race.getAsObject()->getString("launch_explanation").value_or("").str(), "(<<<4, 256>>>)")) << r.out;
}

TEST(HostLaunchCheck, NonConstantLaunchStaysSymbolic) {
  auto r = check(std::string(kPerThread) + "void run(int *out, int n) { k<<<n, 256>>>(out); }\n");
  EXPECT_RACY(r, "k");
  EXPECT_FALSE(contains(r.out, "the launch of the host code")) << dump(r);
}
