#include "progress/program.hpp"

namespace racecert::progress {

std::size_t Program::instruction_count() const {
  std::size_t n = 0;
  for (const auto& t : threads) n += t.code.size();
  return n;
}

ThreadSet Program::all_threads() const {
  return threads.size() >= 32 ? ~ThreadSet{0} : (ThreadSet{1} << threads.size()) - 1;
}

Program normalized(const Program& p) {
  Program out = p;
  // Used locations keep their relative order; unused ones disappear.
  std::vector<std::uint32_t> renumber;
  for (const auto& t : out.threads)
    for (const auto& i : t.code) {
      if (renumber.size() <= i.loc) renumber.resize(i.loc + 1, 0);
      renumber[i.loc] = 1;
    }
  std::uint32_t next = 0;
  for (auto& r : renumber) r = r ? next++ : 0;
  for (auto& t : out.threads)
    for (auto& i : t.code) i.loc = renumber[i.loc];
  out.locations.clear();
  for (auto& t : out.threads) {
    for (std::uint32_t pc = 0; pc < t.code.size(); ++pc) {
      Instr& i = t.code[pc];
      if (!is_branch(i, pc)) i.check = 0;
      if (!i.exch) i.write = 0;
    }
  }
  name_locations_by_index(out);
  return out;
}

void name_locations_by_index(Program& p) {
  std::uint32_t needed = 0;
  for (const auto& t : p.threads)
    for (const auto& i : t.code) needed = std::max(needed, i.loc + 1);
  while (p.locations.size() < needed) p.locations.push_back(std::to_string(p.locations.size()));
}

}  // namespace racecert::progress
