"""Bad input, hostile data and interrupted runs: never a traceback, never a lost data file.

Every failing command is checked to leave the data directory byte-identical (``snapshot``).
The environment cases (locale, pipes, signals) run ``gloss`` as a real process; the rest run
in-process with Typer's ``CliRunner``.
"""

from __future__ import annotations

import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from glossary_cli import build, store
from glossary_cli.errors import ExitCode
from glossary_cli.records import glossary_from_mapping, glossary_to_mapping

from .conftest import gloss, gloss_popen, gloss_process, snapshot

BN_HEADER = "এআই গ্লসারি\nকৃত্রিম বুদ্ধিমত্তার সম্পূর্ণ অভিধান\n"
AR_HEADER = "قاموس الذكاء الاصطناعي\nالقاموس الكامل للذكاء الاصطناعي\n"
LORA = "লো-র্যাঙ্ক অ্যাডাপ্টেশন (LoRA)\nএকটি দক্ষ অভিযোজন পদ্ধতি।\n"
QAT = "কোয়ান্টাইজেশন অ্যাওয়ার প্রশিক্ষণ (QAT)\nপ্রশিক্ষণের সময় কোয়ান্টাইজেশনের সিমুলেশন।\n"
GOOD = BN_HEADER + LORA + QAT

# Characters a terminal acts on; none may reach it from glossary data.
TERMINAL_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
SGR = re.compile("\x1b\\[[0-9;]*m")  # rich's own colours, when forced on


# --- helpers --------------------------------------------------------------------------------


def make_data(
    root: Path,
    files: Mapping[str, bytes | str],
    *,
    manifest: str | None = None,
    curation: str | None = None,
) -> Path:
    """A data directory with ``sources/`` files (text is written as UTF-8)."""
    (root / "sources").mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        raw = data.encode("utf-8") if isinstance(data, str) else data
        (root / "sources" / name).write_bytes(raw)
    if manifest is not None:
        (root / "sources.yaml").write_text(manifest, encoding="utf-8")
    if curation is not None:
        (root / "curation.yaml").write_text(curation, encoding="utf-8")
    return root


def with_records(root: Path) -> Path:
    """Give ``root`` the records of a good glossary first, so that a failing build has
    something to lose; then the test replaces the sources."""
    scratch = make_data(root / "scratch", {"g.txt": GOOD})
    result = build.build_records(scratch)
    (root / store.RECORDS).write_text(result.text, encoding="utf-8")
    return root


def assert_fails_cleanly(data: Path, *args: str, code: ExitCode, says: tuple[str, ...]) -> Any:
    """Run a command that must fail: exit code, message, data directory untouched."""
    before = snapshot(data)
    result = gloss(*args)
    assert result.exit_code == code, (result.stdout, result.stderr)
    for fragment in says:
        assert fragment in result.stderr, result.stderr
    assert snapshot(data) == before
    return result


def bengali_words(n: int, seed: int = 0) -> Iterator[str]:
    """``n`` distinct Bengali pseudo-words (consonant + vowel sign syllables)."""
    consonants = [chr(c) for c in range(0x0995, 0x09A9)]
    vowels = ["", "\u09be", "\u09bf", "\u09c0", "\u09c1", "\u09c7", "\u09cb"]
    for i in range(n):
        k, word = i * 7919 + seed, ""
        for _ in range(4):
            k, c = divmod(k, len(consonants))
            k, v = divmod(k, len(vowels))
            word += consonants[c] + vowels[v]
        yield word


def large_glossary(entries: int, seed: int = 0) -> str:
    words = list(bengali_words(entries * 2, seed))
    lines = [BN_HEADER.rstrip("\n")]
    for i in range(entries):
        lines.append(f"{words[2 * i]} {words[2 * i + 1]} (Term{i})")
        lines.append(" ".join(words[(2 * i + k) % len(words)] for k in range(25)) + "।")
    return "\n".join(lines) + "\n"


# --- 1. glossary files given to `gloss build` ------------------------------------------------

# (id, file bytes, exit code, fragments of the one message). Every message names the file and
# the line, and what to do.
BAD_FILES = [
    (
        "invalid-utf8",
        GOOD.encode() + b"\xff\xfe bad\n",
        ExitCode.DATA,
        ("sources/g.txt:7:1", "not valid UTF-8", "save the glossary as UTF-8"),
    ),
    (
        "utf16-without-bom",
        GOOD.encode("utf-16-le"),
        ExitCode.DATA,
        ("sources/g.txt:1", "UTF-16 without a byte order mark", "UTF-8"),
    ),
    (
        "binary",
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 8,
        ExitCode.DATA,
        ("sources/g.txt:", "binary"),
    ),
    (
        "binary-without-nul",
        bytes(range(0x80, 0x100)) * 16,
        ExitCode.DATA,
        ("sources/g.txt:1:1", "not valid UTF-8"),
    ),
    ("empty", b"", ExitCode.DATA, ("sources/g.txt: the file is empty", "title")),
    ("blank-lines-only", b"\n \n\t\r\n", ExitCode.DATA, ("sources/g.txt: the file is empty",)),
    ("title-only", "এআই গ্লসারি\n".encode(), ExitCode.DATA, ("sources/g.txt:1", "subtitle")),
    (
        "header-only",
        BN_HEADER.encode(),
        ExitCode.DATA,
        ("sources/g.txt:2", "no entries", "add term and definition lines"),
    ),
    (
        "odd-number-of-lines",
        (GOOD + "একা শব্দ\n").encode(),
        ExitCode.DATA,
        ("sources/g.txt:7", "has no definition", "followed by its definition"),
    ),
    (
        "empty-definition-line",
        (BN_HEADER + "লো-র্যাঙ্ক অ্যাডাপ্টেশন (LoRA)\n\n" + QAT).encode(),
        ExitCode.DATA,
        ("sources/g.txt:4", "definition of", "is empty"),
    ),
    (
        "empty-term-line",
        (BN_HEADER + "(LoRA)\nএকটি দক্ষ অভিযোজন পদ্ধতি।\n" + QAT).encode(),
        ExitCode.DATA,
        ("sources/g.txt:3", "the term is empty", "write the term"),
    ),
    (
        "nul-bytes",
        (GOOD + "নতুন\x00শব্দ\nসংজ্ঞা\n").encode(),
        ExitCode.DATA,
        ("sources/g.txt:7", "NUL bytes"),
    ),
    (
        "devanagari",
        "शब्दकोश\nउपशीर्षक\nकृत्रिम बुद्धि\nमशीन की बुद्धि।\n".encode(),
        ExitCode.DATA,
        ("sources/g.txt:3", "Devanagari", "sources.yaml"),
    ),
    (
        "latin-only",
        b"Glossary\nAI terms\nPruning\nRemoving weights.\n",
        ExitCode.DATA,
        ("sources/g.txt:3", "Latin", "--lang"),
    ),
    (
        "no-header",
        (LORA + QAT).encode(),
        ExitCode.DATA,
        ("sources/g.txt:1", "no header"),
    ),
]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("content", "code", "says"), [case[1:] for case in BAD_FILES], ids=[c[0] for c in BAD_FILES]
)
def test_a_bad_glossary_file_is_one_clear_error(
    tmp_path: Path, content: bytes, code: ExitCode, says: tuple[str, ...]
) -> None:
    data = make_data(with_records(tmp_path), {"g.txt": content})
    result = assert_fails_cleanly(data, "build", "--data", str(data), code=code, says=says)
    assert result.stderr.count("gloss:") == 1
    # --check reports the same problem and writes nothing either
    assert_fails_cleanly(data, "build", "--check", "--data", str(data), code=code, says=says)


