"""The exports for people and their tools: a spreadsheet (``xlsx``), a dictionary source for
PyGlossary and StarDict (``tabfile``), one web page (``html``) and an Anki deck (``anki``).

Each is read back by an independent reader (openpyxl, PyGlossary and sdcv, the standard
library's ``html.parser``, ``zipfile`` and ``sqlite3``), from the bundled glossary and from
constructed concepts whose terms are hostile: formulas, markup, attribute breakers, ``|``, tabs
and line feeds in a definition.
"""

from __future__ import annotations

import io
import itertools
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import zipfile
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from glossary_cli import formats
from glossary_cli.errors import RecordError, UsageError
from glossary_cli.formats import anki, html, tabfile, xlsx
from glossary_cli.formats._markup import exported_sections
from glossary_cli.model import Concept, Definition, Glossary, LangSection, Term
from glossary_cli.store import read_records

from .conftest import DATA, essence, gloss, gloss_process

HOSTILE = (
    '=HYPERLINK("http://example.invalid/"&A1,"click")',
    "+1",
    "-based",
    "@SUM(1,2)",
    "<script>alert(1)</script>",
    '" onmouseover="alert(1)',
    "a|b",
    "back\\slash \\n",
    "&amp; &lt;",
    "#hashtag",
)
#: A definition with what a line-based or HTML format must escape.
DEFINITION = "line one\twith a tab\nline two <b>not bold</b> & a \\ backslash | bar"
LORA_BN = "লো-র্যাঙ্ক অ্যাডাপ্টেশন"
INFERENCE_AR = "الاستدلال ذو الرتبة المنخفضة"


def hostile() -> Glossary:
    """A concept per hostile term, in English, Bengali and Arabic, with a definition that
    holds a tab, a line feed, markup, a backslash and a bar."""
    concepts = tuple(
        Concept(
            f"c{i}",
            (
                LangSection("en", (Term(text, status="preferred", source="x:1"),),
                            (Definition(DEFINITION, "x:2"),)),
                LangSection("bn", (Term(f"শব্দ{i}", source="x:3"), Term(text, source="x:3"))),
                LangSection("ar", (Term(f"كلمة {text}", type="fullForm", source="x:4"),),
                            (Definition(f"تعريف {text}", "x:5"),)),
            ),
            notes=(f"note {text}",),
        )
        for i, text in enumerate(HOSTILE)
    )  # fmt: skip
    return Glossary((), concepts)


@pytest.fixture(scope="module")
def bundled() -> Glossary:
    return read_records(DATA)


# --------------------------------------------------------------------------- HTML, parsed


class Node:
    """An element of a parsed page: its tag, attributes, children and text."""

    def __init__(self, tag: str, attrs: dict[str, str | None], parent: Node | None) -> None:
        self.tag, self.attrs, self.parent = tag, attrs, parent
        self.children: list[Node] = []
        self.texts: list[str] = []

    def iter(self) -> Any:
        yield self
        for child in self.children:
            yield from child.iter()

    def text(self) -> str:
        return "".join(self.texts) + "".join(c.text() for c in self.children)

    def inherited(self, name: str) -> str | None:
        node: Node | None = self
        while node is not None:
            if name in node.attrs:
                return node.attrs[name]
            node = node.parent
        return None


_VOID = frozenset({"meta", "input", "br", "hr", "img", "link", "wbr", "source"})


