// GPUVerify-style headers with Boost.Spirit X3 (the dimension values through
// support/launch_dims): the dimension values, the -D flags and the synth line. Words of line 2 are split on blanks first
// (GPUVerify's runner does the same), then each word is parsed on its own so
// that an error points at the right column.
#include "support/gpuverify_header.hpp"

#include <algorithm>
#include <cerrno>
#include <boost/spirit/home/x3.hpp>
#include <fstream>

#include "support/diagnostic.hpp"
#include "support/file_error.hpp"

namespace racecert {

namespace x3 = boost::spirit::x3;

namespace {

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

}  // namespace

const char* to_string(Expected e) {
  switch (e) {
    case Expected::None: return "";
    case Expected::Drf: return "drf";
    case Expected::Racy: return "racy";
    case Expected::ToolError: return "tool-error";
  }
  return "";
}

namespace {

// A size into a header dimension: concrete, or unconstrained when any
// component is `*` (racecert and Faial take no per-component `*`).
void set_dimension(const LaunchSize& size, std::optional<Dim3>& dim, bool& unconstrained) {
  unconstrained = has_star(size);
  dim = unconstrained ? std::nullopt : std::optional<Dim3>(to_dim3(size));
}

std::string lower(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return s;
}

// Line 1: the expected result.
void read_expected(const std::string& line, GpuVerifyHeader& h) {
  if (line.rfind("//", 0) == 0) {
    std::string rest = line.substr(2);
    while (!rest.empty() && rest.front() == ' ') rest.erase(rest.begin());
    std::string word = lower(rest);
    if (word == "pass") h.expected = Expected::Drf;
    else if (word == "xfail:not_all_verified") h.expected = Expected::Racy;
    else if (word.rfind("xfail:", 0) == 0) h.expected = Expected::ToolError;
    if (h.expected != Expected::None) h.expected_text = rest;
  }
}

// Line 2: tool arguments, when it looks like them. Throws input_error at
// the first bad value.
void read_arguments(const std::string& line, const std::string& filename, GpuVerifyHeader& h) {
  if (line.rfind("//", 0) == 0) {
    auto words = split_words(line, 2);
    if (!words.empty() && words.front().text.front() == '-') {
      struct Flag {
        LaunchSize size;
        int column = 0;
      };
      std::optional<Flag> local, groups, global;
      for (const auto& w : words) {
        h.args.push_back(w.text);
        auto fail = [&](const std::string& msg) {
          return input_error(SourceLoc{filename, 2, w.column}, msg + " '" + w.text + "'");
        };
        auto size_of = [&](std::size_t prefix) {
          auto d = parse_launch_size(w.text.substr(prefix), true);
          if (!d) throw fail("invalid dimension (expected N, [X,Y,Z] or X,Y,Z, each from 1 to 2^31-1 or *) in");
          return Flag{*d, w.column};
        };
        auto starts = [&](const char* p) { return w.text.rfind(p, 0) == 0; };
        if (starts("--blockDim=")) set_dimension(size_of(11).size, h.block, h.block_unconstrained);
        else if (starts("--gridDim=")) set_dimension(size_of(10).size, h.grid, h.grid_unconstrained);
        else if (starts("--local_size=")) local = size_of(13);
        else if (starts("--num_groups=")) groups = size_of(13);
        else if (starts("--global_size=")) global = size_of(14);
        else if (starts("-D")) {
          // -DNAME or -DNAME=VALUE; NAME is a C identifier. Character sets,
          // not classes: x3::alpha asserts on a byte >= 0x80.
          std::string def = w.text.substr(2);
          auto ident = x3::lexeme[x3::char_("a-zA-Z_") >> *x3::char_("a-zA-Z0-9_")];
          auto it = def.cbegin();
          if (!x3::parse(it, def.cend(), ident >> -('=' >> *x3::char_)) || it != def.cend())
            throw fail("invalid macro definition (expected -DNAME or -DNAME=VALUE)");
          h.defines.push_back(def);
        }
        else if (w.text == "--no-benign-tolerance") h.no_benign_tolerance = true;
        else if (w.text == "--only-intra-group") h.only_intra_group = true;
        else if (w.text == "--adversarial-abstraction") h.adversarial_abstraction = true;
        else if (w.text == "--only-divergence" || w.text == "--only-log") h.no_race_check = w.text;
        // GPUVerify reads options with Python's argparse, which takes any
        // unambiguous prefix: its own test suite writes --vcgen-op=.
        else if (starts("--vcgen-opt=/checkArrays:") || starts("--vcgen-op=/checkArrays:")) {
          std::string list = w.text.substr(w.text.find(':') + 1);
          auto ident = x3::lexeme[x3::char_("a-zA-Z_") >> *x3::char_("a-zA-Z0-9_")];
          std::vector<std::string> names;
          auto it = list.cbegin();
          if (!x3::parse(it, list.cend(), ident % ',', names) || it != list.cend())
            throw fail("invalid array list (expected --vcgen-opt=/checkArrays:A,B,...)");
          h.check_arrays = std::move(names);
          h.check_arrays_column = w.column;
        }
        else if (starts("--warp-sync=")) {
          std::string n = w.text.substr(12);
          unsigned size = 0;
          auto it = n.cbegin();
          if (!x3::parse(it, n.cend(), x3::uint_, size) || it != n.cend() || size < 1 || size > 1024)
            throw fail("invalid warp size (expected --warp-sync=N, N from 1 to 1024)");
          h.warp_sync = static_cast<int>(size);
        }
        else if (starts("--global_offset=")) {
          std::string spec = w.text.substr(16);
          std::vector<std::uint64_t> raw;
          auto list = x3::uint_parser<std::uint64_t, 10>{} % ',';
          auto it = spec.cbegin();
          if (!x3::parse(it, spec.cend(), list | ('[' >> list >> ']'), raw) || it != spec.cend() || raw.size() > 3)
            throw fail("invalid global offset (expected X, X,Y,Z or [X,Y,Z])");
          for (std::uint64_t v : raw) h.global_offset.push_back(static_cast<std::int64_t>(v));
        }
        else if (starts("--kernel-args=")) {
          // NAME,V1,V2,...: values decimal or 0x hexadecimal.
          std::string spec = w.text.substr(14);
          GpuVerifyHeader::KernelArgs ka;
          auto ident = x3::lexeme[x3::char_("a-zA-Z_") >> *x3::char_("a-zA-Z0-9_")];
          auto number = x3::lexeme[(x3::no_case["0x"] >> x3::uint_parser<std::uint64_t, 16>{}) | x3::uint_parser<std::uint64_t, 10>{}];
          std::vector<std::uint64_t> raw;
          auto it = spec.cbegin();
          if (!x3::parse(it, spec.cend(), ident, ka.kernel) || !x3::parse(it, spec.cend(), *(',' >> number), raw) ||
              it != spec.cend())
            throw fail("invalid kernel arguments (expected --kernel-args=NAME,V1,V2,...)");
          for (std::uint64_t v : raw) ka.values.push_back(static_cast<std::int64_t>(v));
          h.kernel_args = std::move(ka);
        }
        // Any other flag (--no-inline, --equality-abstraction, ...) is GPUVerify's
        // business: kept in args, ignored by racecert and the other adapters.
        else h.ignored.push_back(w.text);
      }
      if (local || groups || global) {
        // GPUVerify's own command-line checks: a file it rejects is
        // malformed input here too.
        auto at = [&](const Flag& f, const std::string& msg) {
          return input_error(SourceLoc{filename, 2, f.column}, msg);
        };
        if (h.block || h.grid || h.block_unconstrained || h.grid_unconstrained)
          throw input_error(SourceLoc{filename, 2, 1}, "mixes CUDA (--blockDim/--gridDim) and OpenCL dimensions");
        if (!local) throw at(groups ? *groups : *global, "OpenCL dimensions need --local_size");
        if (global && groups) throw at(*global, "--global_size and --num_groups given together");
        if (global) {
          if (global->size.size() != local->size.size())
            throw at(*global, "--global_size and --local_size have different numbers of dimensions");
          Flag g{{}, global->column};
          for (std::size_t i = 0; i < global->size.size(); ++i) {
            const auto &gs = global->size[i], &ls = local->size[i];
            if (!gs || !ls) g.size.push_back(std::nullopt);
            else if (*gs % *ls != 0)
              throw at(*global, "--global_size is not a multiple of --local_size in dimension " + std::to_string(i + 1));
            else g.size.push_back(*gs / *ls);
          }
          groups = g;
        }
        set_dimension(local->size, h.block, h.block_unconstrained);
        if (groups) set_dimension(groups->size, h.grid, h.grid_unconstrained);
        h.opencl_dims = true;
      }
    }
  }
}

// Line 3: synthetic-family metadata. Throws input_error when it is malformed.
void read_synth(const std::string& line, const std::string& filename, GpuVerifyHeader& h) {
  if (line.rfind("//synth:", 0) == 0) {
    std::string body = line.substr(8);
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
                               x3::char_(" \t"));  // not x3::blank: it asserts on bytes >= 0x80
    if (!ok || it != body.cend() || size < 1 || size > 100000 || racy > 1)
      throw input_error(SourceLoc{filename, 3, 1},
                        "invalid synth line (expected //synth: family=NAME size=N racy=0|1)");
    h.family = family;
    h.size = static_cast<int>(size);
    h.racy_variant = racy == 1;
  }
}

}  // namespace

