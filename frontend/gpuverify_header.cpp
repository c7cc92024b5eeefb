#include "frontend/gpuverify_header.hpp"

#include <boost/fusion/include/std_pair.hpp>
#include <boost/spirit/home/x3.hpp>

#include "support/launch_dims.hpp"

namespace racecert::frontend {

namespace x3 = boost::spirit::x3;

namespace {

enum class Flag { BlockDim, GridDim, LocalSize, NumGroups, GlobalSize, Define, Other };

struct flag_table : x3::symbols<Flag> {
  flag_table() {
    add("--blockDim=", Flag::BlockDim)("--gridDim=", Flag::GridDim)("--local_size=", Flag::LocalSize)(
        "--num_groups=", Flag::NumGroups)("--global_size=", Flag::GlobalSize);
  }
} const dim_flag;

const auto word = x3::lexeme[+(x3::char_ - x3::space)];

struct Item {
  Flag flag = Flag::Other;
  std::vector<std::int64_t> dims;  // empty: malformed, or unconstrained (`*`)
  std::string text;
};

// A dimension value through the project's one parser (support/launch_dims):
// comma lists and `*` as GPUVerify writes them. A `*` component leaves the
// dimension symbolic, like a malformed value (this reader never fails).
std::vector<std::int64_t> dims_of(const std::string& value) {
  auto size = parse_launch_size(value, true);
  if (!size || has_star(*size)) return {};
  std::vector<std::int64_t> out;
  for (const auto& c : *size) out.push_back(*c);
  return out;
}

std::vector<Item> items(const std::string& line) {
  std::vector<Item> out;
  auto first = line.begin();
  auto last = line.end();
  auto on_dims = [&](auto& ctx) {
    Item i;
    i.flag = boost::fusion::at_c<0>(_attr(ctx));
    i.dims = dims_of(boost::fusion::at_c<1>(_attr(ctx)));
    out.push_back(i);
  };
  auto on_define = [&](auto& ctx) { out.push_back(Item{Flag::Define, {}, _attr(ctx)}); };
  auto on_other = [&](auto& ctx) { out.push_back(Item{Flag::Other, {}, _attr(ctx)}); };
  auto item = (x3::lexeme[dim_flag >> *(x3::char_ - x3::space)])[on_dims] |
              (x3::lexeme["-D" >> +(x3::char_ - x3::space)])[on_define] | word[on_other];
  x3::phrase_parse(first, last, x3::lit("//") >> *item, x3::space);
  return out;
}

}  // namespace

std::optional<Dims> parse_dims(const std::string& text) {
  Dims d = dims_of(text);
  if (d.empty()) return std::nullopt;
  return d;
}

HeaderFlags parse_header(const std::string& text) {
  HeaderFlags h;
  std::size_t end1 = text.find('\n');
  std::string line1 = text.substr(0, end1);
  if (line1.rfind("//", 0) == 0) {
    h.expected = line1.substr(2);
    while (!h.expected.empty() && std::isspace(static_cast<unsigned char>(h.expected.back()))) h.expected.pop_back();
  }
  if (end1 == std::string::npos) return h;
  std::size_t end2 = text.find('\n', end1 + 1);
  std::string line2 = text.substr(end1 + 1, end2 == std::string::npos ? std::string::npos : end2 - end1 - 1);
  std::optional<Dims> local, groups, global;
  for (const auto& i : items(line2)) {
    bool valid = !i.dims.empty() && i.dims.size() <= 3 &&
                 std::all_of(i.dims.begin(), i.dims.end(), [](std::int64_t v) { return v >= 1; });
    switch (i.flag) {
      case Flag::BlockDim: if (valid) h.block_dim = i.dims; break;
      case Flag::GridDim: if (valid) h.grid_dim = i.dims; break;
      case Flag::LocalSize: if (valid) local = i.dims; break;
      case Flag::NumGroups: if (valid) groups = i.dims; break;
      case Flag::GlobalSize: if (valid) global = i.dims; break;
      case Flag::Define: h.defines.push_back(i.text); break;
      case Flag::Other: break;
    }
  }
  if (local) h.block_dim = local;
  if (groups) {
    h.grid_dim = groups;
  } else if (global && local && global->size() == local->size()) {
    Dims g;
    for (std::size_t d = 0; d < global->size(); ++d) {
      if ((*local)[d] == 0 || (*global)[d] % (*local)[d] != 0) return h;  // not a whole number of groups
      g.push_back((*global)[d] / (*local)[d]);
    }
    h.grid_dim = g;
  }
  return h;
}

}  // namespace racecert::frontend
