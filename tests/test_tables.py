# ruff: noqa: E501  (the rows of the test tables are kept one per line)
"""CSV, TSV and spreadsheet glossaries as they are found: any common dialect and encoding,
a header of language names or tags or none, --columns, --skip-bad, duplicate rows, hostile
input."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import Result

from glossary_cli import formats
from glossary_cli.errors import ParseError, UsageError
from glossary_cli.formats import table, xlsx
from glossary_cli.model import Glossary

from .conftest import gloss, present

FIXTURES = Path(__file__).parent / "fixtures" / "tables"


def terms(glossary: Glossary) -> list[dict[str, list[str]]]:
    return [{s.lang: [t.text for t in s.terms] for s in c.languages} for c in glossary.concepts]


def definitions(glossary: Glossary) -> list[dict[str, list[str]]]:
    out = []
    for c in glossary.concepts:
        found: dict[str, list[str]] = {}
        for s in c.languages:
            if s.definitions:
                found[s.lang] = [d.text for d in s.definitions]
        for d in c.definitions:
            found.setdefault(d.lang or "", []).append(d.text)
        out.append(found)
    return out


def messages(glossary: Glossary) -> list[str]:
    return [w.message for w in glossary.warnings]


def planned(result: Result) -> list[str]:
    """The reading plan a successful ``gloss add`` printed: its lines under "read as:"."""
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    at = lines.index("  read as:")
    return [ln for ln in lines[at + 1 :] if ln.startswith("    ")]


def read(name: str, **options: Any) -> Glossary:
    path = FIXTURES / name
    fmt = formats.by_suffix(name)
    assert fmt is not None
    return fmt.read(path.read_bytes(), name, **options)


# --- dialects, encodings, headers -----------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        # comma, semicolon, tab, bar; quoted; CRLF; BOM
        (b"en,ar\nmodel,\xd9\x86\xd9\x85\xd9\x88\xd8\xb0\xd8\xac\n", [{"en": ["model"], "ar": ["نموذج"]}]),
        ("english;arabic\r\nmodel;نموذج\r\n".encode(), [{"en": ["model"], "ar": ["نموذج"]}]),
        ("English\tBengali\nmodel\tমডেল\n".encode(), [{"en": ["model"], "bn": ["মডেল"]}]),
        ('"en","bn"\n"train, test and tune","মডেল"\n'.encode(), [{"en": ["train, test and tune"], "bn": ["মডেল"]}]),
        ("\ufeffen|fr\nmodel|modèle\n".encode(), [{"en": ["model"], "fr": ["modèle"]}]),
        ("english,french\nmodel,modèle\n".encode("utf-16"), [{"en": ["model"], "fr": ["modèle"]}]),
        ("english,arabic\nmodel,نموذج\n".encode("utf-16-le"), [{"en": ["model"], "ar": ["نموذج"]}]),
        ("english,arabic\nmodel,نموذج\n".encode("utf-32"), [{"en": ["model"], "ar": ["نموذج"]}]),
        # the usual glossary words: a term and a translation, by the script of their cells
        ("term,translation,note\nmodel,মডেল,common\n".encode(), [{"en": ["model"], "bn": ["মডেল"]}]),
        ("Arabic,English Definition\nنموذج,a representation\n".encode(), [{"ar": ["نموذج"]}]),
    ],
)  # fmt: skip
def test_a_table_of_any_common_dialect_and_encoding_is_read(
    data: bytes, expected: list[dict[str, list[str]]]
) -> None:
    assert terms(table.read(data, "t.csv")) == expected


@pytest.mark.parametrize(
    ("name", "expected", "warning"),
    [
        ("headerless-en-ar-bn.csv",
         [{"en": ["model"], "ar": ["نموذج"], "bn": ["মডেল"]},
          {"en": ["pruning"], "ar": ["تقليم"], "bn": ["প্রুনিং"]},
          {"en": ["token"], "ar": ["رمز"], "bn": ["টোকেন"]}],
         "no header row: read column 1 as en, 2 as ar, 3 as bn, 4 as definition:ar, "
         "from the script of their cells"),
        ("fr-en-latin1.csv",
         [{"fr": ["réseau de neurones"], "en": ["neural network"]},
          {"fr": ["apprentissage"], "en": ["learning"]}, {"fr": ["été"], "en": ["summer"]}],
         "the file is not UTF-8: read as Windows-1252 (Latin-1), as its letters say"),
        ("en-ar-utf16.tsv",
         [{"en": ["attention"], "ar": ["انتباه"]}, {"en": ["embedding"], "ar": ["تضمين"]}], None),
        ("quoted-bom.csv",
         [{"en": ["weight, model"], "bn": ["ওজন"]}, {"en": ["bias"], "bn": ["বায়াস"]}], None),
    ],
)  # fmt: skip
def test_fixtures_are_read_as_they_are(
    name: str, expected: list[dict[str, list[str]]], warning: str | None
) -> None:
    glossary = read(name)
    assert sorted(map(sorted, terms(glossary))) == sorted(map(sorted, expected))
    if warning is None:
        assert not glossary.warnings
    else:
        assert any(m.startswith(warning) for m in messages(glossary)), messages(glossary)


def test_a_headerless_file_s_definitions_go_to_their_script_s_language() -> None:
    glossary = read("headerless-en-ar-bn.csv")
    assert definitions(glossary)[0] == {"ar": ["تمثيل رياضي يُتعلَّم من البيانات"]}
    (warning,) = glossary.warnings
    assert (warning.line, warning.hint) == (1, "give --columns to read it otherwise, e.g. "
                                            "--columns en=1,ar=2,bn=3,definition:ar=4")  # fmt: skip


@pytest.mark.parametrize(
    ("text", "expected", "said"),
    [
        ("model,মডেল\nweight,ওজন\n", [{"en": ["model"], "bn": ["মডেল"]}, {"en": ["weight"], "bn": ["ওজন"]}],
         "column 1 as en, 2 as bn"),
        # a second Latin column of long texts: English definitions
        ("model,نموذج,A representation that is learned from data\n",
         [{"en": ["model"], "ar": ["نموذج"]}], "2 as ar, 3 as definition:en"),
        # a column of numbers is left out, and said so
        ("1,model,मॉडल\n2,layer,परत\n", [{"en": ["model"], "hi": ["मॉडल"]}, {"en": ["layer"], "hi": ["परत"]}],
         "column 2 as en, 3 as hi, from the script of their cells; column 1 (numbers) left out"),
        # a header of words that are no languages is no header
        ("foo,baz\nmodel,মডেল\nweight,ওজন\n",
         # a Latin word in a column that holds Bengali by its script: Bengali as written there
         # (Latin is the script terms are borrowed in: "API" of a Bengali column is Bengali)
         [{"en": ["foo"], "bn": ["baz"]}, {"en": ["model"], "bn": ["মডেল"]}, {"en": ["weight"], "bn": ["ওজন"]}],
         "column 1 as en, 2 as bn"),
    ],
)  # fmt: skip
def test_a_file_without_a_header_is_read_by_the_script_of_its_cells(
    text: str, expected: list[dict[str, list[str]]], said: str
) -> None:
    glossary = table.read(text.encode(), "t.csv")
    assert terms(glossary) == expected
    assert said in messages(glossary)[0]


@pytest.mark.parametrize(
    ("text", "message", "hint"),
    [
        ("model,modèle\nlayer,couche\n", "columns 1 and 2 both hold Latin-script terms",
         "--columns en=1,fr=2"),
        ("foo,bar,baz\nx,y,z\n", "columns 1 and 2 both hold Latin-script terms", "--columns"),
        ("1,2\n3,4\n", "no column holds terms", "--columns"),
        # "bar" is Bavarian, over a column of Bengali: no language header, so no header
        ("foo,bar\nmodel,modelo\n", "columns 1 and 2 both hold Latin-script terms", "--columns"),
    ],
)  # fmt: skip
def test_a_table_gloss_cannot_tell_apart_is_refused_with_a_hint(
    text: str, message: str, hint: str
) -> None:
    with pytest.raises(ParseError) as caught:
        table.read(text.encode(), "t.csv")
    assert message in caught.value.message and hint in (caught.value.hint or "")
    assert caught.value.line == 1


@pytest.mark.parametrize(
    ("tag", "known"), [("bn", True), ("ar", True), ("fr", True), ("zh-Hans", True),
                       ("ckb", True), ("foo", False), ("baz", False), ("xyz", False)]
)  # fmt: skip
def test_only_languages_icu_knows_name_columns(tag: str, known: bool) -> None:
    from glossary_cli.tags import known_language

    assert known_language(tag) is known


@pytest.mark.parametrize(
    ("text", "read_as", "left_out"),
    [
        # a column gloss does not read is left out and named, whatever else is in the table
        ("english,arabic,uri,image_uri_remote,vt\nmodel,نموذج,http://x,y.png,1\n",
         {"en": ["model"], "ar": ["نموذج"]}, ["uri", "image_uri_remote", "vt"]),
        # the words other tools write, with their spacing
        ("word; translate; source \nmodel; نموذج ;Arabeyes\n", {"en": ["model"], "ar": ["نموذج"]}, []),
        # Crowdin's and Transifex's headers
        ("Term [en-US],Term [ar-001],Description [en-US]\nmodel,نموذج,a thing\n",
         {"en-US": ["model"], "ar-001": ["نموذج"]}, []),
        ("term,pos,comment,translation_bn\nmodel,noun,,মডেল\n", {"en": ["model"], "bn": ["মডেল"]}, []),
        # headers written in Arabic and Bengali, in words
        ("المصطلح الإنجليزي,المصطلح العربي\nmodel,نموذج\n", {"en": ["model"], "ar": ["نموذج"]}, []),
        ("ইংরেজি,বাংলা,মন্তব্য\nmodel,মডেল,x\n", {"en": ["model"], "bn": ["মডেল"]}, []),
        # regional variants stay themselves: two columns, not a repeat
        ("en-US,en-GB,ar_SA\ncolor,colour,لون\n",
         {"en-US": ["color"], "en-GB": ["colour"], "ar-SA": ["لون"]}, []),
        # a language named with a region, and by a code that is its own
        ("English,German (DE),German (AT),العربية (AR)\nfile,Datei,Datei,ملف\n",
         {"en": ["file"], "de": ["Datei"], "de-AT": ["Datei"], "ar": ["ملف"]}, []),
        # a column that gives another column's language in its cells (TICO-19)
        ("id,sourceLang,targetLang,sourceString,targetString\n1,en,ar,model,نموذج\n",
         {"en": ["model"], "ar": ["نموذج"]}, []),
        # a column of terms not to use, by the script of its cells
        ("ইংরেজি,বাংলা (ব্যবহার করুন),পরিহার করুন\nmodel,মডেল,মোডেল\n",
         {"en": ["model"], "bn": ["মডেল", "মোডেল"]}, []),
    ],
)  # fmt: skip
def test_headers_are_read_as_other_tools_write_them(
    text: str, read_as: dict[str, list[str]], left_out: list[str]
) -> None:
    glossary = table.read(text.encode(), "t.csv")
    assert terms(glossary) == [read_as]
    assert [r.part.split("'")[1] for r in glossary.plan if r.left_out] == left_out


def test_a_term_not_to_use_is_deprecated() -> None:
    glossary = table.read("ইংরেজি,বাংলা,পরিহার করুন\nmodel,মডেল,মোডেল\n".encode(), "t.csv")
    section = glossary.concepts[0].section("bn")
    assert section is not None
    assert [(t.text, t.status) for t in section.terms] == [("মডেল", None), ("মোডেল", "deprecated")]


def test_the_reading_plan_says_what_each_column_was_read_as() -> None:
    glossary = table.read("english,arabic,uri\nmodel,نموذج,x\n".encode(), "t.csv")
    assert [(r.part, r.read_as, r.left_out) for r in glossary.plan] == [
        ("column 1 'english'", "en terms", False),
        ("column 2 'arabic'", "ar terms", False),
        ("column 3 'uri'", "left out: not a column gloss reads", True),
    ]


# --- --columns ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "columns", "expected", "defs"),
    [
        ("english,arabic,description,colour\nmodel,نموذج,تمثيل,red\n",
         {"en": "English", "ar": "arabic", "definition:ar": "DESCRIPTION"},
         [{"en": ["model"], "ar": ["نموذج"]}], [{"ar": ["تمثيل"]}]),
        ("model,modèle,a representation\n", {"en": "1", "fr": "2", "definition:en": "3"},
         [{"en": ["model"], "fr": ["modèle"]}], [{"en": ["a representation"]}]),
        # numbers, and a first row that is a header: it is not read as data
        ("english,french\nmodel,modèle\n", {"fr": "2", "en": "1"},
         [{"fr": ["modèle"], "en": ["model"]}], [{}]),
        ("a,b\nmodel,মডেল\n", {"bn": "b", "en": "a"},
         [{"bn": ["মডেল"], "en": ["model"]}], [{}]),
    ],
)  # fmt: skip
def test_columns_map_what_each_column_holds(
    text: str, columns: dict[str, str], expected: list[Any], defs: list[Any]
) -> None:
    glossary = formats.get("csv").read(text.encode(), "t.csv", columns=columns)
    assert sorted(map(sorted, terms(glossary))) == sorted(map(sorted, expected))
    assert definitions(glossary) == defs


@pytest.mark.parametrize(
    ("columns", "error", "message"),
    [
        ({"en": "english", "ar": "farsi"}, ParseError, "the header has no column 'farsi'"),
        ({"en": "9"}, ParseError, "the file has 2 columns"),
        ({"xx": "english"}, UsageError, "'xx' is not a language gloss knows"),
        ({"colour:en": "english"}, UsageError, "'colour' is not something gloss reads"),
        ({"note": "english"}, UsageError, "names no column of terms"),
    ],
)
def test_columns_that_do_not_fit_are_refused(
    columns: dict[str, str], error: type[Exception], message: str
) -> None:
    with pytest.raises(error) as caught:
        table.read("english,arabic\nmodel,نموذج\n".encode(), "t.csv", columns=columns)
    assert message in str(caught.value)
    if error is ParseError:
        assert "'english', 'arabic'" in str(caught.value) or "from 1" in str(caught.value)


# --- malformed rows, --skip-bad, limits ------------------------------------------------------

BAD = (
    "en,ar\n"
    "model,نموذج\n"
    "layer,طبقة,extra\n"  # a cell too many: read, the cell past the header left out and said
    f"{'x' * (table.MAX_TERM + 1)},طويل\n"  # a term past the limit
    "token,رمز\n"
)


def test_a_malformed_row_is_refused_with_its_line_and_the_skip_bad_hint() -> None:
    with pytest.raises(ParseError) as caught:
        table.read(BAD.encode(), "bad.csv")
    assert (caught.value.line, caught.value.message) == (
        4, "the en cell holds 1,001 characters, more than the 1,000 gloss reads in a term")  # fmt: skip
    assert "--skip-bad" in (caught.value.hint or "")


def test_skip_bad_leaves_each_malformed_row_out_and_counts_them() -> None:
    glossary = table.read(BAD.encode(), "bad.csv", skip_bad=True)
    assert terms(glossary) == [
        {"en": ["model"], "ar": ["نموذج"]}, {"en": ["layer"], "ar": ["طبقة"]},
        {"en": ["token"], "ar": ["رمز"]},
    ]  # fmt: skip
    assert [(w.line, w.message.split(":")[0]) for w in glossary.warnings] == [
        (4, "the en cell holds 1,001 characters, more than the 1,000 gloss reads in a term"),
        (3, "1 row has more cells than the table's 2 columns"),
        (None, "1 row that could not be read was left out (--skip-bad)"),
    ]


def test_a_row_without_a_term_is_left_out_and_counted_never_refused() -> None:
    text = "en,ar,notes\nmodel,نموذج,\n,,only a note\n,نموذج آخر,\n"
    glossary = table.read(text.encode(), "t.csv")
    assert terms(glossary) == [{"en": ["model"], "ar": ["نموذج"]}, {"ar": ["نموذج آخر"]}]
    assert messages(glossary) == ["1 row has no term in any language and is left out: line 3"]


def test_a_definition_without_its_language_s_term_is_the_concept_s() -> None:
    glossary = table.read("en,bn,bn_definition\nA,,সংজ্ঞা\n".encode(), "t.csv")
    assert glossary.concepts[0].definitions[0][::3] == ("সংজ্ঞা", "bn")


@pytest.mark.slow
def test_a_100_mb_line_is_refused_in_seconds_with_its_line(tmp_path: Path) -> None:
    data = b"en,ar\nmodel," + b"a" * (20 << 20) + b"\n"
    started = time.perf_counter()
    with pytest.raises(ParseError) as caught:
        table.read(data, "huge.csv")
    assert time.perf_counter() - started < 10
    assert caught.value.line == 2 and "20,971,520 characters" in caught.value.message
    started = time.perf_counter()
    with pytest.raises(ParseError) as caught:
        table.read(b"x" * (20 << 20), "cell.csv")  # one line, one cell
    assert time.perf_counter() - started < 10
    assert "20,971,520 characters" in caught.value.message and caught.value.line == 1
    one_line = b"a," * (10 << 20)  # a single line, no header: refused as fast
    started = time.perf_counter()
    with pytest.raises(ParseError):
        table.read(one_line, "line.csv")
    assert time.perf_counter() - started < 10


@pytest.mark.parametrize(
    ("data", "message", "hint"),
    [
        ("terme défini".encode("cp1252") + b"\n" + b"x" + "é".encode() + b"\xe9",
         "mixes UTF-8 with bytes of another encoding", "iconv -f ENC -t UTF-8"),
        ("en,ar\nmodel,نموذج\n".encode("cp1256"),
         "single-byte encoding of another script", "iconv -f ENC -t UTF-8"),
        (b"en,ar\n\x00\x01\x02\x03\x04\x05", "NUL bytes", "UTF-8"),
    ],
)  # fmt: skip
def test_an_encoding_that_is_not_clear_is_refused_by_name(
    data: bytes, message: str, hint: str
) -> None:
    with pytest.raises(ParseError) as caught:
        table.read(data, "enc.csv")
    assert message in caught.value.message and hint in (caught.value.hint or "")


# --- duplicates --------------------------------------------------------------------------------


def test_rows_of_one_source_term_are_one_concept_and_identical_rows_one_row() -> None:
    glossary = read("duplicates-en-ar.csv")
    assert terms(glossary) == [
        {"en": ["model"], "ar": ["نموذج", "طراز"]},
        {"en": ["layer"], "ar": ["طبقة"]},
    ]
    assert [c.id for c in glossary.concepts] == ["model", "layer"]
    assert messages(glossary) == [
        "3 rows repeat an earlier row and are read once: line 3 (as 2), 6 (as 5), 7 (as 5)",
        "the en term 'model' is on lines 2, 4: read as one concept, with the terms ar نموذج, طراز",
    ]
    model = present(glossary.concepts[0].section("ar"))
    assert [t.source for t in model.terms] == ["duplicates-en-ar.csv:2", "duplicates-en-ar.csv:4"]


def test_rows_sharing_only_a_translation_stay_apart_and_definitions_are_all_kept() -> None:
    text = "en,bn,definition\nweight,ওজন,A learned number\nload,ওজন,\nweight,ভার,A parameter\n"
    glossary = table.read(text.encode(), "t.csv")
    assert terms(glossary) == [
        {"en": ["weight"], "bn": ["ওজন", "ভার"]},
        {"en": ["load"], "bn": ["ওজন"]},
    ]
    assert definitions(glossary)[0] == {"en": ["A learned number", "A parameter"]}


# --- spreadsheets ------------------------------------------------------------------------------


def test_a_named_sheet_is_read_and_odd_cells_are_reported_with_their_reference() -> None:
    """A cell that was no text in the sheet is read as its text, named by its reference: a
    spreadsheet is not refused for one cell."""
    glossary = read("sheets.xlsx", sheet="TERMS")
    assert terms(glossary) == [
        {"en": ["model"], "ar": ["نموذج"], "bn": ["মডেল"]},
        {"en": ["2024-01-02"], "ar": ["تاريخ"]},
        {"en": ["TRUE"], "ar": ["صحيح"]},
        {"en": ["42"], "ar": ["اثنان وأربعون"]},
        {"en": ["layer"], "ar": ["طبقة"], "bn": ["স্তর"]},
    ]
    assert messages(glossary) == [
        "cell A3 (English) holds a date 2024-01-02: read as the term '2024-01-02'",
        "cell A4 (English) holds a truth value TRUE: read as the term 'TRUE'",
        "cell A5 (English) holds the number 42: read as the term '42'",
    ]


def test_an_unknown_sheet_is_refused_with_the_sheets_names() -> None:
    with pytest.raises(ParseError) as caught:
        read("sheets.xlsx", sheet="Glossary")
    assert caught.value.hint == "its sheets are 'Notes', 'Terms'"


def test_a_formula_never_computed_is_reported_never_read_as_its_text() -> None:
    glossary = xlsx.read((FIXTURES / "terms.xlsx").read_bytes(), "terms.xlsx")
    assert "cell A4 (English) holds a formula that was never computed: read as empty" in (
        messages(glossary)
    )
    assert not any("HYPERLINK" in t for c in terms(glossary) for ts in c.values() for t in ts)


# --- the command line --------------------------------------------------------------------------


def test_add_dry_run_says_how_a_headerless_file_was_read() -> None:
    result = gloss("add", "--dry-run", str(FIXTURES / "headerless-en-ar-bn.csv"))
    assert result.exit_code == 0, result.stderr
    assert "would add headerless-en-ar-bn.csv" in result.stdout
    assert "no header row: read column 1 as en" in result.stderr
    assert "Traceback" not in result.stderr


def test_add_with_columns_and_skip_bad(tmp_path: Path) -> None:
    path = tmp_path / "bad.csv"
    path.write_text(BAD, encoding="utf-8")
    refused = gloss("add", "--dry-run", str(path))
    assert refused.exit_code != 0 and "bad.csv:4" in refused.stderr
    assert "--skip-bad" in refused.stderr and "Traceback" not in refused.stderr
    added = gloss("add", "--dry-run", "--skip-bad", "--columns", "en=1,ar=2", str(path))  # fmt: skip
    assert added.exit_code == 0, added.stderr
    assert "1 row that could not be read was left out" in added.stderr


def test_add_a_latin_1_file_given_as_csv() -> None:
    result = gloss("add", "--dry-run", "--format", "csv", str(FIXTURES / "fr-en-latin1.csv"))
    assert result.exit_code == 0, result.stderr
    assert "read as Windows-1252" in result.stderr


@pytest.mark.parametrize(
    ("table", "says"),
    [
        ("english,arabic\nAlpha,ألفا\nBeta,বিটা\n", "1 ar term is in Bengali script"),
        ("en,bn\nAlpha,আলফা\nBeta,بيتا\n", "1 bn term is in Arabic script"),
        ("en,hi\nAlpha,अल्फा\nBeta,বিটা\n", "1 hi term is in Bengali script"),
    ],
)  # fmt: skip
def test_a_term_in_another_script_than_its_column_is_said(table: str, says: str) -> None:
    from glossary_cli.formats import table as tables

    read = tables.read(table.encode("utf-8"), "t.csv")
    assert len(read.concepts) == 2  # kept as read: gloss lint calls it an error
    warned = [w for w in read.warnings if says in w.message]
    assert warned and warned[0].line == 3


def test_latin_left_in_a_native_column_is_read() -> None:
    from glossary_cli.formats import table as tables

    read = tables.read(b"en,bn\nGPU,GPU\n", "t.csv")
    assert [s.terms[0].text for s in read.concepts[0].languages] == ["GPU", "GPU"]


def test_a_term_in_a_column_named_by_its_script_is_filed_by_its_own() -> None:
    """A column whose language its cells' script told holds a cell in another script: that
    cell is filed under its own script's language, never under the column's."""
    read = table.read("term,translation\nAlpha,ألفا\nGamma,غاما\nBeta,বিটা\n".encode(), "t.csv")
    assert terms(read)[2] == {"en": ["Beta"], "bn": ["বিটা"]}


@pytest.mark.parametrize(
    ("rows", "apart"),
    [
        ("english,arabic\nBatch,دفعة\nbatch,دفعة\n", "'Batch' (line 2) and 'batch' (line 3)"),
        ("arabic,french\nأنتَ,toi\nأنتِ,toi\n", "'أنتَ' (line 2) and 'أنتِ' (line 3)"),
    ],
)
def test_terms_that_differ_only_in_case_or_marks_are_kept_apart_and_said(
    rows: str, apart: str
) -> None:
    """Two source terms are one only when their text is (NFC): letter case and harakat make
    two terms, and two concepts, and the report names them."""
    read = table.read(rows.encode(), "t.csv")
    assert len(read.concepts) == 2
    assert any(apart in w.message for w in read.warnings)


def test_source_terms_equal_after_normalization_are_one_concept() -> None:
    # ড় precomposed (U+09DC) and ড + nukta: one text after NFC (UAX #15)
    read = table.read("bn,fr\n\u09dc,a\n\u09a1\u09bc,b\n".encode(), "t.csv")
    assert len(read.concepts) == 1


def test_add_prints_how_it_read_the_file_and_what_it_left_out(tmp_path: Path) -> None:
    path = tmp_path / "techdict.csv"
    path.write_text(
        "word; translate; source ;uri\nAbort; إجهاض ;Arabeyes;http://x\nAdd; أضف ;Arabeyes;\n",
        encoding="utf-8",
    )
    assert planned(gloss("add", "--dry-run", str(path)))[:4] == [
        "    column 1 'word': en terms, by the script of its cells",
        "    column 2 'translate': ar terms, by a language identifier over its cells",
        "    column 3 'source': source cited",
        "    column 4 'uri': left out: not a column gloss reads",
    ]


def test_latin_terms_of_a_column_its_script_told_stay_in_its_language() -> None:
    """Loanwords kept in Latin letters (API, LLM) in a headerless table's Arabic column are
    its Arabic terms, as with a header naming it; a term mixing Latin and Hangul is Korean."""
    text = "model,نموذج\nAPI,API\nlarge language model,LLM\nprompt,موجه\ntoken,رمز\n"
    assert terms(table.read(text.encode(), "t.csv"))[1:3] == [
        {"en": ["API"], "ar": ["API"]},
        {"en": ["large language model"], "ar": ["LLM"]},
    ]
    korean = "state,상태\nNOON state,NOON 상태\nqubit,큐비트\n"
    assert terms(table.read(korean.encode(), "k.csv"))[1] == {
        "en": ["NOON state"],
        "ko": ["NOON 상태"],
    }


def test_an_unclosed_quote_does_not_swallow_the_next_rows() -> None:
    """A quote not closed at the end of its cell: each physical line is read as its row,
    and said; no term is lost into another's definition."""
    text = (
        '"abort"|"To terminate abruptly."\n"Click"|"To press and release a mouse button.\n'
        '"Clipboard"|"The temporary buffer for copied data."\n"Close"|"To end an open window."\n'
    )
    glossary = table.read(text.encode(), "g.csv")
    assert [c.id for c in glossary.concepts] == ["abort", "click", "clipboard", "close"]
    assert definitions(glossary)[1] == {"en": ["To press and release a mouse button."]}
    assert any("does not close where its cell ends" in m for m in messages(glossary))
    # a quote opened inside a row, and one that runs to the end of the file: each row read
    # with the quote as text, none lost after it
    text = 'English,Bengali,Notes\nmodel,মডেল,ok\n"dataset,ডেটাসেট,the "training" set\nlayer,স্তর,\n'
    assert terms(table.read(text.encode(), "u.csv"))[1:] == [
        {"en": ["dataset"], "bn": ["ডেটাসেট"]},
        {"en": ["layer"], "bn": ["স্তর"]},
    ]
    tsv = 'English\tArabic\nmodel\tنموذج\n"Hello\tمرحبا\nlayer\tطبقة\n'
    assert terms(table.read(tsv.encode(), "u.tsv", dialect="tsv"))[1:] == [
        {"en": ["Hello"], "ar": ["مرحبا"]},
        {"en": ["layer"], "ar": ["طبقة"]},
    ]


