"""Invariants checked on generated input (Hypothesis): the parser, the normalizer, YAML records
and search. Kept fast: modest ``max_examples``, no deadline."""

from __future__ import annotations

import json
import tempfile
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from glossary_cli import store
from glossary_cli.errors import ParseError
from glossary_cli.normalize import fold
from glossary_cli.parsing import ParsedGlossary, format_glossary, parse_glossary

from .conftest import gloss

FAST = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Letters of each script, as code point ranges without unassigned or combining code points.
BENGALI = [
    *range(0x0985, 0x098D),
    0x098F,
    0x0990,
    *range(0x0993, 0x09A9),
    *range(0x09AA, 0x09B1),
    0x09B2,
    *range(0x09B6, 0x09BA),
]
BENGALI_SIGNS = [0x09BE, 0x09BF, 0x09C0, 0x09C1, 0x09C7, 0x09CB, 0x09CD, 0x0981, 0x0982]
ARABIC = [*range(0x0621, 0x063B), *range(0x0641, 0x064B)]
ARABIC_MARKS = [0x064E, 0x064F, 0x0650, 0x0651, 0x0652]
DEVANAGARI = [*range(0x0905, 0x0915), *range(0x0915, 0x093A)]
DEVANAGARI_SIGNS = [0x093E, 0x093F, 0x0940, 0x0941, 0x0947, 0x094B, 0x094D, 0x0902]
LATIN = [*range(0x61, 0x7B)]


def _word(letters: list[int], signs: list[int]) -> st.SearchStrategy[str]:
    syllable = st.tuples(st.sampled_from(letters), st.sampled_from([0, *signs])).map(
        lambda p: chr(p[0]) + (chr(p[1]) if p[1] else "")
    )
    return st.lists(syllable, min_size=1, max_size=5).map(
        lambda s: unicodedata.normalize("NFC", "".join(s))
    )


WORDS = {
    "bn": _word(BENGALI, BENGALI_SIGNS),
    "ar": _word(ARABIC, ARABIC_MARKS),
    "hi": _word(DEVANAGARI, DEVANAGARI_SIGNS),
    "en": _word(LATIN, []),
}
ENGLISH = st.lists(_word(LATIN, []).filter(lambda w: len(w) > 1), min_size=1, max_size=3).map(
    lambda ws: " ".join(w.capitalize() for w in ws)
)
ABBREVIATION = st.tuples(
    st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=2, max_size=5),
    st.sampled_from(["", "2", "8"]),
).map("".join)


@dataclass(frozen=True)
class Glossary:
    lang: str
    title: str
    subtitle: str
    entries: tuple[tuple[str, str, str | None, tuple[str, ...]], ...]  # term, definition, en, abbr


@st.composite
def glossaries(draw: st.DrawFn, langs: tuple[str, ...] = ("bn", "ar", "hi", "en")) -> Glossary:
    lang = draw(st.sampled_from(langs))
    words = WORDS[lang]

    def text(lo: int, hi: int) -> str:
        return " ".join(draw(st.lists(words, min_size=lo, max_size=hi)))

    entries = []
    for _ in range(draw(st.integers(1, 8))):
        en = draw(st.none() | ENGLISH)
        abbr = draw(st.sampled_from([(), ()]) | st.tuples(ABBREVIATION))
        end = draw(st.sampled_from(["", ".", "।", "؟", " 42"]))
        entries.append((text(1, 3), text(1, 12) + end, en, abbr))
    return Glossary(lang, text(1, 4), text(1, 6), tuple(entries))


def term_line(term: str, en: str | None, abbr: tuple[str, ...]) -> str:
    extra = " - ".join([*([en] if en else []), *abbr])
    return f"{term} ({extra})" if extra else term


@st.composite
def written(draw: st.DrawFn, g: Glossary) -> str:
    """The glossary as a file might hold it: any line ends, blank lines, stray whitespace, a
    BOM, no final newline."""
    lines = [g.title, g.subtitle]
    for term, definition, en, abbr in g.entries:
        lines += [term_line(term, en, abbr), definition]
    out = "\ufeff" if draw(st.booleans()) else ""
    for line in lines:
        pad = draw(st.sampled_from(["", " ", "\t", "  "]))
        out += pad + line.replace(" ", draw(st.sampled_from([" ", "  ", " \t"]))) + pad
        out += draw(st.sampled_from(["\n", "\r\n", "\r"]))
        out += draw(st.sampled_from(["", "", "\n", " \n", "\r\n\r\n"]))
    return out.rstrip("\r\n") if draw(st.booleans()) else out


