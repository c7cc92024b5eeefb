#pragma once
// Verdicts of the hook, cached by content hash in the repository's git
// directory (.git/racecert-cache/), never in the working tree. The key
// covers everything the verdict depends on: the file's staged content and
// path, the staged headers, the dimensions and flags, the timeout and the
// checker executable itself (path, size, modification time).
#include <optional>
#include <vector>
#include <string>

namespace racecert::harness::hook {

struct CachedVerdict {
  int exit_code = 0;   // the checker's: 0 DRF, 1 violation, 4 inconclusive
  std::string output;  // its diagnostics, printed again on a hit
};

class VerdictCache {
 public:
  explicit VerdictCache(std::string dir) : dir_(std::move(dir)) {}
  std::optional<CachedVerdict> get(const std::string& key) const;
  // Best effort: a cache that cannot be written only costs time.
  void put(const std::string& key, const CachedVerdict& v) const;

 private:
  std::string dir_;
};

// Hex SHA-256 of the parts, each length-prefixed so that no two different
// lists hash alike.
std::string content_key(const std::vector<std::string>& parts);

}  // namespace racecert::harness::hook
