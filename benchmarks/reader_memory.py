#!/usr/bin/env python3
"""What reading a table costs in memory: the peak RSS of ``gloss add`` of a generated CSV and
XLSX of N rows, per row.

Each run is a fresh ``python -m glossary_cli add FILE`` with its own ``GLOSS_USER_DATA`` and
``GLOSS_CACHE`` in a temporary directory; its peak RSS is the child's ``ru_maxrss``
(:func:`resource.getrusage`). The figure per row is ``(peak(N) - peak(100)) / (N - 100)``: what
the rows cost beyond what gloss costs to start and add a small file. ``--before REV`` runs the
same files with the package of a git revision as well (``git archive`` into a temporary
directory), so that one run prints before and after.

    python benchmarks/reader_memory.py [--rows 100000] [--runs 3] [--before REV]

The rows are :func:`benchmarks.add_scale.write_csv`'s (English, Bengali and Arabic terms and
an English definition, a row a concept); the spreadsheet holds the same cells, written by
openpyxl.
"""

from __future__ import annotations

import argparse
import csv
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SMALL = 100


def write_xlsx(source: Path, target: Path) -> None:
    """The cells of the CSV ``source`` as a spreadsheet of one sheet."""
    from openpyxl import Workbook

    book = Workbook(write_only=True)
    sheet = book.create_sheet("glossary")
    with source.open(encoding="utf-8", newline="") as fh:
        for row in csv.reader(fh):
            sheet.append(row)
    book.save(target)


def peak_kib(package: Path, file: Path, work: Path) -> int:
    """The peak RSS, in KiB, of ``gloss add FILE`` run with ``package`` on the path."""
    env = {
        **os.environ,
        "PYTHONPATH": str(package),
        "GLOSS_USER_DATA": str(work / "user"),
        "GLOSS_CACHE": str(work / "cache"),
    }
    env.pop("GLOSS_DATA", None)
    code = (
        "import resource, runpy, sys\n"
        "sys.argv = ['gloss', 'add', sys.argv[1]]\n"
        "try:\n"
        "    runpy.run_module('glossary_cli', run_name='__main__')\n"
        "except SystemExit as exc:\n"
        "    if exc.code not in (0, None): raise\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(file)],
        env=env,
        capture_output=True,
        text=True,
        cwd=package,  # (python -c puts the working directory first on the path)
    )
    if done.returncode != 0:
        raise SystemExit(f"gloss add {file.name} failed: {done.stderr[-2000:]}")
    for folder in ("user", "cache"):
        subprocess.run(["rm", "-rf", str(work / folder)], check=True)
    return int(done.stderr.strip().splitlines()[-1])


def archived(rev: str, into: Path) -> Path:
    """The package of git revision ``rev`` and its bundled data, extracted under ``into``."""
    into.mkdir(parents=True)
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", rev, "glossary_cli", "data"],
        capture_output=True,
        check=True,
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--before", help="a git revision to measure as well")
    parser.add_argument("--kinds", default="csv,xlsx")
    opts = parser.parse_args()
    sys.path.insert(0, str(HERE))
    from add_scale import write_csv

    with tempfile.TemporaryDirectory(prefix="gloss-memory-") as tmp:
        root = Path(tmp)
        packages = {"now": ROOT}
        if opts.before:
            packages = {f"before ({opts.before})": archived(opts.before, root / "before"),
                        **packages}  # fmt: skip
        files: dict[str, dict[int, Path]] = {}
        for rows in (SMALL, opts.rows):
            path = root / f"rows-{rows}.csv"
            write_csv(path, rows, seed=1)
            files.setdefault("csv", {})[rows] = path
            if "xlsx" in opts.kinds:
                sheet = root / f"rows-{rows}.xlsx"
                write_xlsx(path, sheet)
                files.setdefault("xlsx", {})[rows] = sheet
        print(f"{'kind':5} {'package':24} {'rows':>9} {'peak MiB':>9} {'per row':>9}")
        for kind in opts.kinds.split(","):
            for label, package in packages.items():
                small = statistics.median(
                    peak_kib(package, files[kind][SMALL], root / "work") for _ in range(opts.runs)
                )
                big = statistics.median(
                    peak_kib(package, files[kind][opts.rows], root / "work")
                    for _ in range(opts.runs)
                )
                per_row = (big - small) * 1024 / (opts.rows - SMALL)
                print(
                    f"{kind:5} {label:24} {opts.rows:>9,} {big / 1024:>9.0f} "
                    f"{per_row / 1024:>7.2f} KiB"
                )


if __name__ == "__main__":
    main()