def content(p: ParsedGlossary) -> tuple[object, ...]:
    return (
        p.lang,
        p.title,
        p.subtitle,
        tuple((e.term, e.definition, e.en, e.abbr) for e in p.entries),
    )


@pytest.mark.slow
@FAST
@given(st.data())
def test_parse_write_parse_is_the_identity(data: st.DataObject) -> None:
    g = data.draw(glossaries())
    raw = data.draw(written(g))
    lang = g.lang if g.lang in ("hi", "en") or data.draw(st.booleans()) else None
    parsed = parse_glossary(raw, "g.txt", lang)
    assert content(parsed) == (g.lang, g.title, g.subtitle, g.entries)
    text = format_glossary(parsed)
    again = parse_glossary(text, "g.txt", parsed.lang)
    assert content(again) == content(parsed)
    assert format_glossary(again) == text


@settings(max_examples=300, deadline=None)
@given(st.text())
@example(" 7)\n 1\nA\n 1\nA( )( )\n?d")  # found by fuzz/fuzz_parser.py: two empty "()"
@example("t\ns\nX (LoRA) ()\nd\nY ( )\nd\n")
def test_parsing_any_text_returns_or_raises_a_parse_error(text: str) -> None:
    try:
        parsed = parse_glossary(text, "g.txt", "bn")
    except ParseError as exc:
        assert exc.path == "g.txt"
        return
    again = parse_glossary(format_glossary(parsed), "g.txt", "bn")
    assert content(again) == content(parsed)


SCRIPT_TEXT = st.text(
    alphabet=st.sampled_from(
        [chr(c) for c in BENGALI + BENGALI_SIGNS + ARABIC + ARABIC_MARKS + DEVANAGARI + LATIN]
        + list("০১২৩৪৫৬৭৮৯٠١٢٣٤٥٦٧٨٩ -‐–—_'\"()[].,،؛।\u200c\u200d\u0640\u09ce\u09bc ÉéßİıＡｂ")
    )
)


@pytest.mark.slow
@settings(max_examples=500, deadline=None)
@given(st.text() | SCRIPT_TEXT)
def test_fold_is_idempotent(text: str) -> None:
    key = fold(text)
    assert fold(key) == key
    assert key == key.strip() and "  " not in key


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.text())
def test_yaml_round_trips_any_text(text: str) -> None:
    data = {"k": [text], text: {"v": text}}
    assert store.load_yaml(store.dump_yaml(data), "x.yaml") == data


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(glossaries(langs=("bn", "ar")))
# a term that is a function word (و, "and"): found as itself, though a query of function
# words finds nothing else
@pytest.mark.slow
@example(Glossary(lang="ar", title="ء", subtitle="ء", entries=(("و", "ء", None, ()),)))
def test_searching_a_term_finds_its_record_first(g: Glossary) -> None:
    keys = [fold(term) for term, _, _, _ in g.entries]
    assume(len(set(keys)) == len(keys))
    with tempfile.TemporaryDirectory() as tmp, tempfile.TemporaryDirectory() as cache:
        data = Path(tmp)
        (data / "sources").mkdir()
        lines = [g.title, g.subtitle]
        for term, definition, en, abbr in g.entries:
            lines += [term_line(term, en, abbr), definition]
        (data / "sources" / "g.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
        env = {"GLOSS_CACHE": cache}
        built = gloss("build", "--data", tmp, env=env)
        assert built.exit_code == 0, built.stderr
        for term, definition, _, _ in g.entries:
            result = gloss("search", term, "--json", "--data", tmp, env=env)
            assert result.exit_code == 0, result.stderr
            first = json.loads(result.stdout)[0]
            assert first["terms"][g.lang]["term"] == term
            assert first["terms"][g.lang]["definition"] == definition
