"""The defects a fault battery found in what gloss reads and prints, each kept as it was
reported: malformed input gives its file, line and what is wrong with exit 3 (a usage error
2), never a traceback; every reader refuses control characters the same way; text printed to
a terminal has them made visible; a term folder reads no file outside itself; regex mode folds
letters, never escapes; and a bug exits 70, never 1 ("nothing found")."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest

from glossary_cli.cli import app, main
from glossary_cli.errors import ExitCode

from .conftest import gloss


@pytest.fixture
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("GLOSS_USER_DATA", str(tmp_path / "user"))
    monkeypatch.setenv("GLOSS_CACHE", str(tmp_path / "cache"))
    return tmp_path


# --- 10. a bug exits 70, never 1 ---------------------------------------------------------------


def _run_main(monkeypatch: pytest.MonkeyPatch, *args: str) -> int:
    """Run the real entry point, :func:`glossary_cli.cli.main`, as the console script does."""
    monkeypatch.setattr(sys, "argv", ["gloss", *args])
    monkeypatch.setattr(sys, "stdout", sys.stdout)  # main() wraps it; put it back after
    # main() registers only the command it runs: the other tests need them all
    monkeypatch.setattr(app, "registered_commands", list(app.registered_commands))
    with pytest.raises(SystemExit) as stopped:
        main()
    code = stopped.value.code
    return code if isinstance(code, int) else 1


def _broken(*_: Any, **__: Any) -> Any:
    raise RuntimeError("boom")


def test_an_unexpected_exception_is_an_internal_error_not_nothing_found(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from glossary_cli import api

    monkeypatch.delenv("GLOSS_DEBUG", raising=False)
    monkeypatch.setattr(api, "sources", _broken)
    code = _run_main(monkeypatch, "sources")
    err = capsys.readouterr().err
    assert code == ExitCode.INTERNAL and int(ExitCode.INTERNAL) == 70
    assert "gloss: internal error: RuntimeError: boom" in err
    assert "a bug in gloss" in err and "GLOSS_DEBUG=1" in err
    assert "Traceback" not in err


def test_gloss_debug_prints_the_traceback_of_an_internal_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from glossary_cli import api

    monkeypatch.setenv("GLOSS_DEBUG", "1")
    monkeypatch.setattr(api, "sources", _broken)
    assert _run_main(monkeypatch, "sources") == 70
    err = capsys.readouterr().err
    assert "Traceback" in err and "RuntimeError: boom" in err and "_broken" in err


def test_the_internal_error_code_is_documented() -> None:
    help_text = " ".join(gloss("--help").stdout.split())
    assert "70 internal error (a bug in gloss" in help_text
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    assert "| 70 | internal error" in readme


# --- 8. regex mode: letters folded, escapes never; RE2's errors are usage errors ---------------


@pytest.fixture
def numbered(isolated: Path) -> Path:
    """A user glossary with an all-digit term (``2024``), one of letters and a Bengali one."""
    path = isolated / "numbered.jsonl"
    records = [
        '{"id": "year-2024", "languages": {"en": {"terms": [{"term": "2024"}]}}}',
        '{"id": "zqxmodel", "languages": {"en": {"terms": [{"term": "Zqxmodel"}]}, '
        '"bn": {"terms": [{"term": "জকমডেল"}]}}}',
    ]
    path.write_text("\n".join(records) + "\n", encoding="utf-8")
    added = gloss("add", str(path))
    assert added.exit_code == 0, added.stderr
    return path


def _ids(*args: str) -> set[str]:
    result = gloss("search", "--mode", "regex", "--format", "jsonl", "--limit", "100", *args)
    assert result.exit_code in (0, 1), result.stderr
    import json

    return {json.loads(line)["id"] for line in result.stdout.splitlines()}


@pytest.mark.parametrize(
    ("pattern", "has", "lacks"),
    [
        (r"^\D+$", {"zqxmodel"}, {"year-2024"}),  # no digit: not 2024
        (r"^\d+$", {"year-2024"}, {"zqxmodel"}),
        (r"^\S+$", {"year-2024", "zqxmodel"}, set()),
        (r"^\W+$", set(), {"year-2024"}),  # (RE2's \w is ASCII: জকমডেল is all \W)
        (r"^\w+$", {"year-2024", "zqxmodel"}, set()),
        ("^ZQXMODEL$", {"zqxmodel"}, set()),  # the case is still ignored
        (r"^\p{Bengali}+$", {"zqxmodel"}, {"year-2024"}),
        (r"(?P<head>zqx)model", {"zqxmodel"}, set()),
    ],
)
def test_regex_escapes_keep_their_meaning(
    numbered: Path, pattern: str, has: set[str], lacks: set[str]
) -> None:
    found = _ids("--", pattern)
    assert has <= found and not (lacks & found), found


@pytest.mark.parametrize(
    ("pattern", "says"),
    [
        (r"\p{Klingon}", r"\p{…} takes a Unicode script"),
        ("(?P<x>a", "missing )"),
        ("(?P=x)", "invalid perl operator"),  # RE2 has no backreferences
    ],
)
def test_a_pattern_re2_refuses_is_a_usage_error(pattern: str, says: str) -> None:
    result = gloss("search", "--mode", "regex", "--", pattern)
    assert result.exit_code == ExitCode.USAGE
    assert "is not valid" in result.stderr and says in result.stderr


# --- 5. malformed input: file, line, what is wrong, exit 3 -------------------------------------

PO_HEADER = 'msgid ""\nmsgstr ""\n"Language: bn\\n"\n'
TBX = (
    '<?xml version="1.0" encoding="{enc}"?>\n<martif type="TBX" xml:lang="en"><text><body>\n'
    '<termEntry id="c1"><langSet xml:lang="en"><tig><term>model</term></tig></langSet>\n'
    '<langSet xml:lang="{lang}"><tig><term>{term}</term></tig></langSet></termEntry>\n'
    "</body></text></martif>\n"
)
XLIFF = (
    '<?xml version="1.0" encoding="{enc}"?>\n<xliff version="1.2"><file source-language="en" '
    'target-language="{lang}" datatype="plaintext" original="x"><body>\n'
    '<trans-unit id="1"><source>{source}</source><target>{target}</target></trans-unit>\n'
    "</body></file></xliff>\n"
)
RECORD = (
    "schema_version: 2\nconcepts:\n- id: x\n  languages:\n    en:\n      terms:\n      - term: {}\n"
)


def _utf16_po_with_a_nul_in_its_charset() -> bytes:
    """A PO file with a UTF-16 byte order mark whose bytes are no UTF-16 (an odd count), and
    an ASCII charset name with a NUL byte in it."""
    text = PO_HEADER + '"Content-Type: text/plain; charset=UTF\x00-8\\n"\n\nmsgid "a"\nmsgstr "b"\n'
    body = text.encode("ascii")
    return b"\xff\xfe" + body + b"x" * (1 - len(body) % 2)


UTF16_PO = _utf16_po_with_a_nul_in_its_charset()
MALFORMED = [
    # (file name, content, command, exit code, what the message says)
    ("terms.csv", b"id,note\n1,hello\n", "add", 3, "terms.csv:1: no column holds terms"),
    ("terms.csv", b"id,note\n1,hello\n", "check", 3, "terms.csv:1: a bilingual table needs"),
    ("bn.po", UTF16_PO, "add", 3, "bn.po:1:52: bytes 0a are not valid UTF-16"),
    ("bn.po", UTF16_PO, "check", 3, "bn.po:1:52: bytes 0a are not valid UTF-16"),
    (
        "x.tbx",
        TBX.format(enc="Shift_JIS", lang="en", term="model\x80").encode("latin-1"),
        "add",
        3,
        "x.tbx:4:40: byte 0x80 is not Shift_JIS text",
    ),
    (
        "x.tbx",
        TBX.format(enc="x-klingon", lang="ja", term="model").encode("ascii"),
        "add",
        3,
        "x.tbx:1: the XML declaration names the encoding 'x-klingon'",
    ),
    ("x.xlf", b'<?xml version="1.0"?>\n<xliff version="1.2">\n</xliff>\n', "scan", 3,
     "x.xlf:2: the XLIFF document has no <file> element"),
    ("x.xlf", b'<?xml version="1.0"?>\n<xliff version="1.2">\n</xliff>\n', "check", 3,
     "x.xlf:2: the XLIFF document has no <file> element"),
    (
        "x.xlf",
        XLIFF.format(
            enc="UTF-8", lang="bn", source='<g id="a">' * 300 + "model" + "</g>" * 300,
            target="মডেল",
        ).encode(),
        "scan",
        3,
        "x.xlf:3: not an XLIFF or TMX file gloss can read: its elements nest more than 256",
    ),
    ("x.yaml", RECORD.format("2019-06-35").encode(), "add", 3,
     "x.yaml:7:15: invalid YAML: '2019-06-35' is written as a date but is none"),
    ("x.yaml", RECORD.format("2019-06-05").encode(), "add", 3,
     "x.yaml:7: concept 'x': languages.en.terms[1].term must be a string, not date"),
    ("x.yaml", RECORD.format("!!int twelve").encode(), "add", 3,
     "x.yaml:7:15: invalid YAML: 'twelve' cannot be read as int"),
    ("x.yaml", RECORD.format("!!int").encode(), "add", 3,
     "x.yaml:7:15: invalid YAML: '' cannot be read as int"),
    ("x.yaml", RECORD.format("!!bool maybe").encode(), "add", 3,
     "x.yaml:7:15: invalid YAML: 'maybe' cannot be read as bool"),
    ("x.jsonl", b"[" * 100_000 + b"]" * 100_000 + b"\n", "add", 3,
     "x.jsonl:1: the line nests arrays or objects too deep"),
    ("x.jsonl", b'{"id": "x", "a": ' + b"[" * 100_000 + b"]" * 100_000 + b"}\n", "add", 3,
     "x.jsonl:1: the line nests arrays or objects too deep"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "data", "command", "code", "says"),
    MALFORMED,
    ids=[f"{m[2]}-{m[0]}-{k}" for k, m in enumerate(MALFORMED)],
)
def test_malformed_input_is_a_message_with_its_line_never_a_traceback(
    isolated: Path, name: str, data: bytes, command: str, code: int, says: str
) -> None:
    path = isolated / name
    path.write_bytes(data)
    args = {"add": ["add", "--dry-run"], "scan": ["scan"], "check": ["check"]}[command]
    result = gloss(*args, str(path))
    assert result.exit_code == code, result.stderr
    assert f"{isolated}/{says}" in result.stderr or says in result.stderr, result.stderr
    assert not (isolated / "user" / "sources").exists()


def test_a_document_in_an_encoding_expat_lacks_is_read_in_it(isolated: Path) -> None:
    """TBX in Shift_JIS, XLIFF in GB2312: decoded as their XML declaration says."""
    tbx = isolated / "ja.tbx"
    tbx.write_bytes(TBX.format(enc="Shift_JIS", lang="ja", term="モデル").encode("shift_jis"))
    added = gloss("add", "--dry-run", str(tbx))
    assert added.exit_code == 0, added.stderr
    assert "ja モデル" in added.stdout
    xlf = isolated / "zh.xlf"
    xlf.write_bytes(XLIFF.format(enc="GB2312", lang="zh", source="pruning", target="剪枝")
                    .encode("gb2312"))  # fmt: skip
    scanned = gloss("scan", "--format", "jsonl", str(xlf))
    assert scanned.exit_code == 0, scanned.stderr
    assert '"id":"pruning"' in scanned.stdout.replace(" ", "")


FRONT = "---\ntitle: {title}\nlang: en\ndate: {date}\n---\nA definition.\n"


def test_a_term_file_whose_date_is_no_date_is_named_and_left_out(isolated: Path) -> None:
    folder = isolated / "terms"
    folder.mkdir()
    (folder / "good.md").write_text(FRONT.format(title="Zqxgood", date="2019-06-05"))
    (folder / "bad.md").write_text(FRONT.format(title="Zqxbad", date="2019-06-35"))
    result = gloss("add", "--dry-run", str(folder))
    assert result.exit_code == 0, result.stderr
    assert "bad.md:4: invalid YAML: '2019-06-35' is written as a date but is none" in (
        result.stderr
    )
    assert "Zqxgood" in result.stdout and "Zqxbad" not in result.stdout
    (folder / "good.md").unlink()
    refused = gloss("add", "--dry-run", str(folder))
    assert refused.exit_code == 3
    assert "terms/bad.md:4:7: invalid YAML: '2019-06-35'" in refused.stderr


# --- 7. a term folder reads only its own files -------------------------------------------------


def _term(title: str) -> str:
    return f"---\ntitle: {title}\nlang: en\n---\nA definition of {title}.\n"


def test_a_term_folder_does_not_follow_links_out_of_itself(isolated: Path) -> None:
    elsewhere = isolated / "elsewhere"
    (elsewhere / "en").mkdir(parents=True)
    (elsewhere / "secret.md").write_text(_term("Zqxsecret"), encoding="utf-8")
    (elsewhere / "en" / "hidden.md").write_text(_term("Zqxhidden"), encoding="utf-8")
    folder = isolated / "terms"
    folder.mkdir()
    (folder / "model.md").write_text(_term("Zqxmodel"), encoding="utf-8")
    (folder / "link.md").symlink_to(elsewhere / "secret.md")
    (folder / "bn").symlink_to(elsewhere / "en", target_is_directory=True)
    (folder / "dangling.md").symlink_to(isolated / "nothing.md")
    (folder / "same.md").symlink_to("model.md")  # a link that stays inside is read
    result = gloss("add", "--dry-run", str(folder))
    assert result.exit_code == 0, result.stderr
    assert "Zqxsecret" not in result.stdout and "Zqxhidden" not in result.stdout
    assert "Zqxmodel" in result.stdout
    warning = next(ln for ln in result.stderr.splitlines() if "symbolic link" in ln)
    assert "3 files were skipped (a symbolic link to a file or folder outside the term folder)" in (
        warning
    )
    assert all(name in warning for name in ("link.md", "bn", "dangling.md"))


def test_a_term_folder_of_links_out_only_is_refused(isolated: Path) -> None:
    (isolated / "secret.md").write_text(_term("Zqxsecret"), encoding="utf-8")
    folder = isolated / "terms"
    folder.mkdir()
    (folder / "link.md").symlink_to(isolated / "secret.md")
    result = gloss("add", "--dry-run", "--format", "folder", str(folder))
    assert result.exit_code == ExitCode.USAGE, result.stderr
    assert "holds no Markdown file" in result.stderr
    assert "Zqxsecret" not in result.stdout + result.stderr


# --- 6. control characters: refused the same way by every reader, made visible when shown ------


def _xlsx(rows: list[list[str]]) -> bytes:
    import io

    import openpyxl

    book = openpyxl.Workbook()
    for row in rows:
        book.active.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


TERM_ENTRY = (
    '<?xml version="1.0"?>\n<martif type="TBX" xml:lang="en"><text><body>\n'
    '<termEntry id="c1"><langSet xml:lang="en"><tig><term>model</term></tig></langSet>\n'
    '<langSet xml:lang="bn"><tig><term>{}</term></tig></langSet></termEntry>\n'
    "</body></text></martif>\n"
)
MESSAGE = "holds the control character U+"
CONTROLLED = [
    # (file name, content, command, what the message says after FILE:LINE: )
    ("table.md", "# Glossary\n\n| English | Bengali |\n|---|---|\n| model | মডেল |\n"
     "| over\x1b[2Jfitting | ওভারফিটিং |\n", "add",
     "table.md:6: the English cell " + MESSAGE + "001B"),
    ("headings.md", "# Glossary\n\n## Model (মডেল)\n\nA mo\x07del.\n\n## Data (ডেটা)\n\nData.\n",
     "add", "headings.md:3: a definition in en " + MESSAGE + "0007"),
    ("list.md", "# Glossary\n\nModel\n: A model.\n\nDa\x1bta\n: Data is data.\n", "add",
     "list.md:6: the en term " + MESSAGE + "001B"),
    ("bn.po", PO_HEADER + '\nmsgid "mo\x1b[31mdel"\nmsgstr "মডেল"\n', "add",
     "bn.po:5: msgid " + MESSAGE + "001B"),
    ("bn.po", PO_HEADER + '\nmsgid "model"\nmsgstr "মডেল\x07"\n', "add",
     "bn.po:5: msgstr " + MESSAGE + "0007"),
    ("bn.po", PO_HEADER + '\nmsgid "mo\x1b[31mdel"\nmsgstr "মডেল"\n', "scan",
     "bn.po:5: msgid " + MESSAGE + "001B"),
    ("bn.po", PO_HEADER + '\nmsgid "mo\x1b[31mdel"\nmsgstr "মডেল"\n', "check",
     "bn.po:5: msgid " + MESSAGE + "001B"),
    ("x.tbx", TERM_ENTRY.format("মডেল&#x7f;"), "add", "x.tbx:4: the bn term " + MESSAGE + "007F"),
    ("x.tbx", TERM_ENTRY.format("মডেল&#x9b;2J"), "add", "x.tbx:4: the bn term " + MESSAGE + "009B"),
    ("x.xlf", XLIFF.format(enc="UTF-8", lang="bn", source="model&#x9b;2J", target="মডেল"), "scan",
     "x.xlf:3: the source of unit '1' " + MESSAGE + "009B"),
    ("x.xlf", XLIFF.format(enc="UTF-8", lang="bn", source="model", target="মডেল&#x7f;"), "check",
     "x.xlf:3: the target of unit '1' " + MESSAGE + "007F"),
    ("x.tmx", '<?xml version="1.0"?>\n<tmx version="1.4"><header srclang="en"/><body>\n'
     '<tu tuid="7"><tuv xml:lang="en"><seg>model&#x85;&#x9b;</seg></tuv>'
     '<tuv xml:lang="bn"><seg>মডেল</seg></tuv></tu>\n</body></tmx>\n', "scan",
     "x.tmx:3: the source of unit '7' " + MESSAGE + "009B"),
    ("x.jsonl", '{"id": "x", "languages": {"en": {"terms": [{"term": "mo\\u001bdel"}]}}}\n', "add",
     "x.jsonl:1: languages.en.terms[1].term " + MESSAGE + "001B"),
    ("x.yaml", RECORD.format('"mo\\x1bdel"'), "add",
     "x.yaml:7: concepts[1].languages.en.terms[1].term " + MESSAGE + "001B"),
    ("x.xlsx", _xlsx([["English", "Bengali"], ["model", "মডেল"], ["da\x7fta", "ডেটা"]]), "add",
     "x.xlsx:3: the English cell " + MESSAGE + "007F"),
    ("x.csv", "English,Bengali\nmodel,মডেল\nda\x1bta,ডেটা\n", "add",
     "x.csv:3: the English cell " + MESSAGE + "001B"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "content", "command", "says"),
    CONTROLLED,
    ids=[f"{c[2]}-{c[0]}-{k}" for k, c in enumerate(CONTROLLED)],
)
def test_every_reader_refuses_a_control_character_the_same_way(
    isolated: Path, name: str, content: str | bytes, command: str, says: str
) -> None:
    path = isolated / name
    path.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)
    args = {"add": ["add"], "scan": ["scan"], "check": ["check"]}[command]
    result = gloss(*args, str(path))
    assert result.exit_code == ExitCode.DATA, result.stderr
    assert f"{path.parent}/{says}" in result.stderr, result.stderr
    assert "(remove it: a term, definition or note is plain text" in result.stderr
    assert not (isolated / "user" / "sources").exists()


def test_a_term_folder_refuses_a_control_character_naming_its_file(isolated: Path) -> None:
    folder = isolated / "terms"
    folder.mkdir()
    (folder / "model.md").write_text(_term("Zqxmodel"), encoding="utf-8")
    (folder / "data.md").write_text("---\ntitle: Data\nlang: en\n---\nDa\x07ta.\n")
    result = gloss("add", str(folder))
    assert result.exit_code == ExitCode.DATA, result.stderr
    assert "terms/data.md:5: a definition in en " + MESSAGE + "0007" in result.stderr
    assert not (isolated / "user" / "sources").exists()


TERMINAL_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
HOSTILE_NAME = "a\x1b[2J\x1b]0;owned\x07\x9b31mb.csv"  # clear, retitle, bell, recolour (C1 CSI)
SHOWN_NAME = "a\\x1b[2J\\x1b]0;owned\\x07\\x9b31mb.csv"


def test_add_and_remove_show_a_hostile_file_name_escaped(isolated: Path) -> None:
    """On a terminal (color=True: click strips no ANSI sequence), a file name with control
    characters is refused by add (it would be kept in every record and export), and add,
    its dry run and remove show it with each control character made visible."""
    path = isolated / HOSTILE_NAME
    path.write_text("English,Bengali\nzqxmodel,জকমডেল\n", encoding="utf-8")
    for args in (["add", "--dry-run", str(path)], ["add", str(path)]):
        result = gloss(*args, color=True)
        assert result.exit_code == ExitCode.USAGE, result.stderr
        assert not TERMINAL_CONTROLS.search(result.stderr.replace("\n", "")), repr(result.stderr)
        assert "rename" in result.stderr
    missing = gloss("remove", HOSTILE_NAME, color=True)
    assert missing.exit_code == ExitCode.USAGE
    assert not TERMINAL_CONTROLS.search(missing.stderr.replace("\n", ""))
    assert SHOWN_NAME in missing.stderr


def test_a_hostile_file_name_in_an_error_is_escaped(isolated: Path) -> None:
    for args in (["add", str(isolated / HOSTILE_NAME)], ["scan", str(isolated / HOSTILE_NAME)]):
        result = gloss(*args, color=True)
        assert result.exit_code in (ExitCode.USAGE, ExitCode.DATA), result.stderr
        assert not TERMINAL_CONTROLS.search(result.stderr.replace("\n", "")), result.stderr
        assert SHOWN_NAME in result.stderr


# --- found by fuzzing the readers with the inputs above, mutated ------------------------------


@pytest.mark.parametrize(
    ("name", "data", "code"),
    [
        # a header of one cell over rows of two, told apart by the script of the rows
        ("x.csv", b"About these terms\nA long definition of the first term here,model\n"
         b"Another long definition of a term here too,data\n", 0),
        ("x.tsv", b"hi-l", 0),  # a language tag's shape that ICU refuses (a final singleton)
        ("x.tsv", b"ID-35n", 0),  # nor is 35n a subtag of any kind (region, variant)
        ("x.csv", b"en,hi-l\nmodel,x\n", 3),
    ],
)  # fmt: skip
def test_fuzzed_tables_are_read_or_refused_never_a_traceback(
    isolated: Path, name: str, data: bytes, code: int
) -> None:
    path = isolated / name
    path.write_bytes(data)
    result = gloss("add", "--dry-run", str(path))
    assert result.exit_code == code, result.stderr


# --- what a review found ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ('{"id": ' + "9" * 100_000 + ', "languages": {"en": {"terms": [{"term": "foo"}]}}}',
         "cannot be read"),
        ('{"id": "x", "languages": {"en": {"terms": [{"term": "foo\\ud800bar"}]}}}',
         "surrogate"),
    ],
    ids=["an integer of 100,000 digits", "a lone surrogate"],
)  # fmt: skip
def test_json_lines_values_no_text_can_hold_are_refused(
    tmp_path: Path, line: str, said: str
) -> None:
    path = tmp_path / "x.jsonl"
    path.write_text(line + "\n", encoding="utf-8")
    for command in (["add", str(path)], ["lint", str(path)]):
        result = gloss(*command)
        assert result.exit_code == 3, (command, result.output)
        assert said in result.stderr and "x.jsonl:1" in result.stderr


@pytest.mark.parametrize("name", ["evil\x1b[31m.csv", "new\nline.csv", "bad\udcff.csv"])
def test_a_file_name_with_a_control_character_or_no_utf8_is_refused_by_add(
    tmp_path: Path, name: str
) -> None:
    try:
        path = tmp_path / name
        path.write_text("en,bn\nZebra gradient,জেব্রা গ্রেডিয়েন্ট\n", encoding="utf-8")
    except (OSError, UnicodeEncodeError):
        pytest.skip(f"the file system of {tmp_path} cannot hold the name {name!r}")
    result = gloss("add", str(path))
    assert result.exit_code == 2 and "rename" in result.stderr
    assert "\x1b" not in result.stderr


def test_check_of_a_table_with_a_cell_past_the_csv_limit_is_a_data_error(tmp_path: Path) -> None:
    path = tmp_path / "h.csv"
    path.write_text("en,ar\n" + "a" * 200_000 + ",ب\n", encoding="utf-8")
    result = gloss("check", str(path))
    # (read, or refused naming the file: the csv module's limit is process-wide, and a
    # table read before may have raised it)
    assert result.exit_code in (0, 1, 2, 3) and "Traceback" not in result.output
    assert result.exit_code in (0, 1) or "h.csv" in result.stderr


@pytest.mark.parametrize("row", ["| --- | --- |", "  |:---|---:|  ", "---|---", "| - |"])
def test_a_markdown_delimiter_row_is_one_whatever_its_edge_blanks(row: str) -> None:
    from glossary_cli.formats.markdown import _DELIMITER_ROW

    assert _DELIMITER_ROW.match(row.strip(" \t"))
    assert not _DELIMITER_ROW.match((" " * 40_000 + "-x").strip(" \t"))


def test_a_term_file_whose_name_holds_a_control_character_is_skipped_and_named(
    tmp_path: Path,
) -> None:
    import shutil

    folder = tmp_path / "glossary"
    shutil.copytree(Path(__file__).parent / "fixtures" / "term-folder" / "glossary", folder)
    first = sorted((folder / "en").glob("*.md"))[0]
    shutil.copy(first, folder / "en" / "evil\x1b[31m.md")
    result = gloss("add", str(folder), "--dry-run")
    assert result.exit_code == 0, result.output
    assert "rename it" in result.output and "evil\\x1b[31m.md" in result.output
    assert "\x1b" not in result.output


@pytest.mark.parametrize("encoding", ["utf-32", "utf-32-be"])
def test_a_utf32_table_with_its_byte_order_mark_is_read_as_the_readme_says(
    tmp_path: Path, encoding: str
) -> None:
    path = tmp_path / "u.csv"
    text = "en,bn\nZebra gradient,জেব্রা গ্রেডিয়েন্ট\n"
    path.write_bytes(
        ("\ufeff" if encoding.endswith("be") else "").encode(encoding) + text.encode(encoding)
    )
    result = gloss("add", str(path), "--dry-run")
    assert result.exit_code == 0, result.output
    assert "2 entries in en, bn" in result.output


@pytest.mark.parametrize("declared", ["Shift_JIS", "ISO-8859-1", "GB2312"])
def test_utf8_bytes_under_another_declared_encoding_are_refused_not_misread(
    tmp_path: Path, declared: str
) -> None:
    path = tmp_path / "x.tbx"
    path.write_text(
        f'<?xml version="1.0" encoding="{declared}"?>\n<martif type="TBX" xml:lang="en"><text>'
        '<body><termEntry id="a"><langSet xml:lang="ar"><tig><term>تقليم</term></tig>'
        '</langSet><langSet xml:lang="en"><tig><term>pruning</term></tig></langSet>'
        "</termEntry></body></text></martif>\n",
        encoding="utf-8",
    )
    result = gloss("add", str(path), "--dry-run")
    assert result.exit_code == 3
    assert f"x.tbx:1: the XML declaration says the file is {declared}" in result.stderr
