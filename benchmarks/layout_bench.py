"""The layout step of a table of 1,000, 10,000 and 100,000 rows: :func:`glossary_cli.layout.table`
drawing the table ``gloss scan`` prints (concept, n, found as, en, bn, ar, note) at 120 columns,
after :func:`glossary_cli.layout.fits` where the code has it (the commands ask it first).

The rows are made from the bundled glossary, one concept after another (with its English,
Bengali and Arabic terms and, one row in five, a note), so that the cells wrap as a scan's do.
Each size is laid out in a fresh process, ``--runs`` times; the median is reported, with the
time per row (a layout linear in the rows keeps the time per row flat).

``--old ROOT`` measures the same tables with the ``glossary_cli`` package of another checkout
beside the current one, in the same run (for instance the commit before a change, extracted
with ``git archive COMMIT glossary_cli | tar -x -C /tmp/old``):

    python benchmarks/layout_bench.py [--runs 3] [--rows 1000,10000,100000] [--old /tmp/old]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MEASURE = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
from glossary_cli import layout
from glossary_cli.layout import Column, Field, Options
assert layout.__file__.startswith(sys.argv[1]), layout.__file__
texts = json.load(open(sys.argv[2], encoding="utf-8"))
columns = [Column("concept", max_lines=2), Column("n", justify="right", wrap=False),
           Column("found as"), Column("en"), Column("bn"), Column("ar"), Column("note")]
rows = [[(Field.of(t),) for t in row] for row in texts]
width = int(sys.argv[3])
t0 = time.perf_counter()
if hasattr(layout, "fits"):  # what the commands ask before they draw a table
    layout.fits(columns, rows, width, Options())
lines = layout.table(columns, rows, width, Options())
print(json.dumps({"seconds": time.perf_counter() - t0, "lines": len(lines)}))
"""


def scan_rows(count: int) -> list[list[str]]:
    """``count`` rows of a scan table's cells, cycling through the bundled concepts."""
    from glossary_cli import api

    concepts = api.load_glossary().concepts
    rows = []
    for k in range(count):
        c = concepts[k % len(concepts)]

        def term(tag: str, c: object = c) -> str:
            section = c.section(tag)  # type: ignore[attr-defined]
            main = section.main if section is not None else None
            return main.text if main is not None else "—"

        note = f"use {term('en')} for {c.id}" if k % 5 == 0 else ""
        rows.append([c.en or c.id, str(k % 7 + 1), f"{term('en')}, {term('bn')}", term("en"),
                     term("bn"), term("ar"), note])  # fmt: skip
    return rows


def measure(root: Path, texts: Path, width: int) -> dict[str, float]:
    """Lay the table of ``texts`` out once with the package under ``root``."""
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, str(root), str(texts), str(width)],
        capture_output=True,
        text=True,
        check=True,
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
    )
    result: dict[str, float] = json.loads(done.stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--rows", default="1000,10000,100000")
    parser.add_argument("--width", type=int, default=120)
    parser.add_argument("--old", type=Path, help="root of another checkout to measure beside")
    args = parser.parse_args()
    roots = [("current", ROOT)] + ([("old", args.old.resolve())] if args.old else [])
    print(f"layout of a scan table at {args.width} columns, median of {args.runs} runs")
    print("| rows | " + " | ".join(f"{name} (s) | {name} per row (µs)" for name, _ in roots) + " |")
    print("|---:|" + "---:|---:|" * len(roots))
    with tempfile.TemporaryDirectory() as tmp:
        for count in (int(n) for n in args.rows.split(",")):
            texts = Path(tmp) / f"rows-{count}.json"
            texts.write_text(json.dumps(scan_rows(count), ensure_ascii=False), encoding="utf-8")
            times: list[list[float]] = [[] for _ in roots]
            for _ in range(args.runs):  # the checkouts take turns, run by run
                for k, (_, root) in enumerate(roots):
                    times[k].append(measure(root, texts, args.width)["seconds"])
            cells = []
            for runs in times:
                median = statistics.median(runs)
                cells += [f"{median:.3f}", f"{median / count * 1e6:.0f}"]
            print(f"| {count:,} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
