#pragma once
// Human and machine readable renderings of verdicts: the 11-model table, a
// single verdict with its lasso witness, and the JSON of `check --format json`:
//   {"results": [{"model": "obe", "fairness": "weak", "terminates": false,
//                 "witness": {"prefix": [step...], "cycle": [step...]}}, ...],
//    "lts": {"states": N, "actions": M}}
// where a step is {"thread", "pc", "instruction", "fair": [ids],
// "after": {"pc": [...], "mem": {name: value}}}.
#include <string>
#include <vector>

#include "progress/oracle.hpp"

namespace racecert::progress {

std::string format_table(const std::vector<Verdict>& verdicts, const LtsCounts& lts);
std::string format_verdict(const Verdict& v);   // verdict line plus the witness
std::string format_lasso(const Verdict& v);
std::string format_json(const std::vector<Verdict>& verdicts, const LtsCounts& lts);

}  // namespace racecert::progress
