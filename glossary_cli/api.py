"""The library behind each command: one function per command, no I/O to the terminal.

Use it from Python::

    from glossary_cli import api
    searcher = api.open_searcher()
    for hit in api.search(searcher, "quantization", limit=3):
        print(hit.concept.id, hit.score, hit.concept.section("bn").main.text)

Results are typed values — of :mod:`glossary_cli.model` (:class:`~glossary_cli.model.Hit`,
:class:`~glossary_cli.model.Concept`, :class:`~glossary_cli.model.TermbaseStats`…) or the
named tuples beside the functions here (:class:`ScanResult`, :class:`CheckResult`) — never
mappings; :mod:`glossary_cli.jsonout` turns them into the JSON the command line prints.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from glossary_cli.errors import (
    NotFoundError,
    ParseError,
    SameLanguageError,
    StoreError,
    UnknownNameError,
    UsageError,
)
from glossary_cli.values import NamedTuple

if TYPE_CHECKING:
    import sqlite3
    from typing import BinaryIO

    from glossary_cli.build import BuildResult, FileReport
    from glossary_cli.errors import ParseWarning
    from glossary_cli.formats import Format
    from glossary_cli.formats.vale import OutputFile
    from glossary_cli.index import IndexReader
    from glossary_cli.lint import Report
    from glossary_cli.model import (
        Concept,
        FoundTerm,
        Glossary,
        Hit,
        LanguageGap,
        ListedTerm,
        LoadedSource,
        LookupResult,
        Reading,
        TermbaseStats,
    )
    from glossary_cli.search import Searcher
    from glossary_cli.select import Selection
    from glossary_cli.text.check import CheckIssue
    from glossary_cli.text.scan import Automaton, Occurrence
    from glossary_cli.userdata import Change

    #: A value of :class:`ReadOptions` as :func:`glossary_cli.userdata.add` takes it.
    ReadOption = str | bool | Mapping[str, str] | None
    #: A value of an export option (:meth:`glossary_cli.formats.Format.check_exports`).
    ExportOption = str | bool


def data_dirs(data: str | None = None, env: Mapping[str, str] | None = None) -> list[Path]:
    """The data directories a lookup merges: the chosen one (``--data`` > ``GLOSS_DATA`` >
    bundled glossary), then the user's own glossaries added with ``gloss add`` (if any)."""
    from glossary_cli.config import resolve_data_dir, user_data_dir

    env = os.environ if env is None else env
    dirs = [resolve_data_dir(data, env)]
    if data or env.get("GLOSS_DATA"):
        return dirs  # an explicit data directory is used alone
    user = user_data_dir(env)
    if (user / ".gloss-journal").exists():  # store.JOURNAL: a change a stopped process left
        from glossary_cli.errors import notice
        from glossary_cli.store import recover

        try:
            recover(user)
        except StoreError as exc:  # a read-only directory, a damaged journal: still answer
            notice(f"{exc}; the lookup reads the directory as it is")
    records = (user / "concepts.yaml").is_file() or _any_records(user / "records")
    if records and user.resolve() != dirs[0].resolve():
        if _written_before(user):  # rebuilt once, by this release
            from glossary_cli.userdata import upgrade

            upgrade(user, dirs[0])
        dirs.append(user)
    return dirs


def _any_records(folder: Path) -> bool:
    """Whether ``folder`` holds a record file (one scan of a small folder)."""
    try:
        with os.scandir(folder) as entries:
            return any(e.name.endswith(".yaml") for e in entries)
    except OSError:
        return False


def _written_before(user: Path) -> bool:
    """Whether an earlier release laid out the user's records
    (:func:`glossary_cli.userdata.needs_upgrade`): a ``concepts.yaml`` without ``records/``
    beside it, or one of schema ``gloss/1`` — one ``stat``, at most one read of its first
    kilobyte, so that a lookup imports nothing to tell."""
    records = user / "concepts.yaml"
    if not records.is_file():
        return False
    if not (user / "records").is_dir():
        return True
    try:
        with records.open("rb") as fh:
            head = fh.read(1024)
    except OSError:
        return False
    return any(line.strip() == b"schema: gloss/1" for line in head.splitlines())


def open_searcher(
    data: str | None = None,
    env: Mapping[str, str] | None = None,
    *,
    on_compile: Callable[[int], None] | None = None,
) -> Searcher:
    """A :class:`Searcher` over the data directories (see :func:`data_dirs`), compiling the
    index into the user cache directory when needed (``on_compile``: see
    :func:`glossary_cli.index.open_index`)."""
    from glossary_cli.search import Searcher

    return Searcher(*_index(data, env, on_compile))


def open_reader(
    data: str | None = None,
    env: Mapping[str, str] | None = None,
    *,
    on_compile: Callable[[int], None] | None = None,
) -> IndexReader:
    """What :func:`open_searcher` opens, to read rather than search
    (:class:`glossary_cli.index.IndexReader`: ``gloss list``, ``stats``, ``sources``), which
    loads none of the search modules."""
    from glossary_cli.index import IndexReader

    return IndexReader(*_index(data, env, on_compile))


def _index(
    data: str | None, env: Mapping[str, str] | None, on_compile: Callable[[int], None] | None
) -> tuple[sqlite3.Connection, Callable[[], sqlite3.Connection]]:
    """The index connection of the data directories, and the function that compiles it
    again (for a reader that finds it corrupt)."""
    from glossary_cli.config import cache_dir
    from glossary_cli.index import open_index

    env = os.environ if env is None else env
    dirs, cache = data_dirs(data, env), cache_dir(env)
    return (
        open_index(dirs, cache, on_compile=on_compile),
        lambda: open_index(dirs, cache, rebuild=True, on_compile=on_compile),
    )


#: The longest query searched, in characters: a longer text is not a term.
MAX_QUERY = 500


def check_query(text: str, what: str = "query") -> None:
    """Refuse a query that cannot be searched.

    Raises:
        UsageError: empty or blank; longer than :data:`MAX_QUERY`; or holding lone surrogates
            (command-line bytes that are not UTF-8, as Python passes them on).
    """
    if not text.strip():
        raise UsageError(f"the {what} is empty", hint="give a term, e.g. LoRA")
    if len(text) > MAX_QUERY:
        raise UsageError(
            f"the {what} is {len(text)} characters long; at most {MAX_QUERY} are searched",
            hint="search for a term, not a passage",
        )
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise UsageError(
            f"the {what} is not valid text: it holds bytes that are not UTF-8",
            hint="set the terminal to UTF-8, e.g. LANG=C.UTF-8",
        ) from None


def search(
    searcher: Searcher,
    query: str,
    *,
    langs: Sequence[str] = (),
    limit: int = 10,
    selection: Selection | None = None,
    mode: str = "auto",
    min_score: float = 0.0,
) -> list[Hit]:
    """Concepts matching ``query``, best first (:meth:`Searcher.search`; ``mode`` and
    ``min_score`` as there).

    Raises:
        UsageError: ``limit`` < 1, ``min_score`` outside 0–100, an unknown mode or an invalid
            pattern, a query :func:`check_query` refuses, or a filter naming no loaded
            glossary or no term type (:meth:`glossary_cli.select.Selection.check`).
    """
    if limit < 1:
        raise UsageError("--limit must be at least 1")
    if not 0.0 <= min_score <= 100.0:
        raise UsageError("--min-score must be between 0 and 100")
    check_query(query)
    if selection is not None and (selection.glossaries or selection.types):
        selection = selection.check(*searcher.facets())
    return searcher.search(
        query, langs=langs, limit=limit, selection=selection, mode=mode, min_score=min_score
    )


def show(searcher: Searcher, term: str, *, best: bool = False) -> Hit:
    """The concept ``term`` surely names (or the concept whose id is ``term``).

    A card is shown only for a sure match (:attr:`glossary_cli.model.Hit.sure`: an exact,
    inflected or clitic match of a whole term, a prefix of one concept's names only, an
    abbreviation spelled out, or a slip in the spelling of one whole name with no other
    concept near, :mod:`glossary_cli.search.bands`).

    Args:
        searcher: an open index.
        term: what the user typed.
        best: take the first hit even when it is not sure (``gloss show --best``); the hit
            says so (``sure`` false).

    Returns:
        The hit.

    Raises:
        NotFoundError: no sure match (and not ``best``), or nothing at all; its suggestions
            are the nearest concepts, one each (``"Name  kind score"``), or names that look
            like the term when nothing matched, and then its hint says how many concepts
            have no term in the term's language (:func:`language_gap`).
        UsageError: a term :func:`check_query` refuses.
    """
    check_query(term, "term")
    found = searcher.concept_by_id(term)
    if found is not None:
        return found
    # an exact, inflected or clitic match is sure whatever else matches: one lookup that stops
    # after the exact tier; anything else needs the neighbours to judge it
    hits = searcher.search(term, limit=1)
    if not (hits and hits[0].sure and hits[0].match.kind in ("exact", "inflected", "clitic")):
        hits = searcher.search(term, limit=SUGGESTIONS)
    if hits and (hits[0].sure or best):
        return hits[0]
    if hits:
        nearest = tuple(
            f"{h.concept.en or h.concept.id}  ({h.match.kind} {h.score:.0f})" for h in hits
        )
        raise NotFoundError(
            f"no concept surely matches {term!r}",
            nearest,
            after="(gloss show --best shows the first of them)",
        )
    namespaced = searcher.namespaced_ids(term)
    if namespaced:  # a glossary's own id, which gloss keeps as GLOSSARY.ID
        raise NotFoundError(
            f"no concept has the id {term!r}: the glossaries' own ids are kept under their names",
            tuple(namespaced),
        )
    suggestions = tuple(searcher.suggestions(term))
    gap = language_gap(searcher, term)
    hint = gap.hint if gap else None
    if not suggestions:
        raise NotFoundError(
            f"no concept matches {term!r}, and no name has a word like its words", hint=hint
        )
    raise NotFoundError(f"no concept matches {term!r}", suggestions, hint=hint)


