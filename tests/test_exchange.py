"""Tests of glossary_cli.exchange: TBX, CSV/TSV, JSON Lines and YAML import and export."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import re
import unicodedata
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from glossary_cli import exchange, records
from glossary_cli.errors import ParseError, RecordError, UsageError
from glossary_cli.model import EN_ORIGINS, Concept, Entry, Glossary, Source

FIXTURES = Path(__file__).parent / "fixtures" / "exchange"
REPO = Path(__file__).resolve().parent.parent
NS = "{" + exchange.TBX_NAMESPACE + "}"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


# Arabic with harakat, in NFC order (fatha before shadda), as the model stores it.
ARABIC_HARAKAT = nfc("خَلِيطُ الخُبَرَاءِ")

SAMPLE = Glossary(
    sources=(
        Source("000_137ebd2ba72c1cdb.txt", "bn", "এআই গ্লসারি", "কৃত্রিম বুদ্ধিমত্তা", 2, "a" * 64),
        Source("003_be6544853e9035eb.txt", "ar", "قاموس الذكاء الاصطناعي", "", 2, "b" * 64),
    ),
    concepts=(
        Concept(
            id="low-rank-adaptation",
            en='Low-Rank <Adaptation> & "friends"',
            en_origin="curated",
            abbr=("LoRA",),
            aliases=("low rank adaptation", "low-rank adapter's"),
            notes=("The Arabic source gives only (Low-Rank).", "gloss:looks like metadata"),
            entries=(
                Entry(
                    lang="bn",
                    term="লো-র্যাঙ্ক অ্যাডাপ্টেশন",
                    definition="একটি পদ্ধতি [bold]যা[/bold] <b>ওজন</b> & মডেল\nদ্বিতীয় লাইন।",
                    source="000_137ebd2ba72c1cdb.txt:4",
                    en="Low-Rank Adaptation",
                    abbr=("LoRA",),
                    status="preferredTerm-admn-sts",
                    notes=("first note", "second, note"),
                ),
                Entry(
                    lang="ar",
                    term=ARABIC_HARAKAT,
                    definition="تقنية تجمع عدة خبراء، وتختار أحدهم.",
                    source="003_be6544853e9035eb.txt:9",
                    en="Mixture of Experts",
                ),
                Entry(
                    lang="hi",
                    term='शब्द, "उद्धरण" सहित',
                    definition="पहली पंक्ति\nदूसरी पंक्ति\tटैब के साथ",
                    source="hi.txt:3",
                ),
            ),
        ),
        Concept(
            id="3d-gaussian-splatting",
            en=None,
            en_origin="none",
            aliases=("gaussian splats",),
            entries=(Entry("ar", "تَرْشِيشٌ", "", "003_be6544853e9035eb.txt:5"),),
        ),
        Concept(
            id="pruning",
            en="Pruning",
            en_origin="source",
            entries=(
                Entry("hi", "छंटाई", "मॉडल से भार हटाना।", "hi.txt:5", status="admitted"),
                Entry("bn", "নেটওয়ার্ক প্রুনিং", "ওজন মুছে ফেলা।", "000_137ebd2ba72c1cdb.txt:3"),
            ),
        ),
    ),
)


def concepts_of(glossary: Glossary) -> list[dict[str, Any]]:
    concepts: list[dict[str, Any]] = records.glossary_to_mapping(glossary)["concepts"]
    return concepts


def line_of(path: Path, needle: str) -> int:
    """1-based number of the first line of ``path`` containing ``needle``."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if needle in line:
            return number
    raise AssertionError(f"{needle!r} not in {path}")


# --------------------------------------------------------------------------- filter_langs


@pytest.mark.parametrize(
    ("langs", "expected"),
    [
        (None, {"low-rank-adaptation": ["bn", "ar", "hi"], "3d-gaussian-splatting": ["ar"],
                "pruning": ["hi", "bn"]}),
        (["bn"], {"low-rank-adaptation": ["bn"], "pruning": ["bn"]}),
        (["AR", "hi"], {"low-rank-adaptation": ["ar", "hi"], "3d-gaussian-splatting": ["ar"],
                        "pruning": ["hi"]}),
        (["en"], {"low-rank-adaptation": [], "3d-gaussian-splatting": [], "pruning": []}),
        (["fa"], {}),
        ([], {}),
    ],
)  # fmt: skip
def test_filter_langs(langs: list[str] | None, expected: dict[str, list[str]]) -> None:
    got = exchange.filter_langs(SAMPLE, langs)
    assert {c.id: list(c.langs) for c in got.concepts} == expected
    kept = {s.lang for s in got.sources}
    assert kept == ({"bn", "ar"} if langs is None else {"bn", "ar"} & {x.lower() for x in langs})
    for concept in got.concepts:  # the English names stay on every kept concept
        original = next(c for c in SAMPLE.concepts if c.id == concept.id)
        assert (concept.en, concept.abbr, concept.aliases) == (
            original.en,
            original.abbr,
            original.aliases,
        )


