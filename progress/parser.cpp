#include "progress/parser.hpp"

#include "progress/program_builder.hpp"
#include "support/diagnostic.hpp"

namespace racecert::progress {

namespace {
// Offset of the first character that is not blank or inside a comment.
std::size_t first_token(const std::string& t) {
  std::size_t i = 0;
  while (i < t.size()) {
    if (std::isspace(static_cast<unsigned char>(t[i]))) {
      ++i;
    } else if (t.compare(i, 2, "//") == 0) {
      while (i < t.size() && t[i] != '\n') ++i;
    } else if (t.compare(i, 2, "/*") == 0) {
      auto end = t.find("*/", i + 2);
      if (end == std::string::npos) return i;  // unterminated: let the grammar report it
      i = end + 2;
    } else {
      break;
    }
  }
  return i;
}
}  // namespace

Syntax detect_syntax(const std::string& text, const std::string& file) {
  std::size_t i = first_token(text);
  if (text.compare(i, 6, "THREAD") == 0) return Syntax::Suite;
  if (text.compare(i, 6, "Thread") == 0) return Syntax::Axb;
  throw input_error(detail::locate(text, file, i),
                    "expected 'Thread' (AXB form) or 'THREAD' (test-suite form)");
}

Program parse_program(const std::string& text, const std::string& file) {
  return detect_syntax(text, file) == Syntax::Axb ? parse_axb(text, file) : parse_suite(text, file);
}

Program load_program(const std::string& path) { return parse_program(read_file(path), path); }

}  // namespace racecert::progress