def test_an_optional_comment_column_is_read_as_notes() -> None:
    """OmegaT's glossaries: a comment line, then source, target and, on some rows, a
    comment: detected as tab-separated and the third column read as notes."""
    from glossary_cli import formats

    data = (
        "# Glossary in tab-separated format -*- coding: utf-8 -*-\nmodel\tモデル\n"
        "token\tトークン\tsubword unit\nerror\tエラー\nprompt\tプロンプト\tinput text\n"
        "layer\t層\n"
    ).encode()
    assert formats.detect("glossary.txt", data).name == "tsv"
    glossary = table.read(data, "glossary.txt", dialect="tsv")
    assert [c.notes for c in glossary.concepts][:2] == [(), ("subword unit",)]
    assert terms(glossary)[4] == {"en": ["layer"], "ja": ["層"]}


def test_a_header_in_another_script_than_its_columns_is_a_header() -> None:
    """A Korean header (영어 "English", 번역문 "translation") over English and Korean terms:
    a header; the column it does not name, of Hangul terms, is Korean."""
    glossary = table.read("영어,번역문\nqubit,큐비트\nstate,상태\n".encode(), "t.csv")
    assert terms(glossary) == [
        {"en": ["qubit"], "ko": ["큐비트"]},
        {"en": ["state"], "ko": ["상태"]},
    ]


