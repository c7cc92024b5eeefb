// libFuzzer target for the PTX litmus front end (and, on tiny programs, the
// explorer behind it: the DPOR and the delay-bounded strategy). Bad input must end in racecert::Error; anything else
// (another exception, a crash, a sanitizer report) is a bug. Printing must be
// idempotent: a printed test parses back and prints identically.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "explorer/delay_bounding.hpp"
#include "explorer/dpor.hpp"
#include "explorer/litmus_lower.hpp"
#include "explorer/litmus_parser.hpp"
#include "explorer/litmus_printer.hpp"
#include "support/diagnostic.hpp"

namespace {

std::size_t instructions(const racecert::explorer::Program& p) {
  std::size_t n = 0;
  for (const auto& t : p.threads) n += t.code.size();
  return n;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace racecert::explorer;
  std::string text(reinterpret_cast<const char*>(data), size);
  litmus::Test test;
  litmus::Lowered lowered;
  try {
    test = litmus::parse_litmus(text, "fuzz");
    lowered = litmus::lower(test);
  } catch (const racecert::Error&) {
    return 0;
  }
  std::string printed = litmus::print_test(test);
  try {
    litmus::Test again = litmus::parse_litmus(printed, "printed");
    litmus::lower(again);
    if (litmus::print_test(again) != printed) std::abort();
  } catch (const racecert::Error&) {
    std::abort();  // the printer wrote something the parser rejects
  }
  // Explore only programs small enough to finish quickly whatever they do.
  if (lowered.program.threads.size() <= 3 && instructions(lowered.program) <= 10) {
    ExploreOptions opts;
    opts.loop_bound = 1;
    explore(lowered.program, opts);
    // And the delay-bounded strategy; at K = 0 it runs exactly one schedule.
    DelayBoundOptions cd;
    cd.loop_bound = 1;
    cd.delay_bound = 0;
    if (schedules(explore_delay_bounded(lowered.program, cd)) != 1) std::abort();
    cd.delay_bound = 2;
    cd.optimized_conflicts = text.size() % 2 == 1;
    explore_delay_bounded(lowered.program, cd);
  }
  return 0;
}
