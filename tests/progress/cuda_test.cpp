// CUDA emission: the shape of the paper's campaign (Fig. 11, §6.1-6.2), and
// compilation with nvcc when it is installed (CI has no CUDA: skipped there).
#include <gtest/gtest.h>

#include <filesystem>

#include "progress/cuda_emitter.hpp"
#include "progress/parser.hpp"
#include "test_util.hpp"
#include "tests/support/text.hpp"

namespace racecert::progress {
namespace {

Program mutex() { return load_program(testing::dataset_dir() + "/exchange_mutex.axb"); }

using testkit::has;

TEST(ProgressCuda, FollowsThePapersShape) {
  const std::string cu = emit_cuda(mutex(), Mapping::Plain, "mutex.axb");
  // One loop per test thread, one case and one atomic per instruction.
  EXPECT_TRUE(has(cu, "__device__ void litmus_thread_0(unsigned int* mem)"));
  EXPECT_TRUE(has(cu, "__device__ void litmus_thread_1(unsigned int* mem)"));
  EXPECT_TRUE(has(cu, "while (pc != 2u) {\n    switch (pc) {"));
  EXPECT_TRUE(has(cu, "        if (atomicExch(&mem[0], 1u) == 1u) {\n          pc = 0;\n"));
  EXPECT_TRUE(has(cu, "        atomicExch(&mem[0], 0u);\n        pc += 1;\n"));
  EXPECT_TRUE(has(cu, "litmus_kernel<<<blocks, 1>>>"));  // one thread per workgroup
  EXPECT_TRUE(has(cu, "#define LITMUS_INSTANCES 1u"));
  EXPECT_TRUE(has(cu, "const double timeout = argc > 1 ? std::atof(argv[1]) : 20.0;"));
  EXPECT_TRUE(has(cu, "std::_Exit(1);"));
}

TEST(ProgressCuda, LoadsUseAtomicAddOfZero) {
  const Program p = load_program(testing::dataset_dir() + "/prodcons_increasing.test");
  const std::string cu = emit_cuda(p, Mapping::Plain, "pc");
  EXPECT_TRUE(has(cu, "if (atomicAdd(&mem[0], 0u) == 0u) {"));
}

TEST(ProgressCuda, Mappings) {
  const std::string rr = emit_cuda(mutex(), Mapping::RoundRobin, "m");
  EXPECT_TRUE(has(rr, "#define LITMUS_INSTANCES (65535u / LITMUS_THREADS)"));
  EXPECT_TRUE(has(rr, "instance = w / LITMUS_THREADS, tid = w % LITMUS_THREADS;"));
  const std::string ch = emit_cuda(mutex(), Mapping::Chunked, "m");
  EXPECT_TRUE(has(ch, "instance = w % LITMUS_INSTANCES, tid = w / LITMUS_INSTANCES;"));
  EXPECT_TRUE(has(ch, "unsigned int* m = mem + instance * LITMUS_LOCATIONS;"));
  EXPECT_EQ(mapping_from_name("round-robin"), Mapping::RoundRobin);
  EXPECT_FALSE(mapping_from_name("zigzag").has_value());
}

TEST(ProgressCuda, SourceNameCannotBreakTheComment) {
  const std::string cu = emit_cuda(mutex(), Mapping::Plain, "evil\nint x = ;");
  EXPECT_FALSE(has(cu, "\nint x = ;"));
}

std::string find_nvcc() {
  if (std::filesystem::exists("/usr/local/cuda/bin/nvcc")) return "/usr/local/cuda/bin/nvcc";
  if (std::system("command -v nvcc > /dev/null 2>&1") == 0) return "nvcc";
  return "";
}

TEST(ProgressCuda, CompilesWithNvcc) {
  const std::string nvcc = find_nvcc();
  if (nvcc.empty()) GTEST_SKIP() << "nvcc not installed";
  const auto dir = std::filesystem::temp_directory_path() / ("progress_cuda_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  struct Case {
    const char* file;
    Mapping mapping;
  };
  // Every mapping, a 3-instruction thread with END jumps, loads and stores.
  for (const Case& c : {Case{"exchange_mutex.axb", Mapping::Plain}, Case{"exchange_mutex.axb", Mapping::RoundRobin},
                        Case{"simplified_mutex.axb", Mapping::Chunked}}) {
    const std::string cu = emit_cuda(load_program(testing::dataset_dir() + "/" + c.file), c.mapping, c.file);
    const auto src = dir / (std::string(mapping_name(c.mapping)) + ".cu");
    {
      std::ofstream(src) << cu;
    }
    const std::string cmd = nvcc + " -c -o '" + (dir / "out.o").string() + "' '" + src.string() + "' > '" +
                            (dir / "log").string() + "' 2>&1";
    EXPECT_EQ(std::system(cmd.c_str()), 0) << c.file << " " << mapping_name(c.mapping) << ":\n"
                                           << testing::slurp((dir / "log").string());
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace racecert::progress
