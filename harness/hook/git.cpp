#include "harness/hook/git.hpp"

#include <filesystem>
#include <optional>
#include <utility>

#include "harness/process.hpp"
#include "support/diagnostic.hpp"

namespace racecert::harness::hook {

namespace {

ProcessResult run_git(const std::vector<std::string>& args, const std::string& stdin_data, bool feed_stdin) {
  ProcessSpec spec;
  spec.argv = {"git"};
  spec.argv.insert(spec.argv.end(), args.begin(), args.end());
  spec.env = {{"GIT_OPTIONAL_LOCKS", "0"}, {"LC_ALL", "C"}};
  spec.stdin_data = stdin_data;
  spec.feed_stdin = feed_stdin;
  spec.output_limit = std::size_t{1} << 31;  // blobs: no truncation
  return run_process(spec);
}

std::string trim_newline(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
  return s;
}

std::string absolute(const std::string& p) {
  return std::filesystem::absolute(p).lexically_normal().string();
}

// Splits NUL-terminated records.
std::vector<std::string> nul_split(const std::string& s) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start < s.size()) {
    std::size_t end = s.find('\0', start);
    if (end == std::string::npos) end = s.size();
    out.push_back(s.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

}  // namespace

std::string git(const std::vector<std::string>& args, const std::string& stdin_data, bool feed_stdin) {
  ProcessResult r = run_git(args, stdin_data, feed_stdin);
  if (!r.started) throw usage_error("cannot run git: " + r.start_error);
  if (r.exit_code != 0) {
    std::string msg = trim_newline(r.err);
    if (msg.find("not a git repository") != std::string::npos) throw usage_error("not inside a git repository");
    std::string first = msg.substr(0, msg.find('\n'));
    throw input_error(SourceLoc{}, "git " + (args.empty() ? std::string() : args[0]) + " failed: " + first);
  }
  return r.out;
}

std::string top_level() {
  try {
    return trim_newline(git({"rev-parse", "--show-toplevel"}));
  } catch (const Error& e) {
    // A bare repository, or inside .git: nothing to check there.
    throw usage_error(e.what());
  }
}

std::string common_git_dir() { return absolute(trim_newline(git({"rev-parse", "--git-common-dir"}))); }

std::string hooks_dir() {
  // `--git-path hooks` follows core.hooksPath (relative values are relative
  // to the top of the working tree, which is where hooks run).
  std::string p = trim_newline(git({"rev-parse", "--git-path", "hooks"}));
  return absolute(p);
}

std::vector<IndexEntry> staged_changes() {
  std::string base = "HEAD";
  ProcessResult head = run_git({"rev-parse", "--verify", "-q", "HEAD"}, "", false);
  if (!head.started || head.exit_code != 0)  // no commit yet: compare with the empty tree
    base = trim_newline(git({"hash-object", "-t", "tree", "--stdin"}, "", true));
  std::string raw =
      git({"diff-index", "--cached", "--raw", "-z", "--no-renames", "--no-abbrev", "--diff-filter=ACM", base});
  // Records: ":oldmode newmode oldid newid status" NUL path NUL.
  auto fields = nul_split(raw);
  std::vector<IndexEntry> out;
  for (std::size_t i = 0; i + 1 < fields.size(); i += 2) {
    const std::string& meta = fields[i];
    std::vector<std::string> parts;
    std::size_t s = meta.rfind(':', 0) == 0 ? 1 : 0;
    while (s < meta.size()) {
      std::size_t sp = meta.find(' ', s);
      parts.push_back(meta.substr(s, sp == std::string::npos ? std::string::npos : sp - s));
      if (sp == std::string::npos) break;
      s = sp + 1;
    }
    if (parts.size() < 5) throw input_error(SourceLoc{}, "unexpected output of git diff-index: '" + meta + "'");
    out.push_back({fields[i + 1], parts[1], parts[3]});
  }
  return out;
}

std::vector<IndexEntry> index_entries() {
  std::string raw = git({"ls-files", "--stage", "-z", "--full-name", "--", ":(top)"});
  std::vector<IndexEntry> out;
  for (const auto& rec : nul_split(raw)) {
    // "mode id stage\tpath"
    auto tab = rec.find('\t');
    if (tab == std::string::npos) continue;
    std::string meta = rec.substr(0, tab);
    auto sp1 = meta.find(' '), sp2 = meta.rfind(' ');
    if (sp1 == std::string::npos || sp2 == sp1) continue;
    if (meta.substr(sp2 + 1) != "0") continue;  // conflict stages: nothing to commit yet
    out.push_back({rec.substr(tab + 1), meta.substr(0, sp1), meta.substr(sp1 + 1, sp2 - sp1 - 1)});
  }
  return out;
}

namespace {

// One header line of `git cat-file --batch` or `--batch-check`: "id type size",
// or "id missing". Missing objects give nullopt; a size that is not a number
// sets `malformed` (git never writes one: the caller decides how loud to be).
std::optional<std::pair<std::string, std::size_t>> blob_header(const std::string& line, bool& malformed) {
  malformed = false;
  auto sp1 = line.find(' '), sp2 = line.rfind(' ');
  if (sp1 == std::string::npos || sp2 == sp1) return std::nullopt;  // "missing"
  std::string size_text = line.substr(sp2 + 1);
  if (size_text.empty() || size_text.size() > 15 || size_text.find_first_not_of("0123456789") != std::string::npos) {
    malformed = true;
    return std::nullopt;
  }
  return std::make_pair(line.substr(0, sp1), static_cast<std::size_t>(std::stoull(size_text)));
}

std::string batch_request(const std::vector<std::string>& ids) {
  std::string request;
  for (const auto& id : ids) request += id + "\n";
  return request;
}

}  // namespace

std::map<std::string, std::string> read_blobs(const std::vector<std::string>& ids) {
  std::map<std::string, std::string> out;
  if (ids.empty()) return out;
  std::string raw = git({"cat-file", "--batch"}, batch_request(ids), true);
  // Each answer: a header line, then (unless missing) the content and "\n".
  std::size_t pos = 0;
  while (pos < raw.size()) {
    std::size_t nl = raw.find('\n', pos);
    if (nl == std::string::npos) break;
    std::string head = raw.substr(pos, nl - pos);
    pos = nl + 1;
    bool malformed = false;
    auto header = blob_header(head, malformed);
    if (malformed) throw input_error(SourceLoc{}, "unexpected output of git cat-file: '" + head + "'");
    if (!header) continue;
    auto [id, size] = *header;
    if (pos + size > raw.size()) throw input_error(SourceLoc{}, "truncated output of git cat-file");
    out[id] = raw.substr(pos, size);
    pos += size + 1;
  }
  return out;
}

std::map<std::string, std::size_t> blob_sizes(const std::vector<std::string>& ids) {
  std::map<std::string, std::size_t> out;
  if (ids.empty()) return out;
  std::string raw = git({"cat-file", "--batch-check"}, batch_request(ids), true);
  std::size_t pos = 0;
  while (pos < raw.size()) {
    std::size_t nl = raw.find('\n', pos);
    std::string line = raw.substr(pos, nl == std::string::npos ? std::string::npos : nl - pos);
    pos = nl == std::string::npos ? raw.size() : nl + 1;
    bool malformed = false;
    if (auto header = blob_header(line, malformed)) out[header->first] = header->second;
  }
  return out;
}

std::optional<std::string> staged_content(const std::string& path) {
  ProcessResult r = run_git({"cat-file", "blob", ":" + path}, "", false);
  if (!r.started || r.exit_code != 0) return std::nullopt;
  return r.out;
}

}  // namespace racecert::harness::hook
