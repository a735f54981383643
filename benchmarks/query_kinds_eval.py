#!/usr/bin/env python3
"""Search on new kinds of query: the held-back cases and Lucene's analyzer pairs.

Two parts, both described in ``benchmarks/query_kinds/README.md``:

``cases``
    ``benchmarks/query_kinds/cases.yaml`` over the bundled glossary (``data/``): Arabizi, mixed
    scripts, descriptions in English, Bengali and Arabic, questions, possessive and plural
    abbreviations, negatives, Bengali without ya-phala or ba-phala. A positive case passes as in
    ``tests/matching_cases.yaml`` (:func:`glossary_cli.evaluate.run_case`: one of the top ``k``
    hits has an entry in ``lang`` whose term equals ``term``); a negative case as in
    ``benchmarks/matching_eval.py`` (:func:`matching_eval.run_case`: no hit of the top 10 matched
    confidently, and ``gloss show`` finds no sure match).
``lucene``
    ``benchmarks/query_kinds/lucene/pairs.yaml``: every (input, expected) pair of Lucene's
    Bengali and Arabic analysis tests, run end to end. For each group of pairs, one small CSV
    glossary holds the forms searched for (the expected forms, or the inputs), each form a
    concept of its own, and is built with ``gloss build --data``; each form searched with is
    looked up there, and the pair passes when the first hit is the other form's concept.

The search index goes to a temporary ``GLOSS_CACHE`` (or ``--work DIR/cache``), never to the
user's cache. Before running, the cases are checked against the data alone (never against the
search): every expected term exists; every Arabizi query spells its Arabic term's consonants in
the order they come (:func:`arabizi_fits`); every whole-term bn-phala query is its term without
ya-phala or ba-phala; the share of a description's words found in the definition is printed.

Usage (from the repository root)::

    python benchmarks/query_kinds_eval.py                    # both parts, Markdown tables
    python benchmarks/query_kinds_eval.py --part cases --show-failures 5
    python benchmarks/query_kinds_eval.py --check-only       # the checks of the cases only
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import re
import subprocess
import sys
import tempfile
import time
import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import product
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path[:0] = [str(REPO), str(HERE)]

import matching_eval  # noqa: E402
import real_termbase_eval  # noqa: E402

from glossary_cli import api  # noqa: E402
from glossary_cli.errors import NotFoundError  # noqa: E402
from glossary_cli.evaluate import load_cases  # noqa: E402
from glossary_cli.evaluate import run_case as run_term_case  # noqa: E402

CASES = HERE / "query_kinds" / "cases.yaml"
PAIRS = HERE / "query_kinds" / "lucene" / "pairs.yaml"
DATA = REPO / "data"
#: The kinds of the held-back cases, in the order of the table.
KINDS = (
    "arabizi",
    "mixed-script",
    "description-en",
    "description-bn",
    "description-ar",
    "question",
    "abbr-possessive-plural",
    "negative",
    "bn-phala",
)
#: The directions a Lucene pair can be run in (see the module docstring).
DIRECTIONS = ("input-finds-expected", "expected-finds-input")
GROUPS = ("normalization", "stemming", "stopwords", "keyword")


def nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def script_of(text: str) -> str:
    """``bn``, ``ar`` or ``en``: the script of the first Bengali or Arabic letter, else Latin."""
    for ch in text:
        if "\u0980" <= ch <= "\u09ff":
            return "bn"
        if "\u0600" <= ch <= "\u06ff":
            return "ar"
    return "en"


def is_negative(case: dict[str, Any]) -> bool:
    """Whether ``case`` expects no concept (``expect: none``)."""
    expect = case.get("expect")
    return expect is None or expect == "none" or (isinstance(expect, dict) and "absent" in expect)


# --------------------------------------------------------------------------------------------
# Checks of the cases against the data (no search)
# --------------------------------------------------------------------------------------------

#: Latin spellings of Arabic letters in Arabizi, longest first (a digit with an apostrophe is
#: the dotted letter: 3' ghain, 7' kha, 9' dad, 6' za).
_ARABIZI_UNITS = sorted(
    ["3'", "7'", "9'", "6'", "kh", "gh", "sh", "ch", "th", "dh", "dj",
     *"abcdefghijklmnopqrstuvwxyz", *"0123456789", "'"],
    key=len,
    reverse=True,
)  # fmt: skip
_ARABIZI_LETTERS = {
    "b": "ب", "t": "تطةث", "th": "ثذ", "j": "ج", "dj": "ج", "g": "جقغ", "7": "ح", "h": "حهة",
    "5": "خ", "kh": "خ", "7'": "خ", "d": "دضذ", "dh": "ذضظ", "z": "زذظ", "r": "ر", "s": "سصث",
    "sh": "ش", "ch": "ش", "9": "صق", "9'": "ض", "6": "ط", "6'": "ظ", "3": "ع", "'": "عءأإؤئق",
    "3'": "غ", "gh": "غ", "8": "غق", "f": "ف", "q": "ق", "2": "ءأإآؤئق", "k": "كق", "l": "ل",
    "m": "م", "n": "ن", "w": "وؤ", "y": "يىئ",
}  # fmt: skip
_LATIN_VOWELS = frozenset("aeiou")
#: Arabic letters a transliteration may leave out or write as a vowel (long vowels, hamza
#: seats, teh marbuta).
_WEAK = frozenset("اأإآىويةءؤئ")


def arabizi_units(query: str) -> list[str]:
    """``query`` cut into Arabizi units (spaces and hyphens dropped)."""
    text = query.lower().replace("\u2019", "'")
    units, i = [], 0
    while i < len(text):
        if text[i] in " -":
            i += 1
            continue
        unit = next((u for u in _ARABIZI_UNITS if text.startswith(u, i)), text[i])
        units.append(unit)
        i += len(unit)
    return units


def arabizi_fits(query: str, term: str) -> bool:
    """Whether the Arabizi ``query`` spells a run of whole words of the Arabic ``term``: every
    consonant of those words, in order, written with one of its usual Latin letters or digits
    (:data:`_ARABIZI_LETTERS`); long vowels, hamza seats and teh marbuta written as vowels or
    left out; the article's lam left out before a sun letter (ash-shabaka); a doubled letter
    for a shadda. A check of the case file's spelling, independent of gloss."""
    letters = [ch for ch in term if ch != " "]
    starts, ends, n = set(), set(), 0
    for word in term.split():
        starts.add(n)
        n += len(word)
        ends.add(n)
    units = arabizi_units(query)

    @cache
    def fits(i: int, j: int, prev: str) -> bool:
        if i == len(units):
            return j in ends or (j < len(letters) and letters[j] in _WEAK and fits(i, j + 1, prev))
        unit = units[i]
        vowel = unit in _LATIN_VOWELS
        if j < len(letters):
            letter = letters[j]
            if letter in _ARABIZI_LETTERS.get(unit, "") or (vowel and letter in _WEAK):
                if fits(i + 1, j + 1, "" if vowel else unit):
                    return True
            if letter in _WEAK and fits(i, j + 1, prev):
                return True
            article_lam = letter == "ل" and j - 1 in starts and letters[j - 1] == "ا"
            if article_lam and fits(i, j + 1, prev):
                return True
        return (vowel or unit == "'" or unit == prev) and fits(i + 1, j, prev)

    return any(fits(0, start, "") for start in starts)