def language_gap(searcher: Searcher, query: str) -> LanguageGap | None:
    """Why ``query`` may have found nothing: the language its script says (among the
    termbase's languages, :func:`glossary_cli.scripts.writing.text_language`) is not English
    and some concepts have no section in it. ``None`` otherwise: an English or Latin query,
    text without letters, or a language every concept has. Asked after a lookup found
    nothing (it reads every concept's language tags)."""
    from glossary_cli.model import LanguageGap
    from glossary_cli.scripts.writing import text_language
    from glossary_cli.tags import is_english, language_name

    lang = text_language(query, tuple(searcher.languages()))
    if lang is None or is_english(lang):
        return None
    without, total = searcher.without_language(lang)
    if not without:
        return None
    return LanguageGap(lang, language_name(lang), without, total)


def exact_ties(searcher: Searcher, term: str, hit: Hit) -> list[str]:
    """The other concepts that ``term`` names exactly as it names the shown one (``hit``):
    two glossaries' ``overfitting`` with different translations are two concepts, and
    ``show`` says so rather than hide one. Each as ``"id (English headword)"``."""
    if hit.match.kind != "exact" or hit.score < 100.0:
        return []
    return [
        f"{cid} ({en})" if en else cid
        for cid, en in searcher.exact_concepts(term)
        if cid != hit.concept.id
    ]


#: Most concepts "did you mean" lists.
SUGGESTIONS = 5


# --- the user's glossaries ---------------------------------------------------------------------


class ReadOptions(NamedTuple):
    """How ``gloss add`` reads a file (:func:`add`; ``None`` and ``False``: the default).

    Attributes:
        format: a format name of the registry (or ``folder``) that overrides detection.
        columns: what each column of a table holds (:func:`parse_columns`).
        sheet: the spreadsheet's sheet to read.
        skip_bad: leave malformed rows out instead of refusing the file.
    """

    format: str | None = None
    columns: Mapping[str, str] | None = None
    sheet: str | None = None
    skip_bad: bool = False


def add(
    path: str | os.PathLike[str],
    *,
    lang: str | None = None,
    force: bool = False,
    dry_run: bool = False,
    options: ReadOptions | None = None,
    env: Mapping[str, str] | None = None,
) -> Change:
    """Add a glossary file to the user data directory (``gloss add``) and rebuild its records,
    aligned with the main data directory (``GLOSS_DATA``, else the bundled glossary).

    ``options``: how to read the file (:class:`ReadOptions`; the reading options of
    :func:`glossary_cli.userdata.add`).

    Returns:
        A :class:`glossary_cli.userdata.Change` (what the file contributed).

    Raises:
        UsageError, StoreError, ParseError: see :func:`glossary_cli.userdata.add`.
    """
    from glossary_cli import userdata
    from glossary_cli.config import resolve_data_dir, user_data_dir
    from glossary_cli.index import IndexedConcepts

    env = os.environ if env is None else env
    base = resolve_data_dir(None, env)
    user = user_data_dir(env)
    reading: dict[str, ReadOption] = dict((options or ReadOptions())._asdict())

    def known(leave_out: str | None) -> IndexedConcepts:
        """The termbase as the index holds it (compiled first if stale)."""
        from glossary_cli.config import cache_dir
        from glossary_cli.index import open_index

        dirs = data_dirs(None, env)
        conn = open_index(dirs, cache_dir(env))
        return IndexedConcepts(conn, () if leave_out is None else (leave_out,))

    return userdata.add(
        user,
        base,
        Path(path),
        lang=lang,
        force=force,
        dry_run=dry_run,
        options=reading,
        known=known,
    )


def parse_columns(text: str) -> Mapping[str, str]:
    """``--columns``: comma-separated ``WHAT=COLUMN`` pairs → ``{WHAT: COLUMN}``, in order.

    ``WHAT`` is what the column holds (a language tag for its terms, ``definition:TAG``,
    ``note``, ``source``, ``id``…: :mod:`glossary_cli.formats.table`), ``COLUMN`` the name in
    the file's header, or its 1-based number in a file without one.

    >>> parse_columns("en=english, ar=arabic,definition:ar=description")
    {'en': 'english', 'ar': 'arabic', 'definition:ar': 'description'}

    Raises:
        UsageError: a pair without ``=``, an empty side, or a ``WHAT`` given twice.
    """
    out: dict[str, str] = {}
    for pair in text.split(","):
        what, sep, column = (p.strip() for p in pair.partition("="))
        if not sep or not what or not column:
            raise UsageError(
                f"--columns: {pair.strip()!r} is not WHAT=COLUMN",
                hint="e.g. --columns en=english,ar=arabic,definition:ar=description",
            )
        if what in out:
            raise UsageError(f"--columns: {what!r} is given twice", hint="give each once")
        out[what] = column
    return out


def check_distinct(paths: Sequence[str | os.PathLike[str]]) -> None:
    """Refuse several paths for ``gloss add`` that would be kept under one name (the same
    file twice, two files of one name, a folder and its ``FOLDER.jsonl``): one would replace
    the other.

    Raises:
        UsageError: naming the two paths.
    """
    seen: dict[str, str] = {}
    for raw in paths:
        path = Path(raw)
        name = f"{path.resolve().name}.jsonl" if path.is_dir() else path.name
        if name in seen:
            raise UsageError(
                f"{str(raw)!r} and {seen[name]!r} would both be kept as {name}",
                hint="add them one at a time, or rename one",
            )
        seen[name] = str(raw)


def terms_per_language(change: Change) -> Mapping[str, int]:
    """How many terms the file of an ``add`` gave, per language tag, in order of appearance
    (``{tag: count}``)."""
    counts: dict[str, int] = {}
    name = change.file
    for concept in change.concepts:
        for section in concept.languages:
            own = [t for t in section.terms if name in t.source]
            if own:
                counts[section.lang] = counts.get(section.lang, 0) + len(own)
    return counts


def first_entries(change: Change, limit: int = 5) -> list[str]:
    """The first concepts the file of an ``add`` gave, one line each: ``id: tag term; …``."""
    lines = []
    for concept in change.concepts[:limit]:
        terms = "; ".join(f"{s.lang} {s.terms[0].text}" for s in concept.languages if s.terms)
        lines.append(f"{concept.id}: {terms}")
    return lines


def reading_line(reading: Reading) -> str:
    """One line of a reading plan as ``gloss add`` prints it: ``column 3 'uri': left out: not
    a column gloss reads``, ``table at line 12, column 2 'العربية': ar terms (40)``.

    >>> from glossary_cli.model import Reading
    >>> reading_line(Reading("column 2 'arabic'", "ar terms", 1, total=40))
    "column 2 'arabic': ar terms (40)"
    """
    count = f" ({reading.total:,})" if reading.total is not None else ""
    return f"{reading.part}: {reading.read_as}{count}"


def warnings_of(change: Change) -> tuple[ParseWarning, ...]:
    """The warnings of an ``add``: its file's own (those of the files added before were
    printed when they were added)."""
    return tuple(change.warnings)


class UserRebuild(NamedTuple):
    """What ``gloss build --user`` did (:func:`rebuild_user`).

    Attributes:
        user_dir: the user data directory.
        reports: what each added file gave (:class:`glossary_cli.build.FileReport`).
        warnings: the warnings of every file.
        concepts: how many concepts the record files hold.
        changed: whether a file was written.
        current: whether the records were already what the sources give.
    """

    user_dir: Path
    reports: tuple[FileReport, ...]
    warnings: tuple[ParseWarning, ...]
    concepts: int
    changed: bool
    current: bool


def rebuild_user(
    base: Path, *, strict: bool = False, check: bool = False, env: Mapping[str, str] | None = None
) -> UserRebuild | None:
    """Rebuild the user's records from the files they added (``gloss build --user``), or with
    ``check`` only say whether they are current; ``None`` when no file was added.

    Raises:
        ParseError, RecordError, StoreError: see :func:`glossary_cli.userdata.rebuild`.
    """
    from glossary_cli import store, userdata
    from glossary_cli.config import user_data_dir

    env = os.environ if env is None else env
    user = user_data_dir(env)
    if not store.source_files(user):
        return None
    with store.locked(user):  # read and written in one turn (see userdata.rebuild)
        rebuilt = userdata.rebuild(user, base, strict=strict)

        def same(rel: str, data: bytes | None) -> bool:
            path = user / rel
            if data is None:
                return not path.exists()
            return path.is_file() and path.read_bytes() == data

        current = all(same(rel, data) for rel, data in rebuilt.writes.items())
        changed = False
        if not check and not current:
            store.write_files(user, rebuilt.writes)
            changed = True
    return UserRebuild(user, rebuilt.reports, rebuilt.warnings, rebuilt.concepts, changed, current)


def remove(name: str, *, env: Mapping[str, str] | None = None) -> Change:
    """Take a file added with ``gloss add`` out of the user data directory (``gloss remove``).

    Returns:
        What was removed (:class:`glossary_cli.userdata.Change`: ``file``, ``user_dir``, and
        ``left``, how many added files are left).

    Raises:
        UnknownNameError: no such file was added (suggestions: the files there are).
    """
    from glossary_cli import userdata
    from glossary_cli.config import resolve_data_dir, user_data_dir

    env = os.environ if env is None else env
    return userdata.remove(user_data_dir(env), resolve_data_dir(None, env), name)


# --- reading the merged data -------------------------------------------------------------------


def load_glossary(data: str | None = None, env: Mapping[str, str] | None = None) -> Glossary:
    """The records of every data directory of :func:`data_dirs`, merged as the index merges
    them (:func:`glossary_cli.align.merge_concepts`); sources in directory order.

    Returns:
        A :class:`glossary_cli.model.Glossary`.
    """
    from glossary_cli.align import merge_concepts
    from glossary_cli.model import Glossary
    from glossary_cli.store import read_records

    glossaries = [read_records(d) for d in data_dirs(data, env)]
    concepts, _ = merge_concepts(c for g in glossaries for c in g.concepts)
    return Glossary(
        sources=tuple(s for g in glossaries for s in g.sources), concepts=tuple(concepts)
    )