class _Tree(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", {}, None)
        self.at = self.root
        self.text_nodes: list[tuple[str, Node]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, dict(attrs), self.at)
        self.at.children.append(node)
        if tag not in _VOID:
            self.at = node

    def handle_endtag(self, tag: str) -> None:
        node: Node | None = self.at
        while node is not None and node.tag != tag:
            node = node.parent
        assert node is not None and node.parent is not None, f"</{tag}> closes nothing"
        self.at = node.parent

    def handle_data(self, data: str) -> None:
        self.at.texts.append(data)
        if data.strip():
            self.text_nodes.append((data, self.at))


def parse(data: bytes | str) -> _Tree:
    tree = _Tree()
    tree.feed(data.decode("utf-8") if isinstance(data, bytes) else data)
    tree.close()
    return tree


def _script_of(text: str) -> str | None:
    """``bn`` or ``ar`` for a text whose first letter is Bengali or Arabic (an English note
    that quotes an Arabic term is English)."""
    first = next((c for c in text if c.isalpha()), "")
    if "\u0980" <= first <= "\u09ff":
        return "bn"
    if "\u0600" <= first <= "\u06ff":
        return "ar"
    return None


def assert_marked_up_by_language(tree: _Tree) -> None:
    """Every Bengali text is in an element of ``lang="bn"``, every Arabic text in one of
    ``lang="ar"`` that is right to left."""
    for text, node in tree.text_nodes:
        script = _script_of(text)
        if script is None or node.tag in ("script", "style"):
            continue
        assert node.inherited("lang") == script, (text, node.tag, node.attrs)
        if script == "ar":
            assert node.inherited("dir") == "rtl", (text, node.tag, node.attrs)


#: The attributes the HTML exports write; any other is a term that became markup.
ATTRIBUTES = frozenset(
    {"lang", "dir", "class", "id", "charset", "name", "content", "role", "hidden", "for",
     "type", "autocomplete", "spellcheck", "aria-controls", "aria-live", "onsubmit"}
)  # fmt: skip


#: The elements they write.
ELEMENTS = frozenset(
    {"#document", "html", "head", "meta", "title", "style", "body", "header", "h1", "p", "form",
     "label", "input", "main", "article", "h2", "dl", "dt", "dd", "ul", "li", "span", "small",
     "script", "div", "b", "i", "br"}
)  # fmt: skip


def assert_no_markup_from_data(tree: _Tree) -> None:
    """No element or attribute but those the exports write (the hostile terms' ``<script>``,
    ``onmouseover`` and ``<b>`` are text, which the tests look for)."""
    for node in tree.root.iter():
        assert node.tag in ELEMENTS, node.tag
        assert set(node.attrs) <= ATTRIBUTES, (node.tag, node.attrs)
        assert node.tag != "script" or not node.attrs, node.attrs


# --------------------------------------------------------------------------- registry, CLI


def test_the_new_formats_are_written_and_named_by_their_suffixes() -> None:
    assert formats.names(writable=True)[5:9] == ("xlsx", "tabfile", "html", "anki")
    for suffix, name in ((".xlsx", "xlsx"), (".tab", "tabfile"), (".html", "html"),
                         (".htm", "html"), (".apkg", "anki")):  # fmt: skip
        found = formats.by_suffix(f"glossary{suffix}")
        assert found is not None and found.name == name
    assert [f.name for f in formats.FORMATS if f.binary] == ["xlsx", "anki", "microsoft-dictionary"]
    with pytest.raises(UsageError, match="writes html files but does not read them"):
        formats.get("html").read(b"<html>", "x.html")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("suffix", "name", "head"),
    [(".xlsx", "xlsx", b"PK\x03\x04"), (".apkg", "anki", b"PK\x03\x04"),
     (".html", "html", b"<!DOCTYPE html>"), (".tab", "tabfile", b"##name\t")],
)  # fmt: skip
def test_export_takes_the_format_from_the_suffix(
    tmp_path: Path, suffix: str, name: str, head: bytes
) -> None:
    out = tmp_path / f"glossary{suffix}"
    result = gloss("export", "-o", str(out))
    assert result.exit_code == 0, result.stderr
    assert f"({name})" in result.stderr
    assert out.read_bytes().startswith(head)


def _export_to(fmt: str, stdout: int | None) -> subprocess.CompletedProcess[bytes]:
    return gloss_process("export", "--format", fmt, stdout=stdout, timeout=60)


