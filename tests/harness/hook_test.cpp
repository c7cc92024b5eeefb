// The pre-commit hook in real temporary git repositories: installation,
// blocking, --no-verify, staged content only, untouched index and working
// tree, the verdict cache, inconclusive results, configuration. The checker
// is a fake (RACECERT_HOOK_CHECKER) that logs every call and answers from
// the file's content: "RACE" is a race, "UNKNOWN" inconclusive.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>

#include "tests/harness/test_util.hpp"

using namespace racecert::harness::testkit;
namespace fs = std::filesystem;

namespace {

constexpr const char* kFakeChecker =
    "#!/bin/sh\n"
    "# fake racecert: `check [flags] -- FILE`, run in the hook's private copy\n"
    "echo \"$*\" >> \"$FAKE_LOG\"\n"
    "for f in \"$@\"; do :; done\n"
    "if grep -rq RACE \"$f\" $(find . -name '*.h'); then\n"
    "  echo \"$f:3:5: error: data race on A[1] in kernel 'k'\"\n"
    "  exit 1\n"
    "fi\n"
    "if grep -q UNKNOWN \"$f\"; then echo \"$f:1:1: unsupported: fake\"; exit 4; fi\n"
    "if grep -q NOKERNEL \"$f\"; then echo \"$f: error: no kernel in the file\"; exit 2; fi\n"
    "exit 0\n";

class Repo {
 public:
  Repo() {
    write_file(dir_ / "bin/fake-racecert", kFakeChecker, true);
    env_ = {{"RACECERT_HOOK_CHECKER", dir_ / "bin/fake-racecert"},
            {"FAKE_LOG", dir_ / "log"},
            {"GIT_CONFIG_GLOBAL", "/dev/null"},
            {"GIT_CONFIG_NOSYSTEM", "1"},
            {"GIT_OPTIONAL_LOCKS", "0"},  // `git status` in the tests must not rewrite the index either
            {"GIT_AUTHOR_NAME", "Test"},
            {"GIT_AUTHOR_EMAIL", "test@example.com"},
            {"GIT_COMMITTER_NAME", "Test"},
            {"GIT_COMMITTER_EMAIL", "test@example.com"}};
    write_file(dir_ / "log", "");
    fs::create_directories(root());
    EXPECT_EQ(git({"init", "-q"}).code, 0);
  }
  std::string root() const { return dir_ / "repo"; }
  std::string scratch(const std::string& rel) const { return dir_ / rel; }  // outside the repository
  std::string path(const std::string& rel) const { return root() + "/" + rel; }
  Cmd git(const std::vector<std::string>& args) const {
    std::vector<std::string> argv = {"git"};
    argv.insert(argv.end(), args.begin(), args.end());
    return run(argv, root(), env_);
  }
  Cmd racecert_here(const std::vector<std::string>& args) const { return run_racecert(args, root(), env_); }
  void put(const std::string& rel, const std::string& text) const { write_file(path(rel), text); }
  void stage(const std::string& rel, const std::string& text) const {
    put(rel, text);
    EXPECT_EQ(git({"add", rel}).code, 0);
  }
  Cmd commit(const std::string& message, bool no_verify = false) const {
    std::vector<std::string> args = {"commit", "-q", "-m", message};
    if (no_verify) args.push_back("--no-verify");
    return git(args);
  }
  int commits() const {
    Cmd c = git({"rev-list", "--count", "HEAD"});
    return c.code == 0 ? std::stoi(c.out) : 0;
  }
  int checker_calls() const {
    std::string log = read_text(dir_ / "log");
    return static_cast<int>(std::count(log.begin(), log.end(), '\n'));
  }
  std::string log() const { return read_text(dir_ / "log"); }
  void install() const {
    Cmd c = racecert_here({"hook", "install"});
    ASSERT_EQ(c.code, 0) << c.err;
  }
  Env& env() { return env_; }

 private:
  TempDir dir_;
  Env env_;
};

const std::string kDrf = "//pass\n//--blockDim=64 --gridDim=1\n__global__ void k(int *A) { A[threadIdx.x] = 1; }\n";
const std::string kRacy = "//xfail:NOT_ALL_VERIFIED\n//--blockDim=64 --gridDim=1\n// RACE\n";
const std::string kNoHeader = "__global__ void k(int *A) { A[threadIdx.x] = 1; }\n";

}  // namespace

