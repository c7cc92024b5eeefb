#include "cli/parse_command_line.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

#include "support/diagnostic.hpp"
#include "support/edit_distance.hpp"

namespace racecert::cli {

std::string closest_option(const cxxopts::Options& spec, const std::string& unknown) {
  std::string bare = unknown.substr(std::min(unknown.find_first_not_of('-'), unknown.size()));
  if (bare.empty()) return "";
  // A typo changes at most a third of the name (and at least one character
  // may always be wrong), so "--out" suggests nothing rather than "--jobs".
  std::size_t best = std::max<std::size_t>(1, bare.size() / 3) + 1;
  std::string found;
  for (const auto& group : spec.groups())
    for (const auto& option : spec.group_help(group).options)
      for (const auto& name : option.l) {
        std::size_t d = edit_distance(bare, name);
        if (d < best) {
          best = d;
          found = "--" + name;
        }
      }
  return found;
}

std::string did_you_mean(const cxxopts::Options& spec, const std::string& unknown) {
  std::string option = closest_option(spec, unknown);
  return option.empty() ? "" : "; did you mean '" + option + "'?";
}

namespace {

// `text` wrapped at blanks to lines of at most `width` characters.
std::vector<std::string> wrap(const std::string& text, std::size_t width) {
  std::vector<std::string> lines(1);
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find(' ', at);
    if (end == std::string::npos) end = text.size();
    std::string word = text.substr(at, end - at);
    if (!lines.back().empty() && lines.back().size() + 1 + word.size() > width) lines.emplace_back();
    lines.back() += (lines.back().empty() ? "" : " ") + word;
    at = end + 1;
  }
  return lines;
}

}  // namespace

std::string help_text(const cxxopts::Options& spec) {
  // A group no option is in: cxxopts prints the description and usage only.
  std::string out = spec.help({"\x01 no group"});
  std::vector<std::pair<std::string, std::string>> rows;  // names, description
  for (const auto& group : spec.groups())
    for (const auto& o : spec.group_help(group).options) {
      std::string names = o.s.empty() ? "      " : "  -" + o.s + ", ";
      if (!o.l.empty()) names += "--" + o.l.front();
      if (!o.is_boolean) {
        std::string value = o.arg_help;
        if (value.empty()) {
          for (char c : o.l.empty() ? o.s : o.l.front()) value += c == '-' ? '_' : static_cast<char>(std::toupper(c));
        }
        names += " " + value;
      }
      std::string desc = o.desc;
      if (o.has_default && !o.is_boolean && desc.find("default") == std::string::npos)
        desc += " (default: " + o.default_value + ")";
      rows.emplace_back(names, desc);
    }
  constexpr std::size_t kWidth = 80, kMaxNames = 30;
  std::size_t column = 0;
  for (const auto& [names, desc] : rows)
    if (names.size() <= kMaxNames) column = std::max(column, names.size());
  column += 2;
  for (const auto& [names, desc] : rows) {
    out += names;
    std::vector<std::string> lines = wrap(desc, kWidth - column);
    if (names.size() + 2 > column) out += "\n" + std::string(column, ' ');
    else out += std::string(column - names.size(), ' ');
    for (std::size_t i = 0; i < lines.size(); ++i) out += (i ? std::string(column, ' ') : "") + lines[i] + "\n";
  }
  return out;
}

cxxopts::ParseResult parse_command_line(cxxopts::Options& spec, int argc, char** argv) {
  try {
    return spec.parse(argc, argv);
  } catch (const cxxopts::exceptions::no_such_option& e) {
    // cxxopts names the option between its quotes, without its dashes: a
    // one-letter name was a short option.
    std::string message = e.what();
    std::size_t open = message.find(cxxopts::LQUOTE), close = message.rfind(cxxopts::RQUOTE);
    std::string name;
    if (open != std::string::npos && close != std::string::npos && close > open)
      name = message.substr(open + cxxopts::LQUOTE.size(), close - open - cxxopts::LQUOTE.size());
    throw usage_error(message + did_you_mean(spec, (name.size() == 1 ? "-" : "--") + name));
  } catch (const cxxopts::exceptions::exception& e) {
    throw usage_error(e.what());
  }
}

}  // namespace racecert::cli
