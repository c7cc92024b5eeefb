#!/usr/bin/env python3
"""Benchmark of the CUDA/OpenCL front end (not a test).

For every kernel file of datasets/kernels (or the files given), it runs
`racecert check FILE` (parse, lowering, inference, protocol analysis and the
solver: the whole verdict) and, as the floor, `clang-19 -fsyntax-only` with the
same parsing flags racecert gives Clang (same bundled header, same macros),
each --repeat times, and reports (wall time, or CPU time with --cpu):

  - the median, 90th percentile and maximum over files of the per-file median
    wall time of racecert;
  - the same for clang -fsyntax-only;
  - the ratio racecert / clang: of the medians, and the median of per-file
    ratios;
  - the slowest files.

Both are timed as processes (start-up included on both sides). Targets of the
front end: median under 100 ms, no file over 2 s.

  bench/frontend/run.py [--racecert build/racecert] [--repeat 5] [--jobs 1]
                        [--cpu] [--top 5] [FILE...]
"""
import argparse
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from process_timing import ROOT, clang_command, kernel_files, percentile, run_process  # noqa: E402

LIMIT_S = 300  # no run of the benchmark may hang: a process past this is killed


def timed(cmd, cpu):
    """Wall time, or user+system CPU time of the process when `cpu`."""
    r = run_process(cmd, LIMIT_S)
    if r.killed:
        sys.exit("killed after %d s: %s" % (LIMIT_S, " ".join(cmd)))
    return r.cpu if cpu else r.wall


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--racecert", default=os.path.join(ROOT, "build", "racecert"))
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--jobs", type=int, default=1, help="racecert -j (solver queries in parallel)")
    ap.add_argument("--cpu", action="store_true",
                    help="measure CPU time (user+system) instead of wall time: steadier on a loaded machine")
    ap.add_argument("--top", type=int, default=5, help="how many of the slowest files to list")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    files = a.files or kernel_files(os.path.join(ROOT, "datasets", "kernels"))
    rows = []
    for path in files:
        ours = statistics.median(timed([a.racecert, "check", "-j", str(a.jobs), path], a.cpu) for _ in range(a.repeat))
        floor = statistics.median(timed(clang_command(path), a.cpu) for _ in range(a.repeat))
        rows.append((path, ours, floor))
        print("%-70s racecert %7.1f ms  clang %6.1f ms" % (os.path.relpath(path, ROOT), ours * 1e3, floor * 1e3),
              file=sys.stderr)
    ours = [r[1] for r in rows]
    floor = [r[2] for r in rows]
    print("files: %d, repeat: %d, racecert -j %d, %s time" % (len(rows), a.repeat, a.jobs, "CPU" if a.cpu else "wall"))
    for name, v in (("racecert check", ours), ("clang -fsyntax-only", floor)):
        print("%-20s median %7.1f ms  p90 %7.1f ms  max %7.1f ms" %
              (name, statistics.median(v) * 1e3, percentile(v, 0.9) * 1e3, max(v) * 1e3))
    print("ratio of medians: %.2f; median of per-file ratios: %.2f" %
          (statistics.median(ours) / statistics.median(floor), statistics.median(r[1] / r[2] for r in rows)))
    print("over 2 s: %d; over 100 ms: %d" % (sum(v > 2 for v in ours), sum(v > 0.1 for v in ours)))
    print("slowest:")
    for path, t, c in sorted(rows, key=lambda r: -r[1])[:a.top]:
        print("  %7.1f ms (clang %5.1f ms)  %s" % (t * 1e3, c * 1e3, os.path.relpath(path, ROOT)))


if __name__ == "__main__":
    main()
