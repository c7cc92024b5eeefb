#include "transform/split.hpp"

#include "protocol/loop_domain.hpp"
#include "protocol/printer.hpp"
#include "support/overloaded.hpp"

namespace racecert::transform {

using namespace protocol;

namespace {

// A closure of the code, without the slack alignment's appending left in
// it: up to half of a long phase's buffer, held through the whole check of
// its array (issue 18).
Closure closure(const std::vector<ClosureBinder>& ctx, Block code, const SourceLoc& ends_at) {
  code.shrink_to_fit();
  return Closure{ctx, std::move(code), ends_at};
}

// Moves each phase's code out of `a`.
void split_items(Aligned& a, std::vector<ClosureBinder>& ctx, std::vector<Closure>& out) {
  auto split_item = Overloaded{
      [&](PhaseEnd& p) {
        if (contains_access(p.code)) out.push_back(closure(ctx, std::move(p.code), p.barrier));
      },
      [&](AlignedLoop& l) {
        ctx.push_back({l.header.var, loop_domain(l.header, var(l.header.var))});
        split_items(l.body, ctx, out);
        ctx.pop_back();
      },
      [&](Guarded& g) {
        ctx.push_back({"", g.guard});
        split_items(g.body, ctx, out);
        ctx.pop_back();
      }};
  for (auto& item : a) std::visit(split_item, item.node);
}

}  // namespace

std::string Closure::describe() const {
  if (!ends_at.known()) return "phase after the last barrier";
  return "phase ending at the barrier at " + ends_at.str();
}

std::vector<Closure> split(AlignedProtocol a) {
  std::vector<Closure> out;
  std::vector<ClosureBinder> ctx;
  split_items(a.items, ctx, out);
  if (contains_access(a.last)) out.push_back(closure({}, std::move(a.last), {}));
  return out;
}

std::string print(const std::vector<Closure>& cs) {
  std::string out;
  PrintOptions o;
  o.show_tags = true;
  for (std::size_t i = 0; i < cs.size(); ++i) {
    out += "closure " + std::to_string(i + 1) + " (" + cs[i].describe() + "):\n";
    for (const auto& b : cs[i].binders) {
      out += "  ";
      out += b.var.empty() ? "assume " + to_string(b.where) : "var " + b.var + " | " + to_string(b.where);
      out += ";\n";
    }
    print_block(cs[i].code, 1, o, out);
  }
  return out;
}

}  // namespace racecert::transform