def test_a_table_read_by_columns_says_so_not_by_script(tmp_path: Path) -> None:
    """Without a header and with --columns, the plan says the columns were named, and no
    warning claims they were read by script."""
    path = tmp_path / "as.csv"
    path.write_text("model,আৰ্হি\nnetwork,নেটৱৰ্ক\n", encoding="utf-8")
    result = gloss("add", "--dry-run", "--columns", "en=1,as=2", str(path))
    assert planned(result)[:3] == [
        "    no header row: each column as --columns says",
        "    column 1: en terms, as --columns says",
        "    column 2: as terms, as --columns says",
    ]
    assert "script of their cells" not in result.stderr


def test_lookup_reads_its_languages_as_search_does() -> None:
    """--lang BN is bn for lookup as for search (lookup returned empty terms for it)."""
    result = gloss("lookup", "--lang", "BN", "--format", "jsonl", input="pruning\n")
    row = json.loads(result.stdout.splitlines()[0])
    assert row["terms"].get("bn")


def test_a_headerless_column_of_loanwords_and_bengali_is_bengali() -> None:
    text = "API,API\nSDK,SDK\nGPU,জিপিইউ\nmodel,মডেল\nCPU,CPU\n"
    assert terms(table.read(text.encode(), "t.csv")) == [
        {"en": ["API"], "bn": ["API"]},
        {"en": ["SDK"], "bn": ["SDK"]},
        {"en": ["GPU"], "bn": ["জিপিইউ"]},
        {"en": ["model"], "bn": ["মডেল"]},
        {"en": ["CPU"], "bn": ["CPU"]},
    ]


def test_an_omegat_glossary_whose_rows_all_have_a_comment() -> None:
    text = "model\tنموذج\tML sense\ndataset\tمجموعة بيانات\tpreferred\nlayer\tطبقة\tnot a level\n"
    glossary = table.read(text.encode(), "glossary.utf8", dialect="tsv")
    assert terms(glossary)[0] == {"en": ["model"], "ar": ["نموذج"]}
    assert [c.notes for c in glossary.concepts] == [("ML sense",), ("preferred",), ("not a level",)]


def test_a_string_id_column_is_the_id_and_a_joined_header_names_its_first_field() -> None:
    """TICO-19's stringID is each row's id, never a column of terms; ``Context/Comments``
    is notes."""
    rows = "".join(f"xx_{k},term {k},শব্দ {k},in context {k}\n" for k in range(25))
    glossary = table.read(f"stringID,English,Bengali,Context/Comments\n{rows}".encode(), "t.csv")
    assert [c.id for c in glossary.concepts][:2] == ["xx_0", "xx_1"]
    assert terms(glossary)[0] == {"en": ["term 0"], "bn": ["শব্দ 0"]}
    assert glossary.concepts[0].notes == ("in context 0",)