def sources(
    data: str | None = None,
    env: Mapping[str, str] | None = None,
    searcher: IndexReader | None = None,
) -> tuple[LoadedSource, ...]:
    """Every loaded source (``gloss sources``): one
    :class:`~glossary_cli.model.LoadedSource` per file and language, in the order of the
    data directories (:func:`data_dirs`); ``searcher``: the index opened already.

    Its ``kind`` is ``bundled``, ``user`` (added with ``gloss add``) or ``data`` for a
    ``--data``/``GLOSS_DATA`` directory. ``entries`` counts the concepts that hold
    a term or a definition of the file in that language, as the termbase holds them (the
    index: :meth:`glossary_cli.index.IndexReader.entries_by_source`): rows of a file that
    were one concept are one entry, and an entry that gives again what an earlier file gave
    counts for that file, so these counts add up to the entries of ``gloss stats``. ``read``
    is what the file gave when it was read (what ``gloss add`` said it added).
    """
    from glossary_cli.config import packaged_data_dir, user_data_dir
    from glossary_cli.model import LoadedSource
    from glossary_cli.store import SOURCES, data_record_files, read_record_sources

    env = os.environ if env is None else env
    bundled = packaged_data_dir().resolve()
    user = user_data_dir(env).resolve()
    searcher = searcher or open_reader(data, env)
    held = searcher.entries_by_source()
    stored = searcher.record_sources()  # the index's copy of the record files' headers
    rows: list[LoadedSource] = []
    for d in data_dirs(data, env):
        here = d.resolve()
        kind = "bundled" if here == bundled else "user" if here == user else "data"
        files = [str(f.resolve()) for f in data_record_files(d)]
        if files and all(f in stored for f in files):
            given = tuple(s for f in files for s in stored[f])
        else:
            given = read_record_sources(d)
        rows += [
            LoadedSource(
                file=s.file,
                lang=s.lang,
                entries=held.get((s.file, s.lang), 0),
                read=s.entries,
                kind=kind,
                path=str(d / SOURCES / s.file),
                title=s.title,
            )
            for s in given
        ]
    return tuple(rows)


def export(
    fmt: str,
    *,
    langs: Sequence[str] = (),
    selection: Selection | None = None,
    tbx_version: str = "v2",
    data: str | None = None,
    env: Mapping[str, str] | None = None,
    left_out: list[str] | None = None,
    raw_cells: bool = False,
    source: str | None = None,
    target: str | None = None,
    definitions: bool = False,
) -> bytes:
    """The file :func:`export_to` writes, as bytes (for a small termbase, or a test): the
    same arguments, the same errors."""
    import io

    out = io.BytesIO()
    export_to(
        fmt, out, langs=langs, selection=selection, tbx_version=tbx_version, data=data,
        env=env, left_out=left_out, raw_cells=raw_cells, source=source, target=target,
        definitions=definitions,
    )  # fmt: skip
    return out.getvalue()


def export_to(
    fmt: str,
    out: BinaryIO,
    *,
    langs: Sequence[str] = (),
    selection: Selection | None = None,
    tbx_version: str = "v2",
    data: str | None = None,
    env: Mapping[str, str] | None = None,
    left_out: list[str] | None = None,
    raw_cells: bool = False,
    source: str | None = None,
    target: str | None = None,
    definitions: bool = False,
) -> None:
    """The merged records in a format of the registry (:mod:`glossary_cli.formats`;
    ``gloss export``), written to ``out``.

    The concepts are read from the index as they are written (:func:`_exporting`), and a
    streaming format (:attr:`glossary_cli.formats.Format.streams`: all but ``anki`` and the
    glossaries of the translation services and of LLM prompts, which hold their output but
    no concept) writes them to ``out`` as it goes: memory does not grow with the termbase.
    Every check that can refuse the export runs before the first byte is written, but a text
    a format cannot carry (``RecordError``) is found when its concept is written: give ``out``
    as a temporary file
    (:func:`glossary_cli.store.atomic_writer`) so that such a file is never half-written.

    Args:
        fmt: a format :func:`glossary_cli.formats.names` lists as written.
        out: a binary file the format's bytes are written to (see the format's module).
        langs: languages to write; empty writes every language.
        selection: status, type and glossary filters (:class:`glossary_cli.select.Selection`).
        tbx_version: ``v2`` (TBX-Basic ``martif``, what the Translate Toolkit reads) or ``v3``.
        left_out: a list that gets a message for each kind of data the format cannot carry
            (:meth:`glossary_cli.formats.Format.left_out`).
        raw_cells: CSV and TSV cells as they are, even one that begins like a spreadsheet
            formula (by default such a cell is written after an apostrophe:
            :func:`glossary_cli.formats.table.spreadsheet_safe`).
        source, target: the language pair of a translation service's glossary (``deepl``,
            ``google-pairs``, ``amazon-terminology``, ``microsoft-dictionary``; ``source``
            the language of ``languagetool``); the languages are written whatever ``langs``.
        definitions: ``llm-prompt`` and ``llm-json`` give each concept's definition.

    Raises:
        UsageError: an unknown format or TBX version, a format that writes a directory
            (:func:`export_files`), an option the format does not take, a language pair the
            service does not take, or a filter naming no loaded glossary or term type;
            RecordError: the data cannot be written in that format;
            NotFoundError: no concept has a section in any of ``langs``, or no term that
            would be written passes the filters (its suggestions: the data's languages).
    """
    from glossary_cli.formats.tbx import version_of

    chosen, glossary, options = _exporting(
        fmt, langs, selection, data, env, source=source, target=target, definitions=definitions
    )
    if chosen.directory:
        raise UsageError(
            f"--format {chosen.name} writes a directory", hint="give -o DIR, e.g. -o styles/Gloss"
        )
    version = version_of(tbx_version)
    if left_out is not None:
        left_out += chosen.left_out(glossary, **options)
    if chosen.name == "tbx":
        chosen.write_to(glossary, out, version=version)
    elif chosen.name in ("csv", "tsv"):
        chosen.write_to(glossary, out, raw=raw_cells)
    else:
        chosen.write_to(glossary, out, **options)


def export_files(
    fmt: str,
    *,
    name: str,
    langs: Sequence[str] = (),
    selection: Selection | None = None,
    data: str | None = None,
    env: Mapping[str, str] | None = None,
    left_out: list[str] | None = None,
) -> tuple[OutputFile, ...]:
    """The merged records as the files of a format that writes a directory (``vale``).

    Args:
        name: the name the files give the export (a Vale style's name: the last part of
            ``-o styles/Gloss``).

    Returns:
        The files, their paths relative to the parent of the directory named (Vale's
        styles path): ``Gloss/Preferred.yml``, ``config/vocabularies/Gloss/accept.txt``.

    Raises:
        as :func:`export`; UsageError also for a format that writes one file.
    """
    chosen, glossary, options = _exporting(fmt, langs, selection, data, env)
    if left_out is not None:
        left_out += chosen.left_out(glossary, **options)
    return chosen.write_files(glossary, name=name)


def _pair_tags(flag: str, value: str, *, several: bool = False) -> str:
    """The language tag of ``--source`` or ``--target`` (``BN`` → ``bn``, ``arabic`` →
    ``ar``: :func:`glossary_cli.tags.parse_langs`); with ``several``, one or more,
    comma-separated.

    Raises:
        UsageError: not a language, or several where one is wanted.
    """
    from glossary_cli.tags import parse_langs

    tags = parse_langs(value)
    if len(tags) != 1 and not several:
        raise UsageError(f"{flag} takes one language, not {value!r}", hint=f"e.g. {flag} en")
    return ",".join(tags)


def _exporting(
    fmt: str,
    langs: Sequence[str],
    selection: Selection | None,
    data: str | None,
    env: Mapping[str, str] | None,
    **options: ExportOption | None,
) -> tuple[Format, Glossary, dict[str, ExportOption]]:
    """The format, the glossary to write (merged, languages and filters applied) and the
    export options the format takes (:meth:`glossary_cli.formats.Format.check_exports`).

    The glossary's concepts are a :class:`glossary_cli.select.Stream` over the index (the
    records merged as :func:`load_glossary` merges them), each read anew when a writer goes
    over them: nothing here holds the termbase.

    Raises:
        as :func:`export`.
    """
    from glossary_cli import formats
    from glossary_cli.select import Selection, Stream

    chosen = formats.get(fmt)
    if not chosen.writable:
        raise UsageError(
            f"gloss does not write {chosen.name} files",
            hint="use " + ", ".join(formats.names(writable=True)),
        )
    given = chosen.check_exports(**options)
    for key in ("source", "target"):
        if key in given:
            given[key] = _pair_tags(
                f"--{key}", given[key], several=chosen.name == "amazon-terminology"
            )
    pair = [t for k in ("source", "target") if k in given for t in given[k].split(",")]
    if langs and pair:
        langs = tuple(dict.fromkeys([*langs, *pair]))
    reader = open_reader(data, env)
    langs = tuple(_termbase_tags(reader, langs))
    everything = _records_glossary(
        reader, data, env, Stream(lambda: _index_concepts(reader)).as_concepts()
    )
    wanted = (
        Selection(tuple(langs)) if selection is None else selection._replace(langs=tuple(langs))
    )
    if wanted.glossaries or wanted.types:
        wanted.check(*reader.facets())
    glossary = wanted.streamed(everything)
    if wanted.langs or wanted.filters_terms:
        exported = any(t.exported for c in glossary.concepts for s in c.languages for t in s.terms)
        if not exported:
            what = f"an entry in {', '.join(wanted.langs)}" if wanted.langs else "a term"
            if wanted.filters_terms:
                what += " that passes the filters"
            raise NotFoundError(
                f"no concept has {what}", tuple(reader.languages()), label="languages"
            )
    return chosen, glossary, given


def _index_concepts(reader: IndexReader) -> Iterator[Concept]:
    """Every concept of the index, in record order, as :meth:`IndexReader.concepts` gives
    them, but read as they are consumed (one row at a time: SQLite's cursor holds no more),
    so that a caller that handles each concept and lets it go needs memory for one concept.

    Raises:
        RecordError: a row is malformed (a corrupt index: not compiled again here, since
            part of the stream may already be written).
    """
    from glossary_cli.index import concept_of_row

    for (record,) in reader.conn.execute("SELECT record FROM concept ORDER BY rowid"):
        yield concept_of_row(record)


def _records_glossary(
    reader: IndexReader,
    data: str | None,
    env: Mapping[str, str] | None,
    concepts: tuple[Concept, ...],
) -> Glossary:
    """A glossary of the sources every data directory's record files list (as the index
    stored their headers, else read from the files), in directory order, and ``concepts``."""
    from glossary_cli.model import Glossary
    from glossary_cli.store import data_record_files, read_record_sources

    stored = reader.record_sources()
    sources = []
    for d in data_dirs(data, env):
        files = [str(f.resolve()) for f in data_record_files(d)]
        if files and all(f in stored for f in files):
            sources += [s for f in files for s in stored[f]]
        else:
            sources += read_record_sources(d)
    return Glossary(sources=tuple(sources), concepts=concepts)


