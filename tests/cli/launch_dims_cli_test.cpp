// The launch in what `racecert check` prints (issue 13 items 5 and 11): the
// sizes assumed 1 because the kernel never reads their dimension (text
// note, JSON "assumptions", SARIF notification; --all-dims lifts them), and
// the one-line launch explanation of a race only two blocks have.
#include <gtest/gtest.h>

#include <llvm/Support/JSON.h>

#include "tests/cli/json_output.hpp"
#include "tests/cli/run_racecert.hpp"
#include "tests/support/text.hpp"

using racecert::testkit::parse_json;
using racecert::testkit::has;
using racecert::testkit::run_racecert;
using racecert::testkit::temp_file;

namespace {

// A 1-D grid-stride saxpy: each thread its own cells, for every launch
// whose y and z sizes are 1.
const char* kSaxpy = R"(__global__ void saxpy(int n, float a, const float *x, float *y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i];
}
)";
// Its racy twin: the stride loop forgets the block, so every block writes
// the same cells; within one block the threads still write distinct ones.
const char* kSaxpyRacy = R"(__global__ void saxpy(int n, float a, const float *x, float *y) {
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    y[i] = a * x[i] + y[i];
}
)";
// Racy only in a second block dimension: shared memory, threads of one
// block, distinct x.
const char* kOnlyIn2D = R"(__global__ void stage(const int *in, int *out) {
  __shared__ int s[1024];
  if (threadIdx.x < 1024) s[threadIdx.x] = in[threadIdx.x] + 1;
}
)";

const llvm::json::Object* first_kernel(const llvm::json::Value& v) {
  const auto* root = v.getAsObject();
  const auto* kernels = root ? root->getArray("kernels") : nullptr;
  return kernels && !kernels->empty() ? (*kernels)[0].getAsObject() : nullptr;
}

std::vector<std::string> assumptions(const llvm::json::Object& k) {
  std::vector<std::string> out;
  if (const auto* a = k.getArray("assumptions"))
    for (const auto& e : *a) out.push_back(e.getAsString().value_or("?").str());
  return out;
}

}  // namespace

TEST(LaunchDimsCli, GridStrideKernelWithoutLaunchFlagsIsDrfUnderTheAssumption) {
  std::string f = temp_file(kSaxpy, ".cu");
  auto r = run_racecert({"check", f});
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_TRUE(has(r.out, f + ": note: assuming blockDim.y = blockDim.z = gridDim.y = gridDim.z = 1 (the kernel never "
                          "reads these dimensions; --all-dims checks every launch)\n"))
      << r.out;
  EXPECT_TRUE(has(r.out, "kernel 'saxpy': drf")) << r.out;
  // Every launch: threads that differ only in y or z write the same y[i].
  auto all = run_racecert({"check", "--all-dims", f});
  EXPECT_EQ(all.code, 1) << all.out << all.err;
  EXPECT_FALSE(has(all.out, "never reads")) << all.out;
}

