#!/usr/bin/env bash
# `cmake --install` into a scratch prefix, which is then moved (an
# installation is relocatable): the installed racecert checks kernels that
# include <cuda_runtime.h> with the device headers of its own prefix, and
# the man page and bash completion are in place and work.
# usage: install_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1 src=$2
. "$src/tests/ecosystem/kernels.sh"  # also: $tmp (removed at exit) and fail

cmake --install "$build" --prefix "$tmp/prefix" >"$tmp/install.log" || { cat "$tmp/install.log"; fail "cmake --install"; }
mv "$tmp/prefix" "$tmp/moved"
p=$tmp/moved
[ -x "$p/bin/racecert" ] || fail "no bin/racecert"
[ -x "$p/bin/racecert-measure" ] || fail "no bin/racecert-measure"
[ -f "$p/share/racecert/include/cuda_runtime.h" ] || fail "no device headers"

# The installed headers, not the source tree's, must be the ones read: the
# racy kernel indexes with a macro only the installed copy defines (with the
# source tree's headers it does not compile: exit 4).
echo '#define RACECERT_TEST_CELL 0' >>"$p/share/racecert/include/cuda_runtime.h"
write_kernels "$tmp/k"
sed -i 's/A\[0\] = threadIdx.x/A[RACECERT_TEST_CELL] = threadIdx.x/' "$tmp/k/racy.cu"
grep -q RACECERT_TEST_CELL "$tmp/k/racy.cu" || fail "the marker is not in racy.cu"
unset RACECERT_INCLUDE_DIR
cd "$tmp"
status=0; "$p/bin/racecert" check k/racy.cu >out.txt 2>&1 || status=$?
[ "$status" -eq 1 ] || { cat out.txt; fail "racy.cu: exit $status, expected 1 (race)"; }
grep -q "data race" out.txt || { cat out.txt; fail "racy.cu: no race reported"; }
status=0; "$p/bin/racecert" check k/drf.cu >out.txt 2>&1 || status=$?
[ "$status" -eq 0 ] || { cat out.txt; fail "drf.cu: exit $status, expected 0"; }

# The man page: made by help2man, with every command's options.
man=$p/share/man/man1/racecert.1.gz
[ -f "$man" ] || fail "no man page"
zcat "$man" | grep -q '^\.TH RACECERT "1"' || fail "man page has no .TH header"
for c in check explore progress harness hook "harness run" "hook run"; do
  zcat "$man" | grep -q "^\.SS \"racecert $c\"" || fail "man page lacks racecert $c"
done
zcat "$man" | grep -q -- 'block\\-dim\|block-dim' || fail "man page lacks --block-dim"

# Bash completion: commands, sub-commands and options.
comp=$p/share/bash-completion/completions/racecert
[ -f "$comp" ] || fail "no bash completion"
# shellcheck source=/dev/null
. "$comp"
complete_line() {
  COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=()
  _racecert
  echo "${COMPREPLY[*]}"
}
[ "$(complete_line racecert ch)" = check ] || fail "racecert ch<TAB>: '$(complete_line racecert ch)'"
[ "$(complete_line racecert hook un)" = uninstall ] || fail "racecert hook un<TAB>"
[ "$(complete_line racecert harness run --emit)" = --emit-jobs ] || fail "harness run --emit<TAB>"
[ "$(complete_line racecert hook run --work)" = --working-tree ] || fail "hook run --work<TAB>"
[ "$(complete_line racecert check --block)" = --block-dim ] || fail "check --block<TAB>"
[ -z "$(complete_line racecert check --emit)" ] || fail "check --emit<TAB> offers another command's option"
# Every option a command's --help lists is completed after that command.
for words in check explore "progress check" "harness run" "harness merge" "hook run"; do
  # shellcheck disable=SC2086
  offered=" $(complete_line racecert $words --) "
  # shellcheck disable=SC2086
  for opt in $("$p/bin/racecert" $words --help | grep -oE '^ +(-[A-Za-z], )?--[a-z][a-z0-9-]*' | grep -oE -- '--[a-z][a-z0-9-]*'); do
    [[ $offered == *" $opt "* ]] || fail "racecert $words $opt is not completed"
  done
done
echo "install test passed"
