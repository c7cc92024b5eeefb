#pragma once
// What `racecert progress synth` writes and prints. In --out DIR, per test
// <name>.test (test-suite form) and <name>.axb (AXB form), each starting with
// comment lines that carry its labels:
//   // population: weak
//   // conformance: hsa/weak lobe/weak fair/weak hsa-obe/weak
//   // distinguishing: hsa/weak
//   // expect: unfair=fail fair/weak=pass ...      (all 11 verdicts)
//   // lts: states=3 actions=3
// plus index.tsv (one line of labels per test) and summary.json (bounds,
// counts, rejections, Table 4, times).
#include <string>

#include "progress/synth.hpp"

namespace racecert::progress {

std::string test_name(const SynthBounds& b, std::size_t index);  // "t2_i2_00003"
std::string test_header(const SynthResult& r, std::size_t index);
void write_synth_output(const SynthResult& r, const std::string& dir);
std::string synth_summary_text(const SynthResult& r);
std::string synth_summary_json(const SynthResult& r);

}  // namespace racecert::progress
