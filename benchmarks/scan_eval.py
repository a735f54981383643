#!/usr/bin/env python3
"""How well ``gloss scan`` finds glossary terms in running text, on the gold paragraphs of
``tests/scan_gold/`` (``bn.yaml``, ``ar.yaml``, ``en.yaml``, ``mixed.yaml``; their README says
what they hold).

Each paragraph goes to ``gloss scan --format jsonl -`` on stdin (``--batch``: all of them at
once, separated by blank lines, offsets mapped back). Each output line is a JSON object with at
least ``start`` and ``end`` (code-point offsets into the text as given), ``text``, ``id`` (the
concept), ``lang``, ``term`` and ``kind``. An occurrence is correct when its span equals a gold
span and its ``id`` the gold concept. Per file (bn, ar, en, mixed) and overall the report gives:

``recall``
    correct occurrences / gold occurrences;
``precision``
    correct occurrences / reported occurrences;
``in-word``
    reported occurrences that are not gold and start or end strictly inside a word of the text,
    as ICU's word BreakIterator (root locale) segments it: ``কল`` found inside ``সকল``;
``absent``
    reported occurrences that touch one of the paragraph's ``absent`` strings (where that
    string is not part of a gold occurrence);

then every miss and every false hit, each false hit with why it is wrong (``concept``: a gold
span given another concept; ``span``: overlaps a gold occurrence of its concept with other
bounds, such as an inflected word cut short; ``overlap``: overlaps a gold occurrence of
another concept, such as a shorter term inside a longer one; ``repeated``: a gold occurrence
reported twice; ``in-word``, ``absent``; else ``spurious``).

The scanner reads the bundled glossary alone: ``GLOSS_DATA`` is ``--data`` (default: this
checkout's ``data/``), user glossaries and the index cache live in a throw-away directory.
``--fake gold`` replaces the scanner by a naive one (every ``str.find`` of every gold surface
string, whatever surrounds it) and ``--fake terms`` by every case-insensitive ``str.find`` of
every glossary term, to check the evaluator itself without ``gloss scan``.

The exit status is 0 whatever the scores (this is a measurement), and also when the scanner is
missing or fails, which the report says instead of scores.

Usage::

    python benchmarks/scan_eval.py                 # table, misses and false hits
    python benchmarks/scan_eval.py --json          # the same, machine-readable
    python benchmarks/scan_eval.py --fake gold     # the evaluator on a naive scanner
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
GOLD = ROOT / "tests" / "scan_gold"
DATA = ROOT / "data"
GROUPS = ("bn", "ar", "en", "mixed")
LANGS = frozenset({"bn", "ar", "en"})
SEPARATOR = "\n\n"
REQUIRED = ("start", "end", "id")


class GoldError(ValueError):
    """A gold file that cannot be read as the format says."""


class ScannerError(RuntimeError):
    """The scanner is missing, failed, or wrote something that is not its contract."""


@dataclass(frozen=True)
class Occurrence:
    """One occurrence, gold or reported: ``text[start:end]`` names concept ``concept``."""

    start: int
    end: int
    concept: str
    text: str


@dataclass
class Paragraph:
    """One gold item: its text, its gold occurrences (with offsets) and absent spans."""

    id: str
    group: str
    lang: str
    text: str
    expect: list[Occurrence]
    absent: list[tuple[str, list[tuple[int, int]]]] = field(default_factory=list)


def nth_occurrence(text: str, surface: str, n: int) -> int:
    """The offset of the ``n``-th (1-based) occurrence of ``surface`` in ``text``, occurrences
    counted at every offset where ``str.find`` finds one (so they may overlap)."""
    if not surface:
        raise GoldError("an empty surface string")
    at = -1
    for _ in range(n):
        at = text.find(surface, at + 1)
        if at < 0:
            raise GoldError(f"{surface!r} occurs fewer than {n} times")
    return at


def occurrences(text: str, surface: str) -> list[int]:
    """Every offset where ``surface`` occurs in ``text`` (overlapping ones included)."""
    found, at = [], text.find(surface)
    while at >= 0:
        found.append(at)
        at = text.find(surface, at + 1)
    return found


def overlaps(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def load_file(path: Path) -> list[Paragraph]:
    """The paragraphs of one gold file; its stem (``bn``, ``mixed``…) is their group."""
    try:
        items = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise GoldError(f"{path}: not YAML: {exc}") from exc
    if not isinstance(items, list):
        raise GoldError(f"{path}: a YAML list of paragraphs expected")
    paragraphs = []
    for number, item in enumerate(items, 1):
        where = f"{path.name} item {number}"
        if not isinstance(item, dict) or not {"id", "lang", "text", "expect"} <= item.keys():
            raise GoldError(f"{where}: a mapping with id, lang, text and expect expected")
        where = f"{path.name} {item['id']}"
        text, lang = item["text"], item["lang"]
        if not isinstance(text, str) or lang not in LANGS:
            raise GoldError(f"{where}: text must be a string, lang one of {sorted(LANGS)}")
        expect = []
        for entry in item["expect"] or []:
            if not isinstance(entry, dict) or not {"text", "concept"} <= entry.keys():
                raise GoldError(f"{where}: each expect item needs text and concept: {entry!r}")
            surface, n = str(entry["text"]), entry.get("occurrence", 1)
            if not isinstance(n, int) or n < 1:
                raise GoldError(f"{where}: occurrence must be a positive integer: {entry!r}")
            try:
                start = nth_occurrence(text, surface, n)
            except GoldError as exc:
                raise GoldError(f"{where}: {exc}") from exc
            expect.append(Occurrence(start, start + len(surface), str(entry["concept"]), surface))
        spans = [(o.start, o.end) for o in expect]
        absent = []
        for surface in item.get("absent") or []:
            surface = str(surface)
            free = [
                (at, at + len(surface))
                for at in occurrences(text, surface)
                if not any(overlaps((at, at + len(surface)), s) for s in spans)
            ]
            absent.append((surface, free))
        expect.sort(key=lambda o: (o.start, o.end))
        paragraphs.append(Paragraph(str(item["id"]), path.stem, lang, text, expect, absent))
    return paragraphs


def load_gold(folder: Path) -> list[Paragraph]:
    """Every paragraph of ``folder``'s gold files, in the order of :data:`GROUPS`."""
    paragraphs = []
    for group in GROUPS:
        path = folder / f"{group}.yaml"
        if not path.is_file():
            raise GoldError(f"{path}: missing")
        paragraphs.extend(load_file(path))
    ids = [p.id for p in paragraphs]
    if len(ids) != len(set(ids)):
        raise GoldError(f"paragraph ids repeat: {sorted({i for i in ids if ids.count(i) > 1})}")
    return paragraphs


