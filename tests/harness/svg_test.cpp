// The hand-written SVG charts: ticks, escaping, log axes, and that every
// plot of a run is a well-formed document.
#include <gtest/gtest.h>

#include "harness/plots.hpp"
#include "harness/svg_chart.hpp"

using namespace racecert::harness;

namespace {

// Elements opened and closed in order (enough for what we write: no
// comments, no CDATA, attribute values without '>').
bool balanced(const std::string& svg) {
  std::vector<std::string> open;
  std::size_t pos = 0;
  while ((pos = svg.find('<', pos)) != std::string::npos) {
    std::size_t end = svg.find('>', pos);
    if (end == std::string::npos) return false;
    std::string tag = svg.substr(pos + 1, end - pos - 1);
    pos = end + 1;
    if (tag.empty()) return false;
    if (tag[0] == '/') {
      if (open.empty() || open.back() != tag.substr(1)) return false;
      open.pop_back();
    } else if (tag.back() != '/') {
      open.push_back(tag.substr(0, tag.find(' ')));
    }
  }
  return open.empty();
}

}  // namespace

TEST(HarnessSvg, Ticks) {
  EXPECT_EQ(axis_ticks(0, 50, false), (std::vector<double>{0, 10, 20, 30, 40, 50}));
  EXPECT_EQ(axis_ticks(0.01, 100, true), (std::vector<double>{0.01, 0.1, 1, 10, 100}));
  auto fine = axis_ticks(0.1, 1, true);
  EXPECT_EQ(fine.front(), 0.1);
  EXPECT_EQ(fine.size(), 4u);  // 0.1 0.2 0.5 1
  EXPECT_EQ(axis_ticks(0, 3, false, true), (std::vector<double>{0, 1, 2, 3}));
  EXPECT_EQ(tick_label(0.05), "0.05");
  EXPECT_EQ(tick_label(1000), "1000");
  EXPECT_EQ(tick_label(1e6), "1e+06");
}

TEST(HarnessSvg, ChartIsWellFormedAndEscaped) {
  Chart c;
  c.title = "a <b> & \"c\"";
  c.y.log = true;
  c.series.push_back({"tool<1>", {{1, 0.5}, {2, 0.0}, {3, 2}}, 0});  // 0 is dropped on a log axis
  c.series.push_back({"t2", {}, 1});
  std::string svg = render_chart_document(c);
  EXPECT_TRUE(balanced(svg)) << svg;
  EXPECT_NE(svg.find("a &lt;b&gt; &amp; &quot;c&quot;"), std::string::npos);
  EXPECT_NE(svg.find("tool&lt;1&gt;"), std::string::npos);
  EXPECT_EQ(svg.find("<b>"), std::string::npos);
  Chart empty;
  empty.title = "nothing";
  std::string e = render_chart_document(empty);
  EXPECT_TRUE(balanced(e));
  EXPECT_NE(e.find("no data"), std::string::npos);
}

TEST(HarnessSvg, PlotsOfARun) {
  std::vector<ResultRow> rows;
  for (int n = 1; n <= 5; ++n)
    for (const char* tool : {"racecert", "other"}) {
      ResultRow r;
      r.tool = tool;
      r.dataset = "synthetic";
      r.kernel = "access-" + std::to_string(n) + ".cu";
      r.family = "access";
      r.size = n;
      r.expected = "drf";
      r.outcome = std::string(tool) == "other" && n > 3 ? Outcome::Timeout : Outcome::CorrectDrf;
      r.wall_s = 0.1 * n;
      r.peak_rss_kb = 1000 * n;
      rows.push_back(r);
    }
  auto plots = make_plots(rows);
  ASSERT_EQ(plots.size(), 4u);
  EXPECT_EQ(plots[0].first, "cactus.svg");
  EXPECT_EQ(plots[3].first, "growth.svg");
  for (const auto& [name, svg] : plots) {
    EXPECT_TRUE(balanced(svg)) << name;
    EXPECT_EQ(svg.rfind("<svg", 0), 0u) << name;
  }
  EXPECT_NE(plots[0].second.find("racecert (5)"), std::string::npos);  // solved count in the legend
  EXPECT_NE(plots[0].second.find("other (3)"), std::string::npos);
  EXPECT_NE(plots[3].second.find("access: wall time"), std::string::npos);
  // No family: no growth plot.
  for (auto& r : rows) r.family.clear();
  EXPECT_EQ(make_plots(rows).size(), 3u);
  EXPECT_TRUE(make_plots({}).empty());
}
