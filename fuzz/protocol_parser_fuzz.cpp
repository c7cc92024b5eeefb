// libFuzzer target for the protocol parser: any input either parses, and then
// prints and re-parses to the same protocol, or raises racecert::Error.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "protocol/parser.hpp"
#include "protocol/printer.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  using namespace racecert::protocol;
  ProtocolFile f;
  try {
    f = parse_protocol(text, "fuzz.map");
  } catch (const racecert::Error&) {
    return 0;
  }
  std::string printed = print(f);
  ProtocolFile g = parse_protocol(printed, "printed.map");  // must not throw
  if (g.kernels.size() != f.kernels.size()) std::abort();
  for (std::size_t i = 0; i < f.kernels.size(); ++i)
    if (!equal(f.kernels[i], g.kernels[i])) std::abort();
  return 0;
}