def phala_spellings(term: str) -> set[str]:
    """``term`` written without some or all of its ya-phalas and ba-phalas, as people type it:
    অ্যা as এ or আ, ্যা as া or ে, ্য and ্ব left out; hyphens also as spaces."""
    parts = re.split("(অ্যা|্যা|্য|্ব)", nfc(term))
    options = {
        "অ্যা": ("অ্যা", "এ", "আ"),
        "্যা": ("্যা", "া", "ে"),
        "্য": ("্য", ""),
        "্ব": ("্ব", ""),
    }
    choices = [options.get(p, (p,)) for p in parts]
    out = {"".join(c) for c in product(*choices)}
    return out | {s.replace("-", " ") for s in out}


def load_terms(data: Path) -> tuple[set[tuple[str, str]], dict[tuple[str, str], str]]:
    """The (lang, term) pairs of the records that a case may expect (not search-only ones),
    and each term's concept definition in its language."""
    with (data / "concepts.yaml").open(encoding="utf-8") as fh:
        records = yaml.load(fh, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))["concepts"]
    terms: set[tuple[str, str]] = set()
    definitions: dict[tuple[str, str], str] = {}
    for record in records:
        for lang, section in record.get("languages", {}).items():
            text = " ".join(d["text"] for d in section.get("definitions", []))
            for t in section.get("terms", []):
                if t.get("role") is None:
                    terms.add((lang, nfc(t["term"])))
                    definitions[(lang, nfc(t["term"]))] = text
    return terms, definitions


