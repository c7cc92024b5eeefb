#pragma once
// A tool's verdict against the expected result of the kernel's header.
#include <string>

#include "support/gpuverify_header.hpp"
#include "harness/tool.hpp"

namespace racecert::harness {

// MalformedInput and Skipped are rows of kernels no tool ran on: a header
// the harness (like GPUVerify) rejects, or an expectation that is not a
// verdict (no header, a GPUVerify tool-error test).
enum class Outcome { CorrectDrf, CorrectRace, FalseAlarm, MissedRace, Unsupported, Timeout, Crash, MalformedInput, Skipped };
constexpr int kOutcomeCount = 9;
const char* to_string(Outcome o);     // "correct-drf", "correct-race", "false-alarm", "missed-race", ...
const char* display_name(Outcome o);  // "correct DRF", "correct race", "false alarm", ...
bool parse_outcome(const std::string& s, Outcome& out);

// Races, barrier divergence and deadlock all count as "not verified", as
// GPUVerify's //xfail:NOT_ALL_VERIFIED does; an inconclusive answer (unknown)
// counts as unsupported: the tool could not decide this kernel.
Outcome classify(Expected expected, Verdict verdict);

// Correct DRF or correct race: what a cactus plot counts.
bool solved(Outcome o);

}  // namespace racecert::harness