def list_terms(
    searcher: IndexReader, lang: str | None = None, selection: Selection | None = None
) -> tuple[ListedTerm, ...]:
    """Terms in the collation order of their language (``gloss list``).

    Args:
        lang: a language tag: that language's terms, with the English headword beside;
            ``en`` or ``None``: the English headwords.
        selection: status, type and glossary filters. Without them each concept gives its
            main term (:attr:`glossary_cli.model.LangSection.main`); with them, every term
            that passes.

    Returns:
        One :class:`~glossary_cli.model.ListedTerm` per term (``lang`` the section's own
        tag, ``en-US`` for ``--lang en``), sorted by ICU's collator for the section's language
        (:func:`glossary_cli.normalize.sort_key`, whose keys the index holds), then by term
        and id.

    Raises:
        NotFoundError: no concept has a ``lang`` section (or none a term that passes).
        UsageError: a filter naming no loaded glossary or term type.
    """
    from glossary_cli.model import ListedTerm
    from glossary_cli.tags import matches

    tag = lang or "en"
    every = selection is not None and selection.filters_terms
    if selection is not None and (selection.glossaries or selection.types):
        selection = selection.check(*searcher.facets())
    rows: list[ListedTerm] = []
    for concept in searcher.concepts():
        section = next((s for s in concept.languages if matches(s.lang, tag)), None)
        if section is None:
            continue
        if every:
            assert selection is not None
            terms = [t for t in section.terms if selection.term_ok(t)]
        else:
            main = section.main
            terms = [main] if main is not None else []
        rows += [
            ListedTerm(concept.id, section.lang, term.text, concept.en, term.status, term.type)
            for term in terms
        ]
    if not rows:
        what = f"an entry in {tag!r}" + (" that passes the filters" if every else "")
        raise NotFoundError(
            f"no concept has {what}", tuple(searcher.languages()), label="languages"
        )
    stored = searcher.sort_keys(sorted({r.lang for r in rows}))

    def key(row: ListedTerm) -> tuple[bytes, str, str]:
        found = stored.get((row.id, row.lang, row.term))
        if found is None:  # a name the index keeps no key of: ICU's collator
            from glossary_cli.normalize import sort_key

            found = sort_key(row.lang)(row.term)
        return (found, row.term, row.id)

    return tuple(sorted(rows, key=key))


def stats(data: str | None = None, env: Mapping[str, str] | None = None) -> TermbaseStats:
    """Counts of the merged records (``gloss stats``).

    Returns:
        A :class:`~glossary_cli.model.TermbaseStats`: ``entries`` is what the sources give
        (the sum of :func:`sources`' entries); ``languages`` one count per entry language
        (``missing``: concepts without an entry in it), in order of first appearance;
        ``sources`` as :func:`sources`; ``coverage`` one row per concept (its languages, and
        those it lacks).
    """
    from glossary_cli.model import ConceptCoverage, LanguageCount, TermbaseStats

    searcher = open_reader(data, env)
    concepts = searcher.coverage()  # the index: no YAML to parse
    order: dict[str, int] = {}
    for _, _, langs in concepts:
        for tag in langs:
            order[tag] = order.get(tag, 0) + 1
    total = len(concepts)
    rows = sources(data, env, searcher)
    return TermbaseStats(
        concepts=total,
        entries=sum(r.entries for r in rows),
        sections=sum(len(langs) for _, _, langs in concepts),
        headwords=sum(1 for _, en, _ in concepts if en),
        languages=tuple(LanguageCount(tag, n, total - n) for tag, n in order.items()),
        sources=rows,
        coverage=tuple(
            ConceptCoverage(
                concept_id, en, tuple(langs), tuple(tag for tag in order if tag not in langs)
            )
            for concept_id, en, langs in concepts
        ),
    )


# --- shell completion ---------------------------------------------------------------------------


def complete_terms(
    incomplete: str,
    data: str | None = None,
    env: Mapping[str, str] | None = None,
    before: Sequence[str] = (),
) -> list[str]:
    """Completions of the word being typed of a query: the words at that place of the
    headwords, abbreviations and terms (from the index) that begin with the words typed
    before it (``before``, as the shell split them: ``mixture of ex`` completes ``Experts``,
    from *Mixture of Experts (MoE)*), each word as the term writes it, without brackets or
    quotes around it (a shell would read them as its own syntax).

    Shells (and Typer) keep only completions that start with exactly what was typed, while
    the index matches case-insensitively; a word that differs only in case keeps the typed
    prefix (``lo`` → ``loRA``), which finds the same concept since search ignores case.
    """
    position = len(before)
    prefix = " ".join([*before, incomplete])
    out = []
    for text in open_searcher(data, env).complete(prefix):
        words = text.split()
        if len(words) <= position:
            continue
        word = words[position].strip("()[]{}\"'“”«»")
        if not word.startswith(incomplete):
            if word[: len(incomplete)].casefold() != incomplete.casefold():
                continue
            word = incomplete + word[len(incomplete) :]
        out.append(word)
    return list(dict.fromkeys(out))


def complete_langs(
    incomplete: str, data: str | None = None, env: Mapping[str, str] | None = None
) -> list[str]:
    """Language tags of the loaded data (and ``en``) that complete the last item of a
    comma-separated ``--lang`` value: ``bn,a`` → ``bn,ar``."""
    head, comma, last = incomplete.rpartition(",")
    done = set(head.split(",")) if comma else set()
    tags = dict.fromkeys(["en", *open_searcher(data, env).languages()])
    return [head + comma + t for t in tags if t.startswith(last) and t not in done]


def complete_new_lang(incomplete: str) -> list[str]:
    """ISO 639 language codes ICU knows that start with ``incomplete`` (``gloss add --lang``)."""
    from glossary_cli.icudata import icu

    languages = icu().Locale.getISOLanguages()
    return sorted(str(c) for c in languages if str(c).startswith(incomplete))


def complete_user_sources(incomplete: str, env: Mapping[str, str] | None = None) -> list[str]:
    """Names of the files added with ``gloss add`` that start with ``incomplete``."""
    from glossary_cli.config import user_data_dir
    from glossary_cli.userdata import user_sources

    env = os.environ if env is None else env
    return [n for n in user_sources(user_data_dir(env)) if n.startswith(incomplete)]


# --- terminology QA ----------------------------------------------------------------------------


def lint(
    path: str | os.PathLike[str] | None = None,
    *,
    glossary: str | None = None,
    lang: str | None = None,
    data: str | None = None,
    env: Mapping[str, str] | None = None,
) -> Report:
    """Check glossary data for terminology errors (``gloss lint``; the checks:
    :mod:`glossary_cli.lint`).

    Args:
        path: a glossary file of any format gloss reads (:func:`glossary_cli.formats.detect`;
            a plain file is built into concepts as ``gloss build`` builds one, its reader's
            warnings kept), a term folder, or a data directory (its ``concepts.yaml``);
            ``None``: every loaded glossary (:func:`load_glossary`).
        glossary: instead of ``path``, a loaded glossary file as ``gloss sources`` names it
            (suffix optional, letter case ignored): every loaded concept is checked, and the
            issues found in what was read from that file are kept.
        lang: the language of a plain file's terms, when they are not in Bengali or Arabic
            script (as ``gloss add --lang``).
        data: the data directory (as ``--data``).

    Returns:
        A :class:`glossary_cli.lint.Report`.

    Raises:
        UsageError: both ``path`` and ``glossary``; ``lang`` for a file that is not a plain
            glossary; a folder that is neither a term folder nor a data directory.
        NotFoundError: ``glossary`` names no loaded file (its suggestions: the names there
            are); ``path`` does not exist.
        ParseError, RecordError, StoreError: the file cannot be read.
    """
    from glossary_cli import lint as checks

    if path is not None and glossary is not None:
        raise UsageError("give a PATH or --glossary, not both")
    if path is None:
        everything = load_glossary(data, env)
        if glossary is None:
            return checks.report(everything)
        from glossary_cli.select import source_file

        files = {s.file for s in everything.sources} | {
            source_file(t.source)
            for c in everything.concepts
            for s in c.languages
            for t in s.terms
            if t.source
        }
        wanted = glossary.casefold()
        chosen = {f for f in files if wanted in (f.casefold(), f.casefold().rsplit(".", 1)[0])}
        if not chosen:
            raise UnknownNameError(
                f"no loaded glossary is named {glossary!r}",
                tuple(sorted(files)),
                label="loaded glossaries",
            )
        full = checks.report(everything)
        kept = tuple(i for i in full.issues if source_file(i.source) in chosen)
        concepts = [
            c
            for c in everything.concepts
            if any(source_file(t.source) in chosen for s in c.languages for t in s.terms)
        ]
        terms = sum(
            1 for c in concepts for s in c.languages for t in s.terms
            if source_file(t.source) in chosen
        )  # fmt: skip
        return checks.Report(kept, len(concepts), terms)
    return checks.report(_read_for_lint(Path(path), lang))


def lint_paths(
    paths: Sequence[str | os.PathLike[str]],
    *,
    glossary: str | None = None,
    lang: str | None = None,
    data: str | None = None,
    env: Mapping[str, str] | None = None,
) -> tuple[Report, Mapping[str, Path]]:
    """Check several glossary files, folders or data directories, each on its own, as
    :func:`lint` checks one (``gloss lint PATH...``; a pre-commit hook gives several); no
    path: as :func:`lint` without one.

    Returns:
        One :class:`glossary_cli.lint.Report` of every path's issues, in order, and the path
        each file name the issues' sources give stands for (``terms.csv`` of
        ``docs/terms.csv``), for reports that point into the files (SARIF).

    Raises:
        As :func:`lint`; UsageError: ``lang`` without ``paths`` (it names the language of
        plain files given to check, and would be ignored).
    """
    from glossary_cli import lint as checks
    from glossary_cli.select import source_file

    where: dict[str, Path] = {}
    if lang is not None and not paths:
        raise UsageError(
            "--lang names the language of the plain glossary files given to check",
            hint=f"give them: gloss lint FILE --lang {lang}",
        )
    if not paths:
        report = lint(None, glossary=glossary, lang=lang, data=data, env=env)
        where = {
            source_file(i.source): Path(source_file(i.source))
            for i in report.issues
            if i.source and Path(source_file(i.source)).is_file()
        }
        return report, where
    reports: list[Report] = []
    for given in paths:
        path = Path(given)
        report = lint(path, glossary=glossary, lang=lang, data=data, env=env)
        reports.append(report)
        for issue in report.issues:
            name = source_file(issue.source)
            if not name:
                continue
            for candidate in (path, path / name, path.parent / name):
                if candidate.is_file() and (candidate.name == Path(name).name):
                    where.setdefault(name, candidate)
                    break
    issues = tuple(i for r in reports for i in r.issues)
    return checks.Report(
        issues, sum(r.concepts for r in reports), sum(r.terms for r in reports)
    ), where


