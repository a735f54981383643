"""The term-matching test cases of other terminology tools (Weblate, translate-toolkit, Pontoon,
OmegaT, Okapi, flashtext), ported as data in tests/scan_peers/cases.yaml (see the README there):
for each case, gloss's scanner is given the case's glossary and text, and the surfaces it finds,
in text order, must be the case's ``found`` — or, where the maintainer has set ``deliberate``
(gloss differs on purpose, and says why), its ``deliberate_found``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml


def scan_terms(terms: list[tuple[str, str]], text: str) -> list[str]:
    """The surfaces gloss's scanner finds of these (lang, term) pairs in text, in text order."""
    from glossary_cli.normalize import fold
    from glossary_cli.text.scan import Automaton, Name, scan

    names = [
        (fold(t), Name(f"c{i}", lang, t, "term", None, None)) for i, (lang, t) in enumerate(terms)
    ]
    return [o.text for o in scan(text, Automaton.of_names(names))]


CASES_FILE = Path(__file__).resolve().parent / "scan_peers" / "cases.yaml"
KEYS = {"id", "source", "terms", "text", "lang", "found", "deliberate"}
SOURCE_KEYS = {"repo", "path", "test", "commit", "licence"}


def load_cases() -> list[dict[str, Any]]:
    cases = yaml.safe_load(CASES_FILE.read_text(encoding="utf-8"))
    assert isinstance(cases, list)
    return cases


CASES = load_cases()


def test_cases_are_well_formed() -> None:
    ids = [case["id"] for case in CASES]
    assert len(ids) == len(set(ids)), "case ids must be unique"
    for case in CASES:
        where = case.get("id")
        assert KEYS <= set(case), where
        assert set(case) <= KEYS | {"note", "deliberate_found"}, where
        assert set(case["source"]) == SOURCE_KEYS, where
        assert len(case["source"]["commit"]) == 40, where
        assert case["terms"], where
        assert all(set(t) == {"lang", "term"} and t["term"] for t in case["terms"]), where
        # every expected surface is in the text, and they come in text order
        # (overlapping surfaces may start at the same place; the same surface twice may not)
        at, last = 0, None
        for surface in case["found"]:
            start = case["text"].find(surface, at + (surface == last))
            assert start >= 0, f"{where}: {surface!r} is not in the text (in order)"
            at, last = start, surface
        if case["deliberate"] is not None:
            assert isinstance(case["deliberate"], str) and case["deliberate"], where
            assert isinstance(case.get("deliberate_found"), list), where
        else:
            assert "deliberate_found" not in case, where


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_peer_case(case: dict[str, Any]) -> None:
    terms = [(t["lang"], t["term"]) for t in case["terms"]]
    found = scan_terms(terms, case["text"])
    if case["deliberate"] is not None:
        assert found == case["deliberate_found"], case["deliberate"]
    else:
        assert found == case["found"], case.get("note", "")
