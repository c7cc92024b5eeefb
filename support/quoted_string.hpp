#pragma once
// Strings in racecert's text formats (file names of source positions, the
// reason of an unsupported construct): in double quotes, with `"`, `\` and
// a newline escaped as `\"`, `\\` and `\n`. The parser is the X3 rule
// `quoted_string` of support/expr_grammar.hpp.
#include <string>

namespace racecert {

inline std::string quote(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n')
      out += "\\n";
    else
      out += c;
  }
  return out + "\"";
}

}  // namespace racecert
