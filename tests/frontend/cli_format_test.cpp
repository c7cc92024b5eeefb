// Reports of `racecert check` on CUDA files: the text diagnostic with caret
// snippets and witness, JSON with file, line and column of both accesses,
// SARIF 2.1.0; the -I option, --show stages of the front end, and
// --cuda-path with a real CUDA installation when one exists.
#include <filesystem>

#include "tests/frontend/test_util.hpp"

using namespace racecert::fetest;

namespace {

// Line 7: thread t writes s[t]; line 9: thread t reads s[t + 1], in a loop
// over a parameter, with no barrier in between.
const char* kRacyLoop = R"(//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
__global__ void shift(int *out, int rounds) {
  __shared__ int s[65];
  for (int r = 0; r < rounds; r++) {
    unsigned t = threadIdx.x;
    s[t] = r + t;
    __syncthreads();
    out[blockIdx.x * blockDim.x + t] = s[t + 1] + s[t];
  }
}
)";

}  // namespace

TEST(Formats, TextDiagnosticWithCaretsAndWitness) {
  std::string f = kernel_file(kRacyLoop);
  auto r = testkit::run_racecert({"check", f});
  EXPECT_RACY(r, "shift");
  // Both positions, compiler style, each with its source line and a caret.
  EXPECT_TRUE(contains(r.out, f + ":7:5: error: data race on s[")) << r.out;
  EXPECT_TRUE(contains(r.out, "in kernel 'shift'")) << r.out;
  // The source line under a numbered gutter, as Clang shows it.
  EXPECT_TRUE(contains(r.out, "\n    7 |     s[t] = r + t;\n      |     ^\n")) << r.out;
  EXPECT_TRUE(contains(r.out, f + ":9:40: note: wr by thread 1 threadIdx=(")) << r.out;
  EXPECT_TRUE(contains(r.out, "conflicts with this rd by thread 2 threadIdx=(")) << r.out;
  EXPECT_TRUE(contains(r.out, "\n    9 |     out[blockIdx.x * blockDim.x + t] = s[t + 1] + s[t];\n      | " +
                                  std::string(39, ' ') + "^\n"))
      << r.out;
  // The witness: thread and block ids of both threads, each thread's loop
  // variable at its access (the replay's, pipeline/replay.hpp) and the
  // kernel's parameters.
  auto w = witness(r);
  ASSERT_TRUE(w.count("threadIdx.x@1") && w.count("threadIdx.x@2")) << r.out;
  ASSERT_TRUE(w.count("rounds") && w.count("r@1") && w.count("r@2")) << r.out;
  EXPECT_GE(w["rounds"], 2) << r.out;  // the read of one round meets the write of the next
  EXPECT_EQ(w["r@1"], w["r@2"] + 1) << r.out;
  EXPECT_LT(w["r@1"], w["rounds"]) << r.out;
  EXPECT_TRUE(contains(r.out, "\n  confirmed by replay\n")) << r.out;
  EXPECT_EQ(w["blockDim.x"], 64);
  EXPECT_EQ(w["threadIdx.x@1"] - w["threadIdx.x@2"], 1) << r.out;  // the writer, thread 1, is the reader's neighbour
}

TEST(Formats, JsonHasFileLineAndColumnOfBothAccesses) {
  std::string f = kernel_file(kRacyLoop);
  auto r = testkit::run_racecert({"check", f, "--format", "json"});
  ASSERT_EQ(r.code, kRacy) << dump(r);
  auto v = parse_json(r.out);
  auto* kernels = v.getAsObject()->getArray("kernels");
  ASSERT_TRUE(kernels && kernels->size() == 1);
  auto* k = (*kernels)[0].getAsObject();
  EXPECT_EQ(k->getString("name"), "shift");
  EXPECT_EQ(k->getString("status"), "racy");
  EXPECT_EQ(k->getString("file"), f);
  auto* races = k->getArray("races");
  ASSERT_TRUE(races && !races->empty());
  auto* race = (*races)[0].getAsObject();
  EXPECT_EQ(race->getString("array"), "s");
  auto* accesses = race->getArray("accesses");
  ASSERT_TRUE(accesses && accesses->size() == 2);
  auto* first = (*accesses)[0].getAsObject();
  auto* second = (*accesses)[1].getAsObject();
  EXPECT_EQ(first->getString("file"), f);
  EXPECT_EQ(first->getInteger("line"), 7);
  EXPECT_EQ(first->getInteger("column"), 5);
  EXPECT_EQ(first->getString("mode"), "wr");
  EXPECT_EQ(second->getString("file"), f);
  EXPECT_EQ(second->getInteger("line"), 9);
  EXPECT_EQ(second->getInteger("column"), 40);
  EXPECT_EQ(second->getString("mode"), "rd");
  // The index is the cell both threads touch, the witness agrees with it.
  auto* index = race->getArray("index");
  ASSERT_TRUE(index && index->size() == 1);
  auto* w = race->getObject("witness");
  ASSERT_TRUE(w);
  EXPECT_EQ((*index)[0].getAsInteger(), w->getInteger("threadIdx.x@1"));
  EXPECT_EQ(w->getInteger("blockDim.x"), 64);
}

