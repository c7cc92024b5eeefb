#include "frontend/kernel_ir.hpp"

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

void print_block(const Block& b, int depth, std::string& out) {
  std::string pad(static_cast<std::size_t>(2 * depth), ' ');
  for (const auto& s : b) {
    out += pad;
    if (s.is<Assign>()) {
      out += s.as<Assign>().var + " = " + value(s.as<Assign>().value) + ";\n";
    } else if (s.is<Load>()) {
      const Load& l = s.as<Load>();
      out += (l.var.empty() ? "" : l.var + " = ") + "load " + location(l.at) + ";\n";
    } else if (s.is<Store>()) {
      out += "store " + location(s.as<Store>().at) + " = " + value(s.as<Store>().value) + ";\n";
    } else if (s.is<Atomic>()) {
      const Atomic& a = s.as<Atomic>();
      out += (a.var.empty() ? "" : a.var + " = ") + "atomic." + a.op + "." + to_string(a.order) + "." +
             to_string(a.scope) + " " + location(a.at);
      for (const auto& o : a.operands) out += ", " + value(o);
      out += ";\n";
    } else if (s.is<Fence>()) {
      out += std::string("fence.") + to_string(s.as<Fence>().order) + "." + to_string(s.as<Fence>().scope) + ";\n";
    } else if (s.is<Barrier>()) {
      const Barrier& b = s.as<Barrier>();
      if (!b.var.empty()) out += b.var + " = ";
      switch (b.kind) {
        case Barrier::Kind::Block: out += "barrier.block"; break;
        case Barrier::Kind::Warp: out += "barrier.warp"; break;
        case Barrier::Kind::Grid: out += "barrier.grid"; break;
        case Barrier::Kind::Named:
          out += std::string(b.arrive ? "bar.arrive " : "bar.sync ") + value(b.id);
          if (b.count) out += ", " + value(b.count);
          break;
      }
      out += ";\n";
    } else if (s.is<If>()) {
      const If& i = s.as<If>();
      out += "if (" + value(i.cond) + ") {\n";
      print_block(i.then_body, depth + 1, out);
      out += pad + "}";
      if (!i.else_body.empty()) {
        out += " else {\n";
        print_block(i.else_body, depth + 1, out);
        out += pad + "}";
      }
      out += "\n";
    } else if (s.is<Loop>()) {
      const Loop& l = s.as<Loop>();
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
    } else if (s.is<Break>()) {
      out += "break;\n";
    } else if (s.is<Continue>()) {
      out += "continue;\n";
    } else if (s.is<Return>()) {
      out += "return;\n";
    } else if (s.is<Assert>()) {
      out += "assert " + value(s.as<Assert>().cond) + ";\n";
    } else if (s.is<Assume>()) {
      out += "assume " + value(s.as<Assume>().cond) + ";\n";
    } else {
      out += "unsupported \"" + s.as<Unsupported>().what + "\";\n";
    }
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
  for (const auto& s : b) {
    if (s.is<Assign>()) out.insert(s.as<Assign>().var);
    else if (s.is<Load>() && !s.as<Load>().var.empty()) out.insert(s.as<Load>().var);
    else if (s.is<Atomic>() && !s.as<Atomic>().var.empty()) out.insert(s.as<Atomic>().var);
    else if (s.is<Barrier>() && !s.as<Barrier>().var.empty()) out.insert(s.as<Barrier>().var);
    else if (s.is<If>()) {
      assigned_variables(s.as<If>().then_body, out);
      assigned_variables(s.as<If>().else_body, out);
    } else if (s.is<Loop>()) {
      assigned_variables(s.as<Loop>().init, out);
      assigned_variables(s.as<Loop>().body, out);
      assigned_variables(s.as<Loop>().update, out);
    }
  }
}

}  // namespace racecert::kir
