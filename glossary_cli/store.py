"""Files ⇄ records: locate data directories, build and read YAML records, write atomically.

A data directory holds::

    sources/          glossary files in the plain format, and termbase files of any format of
                      :mod:`glossary_cli.formats` (see ``gloss add``)
    sources.yaml      optional: {FILE: {lang: TAG}} for files whose language is not guessed
    curation.yaml     optional: curated English (see its header)
    concepts.yaml     the YAML term records written by ``gloss build`` (record schema 2,
                      :mod:`glossary_cli.records`)

YAML is only ever read with a safe loader (which refuses a key given twice in one mapping) and
written with the safe dumper.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, BinaryIO

from glossary_cli.errors import (
    GlossError,
    ParseError,
    ParseWarning,
    RecordError,
    StoreError,
    UsageError,
)
from glossary_cli.formats._yaml import dump_yaml, load_yaml, load_yaml_lines, paused_gc, place
from glossary_cli.model import Concept, Glossary, Source
from glossary_cli.select import source_file
from glossary_cli.tags import is_language_tag

RECORDS = "concepts.yaml"
CURATION = "curation.yaml"
MANIFEST = "sources.yaml"
#: The settings a file may have in the manifest: the language of a plain file, the format
#: that ``gloss add --format`` forced, and the reading options of
#: :data:`glossary_cli.formats.READ_OPTIONS`.
MANIFEST_KEYS = ("lang", "format", "columns", "sheet", "skip_bad")
SOURCES = "sources"
HEADER = (
    "# gloss term records (record schema 2), written by `gloss build` from sources/ and\n"
    "# curation.yaml. Edit those and rebuild; edits made here are overwritten.\n"
)


def read_text(path: Path) -> str:
    """Read a UTF-8 text file (a BOM is tolerated).

    Raises:
        StoreError: the file cannot be read; RecordError: it is not UTF-8.
    """
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise StoreError(f"cannot read {path}: {exc.strerror}") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise RecordError("the file is not UTF-8", path=str(path), line=line) from None


def _remove_abandoned(directory: Path, prefix: str) -> None:
    """Delete temporary files of killed writes (``PREFIX*.tmp``) older than an hour."""
    import time

    cutoff = time.time() - 3600
    try:
        for tmp in directory.glob(f"{prefix}*.tmp"):
            if tmp.stat().st_mtime < cutoff:
                tmp.unlink()
    except OSError:
        pass  # not ours to clean (permissions), or cleaned by another process


def _set_mode(tmp: str, path: Path) -> None:
    """Give the temporary file the mode the file it replaces had, else the usual mode of a new
    file (0666 less the umask): ``mkstemp`` creates files readable by their owner only."""
    try:
        mode = path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    try:
        os.chmod(tmp, mode)
    except OSError:
        pass  # a file system without modes


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically: temporary file, fsync, rename, fsync dir.

    Readers see the old or the new file, never a mix; a crash leaves the old file intact
    (and a temporary file, removed by a later write once it is an hour old).

    Raises:
        StoreError: the directory is not writable, or the disk is full.
    """
    directory = path.parent
    _remove_abandoned(directory, f".{path.name}.")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    except OSError as exc:
        raise StoreError(
            f"cannot write in {directory}: {exc.strerror}",
            hint="check that the directory exists and that its permissions let you write in it",
        ) from None
    try:
        _set_mode(tmp, path)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise StoreError(f"cannot write {path}: {exc.strerror}") from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    try:
        dir_fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return  # directories cannot be opened on Windows; the rename is still atomic
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


# --- building records ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FileReport:
    """What one glossary file contributed to a build (``gloss add`` reports it).

    Attributes:
        file: the file's name.
        langs: language tags of its entries.
        entries: how many entries it gave.
        concepts: how many concepts hold one of its entries.
        joined: how many of those are concepts of the base data directory (see
            :func:`build_from`), which the entries join at lookup time.
        aligned: the files it is parallel to (translations of each other, entry by entry).
        terms: how many terms it gave, over all languages (English ones included).
    """

    file: str
    langs: tuple[str, ...]
    entries: int
    concepts: int
    joined: int = 0
    aligned: tuple[str, ...] = ()
    terms: int = 0


