#include "progress/printer.hpp"

namespace racecert::progress {

namespace {
std::string target_str(std::uint32_t jump, std::size_t len) {
  return jump == len ? "END" : std::to_string(jump);
}
}  // namespace

std::string suite_instruction(const Instr& i, std::uint32_t pc, std::size_t len) {
  const std::string mem = "Mem[" + std::to_string(i.loc) + "]";
  // A plain store is an exchange that falls through with the canonical
  // comparison value 0 (the paper's "meaningful comparisons").
  if (i.exch && !is_branch(i, pc) && i.check == 0) return mem + " = " + std::to_string(i.write) + ";";
  std::string cond = i.exch ? "Exch(" + mem + "," + std::to_string(i.write) + ")" : mem;
  return "if (" + cond + " == " + std::to_string(i.check) + ") goto " + target_str(i.jump, len) + ";";
}

std::string print_suite(const Program& p) {
  std::string out;
  for (std::size_t t = 0; t < p.threads.size(); ++t) {
    if (t) out += "\n";
    out += "THREAD " + std::to_string(t) + "\n";
    const auto& code = p.threads[t].code;
    for (std::uint32_t pc = 0; pc < code.size(); ++pc)
      out += std::to_string(pc) + ": " + suite_instruction(code[pc], pc, code.size()) + "\n";
  }
  return out;
}

std::string print_axb(const Program& p) {
  std::string out;
  for (std::size_t t = 0; t < p.threads.size(); ++t) {
    out += "Thread " + std::to_string(t) + ": [\n";
    const auto& code = p.threads[t].code;
    for (std::uint32_t pc = 0; pc < code.size(); ++pc) {
      const Instr& i = code[pc];
      const std::string loc = i.loc < p.locations.size() ? p.locations[i.loc] : std::to_string(i.loc);
      out += "  " + std::to_string(pc) + ": AXB(" + loc + ", " + std::to_string(i.check) + ", " +
             std::to_string(i.jump) + ", " + (i.exch ? "true" : "false") + ", " + std::to_string(i.write) + ")\n";
    }
    out += "]\n";
  }
  return out;
}

std::string thread_set_str(ThreadSet s) {
  std::string out = "{";
  bool first = true;
  for (unsigned t = 0; t < 32; ++t) {
    if (!(s >> t & 1u)) continue;
    if (!first) out += ",";
    out += std::to_string(t);
    first = false;
  }
  return out + "}";
}

}  // namespace racecert::progress
