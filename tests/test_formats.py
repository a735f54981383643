"""The formats package: the registry, TBX on real termbases, CSV/TSV, JSON Lines and YAML, and
the files gloss 0.1.0 wrote."""

from __future__ import annotations

import csv
import gzip
import io
import itertools
import json
import unicodedata
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from glossary_cli import formats, records
from glossary_cli.errors import ParseError, RecordError, UsageError
from glossary_cli.formats import jsonl, table, tbx, yamldoc
from glossary_cli.formats._common import clean
from glossary_cli.formats._dialect import Dialect
from glossary_cli.model import (
    STATUSES,
    Concept,
    CrossReference,
    Definition,
    Glossary,
    LangSection,
    Property,
    Source,
    Term,
)
from glossary_cli.store import read_records

from .conftest import DATA, as_cited, essence, present
from .tbx_census import census

HERE = Path(__file__).resolve().parent
TBX = HERE / "fixtures" / "tbx"
OLD = HERE / "fixtures" / "release-0.1.0"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def fixture(name: str) -> bytes:
    data = (TBX / name).read_bytes()
    return gzip.decompress(data) if name.endswith(".gz") else data


REAL_TBX = sorted(p.name for p in TBX.glob("*.tbx*"))


# --------------------------------------------------------------------------- the registry


def test_the_registry_names_every_format_once_and_loads_each_module() -> None:
    assert formats.names() == (
        "text", "tbx", "csv", "tsv", "jsonl", "yaml", "markdown", "xlsx", "po", "tabfile",
        "html", "anki", "deepl", "google-glossary", "google-pairs", "amazon-terminology",
        "microsoft-dictionary", "llm-prompt", "llm-json", "vale", "languagetool",
    )  # fmt: skip
    assert formats.names(writable=True) == (
        "tbx", "csv", "tsv", "jsonl", "yaml", "xlsx", "tabfile", "html", "anki", "deepl",
        "google-glossary", "google-pairs", "amazon-terminology", "microsoft-dictionary",
        "llm-prompt", "llm-json", "vale", "languagetool",
    )  # fmt: skip
    assert formats.names(readable=True) == formats.names()[:9]
    for f in formats.FORMATS:
        module = f.load()
        assert f.readable == (hasattr(module, "read") or hasattr(module, "parse"))
        assert f.writable == hasattr(module, "write")
        assert not f.directory or hasattr(module, "write_files")
    with pytest.raises(UsageError, match="unknown format 'ods'"):
        formats.get("ods")


@pytest.mark.parametrize(
    ("name", "head", "expected"),
    [
        ("terms.TBX", b"", "tbx"),
        ("a.yml", b"", "yaml"),
        ("a.ndjson", b"", "jsonl"),
        ("hindi.txt", b"title\n", "text"),
        ("export", b'\xef\xbb\xbf<?xml version="1.0"?>\n<martif type="TBX">', "tbx"),
        ("export", b"<tbx xmlns='urn:iso:std:iso:30042:ed-2'>", "tbx"),
        ("glossary", "এআই গ্লসারি\n".encode(), "text"),
        ("exported.txt", b'<?xml version="1.0"?>\n<martif type="TBX">', "tbx"),
        ("records.json", b'{"id": "a"}\n{"id": "b"}\n', "jsonl"),
        ("notes.txt", b"<b>not TBX</b>\n", "text"),
    ],
)
def test_a_file_s_format_comes_from_its_suffix_else_its_content(
    name: str, head: bytes, expected: str
) -> None:
    assert formats.detect(name, head).name == expected


def test_a_json_document_is_refused_with_what_to_give_instead() -> None:
    with pytest.raises(ParseError, match="JSON document") as caught:
        formats.detect("hits.json", b'[{"id": "a"}]')
    assert ".jsonl" in (caught.value.hint or "")


def test_the_plain_format_is_not_read_as_concepts() -> None:
    with pytest.raises(UsageError):
        formats.get("text").read(b"t\ns\n", "x.txt")
    with pytest.raises(UsageError):
        formats.get("text").write(Glossary((), ()))


# --------------------------------------------------------------------------- TBX: real files


def _round_trip(data: bytes, name: str, version: str) -> tuple[Glossary, bytes, Glossary]:
    read = tbx.read(data, name)
    out = tbx.write(read, version=tbx.version_of(version))
    return read, out, tbx.read(out, "back.tbx")


@pytest.mark.slow
@pytest.mark.parametrize("version", ["v2", "v3"])
@pytest.mark.parametrize("name", REAL_TBX)
def test_real_termbases_keep_every_term_definition_and_status(name: str, version: str) -> None:
    """The fidelity bar, on real files: concepts, terms per language, definitions, statuses
    and subject fields counted in the source equal those counted in gloss's export; a term
    the source says not to use is never exported as preferred; and reading the export gives
    the concepts read from the source."""
    data = fixture(name)
    read, out, back = _round_trip(data, name, version)
    source, exported = census(data), census(out)
    assert exported.concepts == source.concepts == len(read.concepts)
    assert exported.terms == source.terms
    assert exported.definitions == source.definitions
    assert exported.statuses == source.statuses
    assert exported.subject_fields == source.subject_fields
    assert not exported.preferred & source.avoided
    assert exported.avoided == source.avoided
    assert [essence(c) for c in back.concepts] == [essence(c) for c in read.concepts]
    # no raw XML indentation is left inside a text
    texts = [t.text for c in read.concepts for s in c.languages for t in s.terms]
    texts += [d.text for c in read.concepts for s in c.languages for d in s.all_definitions()]
    assert all("\n" not in t and "\t" not in t and t == t.strip() for t in texts)


@pytest.mark.slow
@pytest.mark.parametrize("name", REAL_TBX)
def test_a_second_round_trip_changes_nothing(name: str) -> None:
    _, out, back = _round_trip(fixture(name), name, "v3")
    assert tbx.write(back, version="v3") == tbx.write(tbx.read(out, "back.tbx"), version="v3")


