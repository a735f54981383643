"""Shared fixtures: every test runs with its own cache and user data directories."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

# Property tests draw the same examples on every run, so that a test run is repeatable;
# HYPOTHESIS_PROFILE=explore draws new ones each time, to look for failing cases.
settings.register_profile("repeatable", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))

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
