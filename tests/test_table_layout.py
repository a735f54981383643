"""Tables never break a word, and rows that read alike are told apart.

:func:`glossary_cli.layout.table` folds a word only when its column is narrower than the word;
so a table whose columns cannot each be as wide as their widest word (:func:`layout.fits`) is
drawn as one record per row (:func:`layout.records`) or as the command's own stacked form. A
shortened cell ends before a word, never inside one.
(``tests/test_terminal_tables.py`` checks every command's tables in a real terminal.)
"""

from __future__ import annotations

import io
from typing import Any

import pytest

from glossary_cli import layout
from glossary_cli.layout import Column, Field, Options

CHECK_COLUMNS = [
    Column("segment", wrap=False),
    Column("kind", wrap=False),
    Column("concept"),
    Column("source"),
    Column("expected"),
    Column("found"),
]
CHECK_ROW = [
    (Field.of("bn-014"),),
    (Field.of("untranslated"),),
    (Field.of("gradient-checkpointing"),),
    (Field.of("Gradient checkpointing"),),
    (Field.of("গ্রেডিয়েন্ট চেকপয়েন্টিং দ্বারা মেমরি অপ্টিমাইজেশন"),),
    (Field.of("Gradient Checkpointing"),),
]
WORDS = ["bn-014", "untranslated", "gradient-", "checkpointing", "Gradient", "Checkpointing",
         "গ্রেডিয়েন্ট", "চেকপয়েন্টিং", "দ্বারা", "মেমরি", "অপ্টিমাইজেশন"]  # fmt: skip


def screen(lines: list[Any]) -> list[str]:
    return [layout.plain(line) for line in lines]


def test_a_table_that_fits_only_by_breaking_words_does_not_fit() -> None:
    # the widest words: "untranslated" 12, "checkpointing" 13 (twice), "Checkpointing" 13,
    # "অপ্টিমাইজেশন" 12, "bn-014" 6: 69 cells, and 19 of borders and padding
    assert layout.fits(CHECK_COLUMNS, [CHECK_ROW], 88, Options())
    assert not layout.fits(CHECK_COLUMNS, [CHECK_ROW], 87, Options())
    # and table() itself folds words when it is asked to draw it anyway: what fits() prevents
    drawn = "\n".join(screen(layout.table(CHECK_COLUMNS, [CHECK_ROW], 80, Options())))
    assert "checkpointing" not in drawn


@pytest.mark.parametrize("width", [30, 40, 60, 80])
def test_records_keep_every_word_whole(width: int) -> None:
    rows = screen(layout.records(CHECK_COLUMNS, [CHECK_ROW, CHECK_ROW], width, Options()))
    assert all(layout.cell_width(r) <= width for r in rows)
    for word in WORDS:
        assert sum(word in r for r in rows) >= 2, (word, rows)
    assert rows[0] == "bn-014" and rows[1].split() == ["kind", "untranslated"]
    assert rows.count("") == 1  # the two records a blank line apart


def test_a_value_too_wide_beside_the_headers_goes_below_its_header() -> None:
    rows = screen(layout.records(CHECK_COLUMNS, [CHECK_ROW], 22, Options()))
    # "checkpointing" (13) does not fit beside "expected" (8 + 2 + 2 + 2): below it
    assert "  concept" in rows and "    gradient-" in rows and "    checkpointing" in rows


@pytest.mark.parametrize(
    ("text", "width", "shown"),
    [
        ("Pruning methods", 7, ""),  # the word fits, the ellipsis after it does not
        ("Pruning methods for networks", 12, "Pruning"),
        ("নেটওয়ার্ক প্রুনিং পদ্ধতি", 12, "নেটওয়ার্ক"),
        ("Quantization-Aware Training", 12, "Quantizatio"),  # wider than the column: folded
    ],
)
def test_a_shortened_cell_ends_before_a_word(text: str, width: int, shown: str) -> None:
    [cut] = layout.wrap(text, width, max_lines=1)
    assert (text[cut.start : cut.end], cut.ellipsis) == (shown, True)


@pytest.mark.parametrize("width", [40, 80, 120])
def test_check_never_breaks_a_word(width: int) -> None:
    from glossary_cli.render import PlainConsole, check_view
    from glossary_cli.text.check import CheckIssue

    issue = CheckIssue(
        seg_id="bn-014",
        kind="untranslated",
        id="gradient-checkpointing",
        source="Gradient checkpointing",
        expected="গ্রেডিয়েন্ট চেকপয়েন্টিং দ্বারা মেমরি অপ্টিমাইজেশন",
        found="Gradient Checkpointing",
    )
    out = io.StringIO()
    check_view([issue], PlainConsole(out, width))
    rows = out.getvalue().splitlines()
    assert all(layout.cell_width(r) <= width for r in rows)
    for word in WORDS:
        assert any(word in r for r in rows), (word, out.getvalue())
    assert ("┃" in out.getvalue()) is (width >= 88)  # a table where it fits, else records
