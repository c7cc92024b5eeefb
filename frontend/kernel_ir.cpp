#include "frontend/kernel_ir.hpp"

#include "support/overloaded.hpp"

namespace racecert::kir {

const Array* Kernel::find_array(const std::string& n) const {
  for (const auto& a : arrays)
    if (a.name == n) return &a;
  return nullptr;
}

const Variable* Kernel::find_variable(const std::string& n) const {
  for (const auto& v : parameters)
    if (v.name == n) return &v;
  for (const auto& v : locals)
    if (v.name == n) return &v;
  return nullptr;
}

const char* to_string(Space s) {
  switch (s) {
    case Space::Global: return "global";
    case Space::Shared: return "shared";
    case Space::Local: return "local";
    case Space::Constant: return "constant";
  }
  return "?";
}

const char* to_string(ScalarType t) {
  switch (t) {
    case ScalarType::Int: return "int";
    case ScalarType::Unsigned: return "unsigned";
    case ScalarType::Bool: return "bool";
    case ScalarType::Float: return "float";
    case ScalarType::Other: return "other";
  }
  return "?";
}

const char* to_string(MemoryOrder o) {
  switch (o) {
    case MemoryOrder::Relaxed: return "relaxed";
    case MemoryOrder::Acquire: return "acquire";
    case MemoryOrder::Release: return "release";
    case MemoryOrder::AcqRel: return "acq_rel";
    case MemoryOrder::SeqCst: return "seq_cst";
  }
  return "?";
}

const char* to_string(Scope s) {
  switch (s) {
    case Scope::Block: return "block";
    case Scope::Device: return "device";
    case Scope::System: return "system";
  }
  return "?";
}

namespace {

std::string value(const Expr& e) { return e ? expr::to_string(e) : "?"; }

std::string location(const Location& l) {
  std::string s = l.array;
  for (const auto& i : l.index) s += "[" + value(i) + "]";
  return s;
}

std::string barrier_text(const Barrier& b) {
  std::string out = b.var.empty() ? "" : b.var + " = ";
  switch (b.kind) {
    case Barrier::Kind::Block: return out + "barrier.block";
    case Barrier::Kind::Warp: return out + "barrier.warp";
    case Barrier::Kind::Grid: return out + "barrier.grid";
    case Barrier::Kind::Named:
      out += std::string(b.arrive ? "bar.arrive " : "bar.sync ") + value(b.id);
      if (b.count) out += ", " + value(b.count);
      return out;
  }
  return out;
}

void print_block(const Block& b, int depth, std::string& out);

void print_loop(const Loop& l, int depth, const std::string& pad, std::string& out) {
  out += l.test_first ? "loop" : "do-loop";
  out += " (" + value(l.cond) + ") {\n";
  if (!l.init.empty()) {
    out += pad + "  init:\n";
    print_block(l.init, depth + 2, out);
  }
  out += pad + "  body:\n";
  print_block(l.body, depth + 2, out);
  if (!l.update.empty()) {
    out += pad + "  update:\n";
    print_block(l.update, depth + 2, out);
  }
  out += pad + "}\n";
}

void print_block(const Block& b, int depth, std::string& out) {
  std::string pad(static_cast<std::size_t>(2 * depth), ' ');
  for (const auto& s : b) {
    out += pad;
    std::visit(
        Overloaded{
            [&](const Assign& a) { out += a.var + " = " + value(a.value) + ";\n"; },
            [&](const Load& l) { out += (l.var.empty() ? "" : l.var + " = ") + "load " + location(l.at) + ";\n"; },
            [&](const Store& st) { out += "store " + location(st.at) + " = " + value(st.value) + ";\n"; },
            [&](const Atomic& a) {
              out += (a.var.empty() ? "" : a.var + " = ") + "atomic." + a.op + "." + to_string(a.order) + "." +
                     to_string(a.scope) + " " + location(a.at);
              for (const auto& o : a.operands) out += ", " + value(o);
              out += ";\n";
            },
            [&](const Fence& f) { out += std::string("fence.") + to_string(f.order) + "." + to_string(f.scope) + ";\n"; },
            [&](const Barrier& br) { out += barrier_text(br) + ";\n"; },
            [&](const If& i) {
              out += "if (" + value(i.cond) + ") {\n";
              print_block(i.then_body, depth + 1, out);
              out += pad + "}";
              if (!i.else_body.empty()) {
                out += " else {\n";
                print_block(i.else_body, depth + 1, out);
                out += pad + "}";
              }
              out += "\n";
            },
            [&](const Loop& l) { print_loop(l, depth, pad, out); },
            [&](const Break&) { out += "break;\n"; },
            [&](const Continue&) { out += "continue;\n"; },
            [&](const Return&) { out += "return;\n"; },
            [&](const Assert& a) { out += "assert " + value(a.cond) + ";\n"; },
            [&](const Assume& a) { out += "assume " + value(a.cond) + ";\n"; },
            [&](const Unsupported& u) { out += "unsupported \"" + u.what + "\";\n"; }},
        s.node);
  }
}

}  // namespace

bool is_block_barrier(const Barrier& b) {
  switch (b.kind) {
    case Barrier::Kind::Block:
    case Barrier::Kind::Grid: return true;
    case Barrier::Kind::Warp: return false;
    case Barrier::Kind::Named: {
      auto id = b.id ? expr::as_int(b.id) : std::optional<std::int64_t>{};
      return !b.arrive && !b.count && id && *id == 0;
    }
  }
  return false;
}

std::string print(const Kernel& k) {
  std::string out = k.language + " kernel " + k.name + " {\n";
  for (const auto& p : k.parameters) out += "  param " + std::string(to_string(p.type)) + " " + p.name + ";\n";
  for (const auto& a : k.arrays) {
    out += std::string("  array ") + to_string(a.space) + " " + to_string(a.element) + " " + a.name;
    for (auto s : a.sizes) out += "[" + (s ? std::to_string(s) : std::string()) + "]";
    out += a.parameter ? " (parameter);\n" : ";\n";
  }
  for (const auto& v : k.locals) out += "  local " + std::string(to_string(v.type)) + " " + v.name + ";\n";
  for (const auto& p : k.preconditions) out += "  requires " + expr::to_string(p) + ";\n";
  print_block(k.body, 1, out);
  return out + "}\n";
}

void assigned_variables(const Block& b, std::set<std::string>& out) {
  auto result = [&](const std::string& var) {
    if (!var.empty()) out.insert(var);
  };
  for (const auto& s : b) {
    std::visit(Overloaded{[&](const Assign& a) { out.insert(a.var); },
                          [&](const Load& l) { result(l.var); },
                          [&](const Atomic& a) { result(a.var); },
                          [&](const Barrier& br) { result(br.var); },  // __syncthreads_count and co
                          [&](const If& i) {
                            assigned_variables(i.then_body, out);
                            assigned_variables(i.else_body, out);
                          },
                          [&](const Loop& l) {
                            assigned_variables(l.init, out);
                            assigned_variables(l.body, out);
                            assigned_variables(l.update, out);
                          },
                          // Assign nothing:
                          [](const Store&) {}, [](const Fence&) {}, [](const Break&) {}, [](const Continue&) {},
                          [](const Return&) {}, [](const Assert&) {}, [](const Assume&) {},
                          [](const Unsupported&) {}},
               s.node);
  }
}

}  // namespace racecert::kir
