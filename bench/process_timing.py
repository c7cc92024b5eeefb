"""What the process benchmarks share (bench/frontend/run.py, bench/perf/run.py):
the kernel files of a folder, the `clang-19 -fsyntax-only` command that parses
a file with exactly the flags and bundled header racecert gives Clang (the
floor every racecert figure is compared with), timing a whole process (wall
and user+system CPU time, peak resident memory) with a kill after a limit,
and percentiles. Not a test: a library of the bench scripts."""
import os
import re
import signal
import subprocess
import threading
import time
from collections import namedtuple

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESOURCE_DIR = "/usr/lib/llvm-19/lib/clang/19"
INCLUDE_DIR = os.path.join(ROOT, "frontend", "include")


def kernel_files(root):
    out = []
    for d, _, files in os.walk(root):
        out += [os.path.join(d, f) for f in files if f.endswith((".cu", ".cl"))]
    return sorted(out)


def header_defines(path):
    """The -DNAME=V flags of a GPUVerify header (line 2)."""
    with open(path, errors="replace") as f:
        lines = [f.readline() for _ in range(2)]
    return re.findall(r"(?:^|\s)(-D\S+)", lines[1]) if lines[1].startswith("//") else []


def clang_command(path):
    common = ["clang-19", "-fsyntax-only", "-ferror-limit=0", "-w", "-resource-dir", RESOURCE_DIR]
    if path.endswith(".cl"):
        lang = ["-x", "cl", "-cl-std=CL2.0", "-Xclang", "-finclude-default-header", "-include",
                os.path.join(INCLUDE_DIR, "racecert_opencl.h")]
    else:
        lang = ["-x", "cuda", "--cuda-device-only", "-nocudainc", "-nocudalib", "-nobuiltininc", "-isystem",
                RESOURCE_DIR + "/include", "--cuda-gpu-arch=sm_70", "-Wno-unknown-cuda-version", "-std=c++17",
                "-I", INCLUDE_DIR, "-include", "racecert_cuda.h"]
    return common + lang + header_defines(path) + ["-I", os.path.dirname(path), path]


# One run of a process: wall and CPU seconds, peak resident set in MiB, and
# whether it was killed at the time limit.
Run = namedtuple("Run", "wall cpu peak_mib killed")


def run_process(cmd, limit_s):
    """Runs `cmd` once (output discarded), killing it after `limit_s` seconds.
    A blocking wait4 keeps the timing exact and gives this child's own rusage."""
    start = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    killer = threading.Timer(limit_s, p.kill)
    killer.start()
    _, status, usage = os.wait4(p.pid, 0)
    killer.cancel()
    killed = os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
    return Run(time.perf_counter() - start, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0, killed)


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p * (len(values) - 1))))]