def word_interiors(text: str) -> set[int]:
    """The code-point offsets strictly inside a word of ``text`` (a segment of ICU's word
    BreakIterator, root locale, whose rule status is not "none": letters, numbers…)."""
    import icu

    # ICU counts UTF-16 units; map them back to code points
    units, back = 0, {}
    for index, char in enumerate(text):
        back[units] = index
        units += 2 if ord(char) > 0xFFFF else 1
    back[units] = len(text)
    iterator = icu.BreakIterator.createWordInstance(icu.Locale.getRoot())
    iterator.setText(text)
    inside: set[int] = set()
    start = iterator.first()
    while True:
        end = iterator.nextBoundary()
        if end == icu.BreakIterator.DONE or end < 0:
            break
        if iterator.getRuleStatus() >= 100:  # UBRK_WORD_NONE_LIMIT
            inside.update(range(back[start] + 1, back[end]))
        start = end
    return inside


# --- scanners: each takes the paragraphs and gives their reported occurrences -------------

Scanner = Callable[[Sequence[Paragraph]], list[list[dict[str, Any]]]]


def fake_gold(paragraphs: Sequence[Paragraph]) -> list[list[dict[str, Any]]]:
    """Every ``str.find`` of every gold surface string, blind to what surrounds it."""
    result = []
    for p in paragraphs:
        hits = []
        for surface, concept in sorted({(o.text, o.concept) for o in p.expect}):
            for at in occurrences(p.text, surface):
                hits.append(_hit(p, at, at + len(surface), concept, surface))
        result.append(hits)
    return result


def fake_terms(data: Path) -> Scanner:
    """Every case-insensitive ``str.find`` of every term of the glossary in ``data`` (curated
    search-only names and misreadings left out), overlaps and all."""
    sys.path.insert(0, str(ROOT))
    from glossary_cli.api import load_glossary

    terms = sorted(
        {
            (t.text, c.id)
            for c in load_glossary(str(data)).concepts
            for section in c.languages
            for t in section.terms
            if t.role is None and t.text
        }
    )

    def scan(paragraphs: Sequence[Paragraph]) -> list[list[dict[str, Any]]]:
        result = []
        for p in paragraphs:
            folded = p.text.lower()  # lower() keeps the length of these scripts' text
            hits = []
            for term, concept in terms:
                for at in occurrences(folded, term.lower()):
                    hits.append(_hit(p, at, at + len(term), concept, term))
            result.append(hits)
        return result

    return scan


def _hit(p: Paragraph, start: int, end: int, concept: str, term: str) -> dict[str, Any]:
    return {
        "start": start,
        "end": end,
        "text": p.text[start:end],
        "id": concept,
        "lang": p.lang,
        "term": term,
        "kind": "fake",
    }


