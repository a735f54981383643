#!/usr/bin/env python3
"""Check the held-back gold files of this folder (en-bn.tsv, en-ar.tsv and their
.expected.yaml sidecars) without running ``gloss check``.

It checks that the files are what README.md says:

* each table is UTF-8 and NFC, every line ends with a line feed, the header is
  ``id<TAB>en<TAB>XX`` (XX the target language of the file name), every row has exactly three
  cells, no cell holds a tab, a line break or a straight double quote, or starts or ends with
  white space;
* segment ids are ``XX-NNN`` (the target language and three digits), unique in their file;
* each sidecar is a YAML list of ``{seg_id, kind, id}``: ``seg_id`` a segment of the table,
  ``kind`` one of missing, deprecated, inconsistent, untranslated, at most one item per
  segment, and the counts in its ``# N segments, M clean; …`` comment are the true ones;
* with a ``gloss`` command at hand (beside this Python, on PATH or ``--gloss``; ``--offline``
  skips it): every listed concept exists (``gloss show ID --json`` answers with that very id),
  the listed segment's source holds one of its English terms (search-only names and
  misreadings not counted), ``untranslated`` and ``missing`` are listed only for a concept with
  a term in the target language, and ``inconsistent`` only for one with two target terms.

Exit status 0 when everything holds, 1 otherwise.

Usage::

    python benchmarks/heldback_check/check.py
    python benchmarks/heldback_check/check.py --offline
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import shutil
import subprocess
import sys
import unicodedata
from collections import Counter
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
FILES = ("en-bn", "en-ar")
KINDS = ("missing", "deprecated", "inconsistent", "untranslated")
COUNTS = re.compile(r"^#\s*(\d+) segments, (\d+) clean;(.*)\.\s*$", re.M)


class Problems(list[str]):
    def add(self, where: str, message: str) -> None:
        self.append(f"{where}: {message}")


def read_table(path: Path, target: str, problems: Problems) -> dict[str, tuple[str, str]]:
    """The segments of a table, id → (source, target), as gloss check reads it (csv module,
    tab-delimited); every departure from the format goes to ``problems``."""
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        problems.add(path.name, f"not UTF-8: {exc}")
        return {}
    if text.startswith("\ufeff"):
        problems.add(path.name, "starts with a byte-order mark")
    if unicodedata.normalize("NFC", text) != text:
        problems.add(path.name, "not NFC")
    if "\r" in text:
        problems.add(path.name, "holds a carriage return")
    if not text.endswith("\n"):
        problems.add(path.name, "the last line has no line feed")
    lines = text.split("\n")[:-1]
    for number, line in enumerate(lines, 1):
        if line.count("\t") != 2:
            problems.add(f"{path.name}:{number}", f"{line.count(chr(9))} tabs, 2 expected")
        if '"' in line:
            problems.add(f"{path.name}:{number}", "a straight double quote")
    rows = list(csv.reader(text.splitlines(), delimiter="\t"))
    if not rows:
        problems.add(path.name, "empty")
        return {}
    header = rows[0]
    if header != ["id", "en", target]:
        problems.add(f"{path.name}:1", f"header {header!r}, expected ['id', 'en', {target!r}]")
    segments: dict[str, tuple[str, str]] = {}
    pattern = re.compile(rf"{re.escape(target)}-\d{{3}}")
    for number, row in enumerate(rows[1:], 2):
        where = f"{path.name}:{number}"
        if len(row) != 3:
            problems.add(where, f"{len(row)} cells, 3 expected")
            continue
        sid, source, translation = row
        if not pattern.fullmatch(sid):
            problems.add(where, f"segment id {sid!r} is not {target}-NNN")
        if sid in segments:
            problems.add(where, f"segment id {sid} repeats")
        for cell in row:
            if cell != cell.strip():
                problems.add(where, f"cell {cell[:30]!r}… starts or ends with white space")
            if not cell.strip():
                problems.add(where, "an empty cell")
        segments[sid] = (source, translation)
    return segments


def read_sidecar(
    path: Path, segments: dict[str, tuple[str, str]], problems: Problems
) -> list[tuple[str, str, str]]:
    text = path.read_text(encoding="utf-8")
    try:
        items = yaml.safe_load(text) or []
    except yaml.YAMLError as exc:
        problems.add(path.name, f"not YAML: {exc}")
        return []
    if not isinstance(items, list):
        problems.add(path.name, "not a YAML list")
        return []
    expected: list[tuple[str, str, str]] = []
    for item in items:
        if not isinstance(item, dict) or set(item) != {"seg_id", "kind", "id"}:
            problems.add(path.name, f"not {{seg_id, kind, id}}: {item!r}")
            continue
        sid, kind, cid = str(item["seg_id"]), str(item["kind"]), str(item["id"])
        if sid not in segments:
            problems.add(path.name, f"no segment {sid} in the table")
        if kind not in KINDS:
            problems.add(path.name, f"{sid}: unknown kind {kind!r}")
        expected.append((sid, kind, cid))
    for sid, n in Counter(s for s, _, _ in expected).items():
        if n > 1:
            problems.add(path.name, f"{sid} listed {n} times (one injected error per segment)")
    kinds = Counter(k for _, k, _ in expected)
    clean = len(segments) - len({s for s, _, _ in expected})
    said = COUNTS.search(text)
    if not said:
        problems.add(path.name, "no '# N segments, M clean; kind n, …' comment")
    else:
        told = {
            k.strip().split()[0]: int(k.strip().split()[1])
            for k in said.group(3).split(",")
            if k.strip()
        }
        if int(said.group(1)) != len(segments) or int(said.group(2)) != clean:
            problems.add(
                path.name,
                f"the comment says {said.group(1)} segments, {said.group(2)} clean; "
                f"the files have {len(segments)}, {clean}",
            )
        if told != dict(kinds):
            problems.add(path.name, f"the comment counts {told}, the list {dict(kinds)}")
    return expected


def gloss_command(explicit: str | None) -> str | None:
    if explicit:
        return explicit
    beside = Path(sys.executable).with_name("gloss")
    if beside.is_file():
        return str(beside)
    return shutil.which("gloss")


def show(gloss: str, cid: str, cache: dict[str, dict[str, Any] | None]) -> dict[str, Any] | None:
    """``gloss show ID --json``, when it names that very concept; else None."""
    if cid not in cache:
        run = subprocess.run(
            [gloss, "show", cid, "--json"], capture_output=True, text=True, encoding="utf-8"
        )
        record = None
        if run.returncode == 0:
            try:
                record = json.loads(run.stdout)
            except json.JSONDecodeError:
                record = None
        cache[cid] = record if isinstance(record, dict) and record.get("id") == cid else None
    return cache[cid]


def names(record: dict[str, Any], lang: str) -> list[str]:
    """The terms of ``lang`` (search-only names and misreadings left out)."""
    entry = (record.get("terms") or {}).get(lang) or {}
    return [t["term"] for t in entry.get("terms", []) if not t.get("role")]


def english_pattern(term: str) -> re.Pattern[str]:
    """A term in English prose: any letter case, hyphen or space between words, a plural -s
    on any word."""
    words = re.split(r"[\s-]+", term)
    body = r"[\s-]+".join(re.escape(w) + r"(?:s|es)?" for w in words)
    return re.compile(r"(?<![\w-])" + body + r"(?![\w-])", re.I)


def check_concepts(
    gloss: str,
    name: str,
    target: str,
    segments: dict[str, tuple[str, str]],
    expected: list[tuple[str, str, str]],
    cache: dict[str, dict[str, Any] | None],
    problems: Problems,
) -> None:
    for sid, kind, cid in expected:
        where = f"{name}.expected.yaml {sid}"
        record = show(gloss, cid, cache)
        if record is None:
            problems.add(where, f"gloss show {cid} --json names no concept {cid}")
            continue
        source = segments.get(sid, ("", ""))[0]
        if not any(english_pattern(t).search(source) for t in names(record, "en")):
            problems.add(where, f"the source holds no English term of {cid}")
        targets = names(record, target)
        if kind in ("missing", "untranslated", "inconsistent") and not targets:
            problems.add(where, f"{kind}, but {cid} has no {target} term")
        if kind == "inconsistent" and len(targets) < 2:
            problems.add(where, f"inconsistent, but {cid} has one {target} term only")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--gloss", help="the gloss command (default: beside Python, or on PATH)")
    parser.add_argument("--offline", action="store_true", help="do not run gloss show")
    args = parser.parse_args(argv)
    problems = Problems()
    cache: dict[str, dict[str, Any] | None] = {}
    gloss = None if args.offline else gloss_command(args.gloss)
    if not args.offline and not gloss:
        problems.add("gloss", "no gloss command found (pass --gloss PATH, or --offline)")
    summary = []
    for name in FILES:
        target = name.split("-")[1]
        table, sidecar = HERE / f"{name}.tsv", HERE / f"{name}.expected.yaml"
        for path in (table, sidecar):
            if not path.is_file():
                problems.add(path.name, "missing")
        if problems and not (table.is_file() and sidecar.is_file()):
            continue
        segments = read_table(table, target, problems)
        expected = read_sidecar(sidecar, segments, problems)
        if gloss:
            check_concepts(gloss, name, target, segments, expected, cache, problems)
        kinds = Counter(k for _, k, _ in expected)
        clean = len(segments) - len({s for s, _, _ in expected})
        summary.append(
            f"{name}: {len(segments)} segments, {clean} clean, "
            + ", ".join(f"{k} {kinds.get(k, 0)}" for k in KINDS)
        )
    for line in summary:
        print(line)
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"{len(problems)} problems", file=sys.stderr)
        return 1
    print("ok" + (" (concepts not checked: --offline)" if args.offline else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
