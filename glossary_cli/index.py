"""The compiled index: YAML records → an SQLite file of concepts and match keys.

The YAML records stay the source of truth. The index holds, for every concept, its record as
compact JSON and every key a search needs, already folded, stemmed, romanized and turned into
phonetic skeletons (:mod:`glossary_cli.normalize`), so that a lookup parses no YAML and loads no
ICU. Tables (SQLite, FTS5 with the ``ascii`` tokenizer over pre-folded, space-separated keys)::

    meta(key, value)                    version, record stamp and content hash
    concept(rowid, id, langs, record)   record = JSON of records.concept_to_mapping
    name(rowid, concept, field, lang, text, key, compact, stem, phon)
        one row per searchable name: headword, abbreviation, alias, source English, term
    name_words   FTS5: words and Arabic stems of name.key        (rowid = name.rowid)
    name_phon    FTS5: phonetic skeleton words of name            (rowid = name.rowid)
    entry(rowid, concept, lang)         one row per entry with a definition
    def_words    FTS5: words and stems of the definition          (rowid = entry.rowid)
    vocab(word, kind, len)              distinct words (kind 0) and skeletons (kind 1), for
                                        fuzzy candidates

The file lives in the user cache directory (platformdirs), named after a hash of the data
directories and the gloss version, and is checked on every open against the record files:
first their size and modification time, then — only when those changed — a SHA-256 of their
bytes. A stale, corrupt or unreadable index is rebuilt; a build writes a temporary file and
renames it, so two processes building at once both end with a complete index.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from glossary_cli import __version__
from glossary_cli.errors import StoreError

SCHEMA_VERSION = "5"  # 5: concepts sharing an id across data directories merge
_RECORDS = "concepts.yaml"

#: Name fields, in the order a tie is broken (a headword beats an alias of equal score).
FIELDS = ("en", "abbr", "term", "alias", "source_en")

_DDL = """
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE concept(rowid INTEGER PRIMARY KEY, id TEXT NOT NULL, langs TEXT NOT NULL,
                     record TEXT NOT NULL);
CREATE TABLE name(rowid INTEGER PRIMARY KEY, concept INTEGER NOT NULL, field TEXT NOT NULL,
                  lang TEXT NOT NULL, text TEXT NOT NULL, key TEXT NOT NULL,
                  compact TEXT NOT NULL, stem TEXT NOT NULL, phon TEXT NOT NULL);
CREATE TABLE entry(rowid INTEGER PRIMARY KEY, concept INTEGER NOT NULL, lang TEXT NOT NULL);
CREATE VIRTUAL TABLE name_words USING fts5(w, tokenize='ascii', prefix='2 3 4',
                                           detail='none', content='');
CREATE VIRTUAL TABLE name_phon USING fts5(w, tokenize='ascii', detail='none', content='');
CREATE VIRTUAL TABLE def_words USING fts5(w, tokenize='ascii', prefix='3',
                                          detail='none', content='');
CREATE TABLE vocab(word TEXT NOT NULL, kind INTEGER NOT NULL, len INTEGER NOT NULL,
                   PRIMARY KEY(kind, len, word)) WITHOUT ROWID;
