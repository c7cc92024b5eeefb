# Sourced by scripts/run and scripts/test: each long step says what it is
# doing on the terminal and keeps its full output in a log file
# (LOG_DIR/<step>.log); a failed step names its log and shows its end, and
# the total time is printed when the script ends.
#   logged_step NAME "what it does (tool)" COMMAND...  one line, then "done" or the failure
#   build_step DIR        "building racecert (ninja, N of M)...": scripts/build
#   test_step DIR [ARGS]  "running tests (ctest, N of M)...", then ctest's verdict and failures
# LOG_DIR must be set by the caller.

progress_start=$SECONDS
on_terminal() { [ -t 1 ]; }

# "1m 05s"
elapsed() {
  local s=$((SECONDS - $1))
  if [ "$s" -ge 60 ]; then printf '%dm %02ds' $((s / 60)) $((s % 60)); else printf '%ds' "$s"; fi
}

print_total() { echo "total time: $(elapsed "$progress_start")"; }
trap print_total EXIT

# What to say after a failed step: where the log is, and its last lines.
report_failure() {
  local log=$1
  echo "failed; the last lines of $log:" >&2
  tail -n 25 "$log" | sed 's/^/  | /' >&2
  echo "full log: $log" >&2
}

# Runs COMMAND with its output in LOG_DIR/NAME.log; a live "N of M" count
# when a line of its output matches the regex PATTERN (two groups).
run_counted() {
  local name=$1 what=$2 pattern=$3
  shift 3
  local log=$LOG_DIR/$name.log start=$SECONDS status=0
  mkdir -p "$LOG_DIR"
  : >"$log"
  if on_terminal; then printf '%s...' "$what"; else echo "$what..."; fi
  # The count is redrawn in place on a terminal only; a pipe gets one
  # line per step.
  "$@" 2>&1 | {
    while IFS= read -r line; do
      printf '%s\n' "$line" >>"$log"
      # Not on a terminal (CI), ctest's whole output stays on stdout too.
      if [ -n "${PASS_THROUGH:-}" ] && ! on_terminal; then printf '%s\n' "$line"; fi
      if on_terminal && [ -n "$pattern" ] && [[ $line =~ $pattern ]]; then
        # "building racecert (ninja)" becomes "building racecert (ninja, 57 of 186)"
        printf '\r\033[K%s, %s of %s)...' "${what%)}" "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}"
      fi
    done
  } || status=$?
  if on_terminal; then printf '\r\033[K'; fi
  if [ "$status" -ne 0 ]; then
    echo "$what: failed after $(elapsed "$start")"
    report_failure "$log"
    return "$status"
  fi
  echo "$what: done in $(elapsed "$start") (log: $log)"
}

logged_step() { run_counted "$1" "$2" "" "${@:3}"; }

build_step() {
  local dir=$1
  shift
  run_counted build "building racecert (ninja)" '^\[([0-9]+)/([0-9]+)\]' \
    env RACECERT_BUILD_DIR="$dir" "$(dirname "${BASH_SOURCE[0]}")/../build" "$@"
}

test_step() {
  local dir=$1
  shift
  # ctest prints "  12/1500 Test  #7: name ....   Passed"
  local status=0
  PASS_THROUGH=1 run_counted test "running tests (ctest)" '^ *([0-9]+)/([0-9]+) Test' \
    bash -c 'cd "$1" && shift && ctest --output-on-failure -j "$(nproc)" "$@"' ctest "$dir" "$@" || status=$?
  # ctest's verdict line and the failed tests' names (on a terminal; a
  # pipe has had them already).
  on_terminal || return "$status"
  sed -n '/^[0-9]*% tests passed/,$p' "$LOG_DIR/test.log" | grep -v '^$' | head -n 40
  return "$status"
}
