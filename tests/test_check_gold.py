"""The gold segment pairs of tests/check_gold/ (the measure of ``gloss check``) are what their
README says: each table loads as ``gloss check`` reads a table, its segment ids are unique,
every expected issue names a segment of its table, a kind of issue and a concept of the bundled
glossary with a term in the target language, and there are enough clean and faulty pairs.
``gloss check`` itself is not run here (benchmarks/check_eval.py runs it)."""

from __future__ import annotations

import csv
import unicodedata
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
GOLD = ROOT / "tests" / "check_gold"
FILES = ("en-bn", "en-ar")
KINDS = ("missing", "deprecated", "inconsistent", "untranslated")
MIN_CLEAN, MIN_ERRORS = 60, 25


@cache
def table(name: str) -> tuple[list[str], list[list[str]]]:
    text = (GOLD / f"{name}.tsv").read_text(encoding="utf-8")
    rows = list(csv.reader(text.splitlines(), delimiter="\t"))
    return rows[0], rows[1:]


@cache
def expected(name: str) -> list[dict[str, Any]]:
    items = yaml.safe_load((GOLD / f"{name}.expected.yaml").read_text(encoding="utf-8"))
    assert isinstance(items, list)
    return items


@cache
def glossary() -> dict[str, set[str]]:
    """Concept id → the languages in which it has a term (curated search-only names and known
    misreadings are no terms). Read while tests/conftest.py hides any user glossary."""
    from glossary_cli.api import load_glossary

    return {
        c.id: {s.lang for s in c.languages if any(t.role is None for t in s.terms)}
        for c in load_glossary().concepts
    }


@pytest.mark.parametrize("name", FILES)
def test_table_loads_with_unique_ids(name: str) -> None:
    header, rows = table(name)
    source, target = name.split("-")
    assert header == ["id", source, target]
    assert rows
    for row in rows:
        assert len(row) == 3, row
        assert all(cell.strip() for cell in row), row
    ids = [row[0] for row in rows]
    repeated = [i for i, n in Counter(ids).items() if n > 1]
    assert not repeated, repeated
    assert all(i.startswith(f"{target}-") for i in ids)


@pytest.mark.parametrize("name", FILES)
def test_text_is_nfc_and_quote_free(name: str) -> None:
    # a cell starting with a double quote would be read as a quoted csv field
    for row in table(name)[1]:
        for cell in row:
            assert unicodedata.normalize("NFC", cell) == cell, row[0]
            assert '"' not in cell and "\t" not in cell, row[0]


@pytest.mark.parametrize("name", FILES)
def test_expected_issues_are_well_formed(name: str) -> None:
    ids = {row[0] for row in table(name)[1]}
    target = name.split("-")[1]
    concepts = glossary()
    for item in expected(name):
        assert set(item) == {"seg_id", "kind", "id"}, item
        assert item["seg_id"] in ids, item
        assert item["kind"] in KINDS, item
        assert item["id"] in concepts, item
        # the glossary says nothing where a concept has no term in the target language
        assert target in concepts[item["id"]], item


@pytest.mark.parametrize("name", FILES)
def test_one_injected_error_per_listed_segment(name: str) -> None:
    segments = Counter(item["seg_id"] for item in expected(name))
    assert all(n == 1 for n in segments.values()), segments


@pytest.mark.parametrize("name", FILES)
def test_enough_clean_and_faulty_pairs(name: str) -> None:
    rows = table(name)[1]
    errors = expected(name)
    assert len(errors) >= MIN_ERRORS
    assert len(rows) - len(errors) >= MIN_CLEAN
    kinds = Counter(item["kind"] for item in errors)
    for kind in ("missing", "untranslated", "inconsistent"):
        assert kinds[kind] >= 3, kinds


@pytest.mark.parametrize("name", FILES)
def test_untranslated_segments_keep_the_english_term(name: str) -> None:
    # an untranslated error leaves Latin letters in the target; a missing one need not
    rows = {row[0]: row for row in table(name)[1]}
    for item in expected(name):
        if item["kind"] == "untranslated":
            target = rows[item["seg_id"]][2]
            assert any("a" <= ch.lower() <= "z" for ch in target), item


def test_no_deprecated_target_term_to_inject() -> None:
    # the README says why there is no deprecated error: no bn or ar term of the bundled
    # glossary is deprecated or superseded; a glossary that gains one should gain gold pairs
    from glossary_cli.api import load_glossary
    from glossary_cli.model import AVOID

    avoided = [
        (c.id, s.lang, t.text)
        for c in load_glossary().concepts
        for s in c.languages
        if s.lang in ("bn", "ar")
        for t in s.terms
        if t.status in AVOID
    ]
    kinds = {item["kind"] for name in FILES for item in expected(name)}
    assert bool(avoided) == ("deprecated" in kinds), avoided