def _read_for_lint(path: Path, lang: str | None) -> Glossary:
    """The :class:`~glossary_cli.model.Glossary` of a file, term folder or data directory,
    with its reader's warnings."""
    from glossary_cli import formats

    if not path.exists():  # as add, scan, check and lookup say it: a usage error (exit 2)
        raise UsageError(
            f"{str(path)!r} does not exist",
            hint="give a glossary file, a term folder or a data directory",
        )
    if path.is_dir():
        from glossary_cli.formats.folder import is_term_folder, read_folder

        if lang is not None:
            raise UsageError("--lang is for plain glossary files", hint="leave it out")
        if is_term_folder(path):
            return read_folder(path)
        from glossary_cli.store import RECORDS, read_records

        if (path / RECORDS).is_file():
            return read_records(path)
        raise UsageError(
            f"{path} is neither a term folder nor a data directory",
            hint="give a glossary file, a term folder or a data directory with concepts.yaml",
        )
    try:
        data = path.read_bytes()
    except OSError as exc:
        # an input that cannot be read is the same usage error in every command (read_input)
        raise UsageError(
            f"cannot read {path}: {exc.strerror}", hint="give a file you can read"
        ) from None
    fmt = formats.detect(path.name, data)
    if not fmt.aligned:
        if lang is not None:
            raise UsageError(
                f"{path.name} names its own languages: --lang is for plain glossary files",
                hint="leave --lang out",
            )
        return fmt.read(data, path.name)
    from glossary_cli.build import build_from
    from glossary_cli.errors import GlossError
    from glossary_cli.model import Glossary
    from glossary_cli.store import SOURCES

    manifest = {path.name: {"lang": lang}} if lang is not None else {}
    inside = f"{SOURCES}/{path.name}"  # as build_from names a data directory's file
    try:
        result = build_from([(path.name, data)], manifest)
    except GlossError as exc:
        if exc.path == inside:
            exc.path = str(path)
        raise
    for w in result.warnings:
        if w.path == inside:
            w.path = path.name  # as the terms name their source
    return Glossary(result.glossary.sources, result.glossary.concepts, result.warnings)


def _read_tags(tags: Sequence[str], option: str = "--lang") -> list[str]:
    """The languages of a language option, each read as files write tags or names
    (:func:`glossary_cli.tags.parse_langs`: ``BN`` → ``bn``, ``ar_SA`` → ``ar-SA``).

    Raises:
        UsageError: naming the item that is no language, and the option.
    """
    from glossary_cli.tags import parse_langs

    out: list[str] = []
    for tag in tags:
        try:
            out += parse_langs(tag)
        except UsageError as exc:
            raise UsageError(f"{option}: {exc.message}", hint=exc.hint) from None
    return list(dict.fromkeys(out))


# --- terms in running text ---------------------------------------------------------------------


class ScannedText(NamedTuple):
    """One text that ``gloss scan`` read, and the glossary terms in it.

    Attributes:
        name: where it was read: a file name, ``-`` for standard input, ``FILE:LINE`` for a
            segment of a PO file.
        text: the text as read (offsets count its code points).
        occurrences: the terms found (:class:`glossary_cli.text.scan.Occurrence`).
    """

    name: str
    text: str
    occurrences: tuple[Occurrence, ...]


class ScanResult(NamedTuple):
    """What ``gloss scan`` found (:func:`scan`).

    Attributes:
        texts: the texts read, each with the terms found in it, in the order of the inputs.
        concepts: the concepts found, by id.
    """

    texts: tuple[ScannedText, ...]
    concepts: Mapping[str, Concept]

    def found_terms(self) -> tuple[FoundTerm, ...]:
        """Every occurrence of every text as a :class:`~glossary_cli.model.FoundTerm` (one
        row of ``gloss scan --format json``), in the order of the texts and their offsets."""
        return tuple(
            found_term(t.name, o, self.concepts.get(o.id))
            for t in self.texts
            for o in t.occurrences
        )


def _termbase_tags(searcher: IndexReader, tags: Sequence[str], option: str = "--lang") -> list[str]:
    """The termbase's own tag for each language asked for: the tag itself, else its language
    (a regional or script variant, ``ar-EG`` or ``bn_BD`` from a PO header, finds the
    glossary's ``ar`` or ``bn``: BCP 47 lookup, RFC 4647 §3.4), else the one variant of it the
    termbase has (``ar`` finds ``ar-SA``).

    Raises:
        UsageError: the termbase has no terms in one of them (the message lists its
            languages), so that a check or scan never passes for want of terms to seek.
    """
    if not tags:  # nothing to resolve; the termbase's languages are a scan of all its names
        return []
    languages = searcher.languages()
    by_tag = {lang.casefold(): lang for lang in languages}
    out = []
    for tag in tags:
        wanted = tag.replace("_", "-").casefold()
        primary = wanted.split("-")[0]
        found = by_tag.get(wanted) or by_tag.get(primary)
        if found is None:
            same = [lang for lang in languages if lang.split("-")[0].casefold() == primary]
            found = same[0] if len(same) == 1 else (tag if same else None)
        if found is None:
            raise UsageError(
                f"{option}: the termbase has no terms in {tag}",
                hint="its languages: " + ", ".join(languages),
            )
        out.append(found)
    return out


def _termbase(data: str | None, env: Mapping[str, str] | None) -> tuple[Searcher, Automaton]:
    """The searcher of the data directories and the automaton of their terms' analysis
    forms, read from the index (:func:`glossary_cli.text.scan.load_automaton`), for ``scan``
    and ``check``."""
    from glossary_cli.text.scan import load_automaton

    env = os.environ if env is None else env
    searcher = open_searcher(data, env)
    return searcher, load_automaton(searcher.conn)


def open_termbase(
    data: str | None = None, env: Mapping[str, str] | None = None
) -> tuple[Searcher, Automaton]:
    """The searcher of the data directories (:func:`data_dirs`) and the automaton of their
    terms' analysis forms, as ``gloss scan`` and ``gloss check`` use them, for a caller that
    keeps them open (the language server, :mod:`glossary_cli.editor`).

    Raises:
        StoreError, RecordError: the records cannot be read.
    """
    return _termbase(data, env)


def termbase_stamp(
    data: str | None = None, env: Mapping[str, str] | None = None
) -> tuple[tuple[str, str], ...]:
    """What tells that the records of the data directories changed since a termbase was
    opened: ``(path, stamp)`` of each record file, the stamp the index keeps of it (size,
    modification time, inode, change time) — a directory listing and a ``stat`` per file,
    cheap enough to ask before every request of an editor. (Here rather than in
    :mod:`glossary_cli.index`, whose source is part of the stamp of every compiled index.)"""
    from glossary_cli.index import _file_stamp, _record_files

    out = []
    for f in _record_files(data_dirs(data, env)):
        try:
            out.append((str(f), _file_stamp(f)[1]))
        except OSError:  # removed between the listing and the stat: a change all the same
            out.append((str(f), ""))
    return tuple(out)


def termbase_langs(
    searcher: IndexReader, tags: Sequence[str], option: str = "languages"
) -> list[str]:
    """The termbase's own tags for language tags as a user writes them (``bn_BD`` → ``bn``;
    :func:`_termbase_tags`): the one reading of ``--lang`` of every command that shows the
    termbase's terms (search, show, list, export, lookup, scan, check), so that a tag the
    termbase has no terms in is the same usage error everywhere.

    Raises:
        UsageError: a tag that is no language tag, or a language the termbase has no terms in.
    """
    return _termbase_tags(searcher, _read_tags(tags, option), option)


#: File name endings read as Markdown (code skipped) and as gettext PO (one text per segment).
SCAN_MARKDOWN = (".md", ".markdown", ".mdx")
SCAN_PO = (".po", ".pot")


def scan_inputs(name: str, data: bytes, side: str = "source") -> list[tuple[str, str, str]]:
    """The texts of one input of ``gloss scan`` as ``(name, text, text to scan)``: a
    Markdown file with its code blanked out (:func:`glossary_cli.text.scan.masked_markdown`);
    a PO file as one text per entry (``FILE:LINE``), its ``msgid`` (``side="source"``) or
    its ``msgstr`` (``"target"``); an XLIFF or TMX file as one text per unit (``FILE#ID``,
    :mod:`glossary_cli.formats.xliff`), its source or target; anything else as plain text
    (UTF-8, a BOM dropped, UTF-16 with its BOM).

    Raises:
        ParseError: the input cannot be decoded, or a PO file polib cannot read; UsageError:
            an unknown ``side``.
    """
    from glossary_cli.formats._common import decode
    from glossary_cli.text.scan import masked_markdown

    if side not in ("source", "target"):
        raise UsageError(f"unknown side {side!r}", hint="use --side source or --side target")
    lower = name.lower()
    if lower.endswith(SCAN_PO):
        from glossary_cli.formats.po import segments

        return [(f"{name}:{line}", t, t) for line, t in segments(data, name, side)]
    from glossary_cli.formats import xliff

    if lower.endswith(xliff.SUFFIXES):
        _, _, units = xliff.pairs(data, name)
        chosen = [(uid, s if side == "source" else t) for uid, s, t in units]
        return [(f"{name}#{uid}", t, t) for uid, t in chosen if t]
    text = decode(data, name)
    if lower.endswith(SCAN_MARKDOWN):
        return [(name, text, masked_markdown(text))]
    return [(name, text, text)]