# --------------------------------------------------------------------------- TBX export


@pytest.mark.parametrize("version", ["v2", "v3"])
def test_tbx_round_trip(version: str) -> None:
    data = exchange.export_tbx(SAMPLE, version=version)  # type: ignore[arg-type]
    back = exchange.import_tbx(data, "sample.tbx")
    assert concepts_of(back) == concepts_of(SAMPLE)


@pytest.mark.parametrize("version", ["v2", "v3"])
@pytest.mark.parametrize(
    ("langs", "ids"),
    [
        (["bn"], ["low-rank-adaptation", "pruning"]),
        (["ar", "en"], ["low-rank-adaptation", "3d-gaussian-splatting", "pruning"]),
        (["hi"], ["low-rank-adaptation", "pruning"]),
    ],
)
def test_tbx_round_trip_of_some_languages(version: str, langs: list[str], ids: list[str]) -> None:
    data = exchange.export_tbx(SAMPLE, langs, version=version)  # type: ignore[arg-type]
    back = exchange.import_tbx(data, "some.tbx")
    assert [c.id for c in back.concepts] == ids
    expected = concepts_of(exchange.filter_langs(SAMPLE, langs))
    if "en" not in langs:  # the English names were not written, so they cannot come back
        for mapping in expected:
            for key in ("abbr", "aliases"):
                mapping.pop(key, None)
            mapping.update(en=None, en_origin="none")
    assert concepts_of(back) == expected


def test_tbx_v2_layout() -> None:
    data = exchange.export_tbx(SAMPLE)
    assert data.startswith(b"<?xml version='1.0' encoding='utf-8'?>\n<martif ")
    root = ET.fromstring(data)
    assert (root.tag, root.get("type"), root.get(XML_LANG)) == ("martif", "TBX-Basic", "en")
    assert root.findtext("martifHeader/fileDesc/titleStmt/title") == exchange.DEFAULT_TITLE
    assert [p.text for p in root.iterfind("martifHeader/fileDesc/sourceDesc/p")] == [
        f"000_137ebd2ba72c1cdb.txt (bn, 2 entries, sha256 {'a' * 64}): এআই গ্লসারি",
        f"003_be6544853e9035eb.txt (ar, 2 entries, sha256 {'b' * 64}): قاموس الذكاء الاصطناعي",
    ]
    entries = root.findall("text/body/termEntry")
    assert [e.get("id") for e in entries] == ["low-rank-adaptation", "_3d-gaussian-splatting",
                                              "pruning"]  # fmt: skip
    first = entries[0]
    assert [ls.get(XML_LANG) for ls in first.iterfind("langSet")] == ["en", "bn", "ar", "hi"]
    english = first.find("langSet")
    assert english is not None
    assert [
        (tig.findtext("term"), tig.find("termNote").get("type"), tig.findtext("termNote"))  # type: ignore[union-attr]
        for tig in english.iterfind("tig")
    ] == [
        ('Low-Rank <Adaptation> & "friends"', "administrativeStatus", "preferredTerm-admn-sts"),
        ("low rank adaptation", "termType", "variant"),
        ("low-rank adapter's", "termType", "variant"),
        ("LoRA", "termType", "abbreviation"),
    ]
    bn = first.find("langSet[@{http://www.w3.org/XML/1998/namespace}lang='bn']")
    assert bn is not None
    assert bn.findtext("descrip[@type='definition']") == SAMPLE.concepts[0].entries[0].definition
    assert bn.findtext("tig/admin[@type='source']") == "000_137ebd2ba72c1cdb.txt:4"
    assert [n.text for n in bn.iterfind("tig/note")] == [
        "gloss:en=Low-Rank Adaptation",
        "gloss:abbr=LoRA",
        "first note",
        "second, note",
    ]
    assert [n.text for n in first.iterfind("note")] == [
        "gloss:en_origin=curated",
        "The Arabic source gives only (Low-Rank).",
        "gloss:note=gloss:looks like metadata",
    ]


