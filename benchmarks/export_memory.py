#!/usr/bin/env python3
"""What ``gloss export`` costs at a size: the peak RSS and the wall time of exporting a data
directory in each of several formats, with one or more versions of the package.

Each run is a fresh ``python -m glossary_cli export --format F -o FILE`` with ``GLOSS_DATA``
and ``GLOSS_CACHE`` given (build the index first, e.g. with ``benchmarks/build_index.py`` or
any lookup, so that the runs measure the export and not the index); its peak RSS is the
child's ``ru_maxrss`` and its time the wall time from start to exit (:func:`os.wait4`). With
several packages (``--code NAME=PATH``, a source tree put first on ``PYTHONPATH``) the runs
alternate, package after package, for each format and repetition. A run that is killed (out
of memory, or past ``--timeout`` seconds) is reported as such.

    python benchmarks/export_memory.py --data /tmp/gloss-bench/data-100000 \\
        --cache /tmp/gloss-bench/cache-100000 --code before=/tmp/gloss-before --code after=. \\
        --formats tbx,csv,jsonl,yaml --markdown out.md --title "100,000 concepts"

Memory is given in MiB; times in seconds (the median of ``--runs``). The output file is
deleted after each run.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def run(code: Path, fmt: str, data: Path, cache: Path, timeout: float) -> tuple[float, float, str]:
    """One export: ``(peak RSS in MiB, wall seconds, outcome)``; outcome ``ok``, ``exit N``
    or ``killed``."""
    env = {**os.environ, "GLOSS_DATA": str(data), "GLOSS_CACHE": str(cache)}
    env["PYTHONPATH"] = str(code)
    with tempfile.TemporaryDirectory() as work:
        out = Path(work) / f"export.{fmt}"
        argv = [sys.executable, "-m", "glossary_cli", "export", "--format", fmt, "-o", str(out)]
        start = time.perf_counter()
        proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = start + timeout
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() > deadline:
                proc.kill()
                pid, status, usage = os.wait4(proc.pid, 0)
                break
            time.sleep(0.05)
        seconds = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        if os.WIFSIGNALED(status):
            outcome = "killed"
        elif proc.returncode:
            outcome = f"exit {proc.returncode}"
        else:
            outcome = "ok"
        return usage.ru_maxrss / 1024, seconds, outcome


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, required=True)
    ap.add_argument("--cache", type=Path, required=True)
    ap.add_argument("--code", action="append", required=True, help="NAME=PATH of a source tree")
    ap.add_argument("--formats", default="tbx,csv,jsonl,yaml")
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=3600)
    ap.add_argument("--markdown", type=Path, help="append a table to this file")
    ap.add_argument("--title", default="")
    args = ap.parse_args()
    codes = [(n, Path(p).resolve()) for n, p in (c.split("=", 1) for c in args.code)]
    rows = []
    for fmt in args.formats.split(","):
        results: dict[str, list[tuple[float, float, str]]] = {n: [] for n, _ in codes}
        for _ in range(args.runs):
            for name, code in codes:
                results[name].append(run(code, fmt, args.data, args.cache, args.timeout))
        for name, _ in codes:
            got = results[name]
            peak = max(r[0] for r in got)
            secs = statistics.median(r[1] for r in got)
            outcome = ", ".join(sorted({r[2] for r in got}))
            rows.append((fmt, name, peak, secs, outcome))
            print(f"{fmt:8} {name:8} peak {peak:9.1f} MiB  {secs:8.1f} s  {outcome}", flush=True)
    if args.markdown:
        lines = [f"\n{args.title}\n" if args.title else "\n"]
        lines.append("| format | code | peak RSS (MiB) | time (s) | outcome |")
        lines.append("|---|---|---:|---:|---|")
        lines += [f"| {f} | {n} | {p:.0f} | {s:.1f} | {o} |" for f, n, p, s, o in rows]
        with args.markdown.open("a", encoding="utf-8") as fh:
            fh.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
