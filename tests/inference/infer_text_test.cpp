// Protocol inference from kernel-IR text fixtures, without Clang: each
// construct's protocol, printed (protocol::print), is exactly the expected
// text. Fixtures without positions give accesses the empty position
// `@ "":0:0`; the first test shows positions carried over.
#include <gtest/gtest.h>

#include "inference/infer.hpp"
#include "kernel_ir/parser.hpp"
#include "protocol/printer.hpp"

namespace racecert::inference {
namespace {

Inference infer(const std::string& text) { return infer_protocol(kir::parse_kernel(text, "k.cu")); }
std::string protocol_of(const std::string& text) { return protocol::print(infer(text).protocol); }

TEST(InferenceFromText, AStoreIsAWriteWithItsIndex) {
  EXPECT_EQ(protocol_of(R"(cuda kernel k @"k.cu":1:1 {
  array global int A[] (parameter);
  store A[threadIdx.x] = 1; @2:3
}
)"),
            "kernel k {\n  global A;\n  wr A[threadIdx.x] = 1 @ \"k.cu\":2:3;\n}\n");
}

// The protocol of `for (i = 0; TEST; i++) s[i] = 0;`.
std::string loop_protocol(const std::string& test) {
  return protocol_of(R"(cuda kernel k {
  param int n;
  array shared int s[64];
  local int i;
  loop ()" + test + R"() {
    init:
      i = 0;
    body:
      store s[i] = 0;
    update:
      i = i + 1;
  }
}
)");
}

// That protocol when the loop is counted from 0 to `bound`.
std::string counted_to(const std::string& bound) {
  return "kernel k {\n  shared s;\n  uniform n;\n  for i in 0.." + bound +
         " {\n    wr s[i] = 0 @ \"\":0:0;\n  }\n}\n";
}

TEST(InferenceFromText, ALoopIsAProtocolLoop) { EXPECT_EQ(loop_protocol("i < n"), counted_to("n")); }

// A test of the counter plus a constant is a test of the counter: `i + 1 <
// n` runs i over 0..n - 1 (`1 + i < n` and `i - 2 < n` alike), not an
// uncounted loop whose counter is unknown in every iteration.
TEST(InferenceFromText, ATestOfTheCounterPlusAConstantIsAProtocolLoop) {
  EXPECT_EQ(loop_protocol("i + 1 < n"), counted_to("n - 1"));
  EXPECT_EQ(loop_protocol("1 + i < n"), counted_to("n - 1"));
  EXPECT_EQ(loop_protocol("i - 2 < n"), counted_to("n + 2"));
  EXPECT_EQ(loop_protocol("n > i + 1"), counted_to("n - 1"));
  // Not a constant: still a loop racecert cannot count.
  EXPECT_EQ(loop_protocol("i + n < 64").find("for i in"), std::string::npos) << loop_protocol("i + n < 64");
}

// Unknowns (i$<n>, a counter each) and loop variables (i, then i$<n> for
// the next loop of i) never share a name: the second loop's variable
// skips the unknowns i$1 (the value read before any loop) and i$2 (i
// after the first loop).
TEST(InferenceFromText, UnknownsAndLoopVariablesNeverShareAName) {
  EXPECT_EQ(protocol_of(R"(cuda kernel k {
  array shared int s[64];
  local int i;
  store s[i] = 0;
  loop (i < 4) {
    init:
      i = 0;
    body:
      store s[threadIdx.x * 4 + i] = 1;
    update:
      i = i + 1;
  }
  loop (i < 8) {
    init:
      i = 0;
    body:
      store s[threadIdx.x * 8 + i] = 2;
    update:
      i = i + 1;
  }
}
)"),
            "kernel k {\n  shared s;\n  uniform i$1;\n  wr s[i$1] = 0 @ \"\":0:0;\n"
            "  for i in 0..4 {\n    wr s[threadIdx.x * 4 + i] = 1 @ \"\":0:0;\n  }\n"
            "  for i$3 in 0..8 {\n    wr s[threadIdx.x * 8 + i$3] = 2 @ \"\":0:0;\n  }\n}\n");
}

TEST(InferenceFromText, ABranchOnTheThreadIsAConditional) {
  EXPECT_EQ(protocol_of(R"(cuda kernel k {
  array shared int s[64];
  if (threadIdx.x < 32) {
    store s[threadIdx.x + 32] = 0;
  } else {
    load s[0];
  }
}
)"),
            "kernel k {\n  shared s;\n  if (threadIdx.x < 32) {\n    wr s[threadIdx.x + 32] = 0 @ \"\":0:0;\n"
            "  } else {\n    rd s[0] @ \"\":0:0;\n  }\n}\n");
}

TEST(InferenceFromText, ABarrierIsSync) {
  EXPECT_EQ(protocol_of(R"(cuda kernel k {
  array shared int s[64];
  store s[threadIdx.x] = 0;
  barrier.block;
  load s[63 - threadIdx.x];
}
)"),
            "kernel k {\n  shared s;\n  wr s[threadIdx.x] = 0 @ \"\":0:0;\n  sync;\n  rd s[63 - threadIdx.x] @ \"\":0:0;\n}\n");
}

TEST(InferenceFromText, UnsupportedIsReportedWithItsPosition) {
  Inference inf = infer(R"(cuda kernel k @"k.cu":1:17 {
  array shared int s[64];
  store s[threadIdx.x] = 0; @2:3
  unsupported "inline assembly"; @3:5
}
)");
  ASSERT_EQ(inf.unsupported.size(), 1u);
  EXPECT_EQ(inf.unsupported[0].loc, (SourceLoc{"k.cu", 3, 5}));
  EXPECT_EQ(inf.unsupported[0].message, "unsupported: inline assembly");
}

TEST(InferenceFromText, AValueReadFromMemoryIsAPerThreadUnknown) {
  EXPECT_EQ(protocol_of(R"(cuda kernel k {
  array global int A[] (parameter);
  local int x;
  x = load A[threadIdx.x];
  store A[x] = 0;
}
)"),
            // x is a fresh unknown that may differ between threads (`local`).
            "kernel k {\n  global A;\n  local x$1;\n  rd A[threadIdx.x] @ \"\":0:0;\n  wr A[x$1] = 0 @ \"\":0:0;\n}\n");
}

}  // namespace
}  // namespace racecert::inference