TEST(Hook, InstallWritesAnExecutableScriptCallingHookRun) {
  Repo r;
  r.install();
  std::string hook = r.path(".git/hooks/pre-commit");
  ASSERT_TRUE(file_exists(hook));
  EXPECT_TRUE((fs::status(hook).permissions() & fs::perms::owner_exec) != fs::perms::none);
  std::string script = read_text(hook);
  EXPECT_NE(script.find("hook run"), std::string::npos);
  EXPECT_NE(script.find(RACECERT_BINARY), std::string::npos);
  r.install();  // reinstalling our own hook is fine
}

TEST(Hook, RacyStagedKernelBlocksTheCommitWithCompilerDiagnostics) {
  Repo r;
  r.install();
  r.stage("src/racy.cu", kRacy);
  Cmd c = r.commit("racy");
  EXPECT_NE(c.code, 0);
  EXPECT_EQ(r.commits(), 0);
  EXPECT_NE(c.err.find("src/racy.cu:3:5: error: data race on A[1]"), std::string::npos) << c.err;
  EXPECT_NE(c.err.find("commit blocked"), std::string::npos);
  EXPECT_NE(c.err.find("--no-verify"), std::string::npos);
}

TEST(Hook, DrfKernelCommitsAndOtherFilesAreIgnored) {
  Repo r;
  r.install();
  r.stage("k.cu", kDrf);
  r.stage("README.md", "RACE in prose is not a kernel\n");
  Cmd c = r.commit("drf");
  EXPECT_EQ(c.code, 0) << c.err;
  EXPECT_EQ(r.commits(), 1);
  EXPECT_EQ(r.checker_calls(), 1);  // k.cu only
  // A commit that touches no kernel does not run the checker.
  r.stage("README.md", "more\n");
  EXPECT_EQ(r.commit("docs").code, 0);
  EXPECT_EQ(r.checker_calls(), 1);
}

TEST(Hook, NoVerifyBypassesIt) {
  Repo r;
  r.install();
  r.stage("racy.cu", kRacy);
  Cmd c = r.commit("racy anyway", /*no_verify=*/true);
  EXPECT_EQ(c.code, 0) << c.err;
  EXPECT_EQ(r.commits(), 1);
  EXPECT_EQ(r.checker_calls(), 0);
}

TEST(Hook, ChecksStagedContentNotTheWorkingTree) {
  Repo r;
  r.install();
  r.stage("k.cu", kRacy);
  r.put("k.cu", kDrf);  // fixed in the working tree, not staged
  EXPECT_NE(r.commit("still racy").code, 0);
  EXPECT_EQ(r.commits(), 0);
  // The reverse: a DRF version staged, a racy one only in the working tree.
  r.stage("k.cu", kDrf);
  r.put("k.cu", kRacy);
  Cmd c = r.commit("staged drf");
  EXPECT_EQ(c.code, 0) << c.err;
  EXPECT_EQ(read_text(r.path("k.cu")), kRacy);  // the user's unstaged edit is still there
}

TEST(Hook, CommitAllChecksWhatItStages) {
  // `git commit -a` stages into a temporary index (GIT_INDEX_FILE) that the
  // hook must read rather than .git/index.
  Repo r;
  r.install();
  r.stage("k.cu", kDrf);
  ASSERT_EQ(r.commit("base").code, 0);
  r.put("k.cu", kRacy);
  Cmd c = r.git({"commit", "-q", "-a", "-m", "racy via -a"});
  EXPECT_NE(c.code, 0);
  EXPECT_NE(c.err.find("k.cu:3:5: error: data race"), std::string::npos) << c.err;
  EXPECT_EQ(r.commits(), 1);
  // And `git commit PATH` (a partial commit) likewise.
  Cmd p = r.git({"commit", "-q", "-m", "racy via path", "k.cu"});
  EXPECT_NE(p.code, 0);
  EXPECT_EQ(r.commits(), 1);
}

TEST(Hook, StagedHeadersAreWhatKernelsSee) {
  Repo r;
  r.install();
  r.stage("common.h", "#define X 1 // RACE\n");
  r.stage("k.cu", kDrf);
  r.put("common.h", "#define X 1\n");  // fixed, but not staged
  EXPECT_NE(r.commit("header").code, 0);
  r.stage("common.h", "#define X 1\n");
  EXPECT_EQ(r.commit("header fixed").code, 0);
}

