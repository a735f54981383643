#!/usr/bin/env python3
"""How well ``gloss check`` finds terminology errors in a translation, on the gold segment pairs
of ``tests/check_gold/`` (``en-bn.tsv``, ``en-ar.tsv``; their README says what they hold).

Each gold file goes to ``gloss check FILE --format jsonl``; each output line is an issue
``{seg_id, kind, id, source, expected, found}``. The sidecar ``en-XX.expected.yaml`` lists the
injected errors, ``{seg_id, kind, id}``, one per listed segment; every other segment is clean.
A reported issue is correct when its ``(seg_id, kind, id)`` is an injected error. Per file and
kind the report gives:

``found / injected``
    injected errors of that kind that ``gloss check`` reported, of those injected;
``false alarms``
    reported issues of that kind that are no injected error: on a clean segment, or on a
    segment with an injected error but of another kind or concept;

and per file the false alarms per 40 clean segments (all false alarms of the file, scaled to
40 clean segments), then every miss and every false alarm with its segment's text.

``gloss check`` reads the bundled glossary alone: ``GLOSS_DATA`` is ``--data`` (default: this
checkout's ``data/``), user glossaries and the index cache live in a throw-away directory.
``--fake gold`` replaces the checker by one that reports exactly the expected issues, to check
the evaluator itself without ``gloss check``.

The exit status is 0 whatever the scores (this is a measurement), and also when the checker is
missing or fails, which the report says instead of scores.

Usage::

    python benchmarks/check_eval.py              # table, misses and false alarms
    python benchmarks/check_eval.py --json       # the same, machine-readable
    python benchmarks/check_eval.py --fake gold  # the evaluator on a perfect stand-in
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
GOLD = ROOT / "tests" / "check_gold"
DATA = ROOT / "data"
FILES = ("en-bn", "en-ar")
KINDS = ("missing", "deprecated", "inconsistent", "untranslated")
PER = 40  # false alarms are also given per this many clean segments


class GoldError(ValueError):
    """A gold file that cannot be read as the format says."""


class CheckerError(RuntimeError):
    """The checker is missing, failed, or wrote something that is not its contract."""


@dataclass
class GoldFile:
    """One gold file: its segments (id → (source, target)) and its injected errors."""

    name: str
    path: Path
    source_lang: str
    target_lang: str
    segments: dict[str, tuple[str, str]]
    expected: list[tuple[str, str, str]] = field(default_factory=list)  # (seg_id, kind, id)


def read_table(path: Path) -> tuple[list[str], list[list[str]]]:
    """The header and rows of a gold TSV, read as ``gloss check`` reads a table (the csv
    module, tab-delimited); lines starting with ``#`` are not used in gold files."""
    text = path.read_text(encoding="utf-8")
    rows = list(csv.reader(text.splitlines(), delimiter="\t"))
    if not rows:
        raise GoldError(f"{path}: empty")
    return [h.strip() for h in rows[0]], rows[1:]


def load_file(folder: Path, name: str) -> GoldFile:
    """The gold file ``name`` (``en-bn``) of ``folder`` and its expected issues."""
    path = folder / f"{name}.tsv"
    header, rows = read_table(path)
    source_lang, target_lang = name.split("-")
    if header != ["id", source_lang, target_lang]:
        raise GoldError(f"{path}: the header must be id, {source_lang}, {target_lang}: {header}")
    segments: dict[str, tuple[str, str]] = {}
    for number, row in enumerate(rows, 2):
        if len(row) != 3:
            raise GoldError(f"{path} line {number}: 3 cells expected, {len(row)} found")
        sid = row[0].strip()
        if sid in segments:
            raise GoldError(f"{path} line {number}: segment id {sid} repeats")
        segments[sid] = (row[1], row[2])
    sidecar = folder / f"{name}.expected.yaml"
    try:
        items = yaml.safe_load(sidecar.read_text(encoding="utf-8")) or []
    except yaml.YAMLError as exc:
        raise GoldError(f"{sidecar}: not YAML: {exc}") from exc
    if not isinstance(items, list):
        raise GoldError(f"{sidecar}: a YAML list of {{seg_id, kind, id}} expected")
    expected = []
    for item in items:
        if not isinstance(item, dict) or set(item) != {"seg_id", "kind", "id"}:
            raise GoldError(f"{sidecar}: each item is {{seg_id, kind, id}}: {item!r}")
        if str(item["seg_id"]) not in segments:
            raise GoldError(f"{sidecar}: no segment {item['seg_id']} in {path.name}")
        if item["kind"] not in KINDS:
            raise GoldError(f"{sidecar}: unknown kind {item['kind']!r}")
        expected.append((str(item["seg_id"]), str(item["kind"]), str(item["id"])))
    return GoldFile(name, path, source_lang, target_lang, segments, expected)