def test_tbx_v3_layout() -> None:
    data = exchange.export_tbx(SAMPLE, version="v3")
    root = ET.fromstring(data)
    assert root.tag == NS + "tbx"
    assert (root.get("type"), root.get("style"), root.get(XML_LANG)) == ("TBX-Basic", "dca", "en")
    assert b'xmlns="urn:iso:std:iso:30042:ed-2"' in data.split(b"\n")[1]
    assert root.findtext(f"{NS}tbxHeader/{NS}fileDesc/{NS}titleStmt/{NS}title")
    entries = root.findall(f"{NS}text/{NS}body/{NS}conceptEntry")
    assert len(entries) == 3
    term_secs = entries[0].findall(f"{NS}langSec/{NS}termSec")
    assert [t.findtext(f"{NS}term") for t in term_secs][-3:] == [
        "লো-র্যাঙ্ক অ্যাডাপ্টেশন",
        ARABIC_HARAKAT,
        'शब्द, "उद्धरण" सहित',
    ]


@pytest.mark.parametrize("version", ["v2", "v3"])
def test_tbx_export_is_deterministic_escaped_and_indented(version: str) -> None:
    first = exchange.export_tbx(SAMPLE, version=version)  # type: ignore[arg-type]
    assert first == exchange.export_tbx(SAMPLE, version=version)  # type: ignore[arg-type]
    text = first.decode("utf-8")
    assert 'Low-Rank &lt;Adaptation&gt; &amp; "friends"' in text
    assert "[bold]যা[/bold] &lt;b&gt;ওজন&lt;/b&gt; &amp;" in text
    assert "\n        <" in text  # indented by ET.indent
    assert "<" + ("termEntry" if version == "v2" else "conceptEntry") + ' id="pruning">' in text


def test_tbx_keeps_carriage_returns_and_refuses_control_characters() -> None:
    concept = Concept("cr", "CR", "source", entries=(Entry("bn", "ক", "এক\r\nদুই\rতিন", "x:1"),))
    data = exchange.export_tbx(Glossary((), (concept,)))
    assert b"&#13;" in data
    assert exchange.import_tbx(data, "cr.tbx").concepts[0].entries[0].definition == "এক\r\nদুই\rতিন"

    bad = replace_entry(concept, term="ক\x07")
    with pytest.raises(RecordError, match=r"U\+0007"):
        exchange.export_tbx(Glossary((), (bad,)))


def replace_entry(concept: Concept, **changes: Any) -> Concept:
    return replace(concept, entries=(replace(concept.entries[0], **changes),))


def test_tbx_and_csv_refuse_english_entries() -> None:
    glossary = Glossary((), (Concept("x", "X", "source", entries=(Entry("en", "x", "", "a:1"),)),))
    with pytest.raises(RecordError, match="reserves"):
        exchange.export_tbx(glossary)
    with pytest.raises(RecordError, match="reserves"):
        exchange.export_csv(glossary)
    assert '"en": {"term": "x"' in exchange.export_jsonl(glossary)  # the schema takes any tag


def test_tbx_unknown_version() -> None:
    with pytest.raises(UsageError, match="v4"):
        exchange.export_tbx(SAMPLE, version="v4")  # type: ignore[arg-type]


def test_tbx_skips_concepts_with_nothing_to_write() -> None:
    empty = Concept("nameless", None, "none")
    data = exchange.export_tbx(Glossary((), (empty, SAMPLE.concepts[2])))
    assert [c.id for c in exchange.import_tbx(data, "x.tbx").concepts] == ["pruning"]


# --------------------------------------------------------------------------- TBX import


def test_import_tbx_v2_martif() -> None:
    path = FIXTURES / "basic_v2.tbx"
    data = path.read_bytes()
    glossary = exchange.import_tbx(data, "basic_v2.tbx")
    assert concepts_of(glossary) == [
        {
            "id": "c1",
            "en": "pruning",
            "en_origin": "source",
            "aliases": ["network pruning"],
            "notes": [
                "subjectField: machine learning",
                "definition: A method that removes unimportant weights & neurons.",
            ],
            "terms": {
                "bn": {
                    "term": "নেটওয়ার্ক প্রুনিং",
                    "definition": "একটি পদ্ধতি যা কম গুরুত্বপূর্ণ ওজন মুছে ফেলে।",
                    "source": f"basic_v2.tbx:{line_of(path, 'নেটওয়ার্ক প্রুনিং')}",
                    "status": "preferredTerm-admn-sts",
                    "notes": ["partOfSpeech: noun"],
                },
                "ar": {
                    "term": "تقليم الشبكة",
                    "definition": "طريقة تحذف الأوزان الأقل أهمية.",
                    "source": "قاموس الذكاء الاصطناعي، ص ١٢",
                    "notes": ["other term: التقليم"],
                },
            },
        },
        {
            "id": "low-rank-adaptation",
            "en": "Low-Rank Adaptation",
            "en_origin": "source",
            "abbr": ["LoRA"],
            "terms": {
                "hi": {
                    "term": "लो-रैंक अनुकूलन",
                    "definition": "",
                    "source": f"basic_v2.tbx:{line_of(path, 'लो-रैंक अनुकूलन')}",
                    "status": "admittedTerm-admn-sts",
                    "notes": ["context: LoRA से मॉडल को सस्ते में ढाला जाता है।"],
                }
            },
        },
    ]
    digest = hashlib.sha256(data).hexdigest()
    title = "AI terms (TBX-Basic 2008 sample)"
    assert glossary.sources == (
        Source("basic_v2.tbx", "bn", title, "", 1, digest),
        Source("basic_v2.tbx", "ar", title, "", 1, digest),
        Source("basic_v2.tbx", "hi", title, "", 1, digest),
    )


