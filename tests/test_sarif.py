"""``--format sarif`` of ``gloss check``, ``gloss scan`` and ``gloss lint``: logs that the
official SARIF 2.1.0 schema (OASIS, ``fixtures/sarif``) accepts, whose regions point at the
very text of each finding in Bengali, Arabic and English documents, counted in UTF-16 code
units as the log says (``columnKind``), and whose exit codes fail a CI job on findings.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from glossary_cli.sarif import region_of_span, text_lines, utf16_column

from .conftest import gloss

SCHEMA = Path(__file__).parent / "fixtures" / "sarif" / "sarif-schema-2.1.0.json"

#: A glossary of one concept whose every language has a deprecated term.
TERMS = """id,lang,term,status
tokenizer,en,tokenizer,preferred
tokenizer,en,word splitter,deprecated
tokenizer,bn,টোকেনাইজার,preferred
tokenizer,bn,শব্দভাজক,deprecated
tokenizer,ar,المرمز,preferred
tokenizer,ar,مقطع الكلمات,deprecated
"""


def _valid(log: dict[str, Any]) -> None:
    """Fail unless ``log`` is valid SARIF 2.1.0 (the OASIS schema, JSON Schema draft 4)."""
    import jsonschema

    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft4Validator.check_schema(schema)
    errors = list(jsonschema.Draft4Validator(schema).iter_errors(log))
    assert not errors, [f"{list(e.absolute_path)}: {e.message}" for e in errors]


def _text_at(root: Path, result: dict[str, Any]) -> str:
    """The text a result's region covers, reading its columns as UTF-16 code units."""
    physical = result["locations"][0]["physicalLocation"]
    region = physical["region"]
    assert region["startLine"] == region["endLine"]
    path = root / physical["artifactLocation"]["uri"]
    line: str = text_lines(path.read_text(encoding="utf-8"))[region["startLine"] - 1]
    units = line.encode("utf-16-le")
    start, end = region["startColumn"] - 1, region["endColumn"] - 1
    return units[2 * start : 2 * end].decode("utf-16-le")


def _run(args: list[str]) -> tuple[int, dict[str, Any]]:
    result = gloss(*args)
    assert result.exit_code in (0, 1), result.stdout + result.stderr
    log = json.loads(result.stdout)
    _valid(log)
    return result.exit_code, log


@pytest.fixture
def glossary(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working directory with the bundled glossary and :data:`TERMS` added."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "terms.csv").write_text(TERMS, encoding="utf-8")
    added = gloss("add", "terms.csv")
    assert added.exit_code == 0, added.stderr
    return tmp_path


@pytest.mark.parametrize(
    ("line", "offset", "column"),
    [
        ("LoRA adapters", 5, 6),  # English: a column per letter
        ("আমরা শব্দভাজকের আউটপুট", 5, 6),  # Bengali: signs and virama are code units too
        ("ثم نستخدم مقطع الكلمات", 10, 11),  # Arabic, in logical order
        ("😀 শব্দভাজক", 2, 4),  # an emoji before: a surrogate pair, two columns
        ("𝐀𝐁 x", 3, 6),  # mathematical letters outside the BMP
    ],
)
def test_columns_count_utf16_code_units(line: str, offset: int, column: int) -> None:
    assert utf16_column(line, offset) == column


def test_a_span_over_crlf_lines_and_a_byte_order_mark() -> None:
    text = "\ufeffLoRA\r\nমডেলের ক্ষতি"
    start = text.index("মডেলের") - 1  # gloss's offsets do not count the BOM
    assert region_of_span(text, start, start + 6).start_line == 2
    assert region_of_span(text, start, start + 6).start_column == 1


@pytest.mark.slow
def test_scan_deprecated_terms_of_three_languages_as_sarif(glossary: Path) -> None:
    doc = glossary / "docs" / "notes.md"
    doc.parent.mkdir()
    doc.write_text(
        "# Notes\n\nThe word splitters run first. 😀 আমরা শব্দভাজকের আউটপুট দেখি।\n\n"
        "```\nword splitter in code is left alone\n```\n\nثم نستخدم مقطع الكلمات هنا.\n",
        encoding="utf-8",
    )
    code, log = _run(["scan", "docs/notes.md", "--only-deprecated", "--format", "sarif"])
    assert code == 1  # findings fail the job
    run = log["runs"][0]
    assert run["columnKind"] == "utf16CodeUnits"
    driver = run["tool"]["driver"]
    assert driver["name"] == "gloss" and driver["version"]
    assert [r["id"] for r in driver["rules"]] == ["deprecated-term"]
    assert driver["rules"][0]["defaultConfiguration"]["level"] == "error"
    results = run["results"]
    assert [_text_at(glossary, r) for r in results] == [
        "word splitters",
        "শব্দভাজকের",
        "مقطع الكلمات",
    ]
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results}
    assert uris == {"docs/notes.md"}
    assert all(r["level"] == "error" and r["ruleId"] == "deprecated-term" for r in results)
    assert "use 'টোকেনাইজার'" in results[1]["message"]["text"]
    assert len({r["partialFingerprints"]["glossFinding/v1"] for r in results}) == 3
    # a line added above moves the findings, not their fingerprints
    doc.write_text("Intro.\n\n" + doc.read_text(encoding="utf-8"), encoding="utf-8")
    _, moved = _run(["scan", "docs/notes.md", "--only-deprecated", "--format", "sarif"])
    after = moved["runs"][0]["results"]
    assert [r["partialFingerprints"] for r in after] == [r["partialFingerprints"] for r in results]
    assert after[0]["locations"][0]["physicalLocation"]["region"]["startLine"] == 5


