#pragma once
// Helpers of the front-end tests that read the lowered kernel IR through the
// API (frontend::parse_kernels) rather than through `racecert check`.
#include <functional>
#include <string>
#include <vector>

#include "frontend/frontend.hpp"
#include "tests/frontend/test_util.hpp"

namespace racecert::fetest {

inline frontend::ParsedFile parse(const std::string& source, const std::string& ext = ".cu", frontend::Options o = {}) {
  return frontend::parse_kernels(kernel_file(source, ext), o);
}

// The one kernel named `name` (fails the test if absent).
inline const frontend::LoweredKernel& kernel(const frontend::ParsedFile& f, const std::string& name) {
  for (const auto& k : f.kernels)
    if (k.kernel.name == name) return k;
  ADD_FAILURE() << "no kernel " << name;
  static frontend::LoweredKernel none;
  return none;
}

// Every statement of a block, nested ones included, in program order.
inline void walk(const kir::Block& b, const std::function<void(const kir::Stmt&)>& f) {
  kir::any_statement(b, [&](const kir::Stmt& s) {
    f(s);
    return false;
  });
}

template <class T> std::vector<T> all(const kir::Kernel& k) {
  std::vector<T> out;
  walk(k.body, [&](const kir::Stmt& s) {
    if (s.is<T>()) out.push_back(s.as<T>());
  });
  return out;
}

inline std::string str(const expr::Expr& e) { return e ? expr::to_string(e) : "null"; }

}  // namespace racecert::fetest
