// The kernel IR's text form; kernel_ir/parser.cpp reads it back, and
// docs/kernel-ir.md describes it.
#include "kernel_ir/kernel_ir.hpp"
#include "support/overloaded.hpp"
#include "support/quoted_string.hpp"

namespace racecert::kir {

namespace {

class Printer {
 public:
  Printer(const Kernel& k, const PrintOptions& o) : kernel_file_(k.loc.file), options_(o) {}

  std::string kernel(const Kernel& k) {
    out_ = k.language + " kernel " + k.name;
    // The kernel's position names its file; the positions inside it give a
    // file only when theirs differs (a header's inlined function).
    if (options_.locations && k.loc != SourceLoc{}) out_ += " @" + quote(k.loc.file) + ":" + line_col(k.loc);
    out_ += " {\n";
    for (const auto& p : k.parameters) line(1, "param " + std::string(to_string(p.type)) + " " + p.name + ";", p.loc);
    for (const auto& a : k.arrays) {
      std::string text = std::string("array ") + to_string(a.space) + " " + to_string(a.element) + " " + a.name;
      if (a.element_bytes) text += "<" + std::to_string(a.element_bytes) + ">";
      for (auto s : a.sizes) text += "[" + (s ? std::to_string(s) : std::string()) + "]";
      line(1, text + (a.parameter ? " (parameter);" : ";"), a.loc);
    }
    for (const auto& v : k.locals) line(1, "local " + std::string(to_string(v.type)) + " " + v.name + ";", v.loc);
    for (const auto& p : k.preconditions) line(1, "requires " + value(p) + ";", {});
    if (k.launch_bounds) line(1, "launch_bounds " + std::to_string(*k.launch_bounds) + ";", {});
    block(k.body, 1);
    return out_ + "}\n";
  }

 private:
  const std::string& kernel_file_;
  const PrintOptions& options_;
  std::string out_;

  static std::string line_col(const SourceLoc& l) { return std::to_string(l.line) + ":" + std::to_string(l.column); }
  std::string annotation(const SourceLoc& l) const {
    if (!options_.locations || l == SourceLoc{}) return "";
    return " @" + (l.file == kernel_file_ ? "" : quote(l.file) + ":") + line_col(l);
  }
  void line(int depth, const std::string& text, const SourceLoc& l) {
    out_ += std::string(static_cast<std::size_t>(2 * depth), ' ') + text + annotation(l) + "\n";
  }
  void close(int depth) { out_ += std::string(static_cast<std::size_t>(2 * depth), ' ') + "}"; }

  static std::string value(const Expr& e) { return e ? expr::to_string(e) : "?"; }
  static std::string location(const Location& l) {
    std::string s = l.array;
    // A byte view, as in the protocol language: <unit> when the view's
    // width is its unit, <unit:width> otherwise.
    if (l.unit || l.width)
      s += "<" + std::to_string(l.unit) + (l.unit == l.width ? "" : ":" + std::to_string(l.width)) + ">";
    for (const auto& i : l.index) s += "[" + value(i) + "]";
    return s;
  }
  static std::string result(const std::string& var) { return var.empty() ? "" : var + " = "; }

  // What a barrier orders, when not every space: " shared", " global" or
  // " none" (OpenCL's barrier flags).
  static std::string fences(const Barrier& b) {
    if (b.orders_shared && b.orders_global) return "";
    return b.orders_shared ? " shared" : b.orders_global ? " global" : " none";
  }

  static std::string barrier(const Barrier& b) {
    switch (b.kind) {
      case Barrier::Kind::Block: return "barrier.block" + fences(b);
      case Barrier::Kind::Warp: return "barrier.warp" + (b.count ? " " + value(b.count) : "") + fences(b);
      case Barrier::Kind::Grid: return "barrier.grid" + fences(b);
      case Barrier::Kind::Named: {
        std::string out = std::string(b.arrive ? "bar.arrive " : "bar.sync ") + value(b.id);
        if (b.count) out += ", " + value(b.count);
        return out;
      }
    }
    return "?";
  }

  void loop(const Loop& l, int depth) {
    line(depth, std::string(l.test_first ? "loop" : "do-loop") + " (" + value(l.cond) + ") {", l.loc);
    std::string pad(static_cast<std::size_t>(2 * depth), ' ');
    if (!l.init.empty()) {
      out_ += pad + "  init:\n";
      block(l.init, depth + 2);
    }
    out_ += pad + "  body:\n";
    block(l.body, depth + 2);
    if (!l.update.empty()) {
      out_ += pad + "  update:\n";
      block(l.update, depth + 2);
    }
    close(depth);
    out_ += "\n";
  }

  void block(const Block& b, int depth) {
    for (const auto& s : b) {
      std::visit(
          Overloaded{
              [&](const Assign& a) { line(depth, a.var + " = " + value(a.value) + ";", a.loc); },
              [&](const Load& l) { line(depth, result(l.var) + "load " + location(l.at) + ";", l.loc); },
              [&](const Store& st) { line(depth, "store " + location(st.at) + " = " + value(st.value) + ";", st.loc); },
              [&](const Atomic& a) {
                std::string text = result(a.var) + "atomic." + a.op + "." + to_string(a.order) + "." +
                                   to_string(a.scope) + " " + location(a.at);
                for (const auto& o : a.operands) text += ", " + value(o);
                line(depth, text + ";", a.loc);
              },
              [&](const Fence& f) {
                line(depth, std::string("fence.") + to_string(f.order) + "." + to_string(f.scope) + ";", f.loc);
              },
              [&](const Barrier& br) { line(depth, result(br.var) + barrier(br) + ";", br.loc); },
              [&](const If& i) {
                line(depth, "if (" + value(i.cond) + ") {", i.loc);
                block(i.then_body, depth + 1);
                close(depth);
                if (!i.else_body.empty()) {
                  out_ += " else {\n";
                  block(i.else_body, depth + 1);
                  close(depth);
                }
                out_ += "\n";
              },
              [&](const Loop& l) { loop(l, depth); },
              [&](const Break& b) { line(depth, "break;", b.loc); },
              [&](const Continue& c) { line(depth, "continue;", c.loc); },
              [&](const Return& r) { line(depth, "return;", r.loc); },
              [&](const Assert& a) { line(depth, "assert " + value(a.cond) + ";", a.loc); },
              [&](const Assume& a) { line(depth, "assume " + value(a.cond) + ";", a.loc); },
              [&](const Unsupported& u) { line(depth, "unsupported " + quote(u.what) + ";", u.loc); }},
          s.node);
    }
  }
};

}  // namespace

std::string print(const Kernel& k, const PrintOptions& options) { return Printer(k, options).kernel(k); }

}  // namespace racecert::kir
