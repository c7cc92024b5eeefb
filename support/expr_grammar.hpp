#pragma once
// The one Boost.Spirit X3 grammar of support/expr.hpp expressions in their
// C-like syntax (the syntax expr::to_string prints), shared by the text
// formats that contain expressions: the protocol language
// (protocol/grammar.cpp) and the kernel IR's text form (kernel_ir/parser.cpp).
//
// What differs between those formats is a `Hooks` object, which the format's
// parser puts into the X3 context under `hooks_tag`:
//   - which words may name a variable (the protocol language reserves its
//     keywords; the kernel IR reserves none);
//   - aliases (the protocol language reads the paper's `tid` as
//     threadIdx.x);
//   - where each node starts (the protocol language records it for its
//     diagnostics; the kernel IR does not need it).
// Trees are built with the raw constructors, so that a parsed expression
// comes back exactly as printed (no simplification).
//
// Include this header only from the .cpp file of a grammar: the rules are
// inline variables and their definitions inline templates, one copy for the
// whole program.
#include <boost/fusion/include/at_c.hpp>
#include <boost/spirit/home/x3.hpp>
#include <algorithm>
#include <cctype>
#include <functional>
#include <cstdint>
#include <limits>
#include <string>

#include "support/diagnostic.hpp"
#include "support/expr.hpp"
#include "support/source_location.hpp"

namespace racecert::expr::grammar {

namespace x3 = boost::spirit::x3;
using It = std::string::const_iterator;

class Hooks {
 public:
  Hooks(const std::string& text, const std::string& filename) : text_(text), filename_(filename) {}
  virtual ~Hooks() = default;

  std::size_t offset(It at) const { return static_cast<std::size_t>(at - text_.begin()); }
  virtual SourceLoc loc_at(std::size_t off) const { return location_at(text_, off, filename_); }
  // Start of the token that ends just before `end` (literals, keywords).
  std::size_t token_start(It end) const {
    std::size_t i = offset(end);
    while (i > 0 && (std::isalnum(static_cast<unsigned char>(text_[i - 1])) || text_[i - 1] == '_')) --i;
    if (i > 0 && text_[i - 1] == '-') --i;
    return i;
  }

  virtual bool is_name(const std::string& word) const { return true; }
  virtual std::string canonical_name(const std::string& name) const { return name; }
  // Records that `e` starts at `off`; returns e.
  virtual Expr note_at(Expr e, std::size_t off) { return e; }
  virtual std::size_t where_of(const Expr& e) const { return 0; }

 protected:
  const std::string& text() const { return text_; }
  const std::string& filename() const { return filename_; }

