#!/usr/bin/env python3
"""Check the held-back gold files of this folder (bn.yaml, ar.yaml, en.yaml, mixed.yaml).

Without running ``gloss scan``, this checks that the files are what README.md says:

* every paragraph has ``id`` (``hb-<file>-<n>``, unique), ``lang`` (the file's language; bn or
  ar in mixed.yaml), ``text`` (NFC, 60–150 words), ``expect`` and ``absent``;
* every expected ``text`` occurs in its paragraph; ``occurrence`` is given whenever the string
  occurs more than once (``str.find`` order, occurrences inside longer words counted) and is
  within range; no two expected occurrences overlap; each starts and ends on a word boundary
  (ICU word break iterator, when PyICU is installed) and lies outside inline code, HTML
  ``<code>`` elements and Markdown link targets;
* every ``absent`` string occurs in its paragraph outside the expected occurrences;
* with a ``gloss`` command at hand (beside this Python, on PATH or ``--gloss``; ``--offline``
  skips it): every concept id exists, and every place a paragraph spells any name of the bundled
  glossary (any letter case, search-only names too) is inside an expected occurrence or touches
  an absent string, so the gold leaves nothing undecided.

``--kinds`` also counts the kinds of variation named in the files' comments.
Exit status 0 when everything holds, 1 otherwise.

Usage::

    python benchmarks/heldback_scan/check.py
    python benchmarks/heldback_scan/check.py --kinds
"""

from __future__ import annotations

import argparse
import itertools
import json
import re
import shutil
import subprocess
import sys
import unicodedata
from collections import Counter
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
GROUPS = ("bn", "ar", "en", "mixed")
LANGS = {"bn": {"bn"}, "ar": {"ar"}, "en": {"en"}, "mixed": {"bn", "ar"}}
# spans where a term is not running text: inline code, HTML code elements, link targets
NOT_PROSE = re.compile(r"`[^`\n]*`|<code>.*?</code>|\]\([^)\s]*\)", re.S)
KINDS = re.compile(r"#\s*kinds:\s*([^;]+)")


def occurrences(text: str, surface: str) -> list[int]:
    found, at = [], text.find(surface)
    while at >= 0:
        found.append(at)
        at = text.find(surface, at + 1)
    return found


