#include "support/launch_dims.hpp"

#include <algorithm>
#include <boost/spirit/home/x3.hpp>

namespace racecert {

namespace x3 = boost::spirit::x3;

std::string Dim3::str() const {
  return "[" + std::to_string(x) + "," + std::to_string(y) + "," + std::to_string(z) + "]";
}

std::optional<LaunchSize> parse_launch_size(const std::string& text, bool allow_star) {
  // A component is kept as its digits (any number of leading zeros, as the
  // fuzzer found GPUVerify accepts) and range-checked after; "*" is empty.
  std::vector<std::string> parts;
  auto component = x3::rule<struct component, std::string>{} =
      x3::lexeme[+x3::char_('0', '9')] | (x3::lit('*') >> x3::attr(std::string()));
  auto list = x3::rule<struct size_list, std::vector<std::string>>{} =
      ('[' >> (component % ',') >> ']') | (component % ',');
  auto it = text.begin();
  // Blanks may separate the tokens ("[16, 16]" as typed on a command line).
  if (!x3::phrase_parse(it, text.end(), list, x3::lit(' ') | x3::lit('\t'), parts) || it != text.end())
    return std::nullopt;
  if (parts.empty() || parts.size() > 3) return std::nullopt;
  LaunchSize out;
  for (const auto& p : parts) {
    if (p.empty()) {
      if (!allow_star) return std::nullopt;
      out.push_back(std::nullopt);
      continue;
    }
    std::size_t first = p.find_first_not_of('0');
    if (first == std::string::npos || p.size() - first > 10) return std::nullopt;  // zero, or past 2^31
    std::int64_t v = std::stoll(p.substr(first));
    if (v > kMaxLaunchDim) return std::nullopt;
    out.push_back(v);
  }
  return out;
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
