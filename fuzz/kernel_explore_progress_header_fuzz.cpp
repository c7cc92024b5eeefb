// libFuzzer target for the `//progress:` header line of dataset kernels
// (kernel_explore/progress_header.hpp). Any text either parses or throws
// racecert::Error with exit code 2, one line, and a column inside the text;
// what parses prints back canonically and parses to the same value.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "kernel_explore/progress_header.hpp"
#include "support/diagnostic.hpp"

namespace {

void require(bool ok) {
  if (!ok) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  if (text.find('\n') != std::string::npos) return 0;  // one header line
  try {
    auto e = racecert::kexplore::parse_progress_line(text, "k.cu");
    const std::string printed = racecert::kexplore::print_progress_line(e);
    require(racecert::kexplore::parse_progress_line(printed, "k.cu") == e);
    require(racecert::kexplore::print_progress_line(racecert::kexplore::parse_progress_line(printed, "k.cu")) == printed);
  } catch (const racecert::Error& err) {
    require(err.code() == racecert::kExitBadInput);
    require(err.render().find('\n') == std::string::npos);
    require(err.loc().column >= 1 && static_cast<std::size_t>(err.loc().column) <= text.size() + 1);
  }
  return 0;
}
