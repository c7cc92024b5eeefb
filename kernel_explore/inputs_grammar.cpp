// The two small input formats of the kernel explorer, with Boost.Spirit X3:
// `--kernel-args` pairs and the `--memory` JSON subset.
#include <boost/spirit/home/x3.hpp>
#include <boost/fusion/include/std_pair.hpp>

#include "kernel_explore/inputs.hpp"
#include "support/diagnostic.hpp"

namespace racecert::kexplore {

namespace x3 = boost::spirit::x3;

namespace {

using ArgPair = std::pair<std::string, std::int64_t>;
using MemoryEntry = std::pair<std::string, std::vector<std::int64_t>>;

const x3::rule<class name_, std::string> name = "name";
const x3::rule<class quoted_, std::string> quoted = "string";
const x3::rule<class values_, std::vector<std::int64_t>> values = "values";
const x3::rule<class arg_, ArgPair> arg = "argument";
const x3::rule<class entry_, MemoryEntry> entry = "entry";

const auto name_def = x3::lexeme[(x3::alpha | x3::char_('_')) >> *(x3::alnum | x3::char_("_."))];
const auto quoted_def = x3::lexeme['"' >> *(x3::char_ - '"' - '\\') >> '"'];
const auto values_def = x3::lit('[') > -(x3::int64 % ',') > ']';
const auto arg_def = name >> ('=' > x3::int64);
const auto entry_def = quoted > ':' > values;
BOOST_SPIRIT_DEFINE(name, quoted, values, arg, entry)

SourceLoc position(const std::string& origin, const std::string& text, std::string::const_iterator at) {
  return location_at(text, static_cast<std::size_t>(at - text.begin()), origin);
}

template <class Parser, class Attr>
void parse_all(const std::string& text, const std::string& origin, const Parser& p, Attr& out, const char* what) {
  auto it = text.begin();
  bool ok = false;
  try {
    ok = x3::phrase_parse(it, text.end(), p, x3::space, out);
  } catch (const x3::expectation_failure<std::string::const_iterator>& e) {
    throw Error(kExitBadInput, position(origin, text, e.where()), std::string("malformed ") + what);
  }
  if (!ok || it != text.end()) throw Error(kExitBadInput, position(origin, text, it), std::string("malformed ") + what);
}

}  // namespace

std::map<std::string, std::int64_t> parse_kernel_args(const std::string& text, const std::string& origin) {
  std::vector<ArgPair> pairs;
  parse_all(text, origin, -(arg % ','), pairs, "--kernel-args (expected NAME=INT,...)");
  std::map<std::string, std::int64_t> out;
  for (auto& [n, v] : pairs)
    if (!out.emplace(n, v).second) throw Error(kExitBadInput, SourceLoc{origin, 1, 1}, "--kernel-args names " + n + " twice");
  return out;
}

std::map<std::string, std::vector<std::int64_t>> parse_memory(const std::string& text, const std::string& origin) {
  std::vector<MemoryEntry> entries;
  parse_all(text, origin, x3::lit('{') > -(entry % ',') > '}', entries, "memory file (expected {\"array\": [integers], ...})");
  std::map<std::string, std::vector<std::int64_t>> out;
  for (auto& [n, v] : entries)
    if (!out.emplace(n, v).second) throw Error(kExitBadInput, SourceLoc{origin, 1, 1}, "the memory file names " + n + " twice");
  return out;
}

}  // namespace racecert::kexplore
