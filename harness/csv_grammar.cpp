// RFC 4180 CSV with Boost.Spirit X3: fields separated by commas, records by
// CRLF or LF, quoted fields may hold commas, quotes ("") and newlines.
#include <algorithm>
#include <boost/spirit/home/x3.hpp>

#include "harness/results.hpp"
#include "support/diagnostic.hpp"

namespace racecert::harness {

namespace x3 = boost::spirit::x3;

std::vector<std::vector<std::string>> parse_csv_records(const std::string& text, const std::string& filename) {
  auto quoted = x3::rule<struct quoted_, std::string>{} =
      x3::lexeme['"' >> *(("\"\"" >> x3::attr('"')) | ~x3::char_('"')) >> '"'];
  auto plain = x3::rule<struct plain_, std::string>{} = *~x3::char_(",\r\n\"");
  auto field = x3::rule<struct field_, std::string>{} = quoted | plain;
  auto record = x3::rule<struct record_, std::vector<std::string>>{} = field % ',';
  auto eol = x3::lit("\r\n") | x3::lit('\n');

  std::vector<std::vector<std::string>> out;
  auto it = text.cbegin();
  const auto end = text.cend();
  int line = 1;
  while (it != end) {
    auto start = it;
    std::vector<std::string> fields;
    if (!x3::parse(it, end, record, fields) || (it != end && !x3::parse(it, end, eol)))
      throw input_error(SourceLoc{filename, line, 0}, "malformed CSV record");
    line += static_cast<int>(std::count(start, it, '\n'));
    // A blank line (a single empty field) is not a record.
    if (!(fields.size() == 1 && fields[0].empty())) out.push_back(std::move(fields));
  }
  return out;
}

}  // namespace racecert::harness
