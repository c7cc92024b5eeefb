// The driver of `racecert check` (pipeline/driver.hpp), in process: the one
// table of stage names, `show` stopping right after its stage (no later work),
// routing shared arrays of kernels with named barriers to the named-barrier
// check (and so out of the protocol the protocol analysis sees), and launch
// dimensions as preconditions.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <unistd.h>

#include "pipeline/driver.hpp"
#include "pipeline/launch.hpp"
#include "pipeline/stage.hpp"
#include "smt/context_maker.hpp"
#include "support/expr.hpp"
#include "tests/support/text.hpp"

using namespace racecert;
using namespace racecert::pipeline;

namespace {

std::string write_kernel(const std::string& text, const std::string& ext = ".cu") {
  char tmpl[] = "/tmp/racecert-pipeline-XXXXXX";
  std::string dir = mkdtemp(tmpl);
  std::string path = dir + "/k" + ext;
  std::ofstream(path) << text;
  return path;
}

using testkit::has;

// Producer warps 0-1 write buf (shared) and out (global); consumers read
// buf after the named barrier. `LOOP` bounds the producer loop.
std::string named_barrier_kernel(const std::string& loop) {
  return R"(__device__ void named_sync(int id, int n) { asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(n)); }
__device__ void named_arrive(int id, int n) { asm volatile("bar.arrive %0, %1;" ::"r"(id), "r"(n)); }
__global__ void k(float *out) {
  __shared__ float buf[64];
  int warp = threadIdx.x / 32;
  int lane = threadIdx.x % 32;
  for (int s = 0; s < )" + loop + R"(; ++s) {
    if (warp < 2) {
      buf[warp * 32 + lane] = s;
      named_arrive(1, 128);
    } else {
      named_sync(1, 128);
      out[blockIdx.x * 64 + (warp - 2) * 32 + lane] = buf[(warp - 2) * 32 + lane];
    }
  }
}
)";
}

Options with_block(int threads) {
  Options o;
  o.launch.block = Dim3{threads, 1, 1};
  return o;
}

Options showing(Stage s, Options o = {}) {
  o.show = s;
  return o;
}

}  // namespace

TEST(PipelineStages, OneTableOfNamesInPipelineOrder) {
  EXPECT_EQ(stage_names(), "kernel, barriers, protocol, wellformed, aligned, split, traces or smt");
  for (Stage s : {Stage::Kernel, Stage::Barriers, Stage::Protocol, Stage::WellFormed, Stage::Aligned, Stage::Split,
                  Stage::Traces, Stage::Smt})
    EXPECT_EQ(parse_stage(stage_name(s)), s) << stage_name(s);
  EXPECT_FALSE(parse_stage("nothing"));
  EXPECT_FALSE(parse_stage(""));
  EXPECT_LT(Stage::Protocol, Stage::WellFormed);  // run_check relies on the order
}

// Whether a stage ran the barrier extraction is counted by the driver
// (Result::barrier_extractions), not timed: the kernel's loop of 2^30 rounds
// would make an extraction take seconds and gigabytes, but the test does not
// depend on that.
TEST(PipelineDriver, ShowKernelRunsNothingAfterLowering) {
  std::string path = write_kernel(named_barrier_kernel("(1 << 30)"));
  Result r = run_check({path}, showing(Stage::Kernel, with_block(128)));
  EXPECT_EQ(r.barrier_extractions, 0);
  EXPECT_TRUE(r.errors.empty());
  EXPECT_TRUE(has(r.shown, "cuda kernel k {")) << r.shown;
  EXPECT_TRUE(has(r.shown, "bar.sync")) << r.shown;
  EXPECT_FALSE(has(r.shown, "warp 0")) << r.shown;  // no barrier program
  EXPECT_TRUE(r.kernels.empty());
}

TEST(PipelineDriver, ShowBarriersPrintsTheExtractedProgram) {
  std::string path = write_kernel(named_barrier_kernel("2"));
  Result r = run_check({path}, showing(Stage::Barriers, with_block(128)));
  EXPECT_EQ(r.barrier_extractions, 1);
  EXPECT_TRUE(r.errors.empty());
  EXPECT_TRUE(has(r.shown, "kernel k block 128")) << r.shown;
  EXPECT_TRUE(has(r.shown, "arrive 1 128")) << r.shown;
  EXPECT_TRUE(has(r.shown, "sync 1 128")) << r.shown;
  EXPECT_FALSE(has(r.shown, "global out")) << r.shown;  // no protocol
  // Without a block size nothing is extracted, and the output says why.
  Result symbolic = run_check({path}, showing(Stage::Barriers));
  EXPECT_EQ(symbolic.shown, "// kernel k: named barriers are checked only with a known block size\n");
}

