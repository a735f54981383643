#!/usr/bin/env python3
"""Check the hand-annotated prose gold set (benchmarks/prose_gold/*/gold.yaml).

For every document directory: the text and glossary files exist; every span of
`occurrences` and `everyday` satisfies text[start:end] == text (Python code-point
offsets, end exclusive); no two spans overlap (occurrences among themselves and
against everyday entries); no span crosses a blank line; every `term` is written
verbatim somewhere in the glossary file. Prints counts per document and in total.

Usage: python benchmarks/prose_gold/check_gold.py [DOC_DIR ...]
Exit status 1 when any check fails.
"""

import itertools
import sys
from collections import Counter
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
REQUIRED = ("start", "end", "text", "term", "lang")


def check_doc(d):
    errors = []
    g = yaml.safe_load((d / "gold.yaml").read_text(encoding="utf-8"))
    for key in ("id", "lang", "text", "glossary", "source", "glossary_source", "occurrences"):
        if key not in g:
            errors.append(f"missing key {key!r}")
    if g.get("id") != d.name:
        errors.append(f"id {g.get('id')!r} is not the directory name {d.name!r}")
    text_path, gloss_path = d / g["text"], d / g["glossary"]
    for p in (text_path, gloss_path):
        if not p.is_file() or p.is_symlink():
            errors.append(f"{p.name}: missing, or a symlink")
    t = text_path.read_text(encoding="utf-8")
    gloss = gloss_path.read_text(encoding="utf-8")
    if "\r" in t:
        errors.append("text has CR characters (convert CRLF to LF)")
    occ = g.get("occurrences") or []
    ev = g.get("everyday") or []
    spans = []
    for kind, recs in (("occurrence", occ), ("everyday", ev)):
        for r in recs:
            missing = [k for k in REQUIRED if k not in r]
            if missing:
                errors.append(f"{kind} {r}: missing {missing}")
                continue
            s, e = r["start"], r["end"]
            if not (0 <= s < e <= len(t)):
                errors.append(f"{kind} {s}-{e}: out of range")
                continue
            if t[s:e] != r["text"]:
                errors.append(f"{kind} {s}-{e}: text {t[s:e]!r} != {r['text']!r}")
            if "\n\n" in t[s:e] or "\n" in t[s:e].strip():
                errors.append(f"{kind} {s}-{e}: crosses a line break: {t[s:e]!r}")
            if r["term"] not in gloss:
                errors.append(
                    f"{kind} {s}-{e}: term {r['term']!r} is not written in {gloss_path.name}"
                )
            spans.append((s, e, kind))
    spans.sort()
    for (s1, e1, k1), (s2, e2, k2) in itertools.pairwise(spans):
        if s2 < e1:
            errors.append(f"overlap: {k1} {s1}-{e1} and {k2} {s2}-{e2}")
    return g, occ, ev, t, errors


def main(argv):
    dirs = [Path(a) if Path(a).is_dir() else HERE / a for a in argv] or sorted(
        p.parent for p in HERE.glob("*/gold.yaml")
    )
    total_occ, total_ev, bad = Counter(), Counter(), 0
    print(f"{'document':42} {'lang':5} {'chars':>7} {'occ':>5} {'everyday':>8} {'terms':>5}")
    for d in dirs:
        try:
            g, occ, ev, t, errors = check_doc(d)
        except Exception as exc:  # unreadable YAML, missing file ...
            print(f"{d.name:42} ERROR {exc}")
            bad += 1
            continue
        terms = len({r["term"] for r in occ})
        print(f"{d.name:42} {g['lang']:5} {len(t):7d} {len(occ):5d} {len(ev):8d} {terms:5d}")
        for err in errors:
            print(f"    FAIL {err}")
        bad += bool(errors)
        total_occ[g["lang"]] += len(occ)
        total_ev[g["lang"]] += len(ev)
    print()
    for lang in sorted(total_occ):
        print(f"total {lang}: {total_occ[lang]} occurrences, {total_ev[lang]} everyday")
    print(
        f"total: {sum(total_occ.values())} occurrences, {sum(total_ev.values())} everyday, "
        f"{len(dirs)} documents, {bad} with errors"
    )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