@dataclass(frozen=True, slots=True)
class BuildResult:
    """What ``gloss build`` produced.

    Attributes:
        glossary: the records.
        text: their YAML text, exactly as written to ``concepts.yaml``.
        alignments: the pairwise file comparison (see :mod:`glossary_cli.align`).
        warnings: skipped problems (errors under ``--strict``).
        files: what each file of the data directory contributed, in file order.
    """

    glossary: Glossary
    text: str
    alignments: tuple[Any, ...]
    warnings: tuple[ParseWarning, ...]
    files: tuple[FileReport, ...] = ()


def source_files(data_dir: Path) -> list[Path]:
    """The glossary files of ``DATA/sources``, sorted by name (hidden files skipped)."""
    folder = data_dir / SOURCES
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.is_file() and not p.name.startswith("."))


def read_manifest(data_dir: Path) -> dict[str, dict[str, Any]]:
    """``DATA/sources.yaml``: per-file settings (``{FILE: {lang: TAG}}``), or ``{}``.

    Raises:
        RecordError: the file is not such a mapping.
    """
    path = data_dir / MANIFEST
    if not path.is_file():
        return {}
    text = read_text(path)
    data = load_yaml(text, str(path), "fix the file by hand") or {}
    if not isinstance(data, dict) or not all(isinstance(v, dict) for v in data.values()):
        raise RecordError(
            "must map file names to settings, e.g. {my.txt: {lang: hi}}", path=str(path)
        )
    for name, settings in data.items():
        unknown = [k for k in settings if k not in MANIFEST_KEYS]
        if unknown:
            exc = RecordError(
                f"{name}: unknown setting {str(unknown[0])!r}",
                hint="a file's settings are "
                + ", ".join(MANIFEST_KEYS)
                + ", e.g. {my.txt: {lang: hi}}",
            )
            exc.keys, exc.on_key = (str(name), str(unknown[0])), True
            place(exc, text, str(path))
            raise exc
        kinds = {"format": str, "sheet": str, "skip_bad": bool, "columns": dict}
        for key, kind in kinds.items():
            value = settings.get(key)
            if value is not None and not isinstance(value, kind):
                exc = RecordError(
                    f"{name}: {key} must be a {kind.__name__}, not {value!r}",
                    hint="fix the file by hand, or add the file again with the option",
                )
                exc.keys = (str(name), key)
                place(exc, text, str(path))
                raise exc
        lang = settings.get("lang")
        if lang is not None and not (isinstance(lang, str) and is_language_tag(lang)):
            exc = RecordError(
                f"{name}: lang {lang!r} is not a language tag",
                hint="write a tag such as hi or en, quoted if YAML reads it as another type: "
                "lang: 'no'",
            )
            exc.keys = (str(name), "lang")
            place(exc, text, str(path))
            raise exc
    return {str(k): v for k, v in data.items()}


def in_manifest_order(
    files: Sequence[tuple[str, bytes]], manifest: Mapping[str, Any]
) -> list[tuple[str, bytes]]:
    """Files in the order ``sources.yaml`` names them (the order ``gloss add`` added them),
    then the others by name."""
    rank = {name: i for i, name in enumerate(manifest)}
    return sorted(files, key=lambda f: (rank.get(f[0], len(rank)), f[0]))


def read_sources(data_dir: Path) -> list[tuple[str, bytes]]:
    """``(name, bytes)`` of every file of ``DATA/sources``, sorted by name.

    Raises:
        StoreError: a file cannot be read.
    """
    out = []
    for path in source_files(data_dir):
        try:
            out.append((path.name, path.read_bytes()))
        except OSError as exc:
            raise StoreError(f"cannot read {path}: {exc.strerror}") from None
    return out