 private:
  const std::string& text_;
  const std::string& filename_;
};
struct hooks_tag;

template <class Ctx>
Hooks& hooks(Ctx& ctx) {
  return x3::get<hooks_tag>(ctx).get();
}

// `parser` with `h` in its context. A format's parse state derives from
// Hooks, and its actions get it back with static_cast<State&>(hooks(ctx)).
template <class Parser>
auto with_hooks(Hooks& h, const Parser& parser) {
  return x3::with<hooks_tag>(std::ref(h))[parser];
}

// The offset of the first token at or after `off` (the text's size if
// none): X3 reports positions from before its skipper ran, so they may
// point at blanks or a comment (`//` to the end of the line, `/* */`).
inline std::size_t token_at(const std::string& text, std::size_t off) {
  std::size_t i = std::min(off, text.size());
  while (i < text.size()) {
    if (std::isspace(static_cast<unsigned char>(text[i]))) {
      ++i;
    } else if (text.compare(i, 2, "//") == 0) {
      while (i < text.size() && text[i] != '\n') ++i;
    } else if (text.compare(i, 2, "/*") == 0) {
      std::size_t end = text.find("*/", i + 2);
      if (end == std::string::npos) break;
      i = end + 2;
    } else {
      break;
    }
  }
  return i;
}

// What a parse error found at `off`: the whole token ("'wr'", "'}'"), not
// its first character; "end of input", or "a non-printable byte".
inline std::string found_token(const std::string& text, std::size_t off) {
  if (off >= text.size()) return "end of input";
  auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  if (!std::isprint(byte(off))) return "a non-printable byte";
  auto word = [&](std::size_t i) { return std::isalnum(byte(i)) || text[i] == '_'; };
  std::size_t end = off + 1;
  if (word(off))
    while (end < text.size() && end - off < 32 && word(end)) ++end;
  return "'" + text.substr(off, end - off) + "'";
}

// The offset right after the last token before `off`: blanks and comments
// (`//` to the end of the line, `/* */`) skipped backwards.
inline std::size_t previous_token_end(const std::string& text, std::size_t off) {
  std::size_t i = std::min(off, text.size());
  for (;;) {
    while (i > 0 && std::isspace(static_cast<unsigned char>(text[i - 1]))) --i;
    std::size_t line_start = text.rfind('\n', i == 0 ? 0 : i - 1);
    line_start = line_start == std::string::npos || i == 0 ? 0 : line_start + 1;
    std::size_t comment = text.find("//", line_start);
    if (comment < i) {
      i = comment;
    } else if (i >= 2 && text.compare(i - 2, 2, "*/") == 0 && text.rfind("/*", i - 2) != std::string::npos) {
      i = text.rfind("/*", i - 2);
    } else {
      return i;
    }
  }
}

// Where the error of an expectation of `which` failing at `raw` points: at
// the next token, except that a missing delimiter (`';'`, `']'`, `')'`)
// before a token on a later line points right after the last token, where
// it belongs (as Clang's "expected ';'" does): the next line's '}' is not
// the mistake.
inline std::size_t error_offset(const std::string& text, std::size_t raw, const std::string& which) {
  std::size_t token = token_at(text, raw);
  bool delimiter = which.size() == 3 && which.front() == '\'' && which.back() == '\'' &&
                   std::ispunct(static_cast<unsigned char>(which[1]));
  if (!delimiter) return token;
  std::size_t after = previous_token_end(text, token);
  return after > 0 && text.find('\n', after) < token ? after : token;
}

// The one-line error of a failed X3 expectation: "expected WHAT, found
// 'token'" (error_offset). `at_end` names what a file may hold where X3
// expected the end of input (e.g. "'kernel'").
[[noreturn]] inline void expectation_error(const std::string& text, const std::string& filename,
                                           const x3::expectation_failure<It>& e, const std::string& at_end) {
  std::string which = e.which();
  auto raw = static_cast<std::size_t>(e.where() - text.begin());
  std::string found = found_token(text, token_at(text, raw));
  if (which == "eoi" || which == "end of input") which = at_end;
  throw input_error(location_at(text, error_offset(text, raw, which), filename), "expected " + which + ", found " + found);
}

// A keyword: not followed by a character that would continue a name.
inline auto keyword(const char* word) { return x3::lexeme[x3::lit(word) >> !(x3::alnum | x3::char_("_$#."))]; }

// ---------------------------------------------------------------- strings
// The inverse of racecert::quote (support/quoted_string.hpp).

inline auto const unescape = [](auto& ctx) { _val(ctx) += _attr(ctx) == 'n' ? '\n' : _attr(ctx); };
inline auto const append_char = [](auto& ctx) { _val(ctx) += _attr(ctx); };
inline x3::rule<struct quoted_string_tag, std::string> const quoted_string = "string";
inline auto const quoted_string_def =
    x3::lexeme['"' > *((x3::lit('\\') > x3::char_)[unescape] | (x3::char_ - '"' - x3::eol)[append_char]) > '"'];

// ---------------------------------------------------------------- names
// C identifiers, struct fields ("p.a", "threadIdx.x"), and the suffixes the
// front end uses to make names unique ("i#2", "tmp$1"), unless the format
// reserves the word.

inline x3::rule<struct name_chars_tag, std::string> const name_chars = "identifier";
inline auto const name_chars_def =
    x3::lexeme[(x3::alpha | x3::char_('_')) >>
               *(x3::alnum | x3::char_("_$#") | (x3::char_('.') >> &(x3::alpha | x3::char_('_'))))];
inline auto const accept_name = [](auto& ctx) {
  if (hooks(ctx).is_name(_attr(ctx)))
    _val(ctx) = _attr(ctx);
  else
    _pass(ctx) = false;
};
inline x3::rule<struct name_tag, std::string> const name = "identifier";
inline auto const name_def = name_chars[accept_name];

// ---------------------------------------------------------------- expressions

inline x3::rule<struct expression_tag, Expr> const expression = "expression";
inline x3::rule<struct ternary_tag, Expr> const ternary = "expression";
inline x3::rule<struct lor_tag, Expr> const lor = "expression";
inline x3::rule<struct land_tag, Expr> const land = "expression";
inline x3::rule<struct bor_tag, Expr> const bor = "expression";
inline x3::rule<struct bxor_tag, Expr> const bxor = "expression";
inline x3::rule<struct band_tag, Expr> const band = "expression";
inline x3::rule<struct equality_tag, Expr> const equality = "expression";
inline x3::rule<struct relational_tag, Expr> const relational = "expression";
inline x3::rule<struct shift_tag, Expr> const shift = "expression";
inline x3::rule<struct additive_tag, Expr> const additive = "expression";
inline x3::rule<struct multiplicative_tag, Expr> const multiplicative = "expression";
inline x3::rule<struct unary_tag, Expr> const unary_expr = "expression";
inline x3::rule<struct primary_tag, Expr> const primary = "expression";

inline auto const set_val = [](auto& ctx) { _val(ctx) = _attr(ctx); };

// Compound expressions are located where their first operand starts.
inline auto bin(BinOp op) {
  return [op](auto& ctx) {
    Hooks& h = hooks(ctx);
    _val(ctx) = h.note_at(raw_binary(op, _val(ctx), _attr(ctx)), h.where_of(_val(ctx)));
  };
}
inline auto un(UnOp op) {
  return [op](auto& ctx) {
    Hooks& h = hooks(ctx);
    _val(ctx) = h.note_at(raw_unary(op, _attr(ctx)), h.where_of(_attr(ctx)));
  };
}
inline auto call(BinOp op) {
  return [op](auto& ctx) {
    using boost::fusion::at_c;
    Hooks& h = hooks(ctx);
    _val(ctx) = h.note_at(raw_binary(op, at_c<0>(_attr(ctx)), at_c<1>(_attr(ctx))), h.where_of(at_c<0>(_attr(ctx))));
  };
}
inline auto const mk_ite = [](auto& ctx) {
  using boost::fusion::at_c;
  Hooks& h = hooks(ctx);
  _val(ctx) = h.note_at(raw_ite(_val(ctx), at_c<0>(_attr(ctx)), at_c<1>(_attr(ctx))), h.where_of(_val(ctx)));
};
inline auto const mk_var = [](auto& ctx) {
  Hooks& h = hooks(ctx);
  std::size_t end = h.offset(_where(ctx).begin());
  _val(ctx) = h.note_at(var(h.canonical_name(_attr(ctx))), end - _attr(ctx).size());
};
inline auto const mk_bool = [](auto& ctx) {
  Hooks& h = hooks(ctx);
  _val(ctx) = h.note_at(bool_lit(_attr(ctx)), h.token_start(_where(ctx).begin()));
};

// Digits are read as text and converted here, so that an out-of-range
// literal is reported as such rather than as a syntax error.
inline auto literal(bool negative, int base = 10) {
  return [negative, base](auto& ctx) {
    Hooks& h = hooks(ctx);
    const std::string& digits = _attr(ctx);
    std::uint64_t limit = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()) + (negative ? 1 : 0);
    std::uint64_t v = 0;
    bool overflow = false;
    for (char c : digits) {
      std::uint64_t d = std::isdigit(static_cast<unsigned char>(c))
                            ? static_cast<std::uint64_t>(c - '0')
                            : static_cast<std::uint64_t>(std::tolower(static_cast<unsigned char>(c)) - 'a' + 10);
      if (v > (limit - d) / static_cast<std::uint64_t>(base)) overflow = true;
      v = v * static_cast<std::uint64_t>(base) + d;
    }
    if (overflow || v > limit)
      throw input_error(h.loc_at(h.token_start(_where(ctx).begin())), "integer literal out of range");
    std::int64_t s = negative ? static_cast<std::int64_t>(0 - v) : static_cast<std::int64_t>(v);
    _val(ctx) = h.note_at(int_lit(s), h.token_start(_where(ctx).begin()));
  };
}