@pytest.mark.slow
@pytest.mark.parametrize("fmt", ["xlsx", "anki"])
def test_a_binary_export_is_refused_on_a_terminal_and_written_to_a_pipe(fmt: str) -> None:
    import pty

    leader, follower = pty.openpty()
    try:
        refused = _export_to(fmt, follower)
    finally:
        os.close(follower)
        os.close(leader)
    assert refused.returncode == 2
    assert b"give -o FILE" in refused.stderr and fmt.encode() in refused.stderr
    piped = _export_to(fmt, None)
    assert piped.returncode == 0, piped.stderr
    assert piped.stdout.startswith(b"PK\x03\x04")
    assert zipfile.ZipFile(io.BytesIO(piped.stdout)).testzip() is None


# --------------------------------------------------------------------------- xlsx


def _cells(data: bytes) -> tuple[Any, list[list[Any]]]:
    import openpyxl

    sheet = openpyxl.load_workbook(io.BytesIO(data)).active
    return sheet, [list(row) for row in sheet.iter_rows()]


def test_xlsx_writes_every_cell_as_text_never_a_formula() -> None:
    sheet, rows = _cells(xlsx.write(hostile()))
    header = [c.value for c in rows[0]]
    assert header[:3] == ["id", "lang", "term"]
    assert all(c.font.bold for c in rows[0]) and sheet.freeze_panes == "A2"
    filled = [c for row in rows for c in row if c.value is not None]
    assert filled and all(c.data_type == "s" and isinstance(c.value, str) for c in filled)
    terms = {row[2].value for row in rows[1:]}
    assert set(HOSTILE) <= terms  # the term exactly: no apostrophe before a formula
    assert DEFINITION in {c.value for c in filled}


def test_xlsx_has_the_rows_and_columns_of_the_csv(bundled: Glossary) -> None:
    import csv

    _, rows = _cells(xlsx.write(bundled))
    table = list(csv.reader(io.StringIO(formats.get("csv").write(bundled).decode("utf-8"))))
    assert [[c.value or "" for c in row] for row in rows] == table


def test_xlsx_refuses_a_control_character() -> None:
    bad = Glossary((), (Concept("c", (LangSection("en", (Term("a\x07b", source="x:1"),)),)),))
    with pytest.raises(RecordError, match="U\\+0007"):
        xlsx.write(bad)


@pytest.mark.slow
def test_xlsx_export_then_add_gives_the_same_terms(tmp_path: Path) -> None:
    out = tmp_path / "glossary.xlsx"
    assert gloss("export", "-o", str(out)).exit_code == 0
    back = formats.get("xlsx").read(out.read_bytes(), out.name)
    assert [essence(c) for c in back.concepts] == [essence(c) for c in read_records(DATA).concepts]
    added = gloss("add", str(out))
    assert added.exit_code == 0, added.stderr
    assert "40 concepts" in added.stdout
    again = read_records(Path(os.environ["GLOSS_USER_DATA"]))
    terms = {(c.id, s.lang, t.text) for c in again.concepts for s in c.languages for t in s.terms}
    bundled = read_records(DATA)
    expected = {(c.id, s.lang, t.text) for c in bundled.concepts for s in c.languages
                for t in s.terms if t.exported}  # fmt: skip
    assert terms == expected


def test_hostile_terms_round_trip_through_xlsx() -> None:
    back = xlsx.read(xlsx.write(hostile()), "h.xlsx")
    assert [essence(c) for c in back.concepts] == [essence(c) for c in _cleaned(hostile())]


def _cleaned(glossary: Glossary) -> tuple[Concept, ...]:
    """The hostile concepts as an import reads them: whitespace of a definition collapsed."""
    from glossary_cli.formats._common import clean

    def section(s: LangSection) -> LangSection:
        return s._replace(definitions=tuple(d._replace(text=clean(d.text)) for d in s.definitions))

    return tuple(c._replace(languages=tuple(map(section, c.languages))) for c in glossary.concepts)


# --------------------------------------------------------------------------- tabfile