# (id, files, manifest, fragments of the warning). Each builds with a warning; --strict makes
# it an error that changes nothing.
WARNINGS = [
    (
        "line-separators-inside-a-line",
        {
            "g.txt": BN_HEADER
            + "লো-র্যাঙ্ক\u2028অ্যাডাপ্টেশন (LoRA)\nএকটি\u0085দক্ষ\x0cঅভিযোজন।\n"
            + "নতুন\u2029শব্দ\nসংজ্ঞা।\n"
        },
        None,
        ("sources/g.txt:3", "line separator or form feed", "keep each term"),
    ),
    (
        "bengali-and-arabic-lines-in-one-file",
        {"g.txt": GOOD + "تقليم الشبكة (Pruning)\nطريقة لإزالة الأوزان.\n"},
        None,
        ("sources/g.txt:7", "Arabic script in a Bengali (bn) glossary"),
    ),
    (
        "the-same-term-twice",
        {"g.txt": GOOD + "লো-র্যাঙ্ক অ্যাডাপ্টেশন\nআরেকটি সংজ্ঞা।\n"},
        None,
        ("sources/g.txt:7", "appears twice (first on line 3)", "merge"),
    ),
    (
        "two-files-claim-one-concept-differently",
        {"a.txt": GOOD, "b.txt": BN_HEADER + "লো-র্যাঙ্ক অ্যাডাপ্টেশন (LoRA)\nঅন্য সংজ্ঞা।\n"},
        None,
        ("b.txt:3", "a.txt:3", "another definition", "one file"),
    ),
    (
        "two-files-give-one-english-name-to-two-concepts",
        {
            "a.txt": BN_HEADER + "লো-র্যাঙ্ক অ্যাডাপ্টেশন (Low-Rank Adaptation - LoRA)\nএকটি।\n",
            "b.txt": BN_HEADER + "নিম্ন র‍্যাঙ্ক অভিযোজন (Low-Rank Adaptation)\nঅন্য সংজ্ঞা।\n",
        },
        None,
        ("b.txt:3", "a.txt:3", "'Low-Rank Adaptation'", "different concepts"),
    ),
    (
        "unbalanced-parenthesis",
        {"g.txt": BN_HEADER + "লো-র্যাঙ্ক অ্যাডাপ্টেশন (LoRA\nএকটি দক্ষ পদ্ধতি।\n" + QAT},
        None,
        ("sources/g.txt:3", "unbalanced parenthesis", "close the parenthesis"),
    ),
    (
        "control-characters-in-a-line",
        {"g.txt": BN_HEADER + "লো-র্যাঙ্ক\x1b[31m অ্যাডাপ্টেশন\nএকটি\x07 পদ্ধতি।\n"},
        None,
        ("sources/g.txt:3", "control character U+001B", "remove it"),
    ),
]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("files", "manifest", "says"), [w[1:] for w in WARNINGS], ids=[w[0] for w in WARNINGS]
)
def test_a_skippable_problem_is_a_warning_and_strict_makes_it_an_error(
    tmp_path: Path, files: dict[str, str], manifest: str | None, says: tuple[str, ...]
) -> None:
    data = make_data(with_records(tmp_path), files, manifest=manifest)
    assert_fails_cleanly(
        data, "build", "--strict", "--data", str(data), code=ExitCode.DATA, says=says
    )
    result = gloss("build", "--data", str(data))
    assert result.exit_code == 0, result.stderr
    assert "gloss: warning:" in result.stderr
    for fragment in says:
        assert fragment in result.stderr
    assert gloss("build", "--check", "--data", str(data)).exit_code == 0


@pytest.mark.parametrize(
    "encoding", ["utf-16-le", "utf-16-be", "utf-8-sig"], ids=["utf16le", "utf16be", "utf8bom"]
)
def test_a_file_with_a_byte_order_mark_builds(tmp_path: Path, encoding: str) -> None:
    bom = {"utf-16-le": b"\xff\xfe", "utf-16-be": b"\xfe\xff", "utf-8-sig": b""}[encoding]
    data = make_data(tmp_path, {"g.txt": bom + GOOD.encode(encoding)})
    assert gloss("build", "--data", str(data)).exit_code == 0
    card = json.loads(gloss("show", "LoRA", "--json", "--data", str(data)).stdout)
    assert card["terms"]["bn"]["term"] == "লো-র্যাঙ্ক অ্যাডাপ্টেশন"


@pytest.mark.parametrize("newline", ["\r", "\r\n", "\n"], ids=["cr", "crlf", "lf"])
def test_every_line_end_builds_the_same_records(tmp_path: Path, newline: str) -> None:
    data = make_data(tmp_path, {"g.txt": GOOD.replace("\n", newline)})
    reference = build.build_records(make_data(tmp_path / "lf", {"g.txt": GOOD}))
    assert build.build_records(data).glossary.concepts == reference.glossary.concepts


@pytest.mark.parametrize(
    ("tag", "text", "term"),
    [
        ("hi", "शब्दकोश\nउपशीर्षक\nकृत्रिम बुद्धि\nमशीन की बुद्धि।\n", "कृत्रिम बुद्धि"),
        ("en", "Glossary\nAI terms\nPruning\nRemoving weights.\n", "Pruning"),
    ],
)
def test_a_script_gloss_cannot_guess_builds_with_its_language_named(
    tmp_path: Path, tag: str, text: str, term: str
) -> None:
    data = make_data(tmp_path, {"g.txt": text}, manifest=f"g.txt: {{lang: {tag}}}\n")
    assert gloss("build", "--data", str(data)).exit_code == 0
    hits = json.loads(gloss("search", term, "--json", "--data", str(data)).stdout)
    assert hits[0]["terms"][tag]["term"] == term