inline x3::rule<struct dec_tag, std::string> const dec = "integer";
inline x3::rule<struct hex_tag, std::string> const hex = "hexadecimal integer";
inline auto const dec_def = x3::lexeme[+x3::digit];
inline auto const hex_def = x3::lexeme[+x3::xdigit];

inline auto const primary_def = x3::lexeme[(x3::lit("0x") | "0X") > hex][literal(false, 16)] |
                                x3::lexeme[dec >> !(x3::alpha | x3::char_('_'))][literal(false)] |
                                (keyword("true") >> x3::attr(true))[mk_bool] |
                                (keyword("false") >> x3::attr(false))[mk_bool] |
                                (keyword("min") > '(' > expression > ',' > expression > ')')[call(BinOp::Min)] |
                                (keyword("max") > '(' > expression > ',' > expression > ')')[call(BinOp::Max)] |
                                name[mk_var] | ('(' > expression > ')')[set_val];
inline auto const unary_expr_def = x3::lexeme['-' >> dec][literal(true)] | ('-' > unary_expr)[un(UnOp::Neg)] |
                                   ('!' > unary_expr)[un(UnOp::Not)] | ('~' > unary_expr)[un(UnOp::BitNot)] |
                                   primary[set_val];
inline auto const multiplicative_def =
    unary_expr[set_val] >> *(('*' > unary_expr)[bin(BinOp::Mul)] | ('/' > unary_expr)[bin(BinOp::Div)] |
                             ('%' > unary_expr)[bin(BinOp::Mod)]);
