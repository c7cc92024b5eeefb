// Command templates of the generic adapter and shell quoting of job lines.
#include <gtest/gtest.h>

#include "harness/command_template.hpp"
#include "support/diagnostic.hpp"

using namespace racecert::harness;
using V = std::vector<std::string>;

TEST(HarnessCommandTemplate, Split) {
  EXPECT_EQ(split_command("tool  --a 'b c' \"d \\\"e\\\"\" f\\ g"), (V{"tool", "--a", "b c", "d \"e\"", "f g"}));
  EXPECT_EQ(split_command("x --blockDim=[16,16]"), (V{"x", "--blockDim=[16,16]"}));
  EXPECT_EQ(split_command("a ''"), (V{"a", ""}));
  EXPECT_THROW(split_command("a 'b"), racecert::Error);
  EXPECT_THROW(split_command("a \"b"), racecert::Error);
}

TEST(HarnessCommandTemplate, QuoteRoundTrips) {
  V words = {"/bin/tool", "with space", "it's", "", "$HOME", "[1,2]", "a\"b"};
  EXPECT_EQ(split_command(shell_join(words)), words);
  EXPECT_EQ(shell_quote("plain/path-1.cu"), "plain/path-1.cu");
  EXPECT_EQ(shell_quote("it's"), "'it'\\''s'");
}

TEST(HarnessCommandTemplate, Expand) {
  std::map<std::string, V> values = {
      {"file", {"/d/k.cu"}}, {"block", {"[64,1,1]"}}, {"grid", {}}, {"defines", {"-DN=1", "-DM"}}};
  EXPECT_EQ(expand_template({"t", "--bd={block}", "--gd={grid}", "{defines}", "{file}"}, values),
            (V{"t", "--bd=[64,1,1]", "-DN=1", "-DM", "/d/k.cu"}));
  EXPECT_EQ(expand_template({"t", "{grid}", "x{defines}y"}, values), (V{"t", "x-DN=1 -DMy"}));
  EXPECT_THROW(expand_template({"t", "{nope}"}, values), racecert::Error);
  EXPECT_EQ(expand_template({"t", "{unclosed"}, values), (V{"t", "{unclosed"}));
}
