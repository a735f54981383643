"""Term occurrences in real prose: ``gloss scan`` and peer matchers against a hand-annotated gold.

Each gold document is a directory (``benchmarks/prose_gold/<doc-id>/``) holding ``text.<ext>``,
``glossary.<ext>`` (the project's own glossary, in any format ``gloss add`` reads) and
``gold.yaml``::

    id: ar-hf-...
    lang: ar
    text: text.md
    glossary: glossary.md
    occurrences: [{start, end, text, term, lang, form}, ...]
    everyday: [{start, end, text, term, lang, note}, ...]  # the word in an everyday sense

``start``/``end`` are code-point offsets into the text as read (UTF-8 with a BOM dropped, or
UTF-16 with its BOM; line ends kept), ``end`` exclusive; ``term`` is the glossary term as the
glossary writes it.

For each document:

- **gloss**, on the project's glossary alone: a throw-away directory holds an empty data
  directory (a ``concepts.yaml`` of no concepts), a user directory and an index cache;
  ``gloss add glossary.<ext>`` runs with ``GLOSS_DATA`` at the empty data directory (so the
  file is aligned with nothing, not joined to the bundled glossary's concepts) and
  ``GLOSS_USER_DATA`` at the user directory; then every other command runs with ``GLOSS_DATA``
  at the *user* directory, which gloss then reads alone (``--data``/``GLOSS_DATA`` exclude
  both the bundled glossary and the user's own). ``gloss scan text.<ext> --format jsonl`` runs
  in the document's directory, so a Markdown text is read as Markdown (code skipped). If
  ``gloss add`` asks for ``--lang``, it is run again with the document's ``lang``.
- **the terms**, as gloss read them: every term the scanner seeks (the index's names of the
  fields ``en``, ``term``, ``abbr``, ``synonym``: the terms of the records, and the parts of a
  term with a parenthetical — ``تقليم (Pruning)`` is also sought as ``تقليم`` and ``Pruning``),
  each with its concept id, read by :func:`glossary_cli.text.scan.names_from_index` in a child
  process under the same environment; and the records' own terms from ``gloss export --format
  jsonl``, to place a gold term written as the glossary writes it.
- **peers** (``benchmarks/peers/``): flashtext, the Weblate port and translate-toolkit's
  terminology matcher, each given exactly that ``(lang, term)`` list and the raw text.

Scoring. A reported span is *correct* when it equals a gold occurrence's span and names the
gold term's concept: for gloss, the row's ``id`` (or a concept of its ``also``: homonyms, as a
peer's term names every concept that has it); for a peer, a concept of the term it reports.
The gold term's concepts are those with a term of that text (in the gold language first, then
in any; then the records' terms; then the same comparison after NFKC, case folding, format
characters dropped and spaces collapsed; then, for a cell of alternatives such as
``محاسبه، محاسبات``, the concepts of its parts); a gold term gloss did not read at all is
matched by its text. Spans reported twice (several terms at one span) count once. ``in-word``:
reported spans that begin or end strictly inside a word, by ICU's word break iterator in the
document's language (a segment of rule status ≥ 100, a word; a ZWNJ or other format character
at a word's edge does not count as inside it). ``everyday``: how many of the
``everyday`` spans a reported span overlaps. A scanner that fails on a document is reported
with its error and counts as reporting nothing there.

Usage::

    python benchmarks/prose_eval.py                       # every document of benchmarks/prose_gold
    python benchmarks/prose_eval.py DOC-ID /path/to/doc   # some (an id, or a directory)
    python benchmarks/prose_eval.py --details             # list misses and false hits
    python benchmarks/prose_eval.py --json > out.json     # machine-readable, details included
    python benchmarks/prose_eval.py --gold-root /tmp/gold --scanners gloss,weblate

The exit status is 0 whatever the scores (2 on a usage error).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from peers import PEERS, load  # noqa: E402

GOLD_ROOT = HERE / "prose_gold"
#: ``gloss-strict``: the rows ``gloss scan --strict`` keeps (those not marked ``everyday``).
SCANNERS = ("gloss", "gloss-strict", *PEERS)

#: Every term ``gloss scan`` seeks, with its concept: ``[id, lang, term, field]``, each once
#: (``names_from_index`` gives a name once per analysis form the scanner seeks it by).
NAMES = r"""
import json
from glossary_cli import api
from glossary_cli.text.scan import names_from_index
searcher = api.open_searcher()
rows = dict.fromkeys((n.id, n.lang, n.term, n.field) for _, n in names_from_index(searcher.conn))
print(json.dumps(list(rows), ensure_ascii=False))
"""

EMPTY_RECORDS = "schema_version: 2\nsources: []\nconcepts: []\n"


# --- reading ----------------------------------------------------------------------------------


def decode(data: bytes) -> str:
    """The text as gloss reads a plain or Markdown file: UTF-8 (a BOM dropped), or UTF-16 with
    its BOM; line ends as they are."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16")
    return data.decode("utf-8-sig")


