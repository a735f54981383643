"""Real public glossary files, each loaded with a plain ``gloss add`` and exported as TBX: every
term an independent parser finds in it (tests/corpus_count.py, told by the file's manifest entry
which column, element or heading holds which language) comes back, under its language.

The files, their sources, commits and licences, and what in each surprises a reader, are in
tests/corpus/*/manifest.yaml and tests/corpus/README.md."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import gloss
from .corpus_count import entries, expected, missing, norm, primary, tbx_terms

ENTRIES = entries()


def gloss_terms(
    entry: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> tuple[dict[str, set[str]], str]:
    """The terms ``gloss add`` gives back for a corpus file, per language, read from a TBX
    export of that file's terms; and what ``gloss add`` printed."""
    monkeypatch.setenv("GLOSS_USER_DATA", str(tmp_path / "user"))
    monkeypatch.setenv("GLOSS_CACHE", str(tmp_path / "cache"))
    path: Path = entry["path"]
    added = gloss("add", str(path))
    assert added.exit_code == 0, f"{entry['file']}: {added.stderr}"
    assert "Traceback" not in added.stderr
    name = path.name
    out = tmp_path / "export.tbx"
    done = gloss("export", "--format", "tbx", "--glossary", name, "-o", str(out))
    assert done.exit_code == 0, f"{entry['file']}: {done.stderr}"
    return tbx_terms(out.read_bytes()), added.stdout + added.stderr


def test_the_corpus_is_of_many_projects_formats_and_languages() -> None:
    projects = {e["project"] for e in ENTRIES}
    formats = {e["format"] for e in ENTRIES}
    assert len(ENTRIES) >= 40 and len(projects) >= 25, sorted(projects)
    assert {"csv", "tsv", "xlsx", "markdown", "po", "tbx", "folder"} <= formats
    langs = {lang for e in ENTRIES for lang in expected(e)}
    assert {"bn", "ar", "en"} <= langs and len(langs) >= 10


@pytest.mark.slow
@pytest.mark.parametrize("entry", ENTRIES, ids=[e["file"] for e in ENTRIES])
def test_every_term_of_a_real_file_comes_back_under_its_language(
    entry: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    want = expected(entry)
    got, _ = gloss_terms(entry, tmp_path, monkeypatch)
    assert missing(want, got) == {}
    # the terms a reader checked by hand, each given back as the count's are
    checked = {
        primary(lang): set(map(norm, terms)) for lang, terms in (entry.get("expect") or {}).items()
    }
    assert missing(checked, got) == {}