"""
_INDEXES = """
CREATE INDEX concept_id ON concept(id);
CREATE INDEX name_key ON name(key);
CREATE INDEX name_compact ON name(compact);
CREATE INDEX name_stem ON name(stem);
CREATE INDEX name_phon_key ON name(phon);
"""


def _code_stamp() -> str:
    """Size and mtime of the modules that compute keys, so that an index built by other code
    (an upgrade, or a source checkout being edited) is never trusted."""
    here = Path(__file__).resolve().parent
    parts = []
    for module in ("index.py", "normalize.py"):
        st = (here / module).stat()
        parts.append(f"{module}:{st.st_size}:{st.st_mtime_ns}")
    return ",".join(parts)


def index_path(data_dirs: Sequence[Path], cache: Path) -> Path:
    """The index file for a list of data directories: a hash of their paths, the gloss
    version and :func:`_code_stamp`."""
    ident = "\n".join(
        [__version__, SCHEMA_VERSION, _code_stamp(), *(str(d.resolve()) for d in data_dirs)]
    )
    return cache / f"index-{hashlib.sha256(ident.encode()).hexdigest()[:20]}.sqlite3"


def _record_files(data_dirs: Sequence[Path]) -> list[Path]:
    return [d / _RECORDS for d in data_dirs if (d / _RECORDS).is_file()]


def _stamp(files: Sequence[Path]) -> str:
    parts = []
    for f in files:
        st = f.stat()
        parts.append(f"{f.resolve()}|{st.st_size}|{st.st_mtime_ns}")
    return "\n".join(parts)


def _content_hash(files: Sequence[Path]) -> str:
    h = hashlib.sha256()
    for f in files:
        h.update(str(f.resolve()).encode() + b"\0")
        with f.open("rb") as fh:
            for chunk in iter(lambda: fh.read(1 << 20), b""):
                h.update(chunk)
    return h.hexdigest()


def open_index(data_dirs: Sequence[Path], cache: Path | None) -> sqlite3.Connection:
    """Open the index of ``data_dirs``, compiling it first when missing, stale or corrupt.

    Args:
        data_dirs: data directories whose ``concepts.yaml`` files are merged, in order.
        cache: directory for index files; ``None`` or unwritable → an in-memory index.

    Returns:
        A read-only connection (or an in-memory one when the cache cannot be written).

    Raises:
        StoreError / RecordError: the records cannot be read (see :mod:`glossary_cli.store`).
    """
    files = _record_files(data_dirs)
    if not files:
        from glossary_cli.store import read_records

        read_records(data_dirs[0])  # raises the "run gloss build" error
    stamp = _stamp(files)
    path = index_path(data_dirs, cache) if cache is not None else None
    if path is not None and path.is_file():
        conn = _open_existing(path, stamp, files)
        if conn is not None:
            return conn
    return compile_index(data_dirs, files, stamp, path)


def _open_existing(path: Path, stamp: str, files: Sequence[Path]) -> sqlite3.Connection | None:
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        meta = dict(conn.execute("SELECT key, value FROM meta"))
        if meta.get("schema") != SCHEMA_VERSION or meta.get("version") != __version__:
            conn.close()
            return None
        if meta.get("stamp") == stamp:
            return conn
        if meta.get("content") == _content_hash(files):
            conn.close()
            _restamp(path, stamp)
            return sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        conn.close()
    except (sqlite3.DatabaseError, OSError):
        pass
    return None


def _restamp(path: Path, stamp: str) -> None:
    try:
        with sqlite3.connect(path) as conn:
            conn.execute("UPDATE meta SET value = ? WHERE key = 'stamp'", (stamp,))
    except (sqlite3.DatabaseError, OSError):
        pass  # a read-only cache: the content check simply runs again next time


def compile_index(
    data_dirs: Sequence[Path], files: Sequence[Path], stamp: str, path: Path | None
) -> sqlite3.Connection:
    """Compile the records of ``data_dirs`` into an index at ``path`` (or in memory).

    The index is written to a temporary file beside ``path`` and renamed into place.
    """
    from glossary_cli.store import read_records

    content = _content_hash(files)
    glossaries = [read_records(f.parent) for f in files]
    tmp: Path | None = None
    if path is not None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
            tmp.unlink(missing_ok=True)
            conn = sqlite3.connect(tmp)
        except (OSError, sqlite3.DatabaseError):
            tmp = None
    if tmp is None:
        conn = sqlite3.connect(":memory:")
    try:
        conn.executescript("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;" + _DDL)
        _fill(conn, (c for g in glossaries for c in g.concepts))
        conn.executescript(_INDEXES)
        conn.executemany(
            "INSERT INTO meta VALUES (?, ?)",
            [
                ("schema", SCHEMA_VERSION),
                ("version", __version__),
                ("stamp", stamp),
                ("content", content),
                ("data", json.dumps([str(d) for d in data_dirs])),
            ],
        )
        conn.commit()
    except BaseException:
        conn.close()
        if tmp is not None:
            tmp.unlink(missing_ok=True)
        raise
    if tmp is None or path is None:
        return conn
    conn.close()
    try:
        os.replace(tmp, path)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise StoreError(f"cannot write the index {path}: {exc.strerror}") from None
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True)


def name_rows(concept: Any) -> Iterator[tuple[str, str, str]]:
    """The searchable names of a concept as ``(field, lang, text)``: headword, abbreviations,
    aliases, then each entry's term and the English its source gives."""
    if concept.en:
        yield "en", "en", concept.en
    for a in concept.abbr:
        yield "abbr", "en", a
    for a in concept.aliases:
        yield "alias", "en", a
    for e in concept.entries:
        yield "term", e.lang, e.term
        if e.en:
            yield "source_en", "en", e.en