// Routing: with a known block size the shared array goes to the named-barrier
// check, so the protocol the protocol analysis checks (and --show protocol
// prints) has the global array only; without one too (the shared array is
// then unknown: named barriers need a block size).
TEST(PipelineDriver, SharedArraysOfNamedBarrierKernelsAreRoutedAway) {
  std::string path = write_kernel(named_barrier_kernel("2"));
  Result routed = run_check({path}, showing(Stage::Protocol, with_block(128)));
  EXPECT_TRUE(has(routed.shown, "global out;")) << routed.shown;
  EXPECT_FALSE(has(routed.shown, "buf")) << routed.shown;
  Result later = run_check({path}, showing(Stage::WellFormed, with_block(128)));
  EXPECT_FALSE(has(later.shown, "buf")) << later.shown;
  EXPECT_TRUE(has(later.shown, "out")) << later.shown;
  Result unsized = run_check({path}, showing(Stage::Protocol));
  EXPECT_FALSE(has(unsized.shown, "buf")) << unsized.shown;
  EXPECT_TRUE(has(unsized.shown, "global out;")) << unsized.shown;
}

// The full check: both verdicts merge into one report per kernel.
TEST(PipelineDriver, OneReportPerKernelFromBothChecks) {
  std::string path = write_kernel(named_barrier_kernel("1"));
  Options o = with_block(128);
  o.launch.grid = Dim3{2, 1, 1};  // out is indexed by blockIdx.x only
  Result r = run_check({path}, o);
  EXPECT_EQ(r.barrier_extractions, 1);
  ASSERT_TRUE(r.errors.empty());
  ASSERT_EQ(r.kernels.size(), 1u);
  EXPECT_EQ(r.kernels[0].name, "k");
  EXPECT_EQ(r.kernels[0].status, KernelStatus::Drf);
  bool noted = false;
  for (const auto& d : r.kernels[0].diagnostics)
    noted = noted || has(d.message, "shared memory checked by the named-barrier analysis for a block of 128 threads");
  EXPECT_TRUE(noted);
  // Without a grid size the kernel, which reads no y or z, is checked with
  // gridDim.y = gridDim.z = 1 (pipeline/launch.hpp), and that is still DRF...
  o.launch.grid.reset();
  Result assumed = run_check({path}, o);
  ASSERT_EQ(assumed.kernels.size(), 1u);
  EXPECT_EQ(assumed.kernels[0].status, KernelStatus::Drf);
  EXPECT_EQ(assumed.kernels[0].assumed_one, (std::vector<std::string>{"gridDim.y", "gridDim.z"}));
  // ...but with every grid shape (--all-dims) the protocol analysis's verdict
  // on out counts: racy along blockIdx.y.
  o.all_dims = true;
  Result racy = run_check({path}, o);
  ASSERT_EQ(racy.kernels.size(), 1u);
  EXPECT_EQ(racy.kernels[0].status, KernelStatus::Racy);
  ASSERT_FALSE(racy.kernels[0].races.empty());
  EXPECT_EQ(racy.kernels[0].races[0].array, "out");
  EXPECT_TRUE(racy.kernels[0].assumed_one.empty());
}

// A dimension read only around the shared-memory code that the
// named-barrier check takes is still read: the kernel's grid stays
// symbolic in y.
TEST(PipelineDriver, ReadsOfCodeRoutedToNamedBarriersCount) {
  std::string kernel = named_barrier_kernel("1");
  std::string store = "buf[warp * 32 + lane] = s;";
  kernel.replace(kernel.find(store), store.size(), "if (blockIdx.y < 4) " + store);
  Result r = run_check({write_kernel(kernel)}, with_block(128));
  ASSERT_EQ(r.kernels.size(), 1u);
  EXPECT_EQ(r.kernels[0].assumed_one, (std::vector<std::string>{"gridDim.z"}));
  EXPECT_NE(r.kernels[0].status, KernelStatus::Drf);  // out along blockIdx.y
}