@pytest.mark.parametrize(
    ("manifest", "says"),
    [
        ("g.txt: {lang: no}\n", ("sources.yaml:1:15", "False", "quoted")),
        ("g.txt:\n  lang: 1e3\n", ("sources.yaml:2:9", "not a language tag")),
        ("g.txt: {lang: [bn]}\n", ("sources.yaml:1:15", "not a language tag")),
        ("g.txt: [bn]\n", ("sources.yaml", "must map file names")),
        ("g.txt: {lang: bn\n", ("sources.yaml:2:1", "invalid YAML", "by hand")),
        ("g.txt: {lang: bn, langauge: ar}\n", ("sources.yaml:1:19", "unknown setting 'langauge'")),
    ],
)
def test_a_bad_manifest_is_reported_with_its_line(
    tmp_path: Path, manifest: str, says: tuple[str, ...]
) -> None:
    data = make_data(with_records(tmp_path), {"g.txt": GOOD}, manifest=manifest)
    assert_fails_cleanly(data, "build", "--data", str(data), code=ExitCode.DATA, says=says)


def test_a_manifest_naming_a_missing_file_is_a_warning(tmp_path: Path) -> None:
    manifest = "g.txt: {lang: bn}\ngone.txt: {lang: ar}\n"
    data = make_data(tmp_path, {"g.txt": GOOD}, manifest=manifest)
    built = gloss("build", "--data", str(data))
    assert built.exit_code == 0
    assert "sources.yaml: names gone.txt, which is not in sources/" in built.stderr
    assert_fails_cleanly(
        data, "build", "--strict", "--data", str(data), code=ExitCode.DATA, says=("gone.txt",)
    )


@pytest.mark.parametrize(
    ("curation", "says"),
    [
        ("concepts:\n- match: {bn: yes}\n  en: X\n", ("curation.yaml:2:10", "not 'bn' to True")),
        ("concepts:\n- match: {bn: লো-র্যাঙ্ক অ্যাডাপ্টেশন}\n  en: no\n", ("curation.yaml:3:7",)),
        ("concepts:\n- match: {bn: x}\n  abbr: [1.5]\n", ("curation.yaml:3:9", "'abbr'")),
        ("concepts:\n- match: {bn: x}\n  colour: red\n", ("curation.yaml:3:11", "unknown key")),
        ("concepts: [\n", ("curation.yaml:2:1", "invalid YAML")),
    ],
)
def test_a_bad_curation_file_is_reported_with_its_line_and_column(
    tmp_path: Path, curation: str, says: tuple[str, ...]
) -> None:
    data = make_data(with_records(tmp_path), {"g.txt": GOOD}, curation=curation)
    assert_fails_cleanly(data, "build", "--data", str(data), code=ExitCode.DATA, says=says)


@pytest.mark.slow
def test_a_one_megabyte_line_is_left_out_with_its_line_and_the_rest_builds(tmp_path: Path) -> None:
    definition = " ".join(bengali_words(1, 1)) * 1 + " " + "ক" * 1_000_000
    text = BN_HEADER + "দীর্ঘ সংজ্ঞা (Long)\n" + definition + "\nমডেল (Model)\nএকটি মডেল।\n"
    data = make_data(tmp_path, {"g.txt": text})
    started = time.monotonic()
    built = gloss("build", "--data", str(data))
    assert built.exit_code == 0
    assert "g.txt:4" in built.stderr and "1,000,0" in built.stderr and "left out" in built.stderr
    assert gloss("show", "Long", "--json", "--data", str(data)).exit_code == 1
    card = json.loads(gloss("show", "Model", "--json", "--data", str(data)).stdout)
    assert card["terms"]["bn"]["term"] == "মডেল"
    assert time.monotonic() - started < 60


@pytest.mark.slow
def test_a_one_megabyte_term_line_is_an_error_or_a_record_never_a_crash(tmp_path: Path) -> None:
    data = make_data(tmp_path, {"g.txt": BN_HEADER + "ক" * 1_000_000 + "\nসংজ্ঞা।\n"})
    result = gloss("build", "--data", str(data))
    assert result.exit_code == 3
    assert "g.txt:3" in result.stderr and "1,000,000 characters" in result.stderr


@pytest.mark.slow
@pytest.mark.parametrize(
    ("tail", "says"),
    [
        ("একা শব্দ\n", "has no definition"),
        ("নতুন\x00শব্দ\nসংজ্ঞা\n", "NUL bytes"),
    ],
    ids=["odd-lines", "nul"],
)
def test_a_50_megabyte_file_with_a_late_error_names_its_line(
    tmp_path: Path, tail: str, says: str
) -> None:
    body = large_glossary(2000)
    repeats = (50_000_000 - len(body.encode())) // len(LORA.encode()) + 1
    text = body + LORA * repeats + tail
    assert len(text.encode()) > 50_000_000
    data = make_data(with_records(tmp_path), {"g.txt": text})
    line = text.count("\n") - tail.count("\n") + 1
    started = time.monotonic()
    assert_fails_cleanly(
        data, "build", "--data", str(data), code=ExitCode.DATA, says=(f"sources/g.txt:{line}", says)
    )
    assert time.monotonic() - started < 30


@pytest.mark.slow
def test_a_50_megabyte_file_of_blank_lines_builds(tmp_path: Path) -> None:
    text = BN_HEADER + "\n" * 26_000_000 + " \t \n" * 6_500_000 + LORA
    assert len(text.encode()) > 50_000_000
    data = make_data(tmp_path, {"g.txt": text})
    started = time.monotonic()
    assert gloss("build", "--data", str(data)).exit_code == 0
    card = json.loads(gloss("show", "LoRA", "--json", "--data", str(data)).stdout)
    assert card["terms"]["bn"]["source"] == f"g.txt:{32_500_003}"
    assert time.monotonic() - started < 30


def test_an_unreadable_source_name_is_escaped_in_messages(tmp_path: Path) -> None:
    name = "g\x1b[31m\u202e.txt"
    data = make_data(with_records(tmp_path), {name: b""})
    result = assert_fails_cleanly(
        data, "build", "--data", str(data), code=ExitCode.DATA, says=("\\x1b[31m\\u202e.txt",)
    )
    assert not TERMINAL_CONTROLS.search(result.stderr)


# --- 2. YAML records -------------------------------------------------------------------------