def check_cases(cases: Sequence[dict[str, Any]], data: Path) -> list[str]:
    """Problems of the case file found against the data alone, then notes (lines)."""
    terms, definitions = load_terms(data)
    problems, notes = [], []
    overlap: dict[str, list[float]] = defaultdict(list)
    for case in cases:
        kind, query = case["kind"], case["query"]
        if kind not in KINDS:
            problems.append(f"unknown kind {kind!r}: {query!r}")
        if is_negative(case):
            if kind != "negative":
                problems.append(f"[{kind}] {query!r} expects nothing but is not a negative")
            continue
        lang, term = case["expect"]["lang"], nfc(case["expect"]["term"])
        if (lang, term) not in terms:
            problems.append(f"[{kind}] {query!r}: no {lang} term {term!r} in {data}")
        if kind == "arabizi" and not arabizi_fits(query, term):
            problems.append(f"[arabizi] {query!r} does not spell {term!r}")
        if kind == "arabizi" and not re.search(r"[0-9']", query):
            notes.append(f"[arabizi] {query!r} has no digit or apostrophe")
        if kind == "bn-phala":
            phalas = query.count("্য") + query.count("্ব")
            if case.get("k", 1) == 1:  # the whole term
                if nfc(query) not in phala_spellings(term) - {term, term.replace("-", " ")}:
                    problems.append(f"[bn-phala] {query!r} is not {term!r} less a phala")
            elif phalas:  # words of the term or its definition
                problems.append(f"[bn-phala] {query!r} still has a ya-phala or ba-phala")
        if kind.startswith("description-") and definitions.get((lang, term)):
            words = matching_eval.fold(query).split()
            defined = set(matching_eval.fold(definitions[(lang, term)]).split())
            share = sum(w in defined for w in words) / max(len(words), 1)
            overlap[kind].append(share)
            if share > 0.75:
                notes.append(f"[{kind}] {query!r}: {share:.0%} of its words are the definition's")
    for kind, shares in overlap.items():
        notes.append(
            f"{kind}: on average {sum(shares) / len(shares):.0%} of a query's words occur as "
            f"such in the expected concept's definition (most {max(shares):.0%})"
        )
    return problems + [f"note: {n}" for n in notes]


# --------------------------------------------------------------------------------------------
# Part A: the held-back cases
# --------------------------------------------------------------------------------------------


@dataclass
class CaseResult:
    case: dict[str, Any]
    passed: bool
    got: list[str]


