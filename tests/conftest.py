"""Shared fixtures and the drivers that run gloss: every test runs with its own cache and user
data directories, and runs gloss in-process (:func:`gloss`, :func:`ok`, :func:`as_json`) or as a
real process (:func:`gloss_process`, :func:`gloss_popen`) through the functions here."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO, Any, Literal, TypeVar, overload

import pytest
from hypothesis import settings
from typer.testing import CliRunner, Result

from glossary_cli.cli import app

# Property tests draw the same examples on every run, so that a test run is repeatable;
# HYPOTHESIS_PROFILE=explore draws new ones each time, to look for failing cases. No example
# has a deadline: the suite passes on a busy machine, where one example can take seconds.
settings.register_profile("repeatable", derandomize=True, deadline=None)
settings.register_profile("explore", derandomize=False, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))

T = TypeVar("T")

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
SEEDS = DATA / "sources"


@pytest.fixture(scope="session", autouse=True)
def _home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """No test, module fixture or process a test starts writes into the real home directory
    (a shell's history, a default cache): ``HOME`` and the XDG base directories point into
    the run's temporary directory."""
    home = tmp_path_factory.mktemp("home")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("HOME", str(home))
        for name in ("XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
            patch.setenv(name, str(home / name.lower()))
        yield


@pytest.fixture(autouse=True)
def _isolate(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test reads or writes the real user cache, data or state directories, or GLOSS_DATA."""
    base = tmp_path_factory.mktemp("env")
    monkeypatch.setenv("GLOSS_CACHE", str(base / "cache"))
    monkeypatch.setenv("GLOSS_USER_DATA", str(base / "user"))
    monkeypatch.setenv("GLOSS_STATE", str(base / "state"))
    monkeypatch.delenv("GLOSS_DATA", raising=False)
    monkeypatch.delenv("GLOSS_BIDI", raising=False)


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    """A writable copy of the bundled data directory."""
    target = tmp_path / "data"
    shutil.copytree(DATA, target)
    return target


def snapshot(directory: Path) -> dict[str, bytes]:
    """Every file's bytes under ``directory``, by relative path."""
    return {
        str(p.relative_to(directory)): p.read_bytes()
        for p in sorted(directory.rglob("*"))
        if p.is_file()
    }


def essence(concept: Any, *, sources: bool = False) -> tuple[Any, ...]:
    """What an exchange format must keep of a concept: its id, subject fields, notes,
    cross-references, concept-level definitions, and per language every exported term (text,
    type, status, part of speech, usage, notes, term-level definitions), the language's
    definitions and notes; with ``sources``, what each term and definition cites (its citation,
    or the source it was read from when it cites nothing: an import names the file and line it
    read as the source and keeps the source the record gave as the citation). Left
    out: curated search-only aliases and misreadings (never exported), and how the term was
    spelt in the source termbase (``status_original``), provenance and properties."""

    def definitions(ds: Any) -> tuple[Any, ...]:
        return tuple((d.text, (d.citation or d.source) if sources else None) for d in ds)

    return (
        concept.id,
        concept.subject_fields,
        concept.notes,
        tuple((x.type, x.text) for x in concept.xrefs),
        definitions(concept.definitions),
        tuple(
            (
                s.lang,
                tuple(
                    (t.text, t.type, t.status, t.pos, t.usage, t.notes, definitions(t.definitions),
                     (t.citation or t.source) if sources else None)
                    for t in s.terms
                    if t.role is None
                ),
                definitions(s.definitions),
                s.notes,
            )
            for s in concept.languages
        ),
    )  # fmt: skip


def as_cited(concept: Any) -> Any:
    """``concept`` as an import of its records gives it back: every term and definition
    cites the source it had (see :func:`essence`), and its source and the concept's
    provenance are left out, since they name the file that was read."""

    def cited(v: Any) -> Any:
        return v._replace(source=None, citation=v.citation or v.source or None)

    return concept._replace(
        languages=tuple(
            s._replace(
                terms=tuple(
                    cited(t)._replace(definitions=tuple(cited(d) for d in t.definitions))
                    for t in s.terms
                ),
                definitions=tuple(cited(d) for d in s.definitions),
            )
            for s in concept.languages
        ),
        definitions=tuple(cited(d) for d in concept.definitions),
        provenance=(),
    )


# --- running gloss ---------------------------------------------------------------------------

RUNNER = CliRunner()
GLOSS_MODULE = (sys.executable, "-m", "glossary_cli")
GLOSS_SCRIPT = Path(sys.executable).with_name("gloss")  # the console script pip installs


def gloss(
    *args: str,
    env: Mapping[str, str | None] | None = None,
    input: str | bytes | None = None,
    color: bool = False,
    prog_name: str | None = None,
) -> Result:
    """Run gloss in-process with Typer's ``CliRunner``, ``env`` added to the environment
    (a ``None`` value unsets that variable) and ``input`` on standard input; with ``color``,
    click strips no ANSI sequence, as on a terminal; ``prog_name`` is the name the program
    is called by (shell completion needs it). A Python exception escaping the command, or a
    traceback on its standard error, fails the test: gloss ends every command with an exit
    code."""
    result = RUNNER.invoke(app, list(args), env=env, input=input, color=color, prog_name=prog_name)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"gloss {args} raised") from result.exception
    assert "Traceback" not in result.stderr, result.stderr
    return result


def ok(
    *args: str, env: Mapping[str, str | None] | None = None, input: str | bytes | None = None
) -> Result:
    """:func:`gloss`, whose command must exit 0 (the test fails showing its output if not)."""
    result = gloss(*args, env=env, input=input)
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return result


def as_json(*args: str, env: Mapping[str, str | None] | None = None) -> Any:
    """The JSON document a command prints with ``--json`` (added to ``args``); it must exit 0."""
    return json.loads(ok(*args, "--json", env=env).stdout)


def process_env(env: Mapping[str, str] | None = None, unset: Iterable[str] = ()) -> dict[str, str]:
    """The environment of a gloss process: this test's (its own cache and data directories,
    see ``_isolate``), with ``env`` added and the variables named in ``unset`` left out."""
    environ = {**os.environ, **(env or {})}
    for name in unset:
        environ.pop(name, None)
    return environ


@overload
def gloss_process(
    *args: str | bytes,
    env: Mapping[str, str] | None = ...,
    unset: Iterable[str] = ...,
    cwd: Path | None = ...,
    input: bytes | None = ...,
    stdin: int | IO[Any] | None = ...,
    stdout: int | IO[Any] | None = ...,
    timeout: float = ...,
    python_flags: Sequence[str] = ...,
    text: Literal[False] = ...,
) -> subprocess.CompletedProcess[bytes]: ...
@overload
def gloss_process(
    *args: str | bytes,
    env: Mapping[str, str] | None = ...,
    unset: Iterable[str] = ...,
    cwd: Path | None = ...,
    input: str | None = ...,
    stdin: int | IO[Any] | None = ...,
    stdout: int | IO[Any] | None = ...,
    timeout: float = ...,
    python_flags: Sequence[str] = ...,
    text: Literal[True],
) -> subprocess.CompletedProcess[str]: ...
def gloss_process(
    *args: str | bytes,
    env: Mapping[str, str] | None = None,
    unset: Iterable[str] = (),
    cwd: Path | None = None,
    input: str | bytes | None = None,
    stdin: int | IO[Any] | None = None,
    stdout: int | IO[Any] | None = None,
    timeout: float = 120,
    python_flags: Sequence[str] = (),
    text: bool = False,
) -> subprocess.CompletedProcess[bytes] | subprocess.CompletedProcess[str]:
    """Run ``python -m glossary_cli`` as a real process in :func:`process_env` and wait for it
    (``timeout`` seconds at most); standard output is captured unless ``stdout`` says where it
    goes, standard error always; bytes, or ``text``. A traceback on standard error fails the
    test. ``cwd`` outside the checkout makes ``-m`` import the installed package rather than
    the working directory's; ``python_flags`` go to the interpreter (``-X importtime``)."""
    python, module = GLOSS_MODULE[0], GLOSS_MODULE[1:]
    done = subprocess.run(
        [python, *python_flags, *module, *args],
        env=process_env(env, unset),
        cwd=cwd,
        input=input,
        stdin=stdin,
        stdout=subprocess.PIPE if stdout is None else stdout,
        stderr=subprocess.PIPE,
        timeout=timeout,
        text=text,
        check=False,
    )
    err = done.stderr if isinstance(done.stderr, str) else done.stderr.decode(errors="replace")
    assert "Traceback" not in err, err
    return done


@overload
def gloss_popen(
    *args: str,
    env: Mapping[str, str] | None = ...,
    stdout: int | None = ...,
    text: Literal[False] = ...,
    new_session: bool = ...,
) -> subprocess.Popen[bytes]: ...
@overload
def gloss_popen(
    *args: str,
    env: Mapping[str, str] | None = ...,
    stdout: int | None = ...,
    text: Literal[True],
    new_session: bool = ...,
) -> subprocess.Popen[str]: ...
def gloss_popen(
    *args: str,
    env: Mapping[str, str] | None = None,
    stdout: int | None = subprocess.PIPE,
    text: bool = False,
    new_session: bool = False,
) -> subprocess.Popen[bytes] | subprocess.Popen[str]:
    """Start ``python -m glossary_cli`` in :func:`process_env` without waiting for it: for a
    test that signals it, reads it while it runs or runs several at once. Standard error is a
    pipe; standard output a pipe unless ``stdout`` says otherwise; with ``new_session`` the
    process leads a process group of its own."""
    return subprocess.Popen(
        [*GLOSS_MODULE, *args],
        env=process_env(env),
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=text,
        start_new_session=new_session,
    )


def user_dir() -> Path:
    """The user data directory of this test (``GLOSS_USER_DATA``, set by ``_isolate``)."""
    return Path(os.environ["GLOSS_USER_DATA"])


def gloss_command() -> str:
    """How a shell runs the installed gloss: its console script, or ``python -m glossary_cli``
    where there is none."""
    if GLOSS_SCRIPT.exists():
        return shlex.quote(str(GLOSS_SCRIPT))
    return " ".join(shlex.quote(part) for part in GLOSS_MODULE)


def present(value: T | None) -> T:
    """``value``, which the test requires to be there (a section of a language, a headword):
    the test fails here, rather than later on an attribute of ``None``."""
    assert value is not None
    return value
