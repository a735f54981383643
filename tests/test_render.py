"""Layout and rendering without a terminal: cell widths, line breaking, right-to-left display,
tables and cards, hostile text, and what each output path imports.

The same layout is checked inside a real terminal (tmux) by ``tests/test_terminal.py``.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import io
import json
import locale
import os
import re
import subprocess
import sys
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from glossary_cli import layout, render
from glossary_cli.config import packaged_data_dir
from glossary_cli.layout import Column, Field, Options
from glossary_cli.model import Concept, Hit, LangSection, Match, Term
from glossary_cli.store import read_records

from .conftest import gloss

HERE = Path(__file__).resolve().parent
WORST = HERE / "fixtures" / "worst_case"
GOLDEN = HERE / "fixtures" / "render_golden"
VERTICAL = set("┏┓┡┩┳╇┃┌┐└┘├┤┬┴┼│")


def _records(data_dir: Path) -> list[Concept]:
    # the worst cases are a record file of gloss 0.1.0 (schema gloss/1): read migrated
    return list(read_records(data_dir).concepts)


BUNDLED = _records(packaged_data_dir())
WORST_RECORDS = _records(WORST)
ALL = BUNDLED + WORST_RECORDS


def _hits(concepts: list[Concept]) -> list[Hit]:
    return [Hit(c, 90.0, Match("en", "en", c.en or c.id, 90.0, "word")) for c in concepts]


def _texts(records: list[Concept]) -> list[str]:
    return [
        render.safe(s)
        for c in records
        for section in c.languages
        for s in (section.terms[0].text, *(d.text for d in section.definitions))
    ]


def test_doctests() -> None:
    import doctest

    for module in (layout, render):
        assert doctest.testmod(module).failed == 0, module.__name__


# --- cell widths ---------------------------------------------------------------------------

#: One row per script quirk: cells as tmux 3.3 draws them (measured with ESC[6n in
#: tests/test_terminal.py), and what rich's cell_len says.
WIDTHS = [
    ("vowel sign aa (Mc)", "কা", 2, 1),
    ("vowel sign i, drawn left (Mc)", "কি", 2, 1),
    ("vowel sign u (Mn)", "কু", 1, 1),
    ("two-part vowel o", "কো", 2, 1),
    ("virama", "ক্", 1, 1),
    ("conjunct k.ssa", "ক্ষ", 2, 2),
    ("three-consonant conjunct", "ন্ত্র", 3, 3),
    ("ya-phala", "ক্য", 2, 2),
    ("reph", "র্ক", 2, 2),
    ("nukta", "ড়", 1, 1),
    ("anusvara (Mc)", "কং", 2, 1),
    ("ZWJ before a consonant", "ক্‍ষ", 1, 1),
    ("Bengali word", "কোয়ান্টাইজেশন", 12, 8),
    ("Bengali term", "নেটওয়ার্ক প্রুনিং", 14, 10),
    ("Arabic harakat (Mn)", "الْعَرَبِيَّةُ", 7, 7),
    ("lam-alef", "لا", 2, 2),
    ("lam-alef ligature", "ﻻ", 1, 1),
    ("Arabic term", "تقليم الشبكة", 12, 12),
    ("Arabic number sign (Cf)", "\u0600", 1, 1),
    ("soft hyphen", "\u00ad", 1, 1),
    ("wide", "中文", 4, 4),
]


@pytest.mark.parametrize(
    ("quirk", "text", "cells", "rich_cells"), WIDTHS, ids=[w[0] for w in WIDTHS]
)
def test_cell_width(quirk: str, text: str, cells: int, rich_cells: int) -> None:
    from rich.cells import cell_len

    assert layout.cell_width(text) == cells
    assert cell_len(text) == rich_cells  # why gloss measures for itself


def _libc_wcwidth() -> Any:
    name = ctypes.util.find_library("c")
    if not name or sys.platform != "linux":
        pytest.skip("glibc is not installed (its wcwidth is the reference)")
    try:
        locale.setlocale(locale.LC_CTYPE, "C.UTF-8")
    except locale.Error:
        pytest.skip("the C.UTF-8 locale is not installed")
    libc = ctypes.CDLL(name)
    libc.wcwidth.argtypes = [ctypes.c_wchar]
    libc.wcwidth.restype = ctypes.c_int
    return libc.wcwidth


@pytest.mark.parametrize(
    ("block", "lo", "hi"),
    [
        ("Bengali", 0x0980, 0x09FF),
        ("Arabic", 0x0600, 0x06FF),
        ("Arabic Supplement", 0x0750, 0x077F),
        ("Arabic Presentation Forms-A", 0xFB50, 0xFDFF),
        ("Arabic Presentation Forms-B", 0xFE70, 0xFEFF),
        ("General Punctuation", 0x2000, 0x206F),
        ("Combining Diacritical Marks", 0x0300, 0x036F),
        ("Box Drawing", 0x2500, 0x257F),
        ("Control Pictures", 0x2400, 0x243F),
        ("Latin-1", 0x00A0, 0x00FF),
    ],
)
def test_char_width_is_glibc_wcwidth(block: str, lo: int, hi: int) -> None:
    """tmux draws each code point in wcwidth() cells; gloss computes the same widths."""
    wcwidth = _libc_wcwidth()
    try:
        differ = [
            hex(cp)
            for cp in range(lo, hi + 1)
            if unicodedata.category(chr(cp)) != "Cn"
            and wcwidth(chr(cp)) >= 0
            and wcwidth(chr(cp)) != layout.char_width(chr(cp))
        ]
    finally:
        locale.setlocale(locale.LC_CTYPE, "")
    assert not differ, block


# --- line breaking -------------------------------------------------------------------------


def _icu_breaks(text: str) -> list[int]:
    return layout._icu_boundaries(text, "line")


@pytest.mark.parametrize(
    "text",
    [
        "Quantization-Aware Training (QAT)",
        "4-Bit Integer Quantization (INT4)",
        "prefix alias/en 94",
        "ব্লক-ভিত্তিক কোয়ান্টাইজেশন",
        "খ্রিষ্টাব্দ ২০২৪ (LoRA)",
        "خليط الخبراء (MoE)",
        "الْعَرَبِيَّةُ لا إله",
        "Low-Rank  Adaptation",
        "একটি পদ্ধতি যা ডিফিউশন মডেলের কম গুরুত্বপূর্ণ ওজন মুছে ফেলে, ন্যূনতম ক্ষতিতে।",
        "طريقة تتضمن إزالة انتقائية للأوزان، مما يخلق بنية أصغر؟",
        "Adapters: a method; it trains few of the weights!",
        "001_5a07ee38a131a210.txt:5",
        "≈definition definition/bn 45",
        'The source term reads "quantization-aware quantization", but its abbreviation',
        "একটি 'বিশেষজ্ঞ' (সাব-নেটওয়ার্ক) করা",
        "curation.yaml:317 (source: owner/repo/docs/ar/x.md@5993984cc38c; Educative (ar): "
        "التكيف منخفض الرتبة <https://www.educative.io/ar/courses/low-rank-adaptation-lora>)",
        "microsoft/edgeai/translations/ar/Module01/01.EdgeAIFundamentals.md@05d7c7ef90;",
        "بطول 4-بت و 8/16 بت",
    ],
)
def test_fast_line_breaks_are_icu_breaks(text: str) -> None:
    assert layout.is_simple_text(text)
    assert layout.break_opportunities(text) == _icu_breaks(text)


def test_fast_line_breaks_of_the_bundled_texts_are_icu_breaks() -> None:
    """Every bundled term and definition the fast path takes (most of them) breaks where
    ICU breaks it."""
    from glossary_cli import api

    texts = [
        text
        for concept in api.load_glossary().concepts
        for section in concept.languages
        for text in [*(t.text for t in section.terms), *(d.text for d in section.definitions)]
    ]
    simple = [text for text in texts if layout.is_simple_text(text)]
    assert len(simple) > 0.8 * len(texts)
    for text in simple:
        assert layout.break_opportunities(text) == _icu_breaks(text), text


LATIN = "abcXYZ"
BENGALI = "কখগঙচজটডতনপবমযরলশষসহড়য়ৎািীুূৃেৈোৌ্ংঁ০১৯"
ARABIC = "ابتثجحخدذرزسشصضطظعغفقكلمنهويءآأإةى\u064b\u064e\u064f\u0650\u0651\u0652٠١٩"
_letter = st.sampled_from(LATIN + BENGALI[:18] + ARABIC[:32])
_any = st.sampled_from(LATIN + BENGALI + ARABIC + "0123_≈@<=>")
_word = st.builds(lambda a, b: a + b, _letter, st.text(_any, max_size=6))
_inner = st.builds(
    lambda w, parts: w + "".join(j + p for j, p in parts),
    _word,
    st.lists(st.tuples(st.sampled_from(layout._PUNCTUATION[","] + "_"), _word), max_size=2),
)
_joined = st.builds(
    lambda w, parts: w + "".join(j + p for j, p in parts),
    _inner,
    st.lists(
        st.tuples(
            st.sampled_from(["-", "/", "//", "--", "://", ":-"]),
            st.one_of(_inner, st.builds(lambda d, w: d + w, st.sampled_from("01٠১"), _inner)),
        ),
        max_size=2,
    ),
)
_punctuation = "".join(layout._PUNCTUATION.values())
_token = st.builds(
    lambda o, w, c, p, q: o + w + c + p + q,
    st.sampled_from(["", "", "(", '"', "'"]),
    _joined,
    st.sampled_from(["", "", ")", '"', "'"]),
    st.sampled_from(["", "", *_punctuation]),
    st.sampled_from(["", "", '"']),
)
_simple = st.builds(
    lambda first, rest: first + "".join(" " * n + t for n, t in rest),
    _token,
    st.lists(st.tuples(st.integers(1, 2), _token), max_size=5),
)


@pytest.mark.slow
@settings(max_examples=600, deadline=None)
@given(_simple)
def test_fast_line_breaks_match_icu(text: str) -> None:
    """Whatever the fast path accepts, it breaks exactly where ICU would."""
    if layout.is_simple_text(text):
        assert layout.break_opportunities(text) == _icu_breaks(text)


_wrap_text = st.text(
    st.sampled_from(LATIN + BENGALI + ARABIC + " -,()।،" + "\u200d\u200c"), max_size=60
)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(_wrap_text, st.integers(1, 30), st.none() | st.integers(1, 3))
def test_wrap_invariants(text: str, width: int, max_lines: int | None) -> None:
    cuts = layout.wrap(text, width, max_lines)
    clusters = {0, *layout.graphemes(text)}
    for cut in cuts:
        line = text[cut.start : cut.end]
        # Cut only between grapheme clusters.
        assert cut.start in clusters and cut.end in clusters
        # Never wider than the line, except one cluster that is wider by itself.
        w = layout.cell_width(line) + (1 if cut.ellipsis else 0)
        assert w <= width or len(layout.graphemes(line)) <= 1
    if max_lines is not None:
        assert len(cuts) <= max_lines
    if not any(c.ellipsis for c in cuts):
        # Nothing lost: the lines hold all the text but the spaces where lines break.
        assert "".join(text[c.start : c.end] for c in cuts).replace(" ", "") == text.replace(
            " ", ""
        )
    else:
        assert cuts[-1].ellipsis and not any(c.ellipsis for c in cuts[:-1])


def test_wrap_keeps_words_whole() -> None:
    text = "একটি পদ্ধতি যা ডিফিউশন মডেলের কম গুরুত্বপূর্ণ ওজন বা নিউরনগুলো নির্বাচনীভাবে মুছে ফেলে"
    lines = [text[c.start : c.end] for c in layout.wrap(text, 20)]
    assert " ".join(lines) == text
    assert all(layout.cell_width(line) <= 20 for line in lines)


def test_wrap_folds_a_word_wider_than_the_line_between_clusters() -> None:
    word = "অতিদীর্ঘশব্দযেটিকোনোভাবেইএকলাইনেধরবেনা"
    lines = [word[c.start : c.end] for c in layout.wrap(word, 10)]
    assert "".join(lines) == word and len(lines) > 1
    assert all(layout.cell_width(line) <= 10 for line in lines)


# --- right-to-left -------------------------------------------------------------------------


def _python_bidi() -> Any:
    return pytest.importorskip(
        "bidi", reason="python-bidi is not installed (pip install '.[test]')"
    )


_BRACKETS = str.maketrans("()[]{}«»<>", "((((((((((")


def _canonical(text: str) -> str:
    """Text with marks removed and brackets made alike: python-bidi (0.5+) reorders (rules
    L1-L2) but leaves mirroring (L4) and marks (L3) to the renderer, which gloss has to be."""
    return "".join(ch for ch in text if unicodedata.category(ch) != "Mn").translate(_BRACKETS)


ARABIC_TEXTS = sorted({t for t in _texts(ALL) if layout.has_rtl(t)})


def test_rtl_paragraphs_are_python_bidi_visual_order() -> None:
    bidi = _python_bidi()
    for text in ARABIC_TEXTS:
        [line], rtl = layout.field_lines(Field.of(text), 10_000, Options(bidi=True))
        shaped = layout.shape(text)
        assert rtl == layout.is_rtl(shaped)
        expected = bidi.get_display(shaped, base_dir="R" if rtl else "L")
        assert _canonical(layout.plain(line)) == _canonical(expected), text


@pytest.mark.parametrize("width", [12, 25, 60])
def test_wrapped_rtl_lines_are_reordered_lines_of_the_paragraph(width: int) -> None:
    """Lines break in logical order; each is then reordered with the levels resolved on the
    whole paragraph (UBA rule L1-L4), as ICU's line API does."""
    import icu

    for text in ARABIC_TEXTS:
        shaped = layout.shape(text)
        lines, rtl = layout.field_lines(Field.of(text), width, Options(bidi=True))
        para = icu.Bidi()
        para.setPara(icu.UnicodeString(shaped), 1 if rtl else 0)
        for cut, line in zip(layout.wrap(shaped, width), lines, strict=True):
            expected = para.setLine(cut.start, cut.end).writeReordered(
                icu.Bidi.DO_MIRRORING | icu.Bidi.KEEP_BASE_COMBINING
            )
            assert layout.plain(line) == expected, text


