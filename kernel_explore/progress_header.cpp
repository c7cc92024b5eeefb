// The `//progress:` header line of dataset kernels, with Boost.Spirit X3.
#include "kernel_explore/progress_header.hpp"

#include <boost/fusion/include/adapt_struct.hpp>
#include <boost/spirit/home/x3.hpp>
#include <optional>

#include "support/diagnostic.hpp"

namespace racecert::kexplore {

struct ParsedEntry {
  progress::Model model = progress::Model::Fair;
  std::optional<progress::Fairness> fairness;
  bool terminates = true;
};

struct ParsedLine {
  std::vector<ParsedEntry> entries;
  std::optional<unsigned> max_resident_blocks;
  std::optional<std::string> reason;
};

}  // namespace racecert::kexplore

BOOST_FUSION_ADAPT_STRUCT(racecert::kexplore::ParsedEntry, model, fairness, terminates)
BOOST_FUSION_ADAPT_STRUCT(racecert::kexplore::ParsedLine, entries, max_resident_blocks, reason)

namespace racecert::kexplore {

namespace x3 = boost::spirit::x3;

namespace {

struct ModelNames : x3::symbols<progress::Model> {
  ModelNames() {
    using progress::Model;
    for (Model m : {Model::Unfair, Model::Fair, Model::Obe, Model::Hsa, Model::HsaObe, Model::Lobe})
      add(progress::model_name(m), m);
  }
} const model_names;

struct FairnessNames : x3::symbols<progress::Fairness> {
  FairnessNames() {
    add("weak", progress::Fairness::Weak)("strong", progress::Fairness::Strong);
  }
} const fairness_names;

struct VerdictNames : x3::symbols<bool> {
  VerdictNames() { add("terminates", true)("hangs", false); }
} const verdict_names;

const x3::rule<class model_, progress::Model> model = "model name";
const x3::rule<class fairness_, progress::Fairness> fairness = "weak or strong";
const x3::rule<class verdict_, bool> verdict = "terminates or hangs";
const x3::rule<class entry_, ParsedEntry> entry = "model=verdict";
const x3::rule<class occupancy_, unsigned> occupancy = "a number of blocks";
const x3::rule<class reason_, std::string> reason = "a reason in parentheses";
const x3::rule<class line_, ParsedLine> line = "progress line";

// A model name ends at a blank, '/' or '=' (so `hsa` is no prefix of `hsa-obe`).
const auto model_def = x3::lexeme[model_names >> &x3::char_("/=")];
const auto fairness_def = fairness_names;
const auto verdict_def = x3::lexeme[verdict_names >> !(x3::alnum | '-')];
const auto entry_def = model >> -('/' > fairness) > '=' > verdict;
const auto occupancy_def = x3::uint_;
// The reason runs to the last ')' of the line, so it may hold parentheses.
const auto reason_def = x3::lexeme['(' > *(x3::char_ - (')' >> *x3::blank >> x3::eoi)) > ')'];
const auto line_def = x3::lit(kProgressHeaderPrefix) > +entry > -(x3::lit("--max-resident-blocks") > occupancy) >
                      -reason > x3::eoi;
BOOST_SPIRIT_DEFINE(model, fairness, verdict, entry, occupancy, reason, line)

}  // namespace

ProgressExpectation parse_progress_line(const std::string& text, const std::string& origin, int line_number) {
  auto where = [&](std::string::const_iterator at) {
    return SourceLoc{origin, line_number, static_cast<int>(at - text.begin()) + 1};
  };
  ParsedLine parsed;
  auto it = text.begin();
  try {
    if (!x3::phrase_parse(it, text.end(), line, x3::blank, parsed))
      throw Error(kExitBadInput, where(it), "expected //progress: MODEL=terminates|hangs ...");
  } catch (const x3::expectation_failure<std::string::const_iterator>& e) {
    // X3 reports the position before the skipped blanks: point at the token.
    auto at = e.where();
    while (at != text.end() && (*at == ' ' || *at == '\t')) ++at;
    throw Error(kExitBadInput, where(at), "expected " + e.which());
  }
  ProgressExpectation out;
  for (const ParsedEntry& p : parsed.entries)
    out.entries.push_back({p.model, p.fairness.value_or(progress::Fairness::Weak), p.terminates});
  if (parsed.max_resident_blocks) {
    if (*parsed.max_resident_blocks == 0)
      throw Error(kExitBadInput, SourceLoc{origin, line_number, 1}, "--max-resident-blocks must be at least 1");
    out.max_resident_blocks = *parsed.max_resident_blocks;
  }
  out.reason = parsed.reason.value_or("");
  return out;
}

std::string print_progress_line(const ProgressExpectation& e) {
  std::string out = kProgressHeaderPrefix;
  for (const auto& x : e.entries) {
    out += std::string(" ") + progress::model_name(x.model);
    if (x.fairness == progress::Fairness::Strong) out += "/strong";
    out += x.terminates ? "=terminates" : "=hangs";
  }
  if (e.max_resident_blocks) out += " --max-resident-blocks " + std::to_string(e.max_resident_blocks);
  if (!e.reason.empty()) out += " (" + e.reason + ")";
  return out;
}

}  // namespace racecert::kexplore
