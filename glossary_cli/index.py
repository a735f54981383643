"""The compiled index: YAML records → an SQLite file of concepts and match keys.

The YAML records stay the source of truth. The index holds, for every concept, its record as
compact JSON and every key a search needs, already folded, stemmed, romanized and turned into
phonetic skeletons (:mod:`glossary_cli.normalize`), so that a lookup parses no YAML and loads no
ICU. Tables (SQLite, FTS5 with the ``ascii`` tokenizer over pre-folded, space-separated keys)::

    meta(key, value)                    version, and each record file's stamp and SHA-256
    concept(rowid, id, langs, en, record)
        langs = the section tags, comma-separated; en = the English headword;
        record = JSON of records.concept_to_mapping
    name(rowid, concept, field, lang, text, key, compact, stem, phon, status, type, glossary)
        one row per searchable name: every term of every language (headword, terms,
        synonyms, abbreviations, deprecated terms, curated aliases and misreadings) and
        related terms; status, type and glossary (the file it was read from) for filters
    name_words   FTS5: words and Arabic stems of name.key        (rowid = name.rowid)
    name_phon    FTS5: phonetic skeleton words of name            (rowid = name.rowid)
    entry(rowid, concept, lang, glossary, words)
        one row per language (and glossary) with definitions, English ones included; words:
        the keys def_words holds of them
    def_words    FTS5: the analysis keys of the definitions' content words, each once
                 (:func:`glossary_cli.describe.definition_keys`)  (rowid = entry.rowid)
    def_count(key, entries)             how many entries hold each key of def_words, so
                                        that a description search weighs a word by its
                                        rarity without reading its entries; the key ``""``
                                        counts the entries that have keys, ``" "`` their
                                        keys (their average length)
    vocab(kind, len, edge, ch, words)   distinct words (kind 0) and skeletons (kind 1) of
                                        each length that start (edge 0) or end (edge 1) with
                                        ch, newline-separated: a few rows read give a fuzzy
                                        lookup its candidates
    word(w)                             the distinct words and stems of the names
    skeleton(w)                         the distinct phonetic skeleton words
    inflection(base, word)              every Bengali or Arabic word of the names with each
                                        form it could be inflected from, known or not
    file(rowid, path)                   the record files, in order
    member(file, concept)               which record files give each concept
    part(concept, file, record)         for a concept that several files give, each file's
                                        own part of it, so that a file can be taken out again
    lemma(lemma, word)                  a word of some name that is a Bengali inflected or an
                                        Arabic clitic form of another (lemma): প্রুনিংকে of
                                        প্রুনিং (:func:`glossary_cli.scripts.inflection_bases`)
    form(key, name)                     the analysis forms of each name
                                        (:func:`glossary_cli.analysis.term_forms`): what
                                        a text's or a query's words analyze to
    prefix(key, flags)                  every analysis form of a term and every run of its
                                        first words, flagged whole and/or longer
                                        (:func:`glossary_cli.text.scan.prefix_flags`)
    everyday(name)                      the terms that are also everyday words of their
                                        language (:func:`glossary_cli.analysis.everyday`)

The file lives in the user cache directory (platformdirs), named after a hash of the data
directories and the gloss version, and is checked on every open against the record files,
each on its own: first its size and modification time, then — only when those changed — a
SHA-256 of its bytes. When the only changes are record files added after the indexed ones (what
``gloss add`` writes, ``records/NNNN-NAME.yaml``) and record files gone (what ``gloss remove``
deletes), the index is updated in place, in one transaction (:func:`update_files`): an add or a
remove costs what the file costs, not the whole termbase. Any other change, a corrupt or
unreadable index, rebuilds it; a build
writes a temporary file and renames it, so two processes building at once both end with a
complete index.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from collections.abc import Callable, Collection, Generator, Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

from glossary_cli import __version__
from glossary_cli.errors import StoreError, notice
from glossary_cli.faults import step
from glossary_cli.values import NamedTuple

if TYPE_CHECKING:
    from glossary_cli.align import Merged

SCHEMA_VERSION = "16"  # 10: per-file stamps (appended files are added in place), skeleton
#: and inflection tables, definition words kept for deletes; 11: the files each concept holds
#: parts of (removed files are taken out in place); 12: the collation key of each name, so
#: that ``gloss list`` sorts without loading ICU, and the romanization of each Bengali and Arabic
#: word of a name (``roman``), so that a query of them is spelled in Latin without ICU; 13: the
#: analysis forms of each name (``form``), which ``gloss scan`` and a search share, and every
#: run of the first words of a term's form (``prefix``), which the scanner follows; 14: the
#: definitions keyed by the analysis chain, filler words left out (``def_words`` holds each
#: content word's keys), and how many entries hold each key (``def_count``); 15: Bengali
#: forms without ya-phala and ba-phala (:func:`glossary_cli.scripts.bengali.without_phala`);
#: 16: the sound keys of Bengali and Devanagari definition words
#: (:func:`glossary_cli.describe.sound_keys`)
_RECORDS = "concepts.yaml"

#: Name fields, in the order a tie is broken (a headword beats a synonym of equal score).
FIELDS = ("en", "abbr", "term", "synonym", "alias", "misreading", "related")

_DDL = """
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE concept(rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, langs TEXT NOT NULL,
                     en TEXT, record TEXT NOT NULL);
CREATE TABLE name(rowid INTEGER PRIMARY KEY, concept INTEGER NOT NULL, field TEXT NOT NULL,
                  lang TEXT NOT NULL, text TEXT NOT NULL, key TEXT NOT NULL,
                  compact TEXT NOT NULL, stem TEXT NOT NULL, phon TEXT NOT NULL,
                  status TEXT, type TEXT, glossary TEXT NOT NULL, sort BLOB NOT NULL);
CREATE TABLE entry(rowid INTEGER PRIMARY KEY, concept INTEGER NOT NULL, lang TEXT NOT NULL,
                   glossary TEXT NOT NULL, words TEXT NOT NULL);
