#pragma once
// Internal: lexical pieces shared by the two X3 grammars.
#include <boost/spirit/home/x3.hpp>
#include <functional>
#include <string>

#include "progress/program_builder.hpp"

namespace racecert::progress::detail {

namespace x3 = boost::spirit::x3;
using It = std::string::const_iterator;

struct builder_tag;
struct begin_tag;

template <class Ctx>
ProgramBuilder& builder(Ctx& ctx) {
  return x3::get<builder_tag>(ctx).get();
}
// Byte offset of the current match.
template <class Ctx>
std::size_t offset(Ctx& ctx) {
  return static_cast<std::size_t>(x3::_where(ctx).begin() - x3::get<begin_tag>(ctx));
}

// A keyword is not the prefix of a longer identifier.
inline auto kw(const char* word) {
  return x3::lexeme[x3::lit(word) >> !(x3::alnum | x3::char_('_'))];
}

inline const auto skipper = x3::space |
                            (x3::lit("//") >> *(x3::char_ - x3::eol) >> (x3::eol | x3::eoi)) |
                            (x3::lit("/*") >> *(x3::char_ - "*/") >> "*/");

// Runs `grammar` over the whole text with the builder in context and turns
// X3 expectation failures into positioned errors.
template <class Grammar>
Program run_grammar(const Grammar& grammar, const std::string& text, const std::string& file) {
  ProgramBuilder b(text, file);
  It first = text.begin();
  const It last = text.end();
  const It begin = text.begin();
  try {
    auto g = x3::with<builder_tag>(std::ref(b))[x3::with<begin_tag>(begin)[grammar]];
    bool ok = x3::phrase_parse(first, last, g, skipper);
    if (!ok || first != last) b.fail(static_cast<std::size_t>(first - begin), "unexpected input");
  } catch (const x3::expectation_failure<It>& e) {
    b.fail(static_cast<std::size_t>(e.where() - begin), "expected " + e.which());
  }
  return b.finish();
}

}  // namespace racecert::progress::detail