def read_curation(data_dir: Path) -> tuple[Any, ...]:
    """The items of ``DATA/curation.yaml`` (:func:`glossary_cli.align.parse_curation`), each
    value with the line it was read from, or ``()``.

    Raises:
        RecordError: the file is malformed (a key given twice included).
    """
    from glossary_cli.align import parse_curation

    path = data_dir / CURATION
    if not path.is_file():
        return ()
    text = read_text(path)
    try:
        data, lines = load_yaml_lines(text, CURATION)
        return parse_curation(data, CURATION, lines)
    except RecordError as exc:
        place(exc, text, CURATION)
        raise


def build_records(data_dir: Path, *, strict: bool = False, base: Path | None = None) -> BuildResult:
    """Parse ``DATA/sources``, align parallel files, merge ``DATA/curation.yaml``.

    Args:
        data_dir: the data directory.
        strict: raise the first warning as an error.
        base: another data directory whose concepts ``data_dir``'s files may join (the
            bundled glossary, for the user's directory): see :func:`build_from`.

    Returns:
        The records and their YAML text; nothing is written (see :func:`write_records`).

    Raises:
        ParseError: a malformed glossary file (file and line named), or a warning under
            ``strict``; RecordError: a malformed curation or manifest file; StoreError: no
            sources.
    """
    files = read_sources(data_dir)
    if not files:
        raise StoreError(
            f"no glossary files in {data_dir / SOURCES}",
            hint="put glossary files there, or add one with `gloss add FILE`",
        )
    manifest = read_manifest(data_dir)
    present = {name for name, _ in files}
    missing = [
        ParseWarning(
            f"names {name}, which is not in {SOURCES}/",
            path=str(data_dir / MANIFEST),
            hint=f"put the file in {data_dir / SOURCES}, or remove its line",
        )
        for name in manifest
        if name not in present
    ]
    if strict and missing:
        raise ParseError(missing[0].message, path=missing[0].path, hint=missing[0].hint)
    try:
        result = build_from(
            in_manifest_order(files, manifest),
            manifest,
            read_curation(data_dir),
            strict=strict,
            base=base,
        )
    except GlossError as exc:
        if exc.path and not os.path.isabs(exc.path):  # sources/NAME, curation.yaml: in DATA
            exc.path = str(data_dir / exc.path)
        raise
    for w in result.warnings:  # sources/NAME, curation.yaml: in DATA, as errors name them
        if w.path and not os.path.isabs(w.path):
            w.path = str(data_dir / w.path)
    return replace(result, warnings=(*missing, *result.warnings)) if missing else result


