// GPUVerify-style headers with Boost.Spirit X3: the dimension values, the
// -D flags and the synth line. Words of line 2 are split on blanks first
// (GPUVerify's runner does the same), then each word is parsed on its own so
// that an error points at the right column.
#include "harness/kernel_header.hpp"

#include <boost/spirit/home/x3.hpp>

#include "support/diagnostic.hpp"

namespace racecert::harness {

namespace x3 = boost::spirit::x3;

namespace {

constexpr std::int64_t kMaxDim = (std::int64_t{1} << 31) - 1;

struct Line {
  std::string text;
  bool present = false;
};

// The first `n` lines, without a UTF-8 BOM and without trailing "\r".
std::vector<Line> first_lines(const std::string& text, int n) {
  std::vector<Line> out(static_cast<std::size_t>(n));
  std::size_t pos = text.rfind("\xEF\xBB\xBF", 0) == 0 ? 3 : 0;
  for (int i = 0; i < n && pos < text.size(); ++i) {
    std::size_t end = text.find('\n', pos);
    std::string line = text.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.pop_back();
    out[static_cast<std::size_t>(i)] = {line, true};
    if (end == std::string::npos) break;
    pos = end + 1;
  }
  return out;
}

struct Word {
  std::string text;
  int column;  // 1-based
};

std::vector<Word> split_words(const std::string& line, std::size_t from) {
  std::vector<Word> out;
  std::size_t i = from;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    std::size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    if (i > start) out.push_back({line.substr(start, i - start), static_cast<int>(start) + 1});
  }
  return out;
}

// Cross-dimension division for OpenCL's global_size / local_size.
std::optional<Dim3> divide(const Dim3& global, const Dim3& local) {
  if (global.x % local.x || global.y % local.y || global.z % local.z) return std::nullopt;
  return Dim3{global.x / local.x, global.y / local.y, global.z / local.z};
}

}  // namespace

std::string Dim3::str() const {
  std::string s = "[";
  s += std::to_string(x);
  s += ',';
  s += std::to_string(y);
  s += ',';
  s += std::to_string(z);
  s += ']';
  return s;
}

const char* to_string(Expected e) {
  switch (e) {
    case Expected::None: return "";
    case Expected::Drf: return "drf";
    case Expected::Racy: return "racy";
    case Expected::ToolError: return "tool-error";
  }
  return "";
}

std::optional<Dim3> parse_dim3(const std::string& value) {
  std::vector<std::uint64_t> parts;
  auto digits = x3::uint_parser<std::uint64_t, 10, 1, 12>{};
  auto list = x3::rule<struct dim_list, std::vector<std::uint64_t>>{} =
      ('[' >> (digits % ',') >> ']') | x3::repeat(1)[digits];
  auto it = value.begin();
  if (!x3::parse(it, value.end(), list, parts) || it != value.end()) return std::nullopt;
  if (parts.empty() || parts.size() > 3) return std::nullopt;
  for (auto p : parts)
    if (p < 1 || p > static_cast<std::uint64_t>(kMaxDim)) return std::nullopt;
  Dim3 d;
  d.x = static_cast<std::int64_t>(parts[0]);
  if (parts.size() > 1) d.y = static_cast<std::int64_t>(parts[1]);
  if (parts.size() > 2) d.z = static_cast<std::int64_t>(parts[2]);
  return d;
}

