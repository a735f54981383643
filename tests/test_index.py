"""The compiled index: chunked parallel compilation gives the same index as a whole read."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from glossary_cli import index
from glossary_cli.errors import RecordError

from .conftest import DATA

TABLES = ("concept", "name", "entry", "vocab")


def _dump(conn: sqlite3.Connection) -> dict[str, list[tuple[object, ...]]]:
    return {t: conn.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall() for t in TABLES}


def _compile(data: Path, cache: Path) -> sqlite3.Connection:
    files = [data / "concepts.yaml"]
    return index.compile_index([data], files, index._stamp(files), cache / "i.sqlite3")


@pytest.fixture
def small_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(index, "PARALLEL_BYTES", 0)
    monkeypatch.setattr(index, "CHUNK_CONCEPTS", 7)


def test_chunked_compile_equals_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    whole = _dump(_compile(DATA, tmp_path / "a"))
    monkeypatch.setattr(index, "PARALLEL_BYTES", 0)
    monkeypatch.setattr(index, "CHUNK_CONCEPTS", 7)
    chunked = _dump(_compile(DATA, tmp_path / "b"))
    assert chunked == whole
    assert len(whole["concept"]) == 40


def test_hand_edited_layout_falls_back_to_a_whole_read(tmp_path: Path, small_chunks: None) -> None:
    data = tmp_path / "data"
    data.mkdir()
    text = (DATA / "concepts.yaml").read_text(encoding="utf-8")
    head, concepts = text.split("\nconcepts:\n")
    sources = head[head.index("sources:") :]
    edited = head[: head.index("sources:")] + "concepts:\n" + concepts + sources
    (data / "concepts.yaml").write_text(edited, encoding="utf-8")
    conn = _compile(data, tmp_path / "c")
    assert conn.execute("SELECT count(*) FROM concept").fetchone() == (40,)


def test_yaml_error_in_a_chunk_names_the_file_line(tmp_path: Path, small_chunks: None) -> None:
    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    path = data / "concepts.yaml"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    target = next(i for i, ln in enumerate(lines) if ln.startswith("- id: speculative-inference"))
    lines[target + 1] = "  en: [unclosed\n"
    path.write_text("".join(lines), encoding="utf-8")
    with pytest.raises(RecordError) as info:
        _compile(data, tmp_path / "d")
    assert info.value.line is not None
    assert abs(info.value.line - (target + 2)) <= 2
    assert info.value.path == str(path)


def test_duplicate_ids_are_refused(tmp_path: Path, small_chunks: None) -> None:
    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    path = data / "concepts.yaml"
    text = path.read_text(encoding="utf-8").replace("- id: low-rank-adaptation", "- id: pruning")
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RecordError, match="same id"):
        _compile(data, tmp_path / "e")
