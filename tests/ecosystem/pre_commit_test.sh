#!/usr/bin/env bash
# racecert under the real pre-commit framework (Debian's pre-commit), offline:
# `pre-commit try-repo` with a scratch hook repository holding
# .pre-commit-hooks.yaml, on a scratch repository: a racy kernel is blocked,
# a data-race-free one passes, a header without kernels passes silently; and
# the framework's hook, installed with `pre-commit install`, blocks a commit
# of a racy kernel and lets a fixed one through.
# usage: pre_commit_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1 src=$2
. "$src/tests/ecosystem/kernels.sh"  # also: $tmp (removed at exit) and fail
command -v pre-commit >/dev/null || fail "pre-commit is not installed (scripts/setup installs it)"

export HOME=$tmp/home PRE_COMMIT_HOME=$tmp/pre-commit-cache
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
export GIT_AUTHOR_NAME=Test GIT_AUTHOR_EMAIL=test@example.com GIT_COMMITTER_NAME=Test GIT_COMMITTER_EMAIL=test@example.com
export PATH=$build:$PATH  # racecert (language: system) from this build
unset RACECERT_HOOK_CHECKER
mkdir -p "$HOME"

# The hook repository: the framework clones it, so it must have a commit.
hooks=$tmp/hooks
mkdir -p "$hooks"
cp "$src/.pre-commit-hooks.yaml" "$hooks/"
git -C "$hooks" init -q
git -C "$hooks" add .pre-commit-hooks.yaml
git -C "$hooks" commit -q -m hooks

repo=$tmp/repo
mkdir -p "$repo"
git -C "$repo" init -q
write_kernels "$repo"
cd "$repo"
git add racy.cu drf.cu helper.cuh

status=0; pre-commit try-repo "$hooks" racecert --files racy.cu >out.txt 2>&1 || status=$?
[ "$status" -ne 0 ] || { cat out.txt; fail "try-repo passed a racy kernel"; }
grep -q "data race on A\[0\]" out.txt || { cat out.txt; fail "try-repo: no race reported"; }
grep -q "Failed" out.txt || { cat out.txt; fail "try-repo: the hook did not fail"; }

status=0; pre-commit try-repo "$hooks" racecert --files drf.cu >out.txt 2>&1 || status=$?
[ "$status" -eq 0 ] || { cat out.txt; fail "try-repo blocked a data-race-free kernel (exit $status)"; }
grep -q "Passed" out.txt || { cat out.txt; fail "try-repo: the hook did not pass"; }

status=0; pre-commit try-repo "$hooks" racecert --verbose --files helper.cuh >out.txt 2>&1 || status=$?
[ "$status" -eq 0 ] || { cat out.txt; fail "a header without kernels blocked (exit $status)"; }
! grep -qi "warning" out.txt || { cat out.txt; fail "a header without kernels warned"; }

# The working tree is what the framework's entry checks (the framework
# stashes unstaged changes itself, except under --files): a staged
# data-race-free kernel made racy on disk is checked as racy ...
cp drf.cu fixed.cu
git add fixed.cu
sed -i 's/A\[threadIdx.x\] = 2 \* threadIdx.x/A[0] = threadIdx.x/' fixed.cu  # racy on disk only
status=0; pre-commit try-repo "$hooks" racecert --files fixed.cu >out.txt 2>&1 || status=$?
[ "$status" -ne 0 ] || { cat out.txt; fail "the working-tree content was not the one checked"; }
git checkout -q fixed.cu

# ... and, installed as the repository's hook, the framework blocks a
# commit of the racy kernel and lets the rest through.
cat >.pre-commit-config.yaml <<YAML
repos:
  - repo: $hooks
    rev: $(git -C "$hooks" rev-parse HEAD)
    hooks:
      - id: racecert
YAML
git add .pre-commit-config.yaml
pre-commit install >/dev/null
status=0; git commit -q -m racy >out.txt 2>&1 || status=$?
[ "$status" -ne 0 ] || { cat out.txt; fail "git commit with a racy kernel went through"; }
grep -q "data race on A\[0\]" out.txt || { cat out.txt; fail "commit: no race reported"; }
git rm -q --cached racy.cu
status=0; git commit -q -m drf >out.txt 2>&1 || status=$?
[ "$status" -eq 0 ] || { cat out.txt; fail "git commit without the racy kernel was blocked"; }
echo "pre-commit framework test passed"