def test_the_tbx_basic_sample_counts_the_issue_measured() -> None:
    """The TBX-Basic dialect's DCA example: 52 Spanish terms (13 of them synonyms), 36 English
    definitions, 32 statuses, 20 of them admitted, deprecated or superseded."""
    glossary = tbx.read(fixture("tbx-basic-astronomy-dca.tbx.gz"), "astronomy.tbx")
    terms = {lang: 0 for lang in ("en", "es", "zu")}
    for c in glossary.concepts:
        for s in c.languages:
            terms[s.lang] += len(s.terms)
    assert terms == {"en": 55, "es": 52, "zu": 6}
    english = [d for c in glossary.concepts for s in c.languages if s.lang == "en"
               for d in s.all_definitions()]  # fmt: skip
    assert len(english) == 36
    statuses = [t.status for c in glossary.concepts for s in c.languages for t in s.terms
                if t.status]  # fmt: skip
    assert len(statuses) == 32
    assert sum(s != "preferred" for s in statuses) == 20
    cluster = next(c for c in glossary.concepts if c.id == "c1")
    en = present(cluster.section("en"))
    assert [(t.text, t.status, t.pos) for t in en.terms] == [
        ("open cluster", "preferred", "noun"),
        ("galactic cluster", "superseded", "noun"),
    ]
    assert en.definitions[0].text == (
        "A group of stars formed together in the spiral arms of a galaxy."
    )
    assert en.definitions[0].citation == "Oxford2007"
    assert cluster.subject_fields == ("General",)
    assert cluster.xrefs[0].type == "xGraphic" and cluster.xrefs[0].target
    contexts = [p for p in en.terms[0].properties if p.category == "context"]
    assert contexts and contexts[0].citation == "http://seds.org/MESSIER/open.html"
    transactions = [p for p in cluster.properties if p.category == "transaction"]
    assert (transactions[0].value, transactions[0].date, transactions[0].responsibility) == (
        "origination",
        "2010-04-17",
        "Tommy",
    )
    via_lactea = [c for c in glossary.concepts if any(t.text == "Vía Láctea"
                  for s in c.languages for t in s.terms)]  # fmt: skip
    assert via_lactea, "a second Spanish term is a term, not a note"


def test_dca_and_dct_styles_of_one_termbase_read_alike() -> None:
    """The dialect's two examples hold the same terms, statuses and definitions (a few of their
    notes sit at another level in one of them)."""

    def terms(g: Glossary) -> list[tuple[object, ...]]:
        return [
            (c.id, c.subject_fields, [x.type for x in c.xrefs], s.lang,
             [(t.text, t.type, t.status, t.pos, t.citation) for t in s.terms],
             [(d.text, d.citation) for d in s.definitions])
            for c in g.concepts
            for s in c.languages
        ]  # fmt: skip

    dca = tbx.read(fixture("tbx-basic-astronomy-dca.tbx.gz"), "a.tbx")
    dct = tbx.read(fixture("tbx-basic-astronomy-dct.tbx.gz"), "a.tbx")
    assert terms(dct) == terms(dca)


def test_an_obsolete_term_is_superseded_never_preferred() -> None:
    """Weblate's test file marks an English term and its French translation obsolete."""
    data = fixture("weblate-fr-extended-metadata.tbx")
    glossary = tbx.read(data, "fr.tbx")
    bus = glossary.concepts[0]
    for lang in ("en", "fr"):
        (term,) = present(bus.section(lang)).terms
        assert (term.status, term.status_original) == ("superseded", "obsolete")
    assert bus.headword is not None and bus.headword.avoid
    assert bus.definitions == (
        Definition("Superseded but still found in older manuals.", "fr.tbx:14", None, "en"),
    )
    for version in ("v2", "v3"):
        out = tbx.write(glossary, version=tbx.version_of(version))
        assert b"preferredTerm-admn-sts" not in out
        assert out.count(b"supersededTerm-admn-sts") == 2
    json_view = records.concept_json(bus)
    assert json_view["terms"]["en"]["status"] == "superseded"
    assert json_view["terms"]["en"]["terms"][0]["status_original"] == "obsolete"


def test_several_language_sections_of_one_language_are_one_section() -> None:
    glossary = tbx.read(fixture("weblate-terms-excerpt.tbx"), "terms.tbx")
    backend = next(c for c in glossary.concepts if c.en == "backend")
    assert len(present(backend.section("cs")).terms) == 8
    clear = next(c for c in glossary.concepts if c.en == "clear")
    # a term the termbase gives twice is kept twice: counts must match the source
    assert [t.text for t in present(clear.section("cs")).terms] == [
        "vymazat",
        "vyčistit",
        "vymazat",
        "smazat",
    ]
    about = glossary.concepts[0]
    assert about.en == "&About" and about.id == "vít_pelčák-0"
    assert present(next(c for c in glossary.concepts if c.en == "bitrate").section("cs")).terms[
        0
    ].text == ("datový tok (pro multimédia, např. údaj u MP3)")


def test_language_tags_are_kept_as_given() -> None:
    data = fixture("microsoft-shaped-bn-ar.tbx")
    glossary = tbx.read(data, "ms.tbx")
    context = glossary.concepts[0]
    assert context.langs == ("en-US", "bn-IN", "ar-SA")
    assert context.section("en") is context.section("en-US")
    assert context.en == "context"
    assert (
        present(context.section("en-US"))
        .definitions[0]
        .text.startswith(
            "The state that is implicitly associated with a given object. The context contains info"
        )
    )
    assert [p.category for p in present(context.section("en-US")).terms[0].properties] == [
        "grammaticalNumber"
    ]
    out = tbx.write(glossary, version="v3")
    langs = [el.get(XML_LANG) for el in ET.fromstring(out).iter() if el.get(XML_LANG)]
    assert langs[1:4] == ["en-US", "bn-IN", "ar-SA"]
    assert [s.lang for s in glossary.sources] == ["en-US", "bn-IN", "ar-SA"]


def test_a_concept_level_definition_and_term_ids_of_omegat() -> None:
    glossary = tbx.read(fixture("omegat-sample.tbx"), "o.tbx")
    (concept,) = glossary.concepts
    assert concept.id == "eid-Oracle-67"
    assert concept.subject_fields == ("manufacturing",)
    assert [(d.text, d.lang) for d in concept.definitions] == [
        ("A value between 0 and 1 used in ...", "en")
    ]
    term = present(concept.section("en")).terms[0]
    assert (term.text, term.type, term.pos) == ("alpha smoothing factor", "fullForm", "noun")


