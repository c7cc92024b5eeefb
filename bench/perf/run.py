#!/usr/bin/env python3
"""Scaling benchmark of `racecert check` against `clang-19 -fsyntax-only` (not a test).

Both tools run as whole processes (start-up included), racecert as
`racecert check -j 1 FILE`, clang with the flags and bundled header racecert
gives Clang (bench/process_timing.py). Per kernel: the median CPU time
(user+system; --wall for wall time) of --repeat runs, the peak resident
memory, and the ratio racecert / clang. Every run is killed after --limit
seconds (shown as `>LIMIT`).

Generated kernels (written to --out, default a temporary folder):
  - barriers-N: N statements over two shared arrays, a __syncthreads() every
    50 statements (each phase writes one array at the thread's own cell and
    reads the other one: DRF), N = 1k, 8k, 50k;
  - one-phase-N: N statements in one phase with no barrier at all, every
    access in it (`a[tid] = a[tid] + b[tid + k];`: DRF), N = 1k, 8k, 50k;
  - guarded-N: N statements of the most common 1-D kernel, a local value
    and a bounds-checked update (`int tK = b[i] * K;` then
    `if (i < n) a[i] = a[i] + tK;` with i = blockIdx.x * blockDim.x +
    threadIdx.x, the launch left symbolic: DRF), N = 1k, 8k, 50k;
  - loops-N: N loops in a row, each summing a row (`for (int jK = 0; jK <
    m; jK++) acc += b[i * m + jK];`), N = 1k, 8k;
  - loads-phases-N: N statements of 4-statement barrier intervals, each
    staging a loaded value in shared memory and reading a neighbour's
    (DRF), N = 1k, 8k, 50k.
  - repeat-N: the issue's `a[threadIdx.x] = a[threadIdx.x] + 1;` repeated N
    times, N = 500, 2000, 4000;
  - one-line-1MB: the same statement repeated on one line of 1 MB.
  - early-returns-N: N early returns in a row, each followed by an update
    (`if (b[K] == K) return;` then `a[tid] = a[tid] + K;`): after jump
    elimination the rest of the kernel nests one conditional deeper at
    each return, N = 1000, 2000, 4000;
  - thread-returns-N: the same with a per-thread condition
    (`if (b[tid] == K) return;`): every conditional of the nest depends on
    the thread, N = 1000, 2000, 4000;
  - loop-breaks-N: N per-thread breaks in one loop body
    (`if (b[tid] == K) break;` then `a[tid] = a[tid] + K;` in a loop of m
    trips), N = 500, 1000, 2000.
Then the corpora: datasets/kernels and the GPUVerify testsuite (--gvts, the
unpacked tarball; skipped when missing): median and 95th percentile of the
per-file ratios.

  bench/perf/run.py [--racecert build/racecert] [--repeat 3] [--limit 120]
                    [--quick] [--only generated|corpora] [--wall] [--keep DIR]
                    [--skip REGEX]

--quick: one run each, sizes up to 8k (and repeat-2000), and every 4th corpus
file: a smoke run of a few minutes.
"""
import argparse
import os
import re
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from process_timing import ROOT, clang_command, kernel_files, percentile, run_process  # noqa: E402

BLOCK = 256
HEADER = "//pass\n//--blockDim=%d --gridDim=1\n" % BLOCK


