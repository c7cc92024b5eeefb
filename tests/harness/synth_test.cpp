// The synthetic generator: every family and size has a header the harness
// reads back, the CUDA text has the pattern repeated `size` times, and the
// protocol form gets the expected verdict from the real racecert (DRF by
// default, racy on request), which also checks that the racy variant's race
// is real and the DRF one has none.
#include <gtest/gtest.h>

#include <llvm/Support/JSON.h>

#include "support/gpuverify_header.hpp"
#include "harness/synth.hpp"
#include "support/diagnostic.hpp"
#include "tests/harness/test_util.hpp"

using namespace racecert;
using namespace racecert::harness;
using namespace racecert::harness::testkit;

namespace {

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (std::size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
  return n;
}

}  // namespace

TEST(HarnessSynth, HeadersReadBack) {
  for (const auto& f : synth_families())
    for (int n : {1, 7, 50})
      for (bool racy : {false, true})
        for (auto lang : {SynthLanguage::Cuda, SynthLanguage::Protocol}) {
          auto k = synthesize(f, n, racy, lang);
          auto h = parse_gpuverify_header(k.text, k.file_name);
          EXPECT_EQ(h.expected, racy ? Expected::Racy : Expected::Drf) << k.file_name;
          EXPECT_EQ(h.family, f);
          EXPECT_EQ(h.size, n);
          EXPECT_EQ(h.racy_variant, racy);
          EXPECT_EQ(*h.block, (Dim3{1024, 1, 1}));
          EXPECT_EQ(*h.grid, (Dim3{1, 1, 1}));
          EXPECT_EQ(k.file_name, f + "-" + std::to_string(n) + (racy ? "-racy" : "") +
                                     (lang == SynthLanguage::Cuda ? ".cu" : ".map"));
        }
}

TEST(HarnessSynth, CudaPatterns) {
  auto access = synthesize("access", 3, false, SynthLanguage::Cuda).text;
  EXPECT_NE(access.find("__global__ void access_3(int *A) {"), std::string::npos) << access;
  EXPECT_EQ(count(access, "v = A["), 3);
  EXPECT_NE(access.find("v = A[tid + 16 * T];"), std::string::npos);
  EXPECT_NE(access.find("A[tid + 3 * T] = v;"), std::string::npos);
  auto barrier = synthesize("barrier", 4, false, SynthLanguage::Cuda).text;
  EXPECT_EQ(count(barrier, "__syncthreads();"), 4);
  auto cond = synthesize("conditional", 5, true, SynthLanguage::Cuda).text;
  EXPECT_EQ(count(cond, "if (tid == "), 6);
  EXPECT_NE(cond.find("if (tid == 5) {\n    A[tid - 1] = 0;"), std::string::npos) << cond;
  auto sync = synthesize("sync-loop", 3, false, SynthLanguage::Cuda).text;
  EXPECT_NE(sync.find("__global__ void sync_loop_3(int *A, int N) {"), std::string::npos);
  EXPECT_NE(sync.find("      for (int i3 = 0; i3 < N; i3++) {"), std::string::npos) << sync;
  EXPECT_EQ(count(sync, "__syncthreads();"), 3);
  auto unsync = synthesize("unsync-loop", 3, true, SynthLanguage::Cuda).text;
  EXPECT_EQ(count(unsync, "__syncthreads();"), 0);
  EXPECT_NE(unsync.find("A[tid + 1] = 0;"), std::string::npos);
  // Balanced braces.
  for (const auto& f : synth_families()) {
    auto t = synthesize(f, 9, true, SynthLanguage::Cuda).text;
    EXPECT_EQ(count(t, "{"), count(t, "}")) << f;
  }
}

TEST(HarnessSynth, BadArguments) {
  EXPECT_THROW(synthesize("loops", 1, false, SynthLanguage::Cuda), racecert::Error);
  EXPECT_THROW(synthesize("access", 0, false, SynthLanguage::Cuda), racecert::Error);
  EXPECT_THROW(synthesize("access", 1001, false, SynthLanguage::Cuda), racecert::Error);
}

TEST(HarnessSynth, RacecertAgreesWithTheHeadersOfTheProtocolForm) {
  TempDir d;
  std::vector<std::string> args = {"check", "--format", "json", "--block-dim", "1024", "--grid-dim", "1"};
  std::map<std::string, bool> expected_racy;  // kernel name -> racy
  for (const auto& f : synth_families())
    for (int n : {1, 2, 5})
      for (bool racy : {false, true}) {
        auto k = synthesize(f, n, racy, SynthLanguage::Protocol);
        write_file(d / k.file_name, k.text);
        args.push_back(d / k.file_name);
        std::string name = f + "_" + std::to_string(n) + (racy ? "_racy" : "");
        std::replace(name.begin(), name.end(), '-', '_');
        expected_racy[name] = racy;
      }
  Cmd c = run_racecert(args);
  ASSERT_EQ(c.code, 1) << c.err;
  auto parsed = llvm::json::parse(c.out);
  ASSERT_TRUE(static_cast<bool>(parsed)) << llvm::toString(parsed.takeError());
  const auto* kernels = parsed->getAsObject()->getArray("kernels");
  ASSERT_NE(kernels, nullptr);
  ASSERT_EQ(kernels->size(), expected_racy.size());
  for (const auto& kv : *kernels) {
    const auto* k = kv.getAsObject();
    std::string name = k->getString("name")->str();
    std::string status = k->getString("status")->str();
    ASSERT_TRUE(expected_racy.count(name)) << name;
    EXPECT_EQ(status, expected_racy[name] ? "racy" : "drf") << name;
  }
}
