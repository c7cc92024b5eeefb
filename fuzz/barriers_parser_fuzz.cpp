// libFuzzer target for the named-barrier text form: any input either parses
// or fails with racecert::Error (never a crash or hang). Inputs that parse
// must print back to the same programs, and small ones go through the whole
// check, whose verdict on the printed form must be the same.
#include <cstdint>
#include <string>

#include "barriers/analysis.hpp"
#include "barriers/parser.hpp"
#include "barriers/printer.hpp"
#include "support/diagnostic.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace racecert::barriers;
  std::string text(reinterpret_cast<const char*>(data), size);
  std::vector<Program> programs;
  try {
    programs = parse_text(text, "fuzz.bar");
  } catch (const racecert::Error&) {
    return 0;
  }
  std::string printed = print(programs);
  std::vector<Program> again = parse_text(printed, "printed.bar");  // must not throw
  if (again.size() != programs.size()) __builtin_trap();
  for (std::size_t i = 0; i < programs.size(); ++i) {
    if (!same_program(programs[i], again[i])) __builtin_trap();
    if (programs[i].num_thread_commands() > 200000) continue;
    Analysis a = analyze(programs[i]);
    Analysis b = analyze(again[i]);
    if (a.verdict.outcome != b.verdict.outcome || a.verdict.racing_pairs != b.verdict.racing_pairs) __builtin_trap();
  }
  return 0;
}