GpuVerifyHeader parse_gpuverify_header(const std::string& text, const std::string& filename) {
  GpuVerifyHeader h;
  auto lines = first_lines(text, 3);
  read_expected(lines[0].text, h);
  // A bad line counts for nothing: the header keeps what came before it,
  // and the first bad value is the file's diagnostic.
  auto read = [&](void (*line_reader)(const std::string&, const std::string&, GpuVerifyHeader&),
                  const Line& line) {
    GpuVerifyHeader next = h;
    try {
      line_reader(line.text, filename, next);
      h = std::move(next);
    } catch (const Error& e) {
      if (!h.malformed) h.malformed = e;
    }
  };
  read(read_arguments, lines[1]);
  read(read_synth, lines[2]);
  return h;
}

GpuVerifyHeader read_gpuverify_header(const std::string& path) {
  // Three lines (the BOM and the synth line included) are all the header
  // has; a file of any size costs at most kMaxHeaderBytes.
  constexpr std::size_t kMaxHeaderBytes = 64 * 1024;
  errno = 0;
  std::ifstream in(path, std::ios::binary);
  if (!in) throw unreadable_file(path, errno);
  std::string text;
  int lines = 0;
  for (char c; lines < 3 && text.size() < kMaxHeaderBytes && in.get(c);) {
    text += c;
    lines += c == '\n';
  }
  if (in.bad()) throw unreadable_file(path, errno);
  return parse_gpuverify_header(text, path);
}

}  // namespace racecert