def run_cases(searcher: Any, cases: Sequence[dict[str, Any]]) -> list[CaseResult]:
    """Every case, positive ones with :func:`glossary_cli.evaluate.run_case`, negative ones
    with :func:`matching_eval.run_case`."""
    results = []
    for case in cases:
        if is_negative(case):
            probe = matching_eval.Case("negative", "", case["query"], None, "", "held back")
            out = matching_eval.run_case(searcher, probe, api, NotFoundError)
            got = [f"{cid} ({kind} {score:.0f})" for cid, kind, score, _ in out.got[:3]]
            if out.show_got:
                got.append(f"show: {out.show_got}")
            results.append(CaseResult(case, out.passed, got))
            continue
        try:
            outcome = run_term_case(searcher, case)
        except Exception as exc:  # the search is being rewritten: report, do not stop
            results.append(CaseResult(case, False, [f"{type(exc).__name__}: {exc}"]))
            continue
        results.append(CaseResult(case, outcome.passed, list(outcome.got)))
    return results


def _row(name: str, rows: Sequence[Any]) -> str:
    passed = sum(r.passed for r in rows)
    pct = f"{100 * passed / len(rows):.1f}" if rows else "–"
    return f"| {name} | {len(rows)} | {passed} | {pct} |"


def cases_table(results: Sequence[CaseResult]) -> str:
    """The Markdown table per kind (questions also per language), and all cases."""
    lines = ["| kind | cases | passed | % |", "| --- | --: | --: | --: |"]
    by_kind: dict[str, list[CaseResult]] = defaultdict(list)
    for r in results:
        by_kind[r.case["kind"]].append(r)
    for kind in [*KINDS, *sorted(set(by_kind) - set(KINDS))]:
        rows = by_kind.get(kind, [])
        if not rows:
            continue
        lines.append(_row(kind, rows))
        if kind == "question":
            for lang in ("en", "bn", "ar"):
                sub = [r for r in rows if script_of(r.case["query"]) == lang]
                lines.append(_row(f"question ({lang})", sub))
    lines.append(_row("**all**", results))
    return "\n".join(lines)


def describe_hits(searcher: Any, query: str) -> str:
    """The first three hits of ``query`` with how they matched (for failures)."""
    try:
        hits = searcher.search(query, limit=3)
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"
    return "; ".join(
        f"{h.concept.id} ({h.match.kind} {h.score:.0f}{', sure' if h.sure else ''})" for h in hits
    )


def failures_text(searcher: Any, results: Sequence[CaseResult], per_kind: int) -> str:
    lines, seen = ["", "Failing cases:"], defaultdict(int)
    for r in results:
        kind = r.case["kind"]
        if r.passed or seen[kind] >= per_kind:
            continue
        seen[kind] += 1
        want = "nothing sure" if is_negative(r.case) else (
            f"{r.case['expect']['lang']}:{r.case['expect']['term']} in top {r.case.get('k', 1)}"
        )  # fmt: skip
        lines.append(f"- [{kind}] {r.case['query']!r}: want {want}")
        lines.append(f"    got {describe_hits(searcher, r.case['query'])}")
    return "\n".join(lines)


# --------------------------------------------------------------------------------------------
# Part B: Lucene's analyzer pairs
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Pair:
    id: str
    lang: str
    group: str
    input: str
    expected: str
    directions: tuple[str, ...]


@dataclass
class PairResult:
    pair: Pair
    direction: str
    query: str
    accepted: tuple[str, ...]
    passed: bool
    got: str


def load_pairs(path: Path) -> list[Pair]:
    """The pairs of ``path`` that are run (``run: false`` left out)."""
    with path.open(encoding="utf-8") as fh:
        items = yaml.safe_load(fh)["pairs"]
    return [
        Pair(p["id"], p["lang"], p["group"], p["input"], p["expected"], tuple(p["directions"]))
        for p in items
        if p.get("run", True)
    ]