TEST(Hook, NeverModifiesTheIndexOrTheWorkingTree) {
  Repo r;
  r.stage("a.cu", kDrf);
  ASSERT_EQ(r.commit("base", true).code, 0);
  r.stage("a.cu", kRacy);
  r.stage("b.cu", kDrf);
  r.put("b.cu", kRacy);  // unstaged change
  r.put("untracked.cu", kRacy);
  auto snapshot = [&] {
    std::string s = read_text(r.path(".git/index"));
    for (const char* f : {"a.cu", "b.cu", "untracked.cu"}) (s += '|') += read_text(r.path(f));
    return s + "|" + r.git({"status", "--porcelain"}).out;
  };
  std::string before = snapshot();
  auto mtime = fs::last_write_time(r.path(".git/index"));
  Cmd c = r.racecert_here({"hook", "run"});
  EXPECT_EQ(c.code, 1) << c.err;
  EXPECT_EQ(snapshot(), before);
  EXPECT_EQ(fs::last_write_time(r.path(".git/index")), mtime);
  EXPECT_EQ(r.git({"diff", "--cached", "--name-only"}).out, "a.cu\nb.cu\n");
}

TEST(Hook, VerdictsAreCachedByContent) {
  Repo r;
  r.stage("k.cu", kRacy);
  EXPECT_EQ(r.racecert_here({"hook", "run"}).code, 1);
  EXPECT_EQ(r.checker_calls(), 1);
  Cmd again = r.racecert_here({"hook", "run"});
  EXPECT_EQ(again.code, 1);
  EXPECT_EQ(r.checker_calls(), 1);  // answered from the cache, diagnostics included
  EXPECT_NE(again.err.find("k.cu:3:5: error: data race"), std::string::npos) << again.err;
  EXPECT_NE(again.err.find("1 from cache"), std::string::npos);
  r.stage("k.cu", kDrf);
  EXPECT_EQ(r.racecert_here({"hook", "run"}).code, 0);
  EXPECT_EQ(r.checker_calls(), 2);  // new content, new check
  r.stage("k.cu", kRacy);
  EXPECT_EQ(r.racecert_here({"hook", "run"}).code, 1);
  EXPECT_EQ(r.checker_calls(), 2);  // the racy content is still cached
  // The cache lives in the git directory, not in the working tree.
  EXPECT_TRUE(fs::is_directory(r.path(".git/racecert-cache")));
  EXPECT_EQ(r.git({"status", "--porcelain"}).out, "A  k.cu\n");
  // Another kernel or a setting k.cu does not use leaves its entry valid.
  r.stage(".racecert", "grid-dim = 2\n");
  r.stage("n.cu", kNoHeader);
  EXPECT_EQ(r.racecert_here({"hook", "run"}).code, 1);
  EXPECT_EQ(r.checker_calls(), 3);  // n.cu only: k.cu's header gives its own dimensions
  // A setting n.cu uses is part of its key.
  r.stage(".racecert", "grid-dim = 4\n");
  EXPECT_EQ(r.racecert_here({"hook", "run"}).code, 1);
  EXPECT_EQ(r.checker_calls(), 4);
  // cache = false: every run checks.
  r.stage(".racecert", "grid-dim = 4\ncache = false\n");
  EXPECT_EQ(r.racecert_here({"hook", "run"}).code, 1);
  EXPECT_EQ(r.checker_calls(), 6);
}

TEST(Hook, InconclusiveDoesNotBlockUnlessConfigured) {
  Repo r;
  r.install();
  r.stage("u.cu", "//pass\n// UNKNOWN\n");
  Cmd c = r.commit("unknown");
  EXPECT_EQ(c.code, 0) << c.err;
  EXPECT_NE(c.err.find("u.cu: warning: racecert could not decide"), std::string::npos) << c.err;
  r.stage(".racecert", "block-on-inconclusive = true\n");
  r.stage("u.cu", "//pass\n// UNKNOWN again\n");
  Cmd blocked = r.commit("unknown again");
  EXPECT_NE(blocked.code, 0);
  EXPECT_NE(blocked.err.find("block-on-inconclusive"), std::string::npos) << blocked.err;
  EXPECT_EQ(r.commits(), 1);
}

TEST(Hook, DimensionsFromHeaderOrConfig) {
  Repo r;
  r.stage(".racecert", "block-dim = 128\ngrid-dim = [2,2]\n[special/*]\nblock-dim = 32\n");
  r.stage("plain.cu", kNoHeader);
  r.stage("special/s.cu", kNoHeader);
  r.stage("own.cu", kDrf);  // its header says blockDim=64: the config stays out
  EXPECT_EQ(r.racecert_here({"hook", "run"}).code, 0);
  std::string log = r.log();
  EXPECT_NE(log.find("check --format text --block-dim [128,1,1] --grid-dim [2,2,1] -- plain.cu\n"), std::string::npos)
      << log;
  EXPECT_NE(log.find("check --format text --block-dim [32,1,1] --grid-dim [2,2,1] -- special/s.cu\n"),
            std::string::npos) << log;
  EXPECT_NE(log.find("check --format text -- own.cu\n"), std::string::npos) << log;
}