def _tabfile_lines(data: bytes) -> list[tuple[list[str], str]]:
    """The entries of a Tabfile as PyGlossary's reader splits and unescapes them."""
    from pyglossary.text_utils import splitByBarUnescapeNTB, unescapeNTB

    out = []
    for line in data.decode("utf-8").split("\n"):
        if not line:
            continue
        words, tab, definition = line.partition("\t")
        assert tab, line
        out.append((splitByBarUnescapeNTB(words), unescapeNTB(definition)))
    return out


def test_tabfile_escapes_as_pyglossary_reads_it_back() -> None:
    glossary = hostile()
    data = tabfile.write(glossary)
    assert data.count(b"\n") == len(glossary.concepts) + 2  # one line per concept
    entries = _tabfile_lines(data)
    assert [words[0] for words, _ in entries[:2]] == ["##name", "##description"]
    by_head = {words[0]: (words, d) for words, d in entries[2:]}
    assert not entries[2][0][0].startswith("#")  # PyGlossary reads leading '#' lines as info
    for concept in glossary.concepts:
        words, definition = by_head[concept.languages[0].terms[0].text]
        assert words == tabfile.headwords(concept)
        assert words[0] == concept.languages[0].terms[0].text  # English first
        assert definition == tabfile.definition(concept)
        tree = parse(definition)
        assert_no_markup_from_data(tree)
        assert_marked_up_by_language(tree)
        assert concept.languages[0].terms[0].text in tree.root.text()
        assert DEFINITION in tree.root.text()


def test_a_tabfile_never_starts_with_a_headword_pyglossary_takes_for_information() -> None:
    concepts = hostile().concepts
    first = next(c for c in concepts if c.languages[0].terms[0].text.startswith("#"))
    data = tabfile.write(Glossary((), (first, *(c for c in concepts if c is not first))))
    entries = _tabfile_lines(data)
    assert not entries[2][0][0].startswith("#") and len(entries) == len(concepts) + 2


def test_tabfile_headwords_are_every_term_english_first_each_once(bundled: Glossary) -> None:
    lora = next(c for c in bundled.concepts if c.id == "low-rank-adaptation")
    words = tabfile.headwords(lora)
    assert words[0] == "Low-Rank Adaptation" and "LoRA" in words and LORA_BN in words
    assert len(words) == len(set(words))


def _stardict(tmp_path: Path, data: bytes) -> Path:
    from pyglossary.glossary_v2 import ConvertArgs
    from pyglossary.glossary_v2 import Glossary as PyGlossary

    source = tmp_path / "glossary.tab"
    source.write_bytes(data)
    target = tmp_path / "stardict" / "glossary.ifo"
    target.parent.mkdir()
    PyGlossary.init()
    done = PyGlossary().convert(
        ConvertArgs(
            inputFilename=str(source),
            inputFormat="Tabfile",
            outputFilename=str(target),
            outputFormat="Stardict",
        )
    )
    assert done == str(target)
    return target


def _stardict_words(ifo: Path) -> tuple[dict[str, str], list[str], list[str]]:
    """The ``.ifo`` fields, the headwords of ``.idx`` and the synonyms of ``.syn`` (StarDict's
    file format: a NUL-terminated word, then a 32-bit offset and size, or an index)."""
    info = dict(
        line.split("=", 1) for line in ifo.read_text("utf-8").splitlines()[1:] if "=" in line
    )

    def words(data: bytes, tail: int) -> list[str]:
        out, at = [], 0
        while at < len(data):
            end = data.index(b"\0", at)
            out.append(data[at:end].decode("utf-8"))
            at = end + 1 + tail
        return out

    idx = words(ifo.with_suffix(".idx").read_bytes(), 8)
    syn_path = ifo.with_suffix(".syn")
    syn = words(syn_path.read_bytes(), 4) if syn_path.exists() else []
    return info, idx, syn