def scan(
    inputs: Sequence[tuple[str, bytes]],
    *,
    langs: Sequence[str] = (),
    side: str = "source",
    strict: bool = False,
    only_deprecated: bool = False,
    data: str | None = None,
    env: Mapping[str, str] | None = None,
) -> ScanResult:
    """Find the glossary's terms in texts (``gloss scan``; how:
    :mod:`glossary_cli.text.scan`).

    Args:
        inputs: ``(name, bytes)`` of each input (``-`` for standard input).
        langs: only terms of these languages; empty: every language.
        side: for PO files, which side is scanned (:func:`scan_inputs`).
        strict: leave out the occurrences of terms that are also everyday words of their
            language (:attr:`glossary_cli.text.scan.Occurrence.everyday`).
        only_deprecated: keep only the occurrences of deprecated and superseded terms
            (:data:`glossary_cli.model.AVOID`).
        data: the data directory (as ``--data``).

    Returns:
        The texts with their occurrences, and the concepts found, by id
        (:class:`ScanResult`).

    Raises:
        ParseError, UsageError: as :func:`scan_inputs`; StoreError: the glossary cannot be
            read.
    """
    from glossary_cli.text.scan import scan as find

    langs = _read_tags(langs)
    searcher, automaton = _termbase(data, env)
    langs = _termbase_tags(searcher, langs)
    texts: list[ScannedText] = []
    for name, raw in inputs:
        for where, text, sought in scan_inputs(name, raw, side):
            found = find(sought, automaton, langs)
            if strict:
                found = [o for o in found if not o.everyday]
            if only_deprecated:
                from glossary_cli.model import AVOID

                found = [o for o in found if o.status in AVOID]
            texts.append(
                ScannedText(
                    where, text, tuple(o._replace(text=text[o.start : o.end]) for o in found)
                )
            )
    concepts: dict[str, Concept] = {}
    for t in texts:
        for o in t.occurrences:
            if o.id not in concepts:
                hit = searcher.concept_by_id(o.id)
                if hit is not None:
                    concepts[o.id] = hit.concept
    return ScanResult(tuple(texts), concepts)


#: The fields of an occurrence row (:class:`~glossary_cli.model.FoundTerm`), in order.
OCCURRENCE_FIELDS = (
    "file", "start", "end", "text", "id", "lang", "term", "kind", "status", "field", "use", "also",
    "everyday",
)  # fmt: skip


def found_term(name: str, occurrence: Occurrence, concept: Concept | None = None) -> FoundTerm:
    """One occurrence as ``gloss scan`` reports it (:class:`~glossary_cli.model.FoundTerm`):
    ``name`` the text it was found in; ``use`` the term to use instead of a deprecated or
    superseded one, from its ``concept`` (:attr:`glossary_cli.model.LangSection.replacement`;
    ``None`` without the concept); ``everyday`` whether the term is also an everyday word of
    its language (:func:`glossary_cli.analysis.everyday`)."""
    from glossary_cli.model import FoundTerm

    use = None
    if concept is not None and occurrence.status in ("deprecated", "superseded"):
        section = concept.section(occurrence.lang)
        replacement = section.replacement if section is not None else None
        use = replacement.text if replacement is not None else None
    o = occurrence
    return FoundTerm(
        name, o.start, o.end, o.text, o.id, o.lang, o.term, o.kind, o.status, o.field, use,
        tuple(o.also), o.everyday,
    )  # fmt: skip


# --- batch lookups -----------------------------------------------------------------------------


#: The fields of a ``gloss lookup`` row (:func:`lookup`), in order.
LOOKUP_FIELDS = ("query", "found", "sure", "id", "en", "match", "score", "terms")


def lookup(
    queries: Sequence[str],
    *,
    langs: Sequence[str] = (),
    data: str | None = None,
    env: Mapping[str, str] | None = None,
) -> tuple[LookupResult, ...]:
    """Look each query up as ``gloss show`` would (``gloss lookup``): one row per query, in
    order, with the concept it surely names, else its nearest one marked not sure, else none.

    Args:
        queries: the queries (blank ones are kept as not found, so that rows stay aligned
            with the input's lines).
        langs: the languages whose main term each row gives; empty: every language.
        data: the data directory (as ``--data``).

    Returns:
        One :class:`~glossary_cli.model.LookupResult` per query, in order.

    Raises:
        UsageError: a language that is no BCP 47 tag.
    """
    from glossary_cli.model import LookupResult

    langs = _read_tags(langs)
    searcher = open_searcher(data, env)
    langs = _termbase_tags(searcher, langs)
    rows: list[LookupResult] = []
    for query in queries:
        text = query.strip()
        try:  # as gloss show judges it, the nearest concept when none is sure
            hit = show(searcher, text, best=True) if text else None
        except (NotFoundError, UsageError):
            hit = None
        if hit is None:
            rows.append(LookupResult(query, found=False, sure=False))
            continue
        concept = hit.concept
        terms: dict[str, str] = {}
        for section in concept.languages:
            tag = section.lang
            if langs and not any(tag == t or tag.split("-")[0] == t for t in langs):
                continue
            if section.main is not None:
                terms[tag] = section.main.text
        rows.append(
            LookupResult(
                query,
                found=True,
                sure=bool(hit.sure or hit.match.field == "id"),
                id=concept.id,
                en=concept.en,
                match=hit.match.kind,
                score=round(hit.score, 1),
                terms=tuple(terms.items()),
            )
        )
    return tuple(rows)


# --- terminology QA of translations ------------------------------------------------------------


class CheckResult(NamedTuple):
    """What ``gloss check`` found.

    Attributes:
        issues: the issues (:class:`glossary_cli.text.check.CheckIssue`).
        segments: how many segment pairs were checked.
        source_lang, target_lang: the languages of the two sides.
        file: the file checked (of several).
        skipped: why a file of several was not checked (a template, or a file whose source
            and target are one language: nothing in it is a translation); ``None`` when it was.
    """

    issues: tuple[CheckIssue, ...]
    segments: int
    source_lang: str
    target_lang: str
    file: str = ""
    skipped: str | None = None


#: File name endings of the bilingual files ``gloss check`` reads one by one when it is given
#: several: PO, XLIFF, TMX and tables.
BILINGUAL = (".po", ".pot", ".xlf", ".xliff", ".sdlxliff", ".mxliff", ".tmx", ".tsv", ".csv",
             ".tab")  # fmt: skip


def check_files(
    inputs: Sequence[tuple[str, bytes]],
    *,
    source_lang: str | None = None,
    target_lang: str | None = None,
    kinds: Sequence[str] | None = None,
    columns: Mapping[str, str] | None = None,
    data: str | None = None,
    env: Mapping[str, str] | None = None,
) -> tuple[CheckResult, ...]:
    """Check translations against the glossary (``gloss check``), as
    :func:`check_translation` checks one: several bilingual files (:data:`BILINGUAL`, as a
    pre-commit hook gives them) are checked one by one; anything else — one file, or a source
    text and its line-aligned translation — is one check.

    Args:
        inputs: ``(name, bytes)`` of each file.
        source_lang, target_lang, kinds, columns, data, env: as for
            :func:`check_translation`.

    Returns:
        One :class:`CheckResult` per check, in the order of the files.

    Raises:
        As :func:`check_translation`.
    """

    def checked(files: Sequence[tuple[str, bytes]]) -> CheckResult:
        return check_translation(
            files, source_lang=source_lang, target_lang=target_lang, kinds=kinds,
            columns=columns, data=data, env=env,
        )  # fmt: skip

    if len(inputs) > 1 and all(n.lower().endswith(BILINGUAL) for n, _ in inputs):
        return tuple(_check_one(one, checked) for one in inputs)
    return (checked(inputs),)


def _check_one(
    one: tuple[str, bytes], checked: Callable[[Sequence[tuple[str, bytes]]], CheckResult]
) -> CheckResult:
    """One file of several (:func:`check_files`): a file with nothing to check — a gettext
    template (``.pot``), or source and target in one language (an English PO of an English
    project) — is skipped and says why, instead of stopping the others."""
    name = one[0]
    if name.lower().endswith(".pot"):
        return CheckResult((), 0, "", "", name, "a template (.pot) holds no translation")
    try:
        return checked([one])
    except SameLanguageError as exc:
        return CheckResult((), 0, "", "", name, exc.message)


def _po_target(lines: Sequence[str], first: int) -> tuple[int | None, int | None]:
    """The line of a PO entry's ``msgstr`` (or ``msgstr[0]``) from the entry's first line,
    and the offset in it where its quoted string begins."""
    for n in range(max(first, 1), len(lines) + 1):
        text = lines[n - 1]
        if text.lstrip().startswith("msgstr"):
            quote = text.find('"')
            return n, quote if quote >= 0 else None
    return None, None


#: File name endings of XLIFF and TMX (:data:`glossary_cli.formats.xliff.SUFFIXES`, which a
#: lookup does not import).
_XLIFF_SUFFIXES = (".xlf", ".xliff", ".sdlxliff", ".mxliff", ".tmx")


def _script_tag(text: str) -> str:
    """The language the script of a side of a translation says (English for a side without
    letters)."""
    from glossary_cli.scripts.writing import text_language

    return text_language(text) or "en"


