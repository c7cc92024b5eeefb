#!/usr/bin/env python3
"""CADP progress tests: `racecert explore --liveness` against `racecert progress check`.

Dat3M's PTX CADP tests (litmus/PTX/CADP, 483 files) are the AXB programs of
the progress-models paper translated to PTX; the AXB sources are not in the
corpus. This script translates each test back to racecert progress's
test-suite form and compares the termination verdict of every model (the 11
rows of both tables). Not a test: a measurement (docs/explorer.md, Liveness).

Dat3M's translation: each AXB instruction is one memory instruction, in
order; labels and gotos (some of them trampolines) only route control:
  ld.relaxed.gpu r, MemX ; bne r, v, NEXT ; goto TARGET
      -> if (Mem[X] == v) goto k;       (k: the instruction TARGET leads to)
  atom.relaxed.gpu.exch r, MemX, w ; bne r, v, NEXT ; goto TARGET
      -> if (Exch(Mem[X],w) == v) goto k;
  st.relaxed.gpu MemX, w              -> Mem[X] = w;
Past the last memory instruction is END. A load or exchange without bne
does not branch.

  bench/explorer/cadp_liveness.py [--corpus DIR] [--racecert build/racecert]
                                  [--show-disagreements] [--write-axb DIR]
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def columns(text):
    """The instruction rows of each thread column, in order."""
    lines = text.splitlines()
    start = next(i for i, l in enumerate(lines) if l.strip().startswith("P0@"))
    header = [c.strip() for c in lines[start].rstrip(" ;").split("|")]
    cols = [[] for _ in header]
    for line in lines[start + 1:]:
        if line.strip().startswith(("exists", "forall", "~exists")) or not line.strip():
            break
        for i, cell in enumerate(line.rstrip().rstrip(";").split("|")):
            cell = cell.strip()
            if cell:
                cols[i].append(cell)
    return cols


def convert_thread(t, rows):
    """The test-suite lines of one thread.

    The memory instructions are the AXB instructions, in order; labels and
    gotos only route control (Dat3M emits trampolines such as `LC12: goto
    LC10`), so each successor is resolved through them to the next memory
    instruction, or END past the last row."""
    items = [r.replace(",", " ").split() for r in rows]
    labels = {it[0][:-1]: i for i, it in enumerate(items) if it[0].endswith(":")}
    mem = [i for i, it in enumerate(items) if it[0].startswith(("ld.", "st.", "atom."))]
    index_of = {pos: k for k, pos in enumerate(mem)}

    def resolve(pos, seen=()):
        while pos < len(items):
            it = items[pos]
            if it[0].endswith(":"):
                pos += 1
            elif it[0] == "goto":
                if pos in seen:
                    raise ValueError("a goto cycle without memory instructions in thread %d" % t)
                seen = seen + (pos,)
                pos = labels[it[1]]
            elif pos in index_of:
                return index_of[pos]
            else:
                raise ValueError("unexpected row %s in thread %d" % (" ".join(it), t))
        return len(mem)  # END

    out = []
    for k, pos in enumerate(mem):
        it = items[pos]
        nxt = items[pos + 1] if pos + 1 < len(items) else [""]
        if nxt[0] == "bne":
            check, not_equal, target = int(nxt[2]), resolve(labels[nxt[3]]), resolve(pos + 2)
            if not_equal != k + 1:
                raise ValueError("thread %d instruction %d: the not-equal branch is no fall-through" % (t, k))
        else:
            check, target = 0, resolve(pos + 1)
            if target != k + 1:
                raise ValueError("thread %d instruction %d: an unconditional jump after it" % (t, k))
        op = it[0]
        if op.startswith("st."):
            if nxt[0] == "bne":
                raise ValueError("a store that branches in thread %d" % t)
            out.append("%d: Mem[%s] = %s;" % (k, it[1][3:], it[2]))
        elif op.startswith("ld."):
            out.append("%d: if (Mem[%s] == %d) goto %d;" % (k, it[2][3:], check, target))
        elif op.startswith("atom.") and op.endswith(".exch"):
            out.append("%d: if (Exch(Mem[%s],%s) == %d) goto %d;" % (k, it[2][3:], it[3], check, target))
        else:
            raise ValueError("unknown instruction %s" % " ".join(it))
    return out


def convert(text):
    cols = columns(text)
    parts = []
    for t, rows in enumerate(cols):
        parts.append("THREAD %d\n%s\n" % (t, "\n".join(convert_thread(t, rows))))
    return "\n".join(parts)


def verdicts(results):
    """(model, fairness) -> True (terminates) / False / None (unknown)."""
    return {(r["model"], r["fairness"]): r["terminates"] for r in results}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", default="/tmp/dat3m/dat3m-ptx/litmus/PTX/CADP")
    ap.add_argument("--racecert", default=os.path.join(ROOT, "build", "racecert"))
    ap.add_argument("--show-disagreements", action="store_true")
    ap.add_argument("--write-axb", help="also write each converted program here")
    args = ap.parse_args()
    files = sorted(glob.glob(os.path.join(args.corpus, "**", "*.litmus"), recursive=True))
    agree = {}
    disagree = []
    unknown = []
    explore_time = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        for f in files:
            name = os.path.relpath(f, args.corpus)
            suite = convert(open(f).read())
            path = os.path.join(tmp, "p.test")
            with open(path, "w") as out:
                out.write(suite)
            if args.write_axb:
                dst = os.path.join(args.write_axb, name.replace("/", "_").replace(".litmus", ".test"))
                with open(dst, "w") as out:
                    out.write(suite)
            ref = subprocess.run([args.racecert, "progress", "check", path, "--format", "json"],
                                 capture_output=True, text=True)
            if ref.returncode != 0:
                print("progress check failed on %s: %s" % (name, ref.stderr), file=sys.stderr)
                continue
            t0 = time.perf_counter()
            got = subprocess.run([args.racecert, "explore", f, "--liveness", "--format", "json"],
                                 capture_output=True, text=True)
            explore_time += time.perf_counter() - t0
            if got.returncode != 0:
                print("explore failed on %s: %s" % (name, got.stderr), file=sys.stderr)
                continue
            want = verdicts(json.loads(ref.stdout)["results"])
            have = verdicts(json.loads(got.stdout)["results"])
            for key, w in want.items():
                h = have.get(key)
                row = "%s/%s" % key
                if h is None:
                    unknown.append((name, row, w))
                elif h == w:
                    agree[row] = agree.get(row, 0) + 1
                else:
                    disagree.append((name, row, w, h))
    rows = sorted({r for r in agree} | {d[1] for d in disagree} | {u[1] for u in unknown})
    print("%d tests; explore --liveness wall time (all models, one process per test): %.2f s"
          % (len(files), explore_time))
    print("%-16s %6s %9s %7s" % ("model", "agree", "disagree", "unknown"))
    for r in rows:
        print("%-16s %6d %9d %7d" % (r, agree.get(r, 0), sum(1 for d in disagree if d[1] == r),
                                     sum(1 for u in unknown if u[1] == r)))
    print("total: %d agree, %d disagree, %d unknown" % (sum(agree.values()), len(disagree), len(unknown)))
    if args.show_disagreements:
        for d in disagree:
            print("DISAGREE %s %s: progress terminates=%s, liveness terminates=%s" % d)
        for u in unknown:
            print("UNKNOWN %s %s: progress terminates=%s" % u)
    return 0


if __name__ == "__main__":
    sys.exit(main())
