"""Importers against real-shaped and hostile input: PO files polib would read wrongly, term
folders with what is not a term, Markdown definition lists, formats told by their content,
binary and mis-encoded files, oversized lines and many files. A file gloss cannot read is
refused with its line and what gloss reads; never a traceback, never half added."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from glossary_cli import formats
from glossary_cli.errors import ParseError
from glossary_cli.formats.folder import is_term_folder, read_folder
from glossary_cli.model import Glossary

from .conftest import gloss, present

FIXTURES = Path(__file__).resolve().parent / "fixtures"
ROOT = Path(__file__).resolve().parent.parent

HEADER = 'msgid ""\nmsgstr ""\n"Language: bn\\n"\n\n'


def po(body: str, header: str = HEADER, name: str = "x.po") -> Glossary:
    return formats.get("po").read((header + body).encode("utf-8"), name)


def terms(glossary: Glossary) -> list[dict[str, list[str]]]:
    return [{s.lang: [t.text for t in s.terms] for s in c.languages} for c in glossary.concepts]


# --- PO ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "line", "message"),
    [
        ('msgid "plugin\nmsgstr "প্লাগইন"\n', 5, "the string is not closed"),
        ('msgid "plugin"\nmsgstr "প্লাগইন\n', 6, "the string is not closed"),
        ('msgid "plug"\n"in\nmsgstr "প্লাগইন"\n', 6, "the string is not closed"),
        ('msgid "plugin\\"\nmsgstr "প্লাগইন"\n', 5, "the string is not closed"),  # \" escapes
        ('msgid "plugin" x\nmsgstr "প্লাগইন"\n', 5, "after the string's closing quote"),
        ('#~ msgid "old\n#~ msgstr "পুরোনো"\n', 5, "the string is not closed"),
        ('msgid "file"\nmsgstr[0] "ফাইল"\nmsgstr[1] "ফাইলগুলো"\n', 5, "but no msgid_plural"),
        ('msgid "file"\nmsgid_plural "files"\nmsgstr "ফাইল"\n', 5, "msgid_plural but a msgstr"),
    ],
)
def test_po_that_polib_would_misread_is_refused_with_its_line(
    body: str, line: int, message: str
) -> None:
    with pytest.raises(ParseError) as raised:
        po(body)
    assert message in raised.value.message
    assert raised.value.line == line


@pytest.mark.parametrize(
    ("language", "name", "team", "tag", "warning"),
    [
        ("bn", "x.po", "", "bn", None),
        ("ar_EG", "x.po", "", "ar-EG", None),
        ("sr_RS@latin", "x.po", "", "sr-Latn-RS", None),
        ("sr@cyrillic", "x.po", "", "sr-Cyrl", None),
        ("pt_BR.UTF-8", "x.po", "", "pt-BR", None),
        ("ca@valencia", "x.po", "", "ca", "modifier @valencia"),
        ("", "bn.po", "", "bn", "from the file name"),
        ("", "ar_EG.po", "", "ar-EG", "from the file name"),
        ("", "sr@latin.po", "", "sr-Latn", "from the file name"),
        ("", "gnome-glossary-bn.po", "", "bn", "from the file name"),
        ("", "glossary.ar.po", "", "ar", "from the file name"),
        ("", "glossary.po", "Bengali <gnome-bn-list@gnome.org>", "bn", "from its Language-Team"),
    ],
)
def test_the_target_language_of_a_po_file(
    language: str, name: str, team: str, tag: str, warning: str | None
) -> None:
    header = 'msgid ""\nmsgstr ""\n'
    if language:
        header += f'"Language: {language}\\n"\n'
    if team:
        header += f'"Language-Team: {team}\\n"\n'
    glossary = po('\nmsgid "file"\nmsgstr "x"\n', header, name)
    assert terms(glossary) == [{"en": ["file"], tag: ["x"]}]
    said = [w.message for w in glossary.warnings]
    assert (warning is None and not said) or (warning and warning in said[0])


def test_a_po_file_that_does_not_name_its_language_is_read_by_its_script() -> None:
    """Translations in a script other than Latin are the language their script says, with a
    warning; in Latin (French? Spanish?) the file is refused, with what to add."""
    header = 'msgid ""\nmsgstr ""\n"Project-Id-Version: x\\n"\n\n'
    read = po('msgid "file"\nmsgstr "ফাইল"\n', header)
    assert terms(read) == [{"en": ["file"], "bn": ["ফাইল"]}]
    assert "read as bn, the language their script says" in read.warnings[0].message
    with pytest.raises(ParseError) as raised:
        po('msgid "file"\nmsgstr "fichier"\n', header)
    assert "does not say their language" in raised.value.message
    assert "Language: fr" in (raised.value.hint or "") and "fr.po" in (raised.value.hint or "")


def test_a_pot_template_needs_no_language() -> None:
    glossary = po('msgid "file"\nmsgstr ""\n', 'msgid ""\nmsgstr ""\n\n', "glossary.pot")
    assert terms(glossary) == [{"en": ["file"]}]


def test_plural_forms_are_variants_and_the_singular_is_the_form_for_one() -> None:
    glossary = formats.get("po").read((FIXTURES / "po" / "ar_EG.po").read_bytes(), "ar_EG.po")
    packet = next(c for c in glossary.concepts if c.id == "packet")
    english = present(packet.section("en")).terms
    arabic = present(packet.section("ar-EG")).terms
    assert [(t.text, t.type) for t in english] == [("packet", None), ("packets", "variant")]
    # Arabic's Plural-Forms gives n = 1 the form msgstr[1]: the singular is the term
    assert [(t.text, t.type) for t in arabic] == [
        ("حزمة", None),
        ("حزم", "variant"),
        ("حزمتان", "variant"),
    ]
    assert all("plural form" in t.notes for t in arabic[1:])
    token = next(c for c in glossary.concepts if c.id == "token")
    fuzzy = present(token.section("ar-EG")).terms[0]
    assert fuzzy.status is None and any("fuzzy" in n for n in fuzzy.notes)


def test_a_po_file_in_its_declared_charset_is_read() -> None:
    data = (
        'msgid ""\nmsgstr ""\n"Language: fr\\n"\n'
        '"Content-Type: text/plain; charset=ISO-8859-1\\n"\n\n'
        'msgid "file"\nmsgstr "fichier réseau"\n'
    ).encode("latin-1")
    assert terms(formats.get("po").read(data, "fr.po")) == [
        {"en": ["file"], "fr": ["fichier réseau"]}
    ]


# --- Term folders -----------------------------------------------------------------------


def _folder(root: Path, files: dict[str, bytes | str]) -> Path:
    for rel, content in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, str):
            path.write_text(content, encoding="utf-8")
        else:
            path.write_bytes(content)
    return root


TERM = "---\ntitle: Cluster\nid: cluster\n---\nA set of nodes.\n"


def test_what_a_term_folder_skips_is_reported(tmp_path: Path) -> None:
    folder = _folder(
        tmp_path / "glossary",
        {
            "en/cluster.md": TERM,
            "en/index.md": "---\ntitle: Glossary\nlayout: glossary\n---\n",
            "en/logo.png": b"\x89PNG\r\n\x1a\n",
            "en/notes.md": "# Notes\n\nno front matter\n",
            "en/empty.md": "",
            "bn/cluster.md": "---\ntitle: ক্লাস্টার (Cluster)\n---\nনোডের সমষ্টি।\n",
            "en/images/a.md": TERM,
            **{f"en/readme-{n}.txt": "x" for n in range(5)},
        },
    )
    glossary = read_folder(folder)
    assert [c.id for c in glossary.concepts] == ["cluster"]
    said = sorted(w.message for w in glossary.warnings)
    assert said == [
        "1 file was skipped (Markdown without front matter): en/notes.md",
        "1 file was skipped (empty): en/empty.md",
        "1 file was skipped (the glossary's own page, not a term): en/index.md",
        "1 folder was skipped (folders inside a language folder): en/images",
        "6 files were skipped (not Markdown): en/logo.png, en/readme-0.txt, en/readme-1.txt "
        "and 3 more",
    ]


def test_a_bom_before_the_front_matter_is_a_term_file(tmp_path: Path) -> None:
    folder = _folder(tmp_path / "g", {"en/cluster.md": b"\xef\xbb\xbf" + TERM.encode()})
    assert is_term_folder(folder)
    assert [c.id for c in read_folder(folder).concepts] == ["cluster"]


@pytest.mark.parametrize(
    ("front", "line", "message"),
    [
        ("title: [unclosed\n", 3, "invalid YAML"),
        ("title: Cluster\naka: [a, b\n", 4, "invalid YAML"),
        (
            "title: !!python/object/apply:os.system [echo hi]\n",
            2,
            "could not determine a constructor",
        ),
        ("title: !!python/name:os.system ''\n", 2, "could not determine a constructor"),
        ("title: &a Cluster\naka: [*a]\n", 2, "alias"),
    ],
)
def test_front_matter_that_is_no_safe_yaml_is_refused_with_its_line(
    tmp_path: Path, front: str, line: int, message: str
) -> None:
    folder = _folder(tmp_path / "g", {"en/x.md": f"---\n{front}---\nbody\n"})
    with pytest.raises(ParseError) as raised:
        read_folder(folder)
    assert message in raised.value.message
    assert (raised.value.path, raised.value.line) == ("g/en/x.md", line)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"---\ntitle: caf\xe9\n---\n", "Latin-1"),
        (b"---\ntitle: x\n---\n\x00\x01\x02", "NUL bytes"),
    ],
)
def test_a_term_file_that_is_no_utf8_text_is_left_out_and_named(
    tmp_path: Path, content: bytes, message: str
) -> None:
    folder = _folder(tmp_path / "g", {"en/a.md": TERM, "en/x.md": content})
    read = read_folder(folder)
    assert [c.id for c in read.concepts] == ["cluster"]
    said = " ".join(w.message for w in read.warnings)
    assert "en/x.md" in said and message in said
    alone = _folder(tmp_path / "h", {"en/x.md": content})
    with pytest.raises(ParseError) as raised:
        read_folder(alone)
    assert message in raised.value.message and raised.value.path == "h/en/x.md"


@pytest.mark.slow
def test_a_folder_of_thousands_of_term_files_loads_in_seconds(tmp_path: Path) -> None:
    n = 2000
    files: dict[str, bytes | str] = {}
    for i in range(n):
        files[f"en/term-{i}.md"] = (
            f"---\ntitle: Term {i}\nid: term-{i}\nshort_description: >\n  A "
            f'{{{{< glossary_tooltip text="thing" term_id="t" >}}}} number {i}.\n'
            f"aka:\n- t{i}\ntags:\n- fundamental\n---\nBody of [term](https://x.org) {i}.\n"
        )
        if i % 2:
            files[f"bn/term-{i}.md"] = f"---\ntitle: পদ {i} (Term {i})\n---\nপদ {i}।\n"
    folder = _folder(tmp_path / "big", files)
    start = time.perf_counter()
    glossary = read_folder(folder)
    elapsed = time.perf_counter() - start
    assert len(glossary.concepts) == n
    assert elapsed < 10, f"{n} term files took {elapsed:.1f} s"  # 0.6 s measured


# --- Markdown definition lists ------------------------------------------------------------


def test_a_markdown_definition_list_glossary() -> None:
    path = FIXTURES / "markdown" / "deflist-glossary.md"
    glossary = formats.detect(path.name, path.read_bytes()).read(path.read_bytes(), path.name)
    concepts = {c.id: c for c in glossary.concepts}
    assert list(concepts) == [
        "batch-normalization",
        "bias",
        "embedding",
        "embedding-2",
        "overfitting",
    ]  # letter sections (## B) are no terms
    bias = [d.text for d in present(concepts["bias"].section("en")).definitions]
    assert len(bias) == 2 and bias[1].startswith("In statistics")
    embedding = present(concepts["embedding"].section("en")).definitions[0].text
    assert embedding.endswith("Similar items get nearby vectors.") and "torch" not in embedding
    assert terms(glossary)[3] == {"bn": ["এমবেডিং"], "en": ["Embedding"]}
    overfitting = present(concepts["overfitting"].section("en")).definitions[0].text
    assert "<em>" not in overfitting and "data, not the signal" in overfitting  # tags dropped
    assert present(concepts["overfitting"].section("en")).terms[0].source == (
        "deflist-glossary.md:32"
    )


def test_a_document_that_only_uses_a_definition_list_is_not_a_glossary() -> None:
    data = (
        b"# Command line\n\nThe tool takes options.\n\nIt prints a table.\n\n"
        b"It reads a file.\n\n--verbose\n: say more\n\n--quiet\n: say less\n\nThat is all.\n"
    )
    with pytest.raises(ParseError, match="no glossary found"):
        formats.get("markdown").read(data, "cli.md")


# --- Detection ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "fmt"),
    [
        ("notes-glossary.txt", "markdown"),
        ("terms.txt", "csv"),
        ("po-glossary", "po"),
    ],
)
def test_a_file_whose_name_does_not_say_is_detected_by_its_content(name: str, fmt: str) -> None:
    data = (FIXTURES / "hostile" / name).read_bytes()
    found = formats.detect(name, data)
    assert found.name == fmt
    assert found.read(data, name).concepts


@pytest.mark.parametrize(
    ("data", "fmt"),
    [
        (b"english\tbengali\nmodel\t\xe0\xa6\xae\xe0\xa6\xa1\xe0\xa7\x87\xe0\xa6\xb2\n", "tsv"),
        (b'<?xml version="1.0"?>\n<tbx type="TBX-Basic"></tbx>\n', "tbx"),
        (b'# comment\nmsgctxt "ui"\nmsgid "file"\nmsgstr "x"\n', "po"),
        (b"| English | Arabic |\n|---|---|\n| model | x |\n", "markdown"),
        (b"Cluster\n: A set of nodes.\n\nPod\n: A group of containers.\n", "markdown"),
        ("\ufeffপরিভাষা\nউপশিরোনাম\nমডেল\nসংজ্ঞা, একটি, দুটি\n".encode("utf-16"), "text"),
        ("এআই গ্লসারি\nকৃত্রিম বুদ্ধিমত্তা, সম্পূর্ণ অভিধান\nমডেল (Model)\nএকটি, দুটি\n".encode(), "text"),
    ],
)
def test_content_detection(data: bytes, fmt: str) -> None:
    assert formats.detect("glossary.txt", data).name == fmt


@pytest.mark.parametrize(
    "path", sorted((ROOT / "data" / "sources").glob("*.txt")), ids=lambda p: p.name
)
def test_the_plain_format_is_still_detected_as_plain(path: Path) -> None:
    assert formats.detect(path.name, path.read_bytes()).name == "text"


@pytest.mark.parametrize(
    ("name", "data", "message", "line"),
    [
        ("cluster.txt", (FIXTURES / "hostile" / "cluster.txt").read_bytes(),
         "line 1 is YAML front matter", 1),
        ("x.txt", b"\x00\x01\x02\x03\x04binary", "NUL bytes", 1),
        ("x.csv", b"a,b\n" + b"\x00" * 40, "NUL bytes", 2),
        ("x.txt", "পরিভাষা\nমডেল\n".encode("utf-16-le"), "UTF-16 without a byte order mark",
         1),
        ("x.md", "# Glossaire\n\n## café\n\nune définition\n".encode("latin-1"), "Latin-1", 3),
        ("x.txt", b"\x89PNG\r\n\x1a\n\x00\x00", "a PNG image", None),
        ("x.po", b"\x7fELF\x02\x01", "an ELF executable", None),
        ("x.txt", b"\xff\xfe\x00\x00a\x00\x00\x00", "UTF-32", None),
    ],
)  # fmt: skip
def test_a_file_that_is_no_glossary_text_is_refused_up_front(
    name: str, data: bytes, message: str, line: int | None
) -> None:
    with pytest.raises(ParseError) as raised:
        formats.detect(name, data)
    assert message in raised.value.message
    assert raised.value.line == line


def test_a_lone_term_file_names_the_folder_to_give() -> None:
    data = (FIXTURES / "hostile" / "cluster.txt").read_bytes()
    with pytest.raises(ParseError) as raised:
        formats.detect("cluster.txt", data)
    assert "give the folder" in (raised.value.hint or "") and "--format folder" in (
        raised.value.hint or ""
    )


@pytest.mark.parametrize("fmt", ["markdown", "po"])
def test_a_forced_format_still_refuses_binary(fmt: str) -> None:
    with pytest.raises(ParseError, match="NUL bytes"):
        formats.get(fmt).read(b"# Glossary\x00\x00\x00\x01", "x")


@pytest.mark.parametrize("fmt", ["markdown", "po"])
def test_utf16_with_a_bom_is_text(fmt: str) -> None:
    path = {"markdown": FIXTURES / "markdown" / "glossary-bn.md",
            "po": FIXTURES / "po" / "gnome-glossary-bn.po"}[fmt]  # fmt: skip
    data = path.read_text(encoding="utf-8").encode("utf-16")
    assert formats.detect(path.name, data).read(data, path.name).concepts


# --- One huge line --------------------------------------------------------------------------


def _huge(kind: str, size: int) -> tuple[str, bytes]:
    words = b"ab " * (size // 3)
    return {
        "markdown": ("x.md", b"# Glossary\n\n## Term (T)\n\n" + words + b"\n\n## B (B)\n\nb\n"),
        "markdown-line": ("x.md", b"# Glossary " + words),
        "po": ("x.po", HEADER.encode() + b'msgid "' + words + b'"\nmsgstr "b"\n'),
        "po-unclosed": ("x.po", b'msgid "' + words),
        "text": ("x.txt", words),
    }[kind]


def _read_time(kind: str, size: int) -> float:
    from glossary_cli.formats.seedtext import parse

    name, data = _huge(kind, size)
    start = time.perf_counter()
    try:
        fmt = formats.detect(name, data)
        if fmt.aligned:
            parse(data, name)
        else:
            fmt.read(data, name)
    except ParseError as exc:
        assert exc.path == name  # a message with the file, never a traceback
    return time.perf_counter() - start


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["markdown", "markdown-line", "po", "po-unclosed", "text"])
def test_one_huge_line_costs_linear_time(kind: str) -> None:
    small = min(_read_time(kind, 500_000) for _ in range(2))
    large = _read_time(kind, 4_000_000)
    assert large < 10, f"4 MB took {large:.1f} s"
    # eight times the input: linear is 8×, quadratic 64×
    assert large < max(small, 0.01) * 24, f"{small:.3f} s → {large:.3f} s"


# --- Through the command line -------------------------------------------------------------


@pytest.fixture
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("GLOSS_USER_DATA", str(tmp_path / "user"))
    monkeypatch.setenv("GLOSS_CACHE", str(tmp_path / "cache"))
    return tmp_path


@pytest.mark.parametrize(
    ("path", "says"),
    [
        (FIXTURES / "hostile" / "notes-glossary.txt", "would add notes-glossary.txt: "),
        (FIXTURES / "hostile" / "terms.txt", "would add terms.txt: "),
        (FIXTURES / "markdown" / "deflist-glossary.md", "would add deflist-glossary.md: "),
        (FIXTURES / "po" / "ar_EG.po", "would add ar_EG.po: "),
    ],
)
def test_dry_run_of_files_told_by_their_content(isolated: Path, path: Path, says: str) -> None:
    result = gloss("add", "--dry-run", str(path))
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith(says)
    assert not (isolated / "user" / "sources").exists()


def test_add_prints_where_a_po_file_language_came_from(isolated: Path) -> None:
    result = gloss("add", "--dry-run", str(FIXTURES / "po" / "ar_EG.po"))
    assert result.exit_code == 0, result.stderr
    assert "from the file name" in result.stderr


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        ("terms.txt", b"\x00\x01binary\x00", "NUL bytes"),
        ("cluster.txt", (FIXTURES / "hostile" / "cluster.txt").read_bytes(), "give the folder"),
        ("bad.po", HEADER.encode() + b'msgid "plugin\nmsgstr "x"\n', "bad.po:5"),
        ("latin.md", "# Glossaire\n\n## café\n".encode("latin-1"), "Latin-1"),
    ],
)
def test_add_refuses_hostile_files_without_a_traceback_and_adds_nothing(
    isolated: Path, name: str, data: bytes, message: str
) -> None:
    path = isolated / name
    path.write_bytes(data)
    for args in (["add", "--dry-run", str(path)], ["add", str(path)]):
        result = gloss(*args)
        assert result.exit_code == 3, result.stderr
        assert message in result.stderr and "Traceback" not in result.stderr
    assert not (isolated / "user" / "sources").exists()


def test_add_refuses_a_plain_file_with_a_control_character(tmp_path: Path) -> None:
    """A build keeps such a line (with a warning), but no export could write it: add refuses
    the file, naming its line, and writes nothing."""
    path = tmp_path / "esc.txt"
    path.write_bytes(b"Title\nsub\nterm\x1b[2J (Esc)\ndefinition\n")
    result = gloss("add", str(path), "--lang", "en")
    assert result.exit_code == 3
    assert f"{path}:3: the line contains the control character U+001B" in result.stderr
    assert gloss("export", "--format", "tbx").exit_code == 0