def test_rtl_mirrors_brackets_and_keeps_marks_after_their_base() -> None:
    [line], rtl = layout.field_lines(Field.of("الْكِتَابُ (LoRA)"), 80, Options(bidi=True))
    shown = layout.plain(line)
    assert rtl and shown.startswith("(LoRA) ")
    for i, ch in enumerate(shown):
        if unicodedata.category(ch) == "Mn":  # a mark follows a letter or another mark
            assert i > 0 and (unicodedata.category(shown[i - 1]) == "Mn" or shown[i - 1].isalpha())
    assert sorted(shown) == sorted(layout.shape("الْكِتَابُ (LoRA)"))


def test_rtl_matches_icu_write_reordered() -> None:
    import icu

    for text in ARABIC_TEXTS:
        shaped = layout.shape(text)
        [line], _ = layout.field_lines(Field.of(text), 10_000, Options(bidi=True))
        b = icu.Bidi()
        b.setPara(icu.UnicodeString(shaped), 1 if layout.is_rtl(shaped) else 0)
        expected = b.writeReordered(icu.Bidi.DO_MIRRORING | icu.Bidi.KEEP_BASE_COMBINING)
        assert layout.plain(line) == expected


def test_rtl_keeps_styles_of_each_part() -> None:
    field = Field((("خليط الخبراء", "bold"), (" (MoE)", "cyan")))
    [line], _ = layout.field_lines(field, 80, Options(bidi=True))
    assert any(s == "cyan" and t.strip() == "(MoE)" for t, s in line)
    assert any(s == "bold" and layout.has_rtl(t) for t, s in line)