def barriers_kernel(n):
    """n statements, a barrier after every 50: phase p writes its own cell of
    one shared array and reads a neighbour's cell of the other."""
    body = []
    for i in range(n):
        if i and i % 50 == 0:
            body.append("  __syncthreads();")
        w, r = ("s", "t") if (i // 50) % 2 == 0 else ("t", "s")
        body.append("  %s[tid] = %s[tid] + %s[(tid + %d) %% %d];" % (w, w, r, i % 7 + 1, BLOCK))
    return (HEADER + "__global__ void k(float *out) {\n  __shared__ float s[%d];\n  __shared__ float t[%d];\n"
            "  unsigned tid = threadIdx.x;\n%s\n  out[tid] = s[tid] + t[tid];\n}\n" % (BLOCK, BLOCK, "\n".join(body)))


def one_phase_kernel(n):
    """n statements in one phase: every access of the kernel in one query."""
    body = "\n".join("  a[tid] = a[tid] + b[tid + %d];" % (i % 64) for i in range(n))
    return HEADER + "__global__ void k(float *a, const float *b) {\n  unsigned tid = threadIdx.x;\n%s\n}\n" % body


def guarded_kernel(n):
    """n statements, every other one an `if`: each branch is joined into
    the values of every local so far, and the index needs blockDim.x."""
    body = []
    for k in range(n // 2):
        body.append("  int t%d = b[i] * %d;" % (k, k + 1))
        body.append("  if (i < n) a[i] = a[i] + t%d;" % k)
    return ("//pass\n//--blockDim=256 --gridDim=64\n__global__ void k(int *a, const int *b, int n) {\n"
            "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n%s\n}\n" % "\n".join(body))


def loops_kernel(n):
    """n loops in a row: each is analysed on the variables it mentions."""
    body = ["  for (int j%d = 0; j%d < m; j%d++) acc += b[i * m + j%d] * %d;" % (k, k, k, k, k + 1) for k in range(n)]
    return ("//pass\n//--blockDim=256 --gridDim=64\n__global__ void k(int *a, const int *b, int n, int m) {\n"
            "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  int acc = 0;\n%s\n  if (i < n) a[i] = acc;\n}\n"
            % "\n".join(body))


def loads_phases_kernel(n):
    """n // 4 barrier intervals, each with loaded values of its own: a
    trace declares the per-thread unknowns it uses, not the kernel's."""
    body = []
    for k in range(n // 4):
        body += ["  s[t] = b[i] + %d;" % k, "  __syncthreads();",
                 "  if (i < n) a[i] = a[i] + s[(t + %d) %% blockDim.x];" % k, "  __syncthreads();"]
    return ("//pass\n//--blockDim=256 --gridDim=64\n__global__ void k(int *a, const int *b, int n) {\n"
            "  __shared__ int s[1024];\n  int t = threadIdx.x;\n  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
            "%s\n}\n" % "\n".join(body))


STMT = "a[threadIdx.x] = a[threadIdx.x] + 1;"


def repeat_kernel(n, sep="\n  "):
    return HEADER + "__global__ void k(int *a) {\n  " + sep.join([STMT] * n) + "\n}\n"


def one_line_kernel(size):
    return repeat_kernel(size // (len(STMT) + 1), sep=" ")


def early_returns_kernel(n, cell=lambda k: str(k % 64)):
    body = ["  if (b[%s] == %d) return;\n  a[tid] = a[tid] + %d;" % (cell(k), k, k) for k in range(n)]
    return (HEADER + "__global__ void k(int *a, const int *b) {\n  unsigned tid = threadIdx.x;\n"
            + "\n".join(body) + "\n}\n")


def loop_breaks_kernel(n):
    body = ["    if (b[tid] == %d) break;\n    a[tid] = a[tid] + %d;" % (k, k) for k in range(n)]
    return (HEADER + "__global__ void k(int *a, const int *b, int m) {\n  unsigned tid = threadIdx.x;\n"
            "  for (int j = 0; j < m; j++) {\n" + "\n".join(body) + "\n  }\n}\n")


def generated(quick):
    sizes = [1000, 8000] if quick else [1000, 8000, 50000]
    out = [("barriers-%d" % n, lambda n=n: barriers_kernel(n)) for n in sizes]
    out += [("one-phase-%d" % n, lambda n=n: one_phase_kernel(n)) for n in sizes]
    out += [("guarded-%d" % n, lambda n=n: guarded_kernel(n)) for n in sizes]
    out += [("loops-%d" % n, lambda n=n: loops_kernel(n)) for n in sizes[:2]]
    out += [("loads-phases-%d" % n, lambda n=n: loads_phases_kernel(n)) for n in sizes]
    out += [("repeat-%d" % n, lambda n=n: repeat_kernel(n)) for n in ([500, 2000] if quick else [500, 2000, 4000])]
    if not quick:
        out.append(("one-line-1MB", lambda: one_line_kernel(1 << 20)))
    returns = [1000] if quick else [1000, 2000, 4000]
    out += [("early-returns-%d" % n, lambda n=n: early_returns_kernel(n)) for n in returns]
    out += [("thread-returns-%d" % n, lambda n=n: early_returns_kernel(n, lambda k: "tid")) for n in returns]
    out += [("loop-breaks-%d" % n, lambda n=n: loop_breaks_kernel(n)) for n in ([500] if quick else [500, 1000, 2000])]
    return out


def measure(cmd, a):
    runs = [run_process(cmd, a.limit) for _ in range(a.repeat)]
    if any(r.killed for r in runs):
        return None, max(r.peak_mib for r in runs)
    return statistics.median(r.wall if a.wall else r.cpu for r in runs), max(r.peak_mib for r in runs)


def fmt_time(t, a):
    return ">%ds" % a.limit if t is None else "%.3f s" % t


def compare(path, a):
    ours, ours_mib = measure([a.racecert, "check", "-j", "1", path], a)
    floor, floor_mib = measure(clang_command(path), a)
    ratio = None if ours is None or floor is None else ours / floor
    return ours, ours_mib, floor, floor_mib, ratio


def run_generated(a, folder):
    print("| kernel | statements | racecert | peak | clang | peak | ratio |")
    print("|---|--:|--:|--:|--:|--:|--:|")
    for name, make in generated(a.quick):
        if a.skip and re.search(a.skip, name):
            continue
        path = os.path.join(folder, name + ".cu")
        with open(path, "w") as f:
            f.write(make())
        n = int(name.split("-")[-1]) if name[-1].isdigit() else None
        ours, ours_mib, floor, floor_mib, ratio = compare(path, a)
        print("| %s | %s | %s | %.0f MiB | %s | %.0f MiB | %s |" %
              (name, n or "~%d" % (os.path.getsize(path) // (len(STMT) + 1)), fmt_time(ours, a), ours_mib,
               fmt_time(floor, a), floor_mib, "-" if ratio is None else "%.2f" % ratio), flush=True)


def run_corpus(name, files, a):
    if a.quick:
        files = files[::4]
    rows = []
    for path in files:
        ours, ours_mib, floor, _, ratio = compare(path, a)
        if ratio is not None:
            rows.append((path, ours, floor, ratio, ours_mib))
        print("%-80s racecert %s clang %s" % (os.path.relpath(path, ROOT), fmt_time(ours, a), fmt_time(floor, a)),
              file=sys.stderr)
    ratios = [r[3] for r in rows]
    print("%s: %d files (%d over the limit), ratio racecert / clang: median %.2f, p95 %.2f; "
          "racecert median %.1f ms, clang median %.1f ms; max peak %.0f MiB" %
          (name, len(files), len(files) - len(rows), statistics.median(ratios), percentile(ratios, 0.95),
           statistics.median(r[1] for r in rows) * 1e3, statistics.median(r[2] for r in rows) * 1e3,
           max(r[4] for r in rows)), flush=True)
    for path, ours, floor, ratio, _ in sorted(rows, key=lambda r: -r[3])[:a.top]:
        print("  ratio %6.2f  %8.1f ms (clang %5.1f ms)  %s" % (ratio, ours * 1e3, floor * 1e3,
                                                                os.path.relpath(path, ROOT)))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--racecert", default=os.path.join(ROOT, "build", "racecert"))
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--limit", type=int, default=120, help="seconds after which a run is killed")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--only", choices=["generated", "corpora"])
    ap.add_argument("--wall", action="store_true", help="wall time instead of user+system CPU time")
    ap.add_argument("--gvts", default="/tmp/gvts/gpuverify-testsuite/testsuite")
    ap.add_argument("--keep", help="write the generated kernels to this folder (kept)")
    ap.add_argument("--skip", help="leave out the generated kernels whose name matches this regex")
    ap.add_argument("--top", type=int, default=5, help="how many of the worst ratios to list per corpus")
    a = ap.parse_args()
    if a.quick:
        a.repeat = 1
    print("racecert check -j 1 vs clang-19 -fsyntax-only, median of %d runs, %s time" %
          (a.repeat, "wall" if a.wall else "CPU"))
    if a.only != "corpora":
        if a.keep:
            os.makedirs(a.keep, exist_ok=True)
            run_generated(a, a.keep)
        else:
            with tempfile.TemporaryDirectory() as folder:
                run_generated(a, folder)
    if a.only != "generated":
        run_corpus("datasets/kernels", kernel_files(os.path.join(ROOT, "datasets", "kernels")), a)
        if os.path.isdir(a.gvts):
            run_corpus("gpuverify-testsuite", kernel_files(a.gvts), a)
        else:
            print("gpuverify-testsuite: %s missing (see docs/corpora.md), skipped" % a.gvts)


if __name__ == "__main__":
    main()