def test_import_tbx_v3() -> None:
    glossary = exchange.import_tbx((FIXTURES / "basic_v3.tbx").read_bytes(), "basic_v3.tbx")
    attention, splatting = glossary.concepts
    assert (attention.id, attention.en, attention.aliases) == (
        "c-attention",
        "attention mechanism",
        ("attention",),
    )
    arabic = attention.entry("ar")
    assert arabic is not None
    # The fixture has shadda before the vowels; imported text is NFC, vowels first.
    assert arabic.term == nfc(arabic.term) == "آلِيَّةُ الانْتِبَاه"
    assert "\u064e\u0651" in arabic.term
    assert (arabic.status, arabic.source, arabic.notes) == (
        "preferredTerm-admn-sts",
        "003_be6544853e9035eb.txt:12",
        ("Harakat kept as written.",),
    )
    assert attention.langs == ("ar", "zh-Hans")
    assert (splatting.id, splatting.en, splatting.en_origin) == (
        "3d-gaussian-splatting",
        "3D Gaussian Splatting",
        "curated",
    )
    assert [s.lang for s in glossary.sources] == ["ar", "zh-Hans", "bn"]
    assert {s.title for s in glossary.sources} == {"AI terms (TBX v3 sample)"}


def test_import_tbx_derives_unique_ids_and_title_from_name() -> None:
    data = b"""<martif type="TBX-Basic"><text><body>
<termEntry><langSet xml:lang="en"><tig><term>Deep Learning</term></tig></langSet></termEntry>
<termEntry><langSet xml:lang="en"><tig><term>deep   learning!</term></tig></langSet></termEntry>
<termEntry id="deep-learning-2"><langSet xml:lang="bn"><tig><term>x</term></tig></langSet>
</termEntry>
<termEntry><langSet xml:lang="bn"><tig><term>\xe0\xa6\x97\xe0\xa6\xad\xe0\xa7\x80\xe0\xa6\xb0</term>
</tig></langSet></termEntry>
</body></text></martif>"""
    glossary = exchange.import_tbx(data, "ids.tbx")
    ids = [c.id for c in glossary.concepts]
    assert ids[:3] == ["deep-learning", "deep-learning-3", "deep-learning-2"]
    assert re.fullmatch(r"concept-[0-9a-f]{8}", ids[3])
    assert glossary.sources[0].title == "ids.tbx"


@pytest.mark.parametrize(
    ("data", "line", "column", "message"),
    [
        (b"", 1, 1, "no element found"),
        (b"<martif>\n<text><body>\n<termEntry></body>", 3, 14, "mismatched tag"),
        (b"<martif>\n  <text>R&D</text></martif>", 2, 12, "not well-formed"),
        (b"<martif>\n<text>&nbsp;</text></martif>", 2, 7, "undefined entity"),
        (b'<?xml version="1.0"?>\n<!DOCTYPE martif [\n<!ENTITY a "aaaa">\n]>\n<martif/>', 2, None,
         "inline"),
        (b'<!DOCTYPE martif SYSTEM "TBXcoreStructV02.dtd">\n<martif>&ext;</martif>', 2, None,
         "undefined entity &ext;"),
        (b"<html>\n<body/></html>", 1, None, "root element is <html>"),
        (b"<martif><text><body>\n<termEntry>\n<langSet><tig><term>x</term></tig></langSet>"
         b"</termEntry></body></text></martif>", 3, None, "without xml:lang"),
        (b"<martif><text><body>\n<termEntry id='a'><note>gloss:en_origin=maybe</note>"
         b"<langSet xml:lang='bn'><tig><term>x</term></tig></langSet></termEntry>"
         b"</body></text></martif>", 2, None, "unknown en_origin 'maybe'"),
        (b"<martif><text><body>\n<termEntry id='a'><langSet xml:lang='bn'><tig><term>x</term>"
         b"</tig></langSet></termEntry>\n<termEntry id='a'><langSet xml:lang='bn'><tig><term>y"
         b"</term></tig></langSet></termEntry></body></text></martif>", 3, None,
         "duplicate concept id 'a' (first used on line 2)"),
    ],
)  # fmt: skip
def test_import_tbx_errors(data: bytes, line: int, column: int | None, message: str) -> None:
    with pytest.raises(ParseError) as caught:
        exchange.import_tbx(data, "bad.tbx")
    error = caught.value
    assert message in error.message
    assert (error.path, error.line) == ("bad.tbx", line)
    if column is not None:
        assert error.column == column
    assert error.hint
    assert str(error).startswith(f"bad.tbx:{line}")


