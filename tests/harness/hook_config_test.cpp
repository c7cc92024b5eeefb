// The .racecert configuration file.
#include <gtest/gtest.h>

#include "harness/hook/cache.hpp"
#include "harness/hook/config.hpp"
#include "support/diagnostic.hpp"
#include "tests/harness/test_util.hpp"

using namespace racecert;
using namespace racecert::harness;
using namespace racecert::harness::hook;

namespace {

std::string error_of(const std::string& text) {
  try {
    parse_hook_config(text, ".racecert");
  } catch (const racecert::Error& e) {
    EXPECT_EQ(e.code(), racecert::kExitBadInput);
    return e.render();
  }
  return "no error";
}

}  // namespace

TEST(HookConfig, DefaultsWhenEmpty) {
  auto c = parse_hook_config("", ".racecert");
  EXPECT_FALSE(c.block_on_inconclusive);
  EXPECT_FALSE(c.accept_bounded);
  EXPECT_TRUE(c.cache);
  EXPECT_EQ(c.extensions, (std::vector<std::string>{".cu", ".cuh", ".cl"}));
  EXPECT_FALSE(c.settings_for("k.cu").block);
}

TEST(HookConfig, KeysSectionsAndComments) {
  auto c = parse_hook_config(
      "# dimensions for kernels without a header\r\n"
      "block-dim = [16, 16]   # tiles\n"
      "grid-dim=4\n"
      "define = TILE=16\n"
      "timeout = 2.5\n"
      "block-on-inconclusive = yes\n"
      "accept-bounded = true\n"
      "extensions = .cu, .cuh\n"
      "checker = tools/racecert\n"
      "cache = off\n"
      "\n"
      "[kernels/reduce/*.cu]\n"
      "  block-dim = 512\n"
      "[*special*]\n"
      "define = SPECIAL\n",
      ".racecert");
  EXPECT_EQ(*c.defaults.block, (Dim3{16, 16, 1}));
  EXPECT_EQ(*c.defaults.grid, (Dim3{4, 1, 1}));
  EXPECT_EQ(c.defaults.defines, (std::vector<std::string>{"TILE=16"}));
  EXPECT_DOUBLE_EQ(c.timeout_s, 2.5);
  EXPECT_TRUE(c.block_on_inconclusive);
  EXPECT_TRUE(c.accept_bounded);
  EXPECT_FALSE(c.cache);
  EXPECT_EQ(c.extensions, (std::vector<std::string>{".cu", ".cuh"}));
  EXPECT_EQ(c.checker, "tools/racecert");
  auto reduce = c.settings_for("kernels/reduce/sum.cu");
  EXPECT_EQ(*reduce.block, (Dim3{512, 1, 1}));
  EXPECT_EQ(*reduce.grid, (Dim3{4, 1, 1}));
  auto deep = c.settings_for("kernels/reduce/deep/special.cu");  // '*' crosses '/'
  EXPECT_EQ(*deep.block, (Dim3{512, 1, 1}));
  EXPECT_EQ(deep.defines, (std::vector<std::string>{"SPECIAL"}));
  EXPECT_EQ(*c.settings_for("other.cu").block, (Dim3{16, 16, 1}));
}

TEST(HookConfig, ErrorsPointAtTheLine) {
  EXPECT_EQ(error_of("block-dim = 16\nblock-dim = zero\n"),
            ".racecert:2:13: error: invalid value for 'block-dim': expected N or [X,Y,Z], each from 1 to 2^31-1");
  EXPECT_NE(error_of("colour = blue\n").find(".racecert:1:1: error: unknown key 'colour'"), std::string::npos);
  EXPECT_NE(error_of("just words\n").find(".racecert:1:1: error: expected 'key = value'"), std::string::npos);
  EXPECT_NE(error_of("[unclosed\n").find("expected"), std::string::npos);
  EXPECT_NE(error_of("timeout = soon\n").find("timeout"), std::string::npos);
  EXPECT_NE(error_of("timeout = 0\n").find("timeout"), std::string::npos);
  EXPECT_NE(error_of("cache = maybe\n").find("true or false"), std::string::npos);
  EXPECT_NE(error_of("extensions = cu\n").find("start with '.'"), std::string::npos);
  EXPECT_NE(error_of("define = A B\n").find("NAME"), std::string::npos);
  EXPECT_NE(error_of("[*.cu]\ntimeout = 5\n").find("before the first [pattern]"), std::string::npos);
  EXPECT_NE(error_of(std::string("a = b\0c\n", 8)).find("NUL"), std::string::npos);
}

TEST(HookCache, KeysAndEntries) {
  EXPECT_EQ(content_key({"ab", "c"}).size(), 64u);
  EXPECT_NE(content_key({"ab", "c"}), content_key({"a", "bc"}));  // length-prefixed parts
  EXPECT_EQ(content_key({"x"}), content_key({"x"}));
  testkit::TempDir d;
  VerdictCache cache(d / "cache");
  EXPECT_FALSE(cache.get("k1"));
  cache.put("k1", {1, "k.cu:3:5: error: data race\n\xff"});  // invalid UTF-8 survives as text
  auto hit = cache.get("k1");
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->exit_code, 1);
  EXPECT_EQ(hit->output.substr(0, 27), "k.cu:3:5: error: data race\n");
  testkit::write_file(d / "cache/k2.json", "{ damaged");
  EXPECT_FALSE(cache.get("k2"));
}
