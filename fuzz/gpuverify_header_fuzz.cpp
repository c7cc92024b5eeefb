// libFuzzer target for the GPUVerify header parser (frontend/gpuverify_header.hpp):
// any text gives flags without crashing, and the flags it gives are sound:
// dimensions have 1 to 3 positive components, macros are single words, the
// expected result is one line. The flags also agree with a plain reference
// reading of the header (split line 2 at white space, read each word).
// Dimensions parse_dims accepts survive a trip through a header line; a grid
// computed from --global_size is a whole number of groups.
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <utility>

#include "frontend/gpuverify_header.hpp"
#include "support/launch_dims.hpp"

namespace {

using racecert::frontend::Dims;
using racecert::frontend::HeaderFlags;

void require(bool ok) {
  if (!ok) std::abort();
}

bool valid(const Dims& d) {
  if (d.empty() || d.size() > 3) return false;
  for (auto v : d)
    if (v < 1) return false;
  return true;
}

std::string text(const Dims& d) {
  std::string s = "[";
  for (std::size_t i = 0; i < d.size(); ++i) s += (i ? "," : "") + std::to_string(d[i]);
  return s + "]";
}

std::string line(const std::string& s, std::size_t n) {
  std::size_t start = 0;
  for (std::size_t i = 0; i < n; ++i) {
    start = s.find('\n', start);
    if (start == std::string::npos) return "";
    ++start;
  }
  return s.substr(start, s.find('\n', start) - start);
}

bool space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

// "64", "[16,16]" or "16,16" (support/launch_dims.hpp), digits only, each
// at most 2^31-1 (zero is read, and rejected by valid()). A `*` component
// leaves the dimension unset, like a malformed value.
std::optional<Dims> reference_dims(const std::string& s) {
  std::string body = s;
  if (!s.empty() && s.front() == '[') {
    if (s.size() < 2 || s.back() != ']') return std::nullopt;
    body = s.substr(1, s.size() - 2);
  }
  Dims d;
  std::size_t start = 0;
  while (true) {
    std::size_t comma = body.find(',', start);
    std::string n = body.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (n.empty()) return std::nullopt;
    for (char c : n)
      if (c < '0' || c > '9') return std::nullopt;
    n.erase(0, std::min(n.find_first_not_of('0'), n.size() - 1));  // leading zeros
    if (n.size() > 10 || std::stoll(n) > 2147483647) return std::nullopt;
    d.push_back(std::stoll(n));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return d;
}

// The flags of a header, read the simple way.
HeaderFlags reference(const std::string& input) {
  HeaderFlags h;
  std::string first = line(input, 0);
  if (first.rfind("//", 0) == 0) {
    h.expected = first.substr(2);
    while (!h.expected.empty() && space(h.expected.back())) h.expected.pop_back();
  }
  if (input.find('\n') == std::string::npos) return h;
  std::string second = line(input, 1);
  std::size_t i = 0;
  while (i < second.size() && space(second[i])) ++i;
  if (second.compare(i, 2, "//") != 0) return h;
  i += 2;
  std::optional<Dims> local, groups, global;
  while (i < second.size()) {
    if (space(second[i])) {
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < second.size() && !space(second[end])) ++end;
    std::string word = second.substr(i, end - i);
    i = end;
    bool flag = false;
    for (auto [name, target] : {std::pair<const char*, std::optional<Dims>*>{"--blockDim=", &h.block_dim},
                                {"--gridDim=", &h.grid_dim},
                                {"--local_size=", &local},
                                {"--num_groups=", &groups},
                                {"--global_size=", &global}}) {
      if (word.rfind(name, 0) != 0) continue;
      if (auto d = reference_dims(word.substr(std::string(name).size()))) {
        flag = true;
        if (valid(*d)) *target = d;
      }
    }
    if (!flag && word.size() > 2 && word.rfind("-D", 0) == 0) h.defines.push_back(word.substr(2));
  }
  if (local) h.block_dim = local;
  if (groups) {
    h.grid_dim = groups;
  } else if (global && local && global->size() == local->size()) {
    Dims g;
    for (std::size_t k = 0; k < global->size(); ++k) {
      if ((*global)[k] % (*local)[k] != 0) return h;
      g.push_back((*global)[k] / (*local)[k]);
    }
    h.grid_dim = g;
  }
  return h;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace racecert::frontend;
  std::string input(reinterpret_cast<const char*>(data), size);

  HeaderFlags h = parse_header(input);
  HeaderFlags ref = reference(input);
  require(h.expected == ref.expected);
  require(h.block_dim == ref.block_dim && h.grid_dim == ref.grid_dim);
  require(h.defines == ref.defines);
  require(h.expected.find('\n') == std::string::npos);
  if (!h.expected.empty()) require(input.rfind("//", 0) == 0);
  if (h.block_dim) require(valid(*h.block_dim));
  if (h.grid_dim) require(valid(*h.grid_dim));
  for (const auto& d : h.defines) {
    require(!d.empty());
    for (char c : d) require(!std::isspace(static_cast<unsigned char>(c)));
  }
  // Only line 2 holds flags: nothing else can give dimensions or macros.
  if (h.block_dim || h.grid_dim || !h.defines.empty()) {
    std::string second = line(input, 1);
    std::size_t first = second.find_first_not_of(" \t\r\v\f");
    require(first != std::string::npos && second.compare(first, 2, "//") == 0);
  }

  // parse_dims: whatever it accepts is valid and reads back the same through
  // a header, as a CUDA and as an OpenCL launch.
  if (auto d = parse_dims(input)) {
    require(valid(*d));
    require(parse_dims(text(*d)) == d);
    HeaderFlags cuda = parse_header("//pass\n//--gridDim=" + text(*d) + " --blockDim=" + text(*d) + " -DX=1\n");
    require(cuda.block_dim == d && cuda.grid_dim == d);
    require(cuda.defines.size() == 1 && cuda.defines[0] == "X=1");
    bool small = true;
    for (auto v : *d) small = small && v <= racecert::kMaxLaunchDim / 3;  // the global size must be valid too
    if (small) {
      Dims global;
      for (auto v : *d) global.push_back(v * 3);
      HeaderFlags cl = parse_header("//pass\n//--local_size=" + text(*d) + " --global_size=" + text(global) + "\n");
      require(cl.block_dim == d && cl.grid_dim == Dims(d->size(), 3));
    }
  }

  // The second line alone, behind a first line: the same flags as a header.
  HeaderFlags again = parse_header("//x\n" + line(input, 1));
  require(again.block_dim == h.block_dim && again.grid_dim == h.grid_dim && again.defines == h.defines);
  return 0;
}
