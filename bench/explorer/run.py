#!/usr/bin/env python3
"""Benchmark of `racecert explore` (not a test).

Suites:
  lb      the load-buffering ring LB-n of the GPUMC paper's Table 5; checks
          that LB-n gives exactly 2^n - 1 executions.
  table1  the lock programs and the XF barrier of Table 1 at the paper's grid
          sizes (CTAs x threads), full exploration.
  cd      every test of datasets/litmus/ with --strategy cd at delay bounds
          --delay-bounds (default 0,1,2), unoptimized and --cd-optimized:
          schedules and median wall time next to the DPOR's executions.

For each program it runs racecert `--repeat` times and reports the median
wall time, executions per second and the largest resident set size.

  bench/explorer/run.py [--racecert build/racecert] [--suite lb|table1|all]
                        [--sizes 4,8,12,16,18,20] [--repeat 3]
                        [--delay-bounds 0,1,2]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time


def lb(n):
    threads = " | ".join("P%d@cta 0,gpu 0" % i for i in range(n))
    loads = " | ".join("ld.relaxed.gpu r0, x%d" % i for i in range(n))
    stores = " | ".join("st.relaxed.gpu x%d, 1" % ((i + 1) % n) for i in range(n))
    cond = " /\\ ".join("P%d:r0 == 1" % i for i in range(n))
    return "PTX LB-%d\n{ }\n %s ;\n %s ;\n %s ;\nexists (%s)\n" % (n, threads, loads, stores, cond)


def grid_test(name, cells, ctas, per, locations, cond):
    threads = [c for c in range(ctas) for _ in range(per)]
    rows = [["P%d@cta %d,gpu 0" % (i, c) for i, c in enumerate(threads)]]
    for r in range(max(len(c) for c in cells)):
        rows.append([c[r] if r < len(c) else "" for c in cells])
    text = "PTX %s\n{ %s }\n" % (name, " ".join(l + "=0;" for l in locations))
    text += "".join(" " + " | ".join(row) + " ;\n" for row in rows)
    return text + cond + "\n"


CRITICAL = ["ld.weak r1, data", "add r1, r1, 1", "st.weak data, r1"]


def caslock(ctas, per, acq="acquire", rel="release"):
    n = ctas * per
    cells = [["L%d:" % t, "atom.%s.gpu.cas r0, lock, 0, 1" % acq, "bne r0, 0, L%d" % t] + CRITICAL +
             ["st.%s.gpu lock, 0" % rel] for t in range(n)]
    return grid_test("caslock-%dx%d" % (ctas, per), cells, ctas, per, ["lock", "data"], "forall (data == %d)" % n)


def ticketlock(ctas, per):
    n = ctas * per
    cells = [["atom.relaxed.gpu.add r0, next, 1", "L%d:" % t, "ld.acquire.gpu r2, serving", "bne r2, r0, L%d" % t] +
             CRITICAL + ["add r3, r0, 1", "st.release.gpu serving, r3"] for t in range(n)]
    return grid_test("ticketlock-%dx%d" % (ctas, per), cells, ctas, per, ["next", "serving", "data"],
                     "forall (data == %d)" % n)


def ttaslock(ctas, per):
    n = ctas * per
    cells = [["L%d:" % t, "ld.relaxed.gpu r0, lock", "bne r0, 0, L%d" % t, "atom.acquire.gpu.cas r0, lock, 0, 1",
              "bne r0, 0, L%d" % t] + CRITICAL + ["st.release.gpu lock, 0"] for t in range(n)]
    return grid_test("ttaslock-%dx%d" % (ctas, per), cells, ctas, per, ["lock", "data"], "forall (data == %d)" % n)


def run_once(racecert, path, extra):
    cmd = ["/usr/bin/time", "-f", "%e %M", racecert, "explore", path, "--format", "json"] + extra
    start = time.monotonic()
    try:  # no run of the benchmark may hang
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    except subprocess.TimeoutExpired:
        sys.exit("racecert explore ran past 600 s on %s" % path)
    wall = time.monotonic() - start
    if proc.returncode not in (0, 1):
        sys.exit("racecert failed on %s: %s" % (path, proc.stderr))
    rss_kb = int(proc.stderr.strip().splitlines()[-1].split()[1])
    return wall, rss_kb, json.loads(proc.stdout)


def bench(racecert, name, text, repeat, extra=(), expect_executions=None):
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, name + ".litmus")
        with open(path, "w") as f:
            f.write(text)
        walls, rss, result = [], 0, None
        for _ in range(repeat):
            wall, kb, result = run_once(racecert, path, list(extra))
            walls.append(wall)
            rss = max(rss, kb)
    if expect_executions is not None and result["executions"] != expect_executions:
        sys.exit("%s: %d executions, expected %d" % (name, result["executions"], expect_executions))
    median = statistics.median(walls)
    total = result["executions"] + result["blocked"]
    print("| %-16s | %10d | %10d | %9.3f | %12.0f | %7.1f | %s |" % (
        name, result["executions"], result["blocked"], median, total / median if median > 0 else 0, rss / 1024.0,
        "race" if result["races"] else "no race"), flush=True)


def median_run(racecert, path, extra, repeat):
    walls, result = [], None
    for _ in range(repeat):
        wall, _, result = run_once(racecert, path, list(extra))
        walls.append(wall)
    return statistics.median(walls), result


def verdict(result):
    errors = []
    if result["races"]:
        errors.append("race")
    if result["divergence"]:
        errors.append("divergence")
    if result["condition"]["kind"] == "forall" and not result["condition"]["holds"]:
        errors.append("forall violated")
    return ", ".join(errors) or "ok"


def bench_cd(racecert, bounds, repeat):
    """Delay bounding on the litmus datasets: one row per test, per K the
    schedules and median seconds, unoptimized / optimized."""
    root = os.path.join(os.path.dirname(__file__), "..", "..", "datasets", "litmus")
    head = "| test | DPOR executions (verdict) |" + "".join(" K=%d sched. | K=%d s | K=%d opt. sched. |" % (k, k, k)
                                                  for k in bounds) + " CD verdict at K=%d |" % bounds[-1]
    print(head)
    print("|" + "---|" * (head.count("|") - 1))
    for name in sorted(os.listdir(root)):
        if not name.endswith(".litmus"):
            continue
        path = os.path.join(root, name)
        _, dpor = median_run(racecert, path, [], 1)
        row = "| %s | %d (%s) |" % (name[:-7], dpor["executions"] + dpor["blocked"], verdict(dpor))
        last = None
        for k in bounds:
            wall, cd = median_run(racecert, path, ["--strategy", "cd", "--delay-bound", str(k)], repeat)
            _, opt = median_run(racecert, path, ["--strategy", "cd", "--delay-bound", str(k), "--cd-optimized"], 1)
            row += " %d | %.3f | %d |" % (cd["schedules"], wall, opt["schedules"])
            last = cd
        print(row + " %s |" % verdict(last), flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--racecert", default=os.path.join(os.path.dirname(__file__), "..", "..", "build", "racecert"))
    ap.add_argument("--suite", default="all", choices=["lb", "table1", "cd", "all"])
    ap.add_argument("--sizes", default="2,4,8,12,16,18,20")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--delay-bounds", default="0,1,2")
    args = ap.parse_args()
    if args.suite == "cd":
        bench_cd(args.racecert, [int(x) for x in args.delay_bounds.split(",")], args.repeat)
        return
    print("| program          | executions |    blocked | median s  | (exec+blk)/s | max MiB | result |")
    print("|------------------|-----------:|-----------:|----------:|-------------:|--------:|--------|")
    if args.suite in ("lb", "all"):
        for n in [int(x) for x in args.sizes.split(",")]:
            bench(args.racecert, "LB-%d" % n, lb(n), args.repeat, expect_executions=2 ** n - 1)
    if args.suite in ("table1", "all"):
        for text in [caslock(4, 2), caslock(6, 4, acq="acquire", rel="relaxed"), ticketlock(3, 2), ticketlock(4, 2),
                     ttaslock(3, 2)]:
            name = text.split("\n")[0].split()[1]
            extra = ["--stop-on-first"] if "relaxed.gpu lock" in text else []
            if extra:
                name = name.replace("caslock", "caslock1")
            bench(args.racecert, name, text, args.repeat, extra)


if __name__ == "__main__":
    main()
