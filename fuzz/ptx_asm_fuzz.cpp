// libFuzzer target for the inline PTX text form (frontend/ptx_asm.hpp): any
// input either parses or is rejected (never a crash or hang), and what
// parses prints back to text that parses to the same instructions.
#include <cstdint>
#include <string>

#include "frontend/ptx_asm.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace racecert::frontend::ptx;
  std::string text(reinterpret_cast<const char*>(data), size);
  auto program = parse(text);
  if (!program) return 0;
  std::string printed = print(*program);
  auto again = parse(printed);
  if (!again || *again != *program) __builtin_trap();
  if (print(*again) != printed) __builtin_trap();
  return 0;
}
