#!/usr/bin/env python3
"""The floor rich sets for a table on a terminal: Typer imported (as gloss imports it), then
the rows of a saved ``gloss search --json`` drawn as a minimal rich table, coloured as rich
colours a terminal. ``instant.sh`` measures gloss's terminal tables against it.

    python benchmarks/rich_floor.py ROWS.json
"""

from __future__ import annotations

import json
import sys

import typer  # noqa: F401  (the floor gloss starts from)
from rich.console import Console
from rich.table import Table


def main(path: str) -> None:
    with open(path, encoding="utf-8") as fh:
        hits = json.load(fh)
    table = Table("#", "concept", "Bengali", "match")
    for n, hit in enumerate(hits, 1):
        bn = (hit["terms"].get("bn") or {}).get("term", "—")
        table.add_row(str(n), hit["en"] or hit["id"], bn, str(hit["score"]))
    Console(highlight=False, emoji=False, markup=False).print(table)


if __name__ == "__main__":
    main(sys.argv[1])
