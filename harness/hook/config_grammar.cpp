// The line structure of `.racecert` in Boost.Spirit X3: blank lines,
// comments, [section] headers and key = value entries.
#include <boost/fusion/include/at_c.hpp>
#include <boost/spirit/home/x3.hpp>

#include "harness/hook/config.hpp"
#include "support/diagnostic.hpp"

namespace racecert::harness::hook {

namespace x3 = boost::spirit::x3;

std::vector<ConfigLine> parse_config_lines(const std::string& text, const std::string& filename) {
  std::vector<ConfigLine> out;
  std::size_t pos = 0;
  int line_no = 0;
  // Character sets, not classes (x3::blank, x3::alpha): those assert on a
  // byte >= 0x80, and .racecert may hold any bytes.
  auto blank = x3::omit[*x3::char_(" \t")];
  auto comment = x3::lit('#') >> x3::omit[*x3::char_];
  auto section = x3::rule<struct sec, std::string>{} = '[' >> x3::lexeme[+~x3::char_("]")] >> ']';
  auto key = x3::rule<struct key_, std::string>{} = x3::lexeme[x3::char_("a-zA-Z") >> *x3::char_("a-zA-Z0-9_-")];
  while (pos <= text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(pos, end - pos);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    ++line_no;
    pos = end + 1;
    if (line.find('\0') != std::string::npos)
      throw input_error(SourceLoc{filename, line_no, 1}, "NUL character in configuration");

    auto it = line.cbegin();
    const auto e = line.cend();
    if (x3::parse(it, e, blank >> -comment) && it == e) continue;

    ConfigLine cl;
    cl.line = line_no;
    it = line.cbegin();
    std::string sec;
    if (x3::parse(it, e, blank >> section >> blank >> -comment, sec) && it == e) {
      cl.section = true;
      cl.key = sec;
      out.push_back(cl);
      continue;
    }
    it = line.cbegin();
    std::string k;
    if (!x3::parse(it, e, blank >> key >> blank >> '=', k))
      throw input_error(SourceLoc{filename, line_no, 1}, "expected 'key = value', '[pattern]' or a # comment");
    // The value: the rest of the line, a '#' after a blank starts a comment.
    std::string value(it, e);
    for (std::size_t i = 0; i < value.size(); ++i)
      if (value[i] == '#' && (i == 0 || value[i - 1] == ' ' || value[i - 1] == '\t')) {
        value.resize(i);
        break;
      }
    std::size_t first = value.find_first_not_of(" \t");
    cl.value_column = static_cast<int>(it - line.cbegin()) + 1 + static_cast<int>(first == std::string::npos ? 0 : first);
    value = first == std::string::npos ? "" : value.substr(first);
    while (!value.empty() && (value.back() == ' ' || value.back() == '\t')) value.pop_back();
    cl.key = k;
    cl.value = value;
    out.push_back(cl);
    if (end == text.size()) break;
  }
  return out;
}

}  // namespace racecert::harness::hook
