// Only staged content is checked: every file is read from the index (git
// cat-file) into a private temporary directory, together with the staged
// headers it may include, and the checker runs there. The user's working
// tree and index are never written.
#include "harness/hook/hook_run.hpp"

#include <stdlib.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "harness/hook/cache.hpp"
#include "harness/hook/config.hpp"
#include "harness/hook/git.hpp"
#include "harness/kernel_header.hpp"
#include "harness/process.hpp"
#include "support/diagnostic.hpp"

namespace fs = std::filesystem;

namespace racecert::harness::hook {

namespace {

// Staged headers exported next to the checked kernels so that their
// #includes see the staged version too. They are part of every cache key,
// so only headers: another kernel changing must not invalidate the rest.
const std::vector<std::string> kIncludeExtensions = {".cuh", ".h", ".hpp", ".hh", ".hxx", ".inc", ".inl"};

bool has_ext(const std::string& path, const std::vector<std::string>& exts) {
  std::string e = fs::path(path).extension().string();
  return std::find(exts.begin(), exts.end(), e) != exts.end();
}

// A private directory, removed when the run ends.
class TempDir {
 public:
  TempDir() {
    std::string base = (fs::temp_directory_path() / "racecert-hook-XXXXXX").string();
    if (!::mkdtemp(base.data())) throw input_error(SourceLoc{}, "cannot create a temporary directory");
    path_ = base;
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

enum class FileVerdict { Drf, Violation, Inconclusive };

struct Checked {
  std::string path;
  FileVerdict verdict = FileVerdict::Inconclusive;
  std::string output;  // the checker's diagnostics
  std::string why;     // for inconclusive files: one line
  bool cached = false;
};

HookConfig load_config(const std::string& top) {
  // The staged .racecert, like everything else the hook reads; a file that
  // is not tracked is read from the working tree.
  if (auto staged = staged_content(".racecert")) return parse_hook_config(*staged, ".racecert");
  std::string wt = top + "/.racecert";
  if (fs::exists(wt)) return parse_hook_config(read_file(wt), ".racecert");
  return HookConfig{};
}

std::string resolve_checker(const HookConfig& c, const std::string& top) {
  std::string name;
  if (const char* env = std::getenv(kCheckerEnv); env && *env) name = env;
  else if (!c.checker.empty()) name = c.checker.find('/') != std::string::npos && c.checker[0] != '/' ? top + "/" + c.checker : c.checker;
  else return self_executable();
  std::string found = find_program(name);
  if (found.empty()) throw usage_error("checker '" + name + "' not found or not executable");
  return found;
}

// Identity of the checker executable for the cache key: a rebuilt racecert
// must not reuse the verdicts of the old one.
std::string checker_identity(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return path;
  return path + "|" + std::to_string(st.st_size) + "|" + std::to_string(st.st_mtim.tv_sec) + "." +
         std::to_string(st.st_mtim.tv_nsec);
}

std::vector<std::string> checker_args(const std::string& path, const KernelHeader& header, const KernelSettings& s) {
  std::vector<std::string> args = {"check", path, "--format", "text"};
  // The file's own header wins; .racecert fills in what it leaves out.
  if (!header.block && s.block) args.insert(args.end(), {"--block-dim", s.block->str()});
  if (!header.grid && s.grid) args.insert(args.end(), {"--grid-dim", s.grid->str()});
  if (header.defines.empty())
    for (const auto& d : s.defines) args.push_back("-D" + d);
  return args;
}

void write_file(const fs::path& p, const std::string& text) {
  std::error_code ec;
  fs::create_directories(p.parent_path(), ec);
  std::ofstream os(p, std::ios::binary);
  os << text;
  if (!os.flush()) throw input_error(SourceLoc{p.string(), 0, 0}, "cannot write temporary file");
}

std::string first_line_of(const std::string& text) {
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    std::string l = text.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
    if (l.find_first_not_of(" \t\r") != std::string::npos) return l;
    if (end == std::string::npos) break;
    pos = end + 1;
  }
  return "";
}

}  // namespace

namespace {

int run_hook_unguarded(const HookRunOptions& o, std::ostream& err) {
  std::string top = top_level();
  HookConfig config = load_config(top);
  std::string checker = resolve_checker(config, top);

  // Which files, and their staged blobs. The whole index is listed only
  // when some kernel is to be checked: most commits touch none.
  std::vector<IndexEntry> index;
  std::vector<IndexEntry> targets;
  if (o.files.empty()) {
    targets = staged_changes();
  } else {
    index = index_entries();
    for (const auto& f : o.files) {
      std::string rel = fs::absolute(f).lexically_normal().lexically_relative(top).generic_string();
      auto it = std::find_if(index.begin(), index.end(), [&](const IndexEntry& e) { return e.path == rel; });
      if (it != index.end()) targets.push_back(*it);
    }
  }
  targets.erase(std::remove_if(targets.begin(), targets.end(),
                               [&](const IndexEntry& e) {
                                 return !e.regular_file() || !has_ext(e.path, config.extensions);
                               }),
                targets.end());
  if (targets.empty()) return 0;
  if (index.empty()) index = index_entries();

  std::vector<IndexEntry> support;
  std::string support_ids;
  for (const auto& e : index)
    if (e.regular_file() && has_ext(e.path, kIncludeExtensions)) {
      support.push_back(e);
      support_ids += e.path + '\0' + e.blob + '\0';
    }
  std::vector<std::string> ids;
  for (const auto& e : targets) ids.push_back(e.blob);
  auto blobs = read_blobs(ids);

  VerdictCache cache(common_git_dir() + "/racecert-cache");
  std::string checker_id = checker_identity(checker);
  char timeout_text[32];
  std::snprintf(timeout_text, sizeof timeout_text, "%g", config.timeout_s);
  std::unique_ptr<TempDir> tmp;  // made on the first cache miss

  std::vector<Checked> results;
  for (const auto& e : targets) {
    Checked c;
    c.path = e.path;
    const std::string& content = blobs[e.blob];
    KernelHeader header;
    try {
      header = parse_kernel_header(content, e.path);
    } catch (const Error& ex) {
      c.verdict = FileVerdict::Inconclusive;
      c.why = ex.render();
      results.push_back(c);
      continue;
    }
    auto args = checker_args(e.path, header, config.settings_for(e.path));
    std::vector<std::string> key_parts = {"racecert-hook-cache-v1", checker_id, timeout_text, e.path, e.blob,
                                          support_ids};
    key_parts.insert(key_parts.end(), args.begin(), args.end());
    std::string key = content_key(key_parts);

    std::optional<CachedVerdict> hit = config.cache ? cache.get(key) : std::nullopt;
    int code;
    if (hit) {
      code = hit->exit_code;
      c.output = hit->output;
      c.cached = true;
    } else {
      if (!tmp) {
        tmp = std::make_unique<TempDir>();
        std::vector<std::string> support_blobs;
        for (const auto& s : support) support_blobs.push_back(s.blob);
        auto contents = read_blobs(support_blobs);
        for (const auto& s : support) write_file(fs::path(tmp->path()) / s.path, contents[s.blob]);
      }
      write_file(fs::path(tmp->path()) / e.path, content);
      ProcessSpec spec;
      spec.argv = {checker};
      spec.argv.insert(spec.argv.end(), args.begin(), args.end());
      spec.cwd = tmp->path();  // diagnostics then name the file by its path in the repository
      spec.timeout_s = config.timeout_s;
      ProcessResult r = run_process(spec);
      c.output = r.out + r.err;
      if (!r.exited_normally()) {
        c.verdict = FileVerdict::Inconclusive;
        c.why = "checker " + r.describe();
        results.push_back(c);
        continue;
      }
      code = r.exit_code;
      if (config.cache && (code == 0 || code == 1 || code == 4)) cache.put(key, {code, c.output});
    }
    switch (code) {
      case 0: c.verdict = FileVerdict::Drf; break;
      case 1: c.verdict = FileVerdict::Violation; break;
      case 4:
        c.verdict = FileVerdict::Inconclusive;
        c.why = "inconclusive";
        break;
      default:
        // 2: the checker could not read the file (a construct it does not
        // support yet, a syntax error the compiler will report anyway);
        // 3: a bad flag, e.g. a .racecert setting it does not know.
        c.verdict = FileVerdict::Inconclusive;
        c.why = "checker exit " + std::to_string(code) + ": " + first_line_of(c.output);
    }
    results.push_back(c);
  }

  int violations = 0, inconclusive = 0, drf = 0, cached = 0;
  for (const auto& c : results) {
    cached += c.cached;
    switch (c.verdict) {
      case FileVerdict::Violation:
        ++violations;
        err << c.output;
        if (!c.output.empty() && c.output.back() != '\n') err << "\n";
        break;
      case FileVerdict::Inconclusive:
        ++inconclusive;
        err << c.path << ": warning: racecert could not decide data-race freedom (" << c.why << ")"
            << (c.cached ? " [cached]" : "") << "\n";
        if (o.verbose && !c.output.empty()) err << c.output;
        break;
      case FileVerdict::Drf:
        ++drf;
        if (o.verbose) err << c.path << ": data-race free" << (c.cached ? " [cached]" : "") << "\n";
        break;
    }
  }
  bool block = violations > 0 || (config.block_on_inconclusive && inconclusive > 0);
  err << "racecert hook: " << results.size() << " staged kernel file(s) checked";
  if (cached) err << " (" << cached << " from cache)";
  err << ": " << violations << " with a race or divergence, " << inconclusive << " inconclusive, " << drf
      << " data-race free\n";
  if (block) {
    err << "racecert hook: commit blocked"
        << (violations ? "" : " (block-on-inconclusive is set in .racecert)")
        << "; `git commit --no-verify` skips this check\n";
  }
  return block ? 1 : 0;
}

}  // namespace

int run_hook(const HookRunOptions& o, std::ostream& err) {
  try {
    return run_hook_unguarded(o, err);
  } catch (const Error& e) {
    err << "racecert hook: " << e.render() << "\n";
    return e.code();
  } catch (const std::exception& e) {
    // A full disk, an unreadable temporary directory: still one line.
    err << "racecert hook: error: " << e.what() << "\n";
    return kExitBadInput;
  }
}

}  // namespace racecert::harness::hook
