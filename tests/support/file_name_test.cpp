// The interned file name (support/file_name.hpp): equal names share one
// stored string, comparisons agree with std::string's on every pair of a
// random set of names (the reference), the empty name is the default, and
// threads interning the same names at once get the same handles.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "support/file_name.hpp"
#include "support/source_location.hpp"

using racecert::FileName;
using racecert::SourceLoc;

namespace {

TEST(FileName, EqualNamesShareOneString) {
  std::string path = "/home/user/project/kernels/a-rather-long-name.cu";
  FileName a(path), b(path.c_str()), c{std::string_view(path)};
  EXPECT_EQ(&a.str(), &b.str());
  EXPECT_EQ(&a.str(), &c.str());
  EXPECT_TRUE(a == b);
  EXPECT_EQ(a.str(), path);
  EXPECT_NE(&a.str(), &path);  // a copy in the table, not the caller's string
  FileName other("/home/user/project/kernels/another.cu");
  EXPECT_FALSE(a == other);
  EXPECT_TRUE(a != other);
}

TEST(FileName, DefaultIsTheEmptyName) {
  FileName d;
  EXPECT_TRUE(d.empty());
  EXPECT_EQ(d.size(), 0u);
  EXPECT_STREQ(d.c_str(), "");
  EXPECT_TRUE(d == FileName(""));
  EXPECT_EQ(&d.str(), &FileName(std::string()).str());
  EXPECT_FALSE(d == FileName("k.cu"));
  EXPECT_TRUE(SourceLoc{}.file.empty());
}

TEST(FileName, ComparesWithPlainStringsByValue) {
  FileName f("k.cu");
  EXPECT_TRUE(f == "k.cu");
  EXPECT_TRUE(f == std::string("k.cu"));
  EXPECT_TRUE(std::string("k.cu") == f);
  EXPECT_TRUE(f == std::string_view("k.cu"));
  EXPECT_FALSE(f == "k.c");
  EXPECT_TRUE(f != std::string("h.cu"));
  EXPECT_EQ(f.size(), 4u);
  EXPECT_STREQ(f.c_str(), "k.cu");
}

TEST(FileName, ConcatenatesAndPrintsLikeItsString) {
  FileName f("dir/k.cu");
  EXPECT_EQ(f + ":3", "dir/k.cu:3");
  EXPECT_EQ(f + std::string(":4"), "dir/k.cu:4");
  EXPECT_EQ("in " + f, "in dir/k.cu");
  EXPECT_EQ(std::string("at ") + f, "at dir/k.cu");
  std::ostringstream os;
  os << f << "|" << FileName();
  EXPECT_EQ(os.str(), "dir/k.cu|");
  const std::string& s = f;  // the implicit view as the stored string
  EXPECT_EQ(&s, &f.str());
}

TEST(FileName, SourceLocKeepsItsTextAndEquality) {
  EXPECT_EQ(sizeof(SourceLoc), 16u);
  EXPECT_EQ((SourceLoc{"dir/k.cu", 3, 7}).str(), "dir/k.cu:3:7");
  EXPECT_EQ((SourceLoc{"dir/k.cu", 3, 0}).str(), "dir/k.cu:3");
  EXPECT_EQ((SourceLoc{"", 3, 7}).str(), "3:7");
  EXPECT_EQ((SourceLoc{"dir/k.cu", 0, 0}).str(), "dir/k.cu");
  std::string name = "dir/";
  name += "k.cu";  // built separately: equal by value, so equal locations
  EXPECT_EQ((SourceLoc{"dir/k.cu", 3, 7}), (SourceLoc{name, 3, 7}));
  EXPECT_NE((SourceLoc{"dir/k.cu", 3, 7}), (SourceLoc{"dir/h.cu", 3, 7}));
}

// Random names over a small alphabet (so that equal names, prefixes and
// near misses are common), interned in random order: every pair compares as
// the strings do, and sorting handles sorts the strings.
TEST(FileName, ComparisonsAgreeWithStringsOnRandomNames) {
  std::mt19937 rng(18);
  for (int round = 0; round < 50; ++round) {
    std::vector<std::string> names;
    std::uniform_int_distribution<int> len(0, 4), letter(0, 2);
    for (int i = 0; i < 30; ++i) {
      std::string s;
      for (int n = len(rng); n > 0; --n) s += static_cast<char>('a' + letter(rng));
      names.push_back(s);
    }
    std::vector<FileName> handles(names.begin(), names.end());
    for (std::size_t i = 0; i < names.size(); ++i) {
      ASSERT_EQ(handles[i].str(), names[i]);
      for (std::size_t j = 0; j < names.size(); ++j) {
        ASSERT_EQ(handles[i] == handles[j], names[i] == names[j]) << names[i] << " " << names[j];
        ASSERT_EQ(&handles[i].str() == &handles[j].str(), names[i] == names[j]) << names[i] << " " << names[j];
        ASSERT_EQ(handles[i] < handles[j], names[i] < names[j]) << names[i] << " " << names[j];
        ASSERT_EQ(handles[i] <= handles[j], names[i] <= names[j]) << names[i] << " " << names[j];
        ASSERT_EQ(handles[i] > handles[j], names[i] > names[j]) << names[i] << " " << names[j];
      }
    }
    std::sort(handles.begin(), handles.end());
    std::sort(names.begin(), names.end());
    for (std::size_t i = 0; i < names.size(); ++i) ASSERT_EQ(handles[i].str(), names[i]);
  }
}

// Several threads intern the same names, each in its own order, at once:
// they all get the one handle per name.
TEST(FileName, ThreadsInterningTheSameNamesGetTheSameHandles) {
  std::vector<std::string> names;
  for (int i = 0; i < 300; ++i) names.push_back("threads/dir-" + std::to_string(i % 17) + "/kernel-" + std::to_string(i) + ".cu");
  const int threads = 8;
  std::vector<std::vector<const std::string*>> got(threads, std::vector<const std::string*>(names.size()));
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      std::vector<std::size_t> order(names.size());
      for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
      std::shuffle(order.begin(), order.end(), std::mt19937(t));
      for (int pass = 0; pass < 20; ++pass)
        for (std::size_t i : order) got[t][i] = &FileName(names[i]).str();
    });
  }
  for (auto& th : pool) th.join();
  for (std::size_t i = 0; i < names.size(); ++i) {
    EXPECT_EQ(*got[0][i], names[i]);
    for (int t = 1; t < threads; ++t) EXPECT_EQ(got[t][i], got[0][i]) << names[i];
  }
}

}  // namespace
