#include "harness/svg_chart.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace racecert::harness {

namespace {

// Okabe–Ito colours: distinguishable with colour-blindness and in print;
// markers differ too, for grey-scale.
constexpr const char* kColours[] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000"};
constexpr int kColourCount = 7;

const char* colour(int style) { return kColours[((style % kColourCount) + kColourCount) % kColourCount]; }

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

void marker(std::ostringstream& svg, int style, double x, double y) {
  const char* c = colour(style);
  std::string fill = std::string(" fill=\"") + c + "\"";
  switch (((style % 4) + 4) % 4) {
    case 0: svg << "<circle cx=\"" << num(x) << "\" cy=\"" << num(y) << "\" r=\"3.2\"" << fill << "/>"; break;
    case 1:
      svg << "<rect x=\"" << num(x - 3) << "\" y=\"" << num(y - 3) << "\" width=\"6\" height=\"6\"" << fill << "/>";
      break;
    case 2:
      svg << "<path d=\"M" << num(x) << " " << num(y - 3.8) << "L" << num(x + 3.6) << " " << num(y + 2.6) << "L"
          << num(x - 3.6) << " " << num(y + 2.6) << "Z\"" << fill << "/>";
      break;
    default:
      svg << "<path d=\"M" << num(x) << " " << num(y - 4) << "L" << num(x + 4) << " " << num(y) << "L" << num(x)
          << " " << num(y + 4) << "L" << num(x - 4) << " " << num(y) << "Z\"" << fill << "/>";
  }
}

struct Scale {
  double lo, hi, from, to;
  bool log;
  double operator()(double v) const {
    double a = log ? std::log10(lo) : lo, b = log ? std::log10(hi) : hi;
    double t = log ? std::log10(v) : v;
    return from + (t - a) / (b - a) * (to - from);
  }
};

// The data range of one axis, widened to round values and never empty.
std::pair<double, double> range_of(const std::vector<double>& values, const Axis& axis) {
  if (axis.min != 0 || axis.max != 0) return {axis.min, axis.max};
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (double v : values)
    if (std::isfinite(v) && (!axis.log || v > 0)) lo = std::min(lo, v), hi = std::max(hi, v);
  if (!std::isfinite(lo)) return axis.log ? std::pair{0.1, 10.0} : std::pair{0.0, 1.0};
  if (axis.log) {
    // Widen to the nearest 1, 2 or 5 times a power of ten on each side.
    auto round_125 = [](double v, bool up) {
      double mag = std::pow(10, std::floor(std::log10(v)));
      const double steps[] = {1, 2, 5, 10};
      if (up) {
        for (double s : steps)
          if (s * mag >= v * (1 - 1e-9)) return s * mag;
        return 10 * mag;
      }
      for (int i = 3; i >= 0; --i)
        if (steps[i] * mag <= v * (1 + 1e-9)) return steps[i] * mag;
      return mag;
    };
    lo = round_125(lo, false);
    hi = round_125(hi, true);
    if (hi <= lo) hi = lo * 10;
    return {lo, hi};
  }
  if (axis.from_zero) lo = std::min(lo, 0.0), hi = std::max(hi, 0.0);
  else if (lo > 0 && lo < hi * 0.5) lo = 0;  // start at zero unless that squashes the data
  if (hi <= lo) hi = lo + 1;
  auto ticks = axis_ticks(lo, hi, false, axis.integer);
  double step = ticks.size() > 1 ? ticks[1] - ticks[0] : 1;
  return {std::floor(lo / step) * step, std::ceil(hi / step) * step};
}

}  // namespace