def test_without_bidi_text_stays_in_logical_order() -> None:
    for text in ARABIC_TEXTS:
        lines, rtl = layout.field_lines(Field.of(text), 10_000, Options())
        assert not rtl and layout.plain(lines[0]) == text


# --- tables and cards ----------------------------------------------------------------------


def _border_columns(line: str) -> tuple[int, ...]:
    cols, x = [], 0
    for ch, w in zip(line, layout.char_widths(line), strict=True):
        if ch in VERTICAL:
            cols.append(x)
        x += w
    return tuple(cols)


def _check(lines: list[layout.Line], width: int) -> None:
    texts = [layout.plain(line) for line in lines]
    assert all(layout.cell_width(t) <= width for t in texts), "\n".join(texts)
    table = [t for t in texts if t[:1] in VERTICAL | set("━─")]
    if table:
        assert len({_border_columns(t) for t in table}) == 1, "\n".join(table)
        assert len({layout.cell_width(t) for t in table}) == 1


@pytest.mark.slow
@pytest.mark.parametrize("width", [30, 40, 59, 60, 72, 80, 100, 120, 160])
@pytest.mark.parametrize("bidi_on", [False, True], ids=["logical", "bidi"])
def test_search_and_show_fit_and_line_up(width: int, bidi_on: bool) -> None:
    opts = Options(bidi=bidi_on)
    for langs in ((), ("bn", "ar"), ("ar",)):
        for records in (BUNDLED[:10], BUNDLED[10:25], WORST_RECORDS):
            lines = render.search_lines(_hits(records), langs, width, opts)
            _check(lines, width)
            has_table = any(layout.plain(x)[:1] == "┏" for x in lines)
            assert has_table == (width >= layout.CARD_WIDTH)
    for record in ALL:
        _check(render.concept_lines(record, (), width, opts), width)


