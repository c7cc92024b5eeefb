#!/usr/bin/env python3
"""Benchmark of `racecert explore` on CUDA/OpenCL kernels (not a test).

Suites:
  datasets  every kernel of datasets/explorer/ at its header's launch with the
            options of its line 3 (`//explore: STATUS [options]`): median wall
            time per kernel over --repeat runs, then the median and the max
            over the kernels (the issue's target: every one under 5 s).
  lock      a spin-lock kernel (every thread takes one global lock around a
            counter increment) at 1x2 up to 2 blocks x 4 threads: executions
            per second (2 x 4 does not finish: its rate is over --lock-seconds).
  cd        the GKLEE benchmarks of datasets/explorer/gklee/ explored with
            --strategy cd --delay-bound K for K = 0, 1, 2: schedules and time.

  bench/explorer/kernels.py [--racecert build/racecert] [--suite datasets|lock|cd|all]
                            [--repeat 3]
"""
import argparse
import glob
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXPLORED = re.compile(r"explored (\d+) complete executions and (\d+) blocked")

LOCK = """__global__ void lock_counter(int *lock, int *counter) {
  while (atomicCAS(lock, 0, 1) != 0) {}
  __threadfence();
  *counter = *counter + 1;
  __threadfence();
  atomicExch(lock, 0);
}
"""


def run(binary, path, options, limit=900):
    t0 = time.perf_counter()
    try:
        p = subprocess.run([binary, "explore", path, "--format", "json"] + options, capture_output=True, text=True,
                           timeout=limit)
    except subprocess.TimeoutExpired:
        return time.perf_counter() - t0, "timeout", 0
    dt = time.perf_counter() - t0
    status, executions = "?", 0
    try:
        k = json.loads(p.stdout)["kernels"][0]
        status = k["status"]
        for d in k.get("diagnostics", []):
            m = EXPLORED.search(d.get("message", ""))
            if m:
                executions = int(m.group(1)) + int(m.group(2))
    except (ValueError, KeyError, IndexError):
        pass
    return dt, status, executions


def line3(path):
    with open(path) as f:
        lines = [f.readline() for _ in range(3)]
    words = lines[2][len("//explore:"):].split() if lines[2].startswith("//explore:") else []
    opts = words[1:]
    for i, w in enumerate(opts[:-1]):
        if w == "--memory":
            opts[i + 1] = os.path.join(os.path.dirname(path), opts[i + 1])
    return (words[0] if words else "?"), opts


def suite_datasets(a):
    files = sorted(glob.glob(os.path.join(ROOT, "datasets/explorer/**/*.c[ul]"), recursive=True))
    medians = []
    print("%-55s %-10s %-10s %10s %12s" % ("kernel", "expected", "status", "median s", "executions"))
    for f in files:
        want, opts = line3(f)
        times, status, execs = [], "?", 0
        for _ in range(a.repeat):
            dt, status, execs = run(a.racecert, f, opts)
            times.append(dt)
        m = statistics.median(times)
        medians.append(m)
        print("%-55s %-10s %-10s %10.3f %12d" % (os.path.relpath(f, ROOT + "/datasets/explorer"), want, status, m, execs))
    if medians:
        print("kernels %d: median %.3f s, max %.3f s, over 5 s: %d" %
              (len(medians), statistics.median(medians), max(medians), sum(1 for m in medians if m > 5)))


def suite_lock(a):
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "lock.cu")
        with open(path, "w") as f:
            f.write(LOCK)
        for block, grid in ((2, 1), (2, 2), (3, 2), (4, 2)):
            times, execs = [], 0
            for _ in range(a.repeat):
                dt, status, execs = run(a.racecert, path, ["--block-dim", str(block), "--grid-dim", str(grid),
                                                           "--time-limit", str(a.lock_seconds)])
                times.append(dt)
            m = statistics.median(times)
            print("lock %d blocks x %d threads: %s, %d executions, median %.3f s, %.0f executions/s" %
                  (grid, block, status, execs, m, execs / m if m > 0 else 0))


def suite_cd(a):
    files = sorted(glob.glob(os.path.join(ROOT, "datasets/explorer/gklee/*.cu")))
    print("%-40s %8s %8s %8s" % ("benchmark", "K=0", "K=1", "K=2"))
    for f in files:
        _, opts = line3(f)
        base = [o for i, o in enumerate(opts) if o not in ("--strategy", "--delay-bound") and
                (i == 0 or opts[i - 1] not in ("--strategy", "--delay-bound"))]
        cells = []
        for k in (0, 1, 2):
            dt, status, execs = run(a.racecert, f, base + ["--strategy", "cd", "--delay-bound", str(k)])
            cells.append("%d/%s" % (execs, status[:4]))
        print("%-40s %8s %8s %8s" % (os.path.basename(f), *cells))


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--racecert", default=os.path.join(ROOT, "build/racecert"))
    p.add_argument("--suite", default="all", choices=["datasets", "lock", "cd", "all"])
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--lock-seconds", type=float, default=20)
    a = p.parse_args()
    if not os.path.exists(a.racecert):
        sys.exit("%s not found: build first" % a.racecert)
    for name, fn in (("datasets", suite_datasets), ("lock", suite_lock), ("cd", suite_cd)):
        if a.suite in (name, "all"):
            print("== %s" % name)
            fn(a)


if __name__ == "__main__":
    main()