std::string xml_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '&': out += "&amp;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::vector<double> axis_ticks(double lo, double hi, bool log, bool integer) {
  std::vector<double> t;
  if (!(hi > lo)) return {lo};
  if (log) {
    int a = static_cast<int>(std::floor(std::log10(lo) + 1e-9)), b = static_cast<int>(std::ceil(std::log10(hi) - 1e-9));
    bool fine = b - a <= 2;  // few decades: 1, 2, 5 in each
    for (int e = a; e <= b; ++e)
      for (double m : fine ? std::vector<double>{1, 2, 5} : std::vector<double>{1}) {
        double v = m * std::pow(10, e);
        if (v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9)) t.push_back(v);
      }
    return t;
  }
  double raw = (hi - lo) / 5, mag = std::pow(10, std::floor(std::log10(raw)));
  double step = raw / mag < 1.5 ? mag : raw / mag < 3.5 ? 2 * mag : raw / mag < 7.5 ? 5 * mag : 10 * mag;
  if (integer) step = std::max(step, 1.0);
  for (double v = std::ceil(lo / step - 1e-9) * step; v <= hi + step * 1e-9; v += step)
    t.push_back(std::abs(v) < step * 1e-9 ? 0 : v);
  return t;
}

std::string tick_label(double v) {
  char buf[32];
  double a = std::abs(v);
  if (v == 0) return "0";
  if (a >= 1e5 || a < 1e-3) std::snprintf(buf, sizeof buf, "%.0e", v);
  else if (a >= 1) std::snprintf(buf, sizeof buf, "%.6g", v);
  else std::snprintf(buf, sizeof buf, "%.3g", v);
  return buf;
}

void render_legend(std::ostringstream& svg, const std::vector<LegendEntry>& entries, double x, double y) {
  double at = x;
  for (const auto& e : entries) {
    if (e.line)
      svg << "<line x1=\"" << num(at) << "\" y1=\"" << num(y) << "\" x2=\"" << num(at + 22) << "\" y2=\"" << num(y)
          << "\" stroke=\"" << colour(e.style) << "\" stroke-width=\"2\"" << (e.dashed ? " stroke-dasharray=\"5 3\"" : "")
          << "/>";
    marker(svg, e.style, at + 11, y);
    svg << "<text x=\"" << num(at + 28) << "\" y=\"" << num(y + 4) << "\">" << xml_escape(e.name) << "</text>\n";
    at += 40 + 7.0 * static_cast<double>(e.name.size());
  }
}

