#include "support/file_name.hpp"

#include <mutex>
#include <ostream>
#include <unordered_set>

namespace racecert {

namespace {

// Transparent hashing so that looking a name up does not build a std::string.
struct NameHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};

struct NameTable {
  std::mutex mutex;
  // Node-based: the address of an element never changes, rehashing included.
  std::unordered_set<std::string, NameHash, std::equal_to<>> names;
};

NameTable& table() {
  static NameTable* t = new NameTable;  // never destroyed: handles may outlive static destructors
  return *t;
}

const std::string* intern(std::string_view name) {
  // A run makes the same name over and over (every statement of a file):
  // remember the last one per thread, so the common case takes no lock.
  thread_local const std::string* last = nullptr;
  if (last != nullptr && *last == name) return last;
  NameTable& t = table();
  std::lock_guard<std::mutex> lock(t.mutex);
  auto it = t.names.find(name);
  if (it == t.names.end()) it = t.names.emplace(name).first;
  last = &*it;
  return last;
}

const std::string* empty_name() {
  static const std::string* const empty = intern(std::string_view());
  return empty;
}

}  // namespace

FileName::FileName() : name_(empty_name()) {}

FileName::FileName(std::string_view name) : name_(intern(name)) {}

std::ostream& operator<<(std::ostream& os, const FileName& f) { return os << f.str(); }

}  // namespace racecert