def overlaps(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def icu_words(text: str) -> tuple[list[str], set[int]] | None:
    """The words of ``text`` and the code-point offsets strictly inside one (PyICU, root
    locale), or None without PyICU."""
    try:
        import icu
    except ImportError:
        return None
    units, back = 0, {}
    for index, char in enumerate(text):
        back[units] = index
        units += 2 if ord(char) > 0xFFFF else 1
    back[units] = len(text)
    iterator = icu.BreakIterator.createWordInstance(icu.Locale.getRoot())
    iterator.setText(text)
    words, inside, start = [], set(), iterator.first()
    while (end := iterator.nextBoundary()) != icu.BreakIterator.DONE and end >= 0:
        if iterator.getRuleStatus() >= 100:
            words.append(text[back[start] : back[end]])
            inside.update(range(back[start] + 1, back[end]))
        start = end
    return words, inside


def glossary(gloss: str) -> dict[str, list[str]]:
    """Concept id → every name (terms, abbreviations, search-only names) of the bundled
    glossary, through ``gloss list --json`` and ``gloss show ID --json``."""
    listed = json.loads(
        subprocess.run([gloss, "list", "--json"], capture_output=True, check=True).stdout
    )
    names: dict[str, list[str]] = {}
    for row in listed:
        cid = row["id"]
        if cid in names:
            continue
        shown = json.loads(
            subprocess.run([gloss, "show", cid, "--json"], capture_output=True, check=True).stdout
        )
        names[cid] = [
            t["term"] for sec in shown.get("terms", {}).values() for t in sec.get("terms", [])
        ]
    return names


def check(gloss: str | None) -> tuple[list[str], dict[str, tuple[int, int, int]]]:
    errors: list[str] = []
    counts: dict[str, tuple[int, int, int]] = {}
    names = glossary(gloss) if gloss else None
    seen_ids: set[str] = set()
    for group in GROUPS:
        path = HERE / f"{group}.yaml"
        items = yaml.safe_load(path.read_text(encoding="utf-8"))
        if not isinstance(items, list):
            errors.append(f"{path.name}: not a YAML list")
            continue
        n_expect = n_absent = 0
        for number, item in enumerate(items, 1):
            pid = item.get("id", f"{path.name} item {number}")
            err = lambda msg, pid=pid: errors.append(f"{pid}: {msg}")  # noqa: E731
            if not {"id", "lang", "text", "expect", "absent"} <= item.keys():
                err("needs id, lang, text, expect and absent")
                continue
            if not re.fullmatch(rf"hb-{group}-\d+", pid):
                err(f"id should be hb-{group}-<n>")
            if pid in seen_ids:
                err("id repeats")
            seen_ids.add(pid)
            if item["lang"] not in LANGS[group]:
                err(f"lang {item['lang']!r} not one of {sorted(LANGS[group])}")
            text = item["text"]
            if not unicodedata.is_normalized("NFC", text):
                err("text not in NFC")
            icu = icu_words(text)
            inside: set[int] = set()
            if icu:
                words, inside = icu
                if not 60 <= len(words) <= 150:
                    err(f"{len(words)} words (60–150 wanted)")
            not_prose = [m.span() for m in NOT_PROSE.finditer(text)]
            spans = []
            for entry in item["expect"] or []:
                surface, concept = str(entry["text"]), str(entry["concept"])
                found = occurrences(text, surface)
                if not found:
                    err(f"expected {surface!r} is not in the text")
                    continue
                n = entry.get("occurrence")
                if len(found) > 1 and n is None:
                    err(f"{surface!r} occurs {len(found)} times: say which (occurrence)")
                    continue
                n = n or 1
                if not isinstance(n, int) or not 1 <= n <= len(found):
                    err(f"{surface!r}: occurrence {n!r} out of 1..{len(found)}")
                    continue
                start = found[n - 1]
                span = (start, start + len(surface))
                if surface != surface.strip():
                    err(f"{surface!r} has surrounding white space")
                if icu and (span[0] in inside or span[1] in inside):
                    err(f"{surface!r} (occurrence {n}) starts or ends inside a word")
                if any(overlaps(span, x) for x in not_prose):
                    err(f"{surface!r} (occurrence {n}) is inside code or a link target")
                if names is not None and concept not in names:
                    err(f"unknown concept {concept!r}")
                spans.append((span, surface, concept))
            spans.sort()
            for (a, sa, _), (b, sb, _) in itertools.pairwise(spans):
                if overlaps(a, b):
                    err(f"expected {sa!r} and {sb!r} overlap")
            gold = [s for s, _, _ in spans]
            free_absent = []
            for surface in item["absent"] or []:
                surface = str(surface)
                free = [
                    (at, at + len(surface))
                    for at in occurrences(text, surface)
                    if not any(overlaps((at, at + len(surface)), g) for g in gold)
                ]
                if not free:
                    err(f"absent {surface!r} does not occur outside the expected occurrences")
                free_absent += free
            if names is not None:
                folded = text.lower()
                for concept, concept_names in names.items():
                    for name in set(concept_names):
                        for at in occurrences(folded, name.lower()):
                            span = (at, at + len(name))
                            if not any(
                                g[0] <= span[0] and span[1] <= g[1] for g in gold
                            ) and not any(overlaps(span, x) for x in free_absent):
                                err(
                                    f"{text[span[0] : span[1]]!r} ({concept}) at {span} is neither "
                                    "expected nor absent"
                                )
            n_expect += len(spans)
            n_absent += len(item["absent"] or [])
        counts[group] = (len(items), n_expect, n_absent)
    return errors, counts


def kinds() -> tuple[Counter, Counter]:
    """Kinds named in the comments of expect and absent lines, per kind."""
    expect, absent = Counter(), Counter()
    for group in GROUPS:
        section = None
        for line in (HERE / f"{group}.yaml").read_text(encoding="utf-8").splitlines():
            if line.strip() in ("expect:", "absent:"):
                section = line.strip()
            elif line.startswith("- id:"):
                section = None
            elif section and line.lstrip().startswith("- ") and (m := KINDS.search(line)):
                for kind in m.group(1).split(","):
                    (expect if section == "expect:" else absent)[kind.strip()] += 1
    return expect, absent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--gloss", help="the gloss command (default: beside this Python, or on PATH)"
    )
    parser.add_argument("--offline", action="store_true", help="do not ask gloss for the glossary")
    parser.add_argument("--kinds", action="store_true", help="count the kinds of variation")
    args = parser.parse_args()
    gloss = None
    if not args.offline:
        beside = Path(sys.executable).with_name("gloss")
        gloss = args.gloss or (str(beside) if beside.is_file() else shutil.which("gloss"))
        if not gloss:
            print("no gloss command: concept ids and forgotten terms not checked", file=sys.stderr)
    errors, counts = check(gloss)
    print("| file | paragraphs | expected occurrences | absent strings |")
    print("| --- | ---: | ---: | ---: |")
    for group, (p, e, a) in counts.items():
        print(f"| `{group}.yaml` | {p} | {e} | {a} |")
    total = [sum(c[i] for c in counts.values()) for i in range(3)]
    print(f"| all | {total[0]} | {total[1]} | {total[2]} |")
    if args.kinds:
        expect, absent = kinds()
        print("\nexpected occurrences per kind (one occurrence may show several kinds):")
        for kind, n in sorted(expect.items()):
            print(f"  {kind:24} {n}")
        print("\nabsent strings per kind:")
        for kind, n in sorted(absent.items()):
            print(f"  {kind:24} {n}")
    for e in errors:
        print("ERROR", e)
    print("ok" if not errors else f"{len(errors)} error(s)")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
