#!/usr/bin/env python3
"""Two racecert builds side by side (not a test): for each kernel file, Clang,
the base build and the new build run in turn, --repeat times, as whole
processes (`racecert check -j 1 FILE`; Clang as bench/process_timing.py runs
it). Interleaving the three puts the machine's drift into all of them alike,
where two runs of bench/perf/run.py one after the other differ by 5 to 10 %
on a shared machine. Prints the median CPU time (user + system) of each, the
ratios to Clang and new / base.

    python3 bench/perf/compare.py --base OLD --new NEW [--repeat 9] FILE...
    python3 bench/perf/compare.py --base OLD --new NEW --instructions FILE...

--instructions counts the instructions each build executes instead, once
each under Valgrind's callgrind (`scripts/setup --bench` installs it): the
same count on every run, to a few instructions, where CPU time on a shared
two-core machine moves by 10 % between runs. So a change of 2 % shows, which
the timed runs cannot tell from noise. Instructions are not time (cache
misses cost more than they count): check a gain with the timed runs too.

The generated kernels: `python3 bench/perf/run.py --only generated --keep DIR`
writes them to DIR."""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from process_timing import clang_command, run_process  # noqa: E402


def instructions(racecert, path, limit):
    """The instructions `racecert check -j 1 path` executes, under callgrind."""
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", racecert, "check", "-j", "1", path]
    # Valgrind runs the program some 50 times slower than it runs alone.
    try:
        done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=50 * limit)
    except subprocess.TimeoutExpired:
        sys.exit("compare.py: %s under callgrind ran past %g s (50 x --limit)" % (path, 50 * limit))
    m = re.search(r"Collected : (\d+)", done.stderr)
    if not m:
        sys.exit("compare.py: no instruction count from callgrind for %s:\n%s" % (path, done.stderr[-2000:]))
    return int(m.group(1))


def compare_instructions(a):
    if not shutil.which("valgrind"):
        sys.exit("compare.py: --instructions needs valgrind (scripts/setup --bench installs it)")
    print("| kernel | base | new | new / base |")
    print("|---|--:|--:|--:|")
    for f in a.files:
        base, new = instructions(a.base, f, a.limit), instructions(a.new, f, a.limit)
        name = os.path.splitext(os.path.basename(f))[0]
        print(f"| {name} | {base:,} | {new:,} | {new / base:.3f} |", flush=True)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--base", required=True, help="the racecert binary to compare against")
    p.add_argument("--new", required=True, help="the racecert binary measured")
    p.add_argument("--repeat", type=int, default=9)
    p.add_argument("--limit", type=float, default=150.0, help="seconds before a run is killed")
    p.add_argument("--instructions", action="store_true",
                   help="count executed instructions under callgrind (one run each) instead of timing")
    p.add_argument("files", nargs="+")
    a = p.parse_args()
    if a.instructions:
        return compare_instructions(a)
    print("| kernel | clang | base | new | ratio base | ratio new | new / base |")
    print("|---|--:|--:|--:|--:|--:|--:|")
    for f in a.files:
        runs = {"clang": [], "base": [], "new": []}
        for _ in range(a.repeat):
            runs["clang"].append(run_process(clang_command(f), a.limit).cpu)
            runs["base"].append(run_process([a.base, "check", "-j", "1", f], a.limit).cpu)
            runs["new"].append(run_process([a.new, "check", "-j", "1", f], a.limit).cpu)
        m = {k: statistics.median(v) for k, v in runs.items()}
        name = os.path.splitext(os.path.basename(f))[0]
        print(f"| {name} | {m['clang']:.3f} s | {m['base']:.3f} s | {m['new']:.3f} s | "
              f"{m['base'] / m['clang']:.2f} | {m['new'] / m['clang']:.2f} | {m['new'] / m['base']:.2f} |",
              flush=True)


if __name__ == "__main__":
    main()