YAML_1_1_TRAPS = [
    "no",
    "yes",
    "on",
    "off",
    "No",
    "ON",
    "y",
    "n",
    "null",
    "Null",
    "~",
    "",
    "1e3",
    "1.5e3",
    "0x1F",
    "0o17",
    "017",
    "1_000",
    "1:20",
    "2024-01-01",
    "2024-01-01 10:00:00",
    ".nan",
    ".inf",
    "-.inf",
    "+1",
    "-0",
    "@user",
    "`tick",
    "a: b",
    ": ",
    "# comment",
    "a #b",
    "#",
    "!!python/object:os.system",
    "!!python/object/apply:os.system ['true']",
    "&anchor",
    "*alias",
    "<<",
    "? key",
    "- item",
    "[a]",
    "{a: b}",
    "|",
    ">",
    "%TAG",
    "'",
    '"',
    "\\",
    " leading",
    "trailing ",
    "\ttab",
    "a\nb",
    "\r\n",
    "\x85",
    "a\x85b",
    "\u2028",
    "\u2029",
    "\ufeffbom",
    "\x1b[31m",
    "\u202e",
    "বাংলা: হ্যাঁ",
    "عربي #",
]


def _record(value: str) -> dict[str, Any]:
    """A record document with ``value`` in every text field of the schema (a term is never
    blank, so it is ``value`` after a letter)."""
    definition = {"text": value, "lang": "en", "source": value, "citation": value}
    prop = {"category": value, "value": value, "element": value, "citation": value,
            "target": value, "date": value, "responsibility": value}  # fmt: skip
    term = {
        "term": f"t{value}", "type": value, "status": "admitted", "status_original": value,
        "pos": value, "usage": value, "source": value, "citation": value, "notes": [value],
        "definitions": [{"text": value, "source": value}], "properties": [prop],
    }  # fmt: skip
    return {
        "schema_version": 2,
        "sources": [
            {
                "file": value,
                "lang": value,
                "title": value,
                "subtitle": value,
                "entries": 1,
                "sha256": value,
            }
        ],
        "concepts": [
            {
                "id": "c",
                "subject_fields": [value],
                "definitions": [definition],
                "notes": [value],
                "xrefs": [{"type": value, "text": value, "target": value}],
                "properties": [prop],
                "languages": {
                    "en": {"terms": [term]},
                    "bn": {
                        "terms": [term],
                        "definitions": [{"text": value, "source": value}],
                        "notes": [value],
                        "properties": [prop],
                    },
                },
                "provenance": [value],
            }
        ],
    }


@pytest.mark.slow
@pytest.mark.parametrize("value", YAML_1_1_TRAPS)
def test_yaml_values_round_trip_as_the_same_strings(tmp_path: Path, value: str) -> None:
    plain = {"k": [value], "m": {value: value}, value: {"x": value}}
    assert store.load_yaml(store.dump_yaml(plain), "x.yaml") == plain
    if not value:
        return  # records leave empty optional fields out
    glossary = glossary_from_mapping(_record(value))
    text = store.HEADER + store.dump_yaml(glossary_to_mapping(glossary))
    (tmp_path / store.RECORDS).write_text(text, encoding="utf-8")
    assert store.read_records(tmp_path) == glossary
    # and through the pure-Python safe loader, for installs without libyaml
    import yaml

    assert yaml.load(text, Loader=yaml.SafeLoader) == glossary_to_mapping(glossary)


@pytest.mark.parametrize(
    "value", ["no", "yes", "on", "null", "1e3", "0x1F", "1_000", "2024-01-01", ".nan", "@x"]
)
def test_yaml_traps_in_a_glossary_file_survive_build_and_show(tmp_path: Path, value: str) -> None:
    text = f"Glossary\nAI terms\n{value}\n{value}\nkeep {value}\n{value}: {value} # {value}\n"
    data = make_data(tmp_path, {"g.txt": text}, manifest="g.txt: {lang: en}\n")
    assert gloss("build", "--data", str(data)).exit_code == 0
    glossary = store.read_records(data)
    assert [
        (s.terms[0].text, s.definitions[0].text) for c in glossary.concepts for s in c.languages
    ] == [
        (value, value),
        (f"keep {value}", f"{value}: {value} # {value}"),
    ]


def test_records_are_read_with_a_safe_loader(tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    (tmp_path / store.RECORDS).write_text(
        "schema: gloss/1\nsources: []\nconcepts:\n"
        f"- !!python/object/apply:os.system ['touch {marker}']\n",
        encoding="utf-8",
    )
    result = assert_fails_cleanly(
        tmp_path,
        "search",
        "LoRA",
        "--data",
        str(tmp_path),
        code=ExitCode.DATA,
        says=(f"{tmp_path / store.RECORDS}:4:3", "invalid YAML"),
    )
    assert "python/object" in result.stderr
    assert not marker.exists()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("edit", "says"),
    [
        (("term: লো", "term: [লো", None), ("invalid YAML",)),
        (("term: লো-র্যাঙ্ক অ্যাডাপ্টেশন", "term: yes", 6), ("bool", "quote it")),
        (("term: Low-Rank Adaptation", "term: 1.5", 6), ("term must be a string", "quote it")),
        (("term: LoRA", "term: 0x1F", 6), ("not int",)),
        (("    bn:", "    no:", 4), ("False", "not a language tag")),
        (("origin: curated", "origin: maybe", 8), ("origin",)),
        (("schema_version: 2", "schema_version: 9", None), ("schema 9", "upgrade gloss")),
    ],
    ids=["syntax", "bool-term", "float-en", "int-abbr", "bool-lang", "origin", "schema"],
)
def test_a_hand_edited_record_error_names_line_and_column(
    tmp_path: Path, edit: tuple[str, str, int | None], says: tuple[str, ...]
) -> None:
    data = make_data(tmp_path, {"g.txt": BN_HEADER + "লো-র্যাঙ্ক অ্যাডাপ্টেশন (LoRA)\nএকটি।\n"})
    (data / "curation.yaml").write_text(
        "concepts:\n- match: {bn: লো-র্যাঙ্ক অ্যাডাপ্টেশন}\n  en: Low-Rank Adaptation\n",
        encoding="utf-8",
    )
    assert gloss("build", "--data", str(data)).exit_code == 0
    records = data / store.RECORDS
    text = records.read_text(encoding="utf-8")
    old, new, offset = edit
    assert old in text
    records.write_text(text.replace(old, new, 1), encoding="utf-8")
    result = assert_fails_cleanly(
        data, "search", "LoRA", "--data", str(data), code=ExitCode.DATA, says=says
    )
    assert str(records) in result.stderr
    if offset is not None:  # the line and column of the value
        start = text.index(old)
        line = text.count("\n", 0, start) + 1
        column = start - text.rfind("\n", 0, start) + offset
        assert f"{records}:{line}:{column}:" in result.stderr