def test_cells_are_shortened_with_an_ellipsis_unless_wide() -> None:
    long = "Consistency Latent Diffusion Model with a Very Long Name Indeed (LCM)"
    rows = [[(Field.of("x"),), (Field.of(long),)]]
    columns = [Column("a"), Column("b", max_lines=2)]
    short = "\n".join(layout.plain(x) for x in layout.table(columns, rows, 30, Options()))
    full = "\n".join(layout.plain(x) for x in layout.table(columns, rows, 30, Options(wide=True)))
    assert "…" in short and "Indeed" not in short
    assert "…" not in full and all(w in full for w in long.split())


def test_wrapped_definitions_keep_their_indentation() -> None:
    record = next(r for r in BUNDLED if r.id == "pruning")
    lines = [layout.plain(x) for x in render.concept_lines(record, (), 40, Options())]
    start = lines.index("Bengali") + 1
    body = lines[start : lines.index("Arabic")]
    assert len(body) > 3 and all(x.startswith("  ") and not x.startswith("   ") for x in body)


def _card(concept: Concept, width: int = 80, bidi_on: bool = False) -> list[str]:
    return [
        layout.plain(x).strip()
        for x in render.concept_lines(concept, (), width, Options(bidi=bidi_on))
    ]


CLIPPING = Concept(
    "gradient-clipping",
    (
        LangSection("en", (
            Term("gradient clipping", status="preferred", pos="noun", source="g.csv:2"),
            Term("gradient truncation", status="deprecated", notes=("imprecise",),
                 source="g.csv:3"),
        )),
        LangSection("ar", (
            Term("قص التدرج", status="preferred", source="g.csv:4"),
            Term("تقليم التدرج", status="deprecated", notes=("ترجمة حرفية",), source="g.csv:5"),
            Term("قص", type="shortForm", usage="في الشيفرة", source="g.csv:6"),
        )),
    ),
)  # fmt: skip


