// Classification, the CSV format, aggregation of repeated runs, growth
// estimates and the Markdown summary.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "harness/classify.hpp"
#include "harness/results.hpp"
#include "harness/summary.hpp"
#include "support/diagnostic.hpp"

using namespace racecert;
using namespace racecert::harness;

namespace {

ResultRow row(const std::string& tool, const std::string& kernel, Outcome o, double t, int run = 1) {
  ResultRow r;
  r.tool = tool;
  r.dataset = "ds";
  r.kernel = kernel;
  r.expected = o == Outcome::CorrectRace || o == Outcome::MissedRace ? "racy" : "drf";
  r.verdict = "drf";
  r.outcome = o;
  r.run = run;
  r.wall_s = t;
  r.cpu_s = t / 2;
  r.peak_rss_kb = 1000;
  r.exit_status = "0";
  return r;
}

}  // namespace

TEST(HarnessClassify, EveryVerdictAgainstEveryExpectation) {
  EXPECT_EQ(classify(Expected::Drf, Verdict::Drf), Outcome::CorrectDrf);
  EXPECT_EQ(classify(Expected::Racy, Verdict::Racy), Outcome::CorrectRace);
  EXPECT_EQ(classify(Expected::Racy, Verdict::Divergent), Outcome::CorrectRace);
  EXPECT_EQ(classify(Expected::Racy, Verdict::Deadlock), Outcome::CorrectRace);
  EXPECT_EQ(classify(Expected::Drf, Verdict::Racy), Outcome::FalseAlarm);
  EXPECT_EQ(classify(Expected::Drf, Verdict::Divergent), Outcome::FalseAlarm);
  EXPECT_EQ(classify(Expected::Racy, Verdict::Drf), Outcome::MissedRace);
  for (Expected e : {Expected::Drf, Expected::Racy}) {
    EXPECT_EQ(classify(e, Verdict::Unknown), Outcome::Unsupported);
    EXPECT_EQ(classify(e, Verdict::Unsupported), Outcome::Unsupported);
    EXPECT_EQ(classify(e, Verdict::Timeout), Outcome::Timeout);
    EXPECT_EQ(classify(e, Verdict::Error), Outcome::Crash);
  }
  EXPECT_TRUE(solved(Outcome::CorrectDrf));
  EXPECT_TRUE(solved(Outcome::CorrectRace));
  EXPECT_FALSE(solved(Outcome::FalseAlarm));
  for (int i = 0; i < kOutcomeCount; ++i) {
    Outcome back;
    ASSERT_TRUE(parse_outcome(to_string(static_cast<Outcome>(i)), back));
    EXPECT_EQ(static_cast<int>(back), i);
  }
  for (int i = 0; i < 8; ++i) {
    Verdict v;
    ASSERT_TRUE(parse_verdict(to_string(static_cast<Verdict>(i)), v));
    EXPECT_EQ(static_cast<int>(v), i);
  }
}

TEST(HarnessCsv, RoundTripWithAwkwardFields) {
  std::vector<ResultRow> rows = {row("racecert", "a.cu", Outcome::CorrectDrf, 0.25),
                                 row("my,tool", "dir/b \"q\".cu", Outcome::Crash, 1.5, 2)};
  rows[1].detail = "line one\nline \"two\", with comma";
  rows[1].family = "access";
  rows[1].size = 7;
  rows[1].peak_rss_kb = -1;
  std::ostringstream os;
  write_csv(rows, os);
  auto back = read_csv(os.str(), "r.csv");
  ASSERT_EQ(back.size(), 2u);
  EXPECT_EQ(back[1].tool, "my,tool");
  EXPECT_EQ(back[1].kernel, "dir/b \"q\".cu");
  EXPECT_EQ(back[1].detail, rows[1].detail);
  EXPECT_EQ(back[1].family, "access");
  EXPECT_EQ(back[1].size, 7);
  EXPECT_EQ(back[1].run, 2);
  EXPECT_EQ(back[1].peak_rss_kb, -1);
  EXPECT_EQ(back[1].outcome, Outcome::Crash);
  EXPECT_DOUBLE_EQ(back[0].wall_s, 0.25);
  EXPECT_EQ(back[0].peak_rss_kb, 1000);
  // CRLF files (edited on another system) read the same.
  std::string crlf;
  for (char c : os.str()) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  EXPECT_EQ(read_csv(crlf, "r.csv").size(), 2u);
}

TEST(HarnessCsv, ColumnsFoundByName) {
  auto rows = read_csv("outcome,kernel,extra,tool,wall_seconds\ncorrect-race,k.cu,zz,t,0.5\n", "r.csv");
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].tool, "t");
  EXPECT_EQ(rows[0].outcome, Outcome::CorrectRace);
}

TEST(HarnessCsv, MalformedInputIsOneLineError) {
  auto error_of = [](const std::string& text) {
    try {
      read_csv(text, "r.csv");
    } catch (const racecert::Error& e) {
      EXPECT_EQ(e.code(), racecert::kExitBadInput);
      return e.render();
    }
    return std::string("no error");
  };
  EXPECT_NE(error_of("").find("empty"), std::string::npos);
  EXPECT_NE(error_of("tool,kernel\n").find("missing column 'outcome'"), std::string::npos);
  EXPECT_NE(error_of("tool,kernel,outcome,wall_seconds\nt,k,great,1\n").find("r.csv:2"), std::string::npos);
  EXPECT_NE(error_of("tool,kernel,outcome,wall_seconds\nt,k,crash,fast\n").find("not a number"), std::string::npos);
  EXPECT_NE(error_of("tool,kernel,outcome,wall_seconds\nt,k,crash\n").find("expected 4 fields"), std::string::npos);
  EXPECT_NE(error_of("tool,kernel,outcome,wall_seconds\nt,\"k,crash,1\n").find("malformed"), std::string::npos);
  EXPECT_NE(error_of("tool,kernel,outcome,wall_seconds,size\nt,k,crash,1,1e300\n").find("out of range"),
            std::string::npos);
  EXPECT_NE(error_of("tool,kernel,outcome,wall_seconds\nt,k,crash,-2\n").find("out of range"), std::string::npos);
}

