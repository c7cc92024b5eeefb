#pragma once
// Internal: lexical pieces shared by the two X3 grammars.
#include <boost/range/iterator_range.hpp>
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
using Range = boost::iterator_range<It>;

// Byte offset of where a raw[] match starts. (X3's _where cannot be used:
// in Boost 1.74 it spans the input after the match, not the match.)
template <class Ctx>
std::size_t offset_of(Ctx& ctx, const Range& r) {
  return static_cast<std::size_t>(r.begin() - x3::get<begin_tag>(ctx));
}

// A decimal number matched as raw digits, so that its position is exact and
// overflow is reported as such; values beyond 64 bits saturate.
struct Number {
  std::uint64_t value = 0;
  std::size_t pos = 0;
};
template <class Ctx>
Number number_of(Ctx& ctx) {
  const Range& r = x3::_attr(ctx);
  Number n{0, offset_of(ctx, r)};
  for (char c : r) {
    const std::uint64_t d = static_cast<std::uint64_t>(c - '0');
    n.value = n.value > (~std::uint64_t{0} - d) / 10 ? ~std::uint64_t{0} : n.value * 10 + d;
  }
  return n;
}

inline const auto digits = x3::raw[x3::lexeme[+x3::digit >> !(x3::alpha | x3::char_('_'))]];

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
    b.fail(skip_blank(text, static_cast<std::size_t>(e.where() - begin)), "expected " + e.which());
  }
  return b.finish();
}

}  // namespace racecert::progress::detail