TEST(PipelineDriver, MalformedHeaderIsMalformedInput) {
  std::string path = write_kernel("//pass\n//--blockDim=0\n" + named_barrier_kernel("1"));
  for (std::optional<Stage> show : {std::optional<Stage>(), std::optional<Stage>(Stage::Kernel)}) {
    Options o;
    o.show = show;
    Result r = run_check({path}, o);
    ASSERT_EQ(r.errors.size(), 1u);
    EXPECT_EQ(r.errors[0].loc().line, 2);
    EXPECT_TRUE(has(r.errors[0].what(), "'--blockDim=0'")) << r.errors[0].what();
    EXPECT_TRUE(r.kernels.empty());
  }
}

TEST(PipelineDriver, KernelFilter) {
  std::string path = write_kernel(named_barrier_kernel("1"));
  Options o = showing(Stage::Kernel);
  o.kernel = "nope";
  Result r = run_check({path}, o);
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_TRUE(has(r.errors[0].what(), "no kernel named 'nope'"));
}

TEST(PipelineLaunch, CommandLineWinsPerDimension) {
  GpuVerifyHeader h = parse_gpuverify_header("//pass\n//--blockDim=64 --gridDim=[4,2]\n", "k.cu");
  Launch l = launch_of(Launch{Dim3{8, 1, 1}, std::nullopt}, h);
  EXPECT_EQ(l.block, (Dim3{8, 1, 1}));
  EXPECT_EQ(l.grid, (Dim3{4, 2, 1}));
  std::string text;
  for (const auto& e : launch_preconditions(l)) text += expr::to_string(e) + ";";
  EXPECT_EQ(text, "blockDim.x == 8;blockDim.y == 1;blockDim.z == 1;gridDim.x == 4;gridDim.y == 2;gridDim.z == 1;");
}

// The protocol stages need the routing decision, not the barrier program:
// none of them extracts it either.
TEST(PipelineDriver, ProtocolStagesRunNoExtraction) {
  std::string path = write_kernel(named_barrier_kernel("(1 << 30)"));
  for (Stage s : {Stage::Protocol, Stage::WellFormed, Stage::Aligned, Stage::Split, Stage::Traces, Stage::Smt}) {
    Result r = run_check({path}, showing(s, with_block(128)));
    EXPECT_EQ(r.barrier_extractions, 0) << stage_name(s);
    EXPECT_TRUE(r.errors.empty()) << stage_name(s);
    EXPECT_FALSE(has(r.shown, "buf")) << stage_name(s) << ":\n" << r.shown;  // routed to the barrier check
    EXPECT_TRUE(has(r.shown, "out")) << stage_name(s) << ":\n" << r.shown;
  }
}

// --no-benign-tolerance in a file's header makes same-value writes races in
// that file only; the reports stay in the order of the files.
TEST(PipelineDriver, NoBenignToleranceIsPerFile) {
  std::string body = "__global__ void zero(float *y) { y[0] = 0; }\n";
  std::string lenient = write_kernel("//pass\n//--blockDim=32 --gridDim=2\n" + body);
  std::string strict = write_kernel("//pass\n//--blockDim=32 --gridDim=2 --no-benign-tolerance\n" + body);
  Result r = run_check({strict, lenient, strict}, Options{});
  ASSERT_TRUE(r.errors.empty());
  ASSERT_EQ(r.kernels.size(), 3u);
  EXPECT_EQ(r.kernels[0].file, strict);
  EXPECT_EQ(r.kernels[0].status, KernelStatus::Racy);
  EXPECT_EQ(r.kernels[1].file, lenient);
  EXPECT_EQ(r.kernels[1].status, KernelStatus::Drf);
  EXPECT_EQ(r.kernels[2].status, KernelStatus::Racy);
}

// --warp-sync=N in a file's header makes that file's warps lock-step (also
// in the traces --show prints); the command line's --warp-sync wins.
TEST(PipelineDriver, WarpSyncIsPerFile) {
  // Lane t reads s[t + 1] and writes s[t] in one statement: ordered in a
  // lock-step warp of 32, racy without lock-step and across warps of 16.
  std::string body = "__global__ void shift(int *a) { __shared__ int s[65]; unsigned t = threadIdx.x;\n"
                     "  s[t] = a[t]; __syncthreads();\n  if (t % 32 < 31) s[t] = s[t + 1];\n}\n";
  std::string plain = write_kernel("//pass\n//--blockDim=64 --gridDim=1\n" + body);
  std::string lockstep = write_kernel("//pass\n//--blockDim=64 --gridDim=1 --warp-sync=32\n" + body);
  Result r = run_check({lockstep, plain}, Options{});
  ASSERT_TRUE(r.errors.empty());
  ASSERT_EQ(r.kernels.size(), 2u);
  EXPECT_EQ(r.kernels[0].status, KernelStatus::Drf);
  EXPECT_EQ(r.kernels[1].status, KernelStatus::Racy);
  Options sixteen;
  sixteen.check.warp_size = 16;
  EXPECT_EQ(run_check({lockstep}, sixteen).kernels.at(0).status, KernelStatus::Racy);
  Result shown = run_check({lockstep}, showing(Stage::Traces));
  EXPECT_TRUE(has(shown.shown, "lock-step warps of 32 threads")) << shown.shown;
  EXPECT_FALSE(has(run_check({plain}, showing(Stage::Traces)).shown, "lock-step"));
}

