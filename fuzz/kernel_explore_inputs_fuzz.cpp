// libFuzzer target for the kernel explorer's two input formats
// (kernel_explore/inputs.hpp): `--kernel-args` pairs and the `--memory`
// JSON subset. Any text either parses or throws racecert::Error with exit
// code 2, one line, and a position inside the text; what parses prints back
// in canonical form and parses to the same value.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "kernel_explore/inputs.hpp"
#include "support/diagnostic.hpp"

namespace {

void require(bool ok) {
  if (!ok) std::abort();
}

void check_error(const racecert::Error& e, const std::string& text) {
  require(e.code() == racecert::kExitBadInput);
  require(e.render().find('\n') == std::string::npos);
  int lines = 1;
  for (char c : text) lines += c == '\n';
  require(e.loc().line >= 1 && e.loc().line <= lines);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  try {
    auto args = racecert::kexplore::parse_kernel_args(text, "args");
    std::string printed;
    for (const auto& [name, v] : args) printed += (printed.empty() ? "" : ",") + name + "=" + std::to_string(v);
    require(racecert::kexplore::parse_kernel_args(printed, "args") == args);
  } catch (const racecert::Error& e) {
    check_error(e, text);
  }
  try {
    auto memory = racecert::kexplore::parse_memory(text, "m.json");
    std::string printed = "{";
    for (const auto& [name, values] : memory) {
      printed += (printed.size() > 1 ? ", \"" : "\"") + name + "\": [";
      for (std::size_t i = 0; i < values.size(); ++i) printed += (i ? ", " : "") + std::to_string(values[i]);
      printed += "]";
    }
    printed += "}";
    require(racecert::kexplore::parse_memory(printed, "m.json") == memory);
  } catch (const racecert::Error& e) {
    check_error(e, text);
  }
  return 0;
}
