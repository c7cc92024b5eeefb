#include "kernel_ir/kernel_ir.hpp"

#include "support/overloaded.hpp"

namespace racecert::kir {

Kernel without_body(const Kernel& k) {
  return Kernel{k.name, k.language, k.parameters, k.locals, k.arrays, k.preconditions, k.launch_bounds, {}, k.loc};
}

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

std::string own_assigned_variable(const Stmt& s) {
  return std::visit(Overloaded{[](const Assign& a) { return a.var; }, [](const Load& l) { return l.var; },
                               [](const Atomic& a) { return a.var; },
                               [](const Barrier& b) { return b.var; },  // __syncthreads_count and co
                               // Assign nothing themselves:
                               [](const Store&) { return std::string(); }, [](const Fence&) { return std::string(); },
                               [](const If&) { return std::string(); }, [](const Loop&) { return std::string(); },
                               [](const Break&) { return std::string(); }, [](const Continue&) { return std::string(); },
                               [](const Return&) { return std::string(); }, [](const Assert&) { return std::string(); },
                               [](const Assume&) { return std::string(); },
                               [](const Unsupported&) { return std::string(); }},
                    s.node);
}

void assigned_variables(const Block& b, std::set<std::string>& out) {
  for (const auto& s : b) {
    if (std::string v = own_assigned_variable(s); !v.empty()) out.insert(std::move(v));
    for_each_nested_block(s, [&](const Block& inner) { assigned_variables(inner, out); });
  }
}

void own_read_variables(const Stmt& s, std::set<std::string>& out) {
  for_each_own_read(s, [&](const std::string& v) { out.insert(v); });
}

void for_each_own_read(const Stmt& s, const std::function<void(const std::string&)>& f) {
  auto read = [&](const Expr& e) { expr::for_each_var(e, f); };
  auto location = [&](const Location& at) {
    for (const auto& i : at.index) read(i);
  };
  std::visit(Overloaded{[&](const Assign& a) { read(a.value); }, [&](const Load& l) { location(l.at); },
                        [&](const Store& st) {
                          location(st.at);
                          read(st.value);
                        },
                        [&](const Atomic& a) {
                          location(a.at);
                          for (const auto& o : a.operands) read(o);
                        },
                        [&](const Barrier& br) {
                          read(br.id);
                          read(br.count);
                        },
                        [&](const If& i) { read(i.cond); }, [&](const Loop& l) { read(l.cond); },
                        [&](const Assert& a) { read(a.cond); }, [&](const Assume& a) { read(a.cond); },
                        // Read nothing:
                        [](const Fence&) {}, [](const Break&) {}, [](const Continue&) {}, [](const Return&) {},
                        [](const Unsupported&) {}},
             s.node);
}

void for_each_nested_block(const Stmt& s, const std::function<void(const Block&)>& f) {
  std::visit(Overloaded{[&](const If& i) {
                          f(i.then_body);
                          f(i.else_body);
                        },
                        [&](const Loop& l) {
                          f(l.init);
                          f(l.body);
                          f(l.update);
                        },
                        // No block inside:
                        [](const Assign&) {}, [](const Load&) {}, [](const Store&) {}, [](const Atomic&) {},
                        [](const Barrier&) {}, [](const Fence&) {}, [](const Break&) {}, [](const Continue&) {},
                        [](const Return&) {}, [](const Assert&) {}, [](const Assume&) {}, [](const Unsupported&) {}},
             s.node);
}

void read_variables(const Block& b, std::set<std::string>& out) {
  for (const auto& s : b) {
    own_read_variables(s, out);
    for_each_nested_block(s, [&](const Block& inner) { read_variables(inner, out); });
  }
}

void for_each_read(const Kernel& k, const std::function<void(const std::string&)>& f) {
  for (const auto& p : k.preconditions)
    if (p) expr::for_each_var(p, f);
  any_statement(k.body, [&](const Stmt& s) {
    for_each_own_read(s, f);
    return false;
  });
}

std::set<std::string> read_variables(const Kernel& k) {
  std::set<std::string> out;
  for_each_read(k, [&](const std::string& v) { out.insert(v); });
  return out;
}

bool any_statement(const Block& b, const std::function<bool(const Stmt&)>& pred) {
  for (const auto& s : b) {
    if (pred(s)) return true;
    bool nested = std::visit(
        Overloaded{[&](const If& i) { return any_statement(i.then_body, pred) || any_statement(i.else_body, pred); },
                   [&](const Loop& l) {
                     return any_statement(l.init, pred) || any_statement(l.body, pred) || any_statement(l.update, pred);
                   },
                   // No nested statements:
                   [](const Assign&) { return false; }, [](const Load&) { return false; },
                   [](const Store&) { return false; }, [](const Atomic&) { return false; },
                   [](const Fence&) { return false; }, [](const Barrier&) { return false; },
                   [](const Break&) { return false; }, [](const Continue&) { return false; },
                   [](const Return&) { return false; }, [](const Assert&) { return false; },
                   [](const Assume&) { return false; }, [](const Unsupported&) { return false; }},
        s.node);
    if (nested) return true;
  }
  return false;
}

}  // namespace racecert::kir
