#pragma once
// The git plumbing the hook needs, each a read-only git command: nothing here
// writes the index or the working tree. Commands inherit the environment, so
// a hook run by `git commit -a` or `git commit PATH` sees the temporary index
// git prepared (GIT_INDEX_FILE), and GIT_OPTIONAL_LOCKS=0 keeps git from
// refreshing the index opportunistically.
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace racecert::harness::hook {

struct IndexEntry {
  std::string path;  // relative to the top of the working tree, '/'-separated
  std::string mode;  // "100644", "100755", "120000" (symlink), "160000" (submodule)
  std::string blob;  // object id
  bool regular_file() const { return mode == "100644" || mode == "100755"; }
};

// Runs `git ARGS...` in the current directory; throws usage_error (not a
// repository, git missing) or input_error (other failures) with git's message.
std::string git(const std::vector<std::string>& args, const std::string& stdin_data = "", bool feed_stdin = false);

std::string top_level();          // absolute path of the working tree's top
std::string common_git_dir();     // absolute; shared by every worktree
std::string hooks_dir();          // absolute; honours core.hooksPath

// Staged changes: files added, copied or modified in the index relative to
// HEAD (or to the empty tree before the first commit). Deleted files are
// not checked; renames count as additions.
std::vector<IndexEntry> staged_changes();

// Every entry of the index (stage 0).
std::vector<IndexEntry> index_entries();

// Contents of blobs, by object id (git cat-file --batch).
std::map<std::string, std::string> read_blobs(const std::vector<std::string>& ids);

// Sizes of blobs in bytes, by object id (git cat-file --batch-check), so
// that huge files are not read into memory.
std::map<std::string, std::size_t> blob_sizes(const std::vector<std::string>& ids);

// The staged content of a path, if it is in the index.
std::optional<std::string> staged_content(const std::string& path);

}  // namespace racecert::harness::hook