def test_import_tbx_refuses_billion_laughs_before_expanding() -> None:
    lol = b'<?xml version="1.0"?>\n<!DOCTYPE lolz [\n<!ENTITY lol "lol">\n'
    lol += b"".join(
        b'<!ENTITY lol%d "%s">\n' % (i, b"".join(b"&lol%d;" % (i - 1) for _ in range(10)))
        for i in range(1, 10)
    ).replace(b"&lol0;", b"&lol;")
    lol += b"]>\n<martif>&lol9;</martif>"
    with pytest.raises(ParseError, match="inline"):
        exchange.import_tbx(lol, "lol.tbx")


def test_import_tbx_allows_an_external_doctype_and_utf16() -> None:
    """TBX v2 files (the Translate Toolkit's among them) name an external DTD; it is never read."""
    text = (
        '<?xml version="1.0" encoding="UTF-16"?>\n'
        '<!DOCTYPE martif PUBLIC "ISO 12200:1999A//DTD MARTIF core (DXFcdV04)//EN" '
        '"TBXcdv04.dtd">\n<martif type="TBX"><text><body><termEntry>'
        '<langSet xml:lang="ar"><tig><term>تعلّم</term></tig></langSet>'
        "</termEntry></body></text></martif>"
    )
    glossary = exchange.import_tbx(text.encode("utf-16"), "tt.tbx")
    assert [e.term for c in glossary.concepts for e in c.entries] == [nfc("تعلّم")]


# --------------------------------------------------------------------------- translate-toolkit


@pytest.mark.parametrize("langs", [None, ["bn", "ar"], ["en", "hi"]])
def test_translate_toolkit_reads_the_v2_export(langs: list[str] | None) -> None:
    tbx = pytest.importorskip("translate.storage.tbx")
    store = tbx.tbxfile.parsestring(exchange.export_tbx(SAMPLE, langs))
    expected = exchange.filter_langs(SAMPLE, langs).concepts
    assert len(store.units) == len(expected)
    for unit, concept in zip(store.units, expected, strict=True):
        assert unit.getid() == exchange._xml_id(concept.id)
        got = {
            node.get(XML_LANG): [t.text for t in unit.get_target_terms(node.get(XML_LANG))]
            for node in unit.getlanguageNodes()
        }
        want = {e.lang: [e.term] for e in concept.entries}
        if langs is None or "en" in langs:
            names = [*([concept.en] if concept.en else []), *concept.aliases, *concept.abbr]
            want = {"en": names, **want}
        assert got == want
        for entry in concept.entries:
            (term,) = unit.get_target_terms(entry.lang)
            assert term.administrative_status == entry.status


# --------------------------------------------------------------------------- CSV / TSV


@pytest.mark.parametrize("dialect", ["csv", "tsv"])
def test_csv_round_trip(dialect: str) -> None:
    text = exchange.export_csv(SAMPLE, dialect=dialect)  # type: ignore[arg-type]
    back = exchange.import_csv(text, f"sample.{dialect}", dialect=dialect)  # type: ignore[arg-type]
    assert concepts_of(back) == concepts_of(SAMPLE)


def test_csv_header_and_cells() -> None:
    text = exchange.export_csv(SAMPLE)
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert rows[0] == [
        "id", "en", "en_origin", "abbr", "aliases", "notes",
        "bn", "ar", "hi", "bn_definition", "ar_definition", "hi_definition",
        "bn_source", "ar_source", "hi_source",
        "bn_en", "ar_en", "bn_abbr", "bn_status", "hi_status", "bn_notes",
    ]  # fmt: skip
    first = dict(zip(rows[0], rows[1], strict=True))
    assert first["aliases"] == "low rank adaptation | low-rank adapter's"
    assert first["hi"] == 'शब्द, "उद्धरण" सहित'
    assert first["bn_definition"].count("\n") == 1
    assert first["bn_notes"] == "first note | second, note"
    assert 'शब्द, ""उद्धरण"" सहित' in text  # the csv module's quoting, not ours
    assert text.endswith("\n") and "\r\n" not in text
    assert len(rows) == 1 + len(SAMPLE.concepts)


