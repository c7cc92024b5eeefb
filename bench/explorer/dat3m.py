#!/usr/bin/env python3
"""Runs `racecert explore` on Dat3M's PTX litmus corpus (not a test).

For every .litmus file under ROOT/litmus/PTX it runs
`racecert explore --format json [passed-through flags] FILE` (2 parallel
jobs) and prints:
  - parse counts: parsed, deliberately unsupported (the error says
    'unsupported: REASON', grouped by reason) and errors (grouped by message,
    with quoted text and numbers blanked);
  - verdict agreement with Dartagnan's expected CSV: the condition result
    (`condition.holds` of the JSON) against the CSV's 1/0, with the
    disagreeing files; with --liveness the termination verdict (the first
    `verdict` key of the JSON: "terminates" is 1, "may-hang" 0) against
    PTXv7_5-Liveness-expected.csv, counted two ways: strictly (every
    may-hang is 0), and under Dat3M's reading of barrier waits, where a
    may-hang whose lasso has only threads waiting at barriers while some
    thread terminated is 1 (Dat3M's labels call a thread left alone at a
    barrier no liveness violation, `quorum*-pass`, and only threads all
    blocked a hang, `quorum*-hang`); this mapping reads the first lasso of
    the JSON only (docs/corpora.md);
  - total wall time.
Flags racecert rejects (say --model before the ptx branch is merged) are
reported as such.

  bench/explorer/dat3m.py [--racecert build/racecert] [--root /tmp/dat3m/dat3m-ptx]
                          [--model M] [--liveness --progress P] [--csv FILE]
                          [--jobs 2] [--timeout 60] [--only SUBSTRING] [--list]
                          [--labelled] [--time-limit S]
"""
import argparse
import collections
import concurrent.futures
import csv
import json
import os
import re
import subprocess
import sys
import time


def corpus(root, only):
    base = os.path.join(root, "litmus", "PTX")
    out = []
    for d, _, files in os.walk(base):
        for f in files:
            if f.endswith(".litmus"):
                path = os.path.join(d, f)
                if only is None or only in path:
                    out.append(path)
    return sorted(out)


def expected(csv_path):
    table = {}
    with open(csv_path) as f:
        for row in csv.reader(f):
            if len(row) >= 2 and row[1].strip() in ("0", "1"):
                table[row[0].strip()] = row[1].strip() == "1"
    return table


def find_key(j, key):
    if isinstance(j, dict):
        if key in j:
            return j[key]
        for v in j.values():
            r = find_key(v, key)
            if r is not None:
                return r
    elif isinstance(j, list):
        for v in j:
            r = find_key(v, key)
            if r is not None:
                return r
    return None


def barrier_waits_only(j):
    """The first lasso of a liveness JSON has only threads waiting at
    barriers, and some thread terminated (Dat3M: no liveness violation)."""
    w = find_key(j, "witness")
    if not isinstance(w, dict):
        return False
    loops = w.get("loop") or []
    return bool(loops) and all(l.get("at_barrier") for l in loops) and not w.get("cycle") and bool(w.get("terminated"))


def run_one(racecert, extra, timeout, path):
    cmd = [racecert, "explore", "--format", "json"] + extra + [path]
    start = time.monotonic()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return path, "timeout", None, "", time.monotonic() - start
    wall = time.monotonic() - start
    j = None
    try:
        j = json.loads(p.stdout) if p.stdout.strip() else None
    except json.JSONDecodeError:
        j = None
    return path, p.returncode, j, p.stderr.strip(), wall


def message_of(stderr):
    # "file:line:col: error: message" -> message
    line = stderr.splitlines()[0] if stderr else ""
    m = re.match(r"^.*?:\d+:\d+: error: (.*)$", line)
    return (m.group(1) if m else line), bool(m)


