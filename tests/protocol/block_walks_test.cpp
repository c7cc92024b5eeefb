// The statement walks added for issue 18 against what they replace:
// for_each_expr against map_exprs (the same expressions, in the same order,
// on random protocols), count_accesses against a count of the printed
// accesses, and without_blocks/without_body against a whole copy with its
// blocks cleared.
#include <gtest/gtest.h>

#include <iterator>
#include <random>
#include <regex>
#include <string>
#include <vector>

#include "protocol/block_ops.hpp"
#include "protocol/printer.hpp"
#include "tests/support/random_protocol.hpp"

using namespace racecert;
using namespace racecert::protocol;
using racecert::testkit::random_protocol;

namespace {

// The accesses of `array` in printed protocol text.
std::size_t printed_accesses(const std::string& text, const std::string& array) {
  std::regex access("(^|[^A-Za-z0-9_.])(rd|wr|atomic|atomic\\.block) " + array + "[\\[<; ]");
  return static_cast<std::size_t>(
      std::distance(std::sregex_iterator(text.begin(), text.end(), access), std::sregex_iterator()));
}

std::string printed(const Block& b) {
  std::string out;
  print_block(b, 0, PrintOptions{true, 2}, out);
  return out;
}

TEST(BlockWalks, ForEachExprSeesWhatMapExprsSeesInItsOrder) {
  std::size_t total = 0;
  for (unsigned seed = 0; seed < 300; ++seed) {
    std::mt19937 rng(seed);
    Kernel k = random_protocol(rng);
    std::vector<const expr::ExprNode*> mapped, walked;
    map_exprs(k.body, [&](const Expr& e) {
      mapped.push_back(e.get());
      return e;
    });
    for_each_expr(k.body, [&](const Expr& e) { walked.push_back(e.get()); });
    ASSERT_EQ(walked, mapped) << "seed " << seed;
    total += walked.size();
  }
  EXPECT_GT(total, 1000u);  // the protocols have expressions to compare
}

TEST(BlockWalks, CountAccessesCountsEveryNestedAccessOfTheArrayOnce) {
  // Every access of `a` in the random protocols (the only array they
  // declare), against the printed text: one `rd A`/`wr A`/`atomic A` each.
  std::size_t total = 0;
  for (unsigned seed = 0; seed < 200; ++seed) {
    std::mt19937 rng(seed);
    Kernel k = random_protocol(rng);
    ASSERT_FALSE(k.arrays.empty());
    const std::string& name = k.arrays.front().name;
    std::string text = print(k);
    std::size_t printed = printed_accesses(text, name);
    ASSERT_EQ(count_accesses(k.body, name), printed) << "seed " << seed << "\n" << text;
    total += printed;
    EXPECT_EQ(count_accesses(k.body, name + "_other"), 0u);
  }
  EXPECT_GT(total, 400u);  // the regex finds accesses at all
}

TEST(BlockWalks, WithoutBlocksKeepsEveryOtherField) {
  for (unsigned seed = 0; seed < 200; ++seed) {
    std::mt19937 rng(seed);
    Kernel k = random_protocol(rng);
    Kernel whole = k;
    whole.body.clear();
    EXPECT_EQ(print(without_body(k)), print(whole)) << "seed " << seed;
    for (const auto& s : k.body) {
      if (s.is<If>()) {
        If i = s.as<If>();
        i.then_body.clear();
        i.else_body.clear();
        EXPECT_EQ(printed(Block{Stmt{without_blocks(s.as<If>())}}), printed(Block{Stmt{i}}));
      }
      if (s.is<Loop>()) {
        Loop l = s.as<Loop>();
        l.body.clear();
        EXPECT_EQ(printed(Block{Stmt{without_blocks(s.as<Loop>())}}), printed(Block{Stmt{l}}));
      }
    }
  }
}

}  // namespace