def gloss_command(explicit: str | None) -> str:
    """The ``gloss`` to run: ``--gloss``, else the one beside this Python, else on PATH."""
    if explicit:
        return explicit
    beside = Path(sys.executable).with_name("gloss")
    if beside.is_file():
        return str(beside)
    found = shutil.which("gloss")
    if not found:
        raise ScannerError("no gloss command found (install gloss, or pass --gloss PATH)")
    return found


def cli_scanner(gloss: str, env: Mapping[str, str], batch: bool) -> Scanner:
    """``gloss scan --format jsonl -``, once per paragraph or (``batch``) once for all."""

    def run(text: str) -> list[dict[str, Any]]:
        done = subprocess.run(
            [gloss, "scan", "--format", "jsonl", "-"],
            input=text.encode("utf-8"),
            capture_output=True,
            env=dict(env),
            check=False,
        )
        err = done.stderr.decode("utf-8", "replace").strip()
        if done.returncode == 2 and "No such command" in err:
            raise ScannerError(
                f"this gloss has no scan command ({gloss}); use --fake gold or --fake terms "
                "to check the evaluator itself"
            )
        if done.returncode not in (0, 1):  # 1: nothing found
            raise ScannerError(f"`gloss scan` exited {done.returncode}: {err[-2000:]}")
        hits = []
        for number, line in enumerate(done.stdout.decode("utf-8").splitlines(), 1):
            if not line.strip():
                continue
            try:
                hit = json.loads(line)
            except json.JSONDecodeError as exc:
                raise ScannerError(f"output line {number} is not JSON: {line[:200]!r}") from exc
            if not isinstance(hit, dict) or not all(k in hit for k in REQUIRED):
                raise ScannerError(f"output line {number} lacks {REQUIRED}: {line[:200]!r}")
            if not all(isinstance(hit[k], int) for k in ("start", "end")):
                raise ScannerError(f"output line {number}: start and end must be integers")
            hits.append(hit)
        return hits

    def scan(paragraphs: Sequence[Paragraph]) -> list[list[dict[str, Any]]]:
        if not batch:
            return [run(p.text) for p in paragraphs]
        bases, at = [], 0
        for p in paragraphs:
            bases.append(at)
            at += len(p.text) + len(SEPARATOR)
        result: list[list[dict[str, Any]]] = [[] for _ in paragraphs]
        for hit in run(SEPARATOR.join(p.text for p in paragraphs)):
            index = max((i for i, b in enumerate(bases) if b <= hit["start"]), default=0)
            base = bases[index]
            # a hit running past its paragraph keeps its length: it is a false hit there
            result[index].append({**hit, "start": hit["start"] - base, "end": hit["end"] - base})
        return result

    return scan


# --- scoring ------------------------------------------------------------------------------


@dataclass
class Counts:
    paragraphs: int = 0
    gold: int = 0
    hits: int = 0
    correct: int = 0
    in_word: int = 0
    absent: int = 0
    text_mismatch: int = 0

    @property
    def recall(self) -> float | None:
        return self.correct / self.gold if self.gold else None

    @property
    def precision(self) -> float | None:
        return self.correct / self.hits if self.hits else None

    def add(self, other: Counts) -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def as_dict(self) -> dict[str, Any]:
        return {**asdict(self), "recall": self.recall, "precision": self.precision}


def score(
    paragraphs: Sequence[Paragraph], reported: Sequence[Sequence[Mapping[str, Any]]]
) -> dict[str, Any]:
    """Counts per group and overall, and every miss and false hit."""
    groups = {g: Counts() for g in GROUPS}
    misses: list[dict[str, Any]] = []
    false_hits: list[dict[str, Any]] = []
    for p, hits in zip(paragraphs, reported, strict=True):
        counts = groups[p.group]
        counts.paragraphs += 1
        counts.gold += len(p.expect)
        gold = {(o.start, o.end): o for o in p.expect}
        inside = word_interiors(p.text)
        found: set[tuple[int, int]] = set()
        for hit in sorted(hits, key=lambda h: (h["start"], h["end"])):
            start, end, concept = hit["start"], hit["end"], str(hit["id"])
            counts.hits += 1
            in_range = 0 <= start < end <= len(p.text)
            if not in_range or hit.get("text", p.text[start:end]) != p.text[start:end]:
                counts.text_mismatch += 1
            target = gold.get((start, end))
            if target and target.concept == concept and (start, end) not in found:
                counts.correct += 1
                found.add((start, end))
                continue
            reasons = []
            if target:
                reasons.append("concept" if target.concept != concept else "repeated")
            else:
                near = [o for k, o in gold.items() if overlaps((start, end), k)]
                if any(o.concept == concept for o in near):
                    reasons.append("span")
                elif near:
                    reasons.append("overlap")
            if start in inside or end in inside:
                counts.in_word += 1
                reasons.append("in-word")
            touched = [s for s, spans in p.absent if any(overlaps((start, end), x) for x in spans)]
            if touched:
                counts.absent += 1
                reasons.append("absent")
            false_hits.append(
                {
                    "paragraph": p.id,
                    "start": start,
                    "end": end,
                    "text": p.text[start:end] if in_range else hit.get("text"),
                    "id": concept,
                    "term": hit.get("term"),
                    "kind": hit.get("kind"),
                    "why": reasons or ["spurious"],
                    "absent": touched,
                    "context": _context(p.text, start, end),
                }
            )
        for o in p.expect:
            if (o.start, o.end) not in found:
                misses.append(
                    {
                        "paragraph": p.id,
                        "start": o.start,
                        "end": o.end,
                        "text": o.text,
                        "concept": o.concept,
                        "context": _context(p.text, o.start, o.end),
                    }
                )
    overall = Counts()
    for counts in groups.values():
        overall.add(counts)
    return {
        "groups": {g: c.as_dict() for g, c in groups.items()},
        "overall": overall.as_dict(),
        "misses": misses,
        "false_hits": false_hits,
    }