KernelHeader parse_kernel_header(const std::string& text, const std::string& filename) {
  KernelHeader h;
  auto lines = first_lines(text, 3);

  // Line 1: the expected result.
  const std::string& l1 = lines[0].text;
  if (l1.rfind("//", 0) == 0) {
    std::string rest = l1.substr(2);
    while (!rest.empty() && rest.front() == ' ') rest.erase(rest.begin());
    if (rest == "pass") h.expected = Expected::Drf;
    else if (rest == "xfail:NOT_ALL_VERIFIED") h.expected = Expected::Racy;
    else if (rest.rfind("xfail:", 0) == 0) h.expected = Expected::ToolError;
    if (h.expected != Expected::None) h.expected_text = rest;
  }

  // Line 2: tool arguments, when it looks like them.
  const std::string& l2 = lines[1].text;
  if (l2.rfind("//", 0) == 0) {
    auto words = split_words(l2, 2);
    if (!words.empty() && words.front().text.front() == '-') {
      std::optional<Dim3> local, groups, global;
      for (const auto& w : words) {
        h.args.push_back(w.text);
        auto fail = [&](const std::string& msg) {
          return input_error(SourceLoc{filename, 2, w.column}, msg + " '" + w.text + "'");
        };
        auto dim_of = [&](std::size_t prefix) {
          auto d = parse_dim3(w.text.substr(prefix));
          if (!d) throw fail("invalid dimension (expected N or [X,Y,Z], each from 1 to 2^31-1) in");
          return *d;
        };
        auto starts = [&](const char* p) { return w.text.rfind(p, 0) == 0; };
        if (starts("--blockDim=")) h.block = dim_of(11);
        else if (starts("--gridDim=")) h.grid = dim_of(10);
        else if (starts("--local_size=")) local = dim_of(13);
        else if (starts("--num_groups=")) groups = dim_of(13);
        else if (starts("--global_size=")) global = dim_of(14);
        else if (starts("-D")) {
          // -DNAME or -DNAME=VALUE; NAME is a C identifier.
          std::string def = w.text.substr(2);
          auto ident = x3::lexeme[(x3::alpha | x3::char_('_')) >> *(x3::alnum | x3::char_('_'))];
          auto it = def.cbegin();
          if (!x3::parse(it, def.cend(), ident >> -('=' >> *x3::char_)) || it != def.cend())
            throw fail("invalid macro definition (expected -DNAME or -DNAME=VALUE)");
          h.defines.push_back(def);
        }
        // Any other flag (--warp-sync=32, --no-inline, ...) is GPUVerify's
        // business: kept in args, ignored by the other adapters.
      }
      if (local || groups || global) {
        if (h.block || h.grid)
          throw input_error(SourceLoc{filename, 2, 1}, "mixes CUDA (--blockDim/--gridDim) and OpenCL dimensions");
        if (!local)
          throw input_error(SourceLoc{filename, 2, 1}, "OpenCL dimensions need --local_size");
        if (global) {
          auto g = divide(*global, *local);
          if (!g)
            throw input_error(SourceLoc{filename, 2, 1}, "--global_size is not a multiple of --local_size");
          if (groups && !(*groups == *g))
            throw input_error(SourceLoc{filename, 2, 1}, "--num_groups disagrees with --global_size/--local_size");
          groups = g;
        }
        h.block = local;
        h.grid = groups;
        h.opencl_dims = true;
      }
    }
  }

  // Line 3: synthetic-family metadata.
  const std::string& l3 = lines[2].text;
  if (l3.rfind("//synth:", 0) == 0) {
    std::string body = l3.substr(8);
    std::string family;
    unsigned size = 0, racy = 0;
    auto name = x3::rule<struct family_name, std::string>{} = x3::lexeme[+x3::char_("a-zA-Z0-9_-")];
    auto rule = x3::lit("family=") >> name >> "size=" >> x3::uint_ >> "racy=" >> x3::uint_;
    auto it = body.cbegin();
    bool ok = x3::phrase_parse(it, body.cend(),
                               rule[([&](auto& ctx) {
                                 using boost::fusion::at_c;
                                 family = at_c<0>(x3::_attr(ctx));
                                 size = at_c<1>(x3::_attr(ctx));
                                 racy = at_c<2>(x3::_attr(ctx));
                               })],
                               x3::blank);
    if (!ok || it != body.cend() || size < 1 || size > 100000 || racy > 1)
      throw input_error(SourceLoc{filename, 3, 1},
                        "invalid synth line (expected //synth: family=NAME size=N racy=0|1)");
    h.family = family;
    h.size = static_cast<int>(size);
    h.racy_variant = racy == 1;
  }
  return h;
}

}  // namespace racecert::harness