TEST(Hook, OnlyTheStagedConfigCounts) {
  Repo r;
  r.stage(".racecert", "block-dim = 8\n");
  r.put(".racecert", "block-dim = 9\n");
  r.stage("k.cu", kNoHeader);
  EXPECT_EQ(r.racecert_here({"hook", "run"}).code, 0);
  EXPECT_NE(r.log().find("--block-dim [8,1,1]"), std::string::npos) << r.log();
}

TEST(Hook, MalformedConfigIsAOneLineError) {
  Repo r;
  r.stage(".racecert", "block-dim = 8\nblokc-dim = 9\n");
  r.stage("k.cu", kDrf);
  Cmd c = r.racecert_here({"hook", "run"});
  EXPECT_EQ(c.code, 2);
  EXPECT_EQ(c.err, "racecert hook: .racecert:2:1: error: unknown key 'blokc-dim' (expected block-dim, grid-dim, define, "
                   "timeout, block-on-inconclusive, accept-bounded, extensions, checker or cache)\n");
}

TEST(Hook, ExplicitFilesUseTheirStagedContent) {
  Repo r;
  r.stage("k.cu", kRacy);
  ASSERT_EQ(r.commit("base", true).code, 0);
  EXPECT_EQ(r.racecert_here({"hook", "run"}).code, 0);  // nothing staged
  EXPECT_EQ(r.racecert_here({"hook", "run", "k.cu"}).code, 1);  // what pre-commit run --all-files does
}

TEST(Hook, AFileNotInTheIndexIsSaidSoAndAMissingOneIsAnError) {
  Repo r;
  r.stage("k.cu", kDrf);
  r.put("untracked.cu", kRacy);
  Cmd c = r.racecert_here({"hook", "run", "untracked.cu", "k.cu"});
  EXPECT_EQ(c.code, 0) << c.err;  // inconclusive: the commit would not contain it
  EXPECT_NE(c.err.find("untracked.cu: warning: racecert could not decide data-race freedom (not in the index, not "
                       "checked: `git add` it first)\n"),
            std::string::npos) << c.err;
  EXPECT_NE(c.err.find("2 staged kernel file(s) checked: 0 with a race or divergence, 1 inconclusive, 1 data-race "
                       "free"),
            std::string::npos) << c.err;
  EXPECT_EQ(r.checker_calls(), 1);  // k.cu only
  Cmd missing = r.racecert_here({"hook", "run", "k.cu", "no-such.cu"});
  EXPECT_EQ(missing.code, 2);
  EXPECT_EQ(missing.err, "racecert hook: no-such.cu: error: no such file (neither in the index nor in the working "
                         "tree)\n");
  EXPECT_EQ(r.checker_calls(), 1);  // nothing checked: the error comes first
  r.stage(".racecert", "block-on-inconclusive = true\n");
  EXPECT_EQ(r.racecert_here({"hook", "run", "untracked.cu"}).code, 1);
  // A file of the index that is not a kernel is named, not silently passed.
  r.stage("notes.txt", "RACE\n");
  Cmd note = r.racecert_here({"hook", "run", "notes.txt"});
  EXPECT_EQ(note.code, 0);
  EXPECT_NE(note.err.find("notes.txt: note: not a kernel file"), std::string::npos) << note.err;
}

TEST(Hook, ManyStagedKernelsAreAllCheckedAndReportedInOrder) {
  // Checked in parallel; the output is still in the order of the files.
  Repo r;
  std::vector<std::string> racy, drf;
  for (int i = 0; i < 24; ++i) {
    char name[32];
    std::snprintf(name, sizeof name, "k%02d.cu", i);
    bool is_racy = i % 3 == 1;
    r.stage(name, is_racy ? kRacy : kDrf);
    (is_racy ? racy : drf).push_back(name);
  }
  Cmd c = r.racecert_here({"hook", "run", "--verbose"});
  EXPECT_EQ(c.code, 1) << c.err;
  EXPECT_EQ(r.checker_calls(), 24);
  EXPECT_NE(c.err.find("24 staged kernel file(s) checked: 8 with a race or divergence, 0 inconclusive, 16 data-race "
                       "free"),
            std::string::npos) << c.err;
  std::size_t at = 0;
  for (int i = 0; i < 24; ++i) {
    char line[96];
    std::snprintf(line, sizeof line, i % 3 == 1 ? "k%02d.cu:3:5: error: data race on A[1]" : "k%02d.cu: data-race free",
                  i);
    std::size_t found = c.err.find(line, at);
    ASSERT_NE(found, std::string::npos) << line << " after offset " << at << "\n" << c.err;
    at = found + 1;
  }
}

