// End to end through the test-only driver (same API as `racecert check`):
// exit codes and the one-line error for bad input.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <regex>
#include <fstream>
#include <sys/wait.h>

namespace {

struct Result {
  int code;
  std::string out;
};

Result run(const std::string& args) {
  std::string cmd = std::string(BARRIERS_CHECK) + " " + args + " 2>&1";
  FILE* f = popen(cmd.c_str(), "r");
  std::string out;
  std::array<char, 4096> buf{};
  while (std::size_t n = fread(buf.data(), 1, buf.size(), f)) out.append(buf.data(), n);
  int status = pclose(f);
  return Result{WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

std::string data(const std::string& name) {
  return std::string(RACECERT_SOURCE_DIR) + "/datasets/barriers/" + name;
}

TEST(Driver, ExitCodes) {
  EXPECT_EQ(run(data("fig3-working-example.bar")).code, 0);
  EXPECT_EQ(run(data("rtm-war.bar")).code, 1);
  EXPECT_EQ(run(data("listing1-deadlock.bar")).code, 1);
  EXPECT_EQ(run(data("unknown.bar")).code, 4);
  EXPECT_EQ(run("").code, 3);
}

TEST(Driver, BadInputIsOneLine) {
  std::string path = ::testing::TempDir() + "bad.bar";
  std::ofstream(path) << "kernel k block 64 {\n  warp 0 { sync 0 64 }\n  warp 1 { arrive 17 64 }\n}\n";
  Result r = run(path);
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, path + ":3:19: error: barrier 17 out of range (0..15)\n");
}

TEST(Driver, EveryInvalidInputIsOneLineWithPosition) {
  int files = 0;
  for (const auto& e : std::filesystem::directory_iterator(data("invalid"))) {
    Result r = run(e.path().string());
    EXPECT_EQ(r.code, 2) << e.path();
    std::regex one_line(std::regex_replace(e.path().string(), std::regex(R"([.^$|()\[\]{}*+?\\])"), R"(\$&)") +
                        R"(:\d+:\d+: error: [^\n]+\n)");
    EXPECT_TRUE(std::regex_match(r.out, one_line)) << r.out;
    ++files;
  }
  EXPECT_GE(files, 20);
}

}  // namespace
