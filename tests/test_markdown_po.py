"""Markdown and gettext PO glossaries: read as they are, every term back out in a TBX export,
and anything that is not a glossary refused with what gloss reads instead."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TypedDict

import pytest

from glossary_cli import formats
from glossary_cli.errors import ParseError

from .conftest import gloss, present

FIXTURES = Path(__file__).resolve().parent / "fixtures"
ROOT = Path(__file__).resolve().parent.parent


class Read(TypedDict):
    """What a test compares of a concept read from a file: its id, and per language its
    terms' and definitions' texts, and its notes."""

    id: str
    terms: dict[str, list[str]]
    definitions: dict[str, list[str]]
    notes: list[str]


class Said(TypedDict):
    """Per language, the terms' and definitions' texts of a concept read from a file."""

    terms: dict[str, list[str]]
    definitions: dict[str, list[str]]


def read(fmt: str, path: Path) -> list[Read]:
    glossary = formats.get(fmt).read(path.read_bytes(), path.name)
    return [
        {
            "id": c.id,
            "terms": {s.lang: [t.text for t in s.terms] for s in c.languages},
            "definitions": {s.lang: [d.text for d in s.definitions] for s in c.languages},
            "notes": list(c.notes),
        }
        for c in glossary.concepts
    ]


def test_markdown_headings_with_english_in_parentheses_or_after_a_dash() -> None:
    concepts = read("markdown", FIXTURES / "markdown" / "glossary-bn.md")
    assert [c["terms"] for c in concepts] == [
        {"bn": ["অটোস্কেলিং"], "en": ["Autoscaling"]},
        {"bn": ["ক্লাস্টার"], "en": ["Cluster"]},  # no space before the parenthesis
        {"bn": ["কন্টেইনার"], "en": ["Container"]},  # after a dash
    ]
    cluster = concepts[1]["definitions"]["bn"][0]
    assert cluster.startswith("একসাথে কাজ করা") and "<abbr" not in cluster
    assert "kind: Cluster" not in cluster  # the code block is no definition
    autoscaling = concepts[0]["definitions"]["bn"][0]
    assert "রিসোর্স" in autoscaling and "https://" not in autoscaling  # link text, no target
    container = concepts[2]["definitions"]["bn"][0]
    assert "runtime" in container and "{{" not in container


def test_letter_sections_are_not_terms() -> None:
    concepts = read("markdown", FIXTURES / "markdown" / "glossary-bn.md")
    assert not [c for c in concepts if c["terms"].get("bn") in (["অ"], ["ক"])]


def test_markdown_table_whose_header_names_the_languages() -> None:
    concepts = read("markdown", FIXTURES / "markdown" / "terms-en-ar.md")
    assert len(concepts) == 4
    assert concepts[1]["terms"] == {
        "en": ["neural network"],
        "ar": ["شبكة عصبية", "الشبكة العصبونية"],
    }
    assert concepts[1]["notes"] == ["both are used"]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("path", "message"),
    [
        (FIXTURES / "markdown" / "front-matter.md", "line 1 is YAML front matter"),
        (ROOT / "README.md", "no glossary found in this Markdown file"),
    ],
)
def test_markdown_that_is_not_a_glossary_is_refused(path: Path, message: str) -> None:
    with pytest.raises(ParseError) as raised:
        formats.get("markdown").read(path.read_bytes(), path.name)
    assert message in raised.value.message


def test_a_markdown_file_is_detected_as_markdown_not_as_gloss_plain_text() -> None:
    assert formats.detect("terms.md", b"# Glossary\n").name == "markdown"
    assert formats.detect("terms.MARKDOWN", b"").name == "markdown"


def test_po_glossary() -> None:
    concepts = {c["id"]: c for c in read("po", FIXTURES / "po" / "gnome-glossary-bn.po")}
    assert concepts["plugin"]["terms"] == {"en": ["plugin"], "bn": ["প্লাগইন"]}
    assert concepts["plugin"]["definitions"]["en"] == [
        "A piece of software that adds a function to another program."
    ]
    assert concepts["keyring"]["terms"] == {"en": ["keyring"]}  # empty msgstr: English only
    assert concepts["key"]["terms"]["bn"] == ["কী"]
    assert concepts["key-2"]["terms"]["bn"] == ["চাবি"]
    assert concepts["key-2"]["notes"] == ["context: cryptography"]
    assert concepts["file"]["terms"] == {"en": ["file", "files"], "bn": ["ফাইল", "ফাইলগুলো"]}
    assert not [c for c in concepts.values() if "obsolete term" in str(c)]


def test_a_fuzzy_po_entry_is_kept_unverified_never_preferred() -> None:
    glossary = formats.get("po").read(
        (FIXTURES / "po" / "gnome-glossary-bn.po").read_bytes(), "g.po"
    )
    (workspace,) = [c for c in glossary.concepts if c.id == "workspace"]
    term = present(workspace.section("bn")).terms[0]
    assert term.status is None
    assert ("processStatus", "unprocessed") in [(p.category, p.value) for p in term.properties]
    assert any("fuzzy" in n for n in term.notes)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"this is not\x00 a po file\nmsgid", "not a PO file"),
        (
            b'msgid ""\nmsgstr ""\n"Language: not a tag!\\n"\n\nmsgid "a"\nmsgstr "b"\n',
            "Language header",
        ),
        (b'msgid ""\nmsgstr ""\n"Language: bn\\n"\n', "no entry"),
    ],
)
def test_a_po_file_gloss_cannot_read_is_refused(data: bytes, message: str) -> None:
    with pytest.raises(ParseError) as raised:
        formats.get("po").read(data, "bad.po")
    assert message in raised.value.message


@pytest.mark.slow
@pytest.mark.parametrize(
    ("fixture", "query", "concept", "terms"),
    [
        ("markdown/glossary-bn.md", "ক্লাস্টারের", "cluster", 6),
        ("markdown/terms-en-ar.md", "overfitting", "overfitting", 9),
        ("po/gnome-glossary-bn.po", "চাবি", "key-2", 15),
    ],
)
def test_added_as_they_are_found_and_every_term_exported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fixture: str, query: str, concept: str,
    terms: int,
) -> None:  # fmt: skip
    monkeypatch.setenv("GLOSS_USER_DATA", str(tmp_path / "user"))
    monkeypatch.setenv("GLOSS_CACHE", str(tmp_path / "cache"))
    added = gloss("add", str(FIXTURES / fixture))
    assert added.exit_code == 0, added.stderr
    hits = json.loads(gloss("search", query, "--json").stdout)
    assert hits[0]["id"] == concept
    name = Path(fixture).stem
    exported = gloss("export", "--format", "tbx", "--glossary", name)
    assert exported.exit_code == 0, exported.stderr
    assert exported.stdout.count("<term>") == terms


def test_adding_markdown_that_is_not_a_glossary_adds_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GLOSS_USER_DATA", str(tmp_path / "user"))
    monkeypatch.setenv("GLOSS_CACHE", str(tmp_path / "cache"))
    result = gloss("add", str(ROOT / "README.md"))
    assert result.exit_code != 0
    assert "no glossary found" in result.stderr
    assert "Traceback" not in result.stderr
    assert not list((tmp_path / "user").glob("**/*.md"))


def test_a_csv_naming_its_languages_in_english_with_semicolons() -> None:
    path = FIXTURES / "tables" / "it-dictionary-semicolon.csv"
    concepts = read("csv", path)
    assert [c["terms"] for c in concepts] == [
        {"en": ["compiler"], "ar": ["مترجم"], "fr": ["compilateur"], "de": ["Compiler"]},
        {"en": ["cursor"], "ar": ["مؤشر"], "fr": ["curseur"], "de": ["Cursor"]},
        {"en": ["byte"], "fr": ["octet"], "de": ["Byte"]},  # no Arabic: kept, not refused
    ]
    # a description goes to the language its script says
    assert concepts[0]["definitions"]["ar"] == ["برنامج يترجم الشيفرة المصدرية"]
    assert concepts[1]["definitions"]["en"] == ["A marker that shows the position on a screen"]


@pytest.mark.parametrize("separator", ["\t", ";", "|"])
def test_a_csv_file_separated_otherwise_is_sniffed(separator: str) -> None:
    data = separator.join(["english", "bengali"]) + "\n" + separator.join(["model", "মডেল"]) + "\n"
    glossary = formats.get("csv").read(data.encode(), "t.csv")
    (concept,) = glossary.concepts
    assert [(s.lang, s.terms[0].text) for s in concept.languages] == [
        ("en", "model"),
        ("bn", "মডেল"),
    ]


def test_dry_run_says_what_would_be_added_and_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GLOSS_USER_DATA", str(tmp_path / "user"))
    monkeypatch.setenv("GLOSS_CACHE", str(tmp_path / "cache"))
    result = gloss("add", "--dry-run", str(FIXTURES / "po" / "gnome-glossary-bn.po"))
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith(
        "would add gnome-glossary-bn.po: 13 entries in en, bn, 7 concepts"
    )
    assert "  en: 8 terms\n  bn: 7 terms\n" in result.stdout
    assert "  plugin: en plugin; bn প্লাগইন\n" in result.stdout
    assert "nothing was changed" in result.stdout
    assert not (tmp_path / "user").exists()
    assert gloss("search", "প্লাগইন").exit_code == 1


def test_dry_run_of_a_file_gloss_cannot_read_fails_as_add_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GLOSS_USER_DATA", str(tmp_path / "user"))
    result = gloss("add", "--dry-run", str(ROOT / "README.md"))
    assert result.exit_code != 0 and "no glossary found" in result.stderr


@pytest.mark.slow
def test_show_says_when_several_concepts_match_exactly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GLOSS_USER_DATA", str(tmp_path / "user"))
    monkeypatch.setenv("GLOSS_CACHE", str(tmp_path / "cache"))
    for name, arabic in (("a.csv", "فرط التخصيص"), ("b.csv", "الإفراط في التعلم")):
        path = tmp_path / name
        path.write_text(f"english,arabic\noverfitting,{arabic}\n", encoding="utf-8")
        assert gloss("add", str(path)).exit_code == 0
    result = gloss("show", "overfitting", "--lang", "ar")
    assert result.exit_code == 0
    assert "فرط التخصيص" in result.stdout
    assert "1 more concept matches 'overfitting' exactly: overfitting-2" in result.stderr
    other = gloss("show", "overfitting-2", "--lang", "ar")
    assert "الإفراط في التعلم" in other.stdout
    alone = gloss("show", "LoRA")
    assert "exactly" not in alone.stderr


def test_a_term_folder_in_language_subfolders_is_one_glossary() -> None:
    from glossary_cli.formats.folder import is_term_folder, read_folder

    folder = FIXTURES / "term-folder" / "glossary"
    assert is_term_folder(folder) and not is_term_folder(FIXTURES / "po")
    concepts = {c.id: c for c in read_folder(folder).concepts}
    cluster = concepts["cluster"]
    assert [(s.lang, [t.text for t in s.terms]) for s in cluster.languages] == [
        ("en", ["Cluster"]), ("ar", ["عنقود"]), ("bn", ["ক্লাস্টার"])  # title split as any term
    ]  # fmt: skip
    assert cluster.subject_fields == ("fundamental", "operation")
    english = present(cluster.section("en")).definitions[0].text
    assert english.startswith("A set of worker machines, called nodes,")  # shortcode's text
    arabic = present(cluster.section("ar")).definitions[0].text
    assert arabic.startswith("مجموعة من الأجهزة")  # no short_description: the body
    container = concepts["container"]
    assert [t.text for t in present(container.section("en")).terms] == [
        "Container",
        "containerized application",  # aka
    ]


def test_adding_a_term_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GLOSS_USER_DATA", str(tmp_path / "user"))
    monkeypatch.setenv("GLOSS_CACHE", str(tmp_path / "cache"))
    added = gloss("add", str(FIXTURES / "term-folder" / "glossary"))
    assert added.exit_code == 0, added.stderr
    assert added.stdout.startswith("added glossary.jsonl: 5 entries in en, ar, bn, 2 concepts")
    card = json.loads(gloss("show", "ক্লাস্টারের", "--json").stdout)
    assert card["id"] == "cluster" and card["terms"]["ar"]["term"] == "عنقود"


@pytest.mark.parametrize(
    ("files", "message"),
    [
        ({"a/notes.md": "# Notes\n\nnothing here\n"}, "not a term folder"),
        ({"en/x.md": "---\ntitle: [unclosed\n---\n"}, "invalid YAML"),
        ({"en/x.md": "---\nid: x\n---\nbody\n"}, "has no title"),
        ({"en/x.md": "---\ntitle: !!python/object:os.system x\n---\n"}, "invalid YAML"),
    ],
)
def test_a_folder_gloss_cannot_read_is_refused_and_nothing_added(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, files: dict[str, str], message: str
) -> None:
    monkeypatch.setenv("GLOSS_USER_DATA", str(tmp_path / "user"))
    folder = tmp_path / "glossary"
    for rel, text in files.items():
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_text(text, encoding="utf-8")
    result = gloss("add", str(folder))
    assert result.exit_code != 0
    assert message in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "user" / "sources").exists()


@pytest.mark.slow
def test_several_paths_are_added_together_or_not_at_all(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GLOSS_USER_DATA", str(tmp_path / "user"))
    monkeypatch.setenv("GLOSS_CACHE", str(tmp_path / "cache"))
    po = str(FIXTURES / "po" / "gnome-glossary-bn.po")
    table = str(FIXTURES / "markdown" / "terms-en-ar.md")
    refused = gloss("add", po, table, str(ROOT / "README.md"))
    assert refused.exit_code != 0 and not (tmp_path / "user" / "sources").exists()
    added = gloss("add", po, table, str(FIXTURES / "term-folder" / "glossary"))
    assert added.exit_code == 0, added.stderr
    assert added.stdout.count("added ") == 3
    names = sorted(p.name for p in (tmp_path / "user" / "sources").iterdir())
    assert names == ["glossary.jsonl", "gnome-glossary-bn.po", "terms-en-ar.md"]


def test_a_spreadsheet_is_read_as_a_table_formulas_never_as_text() -> None:
    concepts = read("xlsx", FIXTURES / "tables" / "terms.xlsx")
    assert concepts[0]["terms"] == {"en": ["model"], "ar": ["نموذج"], "bn": ["মডেল"]}
    assert concepts[0]["definitions"]["en"] == ["A mathematical representation learned from data"]
    assert not [c for c in concepts if "HYPERLINK" in json.dumps(c, ensure_ascii=False)]
    assert concepts[3]["terms"]["en"] == ["1234"]
    assert (
        formats.detect("terms.xlsx", (FIXTURES / "tables" / "terms.xlsx").read_bytes()).name
        == "xlsx"
    )


@pytest.mark.slow
def test_a_spreadsheet_that_would_inflate_past_the_limit_is_refused() -> None:
    import io
    import zipfile

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/worksheets/sheet1.xml", b"\0" * (64 << 20))
    with pytest.raises(ParseError) as raised:
        formats.get("xlsx").read(buffer.getvalue(), "bomb.xlsx")
    assert "would inflate" in raised.value.message


def test_a_file_named_xlsx_that_is_no_spreadsheet_is_refused() -> None:
    with pytest.raises(ParseError) as raised:
        formats.detect("x.xlsx", b"PK\x03\x04garbage").read(b"PK\x03\x04garbage", "x.xlsx")
    assert "not a spreadsheet" in raised.value.message


def _damaged_xlsx(part: str, content: bytes | None) -> bytes:
    import io
    import zipfile

    source = zipfile.ZipFile(FIXTURES / "tables" / "terms.xlsx")
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for info in source.infolist():
            data = source.read(info.filename)
            if info.filename == part:
                if content is None:
                    continue
                data = content if content else data[: len(data) // 2]
            archive.writestr(info.filename, data)
    return out.getvalue()


@pytest.mark.parametrize(
    ("part", "content"),
    [
        ("xl/worksheets/sheet1.xml", b""),  # cut in half
        ("xl/workbook.xml", b""),
        ("xl/styles.xml", b"<junk"),
        ("xl/worksheets/sheet1.xml", None),  # missing
    ],
)
def test_a_damaged_spreadsheet_is_refused_without_a_traceback(
    part: str, content: bytes | None
) -> None:
    with pytest.raises(ParseError) as raised:
        formats.get("xlsx").read(_damaged_xlsx(part, content), "damaged.xlsx")
    assert "spreadsheet" in raised.value.message


@pytest.mark.parametrize(
    ("front", "message"),
    [
        ("title: [a, b]\n", "title is a list, not text"),
        ("title: yes\n", "title is a bool"),
    ],
)
def test_front_matter_values_of_the_wrong_kind_are_refused(
    tmp_path: Path, front: str, message: str
) -> None:
    from glossary_cli.formats.folder import read_folder

    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "a.md").write_text(f"---\n{front}---\n", encoding="utf-8")
    with pytest.raises(ParseError) as raised:
        read_folder(tmp_path)
    assert message in raised.value.message


def test_a_front_matter_value_of_the_wrong_kind_is_left_out_and_named(tmp_path: Path) -> None:
    """A definition given as a list is no definition: the key is named among those left
    out, and the term is read from the rest of the file."""
    from glossary_cli.formats.folder import read_folder

    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "a.md").write_text(
        "---\ntitle: Alpha\nshort_description: [a, b]\n---\nThe first letter.\n", encoding="utf-8"
    )
    read = read_folder(tmp_path)
    section = read.concepts[0].languages[0]
    assert [t.text for t in section.terms] == ["Alpha"]
    assert [d.text for d in section.definitions] == ["The first letter."]
    said = " ".join(w.message for w in read.warnings)
    assert "left out: short_description (1)" in said


def test_front_matter_keys_as_other_sites_write_them(tmp_path: Path) -> None:
    """Terms by language key (``ar:``, ``bn:``), a ``translations`` mapping, ``term``,
    ``synonyms``, ``abbr``, ``definition`` and ``lang`` are read; a Latin value of a
    language's key is its term as written (a loanword), one in another script goes to the
    language of its script; a Latin synonym of an Arabic file is English; templates
    (``_TEMPLATE.md``) and a site's search page are left out."""
    from glossary_cli.formats.folder import read_folder

    files = {
        "terms/embedding.md": "---\nen: Embedding\nar: التضمين\nbn: [এমবেডিং, EMB, تضمين]\n---\n"
        "Vectors.\n",
        "terms/attention.md": "---\nterm: Attention\nlang: en\ntranslations:\n  ar: الانتباه\n"
        "  Bengali: মনোযোগ\ndefinition: A mechanism that weighs inputs.\nsynonyms: [self-attention]"
        "\nabbr: ATT\n---\nLonger text.\n",
        "terms/_TEMPLATE.md": "---\ntitle: Template\n---\nWrite the definition here.\n",
        "terms/search.md": "---\ntitle: Search results\nlayout: search\n---\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / "ar").mkdir()
    (tmp_path / "ar" / "tokenizer.md").write_text(
        "---\ntitle: مقسم الرموز\naka: [المرمز, Tokenizer]\n---\nيقسم النص.\n", encoding="utf-8"
    )
    read = read_folder(tmp_path)
    got = {
        c.id: {s.lang: [(t.text, t.type) for t in s.terms] for s in c.languages}
        for c in read.concepts
    }
    assert got == {
        "attention": {
            "en": [("Attention", None), ("self-attention", None), ("ATT", "abbreviation")],
            "ar": [("الانتباه", None)],
            "bn": [("মনোযোগ", None)],
        },
        "embedding": {
            "en": [("Embedding", None)],
            "ar": [("التضمين", None), ("تضمين", None)],
            "bn": [("এমবেডিং", None), ("EMB", None)],
        },
        "tokenizer": {
            "ar": [("مقسم الرموز", None), ("المرمز", None)],
            "en": [("Tokenizer", None)],
        },
    }
    attention = next(c for c in read.concepts if c.id == "attention")
    assert [d.text for d in attention.languages[0].definitions] == [
        "A mechanism that weighs inputs."
    ]
    said = " ".join(w.message for w in read.warnings)
    assert "_TEMPLATE.md" in said and "layout: search" in said and "search.md" in said


def test_a_second_term_file_of_one_id_is_left_out_and_said(tmp_path: Path) -> None:
    from glossary_cli.formats.folder import read_folder

    (tmp_path / "en").mkdir()
    for name, title in (("a", "Alpha"), ("b", "Beta")):
        (tmp_path / "en" / f"{name}.md").write_text(
            f"---\ntitle: {title}\nid: same\n---\n", encoding="utf-8"
        )
    read = read_folder(tmp_path)
    assert [c.en for c in read.concepts] == ["Alpha"]
    assert any("en/b.md: the id 'same' is given by" in w.message for w in read.warnings)


def test_one_term_file_that_cannot_be_read_leaves_the_others_in(tmp_path: Path) -> None:
    """A capitalised key is read, and a title whose key is in the page's language (शीर्षक,
    the first key of a short text); a file without a title is left out, named with why; the
    keys gloss does not read are named in one warning."""
    from glossary_cli.formats.folder import read_folder

    (tmp_path / "bn").mkdir()
    files = {
        "a.md": "---\nTitle: ক্লাস্টার (Cluster)\nStatus: Completed\n---\nএকাধিক নোড।\n",
        "b.md": "---\ntitle: নোড\n---\nএকটি যন্ত্র।\n",
        "c.md": "---\nশিরোনাম: মডেল\n---\nকিছু।\n",
        "d.md": "---\nid: x\ndate: 2019-06-25\n---\nকিছু।\n",
    }
    for name, text in files.items():
        (tmp_path / "bn" / name).write_text(text, encoding="utf-8")
    read = read_folder(tmp_path)
    assert [{s.lang: [t.text for t in s.terms] for s in c.languages} for c in read.concepts] == [
        {"en": ["Cluster"], "bn": ["ক্লাস্টার"]},
        {"bn": ["নোড"]},
        {"bn": ["মডেল"]},
    ]
    said = " ".join(w.message for w in read.warnings)
    assert "bn/d.md:1: the front matter has no title" in said
    assert "Status (1)" in said and "শিরোনাম (read as the title) (1)" in said


def test_a_flat_folder_is_filed_by_the_script_of_its_titles(tmp_path: Path) -> None:
    """The Kubernetes layout: one language's term files directly in the folder, which the
    folder does not name; each file goes to the language its title's script says."""
    from glossary_cli.formats.folder import read_folder

    files = {
        "pod.md": "---\ntitle: পড\nshort_description: কন্টেইনারের সমষ্টি।\n---\n",
        "api.md": "---\ntitle: API\nshort_description: একটি ইন্টারফেস।\n---\n",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    read = read_folder(tmp_path)
    api, pod = sorted(read.concepts, key=lambda c: c.id)
    assert [(s.lang, s.terms[0].text) for s in pod.languages] == [("bn", "পড")]
    assert pod.languages[0].definitions[0].text == "কন্টেইনারের সমষ্টি।"
    # a Latin title is English; its Bengali definition stays Bengali, the concept's
    assert [(s.lang, s.terms[0].text) for s in api.languages] == [("en", "API")]
    assert [(d.lang, d.text) for d in api.definitions] == [("bn", "একটি ইন্টারফেস।")]
    assert "1 bn, 1 en" in read.plan[0].read_as or "1 en, 1 bn" in read.plan[0].read_as


@pytest.mark.slow
def test_unclosed_shortcodes_take_linear_time(tmp_path: Path) -> None:
    """Thousands of unclosed shortcodes read at once (the patterns cannot cross a brace): a
    guard against the cubic backtracking such a file once cost, run in a child process that
    is killed if it hangs."""
    import subprocess
    import sys

    (tmp_path / "en").mkdir()
    body = '{{< x text="' * 20000
    (tmp_path / "en" / "a.md").write_text(f"---\ntitle: Alpha\n---\n{body}\n", encoding="utf-8")
    md = tmp_path / "g.md"
    md.write_text("# Glossary\n\n## Alpha (A)\n\n" + "{{< x " * 50000 + "\n\n## Beta (B)\n\nb\n")
    script = (
        "import sys; from pathlib import Path; from glossary_cli import formats;"
        "from glossary_cli.errors import ParseError;"
        "from glossary_cli.formats.folder import read_folder\n"
        f"try: read_folder(Path({str(tmp_path)!r}))\n"
        "except ParseError as exc: print(exc)\n"
        f"p = Path({str(md)!r}); print(formats.get('markdown').read(p.read_bytes(), p.name))"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr
    # the term file's definition (the body's first 64 KiB) is longer than one may be
    assert b"a.md:4: the definition holds" in done.stdout and b"more than the 20,000" in done.stdout


def test_an_empty_heading_is_no_term() -> None:
    data = (
        b"# Glossary\n\n## \n\nsome definition text\n\n## Zebra (Zebra)\n\nd\n\n## Yak (Yak)\n\ne\n"
    )
    glossary = formats.get("markdown").read(data, "e.md")
    assert [c.languages[0].terms[0].text for c in glossary.concepts] == ["Zebra", "Yak"]


def test_paths_kept_under_one_name_are_refused_before_anything_is_added(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GLOSS_USER_DATA", str(tmp_path / "user"))
    po = str(FIXTURES / "po" / "gnome-glossary-bn.po")
    result = gloss("add", po, po)
    assert result.exit_code == 2 and "would both be kept as gnome-glossary-bn.po" in result.stderr
    assert not (tmp_path / "user" / "sources").exists()


def test_a_glossary_page_with_front_matter_is_read_below_it() -> None:
    from glossary_cli.formats import markdown

    page = (
        "---\ntitle: শব্দকোষ\nsidebar_position: 3\n---\nimport Tabs from '@theme/Tabs';\n\n"
        "# শব্দকোষ\n\n## ক\n\n"
        "### কনভোলিউশনাল নিউরাল নেটওয়ার্ক (Convolutional Neural Network (CNN))\n\n"
        "ছবির জন্য নিউরাল নেটওয়ার্ক।\n\n"
        "### লস ফাংশন (Loss function) {#loss}\n\nভুলের মাপ।\n"
    )
    read = markdown.read(page.encode(), "glossary.mdx")
    pairs = [(present(c.section("bn")).terms[0].text, c.en) for c in read.concepts]
    assert pairs == [
        ("কনভোলিউশনাল নিউরাল নেটওয়ার্ক", "Convolutional Neural Network"),
        ("লস ফাংশন", "Loss function"),
    ]
    first = present(read.concepts[0].section("bn"))
    assert first.definitions[0].source == "glossary.mdx:11"  # lines keep their numbers


def test_a_term_file_alone_is_still_refused_naming_the_folder() -> None:
    from glossary_cli.formats import markdown

    with pytest.raises(ParseError) as raised:
        markdown.read(b"---\ntitle: Cluster\nid: cluster\n---\nA set of nodes.\n", "c.md")
    assert "term file of a term folder" in raised.value.message


def test_a_readme_whose_title_says_glossary_is_no_glossary() -> None:
    from glossary_cli.formats import markdown

    readme = (
        "# Project Glossary Tool\n\n## Installation\n\nRun `pip install glossary`.\n\n"
        "## Usage\n\nUse it like this.\n\n## License\n\nMIT\n"
    )
    with pytest.raises(ParseError) as raised:
        markdown.read(readme.encode(), "README.md")
    assert "no glossary found" in raised.value.message


def _markdown(text: str, name: str = "terms.md") -> list[Said]:
    glossary = formats.get("markdown").read(text.encode(), name)
    return [
        {
            "terms": {s.lang: [t.text for t in s.terms] for s in c.languages},
            "definitions": {s.lang: [d.text for d in s.definitions] for s in c.languages},
        }
        for c in glossary.concepts
    ]


def test_a_list_of_terms_gives_each_term_its_equivalent_or_definition() -> None:
    """Bold terms with a colon, plain items with a dash, a code span with an en dash and a
    paragraph between two definition lists are read in document order; a bracket after
    the term is its equivalent, a sentence after the separator its definition."""
    text = (
        "# Glossary\n\nModel\n: নমুনা বা মডেল\n\n**Token** — টোকেন\n\n"
        "- **Embedding**: এমবেডিং\n- **Attention** (মনোযোগ): a mechanism that weighs inputs.\n"
        "* `Dropout` – ড্রপআউট\n\nLearning rate\n: How far each step goes.\n"
    )
    got = _markdown(text)
    assert [c["terms"] for c in got] == [
        {"en": ["Model"], "bn": ["নমুনা বা মডেল"]},
        {"en": ["Token"], "bn": ["টোকেন"]},
        {"en": ["Embedding"], "bn": ["এমবেডিং"]},
        {"en": ["Attention"], "bn": ["মনোযোগ"]},
        {"en": ["Dropout"], "bn": ["ড্রপআউট"]},
        {"en": ["Learning rate"]},
    ]
    assert got[3]["definitions"] == {"en": ["a mechanism that weighs inputs."], "bn": []}
    assert got[5]["definitions"] == {"en": ["How far each step goes."]}
    plain = _markdown("# مسرد\n\n* Embedding - التضمين\n* Attention - الانتباه\n")
    assert [c["terms"] for c in plain] == [
        {"en": ["Embedding"], "ar": ["التضمين"]},
        {"en": ["Attention"], "ar": ["الانتباه"]},
    ]


def test_equivalents_in_the_terms_script_are_told_by_their_language() -> None:
    """English terms with Spanish equivalents: one script, so a language identifier over
    all the texts after the terms tells that they are equivalents, in Spanish."""
    pairs = [
        ("Machine learning", "aprendizaje automático"), ("Neural network", "red neuronal"),
        ("Training data", "datos de entrenamiento"), ("Loss function", "función de pérdida"),
        ("Learning rate", "tasa de aprendizaje"), ("Overfitting", "sobreajuste"),
        ("Feature", "característica"), ("Decision tree", "árbol de decisión"),
        ("Reinforcement learning", "aprendizaje por refuerzo"), ("Weight", "peso"),
    ]  # fmt: skip
    got = _markdown("# Glosario\n\n" + "".join(f"- **{a}**: {b}\n" for a, b in pairs))
    assert [c["terms"] for c in got] == [{"en": [a], "es": [b]} for a, b in pairs]


def test_a_readme_with_bold_list_items_is_no_list_of_terms() -> None:
    text = (
        "# My tool\n\nA tool.\n\n## Features\n\n- **Fast**: runs quickly on large files\n"
        "- **Simple**: one command\n- Plain item\n\n## Usage\n\nRun it.\n"
    )
    with pytest.raises(ParseError) as raised:
        _markdown(text, "README.md")
    assert "no glossary found" in raised.value.message


def test_a_table_without_its_delimiter_row_is_named_as_such() -> None:
    with pytest.raises(ParseError) as raised:
        _markdown("# Glossary\n\n| English | Arabic |\n| model | نموذج |\n| token | رمز |\n")
    assert raised.value.line == 3
    assert "not a delimiter row" in raised.value.message
    assert "| --- | --- |" in (raised.value.hint or "")


def test_headings_of_another_level_with_text_are_reported_left_out() -> None:
    text = (
        "# Glossary\n\n## Model\n\nA model.\n\n### Example\n\nAn example.\n\n## Token\n\n"
        "A token.\n\n#### Dropout\n\nDrop.\n"
    )
    glossary = formats.get("markdown").read(text.encode(), "g.md")
    assert [c.languages[0].terms[0].text for c in glossary.concepts] == ["Model", "Token"]
    left = [(r.part, r.line, r.total) for r in glossary.plan if r.left_out]
    assert left == [("headings of level 3", 7, 1), ("headings of level 4", 15, 1)]
    assert "'Dropout'" in glossary.plan[-1].read_as


def test_a_table_of_one_language_whose_header_names_nothing_is_no_glossary() -> None:
    """A document's table of options is no glossary: its header names no column and the
    document does not say it is one; under a glossary's title the same table is read, its
    header a header (above a column of definitions), never a term."""
    table = (
        "| Option | Description |\n|---|---|\n"
        "| --fast | Runs fast and uses more memory than usual |\n"
        "| --quiet | Prints nothing at all to the terminal |\n"
    )
    with pytest.raises(ParseError) as raised:
        _markdown("# Release notes\n\nSome text.\n\n" + table, "notes.md")
    assert "table at line 5 (Option | Description)" in raised.value.message
    assert "header names no column" in raised.value.message
    got = _markdown(table, "glossary.md")  # no title: the file's name says it
    assert [c["terms"] for c in got] == [{"en": ["--fast"]}, {"en": ["--quiet"]}]


def test_list_entries_as_people_write_them() -> None:
    """Equivalents split as a cell's are (``;``, ``،``, numbered senses), a nested item, a
    term given alone, a definition on the line below; six English names are English, not
    the language an identifier guesses from them."""
    text = (
        "# AI Glossary\n\n- **Model**: نموذج؛ نمط\n- **Base**: 1. قاعدة، 2. أساس\n"
        "- **Learning rate**:\n- **Gradient**: التدرج\n  - **Vanishing gradient**: تلاشي التدرج\n"
        "- **Epoch**: حقبة، عصر\n- **Token**: رمز\n\n**Overfitting** — فرط التخصيص\n"
        "حالة يحفظ فيها النموذج بيانات التدريب.\n"
    )
    got = _markdown(text, "ar_list.md")
    assert [c["terms"] for c in got] == [
        {"en": ["Model"], "ar": ["نموذج", "نمط"]},
        {"en": ["Base"], "ar": ["قاعدة", "أساس"]},
        {"en": ["Learning rate"]},
        {"en": ["Gradient"], "ar": ["التدرج"]},
        {"en": ["Vanishing gradient"], "ar": ["تلاشي التدرج"]},
        {"en": ["Epoch"], "ar": ["حقبة", "عصر"]},
        {"en": ["Token"], "ar": ["رمز"]},
        {"en": ["Overfitting"], "ar": ["فرط التخصيص"]},
    ]
    assert got[-1]["definitions"] == {"en": [], "ar": ["حالة يحفظ فيها النموذج بيانات التدريب."]}


def test_a_readme_list_of_languages_and_terms_of_service_are_no_glossaries() -> None:
    readme = (
        "# polyglot-ui\n\nA UI kit.\n\n## Supported languages\n\n- **Bengali**: বাংলা\n"
        "- **Arabic**: العربية\n- **Urdu**: اردو\n\n## Usage\n\nImport it.\n"
    )
    terms_page = (
        "# Terms of Service\n\nBy using this service you agree.\n\n"
        "- **Account**: You are responsible for your account.\n"
        "- **Content**: You own what you upload.\n"
    )
    for text, name in ((readme, "README.md"), (terms_page, "TERMS.md")):
        with pytest.raises(ParseError):
            _markdown(text, name)


def test_term_files_with_translation_lists_empty_languages_and_lang_keys(tmp_path: Path) -> None:
    from glossary_cli.formats.folder import read_folder

    files = {
        "gradient.md": "---\ntitle: Gradient\nTranslations:\n  - ar: التدرج\n"
        "  - bn: গ্রেডিয়েন্ট\n---\n",
        "epoch.md": "---\ntitle: Epoch\nbn:\nar: ~\n---\nOne pass over the data.\n",
        "api.md": "---\ntitle: API\nlang: bn\nsynonyms: [LLM API]\n---\nপ্রোগ্রামের ইন্টারফেস।\n",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    read = read_folder(tmp_path)
    got = {c.id: {s.lang: [t.text for t in s.terms] for s in c.languages} for c in read.concepts}
    assert got["gradient"] == {"en": ["Gradient"], "ar": ["التدرج"], "bn": ["গ্রেডিয়েন্ট"]}
    assert got["epoch"] == {"en": ["Epoch"]}
    assert got["api"] == {"bn": ["API"], "en": ["LLM API"]}  # a Latin synonym: English
    said = " ".join(w.message for w in read.warnings)
    assert "Translations" not in said and "bn (" not in said
    assert "lang key" in read.plan[0].read_as


def test_lists_a_heading_glossary_leaves_out_are_said_and_bar_pairs_are_entries() -> None:
    text = (
        "# Learn Hindi\n\n## शब्दावली / Vocabulary\n\n- परीक्षक: examiner\n- सूचित: inform\n\n"
        "#### स्वरों / Vowels\n\nअ, आ, इ\n\n#### व्यंजन / Consonants\n\nक, ख, ग\n"
    )
    glossary = formats.get("markdown").read(text.encode(), "hindi.md")
    left = [r for r in glossary.plan if r.part == "lists of terms"]
    assert left and left[0].left_out and left[0].total == 2
    bars = (
        "# Programming Terms in Sanskrit\n\n**सूचि_शलाका** | Menu bar\n\n"
        "**स्थिति_शलाका** | Status bar\n"
    )
    assert [c["terms"] for c in _markdown(bars, "post.md")] == [
        {"hi": ["सूचि_शलाका"], "en": ["Menu bar"]},
        {"hi": ["स्थिति_शलाका"], "en": ["Status bar"]},
    ]


def test_a_short_devanagari_list_is_hindi_not_what_an_identifier_guesses() -> None:
    text = "# Learn Hindi\n\n- परीक्षक: examiner\n- सूचित: inform\n- अंतरात्मा: conscience\n"
    assert {lang for c in _markdown(text, "list.md") for lang in c["terms"]} == {"hi", "en"}