def lucene_plan(pairs: Sequence[Pair]) -> dict[tuple[str, str], list[tuple[str, str]]]:
    """The glossaries to build: for (group, side) the distinct (lang, form)s searched for,
    side ``expected`` for input-finds-expected, ``input`` for expected-finds-input."""
    plan: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
    for p in pairs:
        for direction in p.directions:
            forward = direction == DIRECTIONS[0]
            side, form = ("expected", p.expected) if forward else ("input", p.input)
            if (p.lang, form) not in plan[(p.group, side)]:
                plan[(p.group, side)].append((p.lang, form))
    return dict(plan)


def concept_id(name: str, n: int) -> str:
    """The id of the ``n``-th form (from 1) of glossary ``name``."""
    return f"lucene-{name}-{n:03d}"


def build_glossary(
    forms: Sequence[tuple[str, str]], name: str, work: Path, env: dict[str, str]
) -> Path:
    """A data directory whose ``sources/lucene_pairs.csv`` holds each form as a concept of its
    own (gloss's one-row-per-term CSV, written by :func:`real_termbase_eval.write_gloss_csv`),
    built with ``gloss build --data``; the n-th form's id is :func:`concept_id`."""
    data = work / name / "data"
    entries = [
        real_termbase_eval.Entry(id=concept_id(name, n), terms={lang: [form]})
        for n, (lang, form) in enumerate(forms, 1)
    ]
    real_termbase_eval.write_gloss_csv(entries, data / "sources" / "lucene_pairs.csv")
    done = subprocess.run(
        real_termbase_eval.gloss_command("build", "--data", str(data)),
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"gloss build --data {data} failed:\n{done.stderr}{done.stdout}")
    return data


def run_pairs(pairs: Sequence[Pair], work: Path, env: dict[str, str]) -> list[PairResult]:
    """Every pair in each of its directions (see the module docstring). A pair passes when
    the first hit is the concept of the form it must find: by id, since gloss may keep a term
    otherwise than written (it drops the ZWJ of ত্‍)."""
    searchers, ids = {}, {}
    for (group, side), forms in lucene_plan(pairs).items():
        name = f"{group}-{side}"
        data = build_glossary(forms, name, work, env)
        searchers[(group, side)] = api.open_searcher(str(data), env)
        for n, (lang, form) in enumerate(forms, 1):
            ids[(group, side, lang, form)] = concept_id(name, n)
    results = []
    for p in pairs:
        for direction in p.directions:
            if direction == DIRECTIONS[0]:
                side, query = "expected", p.input
                accepted: tuple[str, ...] = (p.expected,)
            else:  # any input of the group that Lucene folds to the same form is the word
                side, query = "input", p.expected
                accepted = tuple(
                    dict.fromkeys(
                        q.input
                        for q in pairs
                        if (q.group, q.lang, q.expected) == (p.group, p.lang, p.expected)
                        and direction in q.directions
                    )
                )
            searcher = searchers[(p.group, side)]
            want = {ids[(p.group, side, p.lang, form)] for form in accepted}
            try:
                hits = searcher.search(query, limit=1)
                passed = bool(hits) and hits[0].concept.id in want
            except Exception as exc:  # the search is being rewritten: report, do not stop
                passed, accepted = False, (*accepted, f"{type(exc).__name__}: {exc}")
            results.append(
                PairResult(p, direction, query, accepted, passed, describe_hits(searcher, query))
            )
    return results


def pairs_table(results: Sequence[PairResult]) -> str:
    """The Markdown table per group, direction and language, and all runs."""
    lines = [
        "| group | direction | lang | runs | passed | % |",
        "| --- | --- | --- | --: | --: | --: |",
    ]
    keyed: dict[tuple[str, str, str], list[PairResult]] = defaultdict(list)
    for r in results:
        keyed[(r.pair.group, r.direction, r.pair.lang)].append(r)
    order = {g: i for i, g in enumerate(GROUPS)}
    for key in sorted(keyed, key=lambda k: (order.get(k[0], 99), DIRECTIONS.index(k[1]), k[2])):
        rows = keyed[key]
        passed = sum(r.passed for r in rows)
        lines.append(
            f"| {key[0]} | {key[1]} | {key[2]} | {len(rows)} | {passed} | "
            f"{100 * passed / len(rows):.1f} |"
        )
    passed = sum(r.passed for r in results)
    pct = f"{100 * passed / len(results):.1f}" if results else "–"
    lines.append(f"| **all** | | | {len(results)} | {passed} | {pct} |")
    return "\n".join(lines)


