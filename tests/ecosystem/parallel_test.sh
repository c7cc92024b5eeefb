#!/usr/bin/env bash
# A distributed harness run for real: `racecert harness run --emit-jobs`,
# the job file run by GNU Parallel, `racecert harness merge` of the parts;
# the merged results give every kernel the verdict a direct `harness run`
# gives it. The Slurm batch script written beside the job file is run too,
# as Slurm would run array task 2 (its syntax: harness_tests' SlurmScript).
# usage: parallel_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1 src=$2
. "$src/tests/ecosystem/kernels.sh"  # also: $tmp (removed at exit) and fail
command -v parallel >/dev/null || fail "GNU Parallel is not installed (scripts/setup installs it)"
export HOME=$tmp/home  # GNU Parallel keeps state in ~/.parallel
mkdir -p "$HOME"
racecert=$build/racecert

write_kernels "$tmp/data/small"
rm "$tmp/data/small/helper.cuh"
cp "$src/datasets/examples/main-example.cu" "$tmp/data/small/"
cd "$tmp"

"$racecert" harness run data --out direct --jobs 2 --no-progress >direct.log 2>&1 ||
  { cat direct.log; fail "direct harness run"; }
"$racecert" harness run data --out dist --emit-jobs jobs.txt >emit.log 2>&1 || { cat emit.log; fail "--emit-jobs"; }
[ "$(wc -l <jobs.txt)" -eq 3 ] || { cat jobs.txt; fail "expected 3 jobs"; }
parallel --will-cite --halt now,fail=1 -j 2 <jobs.txt >parallel.log 2>&1 || { cat parallel.log; fail "GNU Parallel"; }
"$racecert" harness merge dist/parts --out dist >merge.log 2>&1 || { cat merge.log; fail "harness merge"; }

# Kernel and verdict columns of results.csv, by name, sorted.
verdicts() {
  python3 - "$1" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
for r in sorted(rows, key=lambda r: (r["tool"], r["dataset"], r["kernel"])):
    print(r["tool"], r["dataset"], r["kernel"], r["verdict"])
PY
}
verdicts direct/results.csv >direct.txt
verdicts dist/results.csv >dist.txt
diff direct.txt dist.txt || fail "the merged verdicts differ from the direct run's"
grep -q "racy.cu racy" direct.txt || { cat direct.txt; fail "racy.cu is not racy"; }
grep -q "drf.cu drf" direct.txt || { cat direct.txt; fail "drf.cu is not drf"; }

# The Slurm script runs line SLURM_ARRAY_TASK_ID of the job file.
rm -rf dist/parts
SLURM_ARRAY_TASK_ID=2 sh jobs.sbatch >slurm.log 2>&1 || { cat slurm.log; fail "jobs.sbatch as task 2"; }
[ "$(ls dist/parts)" = 00002 ] || fail "task 2 did not write part 00002: $(ls dist/parts)"
echo "GNU Parallel test passed"
