#include "progress/dot.hpp"

#include <map>
#include <sstream>

#include "progress/printer.hpp"

namespace racecert::progress {

std::string to_dot(const StateGraph& g, const std::vector<ThreadSet>* fair, const Lasso* witness) {
  std::map<std::pair<std::uint32_t, std::uint32_t>, const char*> colour;  // (state, thread) -> colour
  if (witness) {
    for (const auto& st : witness->prefix) colour[{st.from, st.thread}] = "blue";
    for (const auto& st : witness->cycle) colour[{st.from, st.thread}] = "red";
  }
  const Program& p = g.program();
  std::ostringstream os;
  os << "digraph lts {\n  rankdir=TB;\n  node [shape=circle, fontname=\"monospace\", fontsize=10];\n"
        "  edge [fontname=\"monospace\", fontsize=9];\n";
  for (std::uint32_t s = 0; s < g.size(); ++s) {
    const DecodedState d = g.decode(s);
    os << "  s" << s << " [label=\"s" << s << "\\npc=";
    for (std::size_t t = 0; t < d.pcs.size(); ++t) os << (t ? "," : "") << d.pcs[t];
    os << "\\nmem=";
    for (std::size_t x = 0; x < d.mem.size(); ++x) os << (x ? "," : "") << d.mem[x];
    if (g.options().track_started) os << "\\nstarted=" << thread_set_str(d.started);
    os << "\"";
    if (g.is_final(s)) os << ", shape=doublecircle";
    if (s == StateGraph::initial()) os << ", style=bold";
    os << "];\n";
  }
  for (std::uint32_t s = 0; s < g.size(); ++s) {
    for (const StepEdge& e : g.out(s)) {
      const std::uint32_t pc = g.pc(s, e.thread);
      const auto& code = p.threads[e.thread].code;
      std::string label = "T" + std::to_string(e.thread) + " " + std::to_string(pc) + ": " +
                          suite_instruction(code[pc], pc, code.size());
      if (fair) label += " F=" + thread_set_str((*fair)[s]);
      std::string escaped;
      for (char c : label) {
        if (c == '"' || c == '\\') escaped += '\\';
        escaped += c;
      }
      os << "  s" << s << " -> s" << e.target << " [label=\"" << escaped << "\"";
      auto it = colour.find({s, e.thread});
      if (it != colour.end()) os << ", color=" << it->second << ", fontcolor=" << it->second << ", penwidth=2";
      os << "];\n";
    }
  }
  os << "}\n";
  return os.str();
}

}  // namespace racecert::progress
