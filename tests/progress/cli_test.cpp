// The racecert progress command line: verdict tables, JSON, exit codes,
// errors, DOT, synth and emit-cuda.
#include <gtest/gtest.h>
#include <llvm/Support/JSON.h>

#include <filesystem>

#include "test_util.hpp"

namespace racecert::progress {
namespace {

using testing::run_racecert;

std::string data(const std::string& name) { return "'" + testing::dataset_dir() + "/" + name + "'"; }

TEST(ProgressCli, TableOfElevenVerdicts) {
  const auto r = run_racecert("progress check " + data("exchange_mutex.axb"));
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("LTS: 8 states, 10 actions"), std::string::npos);
  EXPECT_NE(r.out.find("hsa         weak      may not terminate"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("obe         strong    terminates"), std::string::npos) << r.out;
  std::size_t rows = 0;
  for (std::size_t p = 0; (p = r.out.find("terminate", p)) != std::string::npos; ++p) ++rows;
  EXPECT_EQ(rows, 11u);
}

TEST(ProgressCli, ModelExitCodes) {
  EXPECT_EQ(run_racecert("progress check " + data("prodcons_increasing.test") + " --model hsa").code, 0);
  const auto fails = run_racecert("progress check " + data("prodcons_increasing.test") + " --model obe");
  EXPECT_EQ(fails.code, 1);
  EXPECT_NE(fails.out.find("obe/weak: may not terminate"), std::string::npos);
  EXPECT_NE(fails.out.find("cycle:"), std::string::npos);
  EXPECT_EQ(run_racecert("progress check " + data("dining_philosophers.test") + " --model fair --fairness strong").code, 0);
  EXPECT_EQ(run_racecert("progress check " + data("dining_philosophers.test") + " --model fair").code, 1);
  EXPECT_EQ(run_racecert("progress check " + data("dining_philosophers.test") + " --model obe --occupancy 1").code, 0);
}

TEST(ProgressCli, JsonResults) {
  const auto r = run_racecert("progress check " + data("simplified_mutex.test") + " --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  auto doc = llvm::json::parse(r.out);
  ASSERT_TRUE(static_cast<bool>(doc)) << r.out;
  const auto* results = doc->getAsObject()->getArray("results");
  ASSERT_NE(results, nullptr);
  ASSERT_EQ(results->size(), 11u);
  const auto* unfair = (*results)[0].getAsObject();
  EXPECT_EQ(unfair->getString("model"), "unfair");
  EXPECT_EQ(unfair->getString("fairness"), "weak");
  EXPECT_EQ(unfair->getBoolean("terminates"), false);
  const auto* witness = unfair->getObject("witness");
  ASSERT_NE(witness, nullptr);
  ASSERT_NE(witness->getArray("cycle"), nullptr);
  EXPECT_GT(witness->getArray("cycle")->size(), 0u);
  const auto* step = (*witness->getArray("cycle"))[0].getAsObject();
  EXPECT_TRUE(step->getInteger("thread").has_value());
  EXPECT_TRUE(step->getString("instruction").has_value());
  EXPECT_NE(step->getArray("fair"), nullptr);
  for (const auto& v : *results) {
    const auto* o = v.getAsObject();
    if (o->getString("model") == "obe") {
      EXPECT_EQ(o->getBoolean("terminates"), true);
      EXPECT_EQ(o->get("witness")->kind(), llvm::json::Value::Null);
    }
  }
}

TEST(ProgressCli, MalformedInputIsExitTwoWithPosition) {
  const auto tmp = std::filesystem::temp_directory_path() / ("bad_" + std::to_string(::getpid()) + ".test");
  std::ofstream(tmp) << "THREAD 0\n0: Mem[0] = 1;\n1: if (Mem[0] == 1) goto 9;\n";
  const auto r = run_racecert("progress check '" + tmp.string() + "'");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, tmp.string() + ":3:26: error: jump target 9 is past the end of thread 0 (its END is 2)\n");
  std::filesystem::remove(tmp);
  const auto missing = run_racecert("progress check /nonexistent/file.test");
  EXPECT_EQ(missing.code, 2);
  EXPECT_NE(missing.err.find("cannot read file"), std::string::npos);
}

TEST(ProgressCli, BadFlagsAreExitThree) {
  const std::string f = data("exchange_mutex.axb");
  for (const std::string& args : std::vector<std::string>{"progress", "progress frobnicate", "progress check", "progress check " + f + " --model nope",
        "progress check " + f + " --fairness medium", "progress check " + f + " --model unfair --fairness strong",
        "progress check " + f + " --model hsa --occupancy 2", "progress check " + f + " --occupancy 0",
        "progress check " + f + " --format xml", "progress check " + f + " --bogus",
        "progress check " + f + " extra", "progress synth --threads 2",
        "progress synth --threads 0 --instructions 2", "progress emit-cuda " + f,
        "progress emit-cuda " + f + " --mapping spiral"}) {
    EXPECT_EQ(run_racecert(args).code, 3) << args;
  }
  EXPECT_EQ(run_racecert("progress --help").code, 0);
  EXPECT_EQ(run_racecert("progress check --help").code, 0);
}

TEST(ProgressCli, DotOutput) {
  const auto dot = std::filesystem::temp_directory_path() / ("lts_" + std::to_string(::getpid()) + ".dot");
  auto r = run_racecert("progress check " + data("exchange_mutex.axb") + " --dot '" + dot.string() + "'");
  EXPECT_EQ(r.code, 0);
  std::string text = testing::slurp(dot.string());
  EXPECT_EQ(text.rfind("digraph lts {", 0), 0u);
  std::size_t edges = 0;
  for (std::size_t p = 0; (p = text.find(" -> ", p)) != std::string::npos; ++p) ++edges;
  EXPECT_EQ(edges, 10u);  // the program LTS of Fig. 2b
  r = run_racecert("progress check " + data("exchange_mutex.axb") + " --model hsa --dot '" + dot.string() + "'");
  EXPECT_EQ(r.code, 1);
  text = testing::slurp(dot.string());
  EXPECT_NE(text.find("color=red"), std::string::npos);  // the witness cycle
  EXPECT_NE(text.find("F={0}"), std::string::npos);
  std::filesystem::remove(dot);
}

TEST(ProgressCli, SynthAndEmitCuda) {
  const auto dir = std::filesystem::temp_directory_path() / ("synth_" + std::to_string(::getpid()));
  auto r = run_racecert("progress synth --threads 2 --instructions 2 --locations 2 --values 2 --jobs 1 --out '" +
                        dir.string() + "'");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("tests: 8 (weak 6, strong 2)"), std::string::npos) << r.out;
  std::size_t tests = 0, axbs = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    tests += e.path().extension() == ".test";
    axbs += e.path().extension() == ".axb";
  }
  EXPECT_EQ(tests, 8u);
  EXPECT_EQ(axbs, 8u);
  // A synthesized file is a valid input whose verdicts match its labels.
  r = run_racecert("progress check '" + (dir / "t2_i2_00000.test").string() + "' --model hsa");
  EXPECT_EQ(r.code, 0);
  std::filesystem::remove_all(dir);
  r = run_racecert("progress emit-cuda " + data("exchange_mutex.axb") + " --mapping chunked");
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("__global__ void litmus_kernel"), std::string::npos);
}

}  // namespace
}  // namespace racecert::progress