def pair_failures(results: Iterable[PairResult], limit: int) -> str:
    lines = ["", "Failing pairs:"]
    for r in [r for r in results if not r.passed][:limit]:
        lines.append(
            f"- {r.pair.id} {r.direction}: {r.query!r} should find {' or '.join(r.accepted)!r};"
            f" got {r.got or 'nothing'}"
        )
    return "\n".join(lines)


# --------------------------------------------------------------------------------------------
# Command line
# --------------------------------------------------------------------------------------------


def _head() -> str:
    try:
        return subprocess.run(
            ["git", "-C", str(REPO), "describe", "--always", "--dirty", "--abbrev=40"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--part", choices=("cases", "lucene", "both"), default="both")
    parser.add_argument("--cases", type=Path, default=CASES, help="the case file")
    parser.add_argument("--pairs", type=Path, default=PAIRS, help="the Lucene pairs file")
    parser.add_argument("--data", type=Path, default=DATA, help="the glossary of the cases")
    parser.add_argument("--work", type=Path, help="index cache and glossaries (default: temp)")
    parser.add_argument("--show-failures", type=int, default=0, metavar="N",
                        help="print up to N failing cases per kind, 5N failing pairs")  # fmt: skip
    parser.add_argument("--check-only", action="store_true", help="check the cases; search nothing")
    parser.add_argument("--markdown", type=Path, help="append the tables, with a header, to FILE")
    args = parser.parse_args(argv)

    cases = load_cases(args.cases)
    checks = check_cases(cases, args.data)
    problems = [c for c in checks if not c.startswith("note: ")]
    for line in checks:
        print(line, file=sys.stderr)
    if problems:
        print(f"{len(problems)} problem(s) in {args.cases}", file=sys.stderr)
        return 2
    if args.check_only:
        return 0

    with tempfile.TemporaryDirectory(prefix="gloss-query-kinds-") as tmp:
        work = (args.work or Path(tmp)).resolve()
        path = os.pathsep.join(p for p in (str(REPO), os.environ.get("PYTHONPATH", "")) if p)
        env = {**os.environ, "GLOSS_CACHE": str(work / "cache"), "PYTHONPATH": path}
        env.pop("GLOSS_DATA", None)
        out = [
            f"## Query kinds, {dt.date.today().isoformat()}",
            "",
            f"- gloss at `{_head()}`; `{args.cases.name}` {len(cases)} cases, "
            f"`lucene/{args.pairs.name}`",
        ]
        started = time.perf_counter()
        if args.part in ("cases", "both"):
            searcher = api.open_searcher(str(args.data), env)
            results = run_cases(searcher, cases)
            out += ["", "### Held-back cases (bundled glossary)", "", cases_table(results)]
            if args.show_failures:
                out.append(failures_text(searcher, results, args.show_failures))
        if args.part in ("lucene", "both"):
            pairs = load_pairs(args.pairs)
            presults = run_pairs(pairs, work / "lucene", env)
            out += [
                "",
                f"### Lucene's analyzer pairs ({len(pairs)} pairs run)",
                "",
                pairs_table(presults),
            ]
            if args.show_failures:
                out.append(pair_failures(presults, args.show_failures * 5))
        out += ["", f"({time.perf_counter() - started:.1f} s)"]
    report = "\n".join(out)
    print(report)
    if args.markdown:
        with args.markdown.open("a", encoding="utf-8") as fh:
            fh.write("\n" + report + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