# --------------------------------------------------------------------------- TBX: layout


def _sample() -> Glossary:
    lora = Concept(
        id="low-rank-adaptation",
        subject_fields=("machine learning",),
        definitions=(Definition("A concept-level definition.", "x.txt:1", None, "en"),),
        notes=("The Arabic source gives only (Low-Rank).", "gloss:looks like metadata"),
        xrefs=(
            CrossReference("broader", "Singular Value Decomposition (SVD)"),
            CrossReference("externalCrossReference", "paper", "https://arxiv.org/abs/2106.09685"),
        ),
        languages=(
            LangSection(
                "en",
                (
                    Term(
                        'Low-Rank <Adaptation> & "friends"',
                        "fullForm",
                        "preferred",
                        origin="curated",
                        source="curation.yaml:3",
                    ),
                    Term("LoRA", "abbreviation", "admitted", source="001.txt:5"),
                    Term("lora fine-tuning", role="search-only", source="curation.yaml:4"),
                    Term(
                        "low-rank adaption",
                        status="deprecated",
                        status_original="Do Not Use",
                        source="x.txt:9",
                        notes=("a misspelling",),
                    ),
                ),
                (Definition("An English definition.", "x.txt:2", "Hu et al. 2021"),),
            ),
            LangSection(
                "bn",
                (Term("লো-র্যাঙ্ক অ্যাডাপ্টেশন", pos="noun", usage="প্রযুক্তিগত লেখায়", source="001.txt:5"),),
                (Definition("একটি পদ্ধতি [bold]যা[/bold] <b>ওজন</b> & মডেল।", "001.txt:6"),),
                ("first note",),
            ),
            LangSection("ar", (Term(nfc("خَلِيطُ الخُبَرَاءِ"), source="003.txt:9"),)),
        ),
    )
    digit = Concept("3d-gaussian-splatting", (LangSection("ar", (Term("تَرْشِيشٌ", source="a:5"),)),))
    return Glossary((Source("001.txt", "bn", "এআই গ্লসারি", "", 1, "a" * 64),), (lora, digit))


def test_tbx_v2_and_v3_layout() -> None:
    for version, root, entry, lang, term_sec in (
        ("v2", "martif", "termEntry", "langSet", "tig"),
        ("v3", "tbx", "conceptEntry", "langSec", "termSec"),
    ):
        out = tbx.write(_sample(), version=tbx.version_of(version))
        doc = ET.fromstring(out)
        ns = "{" + tbx.NAMESPACE + "}" if version == "v3" else ""
        assert doc.tag == ns + root and doc.get("type") == "TBX-Basic"
        entries = doc.findall(f".//{ns}{entry}")
        assert [e.get("id") for e in entries] == ["low-rank-adaptation", "_3d-gaussian-splatting"]
        en = entries[0].find(f"{ns}{lang}")
        assert en is not None and en.get(XML_LANG) == "en"
        terms = [present(t.find(f"{ns}term")).text for t in en.findall(f"{ns}{term_sec}")]
        assert terms == ['Low-Rank <Adaptation> & "friends"', "LoRA", "low-rank adaption"]
        notes = {(n.get("type"), n.text) for n in entries[0].iter(f"{ns}termNote")}
        assert ("administrativeStatus", "deprecatedTerm-admn-sts") in notes
        assert ("administrativeStatus", "preferredTerm-admn-sts") in notes
        assert ("termType", "abbreviation") in notes and ("usageNote", "প্রযুক্তিগত লেখায়") in notes
        assert b"search-only" not in out and b"lora fine-tuning" not in out
        assert b"gloss:note=gloss:looks like metadata" in out
        assert out.startswith(b"<?xml version='1.0' encoding='utf-8'?>\n<")
        assert b"\n  <" in out and b"&lt;Adaptation&gt; &amp;" in out
        back = tbx.read(out, "x.tbx")
        assert [essence(c) for c in back.concepts] == [essence(c) for c in _sample().concepts]
        assert tbx.write(back, version=tbx.version_of(version)).count(b"<admin") == out.count(
            b"<admin"
        )


def test_tbx_keeps_the_status_a_termbase_spelt_its_own_way() -> None:
    spelt = ["legalTerm-admn-sts", "obsolete", "Not Selected", "forbidden", "Admitted Term"]
    tigs = "".join(
        f"<tig><term>t{i}</term><termNote type='administrativeStatus'>{v}</termNote></tig>"
        for i, v in enumerate(spelt)
    )
    doc = f"<martif><text><body><termEntry id='a'><langSet xml:lang='en'>{tigs}</langSet>"
    read = tbx.read((doc + "</termEntry></body></text></martif>").encode(), "s.tbx")
    want = [
        ("preferred", "legalTerm-admn-sts"),
        ("superseded", "obsolete"),
        (None, "Not Selected"),
        ("deprecated", "forbidden"),
        ("admitted", "Admitted Term"),
    ]
    for version in ("v2", "v3"):
        out = tbx.write(read, version=tbx.version_of(version))
        assert b">legalTerm-admn-sts<" in out and b">supersededTerm-admn-sts<" in out
        assert b">deprecatedTerm-admn-sts<" in out  # the picklist value other tools read
        terms = present(tbx.read(out, "o.tbx").concepts[0].section("en")).terms
        assert [(t.status, t.status_original) for t in terms] == want
        assert all(not t.notes for t in terms)


