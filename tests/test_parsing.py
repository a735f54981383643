"""The parser on the seed files and on constructed files."""

from __future__ import annotations

import pytest

from glossary_cli.errors import ParseError
from glossary_cli.parsing import decode, format_glossary, parse_glossary
from glossary_cli.termtext import split_parenthetical

from .conftest import SEEDS

SEED_COUNTS = {
    "000_137ebd2ba72c1cdb.txt": ("bn", 15),
    "001_5a07ee38a131a210.txt": ("bn", 10),
    "003_be6544853e9035eb.txt": ("ar", 15),
    "004_14f9f42b1dcfdef3.txt": ("bn", 15),
}


@pytest.mark.parametrize("name", sorted(SEED_COUNTS))
def test_seed_files_parse(name: str) -> None:
    parsed = parse_glossary(decode((SEEDS / name).read_bytes(), name), name)
    lang, count = SEED_COUNTS[name]
    assert parsed.lang == lang
    assert len(parsed.entries) == count
    # the one defect of the seeds a parser can see: English prose left in a definition
    expected = ["the definition holds the English word 'thereby', left untranslated"]
    assert [w.message for w in parsed.warnings] == (expected if name.startswith("000") else [])
    first = parsed.entries[0]
    assert first.source == f"{name}:3"
    assert first.definition_source == f"{name}:4"
    assert parsed.entries[1].source == f"{name}:5"
    assert all(e.term and e.definition for e in parsed.entries)


def test_seed_without_final_newline() -> None:
    data = (SEEDS / "001_5a07ee38a131a210.txt").read_bytes()
    assert not data.endswith(b"\n")
    parsed = parse_glossary(decode(data, "001"), "001")
    assert parsed.entries[-1].term == "স্ট্রাকচার্ড স্পার্সিটি"
    assert parsed.entries[-1].en == "Structured Sparsity"


@pytest.mark.parametrize(
    ("line", "term", "en", "abbr"),
    [
        ("লো-র্যাঙ্ক অ্যাডাপ্টেশন (LoRA)", "লো-র্যাঙ্ক অ্যাডাপ্টেশন", None, ("LoRA",)),
        ("মিশ্র বিশেষজ্ঞ (Mixture of Experts - MoE)", "মিশ্র বিশেষজ্ঞ", "Mixture of Experts", ("MoE",)),
        ("স্ট্রাকচার্ড স্পার্সিটি (Structured Sparsity)", "স্ট্রাকচার্ড স্পার্সিটি", "Structured Sparsity", ()),
        ("কোয়ান্টাইজেশন বায়াস কম্পেনসেশন (Q-Bias)", "কোয়ান্টাইজেশন বায়াস কম্পেনসেশন", None, ("Q-Bias",)),
        ("৪-বিট ইন্টিজার কোয়ান্টাইজেশন (INT4)", "৪-বিট ইন্টিজার কোয়ান্টাইজেশন", None, ("INT4",)),
        ("الاستدلال ذو الرتبة المنخفضة (Low-Rank)", "الاستدلال ذو الرتبة المنخفضة", "Low-Rank", ()),
        ("النشر على وحدة معالجة الموتر (TPU)", "النشر على وحدة معالجة الموتر", None, ("TPU",)),
        ("ক্লাসিফায়ার গাইডেড ডিনয়েজিং", "ক্লাসিফায়ার গাইডেড ডিনয়েজিং", None, ()),
        ("টেনসর (TPU Deployment)", "টেনসর", "TPU Deployment", ()),
    ],
)
def test_split_parenthetical(line: str, term: str, en: str | None, abbr: tuple[str, ...]) -> None:
    assert split_parenthetical(line) == (term, en, abbr)


def _text(*lines: str, end: str = "\n") -> str:
    return end.join(lines) + end


BN = ("এআই গ্লসারি", "উপশিরোনাম", "প্রথম শব্দ (First)", "প্রথম সংজ্ঞা।", "দ্বিতীয় শব্দ", "দ্বিতীয় সংজ্ঞা।")