@pytest.mark.slow
def test_pyglossary_converts_the_tabfile_to_stardict(tmp_path: Path, bundled: Glossary) -> None:
    ifo = _stardict(tmp_path, tabfile.write(bundled))
    info, idx, syn = _stardict_words(ifo)
    assert int(info["wordcount"]) == len(bundled.concepts) == len(idx)
    assert info["sametypesequence"] == "h" and info["bookname"] == "gloss: AI terminology"
    every = set(idx) | set(syn)
    assert {"LoRA", "Low-Rank Adaptation", LORA_BN, INFERENCE_AR} <= every
    expected = sum(len(tabfile.headwords(c)) - 1 for c in bundled.concepts)
    assert int(info["synwordcount"]) == expected == len(syn)


def test_pyglossary_keeps_hostile_headwords_and_definitions(tmp_path: Path) -> None:
    ifo = _stardict(tmp_path, tabfile.write(hostile()))
    _, idx, syn = _stardict_words(ifo)
    assert set(HOSTILE) <= set(idx) | set(syn)


@pytest.mark.skipif(shutil.which("sdcv") is None, reason="sdcv is not installed (Debian: sdcv)")
@pytest.mark.parametrize(
    ("word", "shown"), [("LoRA", "Low-Rank Adaptation"), (LORA_BN, "Low-Rank Adaptation"),
                        (INFERENCE_AR, "Low-Rank Inference")]
)  # fmt: skip
def test_sdcv_finds_a_term_in_the_converted_dictionary(
    tmp_path: Path, bundled: Glossary, word: str, shown: str
) -> None:
    ifo = _stardict(tmp_path, tabfile.write(bundled))
    env = {**os.environ, "LC_ALL": "C.UTF-8", "HOME": str(tmp_path)}
    found = subprocess.run(
        ["sdcv", "-n", "--utf8-input", "--utf8-output", "--data-dir", str(ifo.parent), word],
        capture_output=True, env=env, timeout=60, check=False,
    )  # fmt: skip
    out = found.stdout.decode("utf-8")
    assert found.returncode == 0, (out, found.stderr)
    assert f"-->{shown}" in out and "Nothing similar" not in out