def test_tbx_writes_a_terms_notes_before_its_other_data_categories() -> None:
    term = Term(
        "Datenbus",
        status="preferred",
        source="x.tbx:9",
        definitions=(Definition("Eine Leitung.", "x.tbx:10"),),
        properties=(
            Property("context", "Der Datenbus verbindet…", "descrip"),
            Property("grammaticalGender", "masculine", "termNote"),
            Property("transaction", "modification", "transacGrp", date="2024-05-01",
                     responsibility="Jane Doe", target="person-1"),
        ),
    )  # fmt: skip
    glossary = Glossary((), (Concept("bus", (LangSection("de", (term,)),)),))
    for version, term_sec in (("v2", "tig"), ("v3", "termSec")):
        out = tbx.write(glossary, version=tbx.version_of(version))
        ns = "{" + tbx.NAMESPACE + "}" if version == "v3" else ""
        sec = next(ET.fromstring(out).iter(ns + term_sec))
        children = [c.tag.removeprefix(ns) for c in sec]
        # TBX core structure: term, then every termNote, then the rest
        assert children[: children.count("termNote") + 1] == ["term"] + ["termNote"] * 2
        back = present(tbx.read(out, "x.tbx").concepts[0].section("de")).terms[0]
        assert set(back.properties) == set(term.properties)  # the target of the person too
        assert back.definitions[0].text == "Eine Leitung."


def test_tbx_writes_the_citation_else_the_source_as_a_terms_source() -> None:
    out = tbx.write(_sample(), version="v3")
    doc = ET.fromstring(out)
    sources = [a.text for a in doc.iter("{" + tbx.NAMESPACE + "}admin")]
    assert "Hu et al. 2021" in sources and "001.txt:5" in sources and "curation.yaml:3" in sources
    back = tbx.read(out, "x.tbx")
    lora = present(back.concepts[0].section("en")).terms[0]
    assert lora.citation == "curation.yaml:3" and lora.source.startswith("x.tbx:")


def test_tbx_refuses_control_characters_xml_cannot_carry() -> None:
    bad = Concept("c", (LangSection("bn", (Term("a\x1bb", source="s:1"),)),))
    with pytest.raises(RecordError, match="U\\+001B"):
        tbx.write(Glossary((), (bad,)))


def test_tbx_unknown_version() -> None:
    with pytest.raises(UsageError):
        tbx.write(Glossary((), ()), version="v4")  # type: ignore[arg-type]


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
        (b"<martif><text><body>\n<termEntry>\n<langSet><tig><term>42</term></tig></langSet>"
         b"</termEntry></body></text></martif>", 3, None, "without a language tag"),
        (b"<martif><text><body>\n<termEntry>\n<langSet xml:lang='Klingonese'><tig><term>x"
         b"</term></tig></langSet></termEntry></body></text></martif>", 3, None,
         "not a language tag"),
        (b"<martif><text><body>\n<termEntry id='a'><note>gloss:en_origin=maybe</note>"
         b"<langSet xml:lang='bn'><tig><term>x</term></tig></langSet></termEntry>"
         b"</body></text></martif>", 2, None, "unknown en_origin 'maybe'"),
    ],
)  # fmt: skip
def test_tbx_errors(data: bytes, line: int, column: int | None, message: str) -> None:
    with pytest.raises(ParseError) as caught:
        tbx.read(data, "bad.tbx")
    error = caught.value
    assert message in error.message
    assert (error.path, error.line) == ("bad.tbx", line)
    if column is not None:
        assert error.column == column
    assert error.hint
    assert str(error).startswith(f"bad.tbx:{line}")


@pytest.mark.parametrize(
    ("data", "hint"),
    [
        (b"<martif><text><body>\n<termEntry>", "cut short"),
        (b"<martif>\n<text><body>\n<termEntry></body>", "in the order they were opened"),
        (b"<martif><text>&nbsp;</text></martif>", "&#160;"),
        (b"<martif><text>R&D</text></martif>", "'&amp;'"),
        (b"<martif/>\n<martif/>", "one root element"),
    ],
)
def test_an_xml_error_says_what_to_do_about_its_kind(data: bytes, hint: str) -> None:
    with pytest.raises(ParseError) as caught:
        tbx.read(data, "bad.tbx")
    assert hint in (caught.value.hint or "")


