// Every dataset kernel with `//progress:` header lines
// (kernel_explore/progress_header.hpp) gets exactly those termination
// verdicts from `racecert progress check FILE --format json`, with the
// explorer's inputs of line 3 and each line's --max-resident-blocks; and
// every model that hangs comes with a lasso whose cycle is not empty.
#include <gtest/gtest.h>

#include <filesystem>

#include "tests/cli/dataset_header.hpp"
#include "tests/cli/json_output.hpp"
#include "tests/cli/run_racecert.hpp"

namespace fs = std::filesystem;

namespace {

std::vector<fs::path> progress_kernels() {
  std::vector<fs::path> out;
  for (const auto& e : fs::recursive_directory_iterator(RACECERT_SOURCE_DIR "/datasets")) {
    auto ext = e.path().extension();
    if ((ext == ".cu" || ext == ".cl") && !racecert::testkit::read_dataset_header(e.path()).progress.empty())
      out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

class ProgressDataset : public ::testing::TestWithParam<fs::path> {};

}  // namespace

TEST_P(ProgressDataset, VerdictsMatchHeader) {
  const racecert::testkit::DatasetHeader h = racecert::testkit::read_dataset_header(GetParam());
  for (const auto& line : h.progress) {
    std::vector<std::string> args{"progress", "check", GetParam().string(), "--format", "json"};
    args.insert(args.end(), h.explore_inputs.begin(), h.explore_inputs.end());
    if (line.max_resident_blocks) {
      args.push_back("--max-resident-blocks");
      args.push_back(std::to_string(line.max_resident_blocks));
    }
    bool strong = false;
    for (const auto& e : line.entries) strong |= e.fairness == racecert::progress::Fairness::Strong;
    auto weak = racecert::testkit::run_racecert(args);
    racecert::testkit::Run strong_run;
    if (strong) {
      auto s = args;
      s.push_back("--fairness");
      s.push_back("strong");
      strong_run = racecert::testkit::run_racecert(s);
    }
    for (const auto& e : line.entries) {
      const auto& run = e.fairness == racecert::progress::Fairness::Strong ? strong_run : weak;
      SCOPED_TRACE(racecert::kexplore::print_progress_line(line) + " / " + racecert::progress::model_name(e.model));
      llvm::json::Value doc = racecert::testkit::parse_json(run.out);
      const llvm::json::Array* results = doc.getAsObject() ? doc.getAsObject()->getArray("results") : nullptr;
      ASSERT_NE(results, nullptr) << run.out << run.err;
      bool seen = false;
      for (const llvm::json::Value& r : *results) {
        const llvm::json::Object* o = r.getAsObject();
        if (!o || o->getString("model") != racecert::progress::model_name(e.model)) continue;
        seen = true;
        EXPECT_EQ(o->getBoolean("terminates"), std::optional<bool>(e.terminates)) << run.out << run.err;
        const llvm::json::Object* w = o->getObject("witness");
        if (!e.terminates) {
          ASSERT_NE(w, nullptr) << run.out;
          ASSERT_NE(w->getArray("cycle"), nullptr);
          EXPECT_FALSE(w->getArray("cycle")->empty()) << run.out;
        }
      }
      EXPECT_TRUE(seen) << run.out << run.err;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(All, ProgressDataset, ::testing::ValuesIn(progress_kernels()),
                         [](const ::testing::TestParamInfo<fs::path>& info) {
                           std::string name = fs::relative(info.param, RACECERT_SOURCE_DIR "/datasets").string();
                           for (char& c : name)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return name;
                         });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ProgressDataset);
