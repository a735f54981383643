"""The defects a fault battery found in what gloss reads and prints, each kept as it was
reported: malformed input gives its file, line and what is wrong with exit 3 (a usage error
2), never a traceback; every reader refuses control characters the same way; text printed to
a terminal has them made visible; a term folder reads no file outside itself; regex mode folds
letters, never escapes; and a bug exits 70, never 1 ("nothing found")."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from glossary_cli.cli import app, main
from glossary_cli.errors import ExitCode

runner = CliRunner()


@pytest.fixture
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("GLOSS_USER_DATA", str(tmp_path / "user"))
    monkeypatch.setenv("GLOSS_CACHE", str(tmp_path / "cache"))
    return tmp_path


def gloss(*args: str, **kwargs: Any) -> Any:
    """Run gloss in-process; an exception escaping the command fails the test."""
    result = runner.invoke(app, list(args), **kwargs)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"gloss {args} raised") from result.exception
    assert "Traceback" not in result.stderr, result.stderr
    return result


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
    assert code == ExitCode.INTERNAL == 70
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
