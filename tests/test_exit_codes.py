"""One exit code per cause, the same in every command (the table "Exit codes" in the README,
:class:`glossary_cli.errors.ExitCode`).

Each row is a command line, the cause it shows and the code it must exit with. ``{tmp}`` in an
argument is the test's temporary directory, where ``files()`` writes the inputs the rows name.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from glossary_cli import config, lsp
from glossary_cli.errors import ExitCode

from .conftest import gloss, gloss_process

OK, NOT_FOUND, USAGE, DATA = ExitCode.OK, ExitCode.NOT_FOUND, ExitCode.USAGE, ExitCode.DATA
INTERRUPTED = ExitCode.INTERRUPTED

#: Every command of ``gloss``, each of which appears in at least one row below.
COMMANDS = (
    "search", "show", "browse", "build", "add", "remove", "sources", "export", "list", "stats",
    "lint", "scan", "lookup", "check", "lsp",
)  # fmt: skip

MISSING = "{tmp}/no-such-file.txt"
NO_DATA = "{tmp}/no-such-directory"

#: (command line, cause, exit code)
TABLE: list[tuple[list[str], str, int]] = [
    # found, or done
    (["search", "LoRA"], "found", OK),
    (["show", "LoRA"], "found", OK),
    (["list"], "listed", OK),
    (["stats"], "counted", OK),
    (["sources"], "listed", OK),
    (["export", "--format", "csv"], "written", OK),
    (["lint"], "no error in the data", OK),
    (["scan", "{tmp}/terms.txt"], "a term found", OK),
    (["lookup", "{tmp}/queries.txt"], "every query answered", OK),
    (["check", "{tmp}/clean.tsv"], "a clean translation", OK),
    (["build", "--data", "{tmp}/data", "--check"], "records up to date", OK),
    # nothing found
    (["search", "zzqqxxjj"], "nothing found", NOT_FOUND),
    (["show", "zzqqxxjj"], "nothing found", NOT_FOUND),
    (["list", "--lang", "de"], "no term in that language", USAGE),
    (["export", "--lang", "de"], "no term in that language", USAGE),
    (["search", "pruning", "--lang", "de"], "no term in that language", USAGE),
    (["show", "pruning", "--lang", "de-AT"], "no term in that language", USAGE),
    (["search", "multi-resolution", "--lang", "ar"], "no match has a term in --lang", NOT_FOUND),
    (["lookup", "{tmp}/unknown.txt"], "a query without an answer", NOT_FOUND),
    (["scan", "{tmp}/plain.txt"], "no term in the text", NOT_FOUND),
    (["check", "{tmp}/issue.tsv"], "a terminology issue", NOT_FOUND),
    (["lint", "{tmp}/duplicates.csv"], "an error in the data", NOT_FOUND),
    (["build", "--data", "{tmp}/stale", "--check"], "stale records", NOT_FOUND),
    # a missing input file
    (["add", MISSING], "missing input file", USAGE),
    (["lint", MISSING], "missing input file", USAGE),
    (["scan", MISSING], "missing input file", USAGE),
    (["lookup", MISSING], "missing input file", USAGE),
    (["check", MISSING], "missing input file", USAGE),
    # an input that cannot be read as a file
    (["scan", "{tmp}"], "a directory given as a file", USAGE),
    (["lookup", "{tmp}"], "a directory given as a file", USAGE),
    (["check", "{tmp}"], "a directory given as a file", USAGE),
    # a malformed glossary
    (["add", "{tmp}/bad.tbx"], "malformed glossary", DATA),
    (["lint", "{tmp}/bad.tbx"], "malformed glossary", DATA),
    (["build", "--data", "{tmp}/broken"], "malformed glossary", DATA),
    (["search", "LoRA", "--data", "{tmp}/badrecords"], "malformed records", DATA),
    (["add", "{tmp}/binary.txt"], "binary input", DATA),
    (["lint", "{tmp}/binary.txt"], "binary input", DATA),
    (["scan", "{tmp}/binary.txt"], "binary input", DATA),
    (["lookup", "{tmp}/binary.txt"], "binary input", DATA),
    (["check", "{tmp}/binary.tsv"], "binary input", DATA),
    (["check", "{tmp}/terms.txt"], "an input of a kind the command does not read", USAGE),
    (["show", "LoRA", "--data", "{tmp}/badrecords"], "malformed records", DATA),
    (["stats", "--data", "{tmp}/badrecords"], "malformed records", DATA),
    # a bad option value
    (["search", "LoRA", "--limit", "0"], "bad option value", USAGE),
    (["search", "LoRA", "--mode", "bogus"], "bad option value", USAGE),
    (["show", "LoRA", "--format", "bogus"], "bad option value", USAGE),
    (["show", "LoRA", "--json", "--format", "csv"], "conflicting options", USAGE),
    (["list", "--lang", "bn,ar"], "bad option value", USAGE),
    (["list", "--glossary", "nonesuch"], "unknown glossary name", USAGE),
    (["lint", "--glossary", "nonesuch"], "unknown glossary name", USAGE),
    (["remove", "nonesuch.txt"], "unknown glossary name", USAGE),
    (["export", "--format", "nonesuch"], "bad option value", USAGE),
    (["export", "--format", "amazon", "--lang", "ar"], "--lang for a language pair", USAGE),
    (["export", "--format", "vale", "-o", "{tmp}/gloss.yml"], "a file for a directory", USAGE),
    (["stats", "--bogus"], "unknown option", USAGE),
    (["sources", "--format", "bogus"], "bad option value", USAGE),
    (["scan", "{tmp}/terms.txt", "--side", "bogus"], "bad option value", USAGE),
    (["lookup", "{tmp}/queries.txt", "--format", "bogus"], "bad option value", USAGE),
    (["check", "{tmp}/clean.tsv", "--kinds", "bogus"], "bad option value", USAGE),
    (["lint", "--format", "bogus"], "bad option value", USAGE),
    (["add", "{tmp}/terms.txt", "--format", "bogus"], "bad option value", USAGE),
    (["build", "--bogus"], "unknown option", USAGE),
    (["browse"], "no terminal", USAGE),
    (["lsp", "--bogus"], "unknown option", USAGE),
    (["search", "-inf"], "a query that looks like an option", USAGE),
    # an unknown language tag
    (["search", "LoRA", "--lang", "12"], "unknown language tag", USAGE),
    (["show", "LoRA", "--lang", "12"], "unknown language tag", USAGE),
    (["list", "--lang", "12"], "unknown language tag", USAGE),
    (["export", "--lang", "12"], "unknown language tag", USAGE),
    (["scan", "{tmp}/terms.txt", "--lang", "12"], "unknown language tag", USAGE),
    (["lookup", "{tmp}/queries.txt", "--lang", "12"], "unknown language tag", USAGE),
    (["check", "{tmp}/clean.tsv", "--source-lang", "12"], "unknown language tag", USAGE),
    (["browse", "--lang", "12"], "unknown language tag", USAGE),
    (["lint", "{tmp}/terms.txt", "--lang", "12"], "unknown language tag", USAGE),
    (["check", "{tmp}/clean.tsv", "--target-lang", "12"], "unknown language tag", USAGE),
    (["add", "{tmp}/terms.txt", "--lang", "12"], "unknown language tag", USAGE),
    (["export", "--format", "deepl", "--source", "12", "--target", "ar"], "unknown tag", USAGE),
    # a directory that is no data directory, and one whose records are still to be built
    (["search", "LoRA", "--data", "{tmp}/empty"], "not a data directory", USAGE),
    (["stats", "--data", "{tmp}/empty"], "not a data directory", USAGE),
    (["search", "LoRA", "--data", "{tmp}/unbuilt"], "records not built", DATA),
    # a data directory that does not exist
    *[
        (line, "data directory missing", USAGE)
        for line in (
            ["search", "LoRA", "--data", NO_DATA],
            ["show", "LoRA", "--data", NO_DATA],
            ["browse", "--data", NO_DATA],
            ["build", "--data", NO_DATA],
            ["sources", "--data", NO_DATA],
            ["export", "--data", NO_DATA],
            ["list", "--data", NO_DATA],
            ["stats", "--data", NO_DATA],
            ["lint", "--data", NO_DATA],
            ["scan", "{tmp}/terms.txt", "--data", NO_DATA],
            ["lookup", "{tmp}/queries.txt", "--data", NO_DATA],
            ["check", "{tmp}/clean.tsv", "--data", NO_DATA],
        )
    ],
]

CLEAN_TSV = "id\ten\tbn\n1\tLoRA saves memory\tLoRA মেমরি বাঁচায়\n"
ISSUE_TSV = "id\ten\tbn\n1\tPruning removes weights\tওজন সরানো হয়\n"
RECORDS = Path(__file__).resolve().parent.parent / "data"


def files(tmp: Path) -> None:
    """The inputs the rows name, in ``tmp``."""
    import shutil

    (tmp / "terms.txt").write_text("LoRA saves memory.\n", encoding="utf-8")
    (tmp / "plain.txt").write_text("Nothing of note here.\n", encoding="utf-8")
    (tmp / "queries.txt").write_text("LoRA\n", encoding="utf-8")
    (tmp / "unknown.txt").write_text("zzqqxxjj\n", encoding="utf-8")
    (tmp / "clean.tsv").write_text(CLEAN_TSV, encoding="utf-8")
    (tmp / "issue.tsv").write_text(ISSUE_TSV, encoding="utf-8")
    (tmp / "bad.tbx").write_text("<martif><text>", encoding="utf-8")
    (tmp / "binary.txt").write_bytes(b"LoRA\x00\x01\x02\xff\n")
    (tmp / "binary.tsv").write_bytes(b"id\ten\tbn\n1\x00\x01\xff\n")
    # two concepts with one English name and different Arabic, one of them in Bengali script
    (tmp / "duplicates.csv").write_text(
        "id,en,ar\np1,Pruning,প্রুনিং\np2,pruning,تقليم network\n", encoding="utf-8"
    )
    shutil.copytree(RECORDS, tmp / "data")
    shutil.copytree(RECORDS, tmp / "stale")
    with (tmp / "stale" / "concepts.yaml").open("a", encoding="utf-8") as fh:
        fh.write("\n# edited by hand\n")
    (tmp / "broken" / "sources").mkdir(parents=True)
    (tmp / "broken" / "sources" / "g.txt").write_bytes(b"\xff\xfe\x00broken")
    (tmp / "empty").mkdir()
    (tmp / "unbuilt" / "sources").mkdir(parents=True)
    for source in (RECORDS / "sources").iterdir():
        (tmp / "unbuilt" / "sources" / source.name).write_bytes(source.read_bytes())
    (tmp / "badrecords").mkdir()
    (tmp / "badrecords" / "concepts.yaml").write_text("concepts: [unclosed\n", encoding="utf-8")


@pytest.fixture
def tmp(tmp_path: Path) -> Path:
    files(tmp_path)
    return tmp_path


def _filled(line: list[str], tmp: Path) -> list[str]:
    return [arg.replace("{tmp}", str(tmp)) for arg in line]


def test_every_code_is_in_the_readme_table_and_the_help() -> None:
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    table = readme.split("### Exit codes", 1)[1].split("\n### ", 1)[0]
    documented = {
        int(row.split("|")[1]) for row in table.splitlines() if re.match(r"\| \d+ \|", row)
    }
    assert documented == {int(c) for c in ExitCode}
    epilog = " ".join(gloss("--help").stdout.split())
    assert all(f"{int(c)} " in epilog for c in ExitCode)


def test_every_command_has_a_row() -> None:
    assert {line[0] for line, _, _ in TABLE} | {"lsp"} == set(COMMANDS)
    assert {line[0] for line, _, code in TABLE if code == USAGE} >= set(COMMANDS)


@pytest.mark.parametrize(
    ("line", "cause", "code"), TABLE, ids=[f"{' '.join(r[0])} ({r[1]})" for r in TABLE]
)
def test_exit_code(line: list[str], cause: str, code: int, tmp: Path) -> None:
    result = gloss(*_filled(line, tmp))
    assert result.exit_code == code, (cause, result.stdout, result.stderr)
    if code not in (OK, NOT_FOUND) or cause == "nothing found":
        said = result.stderr.strip().splitlines()
        assert said, "a failing command says why"
        assert not result.exception or isinstance(result.exception, SystemExit)
    if cause == "data directory missing":  # what is wrong, not a build that would fail too
        assert "does not exist" in result.stderr and "gloss build" not in result.stderr
    if cause == "not a data directory":  # said as such, not "run gloss build" alone
        assert "is not a gloss data directory" in result.stderr
    if cause == "records not built":  # a build would work: it is suggested
        assert "run `gloss build --data" in result.stderr


INTERRUPTIBLE = [c for c in COMMANDS if c not in ("browse", "lsp", "remove")]


@pytest.mark.parametrize("command", [*INTERRUPTIBLE, "lsp"])
def test_ctrl_c_exits_130(command: str, tmp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C while a command works (here: as it opens the data) exits 130, the shell's code
    for SIGINT, in every command."""

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(config, "resolve_data_dir", interrupted)
    monkeypatch.setattr(lsp, "serve", interrupted)
    args = {
        "search": ["search", "LoRA"], "show": ["show", "LoRA"], "build": ["build"],
        "add": ["add", "{tmp}/terms.txt"], "sources": ["sources"], "export": ["export"],
        "list": ["list"], "stats": ["stats"], "lint": ["lint"],
        "scan": ["scan", "{tmp}/terms.txt"], "lookup": ["lookup", "{tmp}/queries.txt"],
        "check": ["check", "{tmp}/clean.tsv"], "lsp": ["lsp"],
    }[command]  # fmt: skip
    result = gloss(*_filled(args, tmp))
    assert result.exit_code == INTERRUPTED, (result.stdout, result.stderr)


