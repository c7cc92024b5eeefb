#include "transform/aligned.hpp"

#include "protocol/printer.hpp"

namespace racecert::transform {

using namespace protocol;

namespace {

void print_items(const Aligned& a, int depth, std::string& out) {
  PrintOptions o;
  o.show_tags = true;
  auto pad = [&](int d) { out.append(2 * d, ' '); };
  for (const auto& item : a) {
    if (std::holds_alternative<PhaseEnd>(item.node)) {
      const PhaseEnd& p = std::get<PhaseEnd>(item.node);
      print_block(p.code, depth, o, out);
      pad(depth);
      out += "sync;";
      if (p.barrier.known()) out += "  // " + p.barrier.str();
      out += "\n";
    } else if (std::holds_alternative<AlignedLoop>(item.node)) {
      const AlignedLoop& l = std::get<AlignedLoop>(item.node);
      pad(depth);
      out += print_loop_header(l.header, true) + " {\n";
      print_items(l.body, depth + 1, out);
      pad(depth);
      out += "}\n";
    } else {
      const Guarded& g = std::get<Guarded>(item.node);
      pad(depth);
      out += "when (" + to_string(g.guard) + ") {\n";
      print_items(g.body, depth + 1, out);
      pad(depth);
      out += "}\n";
    }
  }
}

}  // namespace

std::string print(const AlignedProtocol& a) {
  std::string out;
  print_items(a.items, 0, out);
  out += "// after the last barrier:\n";
  PrintOptions o;
  o.show_tags = true;
  print_block(a.last, 0, o, out);
  return out;
}


}  // namespace racecert::transform