@pytest.mark.parametrize(
    "data",
    [
        _text(*BN).encode(),
        b"\xef\xbb\xbf" + _text(*BN).encode(),
        _text(*BN, end="\r\n").encode(),
        _text(*BN).rstrip("\n").encode(),
        "\n\n".join(BN).encode(),
        ("\ufeff" + _text(*BN)).encode("utf-16"),
    ],
    ids=["plain", "bom", "crlf", "no-final-newline", "blank-lines", "utf-16"],
)
def test_tolerated_variants(data: bytes) -> None:
    parsed = parse_glossary(decode(data, "x.txt"), "x.txt")
    assert parsed.lang == "bn"
    assert [e.term for e in parsed.entries] == ["প্রথম শব্দ", "দ্বিতীয় শব্দ"]
    assert parsed.entries[0].en == "First"


@pytest.mark.parametrize(
    ("data", "line", "fragment"),
    [
        (b"", None, "empty"),
        (_text("title").encode(), 1, "no subtitle"),
        (_text("title", "subtitle").encode(), 2, "no entries"),
        (_text(*BN[:5]).encode(), 7 - 2, "no definition"),
        (_text(*BN[:2], "(LoRA)", "def").encode(), 3, "term is empty"),
        (b"title\nsub\n\xff\xfe bad\ndef\n", 3, "not valid UTF-8"),
        (b"a\x00b\n", 1, "NUL"),
        (_text("শব্দ (Word)", "def", "t", "d").encode(), 1, "no header"),
    ],
    ids=["empty", "title-only", "header-only", "odd", "empty-term", "bad-utf8", "nul", "no-header"],
)
def test_malformed_files(data: bytes, line: int | None, fragment: str) -> None:
    with pytest.raises(ParseError) as info:
        parse_glossary(decode(data, "bad.txt"), "bad.txt")
    err = info.value
    assert err.path == "bad.txt"
    assert err.line == line
    assert fragment in err.message
    assert err.hint


def test_empty_definition_line_is_named() -> None:
    text = "t\ns\nশব্দ এক\n\nশব্দ দুই\nসংজ্ঞা দুই\n"
    with pytest.raises(ParseError) as info:
        parse_glossary(text, "gap.txt")
    assert info.value.line == 4
    assert "definition" in info.value.message


def test_language_override_and_unknown_script() -> None:
    text = _text("Title", "Subtitle", "कृत्रिम बुद्धि", "परिभाषा")
    with pytest.raises(ParseError, match="cannot tell the language"):
        parse_glossary(text, "hi.txt")
    assert parse_glossary(text, "hi.txt", lang="hi").entries[0].lang == "hi"
    assert parse_glossary(_text(*BN), "x", lang="ar").lang == "ar"


def test_format_round_trip_on_seeds() -> None:
    for name in SEED_COUNTS:
        parsed = parse_glossary(decode((SEEDS / name).read_bytes(), name), name)
        again = parse_glossary(format_glossary(parsed), name)
        assert again.entries == parsed.entries


@pytest.mark.parametrize(
    ("definition", "lang", "words"),
    [
        ("ত্বরান্বিত করে, thereby সরাসরি", "bn", ["thereby"]),
        ("تقنية تحسين (مثل: Conv + BatchNorm + ReLU)", "ar", []),  # names kept on purpose
        ("হ্রাসকৃত RAM ব্যবহারের বিনিময়ে, which is the case", "bn", ["which", "is", "the"]),
        ("DDIM, DPM-Solver and the like", "hi", []),  # only Bengali and Arabic glossaries
    ],
)
def test_english_prose_in_a_native_definition_is_a_warning(
    definition: str, lang: str, words: list[str]
) -> None:
    text = f"title\nsubtitle\nশব্দ\n{definition}\n"
    parsed = parse_glossary(text, "t.txt", lang)
    found = [w for w in parsed.warnings if "English word" in w.message]
    if not words:
        assert found == []
        return
    (warning,) = found
    assert warning.line == 4
    for word in words:
        assert repr(word) in warning.message


def test_a_list_of_terms_one_a_line_is_said_when_read_as_terms_and_definitions() -> None:
    text = "آنفلوانزای 1918\nبرونشیت حاد\nبیماری حاد تنفسی\nایدز\nقطرات ریز\nمجرای تنفسی\n"
    (warning,) = parse_glossary(text, "terms.lex.fa_IR").warnings
    assert warning.line == 4 and "list of terms" in warning.message