TEST(HarnessAggregate, MedianAndMostFrequentOutcome) {
  std::vector<ResultRow> rows = {row("t", "k", Outcome::CorrectDrf, 3, 1), row("t", "k", Outcome::Timeout, 1, 2),
                                 row("t", "k", Outcome::CorrectDrf, 2, 3), row("u", "k", Outcome::CorrectDrf, 5)};
  auto ks = aggregate(rows);
  ASSERT_EQ(ks.size(), 2u);
  EXPECT_EQ(ks[0].tool, "t");
  EXPECT_EQ(ks[0].runs, 3);
  EXPECT_EQ(ks[0].outcome, Outcome::CorrectDrf);
  EXPECT_TRUE(ks[0].unstable);
  EXPECT_DOUBLE_EQ(ks[0].wall_s, 2);
  EXPECT_FALSE(ks[1].unstable);
}

TEST(HarnessGrowth, ExponentSeparatesLinearFromQuadratic) {
  auto family = [](auto f) {
    std::vector<KernelResult> ks;
    for (int n = 1; n <= 50; ++n) {
      KernelResult k;
      k.size = n;
      k.outcome = Outcome::CorrectDrf;
      k.wall_s = k.cpu_s = f(n);
      ks.push_back(k);
    }
    return ks;
  };
  auto linear = growth_of(family([](int n) { return 0.01 * n; }));
  EXPECT_NEAR(linear.exponent, 1.0, 0.05);
  EXPECT_NEAR(linear.cpu_exponent, 1.0, 0.05);
  EXPECT_NEAR(linear.ratio, 2.0, 0.1);
  EXPECT_EQ(linear.shape(), "linear or below");
  auto quadratic = growth_of(family([](int n) { return 0.001 * n * n; }));
  EXPECT_NEAR(quadratic.exponent, 2.0, 0.05);
  EXPECT_EQ(growth_of(family([](int n) { return std::pow(1.2, n); })).shape(), "faster than quadratic");
  EXPECT_EQ(growth_of(family([](int) { return 0.1; })).shape(), "flat");
  EXPECT_TRUE(std::isnan(growth_of({}).exponent));
}

TEST(HarnessSummary, TablePerDatasetWrongAnswersAndGrowth) {
  std::vector<ResultRow> rows = {row("racecert", "a.cu", Outcome::CorrectDrf, 0.1),
                                 row("racecert", "b.cu", Outcome::FalseAlarm, 0.2),
                                 row("gpuverify", "a.cu", Outcome::Timeout, 60)};
  rows[1].detail = "data race on A | B";
  ResultRow syn = row("racecert", "access-3.cu", Outcome::CorrectDrf, 0.3);
  syn.dataset = "synthetic";
  syn.family = "access";
  syn.size = 3;
  rows.push_back(syn);
  std::string md = markdown_summary(rows);
  EXPECT_NE(md.find("## Dataset `ds`"), std::string::npos) << md;
  EXPECT_NE(md.find("## Dataset `synthetic`"), std::string::npos);
  EXPECT_NE(md.find("| racecert | 2 | 1 | 0 | 1 | 0 | 0 | 0 | 0 | 0 | 0 | 1 |"), std::string::npos) << md;
  EXPECT_NE(md.find("| gpuverify | 1 | 0 | 0 | 0 | 0 | 0 | 1 | 0 | 0 |"), std::string::npos) << md;
  EXPECT_NE(md.find("data race on A \\| B"), std::string::npos);  // escaped for the table
  EXPECT_NE(md.find("## Growth of the synthetic families"), std::string::npos);
  EXPECT_NE(md.find("| access | racecert | 1 | 1 |"), std::string::npos) << md;
}

TEST(HarnessSummary, ListsUnsupportedKernelsByName) {
  std::vector<ResultRow> rows = {row("racecert", "ok.cu", Outcome::CorrectDrf, 0.1),
                                 row("racecert", "dir/tex.cu", Outcome::Unsupported, 0.2),
                                 row("gpuverify", "ok.cu", Outcome::Unsupported, 0.3)};
  rows[1].verdict = "unsupported";
  rows[1].detail = "tex.cu:4:3: error: texture fetches are not supported";
  rows[2].verdict = "unknown";
  std::string md = markdown_summary(rows);
  EXPECT_NE(md.find("Unsupported (undecided, or the tool could not read the kernel):"), std::string::npos) << md;
  EXPECT_NE(md.find("| racecert | `dir/tex.cu` | unsupported | tex.cu:4:3: error: texture fetches are not supported |"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("| gpuverify | `ok.cu` | unknown |  |"), std::string::npos) << md;
  EXPECT_EQ(md.find("| racecert | `ok.cu` |"), std::string::npos) << md;  // a solved kernel is not listed
  // Nothing unsupported, no section.
  EXPECT_EQ(markdown_summary({rows[0]}).find("Unsupported ("), std::string::npos);
}