@pytest.mark.parametrize(
    ("data", "what"),
    [
        (gzip.compress(b"<martif/>"), "gzip-compressed"),
        (b"PK\x03\x04\x14\x00\x06\x00", "ZIP archive"),
        (b"%PDF-1.7\n", "PDF"),
        (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1\x00", "old Office document"),
    ],
)
@pytest.mark.parametrize("name", ["terms.tbx", "terms.csv", "terms.txt", "terms"])
def test_a_compressed_or_binary_file_is_named_for_what_it_is(
    data: bytes, what: str, name: str
) -> None:
    with pytest.raises(ParseError, match=what) as caught:
        formats.detect(name, data)
    assert caught.value.path == name and caught.value.hint


def test_a_cell_longer_than_the_csv_modules_default_limit_is_refused_by_gloss_s_own() -> None:
    definition = "ক" * 200_000
    text = f"id,lang,term,definition\na,bn,খ,{definition}\n"
    with pytest.raises(ParseError) as caught:
        table.read(text.encode(), "long.csv")
    assert caught.value.line == 2 and "200,000 characters" in caught.value.message
    text = f"id,lang,term,definition\na,bn,খ,{definition[: table.MAX_TEXT]}\n"
    concept = table.read(text.encode(), "long.csv").concepts[0]
    assert len(present(concept.section("bn")).definitions[0].text) == table.MAX_TEXT


def test_tbx_refuses_billion_laughs_before_expanding() -> None:
    lol = b'<?xml version="1.0"?>\n<!DOCTYPE lolz [\n<!ENTITY lol "lol">\n'
    lol += b"".join(
        b'<!ENTITY lol%d "%s">\n' % (i, b"".join(b"&lol%d;" % (i - 1) for _ in range(10)))
        for i in range(1, 10)
    ).replace(b"&lol0;", b"&lol;")
    lol += b"]>\n<martif>&lol9;</martif>"
    with pytest.raises(ParseError, match="inline"):
        tbx.read(lol, "lol.tbx")


def test_tbx_allows_an_external_doctype_and_utf16() -> None:
    """TBX v2 files (the Translate Toolkit's among them) name an external DTD; it is never read."""
    text = (
        '<?xml version="1.0" encoding="UTF-16"?>\n'
        '<!DOCTYPE martif PUBLIC "ISO 12200:1999A//DTD MARTIF core (DXFcdV04)//EN" '
        '"TBXcdv04.dtd">\n<martif type="TBX"><text><body><termEntry>'
        '<langSet xml:lang="ar"><tig><term>تعلّم</term></tig></langSet>'
        "</termEntry></body></text></martif>"
    )
    glossary = tbx.read(text.encode("utf-16"), "tt.tbx")
    assert [t.text for c in glossary.concepts for s in c.languages for t in s.terms] == [
        nfc("تعلّم")
    ]


# --------------------------------------------------------------------------- CSV / TSV


@pytest.mark.parametrize("dialect", ["csv", "tsv"])
def test_a_table_has_a_row_per_term(dialect: Dialect) -> None:
    out = table.write(_sample(), dialect=dialect)
    rows = list(csv.DictReader(io.StringIO(out.decode()), dialect="excel-tab" if dialect ==
                               "tsv" else "excel"))  # fmt: skip
    assert [(r["id"][:3], r["lang"], r["term"]) for r in rows] == [
        ("low", "en", 'Low-Rank <Adaptation> & "friends"'),
        ("low", "en", "LoRA"),
        ("low", "en", "low-rank adaption"),
        ("low", "bn", "লো-র্যাঙ্ক অ্যাডাপ্টেশন"),
        ("low", "ar", nfc("خَلِيطُ الخُبَرَاءِ")),
        ("low", "en", ""),  # the concept-level definition, in English: definition_of concept
        ("3d-", "ar", "تَرْشِيشٌ"),
    ]
    assert rows[5]["definition_of"] == "concept" and rows[0]["definition_of"] == ""
    assert rows[0]["status"] == "preferred" and rows[0]["definition"] == "An English definition."
    assert rows[0]["definition_citation"] == "Hu et al. 2021"
    assert rows[2]["status_original"] == "Do Not Use"
    assert rows[0]["subject_fields"] == "machine learning"
    assert rows[0]["xrefs"].startswith("broader: Singular Value Decomposition (SVD) | ")
    back = table.read(out, "t", dialect=dialect)
    assert [essence(c, sources=True) for c in back.concepts] == [
        essence(c, sources=True) for c in _sample().concepts
    ]
    # the concept-level definition is read back at the concept level, with its language
    assert [(d.text, d.lang) for d in back.concepts[0].definitions] == [
        ("A concept-level definition.", "en")
    ]
    assert [d.text for d in present(back.concepts[0].section("en")).definitions] == [
        "An English definition."
    ]


def test_a_definition_of_one_term_is_a_row_of_that_term() -> None:
    term = Term("Datenbus", status="preferred", source="x:1",
                definitions=(Definition("Eine Leitung.", "x:2", "DIN 44300"),))  # fmt: skip
    other = Term("Bus", type="abbreviation", source="x:3",
                 definitions=(Definition("Kurzform.", "x:4"),))  # fmt: skip
    concept = Concept("bus", (LangSection("de", (term, other), (Definition("Sammelleitung.",
                      "x:5"),)),))  # fmt: skip
    out = table.write(Glossary((), (concept,)))
    rows = list(csv.DictReader(io.StringIO(out.decode())))
    assert [(r["term"], r["definition"], r["definition_of"]) for r in rows] == [
        ("Datenbus", "Sammelleitung.", ""),
        ("Bus", "", ""),
        ("Datenbus", "Eine Leitung.", "term"),
        ("Bus", "Kurzform.", "term"),
    ]
    back = present(table.read(out, "t.csv").concepts[0].section("de"))
    assert [(t.text, t.status, [d.text for d in t.definitions]) for t in back.terms] == [
        ("Datenbus", "preferred", ["Eine Leitung."]),
        ("Bus", None, ["Kurzform."]),
    ]
    assert back.terms[0].definitions[0].citation == "DIN 44300"
    assert [d.text for d in back.definitions] == ["Sammelleitung."]


def test_a_table_without_sources_gets_its_lines() -> None:
    text = "id,lang,term,status\nlora,en,LoRA,admitted\n,bn,লোরা,\nqat,bn,কিউএটি,preferredTerm\n"
    glossary = table.read(text.encode(), "t.csv")
    assert [(c.id, s.lang, t.text, t.status, t.source) for c in glossary.concepts
            for s in c.languages for t in s.terms] == [
        ("lora", "en", "LoRA", "admitted", "t.csv:2"),
        ("lora", "bn", "লোরা", None, "t.csv:3"),
        ("qat", "bn", "কিউএটি", "preferred", "t.csv:4"),
    ]  # fmt: skip


def test_a_table_of_gloss_0_1_0_is_read() -> None:
    text = (
        "en,bn,hi,bn_definition,bn_status,hi_abbr\n"
        "Token Merging,টোকেন মার্জিং,टोकन विलय,টোকেন একত্রিত করার কৌশল।,obsolete,ToMe\n"
    )
    (concept,) = table.read(text.encode(), "v1.csv").concepts
    assert concept.id == "token-merging"
    assert concept.langs == ("en", "bn", "hi")
    assert present(concept.english).terms[0].source == "v1.csv:2"
    bn = present(concept.section("bn"))
    assert (bn.terms[0].status, bn.terms[0].status_original) == ("superseded", "obsolete")
    assert [t.text for t in present(concept.section("hi")).terms] == ["टोकन विलय", "ToMe"]


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("", 1, "the file is empty"),
        ("\n\n", 1, "the file is empty"),
        ('id,en,bn\na,"A,ক,x\n', 2, "unexpected end of data"),
        ("en,en_origin,bn\nA,maybe,ক\n", 2, "unknown en_origin 'maybe'"),
        ("id,lang,term\n,bn,ক\n", 2, "the first row gives no id"),
        ("id,lang,term,status\na,bn,ক,maybe\n", 2, "unknown status 'maybe'"),
        ("id,lang,term,role\na,bn,ক,secret\n", 2, "unknown role 'secret'"),
        ("id,lang,term,status\na,bn,,preferred\n", 2, "status given without a term"),
        ("id,lang,term\na,bn,ক\na,bn,খ\x07\n", 3, "the term cell holds the control character"),
        ("id,en,bn\na,A,\x1b[31mক\n", 2, "the bn cell holds the control character U+001B"),
        ("id,lang,term,status,status_original\na,bn,ক,preferred,obsolete\n", 2,
         "'obsolete' is a spelling of superseded"),
        ("id,lang,term,definition,definition_of\na,bn,ক,x,language\n", 2,
         "unknown definition_of 'language'"),
        ("id,lang,term,definition,definition_of\na,bn,ক,x,concept\n", 2,
         "a definition of the concept on a term's row"),
        ("id,lang,term,definition,definition_of\na,bn,ক,,\na,bn,,x,term\n", 3,
         "a definition of a term on a row without one"),
        ("id,lang,term,definition_of\na,bn,ক,term\n", 2, "definition_of given without"),
    ],
)  # fmt: skip
def test_table_errors(text: str, line: int, message: str) -> None:
    with pytest.raises(ParseError) as caught:
        table.read(text.encode(), "bad.csv")
    error = caught.value
    assert message in error.message
    assert (error.path, error.line) == ("bad.csv", line)
    assert error.hint