def check_translation(
    inputs: Sequence[tuple[str, bytes]],
    *,
    source_lang: str | None = None,
    target_lang: str | None = None,
    kinds: Sequence[str] | None = None,
    columns: Mapping[str, str] | None = None,
    data: str | None = None,
    env: Mapping[str, str] | None = None,
) -> CheckResult:
    """Check a translation against the glossary (``gloss check``; the checks:
    :mod:`glossary_cli.text.check`).

    Args:
        inputs: one bilingual file — a TSV or CSV table (segment id and language columns),
            a PO file, an XLIFF (1.2, 2.x) or TMX file — or two line-aligned plain texts,
            source then target, as ``(name, bytes)``.
        source_lang, target_lang: the languages (taken from the file where it says: table
            headers, a PO header; else from the script of the texts).
        kinds: the checks to run (:data:`glossary_cli.text.check.KINDS`); ``None``: all.
        columns: for a table, which column holds what (``{"id": "segment", "en": "english",
            "bn": "bangla"}``, :func:`parse_columns`).
        data: the data directory (as ``--data``).

    Raises:
        UsageError: not one or two inputs, an unknown kind, a file of another format, texts
            whose line counts differ, columns or languages the options name that a table
            lacks; ParseError: a file that cannot be read, a table whose header names no
            source and target language.
    """
    from glossary_cli.formats._common import decode
    from glossary_cli.tags import canonical_tag
    from glossary_cli.text.check import KINDS, check, table_segments, two_files

    if source_lang:
        source_lang = _read_tags([source_lang], "--source-lang")[0]
    if target_lang:
        target_lang = _read_tags([target_lang], "--target-lang")[0]
    chosen = tuple(kinds) if kinds else KINDS
    unknown = [k for k in chosen if k not in KINDS]
    if unknown:
        raise UsageError(f"unknown check {unknown[0]!r}", hint="use " + ", ".join(KINDS))
    if len(inputs) == 2:
        (sname, sdata), (tname, tdata) = inputs
        source, target = decode(sdata, sname), decode(tdata, tname)
        try:
            segments = two_files(source, target)
        except ValueError as exc:
            raise UsageError(
                f"{sname} and {tname} are not line-aligned: {exc}",
                hint="give a translation line for line, or a bilingual table",
            ) from None
        src = source_lang or _script_tag(source)
        tgt = target_lang or _script_tag(target)
    elif len(inputs) == 1:
        name, raw = inputs[0]
        lower = name.lower()
        if lower.endswith((".po", ".pot")):
            from glossary_cli.formats.po import pairs

            file_src, file_tgt, entries = pairs(raw, name)
            from glossary_cli.text.check import Segment

            po_lines = _sarif_lines(decode(raw, name))
            segments = [
                Segment(str(line), s, t, *_po_target(po_lines, line)) for line, s, t in entries
            ]
            src = source_lang or file_src
            tgt = target_lang or file_tgt or _script_tag(" ".join(t for _, _, t in entries))
        elif lower.endswith(_XLIFF_SUFFIXES):
            from glossary_cli.formats import xliff
            from glossary_cli.text.check import Segment

            xlf_src, xlf_tgt, units = xliff.pairs(raw, name)
            where = xliff.target_lines(raw, name)
            xlf_lines = _sarif_lines(decode(raw, name))
            segments = [
                Segment(uid, s, t, where.get(uid), _element_start(xlf_lines, where.get(uid)))
                for uid, s, t in units
            ]
            src = source_lang or xlf_src or _script_tag(" ".join(s for _, s, _ in units))
            tgt = target_lang or xlf_tgt or _script_tag(" ".join(t for _, _, t in units))
        elif lower.endswith((".tsv", ".csv", ".tab")):
            text = decode(raw, name)
            delimiter = "," if lower.endswith(".csv") else "\t"
            try:
                segments, src, tgt = table_segments(
                    text,
                    source_lang,
                    target_lang,
                    delimiter=delimiter,
                    columns=dict(columns) if columns else None,
                )
            except ValueError as exc:
                if columns or source_lang or target_lang:  # what the options asked for
                    raise UsageError(
                        f"{name}: {exc}", hint="name the columns by language tag: id, en, bn"
                    ) from None
                raise ParseError(  # the file's own header
                    str(exc),
                    path=name,
                    line=1,
                    hint="name the columns by language tag (id, en, bn), or say which holds "
                    "what: --columns id=segment,en=english,bn=bangla",
                ) from None
        else:
            raise UsageError(
                f"{name} is not a bilingual file gloss checks",
                hint="give a TSV or CSV table (id, en, bn…), a PO, XLIFF or TMX file, or two "
                "line-aligned texts: gloss check SOURCE TARGET",
            )
    else:
        raise UsageError(
            "give one bilingual file, or two line-aligned texts",
            hint="gloss check translation.tsv, or gloss check source.txt target.txt",
        )
    src, tgt = canonical_tag(src), canonical_tag(tgt)
    if src.split("-")[0] == tgt.split("-")[0]:
        raise SameLanguageError(
            f"the source and the target are both {src}: there is no translation to check",
            hint="say the languages with --source-lang and --target-lang",
        )
    from glossary_cli.text.scan import scan as find

    searcher, automaton = _termbase(data, env)
    src = _termbase_tags(searcher, [src], "--source-lang")[0]
    tgt = _termbase_tags(searcher, [tgt], "--target-lang")[0]
    known: dict[str, Concept | None] = {}

    def concept(cid: str) -> Concept | None:
        if cid not in known:
            hit = searcher.concept_by_id(cid)
            known[cid] = hit.concept if hit is not None else None
        return known[cid]

    issues = check(segments, lambda t, langs: find(t, automaton, langs), concept, src, tgt, chosen)
    return CheckResult(tuple(issues), len(segments), src, tgt, inputs[-1][0])


def _sarif_lines(text: str) -> list[str]:
    """The lines of a text as SARIF counts them (:func:`glossary_cli.sarif.text_lines`)."""
    from glossary_cli.sarif import text_lines

    return text_lines(text)


def _element_start(lines: Sequence[str], line: int | None) -> int | None:
    """Where a ``<target>`` or ``<tuv>`` element begins on its line (``None`` unknown)."""
    if line is None or not 0 < line <= len(lines):
        return None
    text = lines[line - 1]
    at = max(text.find("<target"), text.rfind("<tuv"))
    return at if at >= 0 else None


# --- what the command line says beside a result ----------------------------------------------


def no_hit_message(
    searcher: Searcher,
    query: str,
    langs: Sequence[str],
    selection: Selection | None,
    min_score: float,
) -> str:
    """Why ``gloss search`` found nothing for ``query``, in one sentence: no concept in the
    asked languages (when another has one), none among the selected terms, none above
    ``min_score``, or none at all, with the language gap that may explain it
    (:func:`language_gap`)."""
    if langs and search(searcher, query, limit=1):
        return f"no concept that matches {query!r} has an entry in {', '.join(langs)}"
    message = f"no concept matches {query!r}"
    if selection is not None and selection.filters_terms:
        return message + " among the terms --status, --type and --glossary select"
    if min_score:
        return message + f" with a score of at least {min_score:g}"
    gap = language_gap(searcher, query)
    return message + (f"; {gap.hint}" if gap else "")


def show_notes(searcher: Searcher, term: str, hit: Hit) -> list[str]:
    """What ``gloss show`` says on standard error beside the card of ``hit``: the other
    concepts ``term`` names exactly (:func:`exact_ties`), and how it matched when not surely."""
    notes = []
    ties = exact_ties(searcher, term, hit)
    if ties:
        notes.append(
            f"{len(ties)} more concept{'s match' if len(ties) > 1 else ' matches'} "
            f"{term!r} exactly: {', '.join(ties)} (gloss show ID shows each)"
        )
    if not hit.sure and hit.match.field != "id":
        m = hit.match
        notes.append(f"approximate: {m.kind} {m.score:.0f} on {m.text!r}")
    return notes


def counted(n: int, one: str, many: str | None = None) -> str:
    """``n`` and the noun in its number: ``one`` for 1, else ``many`` (by default ``one`` and
    an s).

    >>> counted(1, "entry", "entries"), counted(2, "entry", "entries"), counted(0, "concept")
    ('1 entry', '2 entries', '0 concepts')
    """
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _joining(joined: int, held: bool) -> str:
    """``, 1 joining a bundled concept``, ``, 3 joining concepts held already``; ``""`` for
    none."""
    if not joined:
        return ""
    if held:
        return ", " + counted(
            joined, "joining a concept held already", "joining concepts held already"
        )
    return ", " + counted(joined, "joining a bundled concept", "joining bundled concepts")


def add_report(change: Change, *, dry_run: bool) -> list[str]:
    """What one ``gloss add`` of a file did (or, with ``dry_run``, would do), as lines of a
    report for a person: what was read (entries, languages, concepts, how many join concepts
    held already), how it was read, the concepts joined, corrected and kept apart, and where it
    was added; every count with its noun in the right number.

    Args:
        change: what :func:`add` returned (:class:`glossary_cli.userdata.Change`).
        dry_run: the file was only read (the report adds the terms per language and the first
            entries).

    Returns:
        The report's lines, the first one saying what was added.

    Raises:
        ValueError: ``change`` is a remove's (it holds no report of a file read).
    """
    r = change.report
    if r is None:
        raise ValueError(f"{change.file} was removed, not added: there is no report of it")
    verb = (
        ("would replace" if dry_run else "replaced")
        if change.replaced
        else ("would add" if dry_run else "added")
    )
    lines = [
        f"{verb} {r.file}: {counted(r.entries, 'entry', 'entries')} in "
        f"{', '.join(r.langs) or 'no language'}, {counted(r.concepts, 'concept')}"
        + _joining(r.joined, bool(r.joins))
    ]
    if change.plan:
        lines.append("  read as:")
        lines += ["    " + reading_line(reading) for reading in change.plan]
    for items, what in (
        (r.joins, " joined by the stated rule:"),
        (r.corrected, " held already, corrected:"),
    ):
        if items:
            lines.append(f"  {counted(len(items), 'concept')}{what}")
            lines += ["    " + line for line in items]
    if r.apart:
        lines.append(f"  {counted(len(r.apart), 'near-duplicate')} kept apart:")
        lines += ["    " + line for line in r.apart]
    if dry_run:
        lines += [f"  {tag}: {counted(n, 'term')}" for tag, n in terms_per_language(change).items()]
        lines += ["  " + line for line in first_entries(change, 5)]
        lines.append("  nothing was changed (--dry-run)")
        return lines
    lines += [f"  aligned to {other} (parallel: merged)" for other in r.aligned]
    if not r.aligned and not r.joined:
        lines.append("  not parallel to any other source: its concepts stand alone")
    lines.append(f"  in {change.user_dir}")
    return lines


def build_report(result: BuildResult) -> list[str]:
    """What ``gloss build`` read (:func:`glossary_cli.build.build_records`' result), as lines
    for a person: sources, entries, concepts (how many in more than one language besides
    English), terms; then each pair of sources compared for parallel alignment."""
    from glossary_cli.model import is_english

    g = result.glossary
    files = len(dict.fromkeys(s.file for s in g.sources))
    entries = sum(s.entries for s in g.sources)
    multilingual = sum(
        1 for c in g.concepts if sum(not is_english(s.lang) for s in c.languages) > 1
    )
    lines = [
        f"{counted(files, 'source')}, {counted(entries, 'entry', 'entries')}, "
        f"{counted(len(g.concepts), 'concept')} ({multilingual} in more than one language "
        f"besides English), {counted(g.term_count, 'term')}"
    ]
    for a in result.alignments:
        verdict = "parallel: merged" if a.parallel else f"not parallel ({a.reason})"
        lines.append(
            f"  {a.first} ~ {a.second}: {a.agreeing}/{a.compared} English agree; {verdict}"
        )
    return lines