@pytest.mark.parametrize(
    "aliases",
    [("a | b",), ("a |", "b"), ("", "b"), (" padded",)],
)
def test_csv_refuses_items_that_would_not_split_back(aliases: tuple[str, ...]) -> None:
    concept = Concept("pipe", "Pipe", "source", aliases=aliases,
                      entries=(Entry("bn", "ক", "", "x:1"),))  # fmt: skip
    with pytest.raises(RecordError, match="concept 'pipe'"):
        exchange.export_csv(Glossary((), (concept,)))


def test_csv_of_some_languages() -> None:
    text = exchange.export_csv(SAMPLE, ["hi", "ar"], dialect="tsv")
    header = text.split("\n", 1)[0].split("\t")
    assert header == ["id", "notes", "hi", "ar", "hi_definition", "ar_definition", "hi_source",
                      "ar_source", "ar_en", "hi_status"]  # fmt: skip
    back = exchange.import_csv(text, "x.tsv", dialect="tsv")
    assert [(c.id, c.en, c.langs) for c in back.concepts] == [
        ("low-rank-adaptation", None, ("hi", "ar")),
        ("3d-gaussian-splatting", None, ("ar",)),
        ("pruning", None, ("hi",)),
    ]


def test_import_csv_by_hand() -> None:
    text = (
        "\ufeffEN,Abbr,hi,ur,fa,zh-Hans,id_term,zh-Hans_definition,ur_SOURCE\n"
        "Attention,,ध्यान,توجہ,توجه,注意力,perhatian,模型关注输入的重要部分。,ur.txt:7\n"
        '"Low-Rank Adaptation, LoRA",LoRA | QLoRA,,,,,,,\n'
        ",,,,,词嵌入,,,\n"
        ",,,,,,,,\n"
        "Attention,,,,,,,,\n"
    )
    glossary = exchange.import_csv(text, "hand.csv")
    assert [c.id for c in glossary.concepts] == [
        "attention",
        "low-rank-adaptation-lora",
        f"concept-{hashlib.sha256('词嵌入'.encode()).hexdigest()[:8]}",
        "attention-2",
    ]
    attention = glossary.concepts[0]
    assert attention.langs == ("hi", "ur", "fa", "zh-Hans", "id")
    assert attention.entry("ur") == Entry("ur", "توجہ", "", "ur.txt:7")
    assert attention.entry("hi") == Entry("hi", "ध्यान", "", "hand.csv:2")
    assert attention.entry("zh-Hans").definition == "模型关注输入的重要部分。"  # type: ignore[union-attr]
    assert glossary.concepts[1].abbr == ("LoRA", "QLoRA")
    assert glossary.concepts[1].en_origin == "source"
    assert glossary.concepts[2].en_origin == "none"
    assert [(s.lang, s.entries) for s in glossary.sources] == [
        ("hi", 1), ("ur", 1), ("fa", 1), ("zh-Hans", 2), ("id", 1),
    ]  # fmt: skip
    assert glossary.sources[0].sha256 == hashlib.sha256(text.encode()).hexdigest()


def test_csv_of_english_names_only() -> None:
    text = exchange.export_csv(SAMPLE, ["en"])
    assert text.split("\n", 1)[0] == "id,en,en_origin,abbr,aliases,notes"
    back = exchange.import_csv(text, "en.csv")
    expected = [{k: v for k, v in m.items() if k != "terms"} | {"terms": {}}
                for m in concepts_of(SAMPLE)]  # fmt: skip
    assert concepts_of(back) == expected
    assert back.sources == ()


def test_csv_quotes_rows_with_carriage_returns() -> None:
    concept = Concept("cr", "CR", "source", entries=(Entry("bn", "ক", "এক\rদুই\r\nতিন", "x:1"),))
    text = exchange.export_csv(Glossary((), (concept,)))
    assert text.split("\n")[1].startswith('"cr","CR","source",')
    assert exchange.import_csv(text, "cr.csv").concepts[0] == concept