# --- 3. hostile content printed to a terminal ------------------------------------------------

HOSTILE = (
    "[bold red]লাল[/] [/] [link=https://evil.example]লিঙ্ক[/link] "
    "\x1b[31mএস্কেপ\x1b[0m \x1b]8;;https://evil.example\x1b\\ওএসসি\x1b]8;;\x1b\\ "
    "\x07ঘণ্টা\x08মুছুন\rফেরত \x9b31mসিএসআই \u202eউল্টো\u2066ঘেরা\u2069 \x1b[2J\x1b[H"
)


@pytest.fixture
def hostile_data(tmp_path: Path) -> Path:
    """Records whose every text field carries markup, ANSI, OSC 8, BEL, BS, CR and bidi."""
    mapping = {
        "schema": "gloss/1",
        "sources": [],
        "concepts": [
            {
                "id": "hostile",
                "en": "Hostile " + HOSTILE,
                "en_origin": "curated",
                "abbr": ["HST\x1b[5m"],
                "aliases": [HOSTILE],
                "notes": [HOSTILE],
                "terms": {
                    "bn": {
                        "term": "ক্ষতিকর " + HOSTILE,
                        "definition": HOSTILE,
                        "source": "g\x1b[31m.txt:3",
                    },
                    "ar": {"term": "ضار " + HOSTILE, "definition": HOSTILE, "source": "a.txt:3"},
                },
            }
        ],
    }
    (tmp_path / store.RECORDS).write_text(store.dump_yaml(mapping), encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("command", ["show", "search"])
def test_hostile_text_is_shown_as_text_in_tables(hostile_data: Path, command: str) -> None:
    result = gloss(
        command,
        "hostile",
        "--data",
        str(hostile_data),
        "--wide",
        "--no-pager",
        env={"COLUMNS": "1000"},
    )
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert not TERMINAL_CONTROLS.search(out), repr(out)
    assert "[bold red]" in out and "[link=https://evil.example]" in out
    assert "␛" in out  # ESC made visible


@pytest.mark.slow
@pytest.mark.parametrize("command", ["show", "search"])
def test_hostile_text_with_forced_colour_sends_only_rich_colours(
    hostile_data: Path, command: str
) -> None:
    proc = gloss_process(
        command,
        "hostile",
        "--data",
        str(hostile_data),
        "--no-pager",
        env={"FORCE_COLOR": "1", "TERM": "xterm-256color", "COLUMNS": "200"},
    )
    assert proc.returncode == 0
    out = proc.stdout.decode("utf-8")
    assert "\x1b[" in out  # colour is on
    assert not TERMINAL_CONTROLS.search(SGR.sub("", out)), repr(out)
    assert "\x1b]" not in out


@pytest.mark.parametrize("fmt", ["json", "jsonl"])
def test_hostile_text_in_json_is_escaped_and_loads_back_unchanged(
    hostile_data: Path, fmt: str
) -> None:
    result = gloss("show", "hostile", "--format", fmt, "--data", str(hostile_data))
    assert result.exit_code == 0
    assert not re.search("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]", result.stdout)
    card = json.loads(result.stdout)
    assert card["terms"]["bn"]["definition"] == HOSTILE
    assert card["aliases"] == [HOSTILE]


def test_hostile_text_in_csv_is_made_visible(hostile_data: Path) -> None:
    result = gloss("search", "hostile", "--format", "csv", "--data", str(hostile_data))
    assert result.exit_code == 0
    assert not TERMINAL_CONTROLS.search(result.stdout), repr(result.stdout)
    assert "[bold red]" in result.stdout


def test_hostile_names_in_did_you_mean_are_escaped(hostile_data: Path) -> None:
    result = gloss("show", "hostl", "--data", str(hostile_data))
    assert result.exit_code == ExitCode.NOT_FOUND
    assert not TERMINAL_CONTROLS.search(result.stderr), repr(result.stderr)


# --- 4. queries --------------------------------------------------------------------------------

QUERIES = [
    ("empty", "", ExitCode.USAGE, "the query is empty"),
    ("whitespace", " \t\u3000 ", ExitCode.USAGE, "the query is empty"),
    ("100000-characters", "ক" * 100_000, ExitCode.USAGE, "100000 characters long"),
    ("100000-words", "a " * 50_000, ExitCode.USAGE, "characters long"),
    ("control-characters", "\x1b[31m\x07\x00\x08", ExitCode.NOT_FOUND, "no concept matches"),
    ("lone-surrogates", "abc\udcff\udcfe", ExitCode.USAGE, "not UTF-8"),
    ("nul", "Lo\x00RA", None, None),
    ("four-scripts", "LoRA কোয়ান্টাইজেশন تقليم कृत्रिम", None, None),
    ("fts-syntax", 'AND OR NOT "( * ^ NEAR(a b)', None, None),
    ("sql", "'; DROP TABLE name; --", ExitCode.NOT_FOUND, "no concept matches"),
    ("like-wildcards", "%_%", ExitCode.NOT_FOUND, "no concept matches"),
    ("max-code-point", "\U0010ffff\U0010ffff", ExitCode.NOT_FOUND, "no concept matches"),
    ("long-but-allowed", "quantization " * 38, None, None),
]


@pytest.mark.slow
@pytest.mark.parametrize("command", ["search", "show"])
@pytest.mark.parametrize(
    ("query", "code", "says"), [q[1:] for q in QUERIES], ids=[q[0] for q in QUERIES]
)
def test_any_query_is_a_result_or_a_clear_message(
    command: str, query: str, code: ExitCode | None, says: str | None
) -> None:
    result = gloss(command, "--", query)
    if code is None:
        assert result.exit_code in (ExitCode.OK, ExitCode.NOT_FOUND)
    else:
        assert result.exit_code == code, (result.stdout, result.stderr)
    if says is not None:
        assert says.replace("query", "term" if command == "show" else "query") in result.stderr
    assert len(result.stderr) < 2000
    assert not TERMINAL_CONTROLS.search(result.stderr)


@pytest.mark.slow
@pytest.mark.parametrize("command", ["search", "show"])
@pytest.mark.parametrize("raw", [b"\xff\xfe", b"abc\xff", b"\xed\xa0\x80", b"LoRA\x80"])
def test_argv_bytes_that_are_not_utf8_give_a_message(command: str, raw: bytes) -> None:
    proc = gloss_process(command, raw)
    assert proc.returncode == ExitCode.USAGE
    assert b"not UTF-8" in proc.stderr


def test_a_query_starting_with_a_dash() -> None:
    assert gloss("search", "-LoRA").exit_code == ExitCode.USAGE
    hits = json.loads(gloss("search", "--json", "--", "-LoRA").stdout)
    assert hits[0]["abbr"] == ["LoRA"]
    assert "gloss search -- -1bit" in gloss("search", "--help").stdout


# --- exit codes --------------------------------------------------------------------------------


def test_exit_codes_are_documented_in_help() -> None:
    out = " ".join(gloss("--help").stdout.split())
    assert "Exit codes (the table in the README): 0 found or done; 1 nothing found" in out
    assert "2 usage error" in out and "3 data error" in out
    assert "70 internal error (a bug in gloss" in out and "130 interrupted" in out
    assert [int(c) for c in ExitCode] == [0, 1, 2, 3, 70, 130]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["search", "LoRA"], ExitCode.OK),
        (["search", "xyzzyqwv"], ExitCode.NOT_FOUND),
        (["show", "xyzzyqwv"], ExitCode.NOT_FOUND),
        (["search", "LoRA", "--limit", "0"], ExitCode.USAGE),
        (["search", "LoRA", "--lang", "b@d"], ExitCode.USAGE),
        (["search", "LoRA", "--no-such-option"], ExitCode.USAGE),
        (["search", "LoRA", "--data", "/nonexistent/dir"], ExitCode.USAGE),
    ],
)
def test_each_exit_code(args: list[str], code: ExitCode) -> None:
    assert gloss(*args).exit_code == code


