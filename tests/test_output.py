"""Every command's output goes through one function (:func:`glossary_cli.output.emit`), so each
format is the same contract in every command that offers it: one row per (command, format)."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest

from glossary_cli import output
from glossary_cli.errors import UsageError

from .conftest import gloss

TEXT = "LoRA and تقليم الشبكة help; শব্দভাজকের is old.\n"
TABLE = "id\ten\tbn\n1\tPruning removes weights\tওজন সরানো হয়\n"
LINT = "id,en,ar\np1,Pruning,প্রুনিং\np2,pruning,تقليم network\n"

#: (command line, the formats it offers besides the table)
COMMANDS: list[tuple[list[str], tuple[str, ...]]] = [
    (["search", "pruning"], ("json", "jsonl", "csv")),
    (["show", "LoRA"], ("json", "jsonl", "csv")),
    (["list", "--lang", "bn"], ("json", "jsonl", "csv")),
    (["sources"], ("json", "jsonl", "csv")),
    (["lint", "{tmp}/lint.csv"], ("json", "jsonl", "csv", "sarif", "lines")),
    (["scan", "{tmp}/text.md"], ("json", "jsonl", "csv", "tsv", "sarif", "lines")),
    (["check", "{tmp}/table.tsv"], ("json", "jsonl", "csv", "tsv", "sarif", "lines")),
    (["lookup", "{tmp}/queries.txt", "--lang", "bn"], ("jsonl", "tsv")),
]
ROWS = [(line, fmt) for line, formats in COMMANDS for fmt in ("table", *formats)]
LINE = re.compile(r"^[^\s:][^:]*(:\d+:\d+)?: (error|warning|note): .+ \[[\w-]+\]$")


@pytest.fixture
def tmp(tmp_path: Path) -> Path:
    (tmp_path / "text.md").write_text(TEXT, encoding="utf-8")
    (tmp_path / "table.tsv").write_text(TABLE, encoding="utf-8")
    (tmp_path / "lint.csv").write_text(LINT, encoding="utf-8")
    (tmp_path / "queries.txt").write_text("LoRA\npruning\n", encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(("line", "fmt"), ROWS, ids=[f"{r[0][0]}-{r[1]}" for r in ROWS])
def test_each_format_keeps_its_contract(line: list[str], fmt: str, tmp: Path) -> None:
    args = [a.replace("{tmp}", str(tmp)) for a in line]
    result = gloss(*args, "--format", fmt)
    assert result.exit_code in (0, 1), result.stderr
    out = result.stdout
    assert out.strip(), result.stderr
    if fmt == "json":
        document = json.loads(out)
        for item in document if isinstance(document, list) else [document]:
            assert next(iter(item)) == "schema_version"
    elif fmt == "jsonl":
        for row in out.splitlines():
            assert next(iter(json.loads(row))) == "schema_version"
    elif fmt in ("csv", "tsv"):
        rows = list(csv.reader(io.StringIO(out), delimiter="\t" if fmt == "tsv" else ","))
        assert len(rows) >= 2 and all(len(r) == len(rows[0]) for r in rows)
    elif fmt == "sarif":
        log = json.loads(out)
        assert log["version"] == "2.1.0" and log["runs"][0]["results"]
    elif fmt == "lines":
        assert all(LINE.match(row) for row in out.splitlines()), out
    else:  # a table for a person: no JSON, no escape code through a pipe
        assert "\x1b" not in out and not out.lstrip().startswith(("{", "["))


@pytest.mark.parametrize("fmt", list(output.Format))
def test_json_flag_agrees_only_with_json(fmt: output.Format) -> None:
    if fmt in (output.Format.json, output.Format.table, output.Format.card):
        assert output.resolve(fmt, True) is output.Format.json
    else:
        with pytest.raises(UsageError, match="ask for different outputs"):
            output.resolve(fmt, True)
    assert output.resolve(fmt, False) is fmt


def test_nothing_found_is_still_a_json_document(capsys: pytest.CaptureFixture[str]) -> None:
    output.nothing(output.Format.json)
    output.nothing(output.Format.json, one=True)
    output.nothing(output.Format.csv)
    assert [json.loads(x) for x in capsys.readouterr().out.split()] == [[], None]


def test_a_message_on_a_terminal_breaks_between_words(monkeypatch: pytest.MonkeyPatch) -> None:
    """A line on standard error wider than the terminal is broken between words (the terminal
    would break it inside one), continuations indented; a pipe gets it whole."""
    import io

    from glossary_cli import cli

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    message = "gloss: no concept surely matches 'quantization' (prefix 92); তথ্য কোয়ান্টাইজেশন"
    monkeypatch.setenv("COLUMNS", "40")
    lines = cli._wrapped_for_the_terminal([message], Terminal())
    assert len(lines) > 1 and all(len(line) <= 40 for line in lines)
    assert " ".join(line.strip() for line in lines) == message
    assert all(line.startswith("  ") for line in lines[1:])
    assert cli._wrapped_for_the_terminal([message], io.StringIO()) == [message]