def test_a_termbase_names_its_languages_as_files_do() -> None:
    """A language section's xml:lang may be a language's name or a private-use tag; one
    without xml:lang takes the document's when its terms' script fits, else its script's."""
    doc = (
        "<martif xml:lang='en'><text><body>\n<termEntry>\n<langSet xml:lang='Arabic'><tig>"
        "<term>نموذج</term></tig></langSet>\n"
        "<langSet xml:lang='x-bengali'><tig><term>x</term></tig></langSet>\n"
        "<langSet><tig><term>মডেল</term></tig></langSet>\n"
        "<langSet><tig><term>model</term></tig></langSet>"
        "</termEntry></body></text></martif>"
    ).encode()
    read = tbx.read(doc, "t.tbx")
    assert [s.lang for s in read.concepts[0].languages] == ["ar", "x-bengali", "bn", "en"]
    assert any("no xml:lang" in w.message for w in read.warnings)


@pytest.mark.parametrize(
    ("text", "terms", "said"),
    [
        # an unknown column is left out, and named in the reading plan
        ("id,en,bn,colour\na,A,ক,red\n", [{"en": ["A"], "bn": ["ক"]}], "column 4 'colour'"),
        ("id,lang,term,colour\na,bn,ক,red\n", [{"bn": ["ক"]}], "column 4 'colour'"),
        # a language given by its name, or not at all: its name's, or its script's (said)
        ("id,lang,term\na,Bengali,ক\nb,,ب\n", [{"bn": ["ক"]}, {"ar": ["ب"]}], "has no language"),
        # a second column of a language gives further terms
        ("en,bn,BN\nA,ক,খ\n", [{"en": ["A"], "bn": ["ক", "খ"]}], "column 3 'BN'"),
        # a language's definitions without its terms are the concept's, in that language
        ("en,bn_definition\nA,সংজ্ঞা\n", [{"en": ["A"]}], "column 2 'bn_definition'"),
        # a row of fewer cells than the header: the cells it lacks are empty
        ("id,en,bn\na,A,ক\nb,B\n", [{"en": ["A"], "bn": ["ক"]}, {"en": ["B"]}], "column 3 'bn'"),
        # an id given twice: two concepts, the second numbered, with a warning
        ("id,bn\nx,ক\n\nx,খ\n", [{"bn": ["ক"]}, {"bn": ["খ"]}], "the id 'x' is given to 2"),
        # one row per term without an id column: each row a concept, with a warning
        ("lang,term\nbn,ক\nar,ب\n", [{"bn": ["ক"]}, {"ar": ["ب"]}], "has no id column"),
    ],
)  # fmt: skip
def test_a_table_is_not_refused_for_one_detail(
    text: str, terms: list[dict[str, list[str]]], said: str
) -> None:
    """What refused a whole file in release 0.2.0 is read, and said: in the reading plan or
    in a warning."""
    glossary = table.read(text.encode(), "t.csv")
    assert [
        {s.lang: [t.text for t in s.terms] for s in c.languages} for c in glossary.concepts
    ] == terms
    told = [r.part for r in glossary.plan] + [w.message for w in glossary.warnings]
    assert any(said in t for t in told), told


@pytest.mark.parametrize("dialect", ["csv", "tsv"])
def test_a_control_character_is_never_written_into_a_cell(dialect: Dialect) -> None:
    bad = Concept("c", (LangSection("bn", (Term("ক\x1b[2J", source="s.txt:3"),)),))
    with pytest.raises(RecordError) as caught:
        table.write(Glossary((), (bad,)), dialect=dialect)
    assert "concept 'c': the term cell of its bn row holds the control character U+001B" in (
        caught.value.message
    )


@pytest.mark.parametrize(
    ("text", "name"),
    [("id;lang;term\na;bn;ক\n", "semi.csv"), ("id\tlang\tterm\na\tbn\tক\n", "tabs.csv")],
)
def test_a_table_with_another_delimiter_is_read_with_it(text: str, name: str) -> None:
    (concept,) = table.read(text.encode(), name).concepts
    assert concept.id == "a" and present(concept.section("bn")).terms[0].text == "ক"


def test_hints_name_the_format_read() -> None:
    v2 = b"<martif><text><body><termEntry><langSet><tig><term>42</term></tig></langSet>"
    with pytest.raises(ParseError) as caught:
        tbx.read(v2 + b"</termEntry></body></text></martif>", "v2.tbx")
    assert "<langSet xml:lang=" in (caught.value.hint or "")
    line = '{"id": "a", "languages": {"en": {"terms": [{"term": 5}]}}}\n'
    with pytest.raises(ParseError) as caught:
        jsonl.read(line.encode(), "n.jsonl")
    assert caught.value.hint == "give it as a JSON string"


def test_a_multi_valued_item_that_would_not_split_back_is_refused() -> None:
    bad = Concept("c", (LangSection("bn", (Term("ক", source="s:1", notes=("a | b",)),)),))
    with pytest.raises(RecordError, match="separates the items of a cell"):
        table.write(Glossary((), (bad,)))


