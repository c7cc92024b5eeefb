#!/usr/bin/env python3
"""Benchmark of the named-barrier check on Singe-style kernels (issue 16; not a test).

Generates kernels with gen_singe.py (default: the largest, 1,024 threads and
about 14.3 million commands in the block, WEFT's Fig. 10 scale) and times
`racecert check FILE --block-dim N` as a process: the median of --repeat
runs of wall time and of user+system CPU time (steadier on a loaded
machine), and the peak resident memory (ru_maxrss). As the floor, the same
for `clang-19 -fsyntax-only` on the file with racecert's parsing flags
(bench/frontend/run.py's), and the ratio. Targets of the issue: under 10 s
and under 2 GB per kernel (WEFT: up to 417 s and 5 GB).

  bench/barriers/singe_scale.py [--racecert build/racecert] [--repeat 3]
                                [--check-arg=--benign-races] [--keep DIR]
                                [-- gen_singe.py options: --bug B, --benign, ...]

Any gen_singe.py option given after `--` goes to the generator.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "bench", "frontend"))
import run as frontend_bench  # noqa: E402  (clang_command, the floor's flags)


def measure(cmd, expect_ok=True):
    """(wall s, cpu s, peak RSS MiB, output) of one run of cmd."""
    wrapped = ["/usr/bin/time", "-f", "TIME %e %U %S %M"] + cmd
    p = subprocess.run(wrapped, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    m = re.search(r"TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)\s*$", p.stdout)
    if not m:
        sys.exit("no timing from: " + " ".join(cmd) + "\n" + p.stdout[-2000:])
    wall, user, system, kb = float(m.group(1)), float(m.group(2)), float(m.group(3)), int(m.group(4))
    return wall, user + system, kb / 1024.0, p.stdout[: m.start()]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--racecert", default=os.path.join(ROOT, "build", "racecert"))
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--keep", help="write the generated kernel into this folder")
    ap.add_argument("--check-arg", action="append", default=[],
                    help="an option for racecert check (repeatable), e.g. --check-arg=--benign-races")
    ap.add_argument("gen", nargs="*", help="options for gen_singe.py (after --)")
    a = ap.parse_args()

    folder = a.keep or tempfile.mkdtemp(prefix="singe_")
    path = os.path.join(folder, "singe.cu")
    g = subprocess.run([sys.executable, os.path.join(HERE, "gen_singe.py"), "-o", path] + a.gen,
                       stderr=subprocess.PIPE, text=True, check=True)
    commands = int(re.search(r"about (\d+)", g.stderr).group(1))
    with open(path) as f:
        text = f.read()
    lines = text.count("\n")
    block = int(re.search(r"--blockDim=(\d+)", text).group(1))

    runs = [measure([a.racecert, "check", path, "--block-dim", str(block)] + a.check_arg) for _ in range(a.repeat)]
    floor = [measure(frontend_bench.clang_command(path)) for _ in range(a.repeat)]
    verdict = re.search(r"kernel '[^']*': (\w+)", runs[0][3])
    wall = statistics.median(r[0] for r in runs)
    cpu = statistics.median(r[1] for r in runs)
    rss = max(r[2] for r in runs)
    fwall = statistics.median(r[0] for r in floor)
    fcpu = statistics.median(r[1] for r in floor)
    print("kernel: %s: %d lines, %d threads, %d commands in the block" % (path, lines, block, commands))
    print("verdict: %s" % (verdict.group(1) if verdict else "?"))
    print("racecert check, median of %d: %.2f s wall, %.2f s CPU; peak RSS %.0f MiB"
          % (a.repeat, wall, cpu, rss))
    print("clang-19 -fsyntax-only, median of %d: %.2f s wall, %.2f s CPU" % (a.repeat, fwall, fcpu))
    print("ratio racecert / clang: %.1f (wall), %.1f (CPU)" % (wall / fwall, cpu / fcpu))
    if not a.keep:
        os.remove(path)
        os.rmdir(folder)


if __name__ == "__main__":
    main()
