// libFuzzer target for the kernel IR's text parser: any input either
// raises racecert::Error, or parses, and then prints (with positions) and
// parses back to an equal kernel that prints to the same text.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "kernel_ir/equality.hpp"
#include "kernel_ir/parser.hpp"
#include "support/diagnostic.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  using namespace racecert::kir;
  std::vector<Kernel> ks;
  try {
    ks = parse(text, "fuzz.kir");
  } catch (const racecert::Error&) {
    return 0;
  }
  for (const Kernel& k : ks) {
    std::string printed = print(k, {.locations = true});
    Kernel again = parse_kernel(printed, "printed.kir");  // must not throw
    if (!equal(again, k) || print(again, {.locations = true}) != printed) std::abort();
  }
  return 0;
}