def test_details_of_a_right_to_left_term_are_a_line_of_their_own() -> None:
    fields = [f.text for f in render._section_cell(CLIPPING.languages[1])]
    assert fields[:4] == ["قص التدرج", "preferred", "تقليم التدرج", "deprecated, use قص التدرج"]
    for text in fields:  # no line that starts right-to-left holds a Latin letter
        assert not (layout.is_rtl(text) and re.search("[A-Za-z]", text)), text
    lines = [x.strip("│ ") for x in _card(CLIPPING, bidi_on=True)]
    assert "preferred" in lines and "deprecated, use" in "\n".join(lines)


def test_english_with_more_than_names_has_its_row_and_every_note_follows_its_term() -> None:
    lines = [x.strip("│ ") for x in _card(CLIPPING)]
    english = lines.index(next(x for x in lines if x.startswith("English")))
    assert "gradient clipping  preferred, noun" in lines[english]
    assert "gradient truncation  deprecated, use gradient clipping" in lines[english + 1]
    assert lines[english + 2] == "imprecise"
    assert [x.strip() for x in lines if "ترجمة حرفية" in x or "usage (" in x] == [
        "ترجمة حرفية",
        "usage (قص): في الشيفرة",
    ]
    pruning = next(r for r in BUNDLED if r.id == "pruning")  # English of names only: no row
    assert not any(x.startswith("English") for x in _card(pruning))


