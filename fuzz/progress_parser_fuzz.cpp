// libFuzzer target for the two progress-litmus parsers. Any input must either
// be rejected with a racecert::Error of kind "bad input" or parse into a
// program that prints and re-parses to the same program in both forms; small
// programs are also run through the oracle (all 11 models), whose verdicts
// must not depend on the form the program was read from.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "progress/oracle.hpp"
#include "progress/parser.hpp"
#include "progress/printer.hpp"
#include "support/diagnostic.hpp"

namespace {

void check(bool ok) {
  if (!ok) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace racecert::progress;
  const std::string text(reinterpret_cast<const char*>(data), size);
  Program p;
  try {
    p = parse_program(text, "fuzz");
  } catch (const racecert::Error& e) {
    check(e.code() == racecert::kExitBadInput);
    check(!e.render().empty());
    return 0;
  }
  const Program via_suite = parse_suite(print_suite(p), "suite");
  const Program via_axb = parse_axb(print_axb(p), "axb");
  check(normalized(via_suite).threads == normalized(p).threads);
  check(normalized(via_axb).threads == normalized(p).threads);
  if (p.instruction_count() <= 12 && p.thread_count() <= 4) {
    try {
      CheckOptions small;
      small.max_states = 20000;
      Checker a(p, small), b(via_suite, small);
      const auto va = a.check_all(2), vb = b.check_all(2);
      for (std::size_t i = 0; i < va.size(); ++i) check(va[i].terminates == vb[i].terminates);
    } catch (const racecert::Error& e) {
      check(e.code() == racecert::kExitInconclusive);
    }
  }
  return 0;
}
