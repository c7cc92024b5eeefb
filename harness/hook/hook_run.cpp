// Only staged content is checked: every file is read from the index (git
// cat-file) into a private temporary directory, together with the staged
// headers it may include, and the checker runs there, one process per file,
// several at a time. The user's working tree and index are never written.
#include "harness/hook/hook_run.hpp"

#include <stdlib.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>

#include "harness/hook/cache.hpp"
#include "harness/hook/config.hpp"
#include "harness/hook/git.hpp"
#include "harness/interrupt.hpp"
#include "support/gpuverify_header.hpp"
#include "harness/process.hpp"
#include "support/diagnostic.hpp"
#include "support/parallel.hpp"

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

// Staged files larger than this are not read: no kernel is this big, and a
// huge file in a commit must not make the hook read it into memory.
constexpr std::size_t kMaxFileBytes = std::size_t{16} << 20;

enum class FileVerdict { Drf, Violation, Inconclusive, Malformed };

struct Checked {
  std::string path;
  FileVerdict verdict = FileVerdict::Inconclusive;
  std::string output;  // the checker's diagnostics
  std::string why;     // inconclusive: one line; malformed: the error
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

std::vector<std::string> checker_args(const std::string& path, const GpuVerifyHeader& header, const KernelSettings& s,
                                      bool accept_bounded) {
  std::vector<std::string> args = {"check", "--format", "text"};
  // The explorer's `bounded` (one launch explored, no problem found) passes
  // the hook when the repository says so; otherwise it is inconclusive.
  if (accept_bounded) args.push_back("--accept-bounded");
  // The file's own header wins (a `*` in it too: that dimension stays
  // symbolic); .racecert fills in what it leaves out.
  if (!header.block && !header.block_unconstrained && s.block) args.insert(args.end(), {"--block-dim", s.block->str()});
  if (!header.grid && !header.grid_unconstrained && s.grid) args.insert(args.end(), {"--grid-dim", s.grid->str()});
  if (header.defines.empty())
    for (const auto& d : s.defines) args.push_back("-D" + d);
  // After "--", so that a file named "-x.cu" is not read as an option, and
  // as "./-x.cu" as well: the checker may hand the name on to a program that
  // knows no "--" (racecert's front end passes it to Clang's driver).
  args.insert(args.end(), {"--", path[0] == '-' ? "./" + path : path});
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

// A file to check, or one whose outcome is already known (a FILE given on
// the command line that is not in the index, a file too large to read).
struct Item {
  IndexEntry entry;
  std::optional<Checked> decided;
};

Checked inconclusive(const std::string& path, const std::string& why) {
  Checked c;
  c.path = path;
  c.why = why;
  return c;
}

// The staged changes, or the FILEs given, in their order. A FILE that is
// not in the index is not checked (its staged content is what a commit
// would take, and there is none) but said so; one that does not exist at
// all is an error, so that a typo cannot pass for a checked file.
std::vector<Item> select_files(const HookRunOptions& o, const HookConfig& config, const std::string& top,
                               std::vector<IndexEntry>& index, std::ostream& err) {
  std::vector<Item> items;
  if (o.files.empty()) {
    for (const auto& e : staged_changes())
      if (e.regular_file() && has_ext(e.path, config.extensions)) items.push_back({e, std::nullopt});
    return items;
  }
  index = index_entries();
  std::vector<std::string> notes;
  for (const auto& f : o.files) {
    std::string rel = fs::absolute(f).lexically_normal().lexically_relative(top).generic_string();
    auto it = std::find_if(index.begin(), index.end(), [&](const IndexEntry& e) { return e.path == rel; });
    if (it == index.end()) {
      std::error_code ec;
      if (!fs::exists(fs::symlink_status(f, ec)))
        throw input_error(SourceLoc{f, 0, 0}, "no such file (neither in the index nor in the working tree)");
      bool outside = rel.empty() || rel.rfind("..", 0) == 0;
      items.push_back({{}, inconclusive(f, outside ? "outside the repository, not checked"
                                                   : "not in the index, not checked: `git add` it first")});
    } else if (!it->regular_file() || !has_ext(it->path, config.extensions)) {
      notes.push_back(f + ": note: not a kernel file (a symlink, a submodule, or an extension not in .racecert's "
                          "`extensions`), not checked");
    } else {
      items.push_back({*it, std::nullopt});
    }
  }
  for (const auto& n : notes) err << n << "\n";
  return items;
}

void set_verdict(Checked& c, int code) {
  switch (code) {
    case 0: c.verdict = FileVerdict::Drf; break;
    case 1: c.verdict = FileVerdict::Violation; break;
    case 4:
      c.verdict = FileVerdict::Inconclusive;
      c.why = "inconclusive";
      break;
    case 2:
      // A header of helpers only has nothing to race on: it never blocks or
      // warns. racecert before issue 17 exited 2 with this message; since,
      // it exits 0.
      if (first_line_of(c.output).find("no kernel") != std::string::npos) {
        c.verdict = FileVerdict::Drf;
        c.why = "no kernels";
        break;
      }
      [[fallthrough]];
    default:
      // 2: the checker could not read the file (a construct it does not
      // support yet, a syntax error the compiler will report anyway);
      // 3: a bad flag, e.g. a .racecert setting it does not know.
      c.verdict = FileVerdict::Inconclusive;
      c.why = "checker exit " + std::to_string(code) + ": " + first_line_of(c.output);
  }
}

// Prints every file's outcome in order and the summary; returns the exit code.
int report(const std::vector<Checked>& results, const HookConfig& config, bool verbose, bool working_tree,
           std::ostream& err) {
  int violations = 0, malformed = 0, inconclusive = 0, drf = 0, cached = 0;
  for (const auto& c : results) {
    cached += c.cached;
    switch (c.verdict) {
      case FileVerdict::Violation:
        ++violations;
        err << c.output;
        if (!c.output.empty() && c.output.back() != '\n') err << "\n";
        break;
      case FileVerdict::Malformed:
        ++malformed;
        err << c.why << "\n";
        break;
      case FileVerdict::Inconclusive:
        ++inconclusive;
        err << c.path << ": warning: racecert could not decide data-race freedom (" << c.why << ")"
            << (c.cached ? " [cached]" : "") << "\n";
        if (verbose && !c.output.empty()) err << c.output;
        break;
      case FileVerdict::Drf:
        ++drf;
        if (verbose)
          err << c.path << ": " << (c.why.empty() ? "data-race free" : c.why) << (c.cached ? " [cached]" : "") << "\n";
        break;
    }
  }
  bool block = violations > 0 || malformed > 0 || (config.block_on_inconclusive && inconclusive > 0);
  err << "racecert hook: " << results.size() << (working_tree ? "" : " staged") << " kernel file(s) checked";
  if (cached) err << " (" << cached << " from cache)";
  err << ": " << violations << " with a race or divergence, ";
  if (malformed) err << malformed << " with a malformed header, ";
  err << inconclusive << " inconclusive, " << drf << " data-race free\n";
  if (block) {
    err << "racecert hook: commit blocked"
        << (violations || malformed ? "" : " (block-on-inconclusive is set in .racecert)")
        << "; `git commit --no-verify` skips this check\n";
  }
  if (malformed) return kExitBadInput;  // as in `racecert check`: malformed input first
  return block ? kExitViolation : kExitOk;
}

// A checker to run for results[item]; `key` its verdict-cache key.
struct Job {
  std::size_t item;
  std::string key;
  ProcessSpec spec;
};

// Runs the checkers, one per core at most, each under its own timeout, and
// sets their files' verdicts (results are kept by index, so the output
// follows the order of the files); stores them in `cache` unless null.
// Returns false when interrupted: then nothing was decided.
bool run_jobs(const std::vector<Job>& jobs, std::vector<Checked>& results, VerdictCache* cache) {
  std::vector<ProcessResult> runs(jobs.size());
  parallel_for(jobs.size(), default_jobs(), [&](std::size_t j) { runs[j] = run_process(jobs[j].spec); });
  if (termination_signal()) return false;
  for (std::size_t j = 0; j < jobs.size(); ++j) {
    Checked& c = results[jobs[j].item];
    const ProcessResult& r = runs[j];
    c.output = r.out + r.err;
    if (!r.exited_normally()) {
      c.verdict = FileVerdict::Inconclusive;
      c.why = "checker " + r.describe();
      continue;
    }
    if (cache && (r.exit_code == 0 || r.exit_code == 1 || r.exit_code == 4))
      cache->put(jobs[j].key, {r.exit_code, c.output});
    set_verdict(c, r.exit_code);
  }
  return true;
}

// The pre-commit framework's entry: the FILEs as they are on disk, checked
// in place from the top of the working tree (their #includes see the
// working tree too). A FILE that does not exist is an error, as in the
// index mode.
int run_working_tree(const HookRunOptions& o, const HookConfig& config, const std::string& checker,
                     const std::string& top, std::ostream& err) {
  std::vector<Job> jobs;
  std::vector<Checked> results;
  for (const auto& f : o.files) {
    std::error_code ec;
    fs::path abs = fs::absolute(f).lexically_normal();
    std::string rel = abs.lexically_relative(top).generic_string();
    bool outside = rel.empty() || rel.rfind("..", 0) == 0;
    std::string path = outside ? abs.string() : rel;  // as diagnostics name it, from `top`
    if (!fs::exists(fs::symlink_status(f, ec)))
      throw input_error(SourceLoc{f, 0, 0}, "no such file or directory");
    if (!fs::is_regular_file(f, ec) || !has_ext(f, config.extensions)) {
      err << f << ": note: not a kernel file (a directory, or an extension not in .racecert's `extensions`), not checked\n";
      continue;
    }
    Checked c;
    c.path = path;
    std::uintmax_t size = fs::file_size(f, ec);
    if (!ec && size > kMaxFileBytes) {
      results.push_back(inconclusive(path, "too large to check: " + std::to_string(size) + " bytes, the limit is " +
                                               std::to_string(kMaxFileBytes)));
      continue;
    }
    GpuVerifyHeader header = parse_gpuverify_header(read_file(f), path);
    if (header.malformed) {
      c.verdict = FileVerdict::Malformed;
      c.why = header.malformed->render();
      results.push_back(c);
      continue;
    }
    Job job{results.size(), "", {}};
    job.spec.argv = {checker};
    auto args = checker_args(path, header, config.settings_for(outside ? f : rel), config.accept_bounded);
    job.spec.argv.insert(job.spec.argv.end(), args.begin(), args.end());
    job.spec.cwd = top;
    job.spec.timeout_s = config.timeout_s;
    jobs.push_back(std::move(job));
    results.push_back(c);
  }
  if (results.empty()) return kExitOk;
  if (!run_jobs(jobs, results, nullptr)) return kExitOk;  // run_hook reports the signal
  return report(results, config, o.verbose, true, err);
}

int run_hook_unguarded(const HookRunOptions& o, std::ostream& err) {
  std::string top = top_level();
  HookConfig config = load_config(top);
  std::string checker = resolve_checker(config, top);
  if (o.working_tree) return run_working_tree(o, config, checker, top, err);

  // The whole index is listed only when some kernel is to be checked: most
  // commits touch none.
  std::vector<IndexEntry> index;
  std::vector<Item> items = select_files(o, config, top, index, err);
  if (items.empty()) return kExitOk;
  if (index.empty()) index = index_entries();

  // Sizes first: a huge staged file is neither read nor exported.
  std::vector<std::string> size_ids;
  for (const auto& e : index)
    if (e.regular_file() && has_ext(e.path, kIncludeExtensions)) size_ids.push_back(e.blob);
  for (const auto& item : items)
    if (!item.decided) size_ids.push_back(item.entry.blob);
  auto sizes = blob_sizes(size_ids);
  auto too_large = [&](const IndexEntry& e) { return sizes.count(e.blob) && sizes[e.blob] > kMaxFileBytes; };

  std::vector<IndexEntry> support;
  std::string support_ids;
  for (const auto& e : index)
    if (e.regular_file() && has_ext(e.path, kIncludeExtensions) && !too_large(e)) {
      support.push_back(e);
      support_ids += e.path + '\0' + e.blob + '\0';
    }
  std::vector<std::string> ids;
  for (auto& item : items) {
    if (item.decided) continue;
    if (too_large(item.entry))
      item.decided = inconclusive(item.entry.path, "too large to check: " + std::to_string(sizes[item.entry.blob]) +
                                                       " bytes, the limit is " + std::to_string(kMaxFileBytes));
    else ids.push_back(item.entry.blob);
  }
  auto blobs = read_blobs(ids);

  VerdictCache cache(common_git_dir() + "/racecert-cache");
  std::string checker_id = checker_identity(checker);
  char timeout_text[32];
  std::snprintf(timeout_text, sizeof timeout_text, "%g", config.timeout_s);
  std::unique_ptr<TempDir> tmp;  // made on the first cache miss

  // What needs no checker is decided here, in order; the rest is run below.
  std::vector<Job> jobs;
  std::vector<Checked> results(items.size());
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (items[i].decided) {
      results[i] = *items[i].decided;
      continue;
    }
    const IndexEntry& e = items[i].entry;
    Checked& c = results[i];
    c.path = e.path;
    const std::string& content = blobs[e.blob];
    GpuVerifyHeader header = parse_gpuverify_header(content, e.path);
    if (header.malformed) {
      // As in `harness run` and `check`: a header GPUVerify would reject is
      // malformed input, and the file is not checked with dimensions it
      // does not have.
      c.verdict = FileVerdict::Malformed;
      c.why = header.malformed->render();
      continue;
    }
    auto args = checker_args(e.path, header, config.settings_for(e.path), config.accept_bounded);
    std::vector<std::string> key_parts = {"racecert-hook-cache-v1", checker_id, timeout_text, e.path, e.blob,
                                          support_ids};
    key_parts.insert(key_parts.end(), args.begin(), args.end());
    std::string key = content_key(key_parts);
    if (auto hit = config.cache ? cache.get(key) : std::nullopt) {
      c.output = hit->output;
      c.cached = true;
      set_verdict(c, hit->exit_code);
      continue;
    }
    if (!tmp) {
      tmp = std::make_unique<TempDir>();
      std::vector<std::string> support_blobs;
      for (const auto& s : support) support_blobs.push_back(s.blob);
      auto contents = read_blobs(support_blobs);
      for (const auto& s : support) write_file(fs::path(tmp->path()) / s.path, contents[s.blob]);
    }
    write_file(fs::path(tmp->path()) / e.path, content);
    Job job{i, key, {}};
    job.spec.argv = {checker};
    job.spec.argv.insert(job.spec.argv.end(), args.begin(), args.end());
    job.spec.cwd = tmp->path();  // diagnostics then name the file by its path in the repository
    job.spec.timeout_s = config.timeout_s;
    jobs.push_back(std::move(job));
  }

  if (!run_jobs(jobs, results, config.cache ? &cache : nullptr)) return kExitOk;  // run_hook reports the signal
  return report(results, config, o.verbose, false, err);
}

}  // namespace

int run_hook(const HookRunOptions& o, std::ostream& err) {
  int code;
  try {
    code = run_hook_unguarded(o, err);
  } catch (const Error& e) {
    if (!termination_signal()) err << "racecert hook: " << e.render() << "\n";
    code = e.code();
  } catch (const std::exception& e) {
    // A full disk, an unreadable temporary directory: still one line.
    if (!termination_signal()) err << "racecert hook: error: " << e.what() << "\n";
    code = kExitBadInput;
  }
  // The temporary directory is gone by now (the run unwound); the checkers
  // got the signal and were waited for (run_process).
  if (int sig = termination_signal()) {
    err << "racecert hook: interrupted by signal " << sig << "; nothing was decided\n";
    return exit_status_after(sig);
  }
  return code;
}

}  // namespace racecert::harness::hook