def _context(text: str, start: int, end: int, width: int = 25) -> str:
    start, end = max(0, min(start, len(text))), max(0, min(end, len(text)))
    return f"{text[max(0, start - width) : start]}[{text[start:end]}]{text[end : end + width]}"


def render(result: Mapping[str, Any]) -> Iterable[str]:
    """The Markdown report of :func:`score`'s result."""

    def pct(value: float | None) -> str:
        return "—" if value is None else f"{100 * value:.1f}%"

    yield f"scanner: {result['scanner']}; gold: {result['gold']}"
    yield ""
    yield "| set | paragraphs | gold | reported | correct | recall | precision | in-word | absent |"
    yield "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    rows = [*result["groups"].items(), ("all", result["overall"])]
    for name, c in rows:
        yield (
            f"| {name} | {c['paragraphs']} | {c['gold']} | {c['hits']} | {c['correct']} | "
            f"{pct(c['recall'])} | {pct(c['precision'])} | {c['in_word']} | {c['absent']} |"
        )
    if result["overall"]["text_mismatch"]:
        yield ""
        yield (
            f"{result['overall']['text_mismatch']} reported occurrence(s) whose text is not "
            "the text at their offsets (offsets not in code points?)"
        )
    yield ""
    yield f"misses ({len(result['misses'])}):"
    for m in result["misses"]:
        yield f"  {m['paragraph']:9} {m['start']:>4}-{m['end']:<4} {m['concept']:40} {m['context']}"
    yield ""
    yield f"false hits ({len(result['false_hits'])}):"
    for f in result["false_hits"]:
        why = ",".join(f["why"])
        yield (
            f"  {f['paragraph']:9} {f['start']:>4}-{f['end']:<4} {f['id']:40} {why:16} "
            f"{f['context']}"
        )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--gold", type=Path, default=GOLD, help="gold folder (%(default)s)")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument(
        "--fake",
        choices=("gold", "terms"),
        help="a naive stand-in scanner instead of gloss scan (checks the evaluator itself)",
    )
    parser.add_argument(
        "--batch", action="store_true", help="one gloss scan for all paragraphs, not one each"
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
            print(f"scan_eval: {message}", file=sys.stderr)
        return 0  # a measurement that could not be made is reported, not failed

    try:
        paragraphs = load_gold(args.gold)
    except (GoldError, OSError) as exc:
        return fail(f"cannot read the gold files: {exc}")
    scanner: Scanner
    with tempfile.TemporaryDirectory(prefix="scan-eval-") as scratch:
        try:
            if args.fake == "gold":
                scanner, name = fake_gold, "fake gold (str.find of every gold surface string)"
            elif args.fake == "terms":
                scanner, name = fake_terms(args.data), "fake terms (str.find of every term)"
            else:
                env = {
                    **os.environ,
                    "GLOSS_DATA": str(args.data),
                    "GLOSS_USER_DATA": str(Path(scratch) / "user"),
                    "GLOSS_CACHE": str(Path(scratch) / "cache"),
                    "PYTHONIOENCODING": "utf-8",
                }
                gloss = gloss_command(args.gloss)
                scanner = cli_scanner(gloss, env, args.batch)
                name = f"{gloss} scan --format jsonl -" + (" (batch)" if args.batch else "")
            reported = scanner(paragraphs)
        except (ScannerError, OSError) as exc:
            return fail(str(exc))
    result = {"scanner": name, "gold": str(args.gold), **score(paragraphs, reported)}
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=2))
    else:
        for line in render(result):
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
