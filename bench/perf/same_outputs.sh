#!/usr/bin/env bash
# Two racecert builds on the same kernel files (not a test): prints the
# files where `--show kernel`, `--show protocol`, `--show wellformed` or the
# `check` output (timings taken out) differ. What a performance change that
# must not change verdicts is checked with (docs/benchmarks.md). Some racy
# files give one of several witnesses from run to run with either build:
# rerun a listed file with one build before blaming the change.
#
#   bench/perf/same_outputs.sh OLD NEW FILE...      (or file names on stdin)
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 OLD NEW [FILE...]" >&2; exit 2; }
old=$1 new=$2
shift 2
outputs() {
  for stage in kernel protocol wellformed; do
    echo "== $stage"
    timeout 60 "$1" check -j 1 --show "$stage" "$2" 2>&1 || true
  done
  echo "== check"
  timeout 60 "$1" check -j 1 "$2" 2>&1 | sed -E 's/\([0-9.]+ s\)//g' || true
}
one() {
  [ "$(outputs "$old" "$1" | md5sum)" = "$(outputs "$new" "$1" | md5sum)" ] || echo "differs: $1"
}
if [ $# -gt 0 ]; then
  for f in "$@"; do one "$f"; done
else
  while IFS= read -r f; do one "$f"; done
fi