# --- 5. process environment ------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(
    "env",
    [
        {"COLUMNS": "20", "FORCE_COLOR": "1", "TERM": "xterm-256color"},
        {"COLUMNS": "5", "TERM": "dumb"},
        {"NO_COLOR": "1", "CLICOLOR_FORCE": "1", "TTY_COMPATIBLE": "1"},
    ],
    ids=["narrow-forced-colour", "dumb", "no-color"],
)
@pytest.mark.parametrize("fmt", ["json", "jsonl"])
def test_json_is_never_wrapped_coloured_or_ascii_escaped(env: dict[str, str], fmt: str) -> None:
    proc = gloss_process("search", "LoRA", "--format", fmt, env=env)
    assert proc.returncode == 0
    out = proc.stdout.decode("utf-8")
    assert "\x1b" not in out
    assert "লো-র্যাঙ্ক অ্যাডাপ্টেশন" in out and "\\u09" not in out
    rows = [json.loads(line) for line in out.splitlines()] if fmt == "jsonl" else json.loads(out)
    definition = rows[0]["terms"]["bn"]["definition"]
    assert json.dumps(definition, ensure_ascii=False) in out  # on one line, whole


@pytest.mark.slow
@pytest.mark.parametrize(
    "env",
    [{"NO_COLOR": "1"}, {"TERM": "dumb"}],
    ids=["no-color", "dumb"],
)
def test_tables_without_colour(env: dict[str, str]) -> None:
    proc = gloss_process("show", "LoRA", "--no-pager", env=env)
    assert proc.returncode == 0
    assert b"\x1b" not in proc.stdout
    assert "লো-র্যাঙ্ক".encode() in proc.stdout


@pytest.mark.slow
@pytest.mark.parametrize(
    ("env", "unset"),
    [
        ({"LANG": "C"}, ("LC_ALL", "LC_CTYPE", "PYTHONIOENCODING", "PYTHONUTF8")),
        ({"LC_ALL": "C"}, ("LANG", "PYTHONIOENCODING", "PYTHONUTF8")),
        ({"LC_ALL": "C", "PYTHONUTF8": "0"}, ("LANG", "PYTHONIOENCODING")),
        ({"PYTHONIOENCODING": "ascii"}, ()),
        ({"PYTHONIOENCODING": "latin-1:strict"}, ()),
    ],
    ids=["LANG=C", "LC_ALL=C", "no-utf8-mode", "ascii-io", "latin1-io"],
)
@pytest.mark.parametrize("args", [["show", "LoRA", "--no-pager"], ["search", "LoRA", "--json"]])
def test_a_non_utf8_locale_still_prints_utf8(
    env: dict[str, str], unset: tuple[str, ...], args: list[str]
) -> None:
    proc = gloss_process(*args, env=env, unset=unset)
    assert proc.returncode == 0, proc.stderr
    assert "লো-র্যাঙ্ক অ্যাডাপ্টেশন".encode() in proc.stdout
    if "--json" in args:
        json.loads(proc.stdout.decode("utf-8"))


def test_a_message_with_undecodable_bytes_in_a_non_utf8_locale(tmp_path: Path) -> None:
    proc = gloss_process(
        "search",
        "x",
        "--data",
        os.fsencode(tmp_path) + b"/\xff",
        env={"LC_ALL": "C", "PYTHONUTF8": "0"},
        unset=("LANG", "PYTHONIOENCODING"),
    )
    assert proc.returncode == ExitCode.USAGE
    assert b"does not exist" in proc.stderr