def test_indonesian_term_column_round_trips() -> None:
    concept = Concept("data", "data", "source", entries=(Entry("id", "data", "", "id.txt:1"),))
    text = exchange.export_csv(Glossary((), (concept,)))
    assert text.startswith("id,en,en_origin,abbr,aliases,id_term,id_definition,id_source\n")
    assert concepts_of(exchange.import_csv(text, "id.csv")) == concepts_of(Glossary((), (concept,)))


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("", 1, "the file is empty"),
        ("\n\n", 1, "the file is empty"),
        ("Attention,ধ্যান\n", 1, "not a header"),
        ("id,en,bn,colour\n", 1, "unknown column 'colour'"),
        ("id,en,bn_definition\n", 1, "no 'bn' term column"),
        ("bn_definition,en\nx,y\n", 1, "no 'bn' term column"),
        ("en,bn,BN\n", 1, "repeats an earlier column"),
        ("en,bn,en_definition\n", 1, "English has no entry columns"),
        ("id,en,bn\na,A,ক\nb,B\n", 3, "the row has 2 cells, the header 3"),
        ('en,bn,bn_definition\nA,ক,"one\ntwo"\nB,খ,x,extra\n', 4, "the row has 4 cells"),
        ('id,en,bn\na,"A,ক\n', 2, "unexpected end of data"),
        ('id,en,bn\na,"A"x,ক\n', 2, "unreadable CSV"),
        ("en,bn,bn_definition\nA,,definition without a term\n", 2, "bn_definition given without"),
        ("en,bn,notes\n,,only a note\n", 2, "names no concept"),
        ("en,en_origin,bn\nA,maybe,ক\n", 2, "unknown en_origin 'maybe'"),
        ("id,bn\nx,ক\n\nx,খ\n", 4, "duplicate concept id 'x' (first used on line 2)"),
    ],
)
def test_import_csv_errors(text: str, line: int, message: str) -> None:
    with pytest.raises(ParseError) as caught:
        exchange.import_csv(text, "bad.csv")
    error = caught.value
    assert message in error.message
    assert (error.path, error.line) == ("bad.csv", line)
    assert error.hint


def test_unknown_table_dialect() -> None:
    with pytest.raises(UsageError):
        exchange.export_csv(SAMPLE, dialect="xlsx")  # type: ignore[arg-type]
    with pytest.raises(UsageError):
        exchange.import_csv("en,bn\n", "x", dialect="psv")  # type: ignore[arg-type]


# --------------------------------------------------------------------------- JSONL / YAML


@pytest.mark.parametrize("langs", [None, ["ar"], ["bn", "hi"]])
def test_jsonl(langs: list[str] | None) -> None:
    text = exchange.export_jsonl(SAMPLE, langs)
    lines = text.splitlines()
    expected = concepts_of(exchange.filter_langs(SAMPLE, langs))
    assert [json.loads(line) for line in lines] == expected
    assert [list(json.loads(line)) for line in lines] == [list(m) for m in expected]  # key order
    assert "\\u" not in text  # ensure_ascii=False
    assert ARABIC_HARAKAT in text or langs == ["bn", "hi"]
    back = exchange.import_jsonl(text, "x.jsonl")
    assert concepts_of(back) == expected


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ('{"id": "a", "terms": {}}\n{"id": "b", \n', 2, "not JSON"),
        ('\n["not", "a", "mapping"]\n', 2, "must be a mapping"),
        ('{"id": "a", "en_origin": "maybe"}\n', 1, "en_origin"),
        ('{"id": "a"}\n{"id": "a"}\n', 2, "duplicate concept id"),
    ],
)
def test_import_jsonl_errors(text: str, line: int, message: str) -> None:
    with pytest.raises(ParseError, match=message) as caught:
        exchange.import_jsonl(text, "bad.jsonl")
    assert (caught.value.path, caught.value.line) == ("bad.jsonl", line)


@pytest.mark.parametrize("langs", [None, ["hi"]])
def test_yaml(langs: list[str] | None) -> None:
    text = exchange.export_yaml(SAMPLE, langs)
    assert ARABIC_HARAKAT in text or langs == ["hi"]
    assert "\\u" not in text
    loaded = records.glossary_from_mapping(yaml.safe_load(text))
    assert loaded == exchange.filter_langs(SAMPLE, langs)
    assert text.startswith("schema: gloss/1\nsources:")


# --------------------------------------------------------------------------- real seed files


