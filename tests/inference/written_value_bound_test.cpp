// The written values inference keeps are bounded (inference/infer.cpp,
// kMaxWrittenValueNodes): a chain of read-modify-writes of one cell nests the
// value once per statement, and without the bound the protocol of N such
// statements held values of N nodes (quadratic text, memory and queries).
// Short chains keep their exact values (the behaviour before the bound);
// long ones forget a value past the bound (unknown: more races, never fewer).
#include <gtest/gtest.h>

#include <functional>

#include "inference/infer.hpp"
#include "kernel_ir/parser.hpp"
#include "protocol/printer.hpp"

namespace racecert::inference {
namespace {

// `t = load s[threadIdx.x]; store s[threadIdx.x] = t + 1;` n times.
std::string chain(int n) {
  std::string text = "cuda kernel k {\n  array shared int s[64];\n";
  for (int i = 0; i < n; ++i) text += "  local int t" + std::to_string(i) + ";\n";
  for (int i = 0; i < n; ++i) {
    std::string t = "t" + std::to_string(i);
    text += "  " + t + " = load s[threadIdx.x];\n  store s[threadIdx.x] = " + t + " + 1;\n";
  }
  return text + "}\n";
}

std::vector<protocol::Expr> written_values(const protocol::Kernel& k) {
  std::vector<protocol::Expr> out;
  for (const auto& s : k.body)
    if (const auto* a = std::get_if<protocol::Access>(&s.node); a && a->mode == protocol::AccessMode::Write)
      out.push_back(a->value);
  return out;
}

TEST(WrittenValueBound, AShortChainKeepsItsForwardedValues) {
  std::string p = protocol::print(infer_protocol(kir::parse_kernel(chain(3), "k.cu")).protocol);
  EXPECT_NE(p.find("wr s[threadIdx.x] = t0$1 + 1 + 1 + 1 @"), std::string::npos) << p;
}

TEST(WrittenValueBound, ALongChainHasBoundedValuesAndLinearText) {
  auto values = written_values(infer_protocol(kir::parse_kernel(chain(400), "k.cu")).protocol);
  ASSERT_EQ(values.size(), 400u);
  std::size_t known = 0;
  for (const auto& v : values) {
    if (!v) continue;
    ++known;
    EXPECT_LE(expr::size(v), 64u);
  }
  EXPECT_GE(known, 300u);  // only a value past the bound is forgotten, then the chain restarts
  std::size_t small = protocol::print(infer_protocol(kir::parse_kernel(chain(200), "k.cu")).protocol).size();
  std::size_t large = protocol::print(infer_protocol(kir::parse_kernel(chain(800), "k.cu")).protocol).size();
  EXPECT_LT(large, 5 * small);  // 4x the statements: linear (quadratic would be 16x)
}

}  // namespace
}  // namespace racecert::inference
