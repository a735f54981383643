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
