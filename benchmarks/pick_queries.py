"""Pick benchmark queries from a synthetic data directory: the concept halfway through it.

    python benchmarks/pick_queries.py DATA_DIR

Prints ``NAME=VALUE`` lines for ``suite.sh`` to ``eval``; each VALUE is itself shell-quoted
once more, ready to be placed in a ``run.py --cmd`` string: ``show`` (an abbreviation, else
the headword), ``en`` (the headword), ``bn`` and ``ar`` (the terms), ``typo`` (the
headword with two letters of its longest word swapped), ``bn_inflected`` (the Bengali term with
its last word in the genitive, -এর), ``ar_clitic`` (the Arabic term with و and ب on its last
word), ``regex`` (an RE2 pattern for the headword's longest word, anchored at its start), and
three descriptions: ``bn_desc`` and ``ar_desc`` (seven words of the concept's definition that
are not words of its term, every other word, so that the query is a paraphrase, not a
sentence) and ``en_desc`` (an English sentence around the headword's longest word, as the
synthetic data has no English definitions).
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import yaml


def main() -> None:
    path = Path(sys.argv[1]) / "concepts.yaml"
    starts = []
    with path.open("rb") as fh:
        offset = 0
        for raw in fh:
            if raw.startswith(b"- id: "):
                starts.append(offset)
            offset += len(raw)
    middle = len(starts) // 2
    with path.open("rb") as fh:
        fh.seek(starts[middle])
        chunk = fh.read(starts[middle + 1] - starts[middle]).decode("utf-8")
    (concept,) = yaml.safe_load(chunk)
    languages = concept["languages"]
    english = languages["en"]["terms"]
    en = english[0]["term"]
    abbreviations = [t["term"] for t in english if t.get("type") == "abbreviation"]
    longest = max(en.split(), key=len)
    typo = en.replace(longest, longest[:2] + longest[3] + longest[2] + longest[4:], 1)
    picked = {
        "show": (abbreviations or [en])[0],
        "en": en,
        "bn": languages["bn"]["terms"][0]["term"],
        "ar": languages["ar"]["terms"][0]["term"],
        "typo": typo,
        "bn_inflected": languages["bn"]["terms"][0]["term"] + "\u09c7\u09b0",
        "ar_clitic": _clitic(languages["ar"]["terms"][0]["term"]),
        "regex": "^" + longest[:4].lower() + ".*" + longest[-3:].lower(),
        "bn_desc": _description(languages["bn"]),
        "ar_desc": _description(languages["ar"]),
        "en_desc": f"a way to make large models smaller and faster by {longest.lower()}",
    }
    for name, value in picked.items():
        print(f"{name}={shlex.quote(shlex.quote(value))}")


def _description(section: dict[str, list[dict[str, str]]]) -> str:
    """Seven words of a language section's definition, every other one, leaving out the words
    of its terms and punctuation."""
    named = {w for t in section["terms"] for w in t["term"].split()}
    words = [w.strip(".,،؛()") for w in section["definitions"][0]["text"].split()]
    return " ".join([w for w in words if w and w not in named][::2][:7])


def _clitic(term: str) -> str:
    """The Arabic term with و and ب before its last word (its article, if any, kept)."""
    *head, last = term.split()
    return " ".join([*head, "\u0648\u0628" + last])


if __name__ == "__main__":
    main()
