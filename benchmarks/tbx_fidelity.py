#!/usr/bin/env python3
"""TBX fidelity on real termbases: what a file holds, counted from its XML, against what
``gloss add`` then ``gloss export --format tbx`` (v2 and v3) writes.

For each file: concepts, terms per language, definitions, administrative statuses and subject
fields, counted by ``tests/tbx_census.py`` (straight from the elements, not through gloss's
reader), in the source and in each export; and the terms the source says not to use
(deprecated, superseded, obsolete, forbidden) that an export marks preferred (must be none).

Usage (from the repository root, gloss importable)::

    python benchmarks/tbx_fidelity.py [FILE.tbx[.gz] ...] [--markdown benchmarks/RESULTS.md]

Without files: every TBX fixture of tests/fixtures/tbx/.
"""

from __future__ import annotations

import argparse
import datetime as dt
import gzip
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from glossary_cli.formats import tbx  # noqa: E402
from tests.tbx_census import Census, census  # noqa: E402


def _terms(c: Census) -> str:
    return ", ".join(f"{lang} {n}" for lang, n in sorted(c.terms.items()))


def measure(path: Path) -> list[str]:
    """Markdown rows for one file: the source, then each export."""
    data = path.read_bytes()
    if path.suffix == ".gz":
        data = gzip.decompress(data)
    name = path.name.removesuffix(".gz")
    source = census(data)
    glossary = tbx.read(data, name)
    rows = [
        f"| {name} | source | {source.concepts} | {_terms(source)} | {source.definitions} | "
        f"{source.statuses} | {source.subject_fields} | {len(source.avoided)} to avoid |"
    ]
    for version in ("v2", "v3"):
        out = census(tbx.write(glossary, version=tbx.version_of(version)))
        same = (
            (out.concepts, out.terms, out.definitions, out.statuses, out.subject_fields)
            == (source.concepts, source.terms, source.definitions, source.statuses,
                source.subject_fields)
        )  # fmt: skip
        wrong = len(out.preferred & source.avoided)
        rows.append(
            f"| | export {version} | {out.concepts} | {_terms(out)} | {out.definitions} | "
            f"{out.statuses} | {out.subject_fields} | {wrong} exported as preferred; "
            f"{'equal' if same and not wrong else 'DIFFERENT'} |"
        )
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="*", type=Path)
    ap.add_argument("--markdown", type=Path, help="append the table to this file")
    args = ap.parse_args(argv)
    files = args.files or sorted((ROOT / "tests" / "fixtures" / "tbx").glob("*.tbx*"))
    lines = [
        "| file | | concepts | terms per language | definitions | statuses | subject fields | "
        "avoided terms |",
        "| --- | --- | --: | --- | --: | --: | --: | --- |",
    ]
    for path in files:
        lines += measure(path)
    table = "\n".join(lines)
    print(table)
    if args.markdown:
        stamp = dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
        with args.markdown.open("a", encoding="utf-8") as fh:
            fh.write(f"\n## TBX fidelity on real termbases ({stamp})\n\n{table}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
