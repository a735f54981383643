"""Bounds on size: what one term, definition, cell and line may hold in every reader
(:mod:`glossary_cli.limits`), and what writing a termbase's records costs."""

from __future__ import annotations

from pathlib import Path

import pytest

from glossary_cli import build, store
from glossary_cli.formats._yaml import dump_yaml
from glossary_cli.records import glossary_to_mapping

from .conftest import DATA

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("chunk", [1, 7, 1000])
@pytest.mark.parametrize("where", [DATA, ROOT / "tests" / "fixtures" / "worst_case"])
def test_records_written_a_chunk_at_a_time_are_the_text_of_one_dump(
    where: Path, chunk: int
) -> None:
    glossary = store.read_records(where)
    assert len(glossary.concepts) > 1
    whole = build.HEADER + dump_yaml(glossary_to_mapping(glossary))
    assert build.records_text(glossary, chunk) == whole
    empty = glossary._replace(concepts=())
    assert build.records_text(empty, chunk) == build.HEADER + dump_yaml(glossary_to_mapping(empty))