@dataclass
class Doc:
    """One gold document."""

    id: str
    path: Path
    lang: str
    text_path: Path
    glossary_path: Path
    text: str
    occurrences: list[dict[str, Any]]
    everyday: list[dict[str, Any]]
    warnings: list[str] = field(default_factory=list)


def read_doc(path: Path) -> Doc:
    """The gold document in directory ``path`` (``gold.yaml`` and the files it names)."""
    gold = yaml.safe_load((path / "gold.yaml").read_text(encoding="utf-8")) or {}

    def named(key: str) -> Path:
        if gold.get(key):
            return path / str(gold[key])
        found = sorted(p for p in path.glob(f"{key}.*") if p.is_file())
        if not found:
            raise FileNotFoundError(f"{path}: no {key}.<ext> and no {key!r} in gold.yaml")
        return found[0]

    text_path, glossary_path = named("text"), named("glossary")
    text = decode(text_path.read_bytes())
    doc = Doc(
        id=str(gold.get("id") or path.name),
        path=path,
        lang=str(gold.get("lang") or "und"),
        text_path=text_path,
        glossary_path=glossary_path,
        text=text,
        occurrences=list(gold.get("occurrences") or []),
        everyday=list(gold.get("everyday") or []),
    )
    for kind, spans in (("occurrence", doc.occurrences), ("everyday", doc.everyday)):
        for g in spans:
            g["start"], g["end"] = int(g["start"]), int(g["end"])
            got = text[g["start"] : g["end"]]
            if "text" in g and got != g["text"]:
                doc.warnings.append(
                    f"gold {kind} {g['start']}-{g['end']} says {g['text']!r}, the text has {got!r}"
                )
    return doc


# --- gloss ------------------------------------------------------------------------------------


@dataclass
class GlossRun:
    """What gloss read of a document's glossary, and found in its text."""

    names: list[tuple[str, str, str]] = field(default_factory=list)  # (id, lang, term)
    records: list[tuple[str, str, str]] = field(default_factory=list)  # (id, lang, term)
    rows: list[dict[str, Any]] = field(default_factory=list)
    error: str | None = None  # the glossary could not be read: no terms for anyone
    scan_error: str | None = None  # the scan failed
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0


def gloss_command() -> list[str]:
    """``gloss`` beside this Python (the venv's), else on the PATH."""
    beside = Path(sys.executable).parent / "gloss"
    if beside.exists():
        return [str(beside)]
    found = shutil.which("gloss")
    return [found] if found else [sys.executable, "-m", "glossary_cli"]


def _run(cmd: list[str], env: dict[str, str], cwd: Path, timeout: float) -> Any:
    return subprocess.run(
        cmd, env=env, cwd=cwd, capture_output=True, text=True, timeout=timeout, check=False
    )


def _failed(done: Any) -> bool:
    """A gloss run that failed: exit status other than 0 (found) and 1 (nothing found), or a
    Python traceback (an uncaught exception also exits 1)."""
    return done.returncode not in (0, 1) or "Traceback (most recent call last)" in done.stderr


def _tail(text: str, lines: int = 6) -> str:
    return "\n".join(text.strip().splitlines()[-lines:])