@pytest.fixture(scope="module")
def big_data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data directory of 1500 concepts, built; search "term" finds them all."""
    data = make_data(tmp_path_factory.mktemp("big"), {"g.txt": large_glossary(1500)})
    result = build.build_records(data)
    store.write_records(data, result.text)
    return data


@pytest.mark.slow
@pytest.mark.parametrize("fmt", ["table", "json", "jsonl", "csv"])
def test_output_piped_into_head_stops_quietly(big_data: Path, fmt: str) -> None:
    proc = gloss_popen(
        "search", "term", "-n", "1500", "-f", fmt, "--no-pager", "--wide", "--data", str(big_data)
    )
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()  # head -1 exits
    err = proc.stderr.read()
    proc.stderr.close()
    assert proc.wait(timeout=120) == 0, err
    assert first
    assert err == b""


@pytest.mark.slow
@pytest.mark.parametrize(
    ("args", "code"),
    [
        (("search", "term", "-n", "1500", "--wide", "--no-pager"), ExitCode.OK),
        (("search", "term", "-n", "1500", "--json"), ExitCode.OK),
        (("list", "--lang", "bn", "--no-pager"), ExitCode.OK),
        (("stats",), ExitCode.OK),
        (("show", "Term7"), ExitCode.OK),
        (("show", "nothing like it"), ExitCode.NOT_FOUND),
        (("search", "term", "-n", "0"), ExitCode.USAGE),
    ],
)
def test_a_read_only_command_ends_with_all_its_output_and_its_exit_code(
    big_data: Path, args: tuple[str, ...], code: ExitCode
) -> None:
    # read-only commands end with os._exit once their output is flushed (cli._exit_now)
    env = {"COLUMNS": "100"}
    proc = gloss_process(*args, "--data", str(big_data), env=env)
    expected = gloss(*args, "--data", str(big_data), env=env)
    assert proc.returncode == code == expected.exit_code
    assert proc.stdout.decode("utf-8") == expected.stdout
    assert len(proc.stdout) > 100_000 or code != ExitCode.OK or args[0] in ("show", "stats")


@pytest.mark.slow
@pytest.mark.parametrize(
    "args", [("show", "LoRA"), ("show", "LoRA", "--json"), ("search", "quantization"),
             ("export", "-f", "csv"), ("list", "--format", "csv"), ("stats", "--json")],
)  # fmt: skip
def test_standard_output_that_cannot_be_written(args: tuple[str, ...]) -> None:
    # closed (gloss … >&-): nothing can be written, as on a full disk
    closed = subprocess.run(
        [sys.executable, "-m", "glossary_cli", *args], stdout=None, stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL, close_fds=True, timeout=120, check=False,
        preexec_fn=lambda: os.close(1),
    )  # fmt: skip
    assert closed.returncode == ExitCode.DATA, closed.stderr
    # its last line (an export first says what its format leaves out)
    said = closed.stderr.splitlines(keepends=True)
    assert said[-1] == b"gloss: cannot write the output: standard output is closed\n"
    assert all(line.startswith(b"gloss: warning: ") for line in said[:-1])
    if not Path("/dev/full").exists():
        return
    with open("/dev/full", "wb") as full:  # a full disk
        proc = gloss_process(*args, stdout=full)
    assert proc.returncode == ExitCode.DATA
    said = proc.stderr.splitlines(keepends=True)
    assert said[-1] == b"gloss: cannot write the output: No space left on device\n"
    assert all(line.startswith(b"gloss: warning: ") for line in said[:-1])


def test_a_read_only_command_reports_an_error_as_it_ends(tmp_path: Path) -> None:
    proc = gloss_process("show", "LoRA", "--data", str(tmp_path / "missing"))
    assert proc.returncode == ExitCode.USAGE
    assert b"does not exist" in proc.stderr


@pytest.mark.slow
def test_a_shell_pipe_into_head(big_data: Path) -> None:
    command = (
        f"{sys.executable} -m glossary_cli search term -n 1500 --json --data {big_data} | head -1"
    )
    proc = subprocess.run(
        ["bash", "-o", "pipefail", "-c", command], capture_output=True, timeout=120, check=False
    )
    assert proc.stdout == b"[\n"
    assert proc.stderr == b""
    assert proc.returncode == 0


@pytest.mark.slow
def test_no_home_directory(tmp_path: Path) -> None:
    proc = gloss_process(
        "search",
        "LoRA",
        "--json",
        env={"XDG_CACHE_HOME": str(tmp_path / "xdg")},
        unset=("HOME", "GLOSS_CACHE"),
    )
    assert proc.returncode == 0
    assert json.loads(proc.stdout)[0]["abbr"] == ["LoRA"]


@pytest.mark.slow
def test_an_unwritable_cache_directory_falls_back_to_memory(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    proc = gloss_process("search", "LoRA", "--json", env={"GLOSS_CACHE": str(blocker / "cache")})
    assert proc.returncode == 0
    assert json.loads(proc.stdout)[0]["abbr"] == ["LoRA"]


def test_a_cache_that_fails_while_compiling_falls_back_to_memory(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from glossary_cli import index

    real = index._fill

    def full_disk(conn: sqlite3.Connection, concepts: Any) -> None:
        if conn.execute("PRAGMA database_list").fetchone()[2]:  # a file, not :memory:
            raise sqlite3.OperationalError("database or disk is full")
        real(conn, concepts)

    monkeypatch.setattr(index, "_fill", full_disk)
    result = gloss("search", "LoRA", "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)[0]["abbr"] == ["LoRA"]
    assert not list(Path(os.environ["GLOSS_CACHE"]).glob("*.tmp"))


def test_a_read_only_data_directory_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = make_data(with_records(tmp_path), {"g.txt": GOOD + "নতুন শব্দ\nনতুন সংজ্ঞা।\n"})

    def read_only(*args: Any, **kwargs: Any) -> Any:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", read_only)
    assert_fails_cleanly(
        data,
        "build",
        "--data",
        str(data),
        code=ExitCode.DATA,
        says=(f"cannot write in {data}", "Permission denied", "permissions"),
    )


@pytest.mark.skipif(
    os.geteuid() == 0,
    reason="needs a user other than root (root writes into read-only directories)",
)
def test_a_read_only_data_directory_really_read_only(tmp_path: Path) -> None:
    data = make_data(with_records(tmp_path), {"g.txt": GOOD + "নতুন শব্দ\nনতুন সংজ্ঞা।\n"})
    data.chmod(0o555)
    try:
        before = snapshot(data)
        proc = gloss_process("build", "--data", str(data))
        assert proc.returncode == ExitCode.DATA
        assert b"cannot write in" in proc.stderr
        assert snapshot(data) == before
    finally:
        data.chmod(0o755)


def test_a_write_that_fails_after_the_temporary_file_leaves_no_trace(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = make_data(with_records(tmp_path), {"g.txt": GOOD + "নতুন শব্দ\nনতুন সংজ্ঞা।\n"})

    def disk_full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    assert_fails_cleanly(
        data, "build", "--data", str(data), code=ExitCode.DATA, says=("No space left",)
    )


# --- 6. interrupted and concurrent writes ----------------------------------------------------


def _build_process(data: Path) -> subprocess.Popen[bytes]:
    return gloss_popen("build", "--data", str(data), stdout=subprocess.DEVNULL)


@pytest.fixture
def changing_data(tmp_path: Path) -> tuple[Path, bytes, bytes]:
    """A data directory whose records are current for an old source; the source then changes.
    Returns the directory, the old records' bytes and the bytes a build now writes."""
    data = make_data(tmp_path / "data", {"g.txt": large_glossary(2500)})
    store.write_records(data, build.build_records(data).text)
    old = (data / store.RECORDS).read_bytes()
    (data / "sources" / "g.txt").write_text(large_glossary(2500, seed=1), encoding="utf-8")
    new = build.build_records(data).text.encode("utf-8")
    assert old != new
    return data, old, new