def _pyglossary_command() -> list[str] | None:
    """PyGlossary's command line, as the README runs it (``pyglossary IN OUT``)."""
    beside = Path(sys.executable).with_name("pyglossary")
    if beside.is_file():
        return [str(beside)]
    found = shutil.which("pyglossary")
    return [found] if found else None


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("sdcv") is None, reason="sdcv is not installed (Debian: sdcv)")
@pytest.mark.skipif(_pyglossary_command() is None, reason="pyglossary is not installed")
@pytest.mark.parametrize(
    ("word", "shown"),
    [
        ("LoRA", "Low-Rank Adaptation"),
        ("নেটওয়ার্ক প্রুনিংকে", "Pruning"),  # objective case
        ("নেটওয়ার্ক প্রুনিংয়ের", "Pruning"),  # genitive after ং
        ("মিশ্র বিশেষজ্ঞদের", "Mixture of Experts"),  # plural genitive
        ("وتقليم الشبكة", "Pruning"),  # a proclitic
        ("Low-Rank Adaptations", "Low-Rank Adaptation"),  # an English plural
    ],
)
def test_sdcv_finds_inflected_forms_in_the_dictionary_the_readme_makes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, word: str, shown: str
) -> None:
    """``gloss export -o glossary.tab``, ``pyglossary glossary.tab glossary.ifo``, then sdcv:
    a word as running text writes it is found through StarDict's synonyms."""
    monkeypatch.chdir(tmp_path)
    exported = gloss("export", "-o", "glossary.tab")
    assert exported.exit_code == 0, exported.stderr
    (tmp_path / "dict").mkdir()
    command = _pyglossary_command()
    assert command is not None
    converted = subprocess.run(
        [*command, "glossary.tab", "dict/glossary.ifo"],
        cwd=tmp_path, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert converted.returncode == 0, converted.stderr
    assert (tmp_path / "dict" / "glossary.syn").is_file()  # uncompressed: sdcv reads no .syn.dz
    env = {**os.environ, "LC_ALL": "C.UTF-8", "HOME": str(tmp_path)}
    found = subprocess.run(
        ["sdcv", "-n", "--utf8-input", "--utf8-output", "--data-dir", "dict", word],
        cwd=tmp_path, capture_output=True, env=env, timeout=60, check=False,
    )  # fmt: skip
    out = found.stdout.decode("utf-8")
    assert found.returncode == 0, (out, found.stderr)
    assert f"-->{shown}" in out and "Nothing similar" not in out, out


def test_tabfile_headwords_carry_the_forms_the_analysis_reads_back(bundled: Glossary) -> None:
    from glossary_cli.analysis import surface_forms

    pruning = next(c for c in bundled.concepts if c.id == "pruning")
    words = tabfile.headwords(pruning)
    plain = tabfile.headwords(pruning, forms=False)
    assert words[: len(plain)] == plain  # the terms first, as before
    assert {"নেটওয়ার্ক প্রুনিংকে", "নেটওয়ার্ক প্রুনিংয়ের", "وتقليم الشبكة"} <= set(words)
    assert set(words) - set(plain) == {f for t in plain for f in surface_forms(t)} - set(plain)


# --------------------------------------------------------------------------- html


def test_html_is_one_accessible_page(bundled: Glossary) -> None:
    tree = parse(html.write(bundled))
    nodes = list(tree.root.iter())
    page = next(n for n in nodes if n.tag == "html")
    assert page.attrs["lang"] == "en"
    inputs = [n for n in nodes if n.tag == "input"]
    assert [n.attrs.get("type") for n in inputs] == ["search"]
    labels = [n for n in nodes if n.tag == "label" and n.attrs.get("for") == inputs[0].attrs["id"]]
    assert len(labels) == 1 and labels[0].text().strip()
    live = [n for n in nodes if n.attrs.get("aria-live") == "polite"]
    assert len(live) == 1 and live[0].text() == f"{len(bundled.concepts)} concepts"
    articles = [n for n in nodes if n.tag == "article"]
    assert len(articles) == len(bundled.concepts)
    for article in articles:
        tags = [n.tag for n in article.iter()]
        assert tags.count("h2") == 1 and "dl" in tags and tags.count("dt") == tags.count("dd")
        assert not article.inherited("hidden")  # without script, everything is shown
    assert_marked_up_by_language(tree)
    assert_no_markup_from_data(tree)


def test_html_loads_nothing_from_elsewhere(bundled: Glossary) -> None:
    tree = parse(html.write(bundled))
    nodes = list(tree.root.iter())
    assert not [n for n in nodes if n.tag in ("link", "img", "iframe", "object", "embed")]
    assert [n.tag for n in nodes if n.tag in ("script", "style")] == ["style", "script"]
    assert not [n for n in nodes if {"src", "href"} & set(n.attrs)]
    code = "".join(n.text() for n in nodes if n.tag in ("script", "style"))
    assert "url(" not in code and "@import" not in code and "http" not in code
    assert len(next(n for n in nodes if n.tag == "script").text()) < 1500  # a small script


def test_html_shows_hostile_terms_as_text() -> None:
    glossary = hostile()
    data = html.write(glossary)
    tree = parse(data)
    assert_no_markup_from_data(tree)
    assert_marked_up_by_language(tree)
    shown = [n.text() for n in tree.root.iter() if n.attrs.get("class") == "term"]
    for text in HOSTILE:
        assert text in shown and f"كلمة {text}" in shown
    assert b"<script>alert" not in data and b'" onmouseover' not in data
    assert DEFINITION in tree.root.text()


def test_html_refuses_a_control_character() -> None:
    bad = Glossary((), (Concept("c", (LangSection("en", (Term("a\x1bb", source="x:1"),)),)),))
    with pytest.raises(RecordError, match="U\\+001B"):
        html.write(bad)


# --------------------------------------------------------------------------- anki


def _notes(data: bytes, tmp_path: Path) -> tuple[list[tuple[str, list[str]]], dict[str, Any]]:
    """The notes of a deck package, ``(guid, fields)``, and its decks by name."""
    archive = zipfile.ZipFile(io.BytesIO(data))
    assert set(archive.namelist()) == {"collection.anki2", "media"}
    path = tmp_path / f"collection{len(list(tmp_path.iterdir()))}.anki2"
    path.write_bytes(archive.read("collection.anki2"))
    with sqlite3.connect(path) as db:
        notes = [(guid, fields.split("\x1f")) for guid, fields in
                 db.execute("SELECT guid, flds FROM notes ORDER BY id")]  # fmt: skip
        decks = json.loads(db.execute("SELECT decks FROM col").fetchone()[0])
        models = json.loads(db.execute("SELECT models FROM col").fetchone()[0])
    by_name = {d["name"]: d for d in decks.values()}
    by_name["models"] = models
    return notes, by_name


def test_anki_has_a_note_per_concept_and_language_pair(tmp_path: Path, bundled: Glossary) -> None:
    notes, decks = _notes(anki.write(bundled), tmp_path)
    expected = sum(len(list(itertools.combinations(exported_sections(c), 2)))
                   for c in bundled.concepts)  # fmt: skip
    assert len(notes) == expected
    pairs = {fields[0].rsplit(" ", 1)[1] for _, fields in notes}
    assert pairs == {"en→bn", "en→ar", "bn→ar"}
    names = {"English → Bengali", "English → Arabic", "Bengali → Arabic"}
    assert {f"gloss: AI terminology::{n}" for n in names} <= set(decks)
    lora = next(f for _, f in notes if f[0] == "low-rank-adaptation en→bn")
    assert dict(zip(anki.FIELDS, lora, strict=True))["ToTerms"].startswith('<div lang="bn">')
    assert LORA_BN in lora[3] and "LoRA" in lora[1]
    arabic = next(f for _, f in notes if f[0] == "low-rank-inference en→ar")
    assert arabic[3].startswith('<div lang="ar" dir="rtl">') and INFERENCE_AR in arabic[3]


def test_anki_ids_are_the_same_on_every_export(tmp_path: Path, bundled: Glossary) -> None:
    first, decks1 = _notes(anki.write(bundled, timestamp=1_000_000), tmp_path)
    second, decks2 = _notes(anki.write(bundled, timestamp=2_000_000), tmp_path)
    assert [g for g, _ in first] == [g for g, _ in second]
    assert len({g for g, _ in first}) == len(first)  # one GUID per note
    assert {n: d["id"] for n, d in decks1.items() if n != "models"} == {
        n: d["id"] for n, d in decks2.items() if n != "models"
    }
    assert set(decks1["models"]) == set(decks2["models"])


def test_anki_fields_are_escaped(tmp_path: Path) -> None:
    notes, _ = _notes(anki.write(hostile()), tmp_path)  # genanki warns of unescaped tags
    assert len(notes) == 3 * len(HOSTILE)
    for _, fields in notes:
        for field in fields[1:]:
            tree = parse(field)
            assert_no_markup_from_data(tree)
            assert_marked_up_by_language(tree)
            assert "<script>" not in field and 'onmouseover="' not in field
    texts = {t for _, fields in notes for f in fields for t, _ in parse(f).text_nodes}
    assert set(HOSTILE) <= texts
    assert DEFINITION in {t for _, f in notes for t in (parse(f[2]).root.text(),)}


def test_an_anki_export_of_one_language_is_refused(tmp_path: Path) -> None:
    """A card needs two languages: with one, nothing to write, exit 1, and said why."""
    out = tmp_path / "deck.apkg"
    result = gloss("export", "--format", "anki", "--lang", "bn", "-o", str(out))
    assert result.exit_code == 1
    assert "needs terms in two languages" in result.stderr and "--lang" in result.stderr
    assert not out.exists()
