#include "harness/hook/cache.hpp"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <llvm/ADT/StringExtras.h>
#include <llvm/Support/JSON.h>
#include <llvm/Support/SHA256.h>

namespace racecert::harness::hook {

std::string content_key(const std::vector<std::string>& parts) {
  llvm::SHA256 h;
  for (const auto& p : parts) {
    std::string len = std::to_string(p.size()) + ":";
    h.update(llvm::StringRef(len));
    h.update(llvm::StringRef(p));
  }
  auto digest = h.final();
  return llvm::toHex(llvm::ArrayRef<uint8_t>(digest.data(), digest.size()), /*LowerCase=*/true);
}

std::optional<CachedVerdict> VerdictCache::get(const std::string& key) const {
  std::ifstream in(dir_ + "/" + key + ".json", std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream ss;
  ss << in.rdbuf();
  auto parsed = llvm::json::parse(ss.str());
  if (!parsed) {
    llvm::consumeError(parsed.takeError());
    return std::nullopt;  // a damaged entry is a miss
  }
  const auto* o = parsed->getAsObject();
  if (!o) return std::nullopt;
  auto code = o->getInteger("exit_code");
  auto out = o->getString("output");
  if (!code || !out) return std::nullopt;
  return CachedVerdict{static_cast<int>(*code), out->str()};
}

void VerdictCache::put(const std::string& key, const CachedVerdict& v) const {
  std::error_code ec;
  std::filesystem::create_directories(dir_, ec);
  if (ec) return;
  std::string output = llvm::json::isUTF8(v.output) ? v.output : llvm::json::fixUTF8(v.output);
  llvm::json::Object o{{"version", 1}, {"exit_code", v.exit_code}, {"output", output}};
  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::json::Value(std::move(o));
  os.flush();
  // Write then rename, so that a concurrent hook never reads half an entry.
  std::string tmp = dir_ + "/." + key + "." + std::to_string(::getpid()) + ".tmp";
  {
    std::ofstream f(tmp, std::ios::binary);
    f << text;
    if (!f.flush()) {
      std::filesystem::remove(tmp, ec);
      return;
    }
  }
  std::filesystem::rename(tmp, dir_ + "/" + key + ".json", ec);
  if (ec) std::filesystem::remove(tmp, ec);
}

}  // namespace racecert::harness::hook