def seed_glossary() -> Glossary:
    """The seed glossary files, read naively (the project's parser is not used here): line 1
    is the title, line 2 the subtitle, then term and definition lines in turn; a term's
    trailing ``(English)`` is its English. One concept per entry."""
    langs = {"000": "bn", "001": "bn", "003": "ar", "004": "bn"}
    sources, concepts = [], []
    for path in sorted((REPO / "data" / "sources").glob("*.txt")):
        lines = path.read_text(encoding="utf-8").splitlines()
        lang = langs.get(path.name[:3], "bn")
        body = lines[2:]
        for i in range(0, len(body) - 1, 2):
            term, en = body[i], None
            match = re.fullmatch(r"(.*?)\s*\(([^()]*)\)", term)
            if match:
                term, en = match.groups()
            concepts.append(
                Concept(
                    id=f"{path.stem}-{i // 2 + 1}",
                    en=en,
                    en_origin="source" if en else "none",
                    entries=(Entry(lang, term, body[i + 1], f"{path.name}:{i + 3}", en=en),),
                )
            )
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        sources.append(Source(path.name, lang, lines[0], lines[1], len(body) // 2, digest))
    return Glossary(tuple(sources), tuple(concepts))


@pytest.mark.parametrize(("fmt", "option"), [("tbx", "v2"), ("tbx", "v3"), ("csv", "csv"),
                                             ("csv", "tsv"), ("jsonl", "")])  # fmt: skip
def test_seed_files_round_trip(fmt: str, option: str) -> None:
    glossary = seed_glossary()
    assert len(glossary.concepts) > 40
    assert {e.lang for c in glossary.concepts for e in c.entries} == {"bn", "ar"}
    if fmt == "tbx":
        back = exchange.import_tbx(exchange.export_tbx(glossary, version=option), "seed.tbx")  # type: ignore[arg-type]
    elif fmt == "csv":
        text = exchange.export_csv(glossary, dialect=option)  # type: ignore[arg-type]
        back = exchange.import_csv(text, "seed", dialect=option)  # type: ignore[arg-type]
    else:
        back = exchange.import_jsonl(exchange.export_jsonl(glossary), "seed.jsonl")
    assert concepts_of(back) == concepts_of(glossary)
    assert sum(s.entries for s in back.sources) == glossary.entry_count


# --------------------------------------------------------------------------- properties

_XML_SAFE = st.characters(blacklist_categories=("Cs", "Cc", "Cn")) | st.sampled_from(
    "\n\t\r<>&\"'[]|,;= "
)
TEXT = (
    st.text(_XML_SAFE, min_size=1, max_size=12)
    .map(lambda s: nfc(s).strip())
    .filter(lambda s: bool(s) and s == nfc(s))
)
ITEM = TEXT.filter(lambda s: "|" not in s)  # CSV joins multi-valued cells with " | "
NOTE = ITEM | ITEM.map(lambda s: "gloss:" + s)
SLUG = st.from_regex(r"[a-z0-9]{1,6}(-[a-z0-9]{1,4}){0,2}", fullmatch=True)
LANGS = st.sampled_from(["bn", "ar", "hi", "ur", "zh-Hans"])

ENTRY = st.builds(
    Entry,
    lang=LANGS,
    term=TEXT,
    definition=st.just("") | TEXT,
    source=TEXT,
    en=st.none() | TEXT,
    abbr=st.lists(ITEM, max_size=2).map(tuple),
    status=st.none() | TEXT,
    notes=st.lists(NOTE, max_size=2).map(tuple),
)
CONCEPT = st.builds(
    Concept,
    id=SLUG,
    en=st.none() | TEXT,
    en_origin=st.sampled_from(EN_ORIGINS),
    abbr=st.lists(ITEM, max_size=2).map(tuple),
    aliases=st.lists(ITEM, max_size=2).map(tuple),
    notes=st.lists(NOTE, max_size=2).map(tuple),
    entries=st.lists(ENTRY, min_size=1, max_size=3, unique_by=lambda e: e.lang).map(tuple),
)
GLOSSARY = st.lists(CONCEPT, max_size=4, unique_by=lambda c: c.id).map(
    lambda cs: Glossary((), tuple(cs))
)
PROPERTY = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(GLOSSARY, st.sampled_from(["v2", "v3"]))
def test_tbx_round_trip_property(glossary: Glossary, version: str) -> None:
    data = exchange.export_tbx(glossary, version=version)  # type: ignore[arg-type]
    assert concepts_of(exchange.import_tbx(data, "p.tbx")) == concepts_of(glossary)


@PROPERTY
@given(GLOSSARY, st.sampled_from(["csv", "tsv"]))
def test_csv_round_trip_property(glossary: Glossary, dialect: str) -> None:
    text = exchange.export_csv(glossary, dialect=dialect)  # type: ignore[arg-type]
    back = exchange.import_csv(text, "p", dialect=dialect)  # type: ignore[arg-type]
    assert concepts_of(back) == concepts_of(glossary)