TEST(Formats, JsonOfADrfKernel) {
  auto r = check("//pass\n//--blockDim=64 --gridDim=2\n__global__ void k(int *a) {\n"
                 "  a[blockIdx.x * blockDim.x + threadIdx.x] = 1;\n}\n",
                 {"--format", "json"});
  EXPECT_EQ(r.code, kDrf) << dump(r);
  auto v = parse_json(r.out);
  auto* k = (*v.getAsObject()->getArray("kernels"))[0].getAsObject();
  EXPECT_EQ(k->getString("status"), "drf");
  EXPECT_EQ(k->getArray("races")->size(), 0u);
  EXPECT_FALSE(v.getAsObject()->getArray("errors"));
}

TEST(Formats, Sarif) {
  std::string f = kernel_file(kRacyLoop);
  auto r = testkit::run_racecert({"check", f, "--format", "sarif"});
  ASSERT_EQ(r.code, kRacy) << dump(r);
  EXPECT_TRUE(contains(r.out, "\"version\": \"2.1.0\"")) << r.out;
  auto v = parse_json(r.out);
  auto* root = v.getAsObject();
  EXPECT_EQ(root->getString("version"), "2.1.0");
  auto* run = (*root->getArray("runs"))[0].getAsObject();
  auto* results = run->getArray("results");
  ASSERT_TRUE(results && !results->empty());
  auto* res = (*results)[0].getAsObject();
  EXPECT_EQ(res->getString("ruleId"), "data-race");
  auto* loc = (*res->getArray("locations"))[0].getAsObject()->getObject("physicalLocation");
  EXPECT_EQ(loc->getObject("artifactLocation")->getString("uri"), "file://" + f);  // an absolute path
  EXPECT_EQ(loc->getObject("region")->getInteger("startLine"), 7);
  EXPECT_EQ(loc->getObject("region")->getInteger("startColumn"), 5);
  auto* related = (*res->getArray("relatedLocations"))[0].getAsObject()->getObject("physicalLocation");
  EXPECT_EQ(related->getObject("region")->getInteger("startLine"), 9);
  // Divergence is its own rule.
  auto d = check("__global__ void k() {\n  if (threadIdx.x == 0) __syncthreads();\n}\n", {"--format", "sarif"});
  EXPECT_EQ(d.code, kRacy);
  EXPECT_TRUE(contains(d.out, "\"ruleId\": \"barrier-divergence\"")) << d.out;
  EXPECT_TRUE(contains(d.out, "\"startLine\": 2")) << d.out;
}

TEST(Options, IncludeDirectory) {
  std::string dir = temp_dir();
  write_file(dir + "/tile.h", "#define TILE 32\n__device__ inline void put(int *p, int i) { p[i] = i; }\n");
  std::string src = temp_dir();
  std::string f = write_file(src + "/k.cu", R"(#include "tile.h"
__global__ void k(int *a) {
  __shared__ int s[TILE * 2];
  put(s, threadIdx.x * 2);
  put(s, threadIdx.x * 2 + 1);
}
)");
  auto with = testkit::run_racecert({"check", f, "-I", dir, "--block-dim", "32"});
  EXPECT_DRF(with, "k");
  EXPECT_FALSE(contains(with.out, "not found")) << with.out;
  // Without -I the header is skipped, and TILE and put are undeclared.
  auto without = testkit::run_racecert({"check", f, "--block-dim", "32"});
  EXPECT_VERDICT(without, "k", kUnknown, "unknown");
  EXPECT_TRUE(contains(without.out, ":3:20: error: the kernel does not compile: use of undeclared identifier 'TILE'"))
      << without.out;
  // The file's own directory is searched without -I.
  write_file(src + "/tile.h", "#define TILE 32\n__device__ inline void put(int *p, int i) { p[i] = 0; p[i + 1] = i; }\n");
  auto local = testkit::run_racecert({"check", f, "--block-dim", "32"});
  EXPECT_RACY(local, "k");
}