TEST(Hook, AMalformedHeaderIsMalformedInputAsInTheHarness) {
  Repo r;
  r.install();
  r.stage(".racecert", "block-dim = 8\n");
  r.stage("zero.cu", "//pass\n//--blockDim=0 --gridDim=1\n");
  r.stage("ok.cu", kDrf);
  Cmd c = r.commit("zero");
  EXPECT_NE(c.code, 0);
  EXPECT_EQ(r.commits(), 0);
  EXPECT_NE(c.err.find("zero.cu:2:3: error: invalid dimension (expected N, [X,Y,Z] or X,Y,Z, each from 1 to 2^31-1 or "
                       "*) in '--blockDim=0'\n"),
            std::string::npos) << c.err;
  EXPECT_NE(c.err.find("1 with a malformed header"), std::string::npos) << c.err;
  EXPECT_NE(c.err.find("commit blocked"), std::string::npos) << c.err;
  EXPECT_EQ(r.racecert_here({"hook", "run"}).code, 2);
  EXPECT_EQ(r.log(), "check --format text -- ok.cu\n");  // zero.cu never ran (and ok.cu came from the cache)
  // `*` is no malformation: that dimension stays symbolic, .racecert does not fill it in.
  r.stage("zero.cu", "//pass\n//--blockDim=* --gridDim=2\n");
  EXPECT_EQ(r.racecert_here({"hook", "run", "zero.cu"}).code, 0);
  EXPECT_NE(r.log().find("check --format text -- zero.cu\n"), std::string::npos) << r.log();
}

TEST(Hook, AHugeStagedFileIsNotRead) {
  Repo r;
  r.stage("big.cu", kRacy + std::string((16u << 20) + 1, ' '));
  Cmd c = r.racecert_here({"hook", "run"});
  EXPECT_EQ(c.code, 0) << c.err;
  EXPECT_NE(c.err.find("big.cu: warning: racecert could not decide data-race freedom (too large to check"),
            std::string::npos) << c.err;
  EXPECT_EQ(r.checker_calls(), 0);
}

TEST(Hook, InterruptEndsTheCheckerAndRemovesTheTemporaryDirectory) {
  // A checker that would run for a minute. Ctrl-C (SIGINT) or a SIGTERM on
  // `racecert hook run` must end it and leave no temporary files behind.
  for (int sig : {SIGINT, SIGTERM}) {
    Repo r;
    write_file(r.scratch("bin/slow-checker"),
               "#!/bin/sh\npwd > \"" + r.scratch("cwd") + "\"\necho $$ > \"" + r.scratch("pid") +
                   "\"\nexec sleep 60\n",
               true);
    std::filesystem::create_directories(r.scratch("tmp"));
    r.stage("k.cu", kDrf);
    Env env = r.env();
    env.push_back({"TMPDIR", r.scratch("tmp")});
    for (auto& [k, v] : env)
      if (k == "RACECERT_HOOK_CHECKER") v = r.scratch("bin/slow-checker");
    Background hook({RACECERT_BINARY, "hook", "run"}, r.root(), env, r.scratch("hook.log"));
    ASSERT_GT(hook.pid(), 0);
    ASSERT_TRUE(wait_for_file(r.scratch("pid"), 20)) << read_text(r.scratch("hook.log"));
    int checker = std::stoi(read_text(r.scratch("pid")));
    std::string cwd = read_text(r.scratch("cwd"));
    cwd.pop_back();
    EXPECT_EQ(cwd.rfind(r.scratch("tmp/racecert-hook-"), 0), 0u) << cwd;
    ::kill(hook.pid(), sig);
    int status = hook.wait(20);
    bool gone = wait_gone(checker, 5);
    if (!gone) ::kill(checker, SIGKILL);  // leave nothing behind, even when failing
    ASSERT_NE(status, -1) << "racecert hook run did not exit";
    EXPECT_TRUE(WIFEXITED(status)) << status;
    EXPECT_EQ(WEXITSTATUS(status), 128 + sig);
    EXPECT_TRUE(gone);
    EXPECT_FALSE(file_exists(cwd));
    EXPECT_TRUE(std::filesystem::is_empty(r.scratch("tmp")));
    EXPECT_NE(read_text(r.scratch("hook.log")).find("racecert hook: interrupted by signal " + std::to_string(sig)),
              std::string::npos) << read_text(r.scratch("hook.log"));
  }
}