def test_a_multi_line_note_is_one_item_of_its_cell() -> None:
    notes = ("multi\nline", "col1\tcol2", "two  spaces", "a|b")
    concept = Concept("c", (LangSection("bn", (Term("ক", source="s:1"),), notes=notes),))
    for dialect in ("csv", "tsv"):
        written = table.write(Glossary((), (concept,)), dialect=dialect)
        back = table.read(written, "t.csv", dialect=dialect)
        assert present(back.concepts[0].section("bn")).notes == (
            "multi line", "col1 col2", "two spaces", "a|b")  # fmt: skip


def test_unknown_table_dialect() -> None:
    with pytest.raises(UsageError):
        table.write(_sample(), dialect="xlsx")  # type: ignore[arg-type]


# --------------------------------------------------------------------------- JSONL / YAML


def test_jsonl_and_yaml_keep_everything() -> None:
    sample = _sample()
    for module in (jsonl, yamldoc):
        back = module.read(module.write(sample), "x")
        assert [as_cited(c) for c in back.concepts] == [as_cited(c) for c in sample.concepts]
    line = json.loads(jsonl.write(sample).splitlines()[0])
    assert list(line)[:2] == ["schema_version", "id"] and line["schema_version"] == 2


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ('{"id": "a", "languages": {"bn": {"terms": [{"term": "ক"}]}}}\n{"id": "b", \n', 2,
         "not JSON"),
        ('\n["not", "a", "mapping"]\n', 2, "must be a mapping"),
        ('{"id": "a", "languages": {"bn": {"terms": [{"term": "ক", "status": "maybe"}]}}}\n', 1,
         "not one of preferred"),
        ('{"id": "a", "en_origin": "maybe", "terms": {}}\n', 1, "en_origin"),
        ('{"schema_version": 7, "id": "a"}\n', 1, "schema 7"),
        ('{"id": "a", "id": "b", "languages": {}}\n', 1, "'id' is given twice"),
        ('{"id": "a", "languages": {"bn": {"terms": [{"term": " \\t"}]}}}\n', 1, "term is blank"),
        ('{"id": "a", "languages": {"bn": {"definitions": [{"text": "x\\u009b"}]}}}\n', 1,
         "definitions.1..text holds the control character U.009B"),
        ('{"id": "a", "languages": {"bn": {"terms": [{"term": "ক", "status": "preferred", '
         '"status_original": "obsolete"}]}}}\n', 1, "a spelling of superseded"),
    ],
)  # fmt: skip
def test_jsonl_errors(text: str, line: int, message: str) -> None:
    with pytest.raises(ParseError, match=message) as caught:
        jsonl.read(text.encode(), "bad.jsonl")
    assert (caught.value.path, caught.value.line) == ("bad.jsonl", line)


def test_yaml_aliases_are_refused_before_they_expand() -> None:
    lines = ['a: &a ["x", "x", "x", "x", "x", "x", "x", "x", "x"]']
    lines += [f"{b}: &{b} [{', '.join([f'*{a}'] * 9)}]" for a, b in itertools.pairwise("abcdefghi")]
    bomb = "\n".join(lines) + "\nschema_version: 2\nconcepts: []\n"  # 9 ** 9 values
    with pytest.raises(ParseError, match="alias") as caught:
        yamldoc.read(bomb.encode(), "bomb.yaml")
    assert caught.value.line == 1
    shared = "schema_version: 2\nsources: []\nconcepts:\n- id: a\n  notes: &n [x]\n" + (
        "- id: b\n  notes: *n\n"
    )
    with pytest.raises(ParseError, match="alias"):
        yamldoc.read(shared.encode(), "shared.yaml")
    anchored_once = "schema_version: 2\nsources: []\nconcepts: &c []\n"
    assert yamldoc.read(anchored_once.encode(), "once.yaml").concepts == ()


def test_a_key_given_twice_in_yaml_is_an_error_with_its_line() -> None:
    text = "schema_version: 2\nsources: []\nconcepts:\n- id: a\n  id: b\n  languages: {}\n"
    with pytest.raises(ParseError, match="the key 'id' is given twice") as caught:
        yamldoc.read(text.encode(), "x.yaml")
    assert caught.value.line == 5


def test_a_control_character_in_a_yaml_document_is_refused_with_its_line() -> None:
    text = 'schema_version: 2\nsources: []\nconcepts:\n- id: a\n  notes:\n  - fine\n  - "b\\x07"\n'
    with pytest.raises(ParseError) as caught:
        yamldoc.read(text.encode(), "x.yaml")
    assert "concepts[1].notes[2] holds the control character U+0007" in caught.value.message
    assert caught.value.line == 7


def test_records_read_name_the_line_of_each_term_and_keep_its_source_as_citation() -> None:
    text = (
        "schema_version: 2\nsources: []\nconcepts:\n- id: a\n  languages:\n    bn:\n"
        "      terms:\n      - term: ক\n        source: 'Bangla Academy, 1994'\n"
        "      - term: খ\n"
    )
    concept = yamldoc.read(text.encode(), "x.yaml").concepts[0]
    first, second = present(concept.section("bn")).terms
    assert (first.source, first.citation) == ("x.yaml:8", "Bangla Academy, 1994")
    assert (second.source, second.citation) == ("x.yaml:10", None)
    assert concept.provenance[0] == "x.yaml:4"
    line = '{"id": "a", "languages": {"ar": {"terms": [{"term": "ب", "source": "ASMO"}]}}}\n'
    term = present(jsonl.read(("\n" + line).encode(), "y.jsonl").concepts[0].section("ar")).terms[0]
    assert (term.source, term.citation) == ("y.jsonl:2", "ASMO")


# --------------------------------------------------------------------------- gloss 0.1.0's files


def test_the_records_of_gloss_0_1_0_are_read_and_migrated() -> None:
    old = read_records(OLD / "data")
    assert len(old.concepts) == 10
    lora = next(c for c in old.concepts if c.id == "low-rank-adaptation")
    assert lora.en == "Low-Rank Adaptation" and lora.en_origin == "curated"
    assert present(lora.headword).status == "preferred"
    assert "LoRA" in lora.abbreviations
    assert [t.text for t in present(lora.section("hi")).terms] == ["लो-रैंक अनुकूलन", "LoRA"]
    assert present(lora.section("bn")).definitions[0].text.startswith("একটি দক্ষ")
    user = read_records(OLD / "user")
    bus = next(c for c in user.concepts if c.id == "e001")
    fr = present(bus.section("fr")).terms[0]
    assert (fr.text, fr.status, fr.status_original) == ("bus de données", "superseded", "obsolete")


