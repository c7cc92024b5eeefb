// support/edit_distance: known typos, and a randomized comparison with the
// recursive definition of the optimal string alignment distance.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>

#include "support/edit_distance.hpp"

namespace {

// The definition, evaluated without a table (exponential: short strings only).
std::size_t reference(const std::string& a, const std::string& b, std::size_t i, std::size_t j) {
  if (i == 0) return j;
  if (j == 0) return i;
  std::size_t best = std::min({reference(a, b, i - 1, j) + 1, reference(a, b, i, j - 1) + 1,
                               reference(a, b, i - 1, j - 1) + (a[i - 1] == b[j - 1] ? 0 : 1)});
  if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
    best = std::min(best, reference(a, b, i - 2, j - 2) + 1);
  return best;
}

TEST(EditDistance, Typos) {
  EXPECT_EQ(racecert::edit_distance("blokc-dim", "block-dim"), 1u);  // a swap
  EXPECT_EQ(racecert::edit_distance("blockdim", "block-dim"), 1u);   // a dash left out
  EXPECT_EQ(racecert::edit_distance("formt", "format"), 1u);
  EXPECT_EQ(racecert::edit_distance("", "jobs"), 4u);
  EXPECT_EQ(racecert::edit_distance("ca", "abc"), 3u);  // OSA edits no substring twice (Damerau would say 2)
  EXPECT_EQ(racecert::edit_distance("kernel", "kernel"), 0u);
}

TEST(EditDistance, AgreesWithTheDefinitionOnRandomStrings) {
  std::mt19937 rng(17);
  auto word = [&] {
    std::string s(rng() % 7, 'a');
    for (char& c : s) c = static_cast<char>('a' + rng() % 3);
    return s;
  };
  for (int n = 0; n < 2000; ++n) {
    std::string a = word(), b = word();
    ASSERT_EQ(racecert::edit_distance(a, b), reference(a, b, a.size(), b.size())) << a << " " << b;
    ASSERT_EQ(racecert::edit_distance(a, b), racecert::edit_distance(b, a)) << a << " " << b;
  }
}

}  // namespace