def test_an_abbreviation_with_a_status_of_its_own_gets_its_own_line() -> None:
    section = LangSection("en", (
        Term("reinforcement learning", status="preferred", pos="noun", source="a:1"),
        Term("RL", type="abbreviation", status="admitted", source="a:2"),
        Term("RLHF-free RL", type="acronym", source="a:3"),
    ))  # fmt: skip
    fields = [f.text for f in render._section_cell(section)]
    assert fields[:2] == ["reinforcement learning (RLHF-free RL)  preferred, noun",
                          "RL  admitted, abbreviation"]  # fmt: skip


def test_a_tbx_cross_reference_to_another_concept_is_a_related_term_of_the_card() -> None:
    from glossary_cli.model import CrossReference

    concept = CLIPPING._replace(xrefs=(
        CrossReference("crossReference", "exploding gradients", "c-exploding"),
        CrossReference("externalCrossReference", "paper", "https://example.org/clip"),
    ))  # fmt: skip
    related = [x for x in _card(concept) if x.startswith("related:")]
    assert related == ["related: exploding gradients"]


def test_an_abbreviation_that_is_the_headword_is_not_repeated_beside_it() -> None:
    concept = Concept("lora", (
        LangSection("en", (Term("LoRA", type="abbreviation", source="hi.txt:3"),)),
        LangSection("hi", (Term("लोरा", source="hi.txt:3"),)),
    ))  # fmt: skip
    assert render._headword(concept).text == "LoRA"


# --- through rich, and hostile text --------------------------------------------------------


def _console(width: int, *, terminal: bool) -> Any:
    from rich.console import Console

    return Console(
        file=io.StringIO(),
        width=width,
        force_terminal=terminal,
        color_system="standard" if terminal else None,
        highlight=False,
        emoji=False,
        markup=False,
    )


def test_data_never_becomes_markup_or_escapes() -> None:
    hostile = next(r for r in WORST_RECORDS if r.id == "quantization-markup")
    console = _console(80, terminal=True)
    render.concept_card(hostile, (), console)
    out = console.file.getvalue()
    assert "[bold]Markup[/bold]" in out and "[link=file:///etc/passwd]click[/link]" in out
    assert "␛[31mred" in out and "<U+202E>" in out and "␇" in out
    # Every escape sequence is rich's own colouring.
    assert "\x1b" not in re.sub(r"\x1b\[[0-9;]*m", "", out)


def test_bidi_is_never_applied_to_a_pipe() -> None:
    record = next(r for r in BUNDLED if r.id == "pruning")
    piped = _console(80, terminal=False)
    render.concept_card(record, ("ar",), piped, bidi=True)
    assert "تقليم الشبكة" in piped.file.getvalue()
    tty = _console(80, terminal=True)
    render.concept_card(record, ("ar",), tty, bidi=True)
    assert "تقليم الشبكة" not in tty.file.getvalue()