PIPED = [
    ["search", "model", "--limit", "50"],
    ["show", "LoRA"],
    ["list"],
    ["stats"],
    ["sources"],
    ["export", "--format", "tsv"],
    ["lookup", "{tmp}/queries.txt"],
    ["scan", "{tmp}/terms.txt"],
    ["check", "{tmp}/issue.tsv"],
]


@pytest.mark.slow
@pytest.mark.parametrize("line", PIPED, ids=[" ".join(line) for line in PIPED])
def test_a_closed_output_pipe_exits_quietly(line: list[str], tmp: Path) -> None:
    """Output into a pipe whose reader has gone (``gloss … | head -0``) stops with the exit code
    the command would have had, or 0, and says nothing: it is what the reader asked for. The
    reading end is closed before the command starts, so that every write fails."""
    read, write = os.pipe()
    os.close(read)
    try:
        proc = gloss_process(*_filled(line, tmp), stdout=write)
    finally:
        os.close(write)
    assert b"Traceback" not in proc.stderr and b"Broken pipe" not in proc.stderr
    expected = NOT_FOUND if line[0] == "check" else OK
    assert proc.returncode in (OK, expected), proc.stderr


@pytest.mark.parametrize("command", ["add", "lint", "scan", "lookup", "check"])
def test_an_input_that_cannot_be_read_is_a_usage_error_in_every_command(
    command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file the user may not read (permission denied: what ``chmod 000`` does to anyone
    but root, who runs these tests, so the denial is made where the file is opened) exits 2
    with its name and why, whichever command reads it."""
    import builtins
    import pathlib

    denied = tmp_path / "denied.tsv"
    denied.write_text("id\ten\tbn\n1\tLoRA\tলোরা\n", encoding="utf-8")
    real_open, real_read_bytes = builtins.open, pathlib.Path.read_bytes

    def refuse(path: object) -> None:
        if Path(str(path)).resolve() == denied.resolve():
            raise PermissionError(13, "Permission denied", str(path))

    def guarded_open(file: object, *args: object, **kwargs: object) -> object:
        refuse(file)
        return real_open(file, *args, **kwargs)  # type: ignore[call-overload]

    def guarded_read_bytes(self: pathlib.Path) -> bytes:
        refuse(self)
        return real_read_bytes(self)

    monkeypatch.setattr(builtins, "open", guarded_open)
    monkeypatch.setattr(pathlib.Path, "read_bytes", guarded_read_bytes)
    extra = ["--dry-run"] if command == "add" else []
    result = gloss(command, str(denied), *extra)
    assert result.exit_code == USAGE, (result.stdout, result.stderr)
    assert "cannot read" in result.stderr and "Permission denied" in result.stderr


def test_lint_lang_without_files_is_refused_not_ignored() -> None:
    """``lint --lang`` names the language of plain files given to check; without them it
    would be ignored, so it is a usage error that says what to give."""
    result = gloss("lint", "--lang", "xx")
    assert result.exit_code == USAGE
    assert "gloss lint FILE --lang" in result.stderr
