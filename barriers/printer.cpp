#include "barriers/printer.hpp"

namespace racecert::barriers {

namespace {

std::string escape(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') {
      out += ' ';
      continue;
    }
    out += c;
  }
  return out + "\"";
}

// The head the parser would name `u.name`, or a range head plus a label.
std::string unit_head(const Program& p, const Unit& u) {
  std::string range = u.num_threads == 1 ? "thread " + std::to_string(u.first_thread)
                                         : "threads " + std::to_string(u.first_thread) + ".." +
                                               std::to_string(u.last_thread());
  if (u.first_thread % kWarpSize == 0) {
    std::uint32_t w = u.first_thread / kWarpSize;
    std::uint32_t end = std::min(u.first_thread + kWarpSize, p.block_threads);
    std::string head = "warp " + std::to_string(w);
    if (u.name == head && u.first_thread + u.num_threads == end) return head;
  }
  if (u.name == range) return range;
  return range + " " + escape(u.name);
}

}  // namespace

std::string print(const Program& p) {
  std::string out = "kernel " + p.name + " block " + std::to_string(p.block_threads);
  if (p.lockstep) out += " lockstep";
  out += " {\n";
  for (const Unit& u : p.units) {
    out += "  " + unit_head(p, u) + " {\n";
    auto value = u.values.begin();
    for (std::uint32_t i = 0; i < u.cmds.size(); ++i) {
      const Command& c = u.cmds[i];
      out += "    ";
      if (c.op == Op::Opaque)
        out += "unknown " + escape(p.notes[c.arg]);
      else
        out += describe(p, c);
      if (value != u.values.end() && value->cmd == i) out += " " + describe_value(p.values[(value++)->form]);
      out += "\n";
    }
    out += "  }\n";
  }
  return out + "}\n";
}

std::string print(const std::vector<Program>& ps) {
  std::string out;
  for (std::size_t i = 0; i < ps.size(); ++i) {
    if (i) out += '\n';
    out += print(ps[i]);
  }
  return out;
}

}  // namespace racecert::barriers