def user_build_report(result: UserRebuild) -> list[str]:
    """What ``gloss build --user`` read (:func:`rebuild_user`'s result), as lines for a
    person: sources, entries and concepts, then each added file's."""
    entries = sum(r.entries for r in result.reports)
    lines = [
        f"{counted(len(result.reports), 'source')}, {counted(entries, 'entry', 'entries')}, "
        f"{counted(result.concepts, 'concept')}"
    ]
    for r in result.reports:
        lines.append(
            f"  {r.file}: {counted(r.entries, 'entry', 'entries')} in "
            f"{', '.join(r.langs) or 'no language'}, {counted(r.concepts, 'concept')}"
            + _joining(r.joined, True)
        )
    return lines


# --- gloss export: the format, its options, a directory --------------------------------------


def export_format(name: str | None, output: str | None) -> str:
    """The format ``gloss export`` writes: ``name`` (``--format``: a format's name, or the
    beginning of only one, ``amazon`` for ``amazon-terminology``), else the one the suffix of
    ``output`` (``-o``) calls for, else ``tbx``.

    Raises:
        UsageError: ``name`` is no written format's name nor the beginning of exactly one;
            no format is named and ``output``'s suffix calls for none.
    """
    from glossary_cli import formats

    written = formats.names(writable=True)
    if name is not None:
        wanted = name.casefold()
        if wanted in written:
            return wanted
        begun = [n for n in written if n.startswith(wanted)]
        if len(begun) == 1:
            return begun[0]
        hint = f"one of {', '.join(begun or written)}"
        raise UsageError(f"--format {name!r} is no export format", hint=hint)
    if output is None:
        return "tbx"
    by_name = formats.by_suffix(output)
    if by_name is not None and by_name.writable:
        return by_name.name
    suffix = Path(output).suffix
    if not suffix:
        return "tbx"
    ends = ", ".join(s for f in formats.FORMATS if f.writable for s in f.suffixes)
    raise UsageError(
        f"cannot tell an export format from {suffix!r}",
        hint=f"give --format {', '.join(written)}, or a FILE ending in {ends}",
    )


def check_export_options(
    fmt: str, *, langs: Sequence[str], output: str | None, to_terminal: bool
) -> None:
    """Refuse what ``gloss export --format FMT`` cannot honour, before anything is read.

    A translation service's glossary (``deepl``, ``google-pairs``, ``amazon-terminology``,
    ``microsoft-dictionary``) writes the languages of ``--source`` and ``--target``, and a
    LanguageTool list the one of ``--source``: ``--lang`` is refused for them, saying which
    option to give instead, rather than left to filter out the very languages they pair. A
    format that writes a directory (``vale``) needs ``-o DIR``, and a name that looks like a
    file (``-o gloss.yml``) or is one is refused; a binary format is not written to a
    terminal.

    Raises:
        UsageError: one of those (exit 2).
    """
    from glossary_cli import formats

    chosen = formats.get(fmt)
    if langs and "source" in chosen.exports:
        instead = "--source and --target" if "target" in chosen.exports else "--source"
        example = (
            f"--source en --target {langs[-1]}"
            if "target" in chosen.exports
            else f"--source {langs[0]}"
        )
        raise UsageError(
            f"--format {fmt} writes the languages of {instead}, not of --lang",
            hint=f"give {example} instead of --lang {','.join(langs)}",
        )
    if chosen.directory:
        if output is None:
            raise UsageError(
                f"--format {fmt} writes a directory", hint="give -o DIR (e.g. -o styles/Gloss)"
            )
        where = Path(output)
        if where.suffix or where.is_file():
            raise UsageError(
                f"--format {fmt} writes a style directory, and {output!r} names a file",
                hint=f"give -o DIR, the style's directory: e.g. -o styles/{where.stem or 'Gloss'}",
            )
    elif output is None and chosen.binary and to_terminal:
        raise UsageError(
            f"a {fmt} export is binary and is not written to a terminal",
            hint="give -o FILE, or redirect standard output to a file or a pipe",
        )


def write_export_files(files: Sequence[OutputFile], directory: str) -> list[Path]:
    """Write the files of a directory export (:func:`export_files`) under the parent of
    ``directory`` (``-o styles/Gloss`` → ``styles/``), each atomically.

    Returns:
        The paths written, in order.

    Raises:
        StoreError: a file cannot be written.
    """
    from glossary_cli.store import write_atomic

    root = Path(directory).resolve().parent
    written = []
    for file in files:
        path = root.joinpath(*file.path.split("/"))
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"cannot write {directory}: {exc.strerror or exc}") from None
        write_atomic(path, file.data)
        written.append(path)
    return written


def read_input(name: str, stdin: Callable[[], bytes], stdin_as: str = "-") -> tuple[str, bytes]:
    """``(name, bytes)`` of a file a command reads; ``-`` is standard input (``stdin()``),
    named ``stdin_as``.

    Raises:
        UsageError: the file does not exist or cannot be read (exit 2, as for every
            command).
    """
    if name == "-":
        return stdin_as, stdin()
    try:
        with open(name, "rb") as fh:
            return name, fh.read()
    except OSError as exc:
        raise UsageError(
            f"cannot read {name}: {exc.strerror}", hint="give a file, or - for standard input"
        ) from None


def lint_summary(result: Report) -> str:
    """The last line of ``gloss lint``: ``2 errors, 1 warning in 380 concepts (1204
    terms)``, from :func:`lint_paths`' report."""
    found = f"{counted(result.errors, 'error')}, {counted(result.warnings, 'warning')}"
    return f"{found} in {counted(result.concepts, 'concept')} ({counted(result.terms, 'term')})"


def queries(raw: bytes, name: str) -> list[str]:
    """The queries of ``gloss lookup``: one per line of the file's text (UTF-8, a BOM or
    UTF-16 as :func:`glossary_cli.formats._common.decode` reads them).

    Raises:
        ParseError: the bytes are no text.
    """
    from glossary_cli.formats._common import decode

    return decode(raw, name).splitlines()


def check_kinds(value: str | None) -> list[str] | None:
    """The checks ``gloss check --kinds`` names (comma-separated); ``None``: all."""
    return [k.strip() for k in value.split(",") if k.strip()] if value else None


def check_summary(results: Sequence[CheckResult]) -> list[str]:
    """What ``gloss check`` says of each file it was given (:func:`check_files`): how many
    issues in how many segments, and which way, or why it was not checked; each line names
    its file when there are several."""
    lines = []
    for result in results:
        named = f"{result.file}: " if len(results) > 1 else ""
        if result.skipped:
            lines.append(f"{named}not checked: {result.skipped}")
            continue
        lines.append(
            f"{named}{counted(len(result.issues), 'issue')} in "
            f"{counted(result.segments, 'segment')} ({result.source_lang} → {result.target_lang})"
        )
    return lines


def language_option(flag: str, value: str | None) -> str | None:
    """The one language tag an option that takes one names (``gloss add --lang``, ``gloss
    lint --lang``), read as every ``--lang`` is (:func:`glossary_cli.tags.parse_langs`:
    ``BN`` → ``bn``, ``hindi`` → ``hi``); ``None`` when the option is not given.

    Raises:
        UsageError: not a language, or several.
    """
    return None if value is None else _pair_tags(flag, value)


class Built(NamedTuple):
    """What ``gloss build`` did (:func:`build_records_report`).

    Attributes:
        warnings: what was read with a problem, one message each.
        lines: the report for a person (:func:`build_report`, :func:`user_build_report`),
            and what was written or found current.
        stale: under ``check``, the sentence that says the records are stale and how to
            rebuild them; ``None`` when they are current or were written.
    """

    warnings: tuple[ParseWarning, ...]
    lines: tuple[str, ...]
    stale: str | None = None


def build_records_report(
    data: str | None,
    *,
    strict: bool = False,
    check: bool = False,
    user: bool = False,
    env: Mapping[str, str] | None = None,
) -> Built:
    """``gloss build``: the records of the data directory (``--data``, ``GLOSS_DATA``, the
    bundled one) built from its sources and written, or with ``check`` only compared; with
    ``user``, the records of the glossaries added with ``gloss add`` instead.

    Raises:
        UsageError: the data directory does not exist;
        ParseError, RecordError, StoreError: a source cannot be read (or, with ``strict``,
            warns), the records cannot be written.
    """
    import shlex

    from glossary_cli import store
    from glossary_cli.build import build_records
    from glossary_cli.config import resolve_data_dir

    env = os.environ if env is None else env
    data_dir = resolve_data_dir(data, env)
    again = "gloss build" + (" --user" if user else "")
    again += f" --data {shlex.quote(data)}" if data else ""
    if user:
        rebuilt = rebuild_user(data_dir, strict=strict, check=check, env=env)
        if rebuilt is None:
            return Built((), ("no glossaries added with `gloss add`: nothing to rebuild",))
        lines = tuple(user_build_report(rebuilt))
        target, current, changed = rebuilt.user_dir, rebuilt.current, rebuilt.changed
        warnings = tuple(rebuilt.warnings)
    else:
        result = build_records(data_dir, strict=strict)
        lines = tuple(build_report(result))
        target = data_dir / store.RECORDS
        warnings = tuple(result.warnings)
        current = check and store.records_are_current(data_dir, result.text)
        changed = not check and store.write_records(data_dir, result.text)
    if check and not current:
        return Built(warnings, lines, f"{target} is stale; run `{again}` to rebuild it")
    if check:
        return Built(warnings, (*lines, f"{target} is up to date"))
    return Built(warnings, (*lines, f"{'wrote' if changed else 'unchanged:'} {target}"))


def unanswered(rows: Sequence[LookupResult]) -> list[LookupResult]:
    """The answers of :func:`lookup` without a sure concept (what the glossary lacks); a blank
    line asked nothing and is not among them.

    Args:
        rows: what :func:`lookup` returned, one :class:`~glossary_cli.model.LookupResult`
            per query.

    Returns:
        Those rows that are not ``sure``, in order.
    """
    return [r for r in rows if not r.sure and r.query.strip()]