// GPUVerify's --only-divergence / --only-log check no race but still check
// divergence; /checkArrays:A,B checks only the arrays named, and a name the
// kernel has no array for is malformed input. Each report says what was not
// checked.
TEST(PipelineDriver, HeaderRestrictsTheArraysChecked) {
  std::string racy = "__global__ void k(int *a, int *b) { a[0] = threadIdx.x; b[threadIdx.x] = 1; }\n";
  std::string plain = write_kernel("//pass\n//--blockDim=32 --gridDim=1\n" + racy);
  EXPECT_EQ(run_check({plain}, Options{}).kernels.at(0).status, KernelStatus::Racy);
  for (const char* flag : {"--only-divergence", "--only-log", "--vcgen-opt=/checkArrays:b", "--vcgen-op=/checkArrays:b"}) {
    std::string f = write_kernel("//pass\n//--blockDim=32 --gridDim=1 " + std::string(flag) + "\n" + racy);
    Result r = run_check({f}, Options{});
    ASSERT_TRUE(r.errors.empty()) << flag;
    ASSERT_EQ(r.kernels.size(), 1u);
    EXPECT_EQ(r.kernels[0].status, KernelStatus::Drf) << flag;
    ASSERT_EQ(r.kernels[0].assumptions.size(), 1u) << flag;
    EXPECT_TRUE(has(r.kernels[0].assumptions[0], "GPUVerify header flag")) << r.kernels[0].assumptions[0];
  }
  std::string on_a = write_kernel("//pass\n//--blockDim=32 --gridDim=1 --vcgen-opt=/checkArrays:b,a\n" + racy);
  EXPECT_EQ(run_check({on_a}, Options{}).kernels.at(0).status, KernelStatus::Racy);
  std::string divergent = write_kernel(
      "//pass\n//--blockDim=32 --gridDim=1 --only-divergence\n"
      "__global__ void k(int *a) { if (threadIdx.x < 3) __syncthreads(); a[0] = threadIdx.x; }\n");
  EXPECT_EQ(run_check({divergent}, Options{}).kernels.at(0).status, KernelStatus::Divergent);
  std::string missing = write_kernel("//pass\n//--blockDim=32 --gridDim=1 --vcgen-opt=/checkArrays:a,c\n" + racy);
  Result m = run_check({missing}, Options{});
  ASSERT_EQ(m.errors.size(), 1u);
  EXPECT_EQ(m.errors[0].code(), kExitBadInput);
  EXPECT_TRUE(has(m.errors[0].render(), "k.cu:2:29: error: /checkArrays names 'c'")) << m.errors[0].render();
}

// A run whose phases the fast paths decide makes no Z3 context: three
// GPUVerify testsuite files in four are such, and a context made ahead
// "for the first query" cost them some 10 ms of CPU and the wait for it at
// exit (issue 18). The racy kernel shows that the count counts.
TEST(PipelineDriver, ARunThatAsksZ3NothingMakesNoContext) {
  Options o = with_block(64);
  o.launch.grid = Dim3{4, 1, 1};
  std::size_t before = smt::detail::contexts_made();
  Result r = run_check(
      {write_kernel("__global__ void k(float *a) { a[blockIdx.x * blockDim.x + threadIdx.x] = threadIdx.x; }\n")}, o);
  ASSERT_EQ(r.kernels.size(), 1u);
  EXPECT_EQ(r.kernels[0].status, KernelStatus::Drf);
  EXPECT_EQ(smt::detail::contexts_made(), before);
  Result racy = run_check({write_kernel("__global__ void k(int *a, int s) { a[threadIdx.x * s] = threadIdx.x; }\n")},
                          o);
  ASSERT_EQ(racy.kernels.size(), 1u);
  EXPECT_EQ(racy.kernels[0].status, KernelStatus::Racy);
  EXPECT_GT(smt::detail::contexts_made(), before);
}