inline auto const additive_def =
    multiplicative[set_val] >> *(('+' > multiplicative)[bin(BinOp::Add)] | ('-' > multiplicative)[bin(BinOp::Sub)]);
inline auto const shift_def =
    additive[set_val] >> *(("<<" > additive)[bin(BinOp::Shl)] | (">>" > additive)[bin(BinOp::Shr)]);
inline auto const relational_def =
    shift[set_val] >> *(("<=" > shift)[bin(BinOp::Le)] | (">=" > shift)[bin(BinOp::Ge)] |
                        ((x3::lit('<') >> !x3::lit('<')) > shift)[bin(BinOp::Lt)] |
                        ((x3::lit('>') >> !x3::lit('>')) > shift)[bin(BinOp::Gt)]);
inline auto const equality_def =
    relational[set_val] >> *(("==" > relational)[bin(BinOp::Eq)] | ("!=" > relational)[bin(BinOp::Ne)]);
inline auto const band_def = equality[set_val] >> *(((x3::lit('&') >> !x3::lit('&')) > equality)[bin(BinOp::BitAnd)]);
inline auto const bxor_def = band[set_val] >> *(('^' > band)[bin(BinOp::BitXor)]);
inline auto const bor_def = bxor[set_val] >> *(((x3::lit('|') >> !x3::lit('|')) > bxor)[bin(BinOp::BitOr)]);
inline auto const land_def = bor[set_val] >> *(("&&" > bor)[bin(BinOp::And)]);
inline auto const lor_def = land[set_val] >> *(("||" > land)[bin(BinOp::Or)]);
inline auto const ternary_def = lor[set_val] >> -(('?' > expression > ':' > ternary)[mk_ite]);
inline auto const expression_def = ternary[set_val];

BOOST_SPIRIT_DEFINE(quoted_string, name_chars, name, dec, hex)
BOOST_SPIRIT_DEFINE(expression, ternary, lor, land, bor, bxor, band, equality, relational, shift, additive,
                    multiplicative, unary_expr, primary)

}  // namespace racecert::expr::grammar
