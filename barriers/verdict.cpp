#include "barriers/verdict.hpp"

#include <algorithm>

namespace racecert::barriers {

const char* to_string(Outcome o) {
  switch (o) {
    case Outcome::RaceFree: return "race-free";
    case Outcome::Racy: return "racy";
    case Outcome::NotWellSynchronized: return "not well-synchronized";
    case Outcome::Unknown: return "unknown";
  }
  return "?";
}

std::vector<std::pair<CmdRef, CmdRef>> Verdict::pairs() const {
  std::vector<std::pair<CmdRef, CmdRef>> out;
  for (const Race& r : races) {
    CmdRef a = r.first.at, b = r.second.at;
    if (b < a) std::swap(a, b);
    out.emplace_back(a, b);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace racecert::barriers
