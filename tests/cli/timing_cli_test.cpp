// Long runs of `racecert check`: where the time went (JSON's "time") and
// the status line on a terminal (support/progress_line.hpp), which is never
// written when standard error is no terminal.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "support/progress_line.hpp"
#include "tests/cli/json_output.hpp"
#include "tests/cli/run_racecert.hpp"

using racecert::ProgressLine;
using racecert::testkit::parse_json;
using racecert::testkit::run_racecert;
using racecert::testkit::temp_file;

namespace {

const char* kTwoKernels = R"(__global__ void racy(int *out) {
  out[0] = threadIdx.x;
}
__global__ void drf(int *out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}
)";

}  // namespace

// The parts add up to the total, and the kernels' own seconds to the
// analysis part: the report says what else took the time.
TEST(CheckTiming, JsonSaysWhereTheTimeWent) {
  auto r = run_racecert({"check", "--format", "json", temp_file(kTwoKernels, ".cu"), temp_file(kTwoKernels, ".cu")});
  ASSERT_EQ(r.code, 1) << r.out << r.err;
  auto json = parse_json(r.out);
  const auto* time = json.getAsObject()->getObject("time");
  ASSERT_TRUE(time) << r.out;
  double total = *time->getNumber("total"), front_end = *time->getNumber("front_end"),
         kernels = *time->getNumber("kernels"), explorer = *time->getNumber("explorer"),
         other = *time->getNumber("other");
  EXPECT_GT(front_end, 0);  // two files through Clang
  EXPECT_GE(other, 0);
  EXPECT_NEAR(front_end + kernels + explorer + other, total, 1e-6);
  double per_kernel = 0;
  const auto* reports = json.getAsObject()->getArray("kernels");
  ASSERT_EQ(reports->size(), 4u);
  for (const auto& k : *reports) per_kernel += *k.getAsObject()->getNumber("seconds");
  // Each kernel's seconds are measured inside the analysis part.
  EXPECT_LE(per_kernel, kernels + 1e-6);
}

// Not a terminal (a pipe, a file, these tests): no status line, nothing on
// standard error for a run without errors.
TEST(CheckProgress, NothingWhenStderrIsNoTerminal) {
  auto r = run_racecert({"check", temp_file(kTwoKernels, ".cu")});
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out.find('\r'), std::string::npos);
}

TEST(ProgressLine, RewritesOneLineInPlaceAndClearsIt) {
  std::ostringstream os;
  {
    ProgressLine line(os, true, 20);
    line.show("[1/2] a.cu: front end");  // cut to 19 columns: never wraps
    line.show("[2/2] b.cu");
  }  // cleared on destruction
  EXPECT_EQ(os.str(), "\r\033[K[1/2] a.cu: front e\r\033[K[2/2] b.cu\r\033[K");
}

TEST(ProgressLine, DisabledWritesNothing) {
  std::ostringstream os;
  ProgressLine line(os, false, 80);
  line.show("[1/1] a.cu: kernel 'k'");
  line.clear();
  EXPECT_EQ(os.str(), "");
}

// On a terminal (a pseudo-terminal made by util-linux's `script`, which
// Debian always has): the status line names the file and its position, and
// it is erased before the report. The first update is always shown; later
// ones at most every 100 ms, so only the first is asserted.
TEST(CheckProgress, StatusLineOnATerminal) {
  std::string a = temp_file(kTwoKernels, ".cu"), b = temp_file(kTwoKernels, ".cu");
  std::string log = temp_file("", ".log");
  std::string cmd = std::string("script -qec \"'") + RACECERT_BINARY + "' check " + a + " " + b + "\" " + log +
                    " >/dev/null 2>&1 </dev/null";
  std::system(cmd.c_str());
  std::ifstream in(log);
  std::string terminal(std::istreambuf_iterator<char>(in), {});
  EXPECT_NE(terminal.find("\r\033[K[1/2] " + a + ": front end"), std::string::npos) << terminal;
  // Erased before the report: the report's lines follow "\r\033[K".
  EXPECT_NE(terminal.find("\r\033[K"), std::string::npos);
  EXPECT_NE(terminal.find("kernel 'racy': racy"), std::string::npos) << terminal;
}
