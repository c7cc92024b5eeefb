// The statement walks added for issue 18 against what they replace:
// for_each_expr against map_exprs (the same expressions, in the same order,
// on random protocols), count_accesses against a count of the printed
// accesses, without_blocks/without_body against a whole copy with its
// blocks cleared, and the tags keep_syncs finds on its way up against
// contains_sync on the blocks it kept.
#include <gtest/gtest.h>

#include <functional>
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

// Every conditional and loop tagged synchronized, then some barriers
// dropped: each one keeps its tag exactly when a barrier is left below it.
TEST(BlockWalks, KeepSyncsTagsAsContainsSyncOnWhatItKept) {
  std::function<void(Block&)> tag_all = [&](Block& b) {
    for (auto& s : b) {
      if (s.is<If>()) {
        s.as<If>().tag = SyncTag::Sync;
        tag_all(s.as<If>().then_body);
        tag_all(s.as<If>().else_body);
      }
      if (s.is<Loop>()) {
        s.as<Loop>().tag = SyncTag::Sync;
        tag_all(s.as<Loop>().body);
      }
      if (s.is<Bind>()) tag_all(s.as<Bind>().body);
    }
  };
  int with_sync = 0, without_sync = 0;
  std::function<void(const Block&)> check = [&](const Block& b) {
    for (const auto& s : b) {
      if (s.is<If>()) {
        const If& i = s.as<If>();
        bool has = contains_sync(i.then_body) || contains_sync(i.else_body);
        EXPECT_EQ(i.tag, has ? SyncTag::Sync : SyncTag::Unsync);
        (has ? with_sync : without_sync)++;
        check(i.then_body);
        check(i.else_body);
      }
      if (s.is<Loop>()) {
        const Loop& l = s.as<Loop>();
        bool has = contains_sync(l.body);
        EXPECT_EQ(l.tag, has ? SyncTag::Sync : SyncTag::Unsync);
        (has ? with_sync : without_sync)++;
        check(l.body);
      }
      if (s.is<Bind>()) check(s.as<Bind>().body);
    }
  };
  for (unsigned seed = 0; seed < 400; ++seed) {
    std::mt19937 rng(seed);
    Kernel k = random_protocol(rng);
    tag_all(k.body);
    int n = 0;
    // Every other barrier met, by the order the walk meets them.
    Kernel kept = keep_syncs(k, [&](const Sync&) { return n++ % 2 == 0; });
    SCOPED_TRACE("seed " + std::to_string(seed));
    check(kept.body);
  }
  EXPECT_GT(with_sync, 100);
  EXPECT_GT(without_sync, 100);
}

}  // namespace
