#!/usr/bin/env python3
"""Fuzz the glossary parser with atheris (libFuzzer for Python). Not run in CI.

Every input is decoded (:func:`glossary_cli.parsing.decode`) and parsed
(:func:`glossary_cli.parsing.parse_glossary`), with the language detected and given. A
:class:`~glossary_cli.errors.ParseError` is the expected way to refuse an input; any other
exception, or a parse that :func:`~glossary_cli.parsing.format_glossary` cannot write back and
parse to the same entries, is a finding (atheris stops and saves the input as ``crash-*``).

Usage (see fuzz/README.md)::

    pip install atheris
    python fuzz/fuzz_parser.py -max_total_time=600 -rss_limit_mb=4096 fuzz/corpus/parser
"""

from __future__ import annotations

import sys
from pathlib import Path

import atheris

with atheris.instrument_imports(include=["glossary_cli"]):
    from glossary_cli.errors import ParseError
    from glossary_cli.parsing import decode, format_glossary, parse_glossary

SEEDS = Path(__file__).resolve().parent.parent / "data" / "sources"


def _same(a: object, b: object) -> bool:
    key = lambda p: [(e.term, e.definition, e.en, e.abbr) for e in p.entries]  # noqa: E731
    return (a.title, a.subtitle, a.lang, key(a)) == (b.title, b.subtitle, b.lang, key(b))  # type: ignore[attr-defined]


def test_one_input(data: bytes) -> None:
    try:
        text = decode(data, "fuzz.txt")
    except ParseError:
        return
    for lang in (None, "bn"):
        try:
            parsed = parse_glossary(text, "fuzz.txt", lang)
        except ParseError:
            continue
        again = parse_glossary(format_glossary(parsed), "fuzz.txt", parsed.lang)
        if not _same(parsed, again):
            raise AssertionError(f"parse → format → parse changed the glossary: {text!r}")


def main() -> None:
    args = list(sys.argv)
    corpus = [a for a in args[1:] if not a.startswith("-")]
    for folder in corpus:  # seed an empty corpus with the bundled glossaries
        path = Path(folder)
        path.mkdir(parents=True, exist_ok=True)
        if not any(path.iterdir()):
            for seed in SEEDS.iterdir():
                (path / seed.name).write_bytes(seed.read_bytes())
    atheris.Setup(args, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
