#include "progress/parser.hpp"

#include "progress/program_builder.hpp"
#include "support/diagnostic.hpp"

namespace racecert::progress {


Syntax detect_syntax(const std::string& text, const std::string& file) {
  std::size_t i = detail::skip_blank(text, 0);
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
