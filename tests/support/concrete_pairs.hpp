#pragma once
// Concurrent access pairs, computed concretely two ways for Theorem 1's
// pair-inclusion check: from the reference interpreter's phases, and from the
// protocol closures produced by aligning and splitting (binders enumerated
// over a small range). Pairs are of accesses by distinct threads of the same
// block; an access is identified by its explicit source line.
#include <cstdint>
#include <set>
#include <tuple>
#include <vector>

#include "protocol/interpreter.hpp"
#include "transform/split.hpp"

namespace racecert::testkit {

struct AccessInstance {
  int site = 0;
  std::int64_t thread = 0;
  std::vector<std::int64_t> index;
  auto key() const { return std::tie(site, thread, index); }
  bool operator<(const AccessInstance& o) const { return key() < o.key(); }
  bool operator==(const AccessInstance& o) const { return key() == o.key(); }
};

using AccessPair = std::pair<AccessInstance, AccessInstance>;  // first < second

std::set<AccessPair> interpreter_pairs(const protocol::ConcreteResult& r);
std::set<AccessPair> closure_pairs(const protocol::Kernel& k, const std::vector<transform::Closure>& closures,
                                   const protocol::ConcreteConfig& cfg);

}  // namespace racecert::testkit