TEST(Hook, ForeignHookIsKeptUnlessForced) {
  Repo r;
  write_file(r.path(".git/hooks/pre-commit"), "#!/bin/sh\nexit 0\n", true);
  Cmd c = r.racecert_here({"hook", "install"});
  EXPECT_EQ(c.code, 3);
  EXPECT_NE(c.err.find("--force"), std::string::npos);
  EXPECT_EQ(read_text(r.path(".git/hooks/pre-commit")), "#!/bin/sh\nexit 0\n");
  Cmd forced = r.racecert_here({"hook", "install", "--force"});
  EXPECT_EQ(forced.code, 0) << forced.err;
  EXPECT_EQ(read_text(r.path(".git/hooks/pre-commit.racecert-backup")), "#!/bin/sh\nexit 0\n");
  Cmd un = r.racecert_here({"hook", "uninstall"});
  EXPECT_EQ(un.code, 0) << un.err;
  EXPECT_EQ(read_text(r.path(".git/hooks/pre-commit")), "#!/bin/sh\nexit 0\n");
  // One line, saying what became of each hook.
  EXPECT_EQ(un.out.substr(0, un.out.find(" (")),
            "racecert hook: removed racecert's pre-merge-commit hook; restored the previous pre-commit hook in place "
            "of racecert's")
      << un.out;
  EXPECT_EQ(std::count(un.out.begin(), un.out.end(), '\n'), 1) << un.out;
}

TEST(Hook, UninstallSaysInOneLineWhatItDid) {
  Repo r;
  r.install();
  Cmd un = r.racecert_here({"hook", "uninstall"});
  EXPECT_EQ(un.code, 0) << un.err;
  EXPECT_EQ(un.out.substr(0, un.out.find(" (")), "racecert hook: removed racecert's pre-commit and pre-merge-commit hooks")
      << un.out;
  EXPECT_EQ(std::count(un.out.begin(), un.out.end(), '\n'), 1) << un.out;
  EXPECT_NE(un.out.find(".git/hooks)\n"), std::string::npos) << un.out;  // where
  // Nothing of racecert's left, and a foreign hook is not touched.
  write_file(r.path(".git/hooks/pre-commit"), "#!/bin/sh\nexit 0\n", true);
  Cmd none = r.racecert_here({"hook", "uninstall"});
  EXPECT_EQ(none.code, 3);
  EXPECT_EQ(none.out, "");
  EXPECT_EQ(none.err.substr(0, none.err.find(" in ")), "racecert hook: error: no racecert hook") << none.err;
  EXPECT_NE(none.err.find("; nothing changed\n"), std::string::npos) << none.err;
  EXPECT_EQ(read_text(r.path(".git/hooks/pre-commit")), "#!/bin/sh\nexit 0\n");
}

TEST(Hook, WorkingTreeModeChecksTheFilesOnDisk) {
  // The pre-commit framework's entry: the content on disk, not the index.
  Repo r;
  r.stage("k.cu", kDrf);
  r.put("k.cu", kRacy);  // racy on disk only
  Cmd staged = r.racecert_here({"hook", "run", "--", "k.cu"});
  EXPECT_EQ(staged.code, 0) << staged.err;
  Cmd disk = r.racecert_here({"hook", "run", "--working-tree", "--", "k.cu"});
  EXPECT_EQ(disk.code, 1) << disk.err;
  EXPECT_NE(disk.err.find("k.cu:3:5: error: data race"), std::string::npos) << disk.err;
  EXPECT_NE(disk.err.find("racecert hook: 1 kernel file(s) checked: 1 with a race"), std::string::npos) << disk.err;
  // A file git does not know is checked as it is; one in a subdirectory is
  // named from the top of the repository.
  r.put("new.cu", kDrf);
  r.put("sub/deep.cu", kRacy);
  Cmd untracked = r.racecert_here({"hook", "run", "--working-tree", "--", "new.cu"});
  EXPECT_EQ(untracked.code, 0) << untracked.err;
  Cmd deep = run_racecert({"hook", "run", "--working-tree", "--", "deep.cu"}, r.path("sub"), r.env());
  EXPECT_EQ(deep.code, 1) << deep.err;
  EXPECT_NE(deep.err.find("sub/deep.cu:3:5: error"), std::string::npos) << deep.err;
  // Never a cache: each run calls the checker.
  int calls = r.checker_calls();
  EXPECT_EQ(r.racecert_here({"hook", "run", "--working-tree", "--", "new.cu"}).code, 0);
  EXPECT_EQ(r.checker_calls(), calls + 1);
  // A FILE that does not exist is an error.
  Cmd missing = r.racecert_here({"hook", "run", "--working-tree", "--", "gone.cu"});
  EXPECT_EQ(missing.code, 2);
  EXPECT_NE(missing.err.find("gone.cu: error: no such file or directory"), std::string::npos) << missing.err;
}