@pytest.mark.slow
@pytest.mark.parametrize("args", [["--json"], ["--format", "csv"], ["--format", "jsonl"]])
def test_bidi_never_touches_machine_output(
    args: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    plain = gloss("show", "Pruning", "--lang", "ar", *args)
    with_option = gloss("show", "Pruning", "--lang", "ar", "--bidi", *args)
    monkeypatch.setenv("GLOSS_BIDI", "1")
    with_env = gloss("show", "Pruning", "--lang", "ar", *args)
    assert plain.exit_code == with_option.exit_code == with_env.exit_code == 0
    assert plain.stdout == with_option.stdout == with_env.stdout
    assert "تقليم الشبكة" in plain.stdout


def test_wide_option_shows_everything() -> None:
    result = gloss("search", "quantization", "--lang", "bn,ar", "--wide", env={"COLUMNS": "60"})
    assert result.exit_code == 0 and "…" not in result.stdout


# --- golden files --------------------------------------------------------------------------

GOLDEN_CASES = [
    (width, kind, ident)
    for width in (40, 80, 120)
    for kind, ident in (
        ("show", "quantization-worst-case"),
        ("show", "quantized-mixture-of-experts"),
        ("search", ""),
    )
]


@pytest.mark.parametrize(
    ("width", "kind", "ident"),
    GOLDEN_CASES,
    ids=[f"{k}-{i or 'all'}-{w}" for w, k, i in GOLDEN_CASES],
)
@pytest.mark.parametrize("bidi_on", [False, True], ids=["logical", "bidi"])
def test_golden(width: int, kind: str, ident: str, bidi_on: bool) -> None:
    """Worst cases drawn exactly as recorded; regenerate with GLOSS_REGEN_GOLDEN=1."""
    opts = Options(bidi=bidi_on)
    if kind == "show":
        record = next(r for r in WORST_RECORDS if r.id == ident)
        lines = render.concept_lines(record, (), width, opts)
    else:
        lines = render.search_lines(_hits(WORST_RECORDS), (), width, opts)
    text = "\n".join(layout.plain(x) for x in lines) + "\n"
    path = GOLDEN / f"{kind}-{ident or 'all'}-{width}{'-bidi' if bidi_on else ''}.txt"
    if os.environ.get("GLOSS_REGEN_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


# --- what each path imports ----------------------------------------------------------------


def _imported(*args: str, **env_extra: str) -> set[str]:
    return {m.split(".")[0] for m in _imported_modules(*args, **env_extra)}


def _imported_modules(*args: str, **env_extra: str) -> set[str]:
    code = (
        "import sys\n"
        "from glossary_cli.cli import app\n"
        f"sys.argv = ['gloss', *{list(args)!r}]\n"
        "try:\n    app()\nexcept SystemExit:\n    pass\n"
        "sys.stderr.write(repr(sorted(sys.modules)))\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE")}
    env.update(COLUMNS="80", **env_extra)
    # The first run compiles the index (with ICU) into the cache; measure the next one.
    subprocess.run([sys.executable, "-c", code], capture_output=True, env=env, check=True)
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    return set(json.loads(done.stderr.strip().replace("'", '"')))


@pytest.mark.slow
def test_json_never_imports_rich() -> None:
    assert "rich" not in _imported("search", "quantization", "--json")


@pytest.mark.slow
def test_table_loads_no_heavy_library_it_does_not_need() -> None:
    # A table for a terminal (FORCE_COLOR makes the pipe one, for rich and for gloss) is
    # coloured by rich; the same table into a pipe needs no rich at all.
    loaded = _imported("search", "quantization", FORCE_COLOR="1")
    assert "rich" in loaded
    assert not loaded & {"icu", "bidi", "arabic_reshaper"}
    piped = _imported("search", "quantization")
    assert not piped & {"rich", "icu", "bidi", "arabic_reshaper", "yaml", "rapidfuzz"}


@pytest.mark.slow
@pytest.mark.parametrize("query", ["প্রুনিং", "تقليم الشبكة", "কোয়ান্টাইজেশন"])
def test_a_search_of_the_glossarys_own_words_loads_no_icu(query: str) -> None:
    """Their script is told from the Unicode block and their romanization (for English names
    spelled out in them) is the index's copy, so ICU (11 ms) is not loaded."""
    assert not _imported("search", query) & {"icu", "rich", "yaml"}


@pytest.mark.slow
@pytest.mark.parametrize("args", [("list",), ("list", "--lang", "bn"), ("stats",), ("sources",)])
def test_lists_and_reports_load_no_search_module(args: tuple[str, ...]) -> None:
    """They read the index (glossary_cli.index.IndexReader) without searching it."""
    loaded = _imported_modules(*args)
    assert not {
        m for m in loaded if m.startswith(("glossary_cli.search", "glossary_cli.normalize"))
    }


@pytest.mark.slow
@pytest.mark.parametrize(
    "args",
    [
        ("show", "LoRA"),
        ("show", "QAT", "--lang", "bn,ar"),
        ("list",),
        ("list", "--lang", "ar"),
        ("stats",),
        ("sources",),
    ],
)
def test_cards_lists_and_reports_load_no_heavy_library(args: tuple[str, ...]) -> None:
    """Their texts are broken into lines by the fast path, sorted by the collation keys the
    index holds, and the record files' sources are the index's copy of their headers: none
    loads ICU (12 ms of a 60 ms run) or yaml (17 ms)."""
    assert not _imported(*args) & {"icu", "rich", "yaml", "rapidfuzz"}


# --- output that is not a terminal -----------------------------------------------------------


def _rich_console(buf: io.StringIO, width: int) -> Any:
    from rich.console import Console

    return Console(file=buf, width=width, highlight=False, emoji=False, markup=False)


@pytest.mark.slow
@pytest.mark.parametrize("width", [30, 40, 59, 60, 80, 120])
def test_plain_console_draws_what_rich_draws_into_a_pipe(width: int) -> None:
    from glossary_cli import api

    searcher = api.open_searcher(None)

    def _card(concept: Concept, console: Any) -> Concept:
        render.concept_card(concept, [], console)
        return concept

    drawings: list[tuple[str, Any]] = [
        ("search", lambda c: render.search_table(api.search(searcher, "quantization"), [], c)),
        ("search bn,ar", lambda c: render.search_table(_hits(ALL[:12]), ["bn", "ar"], c)),
        ("card", lambda c: render.concept_card(BUNDLED[0], [], c)),
        ("worst cards", lambda c: [_card(r, c) for r in WORST_RECORDS]),
        ("list", lambda c: render.list_table(api.list_terms(searcher, "bn"), c)),
        ("stats", lambda c: render.stats_view(api.stats(), c)),
        ("sources", lambda c: render.sources_table(api.sources(), c)),
        ("nothing", lambda c: render.print_lines([], c)),
    ]
    for name, draw in drawings:
        plain, rich = io.StringIO(), io.StringIO()
        draw(render.PlainConsole(plain, width))
        draw(_rich_console(rich, width))
        assert plain.getvalue() == rich.getvalue(), name
        assert plain.getvalue(), name


@pytest.mark.parametrize("columns", [None, "57", "200", "0x", ""])
def test_plain_console_is_as_wide_as_rich_would_be(
    columns: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rich.console import Console

    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    buf = io.StringIO()
    assert render.PlainConsole(buf).width == Console(file=buf).width


@pytest.mark.parametrize(
    ("env", "tty", "expected"),
    [
        ({}, False, False),
        ({}, True, True),
        ({"FORCE_COLOR": "1"}, False, True),
        ({"FORCE_COLOR": ""}, True, False),
        ({"TTY_COMPATIBLE": "1"}, False, True),
        ({"TTY_COMPATIBLE": "0", "FORCE_COLOR": "1"}, True, False),
        ({"TTY_COMPATIBLE": "2"}, True, True),
    ],
)
def test_terminal_or_not_is_decided_as_rich_decides(
    env: dict[str, str], tty: bool, expected: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rich.console import Console

    class Stream(io.StringIO):
        def isatty(self) -> bool:
            return tty

    for key in ("FORCE_COLOR", "TTY_COMPATIBLE"):
        monkeypatch.delenv(key, raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    stream = Stream()
    assert render.is_terminal(stream, os.environ) is expected
    assert Console(file=stream).is_terminal is expected
