"""Glossaries of every kind gloss reads load with a plain ``gloss add PATH`` and come back out:
every term the file holds is in a TBX export of the termbase, in its language."""

from __future__ import annotations

import gzip
from pathlib import Path
from typing import Any

import pytest

from glossary_cli import formats
from glossary_cli.formats.folder import read_folder

from .conftest import gloss

FIXTURES = Path(__file__).resolve().parent / "fixtures"

#: One real-shaped file (or folder) of each kind, as a user has it.
GLOSSARIES = [
    "markdown/glossary-bn.md",
    "markdown/terms-en-ar.md",
    "markdown/deflist-glossary.md",
    "po/gnome-glossary-bn.po",
    "po/ar_EG.po",
    "tables/duplicates-en-ar.csv",
    "tables/headerless-en-ar-bn.csv",
    "tables/it-dictionary-semicolon.csv",
    "tables/quoted-bom.csv",
    "tables/terms.xlsx",
    "tbx/microsoft-shaped-bn-ar.tbx",
    "tbx/weblate-cs.tbx",
    "tbx/omegat-sample.tbx",
    "term-folder/glossary",
]


def _terms(glossary: Any) -> set[tuple[str, str]]:
    return {(s.lang, t.text) for c in glossary.concepts for s in c.languages for t in s.terms}


def _read(path: Path) -> Any:
    if path.is_dir():
        return read_folder(path)
    data = path.read_bytes()
    return formats.detect(path.name, data).read(data, path.name)


@pytest.mark.slow
@pytest.mark.parametrize("name", GLOSSARIES)
def test_every_term_of_an_added_glossary_comes_back_out_in_tbx(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GLOSS_USER_DATA", str(tmp_path / "user"))
    monkeypatch.setenv("GLOSS_CACHE", str(tmp_path / "cache"))
    path = FIXTURES / name
    added = gloss("add", str(path))
    assert added.exit_code == 0, added.stderr
    assert "Traceback" not in added.stderr
    out = tmp_path / "all.tbx"
    exported = gloss("export", "--format", "tbx", "-o", str(out))
    assert exported.exit_code == 0, exported.stderr
    data = out.read_bytes()
    back = _terms(formats.get("tbx").read(data, "all.tbx"))
    missing = _terms(_read(path)) - back
    assert not missing, sorted(missing)[:10]


@pytest.mark.slow
def test_the_gzipped_astronomy_termbase_comes_back_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GLOSS_USER_DATA", str(tmp_path / "user"))
    monkeypatch.setenv("GLOSS_CACHE", str(tmp_path / "cache"))
    path = tmp_path / "astronomy.tbx"
    packed = (FIXTURES / "tbx/tbx-basic-astronomy-dca.tbx.gz").read_bytes()
    path.write_bytes(gzip.decompress(packed))
    assert gloss("add", str(path)).exit_code == 0
    out = tmp_path / "all.tbx"
    assert gloss("export", "--format", "tbx", "-o", str(out)).exit_code == 0
    back = _terms(formats.get("tbx").read(out.read_bytes(), "all.tbx"))
    assert not _terms(_read(path)) - back


@pytest.mark.slow
def test_add_says_what_a_term_folder_skipped_and_how_a_table_was_decoded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import shutil

    monkeypatch.setenv("GLOSS_USER_DATA", str(tmp_path / "user"))
    monkeypatch.setenv("GLOSS_CACHE", str(tmp_path / "cache"))
    folder = tmp_path / "k8s"
    shutil.copytree(FIXTURES / "term-folder" / "glossary", folder)
    (folder / "en" / "notes.txt").write_text("not a term\n", encoding="utf-8")
    added = gloss("add", str(folder))
    assert added.exit_code == 0, added.stderr
    assert "1 file was skipped (not Markdown): en/notes.txt" in added.stderr
    latin = FIXTURES / "tables" / "fr-en-latin1.csv"
    added = gloss("add", str(latin))
    assert added.exit_code == 0, added.stderr
    assert f"{latin}:1: the file is not UTF-8: read as Windows-1252" in added.stderr
    assert gloss("show", "réseau de neurones", "--json").exit_code == 0
    utf16 = FIXTURES / "tables" / "en-ar-utf16.tsv"
    assert gloss("add", str(utf16)).exit_code == 0


def test_a_folder_given_as_dot_keeps_its_name_and_a_replaced_file_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import shutil

    monkeypatch.setenv("GLOSS_USER_DATA", str(tmp_path / "user"))
    monkeypatch.setenv("GLOSS_CACHE", str(tmp_path / "cache"))
    folder = tmp_path / "k8s"
    shutil.copytree(FIXTURES / "term-folder" / "glossary", folder)
    monkeypatch.chdir(folder)
    added = gloss("add", ".")
    assert added.exit_code == 0, added.stderr
    assert added.stdout.startswith("added k8s.jsonl:")
    again = gloss("add", "--force", ".")
    assert again.exit_code == 0 and again.stdout.startswith("replaced k8s.jsonl:")
