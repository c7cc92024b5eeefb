#include "transform/aligned.hpp"

#include "protocol/printer.hpp"
#include "support/overloaded.hpp"

namespace racecert::transform {

using namespace protocol;

namespace {

void print_items(const Aligned& a, int depth, std::string& out) {
  PrintOptions o;
  o.show_tags = true;
  auto pad = [&](int d) { out.append(2 * d, ' '); };
  // `{ body }` closing at this depth.
  auto nested = [&](const Aligned& body) {
    out += " {\n";
    print_items(body, depth + 1, out);
    pad(depth);
    out += "}\n";
  };
  auto print_item = Overloaded{
      [&](const PhaseEnd& p) {
        print_block(p.code, depth, o, out);
        pad(depth);
        out += "sync;";
        if (p.barrier.known()) out += "  // " + p.barrier.str();
        out += "\n";
      },
      [&](const AlignedLoop& l) {
        pad(depth);
        out += print_loop_header(l.header, true);
        nested(l.body);
      },
      [&](const Guarded& g) {
        pad(depth);
        out += "when (" + to_string(g.guard) + ")";
        nested(g.body);
      }};
  for (const auto& item : a) std::visit(print_item, item.node);
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
