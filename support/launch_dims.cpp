#include "support/launch_dims.hpp"
#include "support/launch_dims_error.hpp"

#include <algorithm>
#include <boost/spirit/home/x3.hpp>

namespace racecert {

namespace x3 = boost::spirit::x3;

std::string Dim3::str() const {
  return "[" + std::to_string(x) + "," + std::to_string(y) + "," + std::to_string(z) + "]";
}

namespace {

// A size, or why it is malformed and where ("expected ']' at column 7").
struct ParsedSize {
  std::optional<LaunchSize> size;
  std::string error;
};

std::string column(std::size_t offset) { return "at column " + std::to_string(offset + 1); }

ParsedSize parse_size(const std::string& text, bool allow_star) {
  // A component is kept as its digits (any number of leading zeros, as the
  // fuzzer found GPUVerify accepts) and range-checked after; "*" is empty.
  // Expectations (>) make a missing token an error at its own position, not
  // at the start of the size.
  std::vector<std::string> parts;
  auto component = x3::rule<struct component, std::string>{"a number"} =
      x3::lexeme[+x3::char_('0', '9')] | (x3::lit('*') >> x3::attr(std::string()));
  auto list = x3::rule<struct size_list, std::vector<std::string>>{"a size"} =
      ('[' > (component % ',') > ']') | (component % ',');
  auto it = text.begin();
  ParsedSize out;
  try {
    // Blanks may separate the tokens ("[16, 16]" as typed on a command line).
    if (!x3::phrase_parse(it, text.end(), list > x3::eoi, x3::lit(' ') | x3::lit('\t'), parts)) {
      out.error = text.find_first_not_of(" \t") == std::string::npos ? "empty" : "expected a number " + column(0);
      return out;
    }
  } catch (const x3::expectation_failure<std::string::const_iterator>& e) {
    auto at = static_cast<std::size_t>(e.where() - text.begin());
    out.error = e.where() == text.end() ? "expected " + e.which() + " " + column(at)
                                        : "unexpected '" + std::string(1, *e.where()) + "' " + column(at);
    if (e.which() == "']'" && e.where() == text.end()) out.error = "missing ']' " + column(at);
    return out;
  }
  // GPUVerify's headers write "16,16" for [16,16] (its testsuite does), so a
  // header may; racecert's own flags and .racecert take one form, with
  // brackets, so that a typo such as a lost '[' is an error, not a size.
  if (!allow_star && parts.size() > 1 && text.find('[') == std::string::npos) {
    out.error = "several components need brackets: write [" + text + "]";
    return out;
  }
  if (parts.size() > 3) {
    out.error = std::to_string(parts.size()) + " components (at most 3: x, y and z)";
    return out;
  }
  LaunchSize size;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const std::string& p = parts[i];
    std::string which = "component " + std::to_string(i + 1);
    if (p.empty()) {
      if (!allow_star) {
        out.error = which + " is '*', which only a GPUVerify header may use";
        return out;
      }
      size.push_back(std::nullopt);
      continue;
    }
    std::size_t first = p.find_first_not_of('0');
    if (first == std::string::npos || p.size() - first > 10 || std::stoll(p.substr(first)) > kMaxLaunchDim) {
      out.error = which + " is " + (first == std::string::npos ? "0" : "too large") + " (each from 1 to 2^31-1)";
      return out;
    }
    size.push_back(std::stoll(p.substr(first)));
  }
  out.size = std::move(size);
  return out;
}

}  // namespace

std::optional<LaunchSize> parse_launch_size(const std::string& text, bool allow_star) {
  return parse_size(text, allow_star).size;
}

std::string launch_dims_error(const std::string& text, bool allow_star) {
  std::string why = parse_size(text, allow_star).error;
  return "invalid launch size '" + text + "': " + why + " (expected N, [X,Y] or [X,Y,Z])";
}

bool has_star(const LaunchSize& s) {
  return std::any_of(s.begin(), s.end(), [](const auto& c) { return !c.has_value(); });
}

Dim3 to_dim3(const LaunchSize& s) {
  Dim3 d;
  if (s.size() > 0) d.x = s[0].value_or(1);
  if (s.size() > 1) d.y = s[1].value_or(1);
  if (s.size() > 2) d.z = s[2].value_or(1);
  return d;
}

std::optional<Dim3> parse_dim3(const std::string& text) {
  auto s = parse_launch_size(text, false);
  if (!s) return std::nullopt;
  return to_dim3(*s);
}

}  // namespace racecert