def run_gloss(doc: Doc, gloss: list[str], keep: bool, timeout: float) -> GlossRun:
    """Add the document's glossary to an empty termbase, read its terms back and scan the
    text (see the module docstring)."""
    out = GlossRun()
    tmp = Path(tempfile.mkdtemp(prefix=f"gloss-prose-{doc.id[:40]}-"))
    try:
        base, user, cache = tmp / "base", tmp / "user", tmp / "cache"
        base.mkdir()
        (base / "concepts.yaml").write_text(EMPTY_RECORDS, encoding="utf-8")
        env = {k: v for k, v in os.environ.items() if not k.startswith("GLOSS_")}
        env.update(
            GLOSS_DATA=str(base),
            GLOSS_USER_DATA=str(user),
            GLOSS_CACHE=str(cache),
            GLOSS_STATE=str(tmp / "state"),
            NO_COLOR="1",
        )
        glossary = doc.glossary_path
        cwd = glossary.parent
        done = _run([*gloss, "add", glossary.name], env, cwd, timeout)
        if done.returncode != 0 and "--lang" in done.stderr:
            out.notes.append(f"gloss add asked for a language: added with --lang {doc.lang}")
            done = _run([*gloss, "add", glossary.name, "--lang", doc.lang], env, cwd, timeout)
        if done.returncode != 0:
            out.error = f"gloss add exited {done.returncode}: {_tail(done.stderr)}"
            return out
        env["GLOSS_DATA"] = str(user)  # the project's glossary, alone
        names = subprocess.run(
            [sys.executable, "-c", NAMES],
            env=env,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
        if names.returncode:
            out.error = f"reading the terms failed: {_tail(names.stderr)}"
            return out
        out.names = [(i, lang, term) for i, lang, term, _ in json.loads(names.stdout)]
        exported = _run([*gloss, "export", "--format", "jsonl"], env, cwd, timeout)
        if exported.returncode == 0:
            for line in exported.stdout.splitlines():
                if line.strip():
                    record = json.loads(line)
                    for lang, section in (record.get("languages") or {}).items():
                        for t in section.get("terms") or ():
                            out.records.append((record["id"], lang, t["term"]))
        else:
            out.notes.append(f"gloss export exited {exported.returncode}")
        start = time.perf_counter()
        text = doc.text_path
        done = _run([*gloss, "scan", text.name, "--format", "jsonl"], env, text.parent, timeout)
        out.seconds = time.perf_counter() - start
        if _failed(done):
            out.scan_error = f"gloss scan exited {done.returncode}: {_tail(done.stderr)}"
            return out
        out.rows = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
        return out
    except subprocess.TimeoutExpired as e:
        out.error = out.error or f"timed out after {e.timeout:.0f} s: {' '.join(e.cmd)}"
        return out
    finally:
        if keep:
            out.notes.append(f"kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)


# --- concepts ---------------------------------------------------------------------------------


def loose(term: str) -> str:
    """A term compared loosely: NFKC, case folded, format characters (ZWNJ, ZWJ…) dropped,
    spaces collapsed."""
    folded = unicodedata.normalize("NFKC", term).casefold()
    folded = "".join(c for c in folded if unicodedata.category(c) != "Cf")
    return " ".join(folded.split())


#: What separates the alternatives of a glossary cell (``محاسبه، محاسبات``, ``a / b``).
ALTERNATIVES = re.compile(r"\s*[,،;؛/|]\s*")


class Concepts:
    """Which concepts a term names, from what gloss read of the glossary."""

    def __init__(self, names: list[tuple[str, str, str]], records: list[tuple[str, str, str]]):
        self.by_text: dict[str, set[str]] = {}
        self.by_text_lang: dict[tuple[str, str], set[str]] = {}
        self.records: dict[str, set[str]] = {}
        self.by_loose: dict[str, set[str]] = {}
        for cid, lang, term in names:
            self.by_text.setdefault(term, set()).add(cid)
            self.by_text_lang.setdefault((term, primary(lang)), set()).add(cid)
        for cid, _lang, term in records:
            self.records.setdefault(term, set()).add(cid)
        for cid, _lang, term in [*names, *records]:
            self.by_loose.setdefault(loose(term), set()).add(cid)

    def of_term(self, term: str) -> set[str]:
        """The concepts of a term a peer reports (given to it from the names: exact text)."""
        return self.by_text.get(term, set())

    def of_gold(self, term: str, lang: str | None) -> tuple[set[str], str]:
        """The concepts of a gold term, and how they were found."""
        if lang and (term, primary(lang)) in self.by_text_lang:
            return self.by_text_lang[(term, primary(lang))], "term"
        if term in self.by_text:
            return self.by_text[term], "term (another language)"
        if term in self.records:
            return self.records[term], "record term"
        if loose(term) in self.by_loose:
            return self.by_loose[loose(term)], "loose"
        parts = [p for p in ALTERNATIVES.split(term) if p.strip()]
        if len(parts) > 1:  # a cell of alternatives, as gloss splits it: any of them
            found = set().union(*(self.of_gold(p, lang)[0] for p in parts))
            if found:
                return found, "alternatives"
        return set(), "unknown"


def primary(lang: str) -> str:
    return lang.replace("_", "-").split("-")[0].lower()


# --- words ------------------------------------------------------------------------------------


def inside_words(text: str, lang: str) -> bytearray:
    """``flags[i]`` is 1 when code-point offset ``i`` is strictly inside a word (ICU word
    break iterator; a word is a segment of rule status ≥ 100): between two of its characters
    that are not format characters."""
    import icu

    flags = bytearray(len(text) + 1)
    if not text:
        return flags
    # ICU counts UTF-16 code units: the code point of each unit offset
    cp: list[int] | None = None
    if any(ord(c) > 0xFFFF for c in text):
        cp = []
        for i, c in enumerate(text):
            cp.extend([i, i] if ord(c) > 0xFFFF else [i])
        cp.append(len(text))
    it = icu.BreakIterator.createWordInstance(icu.Locale(lang or "und"))
    it.setText(text)
    start = it.first()
    for end in it:
        if it.getRuleStatus() >= 100:
            a, b = (start, end) if cp is None else (cp[start], cp[end])
            # between two visible characters of the word: a format character (ZWNJ, ZWJ)
            # that ICU keeps at a word's edge does not make its neighbour "inside"
            seen = [i for i in range(a, b) if unicodedata.category(text[i]) != "Cf"]
            if seen:
                for i in range(seen[0] + 1, seen[-1] + 1):
                    flags[i] = 1
        start = end
    return flags


# --- scoring ----------------------------------------------------------------------------------


@dataclass
class Reported:
    """One span a scanner reported, with every term and concept it gave there."""

    start: int
    end: int
    terms: list[str]
    concepts: set[str]


def group(spans: list[tuple[int, int, str, set[str]]]) -> list[Reported]:
    """Spans reported more than once (several terms at one place) as one."""
    out: dict[tuple[int, int], Reported] = {}
    for start, end, term, concepts in spans:
        r = out.setdefault((start, end), Reported(start, end, [], set()))
        if term not in r.terms:
            r.terms.append(term)
        r.concepts |= concepts
    return sorted(out.values(), key=lambda r: (r.start, r.end))


def score(doc: Doc, concepts: Concepts, reported: list[Reported], inside: bytearray) -> dict:
    """Counts, misses and false hits of one scanner on one document."""
    gold = []
    for g in doc.occurrences:
        ids, _ = concepts.of_gold(str(g["term"]), g.get("lang") or doc.lang)
        gold.append((g, ids))
    by_span: dict[tuple[int, int], list[int]] = {}
    for i, (g, _) in enumerate(gold):
        by_span.setdefault((g["start"], g["end"]), []).append(i)
    used: set[int] = set()
    correct = 0
    false_hits = []
    in_word = 0
    for r in reported:
        word = bool(inside[r.start] or inside[r.end]) if r.end <= len(doc.text) else True
        in_word += word
        hit = None
        for i in by_span.get((r.start, r.end), ()):
            if i in used:
                continue
            g, ids = gold[i]
            if (ids & r.concepts) or (not ids and loose(str(g["term"])) in map(loose, r.terms)):
                hit = i
                break
        if hit is not None:
            used.add(hit)
            correct += 1
            continue
        why = []
        if (r.start, r.end) in by_span:
            why.append("another concept")
        elif any(g["start"] < r.end and r.start < g["end"] for g, _ in gold):
            why.append("overlaps a gold span")
        if any(e["start"] < r.end and r.start < e["end"] for e in doc.everyday):
            why.append("everyday")
        if word:
            why.append("in-word")
        false_hits.append(
            {
                "start": r.start,
                "end": r.end,
                "text": doc.text[r.start : r.end],
                "terms": r.terms,
                "concepts": sorted(r.concepts),
                "why": why,
            }
        )
    misses = []
    for i, (g, ids) in enumerate(gold):
        if i in used:
            continue
        near = [
            f"{r.start}-{r.end} {doc.text[r.start : r.end]!r} ({', '.join(r.terms)})"
            for r in reported
            if r.start < g["end"] and g["start"] < r.end
        ]
        misses.append(
            {
                "start": g["start"],
                "end": g["end"],
                "text": doc.text[g["start"] : g["end"]],
                "term": g["term"],
                "form": g.get("form"),
                "concepts": sorted(ids),
                "reported_there": near,
            }
        )
    everyday = sum(
        any(e["start"] < r.end and r.start < e["end"] for r in reported) for e in doc.everyday
    )
    return {
        "gold": len(gold),
        "reported": len(reported),
        "correct": correct,
        "recall": correct / len(gold) if gold else None,
        "precision": correct / len(reported) if reported else None,
        "in_word": in_word,
        "everyday": everyday,
        "everyday_total": len(doc.everyday),
        "misses": misses,
        "false_hits": false_hits,
    }


def failed(doc: Doc, error: str) -> dict:
    return {
        "gold": len(doc.occurrences),
        "reported": 0,
        "correct": 0,
        "recall": 0.0 if doc.occurrences else None,
        "precision": None,
        "in_word": 0,
        "everyday": 0,
        "everyday_total": len(doc.everyday),
        "misses": [],
        "false_hits": [],
        "error": error,
    }


def evaluate(doc: Doc, scanners: list[str], gloss: list[str], keep: bool, timeout: float) -> dict:
    """Every scanner's score on one document."""
    run = run_gloss(doc, gloss, keep, timeout)
    result: dict[str, Any] = {
        "id": doc.id,
        "lang": doc.lang,
        "path": str(doc.path),
        "text": doc.text_path.name,
        "glossary": doc.glossary_path.name,
        "warnings": list(doc.warnings) + run.notes,
        "terms": len({(lang, t) for _, lang, t in run.names}),
        "concepts": len({i for i, _, _ in run.names}),
        "scanners": {},
    }
    if run.error:  # no terms: no scanner can run
        result["warnings"].append(f"gloss could not read the glossary: {run.error}")
        for name in scanners:
            result["scanners"][name] = failed(doc, "no terms (the glossary was not read)")
        return result
    concepts = Concepts(run.names, run.records)
    for g in doc.occurrences:
        ids, how = concepts.of_gold(str(g["term"]), g.get("lang") or doc.lang)
        if how == "unknown":
            result["warnings"].append(f"gold term {g['term']!r} is not a term gloss read")
    result["warnings"] = list(dict.fromkeys(result["warnings"]))
    inside = inside_words(doc.text, doc.lang)
    terms = list(dict.fromkeys((lang, term) for _, lang, term in run.names))
    for name in scanners:
        try:
            start = time.perf_counter()
            if name in ("gloss", "gloss-strict"):
                if run.scan_error:
                    raise RuntimeError(run.scan_error)
                spans = []
                unmapped = 0
                for row in run.rows:
                    if name == "gloss-strict" and row.get("everyday"):
                        continue
                    if row.get("file") != doc.text_path.name:
                        unmapped += 1  # a segment of a PO/XLIFF/TMX file: its own offsets
                        continue
                    ids = {row["id"], *(row.get("also") or ())}
                    spans.append((row["start"], row["end"], row["term"], ids))
                if unmapped:
                    result["warnings"].append(
                        f"gloss: {unmapped} rows of segments (offsets not into the file) left out"
                    )
                seconds = run.seconds
            else:
                found = load(name).find(terms, doc.text)
                seconds = time.perf_counter() - start
                spans = [(s, e, t, concepts.of_term(t)) for s, e, t in found]
            scores = score(doc, concepts, group(spans), inside)
            scores["seconds"] = seconds
            result["scanners"][name] = scores
        except Exception as e:  # a failing scanner is reported, not raised
            detail = "".join(traceback.format_exception_only(type(e), e)).strip()
            result["scanners"][name] = failed(doc, detail)
    return result


# --- output -----------------------------------------------------------------------------------


def ratio(value: float | None) -> str:
    return "–" if value is None else f"{value:.1%}"


def overall(results: list[dict], scanners: list[str]) -> dict[str, dict[str, Any]]:
    out = {}
    for name in scanners:
        rows = [r["scanners"][name] for r in results if name in r["scanners"]]
        gold = sum(s["gold"] for s in rows)
        reported = sum(s["reported"] for s in rows)
        correct = sum(s["correct"] for s in rows)
        out[name] = {
            "documents": len(rows),
            "failed": sum(1 for s in rows if s.get("error")),
            "gold": gold,
            "reported": reported,
            "correct": correct,
            "recall": correct / gold if gold else None,
            "precision": correct / reported if reported else None,
            "in_word": sum(s["in_word"] for s in rows),
            "everyday": sum(s["everyday"] for s in rows),
            "everyday_total": sum(s["everyday_total"] for s in rows),
        }
    return out


def markdown(results: list[dict], totals: dict[str, dict], details: bool) -> str:
    head = (
        "| document | scanner | gold | reported | correct | recall | precision | in-word "
        "| everyday |\n|---|---|---:|---:|---:|---:|---:|---:|---:|"
    )
    lines = [head]
    for r in results:
        for name, s in r["scanners"].items():
            if s.get("error"):
                lines.append(f"| {r['id']} | {name} | {s['gold']} | error | | | | | |")
                continue
            lines.append(
                f"| {r['id']} | {name} | {s['gold']} | {s['reported']} | {s['correct']} | "
                f"{ratio(s['recall'])} | {ratio(s['precision'])} | {s['in_word']} | "
                f"{s['everyday']}/{s['everyday_total']} |"
            )
    for name, s in totals.items():
        label = "**overall**" + (f" ({s['failed']} failed)" if s["failed"] else "")
        lines.append(
            f"| {label} | {name} | {s['gold']} | {s['reported']} | {s['correct']} | "
            f"{ratio(s['recall'])} | {ratio(s['precision'])} | {s['in_word']} | "
            f"{s['everyday']}/{s['everyday_total']} |"
        )
    out = ["\n".join(lines)]
    notes = []
    for r in results:
        for w in r["warnings"]:
            notes.append(f"- {r['id']}: {w}")
        for name, s in r["scanners"].items():
            if s.get("error"):
                notes.append(f"- {r['id']}: {name} failed: {s['error']}")
    if notes:
        out.append("Notes:\n\n" + "\n".join(notes))
    if details:
        out.extend(detail(r) for r in results)
    return "\n\n".join(out)


def detail(r: dict) -> str:
    """The misses and false hits of each scanner on one document, as a Markdown list."""
    block = [f"### {r['id']} ({r['lang']}; {r['concepts']} concepts, {r['terms']} terms)"]
    for name, s in r["scanners"].items():
        if s.get("error"):
            continue
        block.append(f"\n**{name}**: {len(s['misses'])} missed, {len(s['false_hits'])} false hits")
        for m in s["misses"]:
            form = m["form"] or "form ?"
            there = "; ".join(m["reported_there"])
            there = f"; reported there: {there}" if there else ""
            span = f"{m['start']}-{m['end']} {m['text']!r}"
            block.append(f"- miss {span} (term {m['term']!r}, {form}){there}")
        for f in s["false_hits"]:
            why = f" [{', '.join(f['why'])}]" if f["why"] else ""
            span = f"{f['start']}-{f['end']} {f['text']!r}"
            block.append(f"- false {span} ({', '.join(f['terms'])}){why}")
    return "\n".join(block)


def documents(names: list[str], root: Path) -> list[Path]:
    if not names:
        if not root.is_dir():
            return []
        return sorted(p for p in root.iterdir() if (p / "gold.yaml").is_file())
    out = []
    for name in names:
        path = Path(name)
        out.append(path if path.is_dir() else root / name)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("docs", nargs="*", help="document ids (under --gold-root) or directories")
    parser.add_argument("--gold-root", type=Path, default=GOLD_ROOT)
    parser.add_argument(
        "--scanners", default=",".join(SCANNERS), help=f"comma-separated: {','.join(SCANNERS)}"
    )
    parser.add_argument("--json", action="store_true", help="print JSON (details included)")
    parser.add_argument("--details", action="store_true", help="list misses and false hits")
    parser.add_argument("--keep", action="store_true", help="keep gloss's throw-away directories")
    parser.add_argument("--timeout", type=float, default=300, help="seconds per gloss command")
    opts = parser.parse_args()
    scanners = [s.strip() for s in opts.scanners.split(",") if s.strip()]
    unknown = [s for s in scanners if s not in SCANNERS]
    if unknown:
        parser.error(f"unknown scanners: {', '.join(unknown)} (known: {', '.join(SCANNERS)})")
    gloss = gloss_command()
    results = []
    for path in documents(opts.docs, opts.gold_root):
        try:
            doc = read_doc(path)
        except Exception as e:  # a document that cannot be read is reported, not raised
            results.append(
                {
                    "id": path.name,
                    "lang": "?",
                    "path": str(path),
                    "warnings": [f"cannot read the document: {type(e).__name__}: {e}"],
                    "terms": 0,
                    "concepts": 0,
                    "scanners": {},
                }
            )
            continue
        results.append(evaluate(doc, scanners, gloss, opts.keep, opts.timeout))
    totals = overall(results, scanners)
    if opts.json:
        print(json.dumps({"documents": results, "overall": totals}, ensure_ascii=False, indent=1))
    elif not results:
        print(f"no gold documents (looked in {opts.gold_root})")
    else:
        print(markdown(results, totals, opts.details))


if __name__ == "__main__":
    try:
        main()
    except (BrokenPipeError, KeyboardInterrupt):
        pass
    sys.exit(0)
