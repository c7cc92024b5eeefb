#pragma once
// A small hand-written SVG chart: line/scatter series on linear or log
// axes, ticks at round values, a legend, optional category labels on the x
// axis. No plotting library is allowed in racecert; this is all the plots
// need.
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace racecert::harness {

struct Series {
  std::string name;
  std::vector<std::pair<double, double>> points;  // (x, y); non-positive y are dropped on a log axis
  int style = 0;      // colour and marker; the same tool keeps the same style in every plot
  bool line = true;   // join the points (sorted by x)
  bool markers = true;
  bool dashed = false;
};

struct Axis {
  std::string label;
  bool log = false;
  double min = 0, max = 0;  // both 0: from the data
  bool from_zero = false;   // linear axis: always include 0 (memory)
  bool integer = false;     // ticks at whole numbers only (sizes, counts)
};

struct Chart {
  std::string title;
  Axis x, y;
  std::vector<Series> series;
  std::vector<std::string> x_categories;  // when set, x values are indices 0..n-1 labelled with these
  bool legend = true;
  std::string empty_text = "no data";
};

// Draws the chart in the rectangle (x, y, w, h) of a document.
void render_chart(std::ostringstream& svg, const Chart& c, double x, double y, double w, double h);

// A whole document: "<svg ...>" + body + "</svg>".
std::string svg_document(double width, double height, const std::string& body);
std::string render_chart_document(const Chart& c, double width = 760, double height = 460);

// The legend alone, one row (for figures of several panels).
struct LegendEntry {
  std::string name;
  int style = 0;
  bool line = true, dashed = false;
};
void render_legend(std::ostringstream& svg, const std::vector<LegendEntry>& entries, double x, double y);

std::string xml_escape(const std::string& s);

// Tick positions for an axis range (exposed for tests).
std::vector<double> axis_ticks(double lo, double hi, bool log, bool integer = false);
std::string tick_label(double v);

}  // namespace racecert::harness