TEST(LaunchDimsCli, RacyTwinStaysRacyAndExplainsTheLaunch) {
  std::string f = temp_file(kSaxpyRacy, ".cu");
  auto r = run_racecert({"check", f});
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "note: assuming blockDim.y = blockDim.z = gridDim.y = gridDim.z = 1")) << r.out;
  EXPECT_TRUE(has(r.out, "  launch: racy when gridDim.x ≥ 2: one block writes y[i] (3:5), another reads y[i] (3:23), "
                         "and no two threads of one block race on y\n"))
      << r.out;
  auto json = run_racecert({"check", "--format", "json", f});
  EXPECT_EQ(json.code, 1);
  auto v = parse_json(json.out);
  const auto* k = first_kernel(v);
  ASSERT_NE(k, nullptr) << json.out;
  const auto* races = k->getArray("races");
  ASSERT_TRUE(races && !races->empty()) << json.out;
  auto explanation = (*races)[0].getAsObject()->getString("launch_explanation");
  ASSERT_TRUE(explanation) << json.out;
  EXPECT_TRUE(explanation->starts_with("racy when gridDim.x ≥ 2: one block writes y[i] (3:5), another reads")) << json.out;
  // The witness agrees: two blocks, along x.
  const auto* witness = (*races)[0].getAsObject()->getObject("witness");
  ASSERT_NE(witness, nullptr);
  EXPECT_GE(witness->getInteger("gridDim.x").value_or(0), 2) << json.out;
  // With every grid shape the race may need blocks along y or z as well.
  auto all = run_racecert({"check", "--all-dims", "--block-dim", "64", "--format", "json", f});
  auto va = parse_json(all.out);
  const auto* ka = first_kernel(va);
  ASSERT_NE(ka, nullptr);
  const auto* ra = ka->getArray("races");
  ASSERT_TRUE(ra && !ra->empty()) << all.out;
  auto general = (*ra)[0].getAsObject()->getString("launch_explanation");
  ASSERT_TRUE(general) << all.out;
  EXPECT_TRUE(general->starts_with("racy when the grid has 2 or more blocks")) << all.out;
}

TEST(LaunchDimsCli, NoLaunchExplanationForARaceWithinOneBlock) {
  std::string f = temp_file("__global__ void k(int *out) {\n  out[0] = threadIdx.x;\n}\n", ".cu");
  auto r = run_racecert({"check", "--format", "json", f});
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_FALSE(has(r.out, "launch_explanation")) << r.out;
  auto text = run_racecert({"check", f});
  EXPECT_FALSE(has(text.out, "launch:")) << text.out;
}

TEST(LaunchDimsCli, TwoDimensionalOnlyRaceNeedsAllDims) {
  std::string f = temp_file(kOnlyIn2D, ".cu");
  auto r = run_racecert({"check", f});
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  auto all = run_racecert({"check", "--all-dims", "--format", "json", f});
  EXPECT_EQ(all.code, 1) << all.out << all.err;
  auto v = parse_json(all.out);
  const auto* k = first_kernel(v);
  ASSERT_NE(k, nullptr);
  EXPECT_TRUE(assumptions(*k).empty());
  const auto* races = k->getArray("races");
  ASSERT_TRUE(races && !races->empty());
  const auto* witness = (*races)[0].getAsObject()->getObject("witness");
  ASSERT_NE(witness, nullptr);
  EXPECT_GE(std::max(witness->getInteger("blockDim.y").value_or(0), witness->getInteger("blockDim.z").value_or(0)), 2)
      << all.out;
  // Same x, different y (or z): the two threads differ only where the kernel never looks.
  EXPECT_EQ(witness->getInteger("threadIdx.x@1"), witness->getInteger("threadIdx.x@2")) << all.out;
}

TEST(LaunchDimsCli, JsonListsWhatIsAssumed) {
  auto json = [](const std::vector<std::string>& args) {
    auto r = run_racecert(args);
    auto v = parse_json(r.out);
    const auto* k = first_kernel(v);
    return k ? assumptions(*k) : std::vector<std::string>{"no kernel"};
  };
  // After the launch sizes, the integer-width assumptions the verdict used
  // (docs/frontend.md "Integer widths").
  std::string f = temp_file(kSaxpy, ".cu");
  const std::string fits = "the launch has at most 2^31 threads per dimension", loops = "loop counters do not overflow";
  EXPECT_EQ(json({"check", "--format", "json", f}),
            (std::vector<std::string>{"blockDim.y = 1", "blockDim.z = 1", "gridDim.y = 1", "gridDim.z = 1", fits, loops}));
  EXPECT_EQ(json({"check", "--format", "json", "--block-dim", "[32,1,1]", f}),
            (std::vector<std::string>{"gridDim.y = 1", "gridDim.z = 1", fits, loops}));
  EXPECT_EQ(json({"check", "--format", "json", "--block-dim", "32", "--grid-dim", "8", f}),
            std::vector<std::string>{loops});
  // A kernel that reads threadIdx.y keeps y symbolic.
  std::string g =
      temp_file("__global__ void k(int *a) {\n  a[threadIdx.y * blockDim.x + threadIdx.x] = 1;\n}\n", ".cu");
  EXPECT_EQ(json({"check", "--format", "json", g}), (std::vector<std::string>{"blockDim.z = 1", "gridDim.z = 1"}));
  EXPECT_EQ(json({"check", "--format", "json", "--all-dims", g}), std::vector<std::string>{});
}