def build_from(
    files: Sequence[tuple[str, bytes]],
    manifest: Mapping[str, Mapping[str, Any]],
    curation: Sequence[Any] = (),
    *,
    strict: bool = False,
    base: Path | None = None,
) -> BuildResult:
    """Build records from the files of a data directory, given as ``(name, bytes)``.

    Plain glossary files are parsed (:mod:`glossary_cli.parsing`, in the language the manifest
    names, else the one their script shows) and aligned (:mod:`glossary_cli.align`); files of
    the other formats (:func:`glossary_cli.formats.detect`: TBX, CSV, TSV, JSON Lines, YAML)
    already hold concepts, which are appended after the aligned ones with their own ids,
    without curation. Concepts sharing an id are merged
    (:func:`glossary_cli.align.merge_concepts`; a renamed one is a warning).

    With ``base``, the plain files of that data directory (and its curation) are aligned
    together with ``files`` as read-only inputs, the way ``gloss build`` would align them in
    one directory, but only what ``files`` contribute is written: a concept that also holds a
    base entry is written under the id of that base concept (looked up in the base's records
    by that entry's source) with only the sections and English terms ``files`` give, so that
    the index merges the two (:func:`glossary_cli.index.open_index`); any other concept gets
    an id the base does not use, and so does a concept of an import file whose id is a base
    concept's but whose sections contradict it (:func:`glossary_cli.align.sections_clash`),
    before the files' concepts are merged: which file joins the base does not depend on the
    order they were added in. Warnings and alignments that concern only base files are
    left out.

    Raises:
        As :func:`build_records`; UsageError: the manifest names a language for an import file.
    """
    from glossary_cli.align import align, merge_concepts, sections_clash
    from glossary_cli.records import glossary_to_mapping

    plain: list[Any] = []
    imported: list[tuple[str, Glossary]] = []
    sources: list[Source] = []
    warnings: list[ParseWarning] = []
    for name, data in files:
        parsed = _parse_source(name, data, manifest.get(name, {}))
        if isinstance(parsed, Glossary):
            imported.append((name, parsed))
            sources.extend(parsed.sources)
            warnings.extend(parsed.warnings)
        else:
            plain.append(parsed)
            sources.append(_source(parsed, data))
            warnings.extend(parsed.warnings)

    base_parsed, base_curation, base_concepts = _base_inputs(base) if base else ([], (), ())
    result = align([*base_parsed, *plain], [*base_curation, *curation])
    mine = {p.name for p in plain}
    alignments = tuple(a for a in result.alignments if {a.first, a.second} & mine)
    if base_parsed:
        known = {str(w) for w in align(base_parsed, base_curation).warnings}
        warnings.extend(w for w in result.warnings if str(w) not in known)
        concepts = _own_concepts(result.concepts, mine, base_concepts)
    else:
        warnings.extend(result.warnings)
        concepts = list(result.concepts)
    for _, glossary in imported:
        concepts.extend(glossary.concepts)
    # A concept that contradicts the bundled one of its id is another concept: it gets an id
    # of its own here, before the files' concepts are merged, so that it never takes the id
    # from a later file's concept that does join the bundled one (whatever the order added).
    base_by_id = {c.id: c for c in base_concepts}
    taken = {*base_by_id, *(c.id for c in concepts)}
    for i, concept in enumerate(concepts):
        bundled = base_by_id.get(concept.id)
        clash = sections_clash(bundled, concept) if bundled is not None else None
        if clash:
            n = 2
            while f"{concept.id}-{n}" in taken:
                n += 1
            cid = f"{concept.id}-{n}"
            taken.add(cid)
            concepts[i] = concept._replace(id=cid)
            section = concept.section(clash)
            source = section.terms[0].source if section is not None and section.terms else ""
            warnings.append(
                ParseWarning(
                    f"{source}: concept {concept.id!r} gives another {clash} entry than the "
                    f"bundled one: it is kept apart, as {cid!r}",
                    hint="give the bundled term (and its definition, or none) to join it, "
                    "or another English name for a concept of its own",
                )
            )
    concepts, renamed = merge_concepts(concepts)
    warnings.extend(ParseWarning(m, hint="give one of them another id") for m in renamed)
    if strict and warnings:
        first = warnings[0]
        raise ParseError(
            first.message,
            path=first.path,
            line=first.line,
            hint=first.hint or "fix it, or drop --strict",
        )
    glossary = Glossary(sources=tuple(sources), concepts=tuple(concepts))
    text = HEADER + dump_yaml(glossary_to_mapping(glossary))

    def joins(concept: Concept) -> bool:
        """Whether a concept joins a bundled one at lookup time (rather than being kept
        apart as ID-2, :func:`glossary_cli.align.merge_concepts`)."""
        bundled = base_by_id.get(concept.id)
        return bundled is not None and sections_clash(bundled, concept) is None

    imports = dict(imported)
    reports = []
    for name, _ in files:
        if name in imports:
            g = imports[name]
            reports.append(
                FileReport(
                    file=name,
                    langs=tuple(s.lang for s in g.sources),
                    entries=g.entry_count,
                    concepts=len(g.concepts),
                    joined=sum(joins(c) for c in g.concepts),
                    terms=g.term_count,
                )
            )
            continue
        p = next(p for p in plain if p.name == name)
        held = [c for c in concepts if _holds(c, {name})]
        parallel = [
            a.second if a.first == name else a.first
            for a in result.alignments
            if a.parallel and name in (a.first, a.second)
        ]
        reports.append(
            FileReport(
                file=name,
                langs=(p.lang,),
                entries=len(p.entries),
                concepts=len(held),
                joined=sum(joins(c) for c in held),
                aligned=tuple(parallel),
                terms=sum(1 for c in held for s in c.languages for t in s.terms
                          if source_file(t.source) == name),
            )
        )  # fmt: skip
    return BuildResult(glossary, text, alignments, tuple(warnings), tuple(reports))


