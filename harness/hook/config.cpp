#include "harness/hook/config.hpp"

#include <fnmatch.h>

#include <cstdlib>

#include "support/diagnostic.hpp"

namespace racecert::harness::hook {

namespace {

bool parse_bool(const std::string& v, bool& out) {
  if (v == "true" || v == "yes" || v == "on" || v == "1") return out = true, true;
  if (v == "false" || v == "no" || v == "off" || v == "0") return out = false, true;
  return false;
}

std::string without_blanks(const std::string& v) {
  std::string s;
  for (char c : v)
    if (c != ' ' && c != '\t') s += c;
  return s;
}

}  // namespace

KernelSettings HookConfig::settings_for(const std::string& path) const {
  KernelSettings s = defaults;
  for (const auto& sec : sections) {
    if (::fnmatch(sec.pattern.c_str(), path.c_str(), 0) != 0) continue;
    if (sec.settings.block) s.block = sec.settings.block;
    if (sec.settings.grid) s.grid = sec.settings.grid;
    if (!sec.settings.defines.empty()) s.defines = sec.settings.defines;
  }
  return s;
}

HookConfig parse_hook_config(const std::string& text, const std::string& filename) {
  HookConfig c;
  KernelSettings* current = &c.defaults;
  bool in_section = false;
  for (const auto& l : parse_config_lines(text, filename)) {
    SourceLoc at{filename, l.line, l.value_column};
    if (l.section) {
      c.sections.push_back({l.key, {}});
      current = &c.sections.back().settings;
      in_section = true;
      continue;
    }
    const std::string& k = l.key;
    const std::string& v = l.value;
    auto bad = [&](const std::string& what) { return input_error(at, "invalid value for '" + k + "': " + what); };
    if (k == "block-dim" || k == "grid-dim") {
      auto d = parse_dim3(without_blanks(v));
      if (!d) throw bad("expected N or [X,Y,Z], each from 1 to 2^31-1");
      (k == "block-dim" ? current->block : current->grid) = d;
      continue;
    }
    if (k == "define") {
      if (v.empty() || v.find_first_of(" \t") != std::string::npos) throw bad("expected NAME or NAME=VALUE");
      current->defines.push_back(v);
      continue;
    }
    if (in_section)
      throw input_error(SourceLoc{filename, l.line, 1},
                        "'" + k + "' applies to the whole repository: put it before the first [pattern]");
    if (k == "timeout") {
      char* endp = nullptr;
      double t = std::strtod(v.c_str(), &endp);
      if (v.empty() || *endp != '\0' || !(t > 0) || t > 86400) throw bad("expected seconds, from 0 to 86400");
      c.timeout_s = t;
    } else if (k == "block-on-inconclusive") {
      if (!parse_bool(v, c.block_on_inconclusive)) throw bad("expected true or false");
    } else if (k == "accept-bounded") {
      if (!parse_bool(v, c.accept_bounded)) throw bad("expected true or false");
    } else if (k == "cache") {
      if (!parse_bool(v, c.cache)) throw bad("expected true or false");
    } else if (k == "extensions") {
      c.extensions.clear();
      std::size_t s = 0;
      while (s < v.size()) {
        std::size_t e = v.find_first_of(" \t,", s);
        std::string ext = v.substr(s, e == std::string::npos ? std::string::npos : e - s);
        if (!ext.empty()) {
          if (ext[0] != '.' || ext.size() < 2) throw bad("extensions start with '.', e.g. .cu .cuh .cl");
          c.extensions.push_back(ext);
        }
        if (e == std::string::npos) break;
        s = e + 1;
      }
      if (c.extensions.empty()) throw bad("expected a list such as .cu .cuh .cl");
    } else if (k == "checker") {
      if (v.empty()) throw bad("expected a path or a program name");
      c.checker = v;
    } else {
      throw input_error(SourceLoc{filename, l.line, 1},
                        "unknown key '" + k +
                            "' (expected block-dim, grid-dim, define, timeout, block-on-inconclusive, accept-bounded, extensions, "
                            "checker or cache)");
    }
  }
  return c;
}

}  // namespace racecert::harness::hook