TEST(Hook, AHeaderWithoutKernelsNeverBlocksOrWarns) {
  Repo r;
  r.install();
  r.stage("helpers.cuh", "#pragma once\n// NOKERNEL\n");
  Cmd staged = r.racecert_here({"hook", "run"});
  EXPECT_EQ(staged.code, 0) << staged.err;
  EXPECT_EQ(staged.err.find("warning"), std::string::npos) << staged.err;
  Cmd disk = r.racecert_here({"hook", "run", "--working-tree", "-v", "--", "helpers.cuh"});
  EXPECT_EQ(disk.code, 0) << disk.err;
  EXPECT_EQ(disk.err.find("warning"), std::string::npos) << disk.err;
  EXPECT_NE(disk.err.find("helpers.cuh: no kernels"), std::string::npos) << disk.err;
  EXPECT_EQ(r.commit("helpers").code, 0);
}

TEST(Hook, HonoursCoreHooksPath) {
  Repo r;
  ASSERT_EQ(r.git({"config", "core.hooksPath", "githooks"}).code, 0);
  r.install();
  EXPECT_TRUE(file_exists(r.path("githooks/pre-commit")));
  r.stage("racy.cu", kRacy);
  EXPECT_NE(r.commit("racy").code, 0);
}

TEST(Hook, OutsideARepositoryAndBadUsage) {
  TempDir d;
  Cmd c = run_racecert({"hook", "run"}, d.path(), {{"GIT_CEILING_DIRECTORIES", d.path()}});
  EXPECT_EQ(c.code, 3);
  EXPECT_NE(c.err.find("not inside a git repository"), std::string::npos) << c.err;
  Cmd i = run_racecert({"hook", "install"}, d.path(), {{"GIT_CEILING_DIRECTORIES", d.path()}});
  EXPECT_EQ(i.code, 3);
  EXPECT_EQ(run_racecert({"hook"}).code, 3);
  EXPECT_EQ(run_racecert({"hook", "frob"}).code, 3);
  EXPECT_EQ(run_racecert({"hook", "run", "--frob"}).code, 3);
  EXPECT_EQ(run_racecert({"hook", "--help"}).code, 0);
}

TEST(Hook, RealRacecertOnStagedProtocols) {
  // Until the CUDA front end lands, .map files exercise the real checker:
  // the diagnostics name the file by its path in the repository.
  Repo r;
  r.env().erase(std::remove_if(r.env().begin(), r.env().end(),
                               [](const auto& kv) { return kv.first == "RACECERT_HOOK_CHECKER"; }),
                r.env().end());
  r.install();
  r.stage(".racecert", "extensions = .map\n");
  r.stage("p/racy.map", read_text(RACECERT_SOURCE_DIR "/datasets/protocols/paper/example-4.map"));
  Cmd c = r.commit("racy protocol");
  EXPECT_NE(c.code, 0);
  EXPECT_NE(c.err.find("p/racy.map:7:3: error: data race"), std::string::npos) << c.err;
  r.stage("p/racy.map", read_text(RACECERT_SOURCE_DIR "/datasets/protocols/paper/claim1-test2-drf.map"));
  Cmd ok = r.commit("drf protocol");
  EXPECT_EQ(ok.code, 0) << ok.err;
}

namespace {

// A racy CUDA kernel for the real racecert; the race is reported at 5:3.
const std::string kRacyCuda = kernel_text(true);

void use_the_real_racecert(Repo& r) {
  r.env().erase(std::remove_if(r.env().begin(), r.env().end(),
                               [](const auto& kv) { return kv.first == "RACECERT_HOOK_CHECKER"; }),
                r.env().end());
}

}  // namespace

TEST(Hook, StagedFileNamedLikeAnOptionIsCheckedByTheRealRacecert) {
  Repo r;
  use_the_real_racecert(r);
  r.install();
  r.put("-racy.cu", kRacyCuda);
  ASSERT_EQ(r.git({"add", "--", "-racy.cu"}).code, 0);
  Cmd c = r.commit("option-like name");
  EXPECT_NE(c.code, 0);
  EXPECT_EQ(r.commits(), 0);
  EXPECT_NE(c.err.find("-racy.cu:4:3: error: data race"), std::string::npos) << c.err;
  Cmd named = r.racecert_here({"hook", "run", "--", "-racy.cu"});
  EXPECT_EQ(named.code, 1) << named.err;
  EXPECT_EQ(r.racecert_here({"hook", "run", "-racy.cu"}).code, 3);  // without --: an unknown option
}