def load_gold(folder: Path) -> list[GoldFile]:
    return [load_file(folder, name) for name in FILES]


# --- checkers: each takes a gold file and gives its reported issues ------------------------


def fake_gold(gold: GoldFile) -> list[dict[str, Any]]:
    """Exactly the expected issues."""
    return [{"seg_id": s, "kind": k, "id": c} for s, k, c in gold.expected]


def gloss_command(explicit: str | None) -> str:
    """The ``gloss`` to run: ``--gloss``, else the one beside this Python, else on PATH."""
    if explicit:
        return explicit
    beside = Path(sys.executable).with_name("gloss")
    if beside.is_file():
        return str(beside)
    found = shutil.which("gloss")
    if not found:
        raise CheckerError("no gloss command found (install gloss, or pass --gloss PATH)")
    return found


def run_check(gloss: str, env: Mapping[str, str], path: Path) -> list[dict[str, Any]]:
    """``gloss check PATH --format jsonl``: its issues (exit 0: none, 1: some)."""
    done = subprocess.run(
        [gloss, "check", str(path), "--format", "jsonl"],
        capture_output=True,
        env=dict(env),
        check=False,
    )
    err = done.stderr.decode("utf-8", "replace").strip()
    if done.returncode == 2 and "No such command" in err:
        raise CheckerError(f"this gloss has no check command ({gloss})")
    if done.returncode not in (0, 1):
        raise CheckerError(f"`gloss check {path.name}` exited {done.returncode}: {err[-2000:]}")
    issues = []
    for number, line in enumerate(done.stdout.decode("utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            issue = json.loads(line)
        except json.JSONDecodeError as exc:
            raise CheckerError(f"output line {number} is not JSON: {line[:200]!r}") from exc
        if not isinstance(issue, dict) or not all(k in issue for k in ("seg_id", "kind", "id")):
            raise CheckerError(f"output line {number} lacks seg_id, kind, id: {line[:200]!r}")
        issues.append(issue)
    if done.returncode == 1 and not issues:
        raise CheckerError(f"`gloss check {path.name}` exited 1 but reported no issue: {err}")
    return issues


# --- scoring ------------------------------------------------------------------------------


def score(gold: GoldFile, reported: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Counts per kind for one file, and its misses and false alarms."""
    expected = set(gold.expected)
    error_segments = {s for s, _, _ in gold.expected}
    clean = len(gold.segments) - len(error_segments)
    kinds = {k: {"injected": 0, "found": 0, "false_alarms": 0} for k in KINDS}
    for _, kind, _ in expected:
        kinds[kind]["injected"] += 1
    seen: set[tuple[str, str, str]] = set()
    false_alarms = []
    for issue in reported:
        key = (str(issue["seg_id"]), str(issue["kind"]), str(issue["id"]))
        counts = kinds.setdefault(key[1], {"injected": 0, "found": 0, "false_alarms": 0})
        if key in expected and key not in seen:
            seen.add(key)
            counts["found"] += 1
            continue
        counts["false_alarms"] += 1
        source, target = gold.segments.get(key[0], ("", ""))
        if key in seen:
            why = "repeated"
        elif key[0] not in gold.segments:
            why = "no such segment"
        elif key[0] in error_segments:
            why = "wrong kind or concept"
        else:
            why = "clean segment"
        false_alarms.append(
            {
                "seg_id": key[0],
                "kind": key[1],
                "id": key[2],
                "why": why,
                "expected": issue.get("expected"),
                "found": issue.get("found"),
                "source": source,
                "target": target,
            }
        )
    misses = [
        {
            "seg_id": s,
            "kind": k,
            "id": c,
            "source": gold.segments[s][0],
            "target": gold.segments[s][1],
        }
        for s, k, c in gold.expected
        if (s, k, c) not in seen
    ]
    total_false = len(false_alarms)
    on_clean = sum(1 for f in false_alarms if f["why"] == "clean segment")
    injected = len(expected)
    return {
        "file": gold.path.name,
        "segments": len(gold.segments),
        "clean_segments": clean,
        "injected": injected,
        "found": len(seen),
        "recall": len(seen) / injected if injected else None,
        "false_alarms": total_false,
        "false_alarms_on_clean": on_clean,
        "false_alarms_per_40_clean": PER * total_false / clean if clean else None,
        "kinds": kinds,
        "misses": misses,
        "false_alarm_list": false_alarms,
    }


def render(result: Mapping[str, Any]) -> Iterable[str]:
    """The Markdown report of the results of every file."""
    yield f"checker: {result['checker']}; gold: {result['gold']}"
    yield ""
    yield "| file | kind | found / injected | false alarms |"
    yield "| --- | --- | ---: | ---: |"
    for f in result["files"]:
        for kind, c in f["kinds"].items():
            if c["injected"] or c["false_alarms"]:
                found = f"{c['found']} / {c['injected']}"
                yield f"| {f['file']} | {kind} | {found} | {c['false_alarms']} |"
        yield f"| {f['file']} | **all** | {f['found']} / {f['injected']} | {f['false_alarms']} |"
    yield ""
    yield "| file | segments | clean | false alarms on clean | false alarms per 40 clean |"
    yield "| --- | ---: | ---: | ---: | ---: |"
    for f in result["files"]:
        per = f["false_alarms_per_40_clean"]
        yield (
            f"| {f['file']} | {f['segments']} | {f['clean_segments']} | "
            f"{f['false_alarms_on_clean']} | {'—' if per is None else f'{per:.2f}'} |"
        )
    for f in result["files"]:
        yield ""
        yield f"{f['file']}: misses ({len(f['misses'])}):"
        for m in f["misses"]:
            yield f"  {m['seg_id']}  {m['kind']:12} {m['id']}"
            yield f"      en: {m['source']}"
            yield f"      tr: {m['target']}"
        yield f"{f['file']}: false alarms ({len(f['false_alarm_list'])}):"
        for a in f["false_alarm_list"]:
            yield (
                f"  {a['seg_id']}  {a['kind']:12} {a['id']} ({a['why']}; expected "
                f"{a['expected']!r}, found {a['found']!r})"
            )
            yield f"      en: {a['source']}"
            yield f"      tr: {a['target']}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--gold", type=Path, default=GOLD, help="gold folder (%(default)s)")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument(
        "--fake", choices=("gold",), help="a perfect stand-in checker (checks the evaluator)"
    )
    parser.add_argument("--gloss", help="the gloss command (default: beside this Python)")
    parser.add_argument(
        "--data", type=Path, default=DATA, help="glossary data directory (%(default)s)"
    )
    args = parser.parse_args(argv)

    def fail(message: str) -> int:
        if args.json:
            print(json.dumps({"error": message}, ensure_ascii=False))
        else:
            print(f"check_eval: {message}", file=sys.stderr)
        return 0  # a measurement that could not be made is reported, not failed

    try:
        golds = load_gold(args.gold)
    except (GoldError, OSError) as exc:
        return fail(f"cannot read the gold files: {exc}")
    files = []
    with tempfile.TemporaryDirectory(prefix="check-eval-") as scratch:
        env = {
            **os.environ,
            "GLOSS_DATA": str(args.data),
            "GLOSS_USER_DATA": str(Path(scratch) / "user"),
            "GLOSS_CACHE": str(Path(scratch) / "cache"),
            "PYTHONIOENCODING": "utf-8",
        }
        try:
            if args.fake == "gold":
                name = "fake gold (the expected issues)"
            else:
                gloss = gloss_command(args.gloss)
                name = f"{gloss} check FILE --format jsonl"
            for gold in golds:
                reported = fake_gold(gold) if args.fake else run_check(gloss, env, gold.path)
                files.append(score(gold, reported))
        except (CheckerError, OSError) as exc:
            return fail(str(exc))
    result = {"checker": name, "gold": str(args.gold), "files": files}
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=2))
    else:
        for line in render(result):
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