def _holds(concept: Concept, files: set[str]) -> bool:
    """Whether a concept has a term read from one of ``files``."""
    return any(source_file(t.source) in files for s in concept.languages for t in s.terms)


def _parse_source(name: str, data: bytes, settings: Mapping[str, Any]) -> Any:
    """One file of ``sources/``: a :class:`ParsedGlossary` for a plain glossary file, or a
    :class:`Glossary` for a file of another format (:func:`glossary_cli.formats.detect`, or
    the ``format`` its settings force), read with the settings' reading options; errors and
    warnings name it as ``sources/NAME``."""
    from glossary_cli import formats
    from glossary_cli.formats.seedtext import parse

    display = f"{SOURCES}/{name}"
    lang = settings.get("lang")
    options = {k: settings.get(k) for k in formats.READ_OPTIONS}
    try:
        forced = settings.get("format")
        fmt = formats.get(forced) if forced else formats.detect(name, data)
        if not fmt.aligned:
            if lang is not None:
                raise UsageError(
                    f"{name} names its own languages; the manifest cannot set one",
                    path=MANIFEST,
                    hint=f"remove the 'lang' of {name} from {MANIFEST}",
                )
            glossary = fmt.read(data, name, **options)
            for w in glossary.warnings:
                if w.path == name:
                    w.path = display
            return glossary
        if any(v is not None for v in options.values()):
            raise UsageError(
                f"{name} is a plain glossary file: it has no columns or sheets",
                hint="leave --columns, --sheet and --skip-bad out",
            )
        parsed = parse(data, name, None if lang is None else str(lang))
    except ParseError as exc:
        if exc.path == name:
            exc.path = display
        raise
    for w in parsed.warnings:
        if w.path == name:
            w.path = display
    return parsed


def _base_inputs(base: Path) -> tuple[list[Any], tuple[Any, ...], tuple[Concept, ...]]:
    """The plain files of a base data directory, parsed; its curation; its concepts (from
    its records when they exist, else as built)."""
    from glossary_cli.align import align

    manifest = read_manifest(base)
    parsed = []
    for name, data in read_sources(base):
        p = _parse_source(name, data, manifest.get(name, {}))
        if not isinstance(p, Glossary):
            parsed.append(p)
    curation = read_curation(base)
    if (base / RECORDS).is_file():
        concepts = read_records(base).concepts
    else:
        concepts = align(parsed, curation).concepts
    return parsed, curation, concepts


def _own_concepts(
    concepts: Sequence[Concept], mine: set[str], base: Sequence[Concept]
) -> list[Concept]:
    """What the data directory's own files (``mine``) contribute to the aligned concepts; see
    :func:`build_from`."""
    from glossary_cli.model import LangSection, is_english

    def own(section: LangSection) -> bool:
        return bool(section.terms) and source_file(section.terms[0].source) in mine

    by_source = {
        s.terms[0].source: c
        for c in base
        for s in c.languages
        if s.terms and not is_english(s.lang)
    }
    taken = {c.id for c in base}
    out = []
    for c in concepts:
        native = [s for s in c.languages if not is_english(s.lang)]
        sections = [s for s in native if own(s)]
        english = c.english
        english_terms = tuple(
            t for t in (english.terms if english else ()) if source_file(t.source) in mine
        )
        if not sections and not english_terms:
            continue
        other = next((s for s in native if not own(s)), None)
        shared = by_source.get(other.terms[0].source) if other is not None else None
        if shared is not None:
            # the base concept's English stands: what the file's parentheticals give is the
            # evidence it was aligned by, not more names of the concept
            if not sections:
                continue
            out.append(Concept(id=shared.id, languages=tuple(sections),
                               provenance=tuple(p for p in c.provenance
                                                if source_file(p) in mine)))  # fmt: skip
            continue
        cid, n = c.id, 2
        while cid in taken:
            cid, n = f"{c.id}-{n}", n + 1
        taken.add(cid)
        out.append(c._replace(id=cid))
    return out