def name_keys(text: str, lang: str) -> tuple[str, str, str, str, str]:
    """``(key, compact, stem, words, phon)`` of one name (see the module docstring)."""
    from glossary_cli.normalize import fold, phonetic, romanize, stem_words

    key = fold(text)
    stems = stem_words(key)
    stem = " ".join(stems)
    words = " ".join(dict.fromkeys([*key.split(), *stems]))
    if key.isascii():
        phon = phonetic(key, "en")
    else:
        phon = phonetic(romanize(key, lang), lang.split("-")[0])
    return key, key.replace(" ", ""), stem, words, phon


def _fill(conn: sqlite3.Connection, concepts: Iterable[Any]) -> None:
    """Insert the concepts of every data directory, in order.

    Concepts that share an id are one concept (:func:`glossary_cli.align.merge_concepts`):
    a later data directory adds its entries in the languages the earlier concept lacks (so
    the Hindi entries ``gloss add`` writes under a bundled concept's id join that concept),
    and a later concept that contradicts an earlier one is kept under a new id; it never
    shadows or replaces the earlier one.
    """
    from glossary_cli.align import merge_concepts
    from glossary_cli.normalize import fold, stem_words
    from glossary_cli.records import concept_to_mapping

    concept_rows = []
    names = []
    name_words = []
    name_phon = []
    entries = []
    def_words = []
    vocab: set[tuple[str, int]] = set()
    name_id = entry_id = 0
    for rowid, concept in enumerate(merge_concepts(concepts)[0], start=1):
        record = json.dumps(concept_to_mapping(concept), ensure_ascii=False, separators=(",", ":"))
        concept_rows.append((rowid, concept.id, "," + ",".join(concept.langs) + ",", record))
        for field, lang, text in name_rows(concept):
            key, compact, stem, words, phon = name_keys(text, lang)
            if not key:
                continue
            name_id += 1
            names.append((name_id, rowid, field, lang, text, key, compact, stem, phon))
            name_words.append((name_id, words))
            vocab.update((w, 0) for w in words.split())
            if phon:
                name_phon.append((name_id, phon))
                vocab.update((w, 1) for w in phon.split())
        for e in concept.entries:
            if not e.definition:
                continue
            entry_id += 1
            entries.append((entry_id, rowid, e.lang))
            key = fold(e.definition)
            def_words.append((entry_id, " ".join(dict.fromkeys([*key.split(), *stem_words(key)]))))
        if len(names) >= 50_000:
            _flush(conn, concept_rows, names, name_words, name_phon, entries, def_words)
    _flush(conn, concept_rows, names, name_words, name_phon, entries, def_words)
    conn.executemany(
        "INSERT INTO vocab VALUES (?, ?, ?)", ((w, k, len(w)) for w, k in sorted(vocab))
    )


def _flush(conn: sqlite3.Connection, *batches: list[Any]) -> None:
    concept_rows, names, name_words, name_phon, entries, def_words = batches
    conn.executemany("INSERT INTO concept VALUES (?, ?, ?, ?)", concept_rows)
    conn.executemany("INSERT INTO name VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", names)
    conn.executemany("INSERT INTO name_words(rowid, w) VALUES (?, ?)", name_words)
    conn.executemany("INSERT INTO name_phon(rowid, w) VALUES (?, ?)", name_phon)
    conn.executemany("INSERT INTO entry VALUES (?, ?, ?)", entries)
    conn.executemany("INSERT INTO def_words(rowid, w) VALUES (?, ?)", def_words)
    for batch in batches:
        batch.clear()