@pytest.mark.slow
def test_a_build_killed_at_any_point_leaves_old_or_new_records(
    changing_data: tuple[Path, bytes, bytes],
) -> None:
    data, old, new = changing_data
    sources = snapshot(data / "sources")
    started = time.monotonic()
    proc = _build_process(data)
    proc.communicate(timeout=120)
    assert proc.returncode == 0
    full = time.monotonic() - started
    outcomes = set()
    for fraction in (0.05, 0.3, 0.6, 0.8, 0.9, 0.95, 0.98, 1.0, 1.05):
        store.write_atomic(data / store.RECORDS, old)
        proc = _build_process(data)
        time.sleep(full * fraction)
        proc.send_signal(signal.SIGKILL)
        proc.communicate(timeout=60)
        records = (data / store.RECORDS).read_bytes()
        assert records in (old, new), f"torn records after {fraction:.2f} of a build"
        outcomes.add(records == new)
        assert snapshot(data / "sources") == sources
        leftovers = {p.name for p in data.iterdir()} - {"sources", store.RECORDS}
        assert all(re.fullmatch(r"\.concepts\.yaml\..+\.tmp", n) for n in leftovers), leftovers
    assert False in outcomes  # some kills came before the rename
    # whatever was left, the next build completes and the records are current
    assert gloss("build", "--data", str(data)).exit_code == 0
    assert (data / store.RECORDS).read_bytes() == new
    assert gloss("build", "--check", "--data", str(data)).exit_code == 0


@pytest.mark.slow
def test_two_builds_at_once_end_with_one_complete_result(
    changing_data: tuple[Path, bytes, bytes],
) -> None:
    data, _, new = changing_data
    procs = [_build_process(data) for _ in range(3)]
    for proc in procs:
        _, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
    assert (data / store.RECORDS).read_bytes() == new
    assert not [p for p in data.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.slow
def test_two_searches_compiling_the_index_at_once(big_data: Path) -> None:
    procs = [gloss_popen("search", "Term7", "--json", "--data", str(big_data)) for _ in range(3)]
    outputs = [proc.communicate(timeout=120) for proc in procs]
    assert all(proc.returncode == 0 for proc in procs), outputs
    assert len({out for out, _ in outputs}) == 1


def _index_file() -> Path:
    [path] = Path(os.environ["GLOSS_CACHE"]).glob("index-*.sqlite3")
    return path


def _garble(path: Path, start: int, length: int) -> None:
    data = bytearray(path.read_bytes())
    for i in range(start, min(len(data), start + length)):
        data[i] = (data[i] * 31 + 7) & 0xFF
    path.write_bytes(bytes(data))


CORRUPTIONS: dict[str, Callable[[Path], object]] = {
    "empty": lambda p: p.write_bytes(b""),
    "not-a-database": lambda p: p.write_bytes(b"hello, I am not SQLite" * 100),
    "truncated": lambda p: p.write_bytes(p.read_bytes()[: len(p.read_bytes()) // 3]),
    "header": lambda p: _garble(p, 0, 100),
    "meta-page": lambda p: _garble(p, 4096, 4096),
    "middle-pages": lambda p: _garble(p, p.stat().st_size // 2, 3 * 4096),
    "last-page": lambda p: _garble(p, p.stat().st_size - 4096, 4096),
}


@pytest.mark.slow
@pytest.mark.parametrize("corrupt", CORRUPTIONS.values(), ids=CORRUPTIONS.keys())
@pytest.mark.parametrize(
    "args",
    [["search", "LoRA"], ["search", "quantisation"], ["show", "LoRA"], ["search", "মডেল"]],
    ids=["exact", "fuzzy", "show", "definition"],
)
def test_a_corrupt_index_is_rebuilt(corrupt: Any, args: list[str]) -> None:
    expected = gloss(*args, "--json")
    assert expected.exit_code == 0
    corrupt(_index_file())
    again = gloss(*args, "--json")
    assert again.exit_code == 0, again.stderr
    assert again.stdout == expected.stdout


@pytest.mark.slow
@pytest.mark.parametrize("corrupt", ["empty", "not-a-database", "header"])
def test_an_unreadable_index_file_is_replaced(corrupt: str) -> None:
    assert gloss("search", "LoRA").exit_code == 0
    CORRUPTIONS[corrupt](_index_file())
    assert gloss("search", "LoRA").exit_code == 0
    with sqlite3.connect(_index_file()) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)


@pytest.mark.slow
def test_every_damaged_page_of_the_index_gives_the_results_of_a_sound_one() -> None:
    """SQLite reports a damaged page when a lookup reads it, and the index is compiled again;
    a page no lookup reads does not change results."""
    queries = ["LoRA", "quantisation", "কোয়ান্টাইজেশন", "تقليم", "মডেল"]
    expected = [gloss("search", q, "--json").stdout for q in queries]
    path = _index_file()
    pristine = path.read_bytes()
    for page in range(len(pristine) // 4096):
        for query, want in zip(queries, expected, strict=True):
            path.write_bytes(pristine)
            _garble(path, page * 4096, 4096)
            result = gloss("search", query, "--json")
            assert result.stdout == want, (page, query, result.stderr)


def test_a_stale_index_is_rebuilt_even_with_the_same_size_and_mtime(tmp_path: Path) -> None:
    data = make_data(tmp_path, {"g.txt": GOOD})
    assert gloss("build", "--data", str(data)).exit_code == 0
    assert gloss("search", "QAT", "--data", str(data)).exit_code == 0
    records = data / store.RECORDS
    st = records.stat()
    text = records.read_text(encoding="utf-8")
    assert "QAT" in text and "ZZQ" not in text
    swapped = text.replace("QAT", "ZZQ")
    assert len(swapped.encode()) == st.st_size
    replacement = tmp_path / "swapped.yaml"
    replacement.write_text(swapped, encoding="utf-8")
    os.utime(replacement, ns=(st.st_atime_ns, st.st_mtime_ns))
    os.replace(replacement, records)  # same size, same mtime: cp -p, rsync -t
    assert gloss("search", "QAT", "--data", str(data)).exit_code == ExitCode.NOT_FOUND
    hits = json.loads(gloss("search", "ZZQ", "--json", "--data", str(data)).stdout)
    assert hits[0]["abbr"] == ["ZZQ"]


@pytest.mark.slow
def test_a_killed_index_compile_leaves_a_working_cache(big_data: Path) -> None:
    for delay in (0.3, 0.8, 1.5):
        proc = subprocess.Popen(
            [sys.executable, "-m", "glossary_cli", "search", "Term7", "--data", str(big_data)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=60)
        hits = json.loads(gloss("search", "Term7", "--json", "--data", str(big_data)).stdout)
        assert hits[0]["abbr"] == ["Term7"]
        for index_file in Path(os.environ["GLOSS_CACHE"]).glob("index-*.sqlite3"):
            index_file.unlink()