TEST(Hook, CommaInAFileNameIsOneFile) {
  // cxxopts splits positional lists at commas: `racecert check a,b.cu` read
  // two files "a" and "b.cu", failed, and the racy kernel went through.
  Repo r;
  use_the_real_racecert(r);
  r.install();
  r.stage("a,b.cu", kRacyCuda);
  Cmd c = r.commit("comma");
  EXPECT_NE(c.code, 0);
  EXPECT_EQ(r.commits(), 0);
  EXPECT_NE(c.err.find("a,b.cu:4:3: error: data race"), std::string::npos) << c.err;
  Cmd named = r.racecert_here({"hook", "run", "a,b.cu"});
  EXPECT_EQ(named.code, 1) << named.err;
  Cmd check = r.racecert_here({"check", "a,b.cu"});
  EXPECT_EQ(check.code, 1) << check.err;
}

TEST(Hook, ACleanMergeOfARacyBranchIsBlocked) {
  // git runs pre-merge-commit, not pre-commit, for a merge that commits by
  // itself.
  Repo r;
  r.install();
  EXPECT_TRUE(file_exists(r.path(".git/hooks/pre-merge-commit")));
  r.stage("k.cu", kDrf);
  ASSERT_EQ(r.commit("base").code, 0);
  ASSERT_EQ(r.git({"checkout", "-q", "-b", "feature"}).code, 0);
  r.stage("racy.cu", kRacy);
  ASSERT_EQ(r.commit("racy on a branch", /*no_verify=*/true).code, 0);
  ASSERT_EQ(r.git({"checkout", "-q", "-"}).code, 0);
  std::string head = r.git({"rev-parse", "HEAD"}).out;
  Cmd m = r.git({"merge", "--no-ff", "-m", "merge feature", "feature"});
  EXPECT_NE(m.code, 0);
  EXPECT_NE(m.err.find("racy.cu:3:5: error: data race"), std::string::npos) << m.err;
  EXPECT_EQ(r.git({"rev-parse", "HEAD"}).out, head);  // no merge commit
  ASSERT_EQ(r.git({"merge", "--abort"}).code, 0);
  EXPECT_EQ(r.git({"merge", "--no-ff", "--no-verify", "-m", "merge anyway", "feature"}).code, 0);
}

TEST(Hook, InstallAndUninstallHandleBothHooks) {
  Repo r;
  write_file(r.path(".git/hooks/pre-merge-commit"), "#!/bin/sh\nexit 0\n", true);
  Cmd c = r.racecert_here({"hook", "install"});
  EXPECT_EQ(c.code, 3);
  EXPECT_NE(c.err.find("pre-merge-commit exists and is not racecert's"), std::string::npos) << c.err;
  EXPECT_FALSE(file_exists(r.path(".git/hooks/pre-commit")));  // nothing half-installed
  ASSERT_EQ(r.racecert_here({"hook", "install", "--force"}).code, 0);
  EXPECT_EQ(read_text(r.path(".git/hooks/pre-merge-commit.racecert-backup")), "#!/bin/sh\nexit 0\n");
  EXPECT_NE(read_text(r.path(".git/hooks/pre-merge-commit")).find("hook run"), std::string::npos);
  Cmd un = r.racecert_here({"hook", "uninstall"});
  EXPECT_EQ(un.code, 0) << un.err;
  EXPECT_FALSE(file_exists(r.path(".git/hooks/pre-commit")));
  EXPECT_EQ(read_text(r.path(".git/hooks/pre-merge-commit")), "#!/bin/sh\nexit 0\n");
  EXPECT_FALSE(file_exists(r.path(".git/hooks/pre-merge-commit.racecert-backup")));
  EXPECT_EQ(un.out.substr(0, un.out.find(" (")),
            "racecert hook: removed racecert's pre-commit hook; restored the previous pre-merge-commit hook in place "
            "of racecert's")
      << un.out;
  EXPECT_EQ(r.racecert_here({"hook", "uninstall"}).code, 3);  // none left
}

TEST(Hook, PreCommitFrameworkManifest) {
  std::string yaml = read_text(RACECERT_SOURCE_DIR "/.pre-commit-hooks.yaml");
  EXPECT_NE(yaml.find("- id: racecert"), std::string::npos);
  EXPECT_NE(yaml.find("entry: racecert hook run --working-tree --"), std::string::npos);
  EXPECT_NE(yaml.find("\\.(cu|cuh|cl)$"), std::string::npos);
}