@pytest.mark.slow
def test_a_clean_text_is_an_empty_valid_log_and_exit_0(glossary: Path) -> None:
    (glossary / "clean.txt").write_text("আমরা টোকেনাইজার ব্যবহার করি।\n", encoding="utf-8")
    code, log = _run(["scan", "clean.txt", "--only-deprecated", "--format", "sarif"])
    assert code == 0
    assert log["runs"][0]["results"] == []
    # without --only-deprecated a term found is a note, and finding one is scan's success
    code, log = _run(["scan", "clean.txt", "--format", "sarif"])
    assert code == 0
    assert [(r["ruleId"], r["level"]) for r in log["runs"][0]["results"]] == [
        ("glossary-term", "note")
    ]
    assert _text_at(glossary, log["runs"][0]["results"][0]) == "টোকেনাইজার"


@pytest.mark.slow
def test_check_findings_point_at_the_translation(glossary: Path) -> None:
    (glossary / "bn.po").write_text(
        'msgid ""\nmsgstr ""\n"Language: bn\\n"\n\n'
        '#: src/a.c:1\nmsgid "The tokenizer splits text."\nmsgstr "শব্দভাজক লেখা ভাগ করে।"\n\n'
        'msgid "Network Pruning helps."\nmsgstr "এটি সাহায্য করে।"\n',
        encoding="utf-8",
    )
    (glossary / "ar.tsv").write_text(
        "id\ten\tar\n"
        "s1\tThe tokenizer is fast.\tمقطع الكلمات سريع.\n"
        "s2\tWe use a Mixture of Experts.\tنستخدم Mixture of Experts.\n",
        encoding="utf-8",
    )
    (glossary / "en-bn.xlf").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">\n'
        '<file source-language="en" target-language="bn" datatype="plaintext" original="x">\n'
        "<body>\n"
        '<trans-unit id="u1">\n<source>The word splitter</source>\n'
        "<target>এই শব্দভাজকটি</target>\n</trans-unit>\n"
        "</body>\n</file>\n</xliff>\n",
        encoding="utf-8",
    )
    code, log = _run(["check", "bn.po", "ar.tsv", "en-bn.xlf", "--format", "sarif"])
    assert code == 1
    results = log["runs"][0]["results"]
    found = [
        (
            r["ruleId"],
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            r["locations"][0]["physicalLocation"]["region"]["startLine"],
            _text_at(glossary, r),
        )
        for r in results
    ]
    assert found == [
        ("check-deprecated", "bn.po", 7, "শব্দভাজক"),
        ("check-missing", "bn.po", 10, '"এটি সাহায্য করে।"'),  # the translation that lacks it
        ("check-deprecated", "ar.tsv", 2, "مقطع الكلمات"),
        ("check-untranslated", "ar.tsv", 3, "Mixture of Experts"),  # the target's, not the source's
        ("check-deprecated", "en-bn.xlf", 7, "শব্দভাজকটি"),
    ]
    assert {r["level"] for r in results} == {"error"}
    rules = {r["id"]: r for r in log["runs"][0]["tool"]["driver"]["rules"]}
    assert set(rules) == {"check-deprecated", "check-missing", "check-untranslated"}
    assert all(r["shortDescription"]["text"] and r["help"]["text"] for r in rules.values())


@pytest.mark.slow
def test_lint_findings_name_the_file_as_given(glossary: Path) -> None:
    sub = glossary / "glossary"
    sub.mkdir()
    (sub / "my-terms.csv").write_text(
        "en,bn,ar\nmixture of experts,মিশ্র বিশেষজ্ঞ model,خليط الخبراء\npruning,ছাঁটাই,प्रूनिंग\n",
        encoding="utf-8",
    )
    code, log = _run(["lint", "glossary/my-terms.csv", "--format", "sarif"])
    assert code == 1  # an error
    results = log["runs"][0]["results"]
    assert [(r["ruleId"], r["level"], _text_at(glossary, r)) for r in results] == [
        ("latin-in-term", "warning", "মিশ্র বিশেষজ্ঞ model"),
        ("script-mismatch", "error", "प्रूनिंग"),
    ]
    uri = results[0]["locations"][0]["physicalLocation"]["artifactLocation"]
    assert uri == {"uri": "glossary/my-terms.csv", "uriBaseId": "%SRCROOT%"}
    (sub / "my-terms.csv").write_text("en,bn\npruning,ছাঁটাই\n", encoding="utf-8")
    code, log = _run(["lint", "glossary/my-terms.csv", "--format", "sarif"])
    assert code == 0 and log["runs"][0]["results"] == []


def test_of_several_files_one_with_nothing_to_check_is_skipped_and_named(
    glossary: Path,
) -> None:
    """A template, or a PO of one language on both sides, does not stop the others."""
    (glossary / "bn.po").write_text(
        'msgid ""\nmsgstr ""\n"Language: bn\\n"\n\n'
        'msgid "The tokenizer splits text."\nmsgstr "শব্দভাজক লেখা ভাগ করে।"\n',
        encoding="utf-8",
    )
    (glossary / "app.pot").write_text('msgid "The tokenizer"\nmsgstr ""\n', encoding="utf-8")
    (glossary / "en_GB.po").write_text(
        'msgid ""\nmsgstr ""\n"Language: en_GB\\n"\n\nmsgid "color"\nmsgstr "colour"\n',
        encoding="utf-8",
    )
    result = gloss("check", "en_GB.po", "app.pot", "bn.po", "--format", "lines")
    assert result.exit_code == 1, result.stderr
    assert result.stdout.startswith("bn.po:6:")
    assert "gloss: en_GB.po: not checked: the source and the target are both en" in result.stderr
    assert "gloss: app.pot: not checked: a template (.pot) holds no translation" in result.stderr
    assert "gloss: bn.po: 1 issue in 1 segment (en → bn)" in result.stderr