TEST(Options, ShowKernelAndProtocol) {
  std::string f = kernel_file(kRacyLoop);
  auto kernel = testkit::run_racecert({"check", f, "--show", "kernel"});
  EXPECT_EQ(kernel.code, 0) << dump(kernel);
  EXPECT_TRUE(contains(kernel.out, "cuda kernel shift {")) << kernel.out;
  EXPECT_TRUE(contains(kernel.out, "array shared int s<4>[65];")) << kernel.out;
  EXPECT_TRUE(contains(kernel.out, "barrier.block;")) << kernel.out;
  auto protocol = testkit::run_racecert({"check", f, "--show", "protocol"});
  EXPECT_EQ(protocol.code, 0) << dump(protocol);
  EXPECT_TRUE(contains(protocol.out, "shared s;")) << protocol.out;
  EXPECT_TRUE(contains(protocol.out, "wr s[threadIdx.x]")) << protocol.out;
  EXPECT_TRUE(contains(protocol.out, "rd s[threadIdx.x + 1]")) << protocol.out;
  EXPECT_TRUE(contains(protocol.out, "sync")) << protocol.out;
}

const char* kCudaPath = "/usr/local/cuda";

const std::string kCudaPathKernel = R"(#include <cuda_runtime.h>
__global__ void k(float *a) {
  __shared__ float s[256];
  s[threadIdx.x] = a[blockIdx.x * blockDim.x + threadIdx.x];
  SYNC
  a[blockIdx.x * blockDim.x + threadIdx.x] = s[(threadIdx.x + 1) % blockDim.x];
}
)";

TEST(Options, CudaPathWithARealInstallationRacy) {
  if (!std::filesystem::exists(std::string(kCudaPath) + "/include/cuda_runtime.h"))
    GTEST_SKIP() << "no CUDA installation in " << kCudaPath;
  auto racy = check(std::regex_replace(kCudaPathKernel, std::regex("SYNC"), ""),
                    {"--cuda-path", kCudaPath, "--block-dim", "256", "--grid-dim", "4"});
  EXPECT_RACY(racy, "k");
  EXPECT_TRUE(contains(racy.out, "data race on s[")) << racy.out;
}

TEST(Options, CudaPathWithARealInstallationDrf) {
  if (!std::filesystem::exists(std::string(kCudaPath) + "/include/cuda_runtime.h"))
    GTEST_SKIP() << "no CUDA installation in " << kCudaPath;
  auto drf = check(std::regex_replace(kCudaPathKernel, std::regex("SYNC"), "__syncthreads();"),
                   {"--cuda-path", kCudaPath, "--block-dim", "256", "--grid-dim", "4"});
  EXPECT_DRF(drf, "k");
  auto shown = check(std::regex_replace(kCudaPathKernel, std::regex("SYNC"), "__syncthreads();"),
                     {"--cuda-path", kCudaPath, "--show", "kernel"});
  EXPECT_TRUE(contains(shown.out, "store s[threadIdx.x]")) << shown.out;
}

TEST(Options, CudaPathThatIsNoInstallation) {
  // Clang cannot use it: malformed input, one error line, no crash.
  auto r = check("__global__ void k(int *a) { a[threadIdx.x] = 1; }\n", {"--cuda-path", "/no/such/cuda"});
  EXPECT_EQ(r.code, kMalformed) << dump(r);
  EXPECT_EQ(count_of(r.err, "\n"), 1u) << r.err;
  EXPECT_TRUE(contains(r.err, "error: ") && contains(r.err, "CUDA installation")) << r.err;
}
