#include "protocol/printer.hpp"

#include "support/overloaded.hpp"
#include "support/quoted_string.hpp"

namespace racecert::protocol {

namespace {

void pad(int depth, const PrintOptions& o, std::string& out) { out.append(depth * o.indent, ' '); }


const char* tag_suffix(SyncTag t, bool show) {
  if (!show) return "";
  switch (t) {
    case SyncTag::Sync: return "S";
    case SyncTag::Unsync: return "U";
    case SyncTag::Unknown: return "";
  }
  return "";
}

}  // namespace

std::string print_access(const Access& a) {
  std::string s = std::string(to_string(a.mode)) + " " + a.array;
  if (!a.view.is_element()) {
    s += "<" + std::to_string(a.view.unit);
    if (a.view.width != a.view.unit) s += ":" + std::to_string(a.view.width);
    s += ">";
  }
  for (const auto& i : a.index) s += "[" + to_string(i) + "]";
  if (a.value) s += " = " + to_string(a.value);
  if (a.loc_explicit) {
    s += " @ " + quote(a.loc.file) + ":" + std::to_string(a.loc.line) + ":" +
         std::to_string(a.loc.column);
  }
  return s;
}

std::string print_decl(const std::string& name, Uniformity kind, const std::optional<TicketCounter>& ticket) {
  if (!ticket) return std::string(decl_keyword(kind)) + " " + name + ";";
  std::string s = "ticket " + name + " of " + to_string(ticket->space) + " " + ticket->array;
  for (std::int64_t i : ticket->cell) s += "[" + std::to_string(i) + "]";
  return s + ";";
}

std::string print_loop_header(const Loop& l, bool show_tags) {
  std::string kw = std::string("for") + tag_suffix(l.tag, show_tags);
  bool unit = as_int(l.step) && *as_int(l.step) == 1;
  if (l.update == LoopUpdate::Add && l.cond == BinOp::Lt) {
    std::string s = kw + " " + l.var + " in " + to_string(l.init) + ".." + to_string(l.bound);
    if (!unit) s += " step " + to_string(l.step);
    return s;
  }
  return kw + " (" + l.var + " = " + to_string(l.init) + "; " + l.var + " " + op_symbol(l.cond) +
         " " + to_string(l.bound) + "; " + l.var + " " + to_string(l.update) + " " +
         to_string(l.step) + ")";
}

void print_block(const Block& b, int depth, const PrintOptions& o, std::string& out) {
  // `{ body }` closing at this depth.
  auto nested = [&](const Block& body) {
    out += " {\n";
    print_block(body, depth + 1, o, out);
    pad(depth, o, out);
    out += "}";
  };
  auto print_stmt = Overloaded{
      [&](const Access& a) { out += print_access(a) + ";\n"; },
      [&](const Sync& y) {
        // What the barrier orders, when not every space (OpenCL's flags).
        const char* fences = y.orders_shared && y.orders_global ? ""
                             : y.orders_shared                  ? " shared"
                             : y.orders_global                  ? " global"
                                                                : " none";
        std::string scope = y.scope == SyncScope::Grid   ? " grid"
                            : y.scope == SyncScope::Warp ? " warp " + std::to_string(y.width)
                                                         : "";
        out += "sync" + scope + fences + ";\n";
      },
      [&](const If& i) {
        out += std::string("if") + tag_suffix(i.tag, o.show_tags) + " (" + to_string(i.cond) + ")";
        nested(i.then_body);
        if (!i.else_body.empty()) {
          out += " else";
          nested(i.else_body);
        }
        out += "\n";
      },
      [&](const Loop& l) {
        out += print_loop_header(l, o.show_tags);
        nested(l.body);
        out += "\n";
      },
      [&](const Decl& d) { out += print_decl(d.name, d.kind, d.ticket) + "\n"; },
      [&](const Bind& bd) {
        out += "var " + bd.var + " | " + to_string(bd.where);
        nested(bd.body);
        out += "\n";
      }};
  for (const auto& s : b) {
    pad(depth, o, out);
    std::visit(print_stmt, s.node);
  }
}

std::string print(const Kernel& k, const PrintOptions& o) {
  std::string out = "kernel " + k.name + " {\n";
  for (const auto& a : k.arrays) {
    pad(1, o, out);
    out += std::string(to_string(a.space)) + " " + a.name;
    if (a.element_bytes != 0) out += "<" + std::to_string(a.element_bytes) + ">";
    if (a.dims != 1) out += " : " + std::to_string(a.dims);
    out += ";\n";
  }
  for (const auto& v : k.vars) {
    pad(1, o, out);
    out += print_decl(v.name, v.kind, v.ticket) + "\n";
  }
  for (const auto& p : k.preconditions) {
    pad(1, o, out);
    out += "assume " + to_string(p) + ";\n";
  }
  print_block(k.body, 1, o, out);
  out += "}\n";
  return out;
}

std::string print(const ProtocolFile& f, const PrintOptions& o) {
  std::string out;
  for (std::size_t i = 0; i < f.kernels.size(); ++i) {
    if (i) out += "\n";
    out += print(f.kernels[i], o);
  }
  return out;
}

}  // namespace racecert::protocol