def blank(msg):
    msg = re.sub(r"'[^']*'", "'…'", msg)
    return re.sub(r"\d+", "N", msg)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--racecert", default="build/racecert")
    ap.add_argument("--root", default="/tmp/dat3m/dat3m-ptx")
    ap.add_argument("--csv", default=None, help="expected verdicts (default: the root's PTXv7_5 CSV)")
    ap.add_argument("--model", default=None)
    ap.add_argument("--liveness", action="store_true")
    ap.add_argument("--progress", default=None)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per test")
    ap.add_argument("--only", default=None, help="only paths containing this")
    ap.add_argument("--list", action="store_true", help="list every error and disagreement")
    ap.add_argument("--labelled", action="store_true", help="only the files the CSV labels (--liveness: 91)")
    ap.add_argument("--time-limit", default=None, help="racecert's --time-limit per test (seconds)")
    a = ap.parse_args()

    extra = []
    if a.model:
        extra += ["--model", a.model]
    if a.liveness:
        extra += ["--liveness"]
    if a.progress:
        extra += ["--progress", a.progress]
    if a.time_limit:
        extra += ["--time-limit", a.time_limit]
    res_dir = os.path.join(a.root, "dartagnan", "src", "test", "resources")
    csv_path = a.csv or os.path.join(res_dir, "PTXv7_5-Liveness-expected.csv" if a.liveness else "PTXv7_5-expected.csv")
    table = expected(csv_path) if os.path.exists(csv_path) else {}
    files = corpus(a.root, a.only)
    if a.labelled:
        files = [f for f in files if os.path.relpath(f, a.root) in table]
    if not files:
        sys.exit("no .litmus files under %s/litmus/PTX" % a.root)

    start = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
        results = list(pool.map(lambda f: run_one(a.racecert, extra, a.timeout, f), files))
    total = time.monotonic() - start

    parsed, unsupported, errors, timeouts, crashes, bad_format = 0, collections.Counter(), collections.Counter(), [], [], []
    error_files = collections.defaultdict(list)
    agree, disagree, no_verdict = 0, [], []
    dat3m_agree, dat3m_disagree = 0, []  # --liveness: Dat3M's reading of barrier waits
    rejected_flag = None
    slowest = sorted(results, key=lambda r: -r[4])[:5]
    for path, rc, j, err, _ in results:
        rel = os.path.relpath(path, a.root)
        if rc == "timeout":
            timeouts.append(rel)
            continue
        if j is None:
            if re.search(r"Option .* does not exist|unrecognised option|unknown option", err):
                rejected_flag = err.splitlines()[0]
                continue
            msg, formatted = message_of(err)
            if not err or rc not in (1, 2):
                crashes.append("%s (rc %s) %s" % (rel, rc, err[:120]))
                continue
            if not formatted:
                bad_format.append("%s: %s" % (rel, err.splitlines()[0][:160]))
                continue
            m = re.match(r"^unsupported: (.*?)(?: \(.*)?$", msg)
            if m:
                unsupported[m.group(1)] += 1
                error_files["unsupported: " + m.group(1)].append(rel)
            else:
                errors[blank(msg)] += 1
                error_files[blank(msg)].append(rel)
            continue
        parsed += 1
        if rel not in table:
            continue
        if a.liveness:
            v = find_key(j, "verdict")
            got = None if v not in ("terminates", "may-hang") else v == "terminates"
        else:
            got = find_key(j, "condition")
            got = got.get("holds") if isinstance(got, dict) else None
        if a.liveness and got is not None:
            mapped = got or barrier_waits_only(j)
            if mapped == table[rel]:
                dat3m_agree += 1
            else:
                dat3m_disagree.append("%s: expected %d, racecert %d" % (rel, table[rel], mapped))
        if got is None:
            no_verdict.append(rel)
        elif got == table[rel]:
            agree += 1
        else:
            disagree.append("%s: expected %d, racecert %d" % (rel, table[rel], got))

    n = len(files)
    print("racecert explore %s on %d files under %s/litmus/PTX" % (" ".join(extra), n, a.root))
    if rejected_flag:
        print("racecert rejected a flag (%s): %s" % (" ".join(extra), rejected_flag))
    print("parsed: %d" % parsed)
    print("deliberately unsupported: %d" % sum(unsupported.values()))
    for reason, c in unsupported.most_common():
        print("  %4d  %s" % (c, reason))
    print("errors: %d" % sum(errors.values()))
    for msg, c in errors.most_common():
        print("  %4d  %s   (e.g. %s)" % (c, msg, error_files[msg][0]))
    if bad_format:
        print("errors not in file:line:col format: %d" % len(bad_format))
        for b in bad_format[:10]:
            print("  " + b)
    if crashes:
        print("crashes / unexpected exit codes: %d" % len(crashes))
        for c in crashes[:10]:
            print("  " + c)
    if timeouts:
        print("timeouts (> %gs): %d" % (a.timeout, len(timeouts)))
        for t in timeouts[:10]:
            print("  " + t)
    judged = agree + len(disagree)
    print("verdicts vs %s: %d of %d listed tests parsed; agree %d, disagree %d%s"
          % (os.path.basename(csv_path), judged + len(no_verdict), len(table), agree, len(disagree),
             ", no verdict in the JSON %d" % len(no_verdict) if no_verdict else ""))
    if judged:
        print("agreement%s: %.1f %%" % (" (strict: may-hang is 0)" if a.liveness else "", 100.0 * agree / judged))
    for d in disagree if a.list else disagree[:20]:
        print("  " + d)
    if a.liveness and judged:
        print("agreement under Dat3M's reading of barrier waits (a lasso of barrier waits only, "
              "some thread terminated, is 1): agree %d, disagree %d, %.1f %%"
              % (dat3m_agree, len(dat3m_disagree), 100.0 * dat3m_agree / judged))
        for d in dat3m_disagree if a.list else dat3m_disagree[:20]:
            print("  " + d)
    if a.list:
        for msg, fs in error_files.items():
            for f in fs:
                print("  [%s] %s" % (msg, f))
    print("slowest: " + ", ".join("%s %.2fs" % (os.path.relpath(p, a.root), w) for p, _, _, _, w in slowest))
    print("total wall time: %.1f s (%d jobs)" % (total, a.jobs))


if __name__ == "__main__":
    main()