def _source(parsed: Any, data: bytes) -> Source:
    return Source(
        file=parsed.name,
        lang=parsed.lang,
        title=parsed.title,
        subtitle=parsed.subtitle,
        entries=len(parsed.entries),
        sha256=hashlib.sha256(data).hexdigest(),
    )


def write_records(data_dir: Path, text: str) -> bool:
    """Write ``DATA/concepts.yaml`` atomically unless it already holds ``text``.

    Returns:
        Whether the file changed.
    """
    path = data_dir / RECORDS
    data = text.encode("utf-8")
    try:
        if path.read_bytes() == data:
            return False
    except OSError:
        pass
    write_atomic(path, data)
    return True


def records_are_current(data_dir: Path, text: str) -> bool:
    """Whether ``DATA/concepts.yaml`` holds exactly ``text`` (``gloss build --check``)."""
    try:
        return (data_dir / RECORDS).read_bytes() == text.encode("utf-8")
    except OSError:
        return False


def read_records(data_dir: Path) -> Glossary:
    """Load ``DATA/concepts.yaml``.

    Raises:
        StoreError: missing (run ``gloss build``); RecordError: malformed, with line and column.
    """
    from glossary_cli.records import glossary_from_mapping

    path = data_dir / RECORDS
    if not path.is_file():
        raise StoreError(
            f"no records in {data_dir}: {RECORDS} is missing",
            hint=f"run `gloss build --data {data_dir}`",
        )
    text = read_text(path)
    data = load_yaml(text, str(path))
    try:
        return glossary_from_mapping(data)
    except RecordError as exc:
        place(exc, text, str(path))
        raise


def read_header(fh: BinaryIO) -> list[bytes] | None:
    """The lines of an open record file above its ``concepts:`` line, which is consumed: the
    file is left at the first concept. ``None`` when it has no such line (not as ``gloss
    build`` writes it)."""
    header: list[bytes] = []
    for raw in fh:
        if raw.rstrip(b"\r\n") == b"concepts:":
            return header
        header.append(raw)
    return None


def header_glossary(header: Sequence[bytes], name: str) -> Glossary:
    """What a record file's header (:func:`read_header`) holds: its schema and ``sources``,
    as a glossary without concepts.

    Raises:
        UnicodeDecodeError: not UTF-8; RecordError: not valid YAML or not a valid header.
    """
    from glossary_cli.records import glossary_from_mapping

    text = b"".join(header).decode("utf-8-sig")
    return glossary_from_mapping(load_yaml(text + "concepts: []\n", name))


def read_record_sources(data_dir: Path) -> tuple[Source, ...]:
    """The ``sources`` of ``DATA/concepts.yaml`` without its concepts: ``gloss build`` writes
    them before the ``concepts:`` line, so only the lines above it are parsed (the whole file
    of 100 000 concepts takes half a minute). A file laid out otherwise is read whole.

    Raises:
        as :func:`read_records`.
    """
    path = data_dir / RECORDS
    try:
        with path.open("rb") as fh:
            header = read_header(fh)
        if header is not None and any(line.startswith(b"sources:") for line in header):
            return header_glossary(header, str(path)).sources
    except (OSError, UnicodeDecodeError, RecordError):
        pass
    # missing, hand-edited, undecodable or invalid: a whole read says why, placed in the file
    return read_records(data_dir).sources


def record_files(data_dirs: Sequence[Path]) -> list[Path]:
    """The record files of several data directories that exist, in order."""
    return [d / RECORDS for d in data_dirs if (d / RECORDS).is_file()]


__all__ = [
    "BuildResult",
    "GlossError",
    "build_records",
    "dump_yaml",
    "header_glossary",
    "load_yaml",
    "load_yaml_lines",
    "paused_gc",
    "place",
    "read_header",
    "read_record_sources",
    "read_records",
    "records_are_current",
    "write_atomic",
    "write_records",
]