void render_chart(std::ostringstream& svg, const Chart& c, double x, double y, double w, double h) {
  const bool labels = !c.x_categories.empty() && c.x_categories.size() <= 40;
  double left = x + 64, right = x + w - 16, top = y + 34, bottom = y + h - (labels ? 160 : 46);
  svg << "<text x=\"" << num(x + w / 2) << "\" y=\"" << num(y + 18)
      << "\" text-anchor=\"middle\" font-weight=\"bold\">" << xml_escape(c.title) << "</text>\n";

  std::vector<double> xs, ys;
  for (const auto& s : c.series)
    for (auto [px, py] : s.points) xs.push_back(px), ys.push_back(py);
  Axis xaxis = c.x;
  if (!c.x_categories.empty() && xaxis.min == 0 && xaxis.max == 0) {
    xaxis.min = -0.5;
    xaxis.max = static_cast<double>(c.x_categories.size()) - 0.5;
  }
  auto [x_lo, x_hi] = range_of(xs, xaxis);
  auto [y_lo, y_hi] = range_of(ys, c.y);
  Scale sx{x_lo, x_hi, left, right, xaxis.log}, sy{y_lo, y_hi, bottom, top, c.y.log};

  // Frame, grid and ticks.
  svg << "<rect x=\"" << num(left) << "\" y=\"" << num(top) << "\" width=\"" << num(right - left) << "\" height=\""
      << num(bottom - top) << "\" fill=\"none\" stroke=\"#444\"/>\n";
  for (double t : axis_ticks(y_lo, y_hi, c.y.log)) {
    double py = sy(t);
    svg << "<line x1=\"" << num(left) << "\" y1=\"" << num(py) << "\" x2=\"" << num(right) << "\" y2=\"" << num(py)
        << "\" stroke=\"#ddd\"/><text x=\"" << num(left - 6) << "\" y=\"" << num(py + 4)
        << "\" text-anchor=\"end\">" << tick_label(t) << "</text>\n";
  }
  if (!c.x_categories.empty()) {
    if (labels)
      for (std::size_t i = 0; i < c.x_categories.size(); ++i) {
        double px = sx(static_cast<double>(i));
        // Long names keep their end, the part that tells kernels apart.
        std::string label = c.x_categories[i];
        if (label.size() > 26) label = "..." + label.substr(label.size() - 23);
        svg << "<text transform=\"translate(" << num(px + 4) << "," << num(bottom + 8)
            << ") rotate(-60)\" text-anchor=\"end\" font-size=\"10\">" << xml_escape(label) << "</text>\n";
      }
  } else {
    for (double t : axis_ticks(x_lo, x_hi, xaxis.log, xaxis.integer)) {
      double px = sx(t);
      svg << "<line x1=\"" << num(px) << "\" y1=\"" << num(top) << "\" x2=\"" << num(px) << "\" y2=\""
          << num(bottom) << "\" stroke=\"#eee\"/><text x=\"" << num(px) << "\" y=\"" << num(bottom + 16)
          << "\" text-anchor=\"middle\">" << tick_label(t) << "</text>\n";
    }
  }
  svg << "<text x=\"" << num((left + right) / 2) << "\" y=\"" << num(y + h - 8) << "\" text-anchor=\"middle\">"
      << xml_escape(c.x.label) << "</text>\n";
  svg << "<text transform=\"translate(" << num(x + 14) << "," << num((top + bottom) / 2)
      << ") rotate(-90)\" text-anchor=\"middle\">" << xml_escape(c.y.label) << "</text>\n";

  if (xs.empty()) {
    svg << "<text x=\"" << num((left + right) / 2) << "\" y=\"" << num((top + bottom) / 2)
        << "\" text-anchor=\"middle\" fill=\"#888\">" << xml_escape(c.empty_text) << "</text>\n";
  }
  // Series, clipped to the frame.
  for (const auto& s : c.series) {
    std::vector<std::pair<double, double>> pts;
    for (auto [px, py] : s.points)
      if (std::isfinite(px) && std::isfinite(py) && (!c.y.log || py > 0) && (!xaxis.log || px > 0) &&
          px >= x_lo && px <= x_hi && py >= y_lo && py <= y_hi)
        pts.push_back({sx(px), sy(py)});
    if (s.line && pts.size() > 1) {
      std::sort(pts.begin(), pts.end());
      svg << "<polyline fill=\"none\" stroke=\"" << colour(s.style) << "\" stroke-width=\"1.8\""
          << (s.dashed ? " stroke-dasharray=\"5 3\"" : "") << " points=\"";
      for (auto [px, py] : pts) svg << num(px) << "," << num(py) << " ";
      svg << "\"/>\n";
    }
    if (s.markers) {
      for (auto [px, py] : pts) marker(svg, s.style, px, py);
      svg << "\n";
    }
  }
  if (c.legend && !c.series.empty()) {
    // Top left: cactus curves and values sorted by the first tool rise to
    // the right, so that corner is the one most often empty.
    double ly = top + 14;
    for (const auto& s : c.series) {
      double lx = left + 12;
      svg << "<rect x=\"" << num(lx - 4) << "\" y=\"" << num(ly - 9) << "\" width=\""
          << num(7.0 * static_cast<double>(s.name.size()) + 38) << "\" height=\"18\" fill=\"white\" opacity=\"0.8\"/>";
      render_legend(svg, {{s.name, s.style, s.line, s.dashed}}, lx, ly);
      ly += 18;
    }
  }
}

std::string svg_document(double width, double height, const std::string& body) {
  std::ostringstream svg;
  svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << num(width) << "\" height=\"" << num(height)
      << "\" viewBox=\"0 0 " << num(width) << " " << num(height)
      << "\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"12\">\n"
      << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      << body << "</svg>\n";
  return svg.str();
}

std::string render_chart_document(const Chart& c, double width, double height) {
  std::ostringstream body;
  render_chart(body, c, 0, 0, width, height);
  return svg_document(width, height, body.str());
}

}  // namespace racecert::harness