TEST(LaunchDimsCli, SarifHasTheAssumptionAsANotification) {
  std::string f = temp_file(kSaxpyRacy, ".cu");
  auto r = run_racecert({"check", "--format", "sarif", f});
  EXPECT_EQ(r.code, 1) << r.err;
  auto v = parse_json(r.out);
  const auto* runs = v.getAsObject() ? v.getAsObject()->getArray("runs") : nullptr;
  ASSERT_TRUE(runs && runs->size() == 1) << r.out;
  const auto* run = (*runs)[0].getAsObject();
  const auto* invocations = run->getArray("invocations");
  ASSERT_TRUE(invocations && invocations->size() == 1) << r.out;
  const auto* notes = (*invocations)[0].getAsObject()->getArray("toolExecutionNotifications");
  ASSERT_TRUE(notes && notes->size() == 2) << r.out;  // the launch sizes, then the loop counter
  const auto* note = (*notes)[0].getAsObject();
  EXPECT_EQ(note->getString("level"), "note");
  auto text = note->getObject("message")->getString("text");
  ASSERT_TRUE(text);
  EXPECT_TRUE(text->starts_with("kernel 'saxpy': assuming blockDim.y = blockDim.z = gridDim.y = gridDim.z = 1"))
      << text->str();
  const auto* results = run->getArray("results");
  ASSERT_TRUE(results && !results->empty()) << r.out;
  const auto* props = (*results)[0].getAsObject()->getObject("properties");
  ASSERT_NE(props, nullptr) << r.out;
  EXPECT_TRUE(props->getString("launchExplanation")->starts_with("racy when gridDim.x ≥ 2")) << r.out;
}

// The integer-width assumptions (docs/frontend.md "Integer widths") are
// listed where a verdict used them, and only there.
TEST(LaunchDimsCli, IntegerWidthAssumptionsAreListed) {
  std::string matrix = temp_file(R"(//pass
//--blockDim=[16,16] --gridDim=[8,8]
__global__ void scale(float *m, int width, int height) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < height && col < width) m[row * width + col] *= 2.0f;
}
)", ".cu");
  auto r = run_racecert({"check", "--format", "json", matrix});
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  auto v = parse_json(r.out);
  const auto* k = first_kernel(v);
  ASSERT_NE(k, nullptr) << r.out;
  EXPECT_EQ(assumptions(*k),
            std::vector<std::string>{"signed arithmetic on kernel arguments and memory values does not overflow"});
  // A grid-stride loop without a launch: the global index fits in an int
  // and the counter's update does not overflow.
  auto saxpy = run_racecert({"check", temp_file(kSaxpy, ".cu")});
  EXPECT_EQ(saxpy.code, 0) << saxpy.out << saxpy.err;
  EXPECT_TRUE(has(saxpy.out, "note: assuming the launch has at most 2^31 threads per dimension\n")) << saxpy.out;
  EXPECT_TRUE(has(saxpy.out, "note: assuming loop counters do not overflow\n")) << saxpy.out;
  // Nothing to assume with a fixed launch and no arithmetic on arguments.
  std::string plain = temp_file("//pass\n//--blockDim=64 --gridDim=4\n__global__ void k(int *out) {\n"
                                "  out[blockIdx.x * blockDim.x + threadIdx.x] = 1;\n}\n",
                                ".cu");
  auto p = run_racecert({"check", plain});
  EXPECT_EQ(p.code, 0) << p.out << p.err;
  EXPECT_FALSE(has(p.out, "assuming")) << p.out;
}