CREATE VIRTUAL TABLE name_words USING fts5(w, tokenize='ascii', detail='none', content='');
CREATE VIRTUAL TABLE name_phon USING fts5(w, tokenize='ascii', detail='none', content='');
CREATE VIRTUAL TABLE def_words USING fts5(w, tokenize='ascii', detail='none', content='');
CREATE TABLE def_count(key TEXT PRIMARY KEY, entries INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE vocab(kind INTEGER NOT NULL, len INTEGER NOT NULL, edge INTEGER NOT NULL,
                   ch TEXT NOT NULL, words TEXT NOT NULL,
                   PRIMARY KEY(kind, edge, ch, len)) WITHOUT ROWID;
CREATE TABLE word(w TEXT PRIMARY KEY) WITHOUT ROWID;
CREATE TABLE skeleton(w TEXT PRIMARY KEY) WITHOUT ROWID;
CREATE TABLE inflection(base TEXT NOT NULL, word TEXT NOT NULL, PRIMARY KEY(base, word))
    WITHOUT ROWID;
CREATE TABLE lemma(lemma TEXT NOT NULL, word TEXT NOT NULL, PRIMARY KEY(lemma, word))
    WITHOUT ROWID;
CREATE TABLE file(rowid INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE);
CREATE TABLE member(file INTEGER NOT NULL, concept INTEGER NOT NULL, PRIMARY KEY(file, concept))
    WITHOUT ROWID;
CREATE TABLE part(concept INTEGER NOT NULL, file INTEGER NOT NULL, record TEXT NOT NULL,
                  PRIMARY KEY(concept, file)) WITHOUT ROWID;
CREATE TABLE roman(lang TEXT NOT NULL, w TEXT NOT NULL, latin TEXT NOT NULL,
                   PRIMARY KEY(lang, w)) WITHOUT ROWID;
CREATE TABLE form(key TEXT NOT NULL, name INTEGER NOT NULL, PRIMARY KEY(key, name))
    WITHOUT ROWID;
CREATE TABLE prefix(key TEXT PRIMARY KEY, flags INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE everyday(name INTEGER PRIMARY KEY);
"""
_PRAGMAS = "PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; PRAGMA cache_size=-65536;"
_DROP = """
DROP TABLE meta; DROP TABLE concept; DROP TABLE name; DROP TABLE entry; DROP TABLE name_words;
DROP TABLE name_phon; DROP TABLE def_count; DROP TABLE def_words; DROP TABLE vocab;
DROP TABLE word; DROP TABLE lemma; DROP TABLE skeleton; DROP TABLE inflection; DROP TABLE file;
DROP TABLE member; DROP TABLE part;
DROP TABLE roman; DROP TABLE form; DROP TABLE prefix; DROP TABLE everyday;
DROP TABLE IF EXISTS temp.words;
"""
_INDEXES = """
CREATE INDEX name_key ON name(key);
CREATE INDEX name_compact ON name(compact);
CREATE INDEX name_stem ON name(stem);
CREATE INDEX name_concept ON name(concept);
CREATE INDEX entry_concept ON entry(concept);
CREATE INDEX inflection_word ON inflection(word);
CREATE INDEX member_concept ON member(concept);
CREATE INDEX form_name ON form(name);
"""


_SCRIPT_MODULES = tuple(
    f"scripts/{m}.py" for m in ("__init__", "arabic", "bengali", "devanagari", "latin")
)


#: The file a wheel ships beside the package's modules holding :func:`code_stamp`, computed
#: when the wheel was built (``hatch_build.py``): an installed package is not edited, and
#: reading its 500 KB of modules and word lists to digest them cost every lookup 10 M
#: instructions (``benchmarks/RESULTS.md``). A source checkout has none and digests its files.
SHIPPED_STAMP = "code-stamp.txt"


def code_stamp() -> str:
    """A digest of the modules that compute keys and merge concepts, so that an index built
    by other code (an upgrade, or a source checkout being edited) is never trusted: the one
    the wheel shipped (:data:`SHIPPED_STAMP`), else that of the files themselves."""
    here = Path(__file__).parent
    try:
        shipped = (here / SHIPPED_STAMP).read_text(encoding="utf-8").strip()
    except (OSError, ValueError):
        shipped = ""
    return shipped or _code_stamp()


def _code_stamp() -> str:
    """The digest of the files :func:`code_stamp` stands for, as they are now."""
    here = Path(__file__).resolve().parent
    modules = (
        "index.py", "normalize.py", "analysis.py", "describe.py", "align.py", "records.py",
        *_SCRIPT_MODULES,
        "resources/ar_broken_plurals.tsv", "resources/common_words/ar.txt",
        "resources/common_words/bn.txt", "resources/common_words/en.txt",
    )  # fmt: skip
    return _digest(b"".join((here / m).read_bytes() for m in modules if (here / m).exists()))


def index_path(data_dirs: Sequence[Path], cache: Path) -> Path:
    """The index file for a list of data directories: a hash of their paths, the gloss
    version and :func:`code_stamp`."""
    data = "\n".join(str(d.resolve()) for d in data_dirs)
    code = "\n".join([__version__, SCHEMA_VERSION, code_stamp()])
    return cache / f"index-{_digest(data)}-{_digest(code)}.sqlite3"


def _digest(data: str | bytes) -> str:
    """A 64-bit digest (two CRC-32s, :mod:`zlib`) naming cache files: no security rests on
    it, and hashlib would cost every lookup the OpenSSL import."""
    import zlib

    raw = data.encode() if isinstance(data, str) else data
    return f"{zlib.crc32(raw):08x}{zlib.crc32(raw[::-1]):08x}"


def _remove_stale(path: Path) -> None:
    """Delete the indexes of the same data directories built by other code (and the term
    automata kept beside them), and temporary files that stopped builds left behind: their
    process is gone, or they are more than a day old."""
    import time

    from glossary_cli.parallel import alive

    prefix = path.name.rsplit("-", 1)[0]
    for other in path.parent.glob(f"{prefix}-*.sqlite3*"):  # and their journals
        if other.name.split("-journal")[0] != path.name:
            other.unlink(missing_ok=True)
    for other in path.parent.glob(f"{prefix}-*.terms"):  # text.scan's automaton of one
        if other != path.with_suffix(".terms"):
            other.unlink(missing_ok=True)
    cutoff = time.time() - 86400
    for tmp in path.parent.glob(f".{prefix}-*.tmp"):
        try:
            if not alive(int(tmp.suffixes[-2][1:])) or tmp.stat().st_mtime < cutoff:
                tmp.unlink()
        except (OSError, ValueError, IndexError):
            pass


def _record_order(name: str) -> tuple[int, str]:
    number = name.partition("-")[0]
    return (int(number) if number.isdigit() else 1 << 62, name)


def _record_files(data_dirs: Sequence[Path]) -> list[Path]:
    """The record files of the data directories, in order: each one's ``concepts.yaml``, then
    its ``records/*.yaml`` by number (:func:`glossary_cli.store.data_record_files`, which a
    lookup does not import)."""
    out = []
    for d in data_dirs:
        if (d / _RECORDS).is_file():
            out.append(d / _RECORDS)
        try:
            added = os.scandir(d / "records")
        except OSError:
            continue
        with added:
            names = [e.name for e in added if e.name.endswith(".yaml") and e.name[0] != "."]
        # by number, however many digits (glossary_cli.store.record_order)
        names.sort(key=_record_order)
        out.extend(d / "records" / n for n in names)
    return out


def _file_stamp(f: Path) -> list[str]:
    """``[path, stamp]`` of a record file: its size, modification time, inode and change
    time — inode and ctime too, so that a file replaced by one of the same size and mtime
    (``cp -p``, ``rsync -t``, an atomic rename) still gets its content compared."""
    st = f.stat()
    return [str(f.resolve()), f"{st.st_size}|{st.st_mtime_ns}|{st.st_ino}|{st.st_ctime_ns}"]


def _stamp(files: Sequence[Path]) -> list[list[str]]:
    """``[path, stamp, sha256]`` of each record file (:func:`_file_stamp`), as the index's
    ``files`` meta value holds them."""
    return [[*_file_stamp(f), _sha256(f)] for f in files]


def _sha256(f: Path) -> str:
    import hashlib

    h = hashlib.sha256()
    with f.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def open_index(
    data_dirs: Sequence[Path],
    cache: Path | None,
    *,
    rebuild: bool = False,
    on_compile: Callable[[int], None] | None = None,
) -> sqlite3.Connection:
    """Open the index of ``data_dirs``, compiling it first when missing, stale or corrupt.

    Args:
        data_dirs: data directories whose ``concepts.yaml`` files are merged, in order.
        cache: directory for index files; ``None`` or unwritable → an in-memory index.
        rebuild: compile it even if the file looks current (a lookup found it corrupt).
        on_compile: called with the size of the record files in bytes before a compilation
            (which takes about 0.25 s per MB), e.g. to tell the user why they wait.

    Returns:
        A read-only connection (or an in-memory one when the cache cannot be written).

    Raises:
        StoreError / RecordError: the records cannot be read (see :mod:`glossary_cli.store`).
    """
    files = _record_files(data_dirs)
    if not files:
        from glossary_cli.store import read_records

        read_records(data_dirs[0])  # raises the "run gloss build" error
    path = index_path(data_dirs, cache) if cache is not None else None
    if path is not None and path.is_file() and not rebuild:
        conn = _open_existing(path, files)
        if conn is not None:
            return conn
    if path is not None and not rebuild:
        conn = _adopt_shipped(data_dirs, files, path)
        if conn is not None:
            return conn
    if on_compile is not None:
        on_compile(sum(f.stat().st_size for f in files))
    return compile_index(data_dirs, files, _stamp(files), path)


#: The index of the bundled glossary that a wheel ships (``hatch_build.py`` compiles it with
#: :func:`ship_index`), so that the first lookup after installing costs what the second does.
SHIPPED_INDEX = Path(__file__).resolve().parent / "bundled-index.sqlite3"


def _content_stamps(data_dir: Path, files: Sequence[Path]) -> list[list[Any]]:
    """``[name relative to data_dir, size, CRC-32]`` of each record file: what a shipped index
    was compiled from, checked without hashlib (the OpenSSL import)."""
    import zlib

    return [
        [f.relative_to(data_dir).as_posix(), f.stat().st_size, zlib.crc32(f.read_bytes())]
        for f in files
    ]


def ship_index(data_dir: Path, out: Path) -> None:
    """Compile the index of ``data_dir`` alone into the file ``out``, marked with the code and
    content it was compiled from (meta ``code`` and ``shipped``: :func:`_content_stamps`), to
    ship in a wheel beside the bundled glossary (:data:`SHIPPED_INDEX`).

    Raises:
        StoreError / RecordError: as :func:`open_index`.
    """
    data_dir = data_dir.resolve()
    files = _record_files([data_dir])
    out.unlink(missing_ok=True)
    compile_index([data_dir], files, _stamp(files), out).close()
    with sqlite3.connect(out) as conn:
        conn.executemany(
            "INSERT INTO meta VALUES (?, ?)",
            [("code", code_stamp()), ("shipped", json.dumps(_content_stamps(data_dir, files)))],
        )
    conn.close()


def _adopt_shipped(
    data_dirs: Sequence[Path], files: Sequence[Path], path: Path
) -> sqlite3.Connection | None:
    """The shipped index (:data:`SHIPPED_INDEX`) copied to ``path``, with this installation's
    paths and file stamps, when the data is the bundled glossary alone and the index was
    compiled by this code from these very files; else ``None`` (then it is compiled)."""
    from glossary_cli.config import packaged_data_dir

    if not SHIPPED_INDEX.is_file() or len(data_dirs) != 1:
        return None
    here = data_dirs[0].resolve()
    if here != packaged_data_dir().resolve():
        return None
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with sqlite3.connect(f"file:{SHIPPED_INDEX}?mode=ro", uri=True) as shipped:
            meta = dict(shipped.execute("SELECT key, value FROM meta"))
        shipped.close()
        if (
            meta.get("schema") != SCHEMA_VERSION
            or meta.get("version") != __version__
            or meta.get("code") != code_stamp()
            or json.loads(meta.get("shipped", "null")) != _content_stamps(here, files)
        ):
            return None
        indexed = json.loads(meta["files"])
        old = [row[0] for row in indexed]
        new = [str(f.resolve()) for f in files]
        stamps = [[*_file_stamp(f), row[2]] for f, row in zip(files, indexed, strict=True)]
        sources = json.loads(meta.get("sources", "{}"))
        moved = {n: sources[o] for o, n in zip(old, new, strict=True) if o in sources}
        path.parent.mkdir(parents=True, exist_ok=True)
        import shutil

        shutil.copyfile(SHIPPED_INDEX, tmp)
        with sqlite3.connect(tmp) as conn:
            # a private file, renamed into place when done: no journal, no fsync
            conn.executescript("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;")
            conn.executemany(
                "UPDATE file SET path = ? WHERE path = ?", list(zip(new, old, strict=True))
            )
            conn.executemany(
                "INSERT OR REPLACE INTO meta VALUES (?, ?)",
                [
                    ("files", json.dumps(stamps)),
                    ("data", json.dumps([str(here)])),
                    ("sources", json.dumps(moved, ensure_ascii=False)),
                ],
            )
            conn.execute("DELETE FROM meta WHERE key IN ('code', 'shipped')")
        conn.close()
        os.replace(tmp, path)
        return _connect(path)
    except (sqlite3.DatabaseError, OSError, ValueError, KeyError):
        with contextlib.suppress(OSError):
            tmp.unlink()
        return None


def _open_existing(path: Path, files: Sequence[Path]) -> sqlite3.Connection | None:
    """A read-only connection to the index at ``path`` if it is current for ``files``, or made
    current by adding the files appended since (:func:`append_files`); else ``None``."""
    reading = True
    try:
        conn = _connect(path)
        meta = dict(conn.execute("SELECT key, value FROM meta"))
        if meta.get("schema") != SCHEMA_VERSION or meta.get("version") != __version__:
            conn.close()
            return None
        indexed = json.loads(meta.get("files", "[]"))
        current = [_file_stamp(f) for f in files]
        if [list(i[:2]) for i in indexed] == current:
            return conn
        conn.close()
        plan = _plan(indexed, files, current)
        if plan is None:
            return None
        reading = False  # (what fails now is the update, which a compilation replaces)
        removed, added, stamps = plan
        if removed or added:
            update_files(path, indexed, removed, added, stamps)
        else:
            _restamp(path, stamps)
        return _connect(path)
    except (sqlite3.DatabaseError, ValueError, KeyError, TypeError, RecursionError) as exc:
        if reading:  # (a meta value of another shape than gloss writes: KeyError, TypeError)
            notice(f"the search index {path} could not be read ({exc}): it is compiled again")
    except (OSError, _Stale):
        pass
    return None


def _connect(path: Path) -> sqlite3.Connection:
    """A read-only connection to the index at ``path``, after rolling back what a process
    stopped inside an update (:func:`update_files`) left: a hot journal, SQLite's
    ``-journal`` file beside it, which a read-only connection cannot roll back
    (https://sqlite.org/lockingv3.html#hot_journals) and without which the file is
    half-updated. A connection that may write rolls it back (:func:`_roll_back`).

    Raises:
        sqlite3.DatabaseError, OSError: the file is not a database, or its journal cannot be
            rolled back here (a read-only cache directory).
    """
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        conn.execute("SELECT 1 FROM meta LIMIT 1").fetchall()
    except sqlite3.OperationalError:
        conn.close()
        if not _journal_of(path).exists():
            raise
        _roll_back(path)
        notice(f"the search index {path} was left half-updated by a stopped gloss: rolled back")
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    return conn


def _journal_of(path: Path) -> Path:
    """SQLite's rollback journal of the database at ``path`` (``PATH-journal``)."""
    return path.with_name(f"{path.name}-journal")


def _roll_back(path: Path) -> None:
    """Roll back a transaction that a stopped process left in the index at ``path``: SQLite
    does so when a connection that may write takes the file's lock, waiting (up to a
    minute) for a process that is writing it now.

    Raises:
        sqlite3.DatabaseError: it cannot be done (a read-only file or directory, a busy
            file).
    """
    conn = sqlite3.connect(path, timeout=60)
    try:
        conn.execute("BEGIN IMMEDIATE")
        conn.rollback()
    finally:
        conn.close()


def _plan(
    indexed: Sequence[Sequence[str]], files: Sequence[Path], current: Sequence[Sequence[str]]
) -> tuple[list[str], list[Path], list[list[str]]] | None:
    """How to bring an index of ``indexed`` files up to ``files``: ``(paths to take out,
    files to add, the new files meta value)``, when the files it keeps are the first of
    ``files``, in order and unchanged (the same stamp, or the same bytes), and the others
    come after them; else ``None`` (rebuild)."""
    now = {c[0] for c in current}
    kept = [i for i in indexed if i[0] in now]
    removed = [i[0] for i in indexed if i[0] not in now]
    if len(kept) > len(files):
        return None
    stamps = []
    for (name, stamp, sha), f, here in zip(kept, files, current, strict=False):
        if name != here[0]:
            return None
        if stamp != here[1]:
            sha_now = _sha256(f)
            if sha_now != sha:
                return None
        stamps.append([*here, sha])
    added = list(files[len(kept) :])
    stamps.extend([*here, _sha256(f)] for here, f in zip(current[len(kept) :], added, strict=True))
    return removed, added, stamps


class _Stale(Exception):
    """The index changed under an update (another process rebuilt or updated it)."""


def sources_meta(paths: Sequence[str | Path]) -> str:
    """The ``sources`` meta value: ``{record file path: [source mapping, …]}``
    (:func:`glossary_cli.store.record_file_sources`,
    :func:`glossary_cli.records.source_to_mapping`), so that ``gloss sources`` and ``gloss
    stats`` read them from the index instead of parsing each file's YAML header on every
    run. A file whose sources cannot be read is left out
    (its readers then read the file and report why)."""
    from glossary_cli.errors import GlossError
    from glossary_cli.records import source_to_mapping
    from glossary_cli.store import record_file_sources

    out: dict[str, list[dict[str, Any]]] = {}
    for name in paths:
        path = Path(name)
        try:
            out[str(path.resolve())] = [source_to_mapping(s) for s in record_file_sources(path)]
        except (GlossError, OSError, UnicodeDecodeError):
            continue
    return json.dumps(out, ensure_ascii=False)


def _restamp(path: Path, stamps: list[list[str]]) -> None:
    try:
        with sqlite3.connect(path) as conn:
            conn.execute("UPDATE meta SET value = ? WHERE key = 'files'", (json.dumps(stamps),))
    except (sqlite3.DatabaseError, OSError):
        pass  # a read-only cache: the content check simply runs again next time


def update_files(
    path: Path,
    indexed: Sequence[Sequence[str]],
    removed: Sequence[str],
    added: Sequence[Path],
    stamps: list[list[str]],
) -> None:
    """Take record files out of the index at ``path`` and add the ones appended after the
    others, in place and in one transaction. An added concept whose id the index holds is
    merged into it as a rebuild would (:func:`glossary_cli.align.merge_concepts`: joined, or
    kept apart as ``ID-2`` when a shared language contradicts it), any other is added after
    the others; a taken-out file's concepts are deleted, or merged again from the parts the
    other files give (:func:`_drop_file`). The word tables grow by the new words only (the
    words of names taken out stay, which no lookup finds a name by). The result is the index
    a rebuild gives, but for row numbers and the order of words inside a vocabulary row.

    Args:
        path: the index file.
        indexed: the ``files`` meta value the update was planned on.
        removed: the paths of the record files to take out.
        added: the record files to add, in order.
        stamps: the ``files`` meta value once it is done.

    Raises:
        _Stale: the index is no longer the one planned on; sqlite3.DatabaseError, OSError,
            RecordError: as for a build (the caller then rebuilds).
    """
    from glossary_cli.store import paused_gc, read_record_file

    read = [(str(f.resolve()), read_record_file(f).concepts) for f in added]
    conn = sqlite3.connect(path, timeout=60)
    try:
        conn.execute("BEGIN IMMEDIATE")
        (value,) = conn.execute("SELECT value FROM meta WHERE key = 'files'").fetchone()
        now = json.loads(value)
        if now == stamps:
            conn.rollback()
            return  # another process did it meanwhile
        if now != [list(i) for i in indexed]:
            raise _Stale(str(path))
        with paused_gc():
            numbers = dict(conn.execute("SELECT path, rowid FROM file"))
            for name in removed:
                _drop_file(conn, numbers[name])
            if read:
                _add_files(conn, read)
        conn.execute("UPDATE meta SET value = ? WHERE key = 'files'", (json.dumps(stamps),))
        conn.execute(
            "INSERT OR REPLACE INTO meta VALUES ('sources', ?)",
            (sources_meta([s[0] for s in stamps]),),
        )
        step("index-updated")
        conn.commit()
    except BaseException:
        conn.rollback()
        raise
    finally:
        conn.close()


def _store_parts(conn: sqlite3.Connection, merged: Iterable[Merged]) -> None:
    """Write which record files give each concept (``member``) and, for a concept of several
    files, each file's own part (``part``), so that a file can be taken out again."""
    from glossary_cli.records import concept_to_mapping

    members: list[tuple[int, int]] = []
    parts: list[tuple[int, int, str]] = []
    single: list[tuple[int]] = []
    for m in merged:
        members.extend((number, m.rowid) for number in m.parts)
        if len(m.parts) > 1:
            for number, part in m.parts.items():
                record = json.dumps(
                    concept_to_mapping(part), ensure_ascii=False, separators=(",", ":")
                )
                parts.append((m.rowid, number, record))
        else:
            single.append((m.rowid,))
    conn.executemany("DELETE FROM part WHERE concept = ?", single)
    conn.executemany("INSERT OR IGNORE INTO member VALUES (?, ?)", members)
    conn.executemany("INSERT OR REPLACE INTO part VALUES (?, ?, ?)", parts)


def _held(conn: sqlite3.Connection, rowids: dict[str, int]) -> Callable[[str], Merged | None]:
    """:func:`glossary_cli.align.merge_numbered`'s ``existing`` over an index: a concept's
    record and parts."""
    from glossary_cli.align import Merged
    from glossary_cli.records import concept_from_index

    def existing(cid: str) -> Merged | None:
        rowid = rowids.get(cid)
        if rowid is None:
            return None
        (record,) = conn.execute("SELECT record FROM concept WHERE rowid = ?", (rowid,)).fetchone()
        concept = concept_from_index(json.loads(record))
        parts = {
            number: concept_from_index(json.loads(text))
            for number, text in conn.execute(
                "SELECT file, record FROM part WHERE concept = ? ORDER BY file", (rowid,)
            )
        }
        if not parts:
            (number,) = conn.execute(
                "SELECT file FROM member WHERE concept = ?", (rowid,)
            ).fetchone()
            parts = {number: concept}
        return Merged(rowid, concept, False, parts)

    return existing


def _replace_concepts(conn: sqlite3.Connection, merged: Sequence[Merged]) -> None:
    """Write merged concepts into an index: those it held are written again (their rows
    deleted first), new ones added; their words grow the word tables."""
    changed = [m.rowid for m in merged if not m.new]
    _delete_rows(conn, changed)
    conn.executemany("DELETE FROM concept WHERE rowid = ?", [(r,) for r in changed])
    order = sorted(merged, key=lambda m: m.rowid)
    (names,) = conn.execute("SELECT coalesce(max(rowid), 0) FROM name").fetchone()
    (entries,) = conn.execute("SELECT coalesce(max(rowid), 0) FROM entry").fetchone()
    conn.execute(
        "CREATE TEMP TABLE words(kind INTEGER, word TEXT, PRIMARY KEY(kind, word)) WITHOUT ROWID"
    )
    _insert(conn, _prepare(m.concept for m in order), [m.rowid for m in order], names, entries)
    _grow_words(conn)
    _store_parts(conn, order)


def _add_files(conn: sqlite3.Connection, added: Sequence[tuple[str, Sequence[Any]]]) -> None:
    """Merge the concepts of record files (``(path, concepts)``) into an index (see
    :func:`update_files`)."""
    from glossary_cli.align import merge_numbered

    rowids = dict(conn.execute("SELECT id, rowid FROM concept"))
    taken = {*rowids, *(c.id for _, concepts in added for c in concepts)}
    (top,) = conn.execute("SELECT coalesce(max(rowid), 0) FROM concept").fetchone()
    numbered = []
    for name, concepts in added:
        number = conn.execute("INSERT INTO file(path) VALUES (?)", (name,)).lastrowid
        numbered.append((int(number or 0), concepts))
    merged = merge_numbered(numbered, _held(conn, rowids), taken, top)
    _replace_concepts(conn, list(merged.values()))


def _drop_file(conn: sqlite3.Connection, number: int) -> None:
    """Take the concepts of record file ``number`` out of an index: a concept only it gave is
    deleted; one that other files give too is merged again from their parts."""
    from glossary_cli.align import Merged, join_concepts
    from glossary_cli.records import concept_from_index

    gone, again = [], []
    for (rowid,) in conn.execute("SELECT concept FROM member WHERE file = ?", (number,)).fetchall():
        rows = conn.execute(
            "SELECT file, record FROM part WHERE concept = ? AND file != ? ORDER BY file",
            (rowid, number),
        ).fetchall()
        if not rows:
            gone.append(rowid)
            continue
        parts = {n: concept_from_index(json.loads(text)) for n, text in rows}
        concepts = list(parts.values())
        concept = concepts[0]
        for later in concepts[1:]:
            concept = join_concepts(concept, later)
        (cid,) = conn.execute("SELECT id FROM concept WHERE rowid = ?", (rowid,)).fetchone()
        again.append(Merged(rowid, concept._replace(id=cid), False, parts))
    _delete_rows(conn, gone)
    conn.executemany("DELETE FROM concept WHERE rowid = ?", [(r,) for r in gone])
    conn.execute("DELETE FROM member WHERE file = ?", (number,))
    conn.execute("DELETE FROM part WHERE file = ?", (number,))
    conn.execute("DELETE FROM file WHERE rowid = ?", (number,))
    if again:
        _replace_concepts(conn, again)


def _delete_rows(conn: sqlite3.Connection, concepts: Sequence[int]) -> None:
    """Delete the name and entry rows of the concepts numbered ``concepts``, and their words
    from the full-text tables (a contentless FTS5 table deletes a row given the words it was
    given: :func:`name_keys` computes a name's again; an entry keeps its own) and from the
    counts of ``def_count``."""
    counted: dict[str, int] = {}
    for rowid in concepts:
        rows = conn.execute(
            "SELECT rowid, text, lang FROM name WHERE concept = ?", (rowid,)
        ).fetchall()
        for name_id, text, lang in rows:
            keys = name_keys(text, lang)
            conn.execute(
                "INSERT INTO name_words(name_words, rowid, w) VALUES ('delete', ?, ?)",
                (name_id, keys[3]),
            )
            if keys[4]:
                conn.execute(
                    "INSERT INTO name_phon(name_phon, rowid, w) VALUES ('delete', ?, ?)",
                    (name_id, keys[4]),
                )
        for entry_id, words in conn.execute(
            "SELECT rowid, words FROM entry WHERE concept = ? AND words != ''", (rowid,)
        ).fetchall():
            conn.execute(
                "INSERT INTO def_words(def_words, rowid, w) VALUES ('delete', ?, ?)",
                (entry_id, words),
            )
            for key, n in _key_counts([words]).items():
                counted[key] = counted.get(key, 0) + n
        for table in ("form", "everyday"):
            conn.execute(
                f"DELETE FROM {table} WHERE name IN (SELECT rowid FROM name WHERE concept = ?)",
                (rowid,),
            )
        conn.execute("DELETE FROM name WHERE concept = ?", (rowid,))
        conn.execute("DELETE FROM entry WHERE concept = ?", (rowid,))
    conn.executemany(
        "UPDATE def_count SET entries = entries - ? WHERE key = ?",
        [(n, key) for key, n in counted.items()],
    )
    conn.executemany(
        "DELETE FROM def_count WHERE key = ? AND entries <= 0", [(key,) for key in counted]
    )


def _key_counts(entries: Iterable[str]) -> dict[str, int]:
    """How many of ``entries`` (each its keys, space-separated, each once) hold each key, with
    the number of entries under ``""`` and of their keys under ``" "`` (table ``def_count``).

    >>> _key_counts(["a b", "b"])
    {'': 2, ' ': 3, 'a': 1, 'b': 2}
    """
    from collections import Counter

    counts: Counter[str] = Counter()
    for words in entries:
        keys = words.split()
        counts[""] += 1
        counts[" "] += len(keys)
        counts.update(keys)
    return dict(counts)


def _grow_words(conn: sqlite3.Connection) -> None:
    """Add the words of ``temp.words`` that the index lacks to its word tables: each new word
    to the vocabulary rows of its length and first and last letter, with its inflection rows
    and the lemmas they make (:func:`_inflections`)."""
    conn.execute(
        "DELETE FROM temp.words WHERE (kind = 0 AND word IN (SELECT w FROM word)) "
        "OR (kind = 1 AND word IN (SELECT w FROM skeleton))"
    )
    groups: dict[tuple[int, int, int, str], list[str]] = {}
    for kind, word in conn.execute("SELECT kind, word FROM temp.words"):
        groups.setdefault((kind, len(word), 0, word[:1]), []).append(word)
        groups.setdefault((kind, len(word), 1, word[-1:]), []).append(word)
    for (kind, length, edge, ch), words in groups.items():
        row = conn.execute(
            "SELECT words FROM vocab WHERE kind = ? AND edge = ? AND ch = ? AND len = ?",
            (kind, edge, ch, length),
        ).fetchone()
        text = "\n".join(([row[0]] if row else []) + words)
        conn.execute(
            "INSERT OR REPLACE INTO vocab VALUES (?, ?, ?, ?, ?)", (kind, length, edge, ch, text)
        )
    conn.execute("INSERT INTO word SELECT word FROM temp.words WHERE kind = 0")
    conn.execute("INSERT INTO skeleton SELECT word FROM temp.words WHERE kind = 1")
    new = [w for (w,) in conn.execute("SELECT word FROM temp.words WHERE kind = 0")]
    conn.executemany("INSERT OR IGNORE INTO inflection VALUES (?, ?)", _inflections(new))
    conn.execute(
        "INSERT OR IGNORE INTO lemma SELECT i.base, i.word FROM inflection i "
        "WHERE (i.word IN (SELECT word FROM temp.words WHERE kind = 0) "
        "OR i.base IN (SELECT word FROM temp.words WHERE kind = 0)) "
        "AND i.base IN (SELECT w FROM word)"
    )
    conn.execute("DROP TABLE temp.words")


def compile_index(
    data_dirs: Sequence[Path], files: Sequence[Path], stamp: list[list[str]], path: Path | None
) -> sqlite3.Connection:
    """Compile the records of ``data_dirs`` into an index at ``path`` (or in memory).

    The index is written to a temporary file beside ``path`` and renamed into place. A
    single large record file is parsed and keyed in parallel (:func:`_prepared_chunks`).
    """
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
        if path is not None:
            notice(
                f"cannot write the search index in {path.parent}: it is compiled in memory, "
                "for this command only (set GLOSS_CACHE to a writable directory)"
            )
        conn = sqlite3.connect(":memory:")
    try:
        from contextlib import closing

        from glossary_cli.parallel import terminate_raises
        from glossary_cli.store import paused_gc

        with terminate_raises():
            conn.executescript(_PRAGMAS + _DDL)
            with paused_gc():
                merged: list[Merged] | None = None
                try:
                    if len(files) == 1 and files[0].stat().st_size > PARALLEL_BYTES:
                        with closing(_prepared_chunks(files[0])) as batches:
                            _fill(conn, batches)
                    else:
                        merged = _merged_files(files)
                        _fill(conn, [_prepare(m.concept for m in merged)])
                except _Unsplittable:  # hand-edited: read it whole, into fresh tables
                    conn.executescript(_DROP + _DDL)
                    merged = _merged_files(files)
                    _fill(conn, [_prepare(m.concept for m in merged)])
                conn.executemany(
                    "INSERT INTO file(rowid, path) VALUES (?, ?)",
                    [(i, stamp[i - 1][0]) for i in range(1, len(files) + 1)],
                )
                if merged is None:  # one file: every concept is its own
                    conn.execute("INSERT INTO member SELECT 1, rowid FROM concept")
                else:
                    _store_parts(conn, merged)
            conn.executescript(_INDEXES)
            conn.executemany(
                "INSERT INTO meta VALUES (?, ?)",
                [
                    ("schema", SCHEMA_VERSION),
                    ("version", __version__),
                    ("files", json.dumps(stamp)),
                    ("data", json.dumps([str(d) for d in data_dirs])),
                    ("sources", sources_meta(files)),
                ],
            )
            conn.commit()
    except BaseException as exc:
        conn.close()
        if tmp is not None:
            tmp.unlink(missing_ok=True)
            if isinstance(exc, (sqlite3.OperationalError, OSError)):
                # the cache disk is full or failing: an index in memory serves this lookup
                notice(
                    f"cannot write the search index in {tmp.parent} ({exc}): it is compiled "
                    "in memory, for this command only (free some space, or set GLOSS_CACHE "
                    "to another directory)"
                )
                return compile_index(data_dirs, files, stamp, None)
        raise
    if tmp is None or path is None:
        return conn
    conn.close()
    step("index-compiled")
    try:
        if _journal_of(path).exists():
            # a journal of the file replaced here must not be rolled back into the new one
            with contextlib.suppress(sqlite3.DatabaseError, OSError):
                _roll_back(path)
            _journal_of(path).unlink(missing_ok=True)
        os.replace(tmp, path)
    except OSError as exc:  # the index's name is taken by a folder, a read-only file system
        notice(
            f"cannot write the search index {path} ({exc.strerror}): it is kept in memory, "
            "for this command only (remove what is in its place, or set GLOSS_CACHE)"
        )
        memory = sqlite3.connect(":memory:")
        with contextlib.closing(sqlite3.connect(tmp)) as done:
            done.backup(memory)
        tmp.unlink(missing_ok=True)
        return memory
    try:
        _remove_stale(path)
    except OSError:
        pass  # another process may be cleaning up too
    return _connect(path)


#: Record files larger than this are parsed in chunks by worker processes.
PARALLEL_BYTES = 8 << 20
#: Concepts per chunk handed to a worker.
CHUNK_CONCEPTS = 5000


class _Prepared(NamedTuple):
    """Rows of a batch of concepts, keyed but not yet numbered (indexes are batch-local); a
    named tuple of lists, so that a lookup, which never builds one, loads no dataclasses."""

    concepts: list[tuple[str, str, str | None, str]]  # id, langs, headword, JSON
    names: list[tuple[Any, ...]]  # concept#, field, lang, text, keys…, status, type, glossary,
    # collation key (:func:`glossary_cli.normalize.sort_key` of the name's language)
    definitions: list[tuple[int, str, str, str]]  # concept#, lang, glossary, words
    romans: set[tuple[str, str, str]]  # lang, Bengali or Arabic word of a name, romanization


def _merged_files(files: Sequence[Path]) -> list[Merged]:
    """Every concept of the record files, in order, merged by id
    (:func:`glossary_cli.align.merge_numbered`)."""
    from glossary_cli.align import merge_numbered
    from glossary_cli.store import read_record_file

    numbered = [(n, read_record_file(f).concepts) for n, f in enumerate(files, 1)]
    taken = {c.id for _, concepts in numbered for c in concepts}
    merged = merge_numbered(numbered, lambda _: None, taken, 0)
    return sorted(merged.values(), key=lambda m: m.rowid)


class _Unsplittable(Exception):
    """A record file that does not split into concept chunks (see :func:`_record_chunks`)."""


def _prepared_chunks(path: Path) -> Generator[_Prepared, None, None]:
    """Parse and key one large record file in chunks of :data:`CHUNK_CONCEPTS` concepts, in
    worker processes (one per core), yielding the chunks in file order. The file is streamed: memory
    stays proportional to a few chunks, whatever the file's size. If anything stops the build (a bad
    chunk, Ctrl-C, SIGTERM, the caller closing this generator), the workers are killed at once
    rather than left blocked on their pipes. Where no worker can be started
    (:func:`glossary_cli.parallel.start_workers`), the chunks are parsed in this process, one by
    one.

    Raises:
        _Unsplittable: the file is not laid out as ``gloss build`` writes it.
        RecordError: a chunk is not valid YAML or not valid records (line numbers are the
            file's).
    """
    import marshal
    import shutil
    import tempfile
    from collections import deque

    jobs = ((str(path), *where) for where in _record_chunks(path))
    from glossary_cli.parallel import handling, start_workers

    workers = max(1, min(os.cpu_count() or 1, 4))
    pool = start_workers(workers) if workers > 1 else None
    if pool is None:
        for job in jobs:
            yield _prepare_text(job)
        return
    # Only small messages cross the pool's pipes: where a chunk lies in the file, and the
    # name of the file its rows were written to. A worker killed while it wrote a large
    # message would leave the pipe, or its lock, to block the pool's shutdown for ever.
    results = tempfile.mkdtemp(prefix="gloss-index-")
    try:
        # at most two chunks per worker in flight: the file is never all in memory
        pending: deque[Any] = deque()

        def ready() -> _Prepared:
            name = pending.popleft().get()
            with open(name, "rb") as fh:
                prepared = _Prepared(*marshal.load(fh))
            os.unlink(name)
            return prepared

        for job in jobs:
            pending.append(pool.apply_async(_prepare_into, (job, results)))
            if len(pending) >= 2 * workers:
                yield ready()
        while pending:
            yield ready()
    except (Exception, GeneratorExit):
        # a bad chunk, or the caller done with the chunks (a duplicate id: it closes this
        # generator): the few chunks in flight finish, then the pool closes. Terminating it
        # with tasks on its queue can leave its task thread blocked on the queue's lock, and
        # the shutdown waiting for ever (CPython's multiprocessing.Pool.terminate).
        for task in pending:
            with contextlib.suppress(Exception):
                task.get(timeout=120)
        pool.close()
        pool.join()
        raise
    except BaseException:
        import signal

        # a second Ctrl-C mid-terminate would leave join() waiting for ever
        with handling(("SIGINT", "SIGTERM", "SIGHUP"), signal.SIG_IGN):
            pool.terminate()
            pool.join()
        raise
    else:
        pool.close()
        pool.join()
    finally:
        shutil.rmtree(results, ignore_errors=True)


#: A chunk of a record file: its path, byte offset and size, first line, the file's
#: identity when it was split (inode, size, modification time in ns), and its record schema.
_Job = tuple[str, int, int, int, tuple[int, int, int], int]


def _record_chunks(path: Path) -> Iterator[tuple[int, int, int, tuple[int, int, int], int]]:
    """Where the ``concepts`` list of a record file splits into YAML lists of
    :data:`CHUNK_CONCEPTS` items: ``(offset, size, line, identity, version)`` of each,
    ``line`` the file line it starts on, ``identity`` the file's (see :func:`_read_chunk`),
    ``version`` its record schema (a gloss/1 file is migrated as it is read).

    ``gloss build`` writes every concept as a ``- id:`` line at column 0 under ``concepts:``
    and never a value's line at column 0, so the file splits there into valid YAML lists.
    The header (``schema``, ``sources``) is checked first.

    Raises:
        _Unsplittable: some other line at column 0 (a hand-edited file).
    """
    from glossary_cli.store import header_glossary, read_header

    with path.open("rb") as fh:
        st = os.fstat(fh.fileno())
        identity = (st.st_ino, st.st_size, st.st_mtime_ns)
        header = read_header(fh)
        if header is None:
            raise _Unsplittable(str(path))
        header_glossary(header, str(path))  # checked before any chunk is parsed
        version = 1 if any(line.startswith(b"schema: gloss/1") for line in header) else 2
        line = len(header) + 2
        offset = start_offset = fh.tell()
        start = line
        items = 0
        for raw in fh:
            first = raw[:1]
            if first == b"-":
                if items == CHUNK_CONCEPTS:
                    yield start_offset, offset - start_offset, start, identity, version
                    items, start, start_offset = 0, line, offset
                items += 1
            elif first not in (b" ", b"#", b"\n", b"\r"):
                raise _Unsplittable(str(path))
            offset += len(raw)
            line += 1
        if offset > start_offset:
            yield start_offset, offset - start_offset, start, identity, version


def _read_chunk(job: _Job) -> bytes:
    """The bytes of one chunk (:func:`_record_chunks`).

    Raises:
        RecordError: the file was replaced or changed since it was split (a ``gloss build``
            meanwhile).
    """
    from glossary_cli.errors import RecordError

    name, offset, size, _, identity, _version = job
    with open(name, "rb") as fh:
        st = os.fstat(fh.fileno())
        if (st.st_ino, st.st_size, st.st_mtime_ns) != tuple(identity):
            raise RecordError(
                "the records changed while the search index was built",
                path=name,
                hint="run the command again",
            )
        fh.seek(offset)
        return fh.read(size)


def _prepare_text(job: _Job) -> _Prepared:
    """Parse one chunk of concept records (YAML list) and key it, the garbage collector
    paused (:func:`glossary_cli.store.paused_gc`)."""
    from glossary_cli.store import paused_gc

    data = _read_chunk(job)
    with paused_gc():
        return _prepare_chunk(data, job[3], job[0], job[5])


def _prepare_into(job: _Job, directory: str) -> str:
    """Worker: :func:`_prepare_text`, its rows written into a new file of ``directory`` (the
    build's private folder) with :mod:`marshal`, which holds only plain values (lists,
    tuples, sets, strings, numbers) and runs nothing when they are read back, unlike pickle;
    returns the file's name."""
    import marshal
    import tempfile

    prepared = _prepare_text(job)
    fd, name = tempfile.mkstemp(dir=directory, suffix=".rows")
    with os.fdopen(fd, "wb") as fh:
        marshal.dump(tuple(prepared), fh)
    return name


def _prepare_chunk(data: bytes, line: int, name: str, version: int = 2) -> _Prepared:
    from glossary_cli.errors import RecordError
    from glossary_cli.records import concept_reader
    from glossary_cli.store import load_yaml

    read = concept_reader(version)
    try:
        chunk = data.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError("the file is not UTF-8", path=name, line=line) from None
    try:
        items = load_yaml(chunk, name)
    except RecordError as exc:
        if exc.line is not None:
            exc.line += line - 1
        raise
    if not isinstance(items, list):
        raise RecordError("'concepts' must be a list", path=name, line=line)
    concepts = []
    for index, item in enumerate(items):
        try:
            concepts.append(read(item, "concept"))
        except RecordError as exc:
            if exc.path is None:  # the file, and the line where the concept starts
                starts = [i for i, text in enumerate(chunk.splitlines()) if text[:1] == "-"]
                exc.path = name
                exc.line = line + (starts[index] if index < len(starts) else 0)
            raise
    return _prepare(concepts)


def _prepare(concepts: Iterable[Any]) -> _Prepared:
    """Key a batch of concepts: the rows of every table but their numbers."""
    from glossary_cli.analysis import everyday, term_forms
    from glossary_cli.describe import definition_keys
    from glossary_cli.normalize import sort_key
    from glossary_cli.records import concept_to_mapping
    from glossary_cli.select import source_file
    from glossary_cli.text.scan import TERM_FIELDS

    out = _Prepared([], [], [], set())
    for index, concept in enumerate(concepts):
        record = json.dumps(concept_to_mapping(concept), ensure_ascii=False, separators=(",", ":"))
        out.concepts.append((concept.id, ",".join(concept.langs), concept.en, record))
        for field_name, lang, text, status, term_type, source in name_rows(concept):
            keys = name_keys(text, lang)
            out.romans.update(romanized_words(keys[0]))
            if keys[0]:
                sort = sort_key(lang)(text)
                out.names.append(
                    (index, field_name, lang, text, *keys, status, term_type,
                     source_file(source), sort, term_forms(text),
                     field_name in TERM_FIELDS and everyday(text, lang))
                )  # fmt: skip
        by_glossary: dict[tuple[str, str], list[str]] = {}
        for section in concept.languages:
            for d in section.all_definitions():
                by_glossary.setdefault((section.lang, source_file(d.source)), []).append(d.text)
        for d in concept.definitions:
            by_glossary.setdefault((d.lang or "und", source_file(d.source)), []).append(d.text)
        for (lang, glossary), texts in by_glossary.items():
            out.definitions.append((index, lang, glossary, definition_keys("\n".join(texts))))
    return out


def name_rows(concept: Any) -> Iterator[tuple[str, str, str, str | None, str | None, str]]:
    """The searchable names of a concept as ``(field, lang, text, status, type, source)``:
    every term of every language, its field saying what it is to the concept (see
    :class:`glossary_cli.model.Match`: ``en`` the English headword, ``term`` another
    language's main term, ``abbr``, ``synonym``, ``alias`` for a search-only alias,
    ``misreading``), then the curated related terms (``related``). A term that ends in a
    parenthetical is also named by what stands before it and by the names inside it
    (:func:`glossary_cli.termtext.named_by`), under the same field."""
    from glossary_cli.limits import MAX_TERM
    from glossary_cli.model import RELATED_TYPES, is_english
    from glossary_cli.termtext import named_by

    for section in concept.languages:
        english = is_english(section.lang)
        main = section.main
        for t in section.terms:
            if t.role == "misreading":
                field_name = "misreading"
            elif t.role is not None:
                field_name = "alias"
            elif t is main:
                field_name = "en" if english else "term"
            elif t.is_abbreviation:
                field_name = "abbr"
            else:
                field_name = "synonym"
            # a termbase's "Pruning (neural networks)" or "تقليم (Pruning)" is found by the
            # term before its parenthetical, and by each name inside it, as well
            if len(t.text) > MAX_TERM:
                continue  # records of an earlier release, from before readers bounded terms
            for name in named_by(t.text):
                yield field_name, section.lang, name, t.status, t.type, t.source

    for x in concept.xrefs:
        if x.type in RELATED_TYPES and x.text:
            # "Singular Value Decomposition (SVD)" is found by each of its names
            for name in named_by(x.text):
                yield "related", "en", name, None, None, ""


def romanized_words(key: str) -> Iterator[tuple[str, str, str]]:
    """``(lang, word, romanization)`` of each Bengali or Arabic word of a folded key, as
    :func:`glossary_cli.normalize.romanize` romanizes that word alone under ``bn`` or ``ar``
    (which it does word by word): the index keeps them (table ``roman``), so that a query of
    the glossary's own words is romanized without loading ICU."""
    from glossary_cli.normalize import romanize
    from glossary_cli.scripts import script_block

    langs = {"bengali": "bn", "arabic": "ar"}
    for word in key.split():
        lang = langs.get(script_block(word))
        if lang is not None:
            yield lang, word, romanize(word, lang)


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


def _fill(conn: sqlite3.Connection, batches: Iterable[_Prepared]) -> None:
    """Number and insert prepared rows, batch by batch, then the vocabulary.

    Raises:
        RecordError: two concepts have the same id.
    """
    conn.execute(
        "CREATE TEMP TABLE words(kind INTEGER, word TEXT, PRIMARY KEY(kind, word)) WITHOUT ROWID"
    )
    concept_id = name_id = entry_id = 0
    for batch in batches:
        rowids = list(range(concept_id + 1, concept_id + 1 + len(batch.concepts)))
        _insert(conn, batch, rowids, name_id, entry_id)
        concept_id += len(batch.concepts)
        name_id += len(batch.names)
        entry_id += len(batch.definitions)
    conn.execute(
        "INSERT INTO vocab SELECT kind, length(word), 0, substr(word, 1, 1), "
        "group_concat(word, char(10)) FROM temp.words GROUP BY kind, length(word), 3, 4"
    )
    conn.execute(
        "INSERT INTO vocab SELECT kind, length(word), 1, substr(word, -1), "
        "group_concat(word, char(10)) FROM temp.words GROUP BY kind, length(word), 3, 4"
    )
    conn.execute("INSERT INTO word SELECT word FROM temp.words WHERE kind = 0")
    conn.execute("INSERT INTO skeleton SELECT word FROM temp.words WHERE kind = 1")
    known = [w for (w,) in conn.execute("SELECT word FROM temp.words WHERE kind = 0")]
    conn.executemany("INSERT OR IGNORE INTO inflection VALUES (?, ?)", _inflections(known))
    conn.execute(
        "INSERT INTO lemma SELECT base, word FROM inflection WHERE base IN (SELECT w FROM word)"
    )
    conn.execute("DROP TABLE temp.words")


def _insert(
    conn: sqlite3.Connection, batch: _Prepared, rowids: Sequence[int], name_id: int, entry_id: int
) -> None:
    """Insert a prepared batch: its concepts numbered ``rowids`` (in batch order), its names
    and entries numbered on from ``name_id`` and ``entry_id``; its words go to
    ``temp.words``.

    Raises:
        RecordError: a concept id the index holds already.
    """
    from glossary_cli.errors import RecordError

    concept_rows = [
        (rowid, cid, langs, en, record)
        for rowid, (cid, langs, en, record) in zip(rowids, batch.concepts, strict=True)
    ]
    names, name_words, name_phon = [], [], []
    from glossary_cli.text.scan import TERM_FIELDS, prefix_flags

    forms: list[tuple[str, int]] = []
    scanned: list[str] = []
    everyday_names: list[tuple[int]] = []
    vocab: set[tuple[int, str]] = set()
    for row in batch.names:
        index, field_name, lang, text, key, compact, stem, words, phon = row[:9]
        status, term_type, glossary, sort, name_forms, is_everyday = row[9:]
        name_id += 1
        forms.extend((f, name_id) for f in name_forms)
        if is_everyday:
            everyday_names.append((name_id,))
        if field_name in TERM_FIELDS:
            scanned.extend(name_forms)
        names.append(
            (name_id, rowids[index], field_name, lang, text, key, compact, stem, phon,
             status, term_type, glossary, sort)
        )  # fmt: skip
        name_words.append((name_id, words))
        vocab.update((0, w) for w in words.split())
        if phon:
            name_phon.append((name_id, phon))
            vocab.update((1, w) for w in phon.split())
    conn.executemany("INSERT OR IGNORE INTO roman VALUES (?, ?, ?)", sorted(batch.romans))
    entries, def_words = [], []
    for index, lang, glossary, words in batch.definitions:
        entry_id += 1
        entries.append((entry_id, rowids[index], lang, glossary, words))
        if words:
            def_words.append((entry_id, words))
    try:
        conn.executemany("INSERT INTO concept VALUES (?, ?, ?, ?, ?)", concept_rows)
    except sqlite3.IntegrityError:
        raise RecordError(
            "two concepts have the same id", hint="rebuild the records with `gloss build`"
        ) from None
    conn.executemany("INSERT INTO name VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", names)
    conn.executemany("INSERT INTO name_words(rowid, w) VALUES (?, ?)", name_words)
    conn.executemany("INSERT INTO name_phon(rowid, w) VALUES (?, ?)", name_phon)
    conn.executemany("INSERT OR IGNORE INTO form VALUES (?, ?)", forms)
    conn.executemany("INSERT INTO everyday VALUES (?)", everyday_names)
    conn.executemany(
        "INSERT INTO prefix VALUES (?, ?) "
        "ON CONFLICT(key) DO UPDATE SET flags = flags | excluded.flags",
        prefix_flags(scanned).items(),
    )
    conn.executemany("INSERT INTO entry VALUES (?, ?, ?, ?, ?)", entries)
    conn.executemany("INSERT INTO def_words(rowid, w) VALUES (?, ?)", def_words)
    conn.executemany(
        "INSERT INTO def_count VALUES (?, ?) "
        "ON CONFLICT(key) DO UPDATE SET entries = entries + excluded.entries",
        _key_counts(w for _, w in def_words).items(),
    )
    conn.executemany("INSERT OR IGNORE INTO temp.words VALUES (?, ?)", vocab)


def _inflections(words: Iterable[str]) -> Iterator[tuple[str, str]]:
    """``(base, word)`` for every Bengali or Arabic word of ``words`` and each form it could
    be an inflected or clitic form of (:func:`glossary_cli.scripts.inflection_bases`, also of
    its stem), known or not: the lemmas are the rows whose base is a word of the names too,
    so that an ending is taken off only where the rest is a term word."""
    from glossary_cli.normalize import stem
    from glossary_cli.scripts import inflection_bases

    for word in words:
        if word.isascii():
            continue
        for base in dict.fromkeys([*inflection_bases(word), *inflection_bases(stem(word))]):
            if base != word:
                yield base, word


class IndexedConcepts:
    """The concepts of an index, as :func:`glossary_cli.build.place_concepts` asks for them
    (:class:`glossary_cli.build.Known`): a few indexed queries, so that placing a file's
    concepts in a termbase of 100 000 reads only the concepts it may join."""

    def __init__(self, conn: sqlite3.Connection, leave_out: Collection[str] = ()) -> None:
        """``leave_out``: glossary files whose concepts are not to be seen (the file that an
        add replaces); a concept that holds a name of another file is still seen, whole."""
        self._conn = conn
        self._hidden: set[int] = set()
        if leave_out:
            marks = ",".join("?" * len(leave_out))
            self._hidden = {
                r
                for (r,) in conn.execute(
                    f"SELECT concept FROM name WHERE glossary IN ({marks}) EXCEPT "
                    f"SELECT concept FROM name WHERE glossary NOT IN ({marks})",
                    [*leave_out, *leave_out],
                )
            }

    def _rows(self, sql: str, values: Sequence[str]) -> Iterator[tuple[Any, ...]]:
        values = list(values)
        for start in range(0, len(values), 500):
            chunk = values[start : start + 500]
            marks = ",".join("?" * len(chunk))
            yield from self._conn.execute(sql.format(marks=marks), chunk)

    def taken(self, ids: Collection[str]) -> set[str]:
        sql = "SELECT rowid, id FROM concept WHERE id IN ({marks})"
        return {cid for rowid, cid in self._rows(sql, list(ids)) if rowid not in self._hidden}

    def by_id(self, ids: Collection[str]) -> dict[str, Any]:
        from glossary_cli.records import concept_from_index

        sql = "SELECT rowid, id, record FROM concept WHERE id IN ({marks})"
        return {
            cid: concept_from_index(json.loads(record))
            for rowid, cid, record in self._rows(sql, list(ids))
            if rowid not in self._hidden
        }

    def by_english(self, keys: Collection[str]) -> dict[str, list[Any]]:
        from glossary_cli.normalize import fold

        return self._by_name(
            keys, "n.field = 'en' AND ", lambda c, key: bool(c.en) and fold(c.en) == key
        )

    def by_term(self, keys: Collection[str]) -> dict[str, list[Any]]:
        from glossary_cli.normalize import fold

        def holds(concept: Any, key: str) -> bool:
            own = (t for s in concept.languages for t in s.terms if t.role is None)
            return any(fold(t.text) == key for t in own)

        return self._by_name(keys, "", holds)

    def _by_name(
        self, keys: Collection[str], where: str, holds: Callable[[Any, str], bool]
    ) -> dict[str, list[Any]]:
        """For each key, the concepts with a name of that key (and ``where``, a condition on
        the name ``n``) that ``holds`` keeps, in termbase order."""
        from glossary_cli.records import concept_from_index

        sql = (
            "SELECT DISTINCT c.rowid, n.key, c.record FROM name n JOIN concept c "
            f"ON c.rowid = n.concept WHERE {where}n.key IN ({{marks}})"
        )
        out: dict[str, list[tuple[int, Any]]] = {}
        for rowid, key, record in self._rows(sql, list(keys)):
            if rowid in self._hidden:
                continue
            concept = concept_from_index(json.loads(record))
            if holds(concept, key):
                out.setdefault(key, []).append((rowid, concept))
        return {k: [c for _, c in sorted(v, key=lambda item: item[0])] for k, v in out.items()}


# --- reading the index ---------------------------------------------------------------------

_P = ParamSpec("_P")
_R = TypeVar("_R")
_Reader = TypeVar("_Reader", bound="IndexReader")


def recovering(
    method: Callable[Concatenate[_Reader, _P], _R],
) -> Callable[Concatenate[_Reader, _P], _R]:
    """Run a lookup; when SQLite finds the index corrupt (a malformed page, a file that is not
    a database), compile it again with ``IndexReader.reopen`` and run the lookup once more.

    Raises:
        StoreError: the index is still unreadable after that (or cannot be compiled again).
    """
    import functools

    @functools.wraps(method)
    def run(self: _Reader, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        from glossary_cli.errors import RecordError

        # (and a record nested past Python's recursion limit, which json cannot read)
        unreadable = (sqlite3.DatabaseError, json.JSONDecodeError, RecursionError, RecordError)
        try:
            return method(self, *args, **kwargs)
        except unreadable as exc:
            problem: Exception = exc
            if self.reopen is not None:
                self.conn.close()
                self.conn = self.reopen()
                try:
                    return method(self, *args, **kwargs)
                except unreadable as again:
                    problem = again
        raise StoreError(
            f"the search index is unreadable: {problem}",
            hint="delete the index cache ($GLOSS_CACHE, else the user cache directory of gloss)",
        ) from None

    return run


def concept_of_row(record: str) -> Any:
    """A concept (:class:`glossary_cli.model.Concept`) from its index row (the JSON of
    :func:`glossary_cli.records.concept_to_mapping`).

    Raises:
        RecordError: the row is not such a record (a corrupt index: see :func:`recovering`).
    """
    from glossary_cli.errors import RecordError
    from glossary_cli.records import concept_from_index

    try:
        return concept_from_index(json.loads(record))
    except (KeyError, TypeError, AttributeError) as exc:
        raise RecordError(f"a concept of the index is malformed ({exc!r})") from None


class IndexReader:
    """What the compiled index holds, read without searching it: the concepts, their
    languages, the sources, the collation keys (``gloss list``, ``stats`` and ``sources``,
    which so load none of the search modules: :class:`glossary_cli.search.Searcher` extends
    it with the ranked lookup).

    Args:
        conn: the index connection (:func:`open_index`).
        reopen: compiles the index again and returns a connection to it; called when a read
            finds the index corrupt (see :func:`recovering`).
    """

    def __init__(
        self, conn: sqlite3.Connection, reopen: Callable[[], sqlite3.Connection] | None = None
    ) -> None:
        self.conn = conn
        self.reopen = reopen

    @recovering
    def concepts(self) -> list[Any]:
        """Every concept (:class:`glossary_cli.model.Concept`), in record order."""
        rows = self.conn.execute("SELECT record FROM concept ORDER BY rowid")
        return [concept_of_row(record) for (record,) in rows]

    @recovering
    def coverage(self) -> list[tuple[str, str | None, tuple[str, ...]]]:
        """Every concept as ``(id, English headword or None, language tags of its sections)``,
        in record order."""
        rows = self.conn.execute("SELECT id, en, langs FROM concept ORDER BY rowid")
        return [(cid, en, tuple(langs.split(",")) if langs else ()) for cid, en, langs in rows]

    @recovering
    def without_language(self, lang: str) -> tuple[int, int]:
        """How many concepts have no section in the language ``lang`` (a primary language
        subtag: ``ar`` takes ``ar-EG`` too, :func:`glossary_cli.tags.matches`), and how many
        concepts there are: ``(without, all)``. Reads every concept's tags (a scan of the
        concept table), so it is asked only when a lookup found nothing."""
        from glossary_cli.tags import matches

        total = without = 0
        for (langs,) in self.conn.execute("SELECT langs FROM concept"):
            total += 1
            if not any(matches(tag, lang) for tag in langs.split(",") if tag):
                without += 1
        return without, total

    @recovering
    def entries_by_source(self) -> dict[tuple[str, str], int]:
        """How many entries each glossary file gives in each language, as the termbase holds
        them: ``{(file, lang): concepts with a term or definition of that file in that
        language}`` (after merges, so ``gloss sources`` and ``gloss stats`` count alike)."""
        rows = self.conn.execute(
            "SELECT glossary, lang, count(DISTINCT concept) FROM ("
            "SELECT glossary, lang, concept FROM name WHERE field != 'related' "
            "UNION ALL SELECT glossary, lang, concept FROM entry) GROUP BY glossary, lang"
        )
        return {(g, lang): n for g, lang, n in rows}

    @recovering
    def record_sources(self) -> dict[str, tuple[Any, ...]]:
        """The sources each record file gives, as the index stored them when it was built:
        ``{resolved path: (glossary_cli.model.Source, …)}``
        (:func:`glossary_cli.index.sources_meta`); ``{}`` for an index without them."""
        from glossary_cli.records import source_from_mapping

        row = self.conn.execute("SELECT value FROM meta WHERE key = 'sources'").fetchone()
        if row is None:
            return {}
        stored = json.loads(row[0])
        return {path: tuple(source_from_mapping(m) for m in rows) for path, rows in stored.items()}

    @recovering
    def sort_keys(self, langs: Sequence[str]) -> dict[tuple[str, str, str], bytes]:
        """The collation keys the index holds for the names of ``langs`` (language tags as
        sections give them): ``{(concept id, lang, text): ICU sort key}``, computed at build
        time by :func:`glossary_cli.normalize.sort_key` for the name's own language."""
        marks = ",".join("?" * len(langs))
        rows = self.conn.execute(
            "SELECT c.id, n.lang, n.text, n.sort FROM name n JOIN concept c "
            f"ON c.rowid = n.concept WHERE n.lang IN ({marks})",
            tuple(langs),
        )
        return {(cid, lang, text): sort for cid, lang, text, sort in rows}

    @recovering
    def facets(self) -> tuple[list[str], list[str | None]]:
        """What the filters can name: the glossary files terms and definitions were read
        from, and every loaded file the record files list (one whose every entry an earlier
        file gave holds no name of its own, but is loaded: ``gloss sources`` lists it), and
        the term types of the terms, each in order of first appearance."""
        glossaries = [g for (g,) in self.conn.execute(
            "SELECT glossary FROM name GROUP BY glossary UNION "
            "SELECT glossary FROM entry GROUP BY glossary")]  # fmt: skip
        listed = (s.file for sources in self.record_sources().values() for s in sources)
        glossaries = list(dict.fromkeys([*glossaries, *listed]))
        types = [t for (t,) in self.conn.execute("SELECT DISTINCT type FROM name")]
        return glossaries, types

    @recovering
    def languages(self) -> list[str]:
        """The language tags of the sections, in order of first appearance."""
        rows = self.conn.execute(
            "SELECT lang FROM name WHERE field != 'related' GROUP BY lang ORDER BY MIN(rowid)"
        )
        return [lang for (lang,) in rows]