@pytest.mark.parametrize(
    "name",
    ["export-v1.tbx", "export-v1-v3.tbx", "export-v1.csv", "export-v1.jsonl", "export-v1.yaml",
     "export-v1.tsv"],
)  # fmt: skip
def test_the_exports_of_gloss_0_1_0_are_read(name: str) -> None:
    """What users exported with the last release, and may add again, reads as the concepts of
    the records it was exported from."""
    data = (OLD / "exports" / name).read_bytes()
    glossary = formats.detect(name, data).read(data, name)
    old = {c.id: c for c in read_records(OLD / "data").concepts}
    assert {c.id for c in glossary.concepts} == set(old)
    for concept in glossary.concepts:
        was = old[concept.id]
        for section in concept.languages:
            if section.lang == "en" and not name.endswith(".tsv"):
                # the headword, its origin, and no status gloss 0.1.0 invented
                assert concept.en == was.en and concept.en_origin == was.en_origin
                assert {t.text for t in section.terms} == {
                    t.text for t in present(was.english).terms
                }
            elif section.lang != "en":
                theirs = present(was.section(section.lang))
                assert [t.text for t in section.terms] == [t.text for t in theirs.terms]
                assert [d.text for d in section.definitions] == [d.text for d in theirs.definitions]


def test_a_tbx_export_of_gloss_0_1_0_does_not_make_every_headword_preferred() -> None:
    data = (OLD / "exports" / "export-v1.tbx").read_bytes()
    glossary = tbx.read(data, "v1.tbx")
    heads = {c.id: present(c.headword) for c in glossary.concepts}
    assert heads["low-rank-adaptation"].status == "preferred"  # curated
    assert heads["truncated-svd"].status is None  # the source's English: no status given
    assert heads["truncated-svd"].origin == "source"


# --------------------------------------------------------------------------- properties

_SAFE = st.characters(blacklist_categories=("Cs", "Cc", "Cn", "Zl", "Zp")) | st.sampled_from(
    "<>&\"'[]|,;= "
)
TEXT = (
    st.text(_SAFE, min_size=1, max_size=12)
    .map(lambda s: " ".join(nfc(s).split()))
    .filter(lambda s: bool(s) and s == nfc(s) and "|" not in s and not s.startswith("gloss:"))
    .filter(lambda s: clean(s) == s)  # as the model stores text: no bidi marks, no BOM
)
LANGS = st.sampled_from(["en", "bn", "ar", "hi", "en-US", "zh-Hans"])
# builds() of a named tuple would draw every field it does not name; these builders take
# exactly the fields drawn here.
TERM = st.builds(
    lambda text, kind, status, pos, source, notes: Term(
        text, type=kind, status=status, pos=pos, source=source, notes=notes
    ),
    text=TEXT,
    kind=st.none() | st.sampled_from(["fullForm", "abbreviation", "variant"]),
    status=st.none() | st.sampled_from(STATUSES),
    pos=st.none() | st.sampled_from(["noun", "verb"]),
    source=TEXT,
    notes=st.lists(TEXT, max_size=2).map(tuple),
)
SECTION = st.builds(
    lambda lang, terms, definitions: LangSection(lang, terms, definitions),
    lang=LANGS,
    terms=st.lists(TERM, min_size=1, max_size=3).map(tuple),
    definitions=st.lists(
        st.builds(lambda text, source: Definition(text, source), text=TEXT, source=TEXT),
        max_size=2,
    ).map(tuple),
)
CONCEPT = st.builds(
    lambda cid, languages, subject_fields, notes: Concept(
        cid, languages, subject_fields=subject_fields, notes=notes
    ),
    cid=st.from_regex(r"[a-z][a-z0-9]{0,5}(-[a-z0-9]{1,4}){0,2}", fullmatch=True),
    languages=st.lists(SECTION, min_size=1, max_size=3, unique_by=lambda s: s.lang).map(tuple),
    subject_fields=st.lists(TEXT, max_size=1).map(tuple),
    notes=st.lists(TEXT, max_size=2).map(tuple),
)
GLOSSARY = st.lists(CONCEPT, max_size=4, unique_by=lambda c: c.id).map(
    lambda cs: Glossary((), tuple(cs))
)
PROPERTY = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.slow
@PROPERTY
@given(GLOSSARY, st.sampled_from(["v2", "v3"]))
def test_tbx_round_trip_property(glossary: Glossary, version: str) -> None:
    back = tbx.read(tbx.write(glossary, version=tbx.version_of(version)), "p.tbx")
    assert [essence(c) for c in back.concepts] == [essence(c) for c in glossary.concepts]


@pytest.mark.slow
@PROPERTY
@given(GLOSSARY, st.sampled_from(["csv", "tsv"]))
def test_table_round_trip_property(glossary: Glossary, dialect: Dialect) -> None:
    back = table.read(table.write(glossary, dialect=dialect), "p", dialect=dialect)
    assert [essence(c, sources=True) for c in back.concepts] == [
        essence(c, sources=True) for c in glossary.concepts
    ]


@pytest.mark.slow
@PROPERTY
@given(GLOSSARY)
def test_jsonl_round_trip_property(glossary: Glossary) -> None:
    back = jsonl.read(jsonl.write(glossary), "p.jsonl").concepts
    assert [as_cited(c) for c in back] == [as_cited(c) for c in glossary.concepts]


@pytest.mark.slow
def test_the_bundled_records_round_trip_through_every_format() -> None:
    bundled = read_records(DATA)
    for name in formats.names(readable=True, writable=True):
        f = formats.get(name)
        back = f.read(f.write(bundled), f"x.{name}")
        if name in ("jsonl", "yaml"):  # xlsx (a table) with the others
            assert [as_cited(c) for c in back.concepts] == [as_cited(c) for c in bundled.concepts]
        else:
            assert [essence(c) for c in back.concepts] == [essence(c) for c in bundled.concepts]
