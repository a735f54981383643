"""The user's own glossaries: ``gloss add`` and ``gloss remove``.

The user data directory (:func:`glossary_cli.config.user_data_dir`) is a data directory like
any other::

    USER/sources/        the added files, under their own names
    USER/sources.yaml    {FILE: {lang: TAG}} for plain files added with --lang
    USER/curation.yaml   optional, written by hand, as in the bundled data
    USER/concepts.yaml   the records, rebuilt by every add and remove

Its records are built with the bundled glossary as the *base* (:func:`glossary_cli.store.
build_from`): a file that translates a bundled one entry by entry writes its entries under the
bundled concepts' ids, and the index merges them at lookup time.

Every change is all or nothing, and one at a time: a command that changes the directory holds
its lock (:func:`glossary_cli.store.locked`), builds the new records in memory, and writes them
with the source and the manifest as one change through a redo journal
(:func:`glossary_cli.store.write_files`), so that a failed or killed ``add``, ``remove`` or
``build --user`` leaves the directory as it was or as it was to be, never in between; a change
that a killed process committed is finished by the next command (:func:`glossary_cli.store.
recover`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TypeVar, cast

from glossary_cli import build, store
from glossary_cli.errors import (
    GlossError,
    ParseError,
    ParseWarning,
    UnknownNameError,
    UsageError,
)
from glossary_cli.model import Concept, Glossary, Reading
from glossary_cli.select import named_file
from glossary_cli.tags import canonical_tag, is_language_tag


@dataclass(frozen=True, slots=True)
class Change:
    """What ``gloss add`` or ``gloss remove`` did.

    Attributes:
        user_dir: the user data directory.
        file: the file added or removed.
        report: what the added file contributed (``None`` after a remove).
        concepts: the concepts that hold what the added file gave, under their ids.
        warnings: the added file's warnings (those of the files added before were said
            when they were added).
        left: after a remove, how many added files are left.
        replaced: the add replaced a file of the same name (``--force``).
        plan: how the added file was read (:attr:`glossary_cli.model.Glossary.plan`): which
            column, key, element or table went to which language and role, what was left
            out.
    """

    user_dir: Path
    file: str
    report: build.FileReport | None
    concepts: tuple[Concept, ...] = ()
    warnings: tuple[ParseWarning, ...] = ()
    left: int = 0
    replaced: bool = False
    plan: tuple[Reading, ...] = ()


_F = TypeVar("_F", bound=Callable[..., Any])


def _changing(fn: _F) -> _F:
    """Run a function that changes the user directory (its first argument) holding that
    directory's lock (:func:`glossary_cli.store.locked`): two commands take turns."""
    import functools

    @functools.wraps(fn)
    def run(user_dir: Path, *args: Any, **kwargs: Any) -> Any:
        with store.locked(user_dir):
            return fn(user_dir, *args, **kwargs)

    return cast(_F, run)


def user_sources(user_dir: Path) -> list[str]:
    """Names of the files in ``USER/sources``, sorted."""
    return [p.name for p in store.source_files(user_dir)]


@_changing
def add(
    user_dir: Path,
    base: Path | None,
    path: Path,
    *,
    lang: str | None = None,
    force: bool = False,
    dry_run: bool = False,
    options: Mapping[str, Any] | None = None,
    known: Callable[[str | None], build.Known] | None = None,
) -> Change:
    """Copy the glossary file ``path`` into ``USER/sources`` and write its records: a file of
    concepts gets a record file of its own (nothing else is read or written); a plain file
    is aligned again with the user's other plain files and the base's, into
    ``concepts.yaml``.

    Args:
        user_dir: the user data directory (created when missing).
        base: the data directory the user's files may join (the bundled glossary), or ``None``.
        path: a plain glossary file, or a file of another format of the registry
            (:mod:`glossary_cli.formats`: TBX, CSV, TSV, JSON Lines, YAML).
        lang: BCP 47 tag of a plain file's terms (``hi``, ``ur``, ``fa``, ``en``…); needed
            unless they are in Bengali or Arabic script. Import files name their own.
        force: replace a file of the same name added before.
        dry_run: read and build everything, write nothing (``gloss add --dry-run``): the
            change says what would be added.
        options: ``format`` (a registry name that overrides detection, or ``folder``) and
            the reading options of :data:`glossary_cli.formats.READ_OPTIONS`; kept in
            ``sources.yaml`` so that every rebuild reads the file the same way.
        known: gives the concepts the termbase holds (the search index,
            :class:`glossary_cli.index.IndexedConcepts`) for a file of concepts to be placed
            among (:func:`glossary_cli.build.place_concepts`); without it (or to replace a
            file) they are read from the record files.

    Raises:
        UsageError: a bad tag, ``lang`` for an import file, a name already added (without
            ``force``), or a file of ``base`` itself (same bytes); StoreError: the file
            cannot be read or the directory written; ParseError: the file is malformed
            (nothing is written).
    """
    from glossary_cli import formats

    options = {k: v for k, v in (options or {}).items() if v is not None and v is not False}
    forced = options.get("format")
    if forced is not None and forced != "folder":
        fmt = formats.get(forced)  # raises on an unknown name
        if not fmt.readable:
            raise UsageError(f"gloss does not read {fmt.name} files", hint="leave --format out")
        options["format"] = fmt.name
    name = path.name
    if name in ("", ".", "..") and path.is_dir():
        name = path.resolve().name  # `gloss add .` in the folder: the folder's own name
    if not name or name.startswith("."):
        raise UsageError(f"{str(path)!r} is not a file name gloss can keep", hint="rename it")
    if not name.isprintable() or any("\ud800" <= c <= "\udfff" for c in name):
        # kept in sources.yaml and in every record's source, shown by every command and
        # written by every export: a control character, or bytes that are not UTF-8, are
        # no part of a name there
        raise UsageError(
            f"the file name {name!r} holds a control character or bytes that are not UTF-8",
            hint="rename the file (letters, digits, spaces and punctuation)",
        )
    if lang is not None:
        if not is_language_tag(lang):
            raise UsageError(
                f"{lang!r} is not a language tag",
                hint="use a BCP 47 tag: bn (Bengali), ar (Arabic), hi (Hindi), ur (Urdu), "
                "en (English)…",
            )
        lang = canonical_tag(lang)  # HI is hi (RFC 5646 §2.1.1)
        if (forced is not None and forced != "text") or (
            forced is None and formats.is_import(name)
        ):
            raise UsageError(
                f"{name} names the languages of its terms itself; "
                "--lang is for plain glossary files",
                hint="leave --lang out",
            )
    folder = path.is_dir()
    if forced == "folder" and not folder:
        raise UsageError(
            f"{str(path)!r} is not a folder", hint="--format folder is for a folder of term files"
        )
    if folder and forced not in (None, "folder"):
        raise UsageError(
            f"{str(path)!r} is a folder: it cannot be read as {forced}",
            hint="give a file, or leave --format out for a term folder",
        )
    if folder:
        if set(options) - {"format"}:
            raise UsageError(
                f"{str(path)!r} is a term folder: it has no columns or sheets",
                hint="leave --columns, --sheet and --skip-bad out",
            )
        options.pop("format", None)
        from glossary_cli.formats.folder import is_term_folder, markdown_files, read_folder

        if not is_term_folder(path):
            count = len(markdown_files(path))
            raise UsageError(
                f"{str(path)!r} is a folder, not a term folder: "
                + (
                    f"none of its {count} Markdown files begins with front matter (---)"
                    if count
                    else "it holds no Markdown file"
                ),
                hint="give a folder of Markdown term files with front matter (title, "
                "short_description), or add its glossary files one by one",
            )
        # kept as one file of records: the folder's terms, each naming FOLDER/LANG/FILE
        glossary = read_folder(path)
        name = f"{name}.jsonl"
        data = formats.get("jsonl").write(glossary)
    elif not path.is_file():
        if path.exists():
            what = "is not a regular file (a device or a pipe)"
        else:
            what = "does not exist"
        raise UsageError(f"{str(path)!r} {what}", hint="give a glossary file")
    try:
        data = data if folder else path.read_bytes()
    except OSError as exc:
        # an input that cannot be read is the same usage error in every command
        raise UsageError(
            f"cannot read {path}: {exc.strerror}", hint="give a file you can read"
        ) from None
    if base is not None:
        for bundled, bundled_data in store.read_sources(base):
            if bundled_data == data:
                raise UsageError(
                    f"{str(path)!r} is the bundled glossary {bundled}: it is loaded already",
                    hint="`gloss sources` lists what every lookup reads",
                )
    if name in user_sources(user_dir) and not force:
        raise UsageError(
            f"{name} was added before",
            hint="use --force to replace it, or `gloss remove` it first",
        )
    # Every file has its line in sources.yaml, in the order the files were added (a file
    # replaced with --force is added again, last): a rebuild reads them in that order, as
    # the adds did, so that a file added later cannot take the id of a concept added before.
    existing = dict(store.read_manifest(user_dir))
    replacing = name in user_sources(user_dir)
    present = [n for n, _ in store.read_sources(user_dir) if n != name]
    earlier = sorted(n for n in present if n not in existing)
    order = [n for n in [*existing, *earlier] if n != name] + [name]
    manifest = {n: existing.get(n, {}) for n in order}
    # the file is read as this add says: a replaced file's old settings do not carry over
    settings: dict[str, Any] = dict(options)
    if lang is not None:
        settings["lang"] = lang
    manifest[name] = settings
    try:
        fmt = formats.get(forced) if forced and forced != "folder" else formats.detect(name, data)
        if fmt.aligned:
            change, writes = _add_plain(user_dir, base, name, data, manifest)
        else:
            change, writes = _add_concepts(
                user_dir, base, name, data, fmt.name, manifest, known, replacing
            )
    except GlossError as exc:
        if exc.path in (name, f"{store.SOURCES}/{name}"):
            exc.path = str(path)  # the file as the user named it, not its copy-to-be
        raise
    read_warnings = tuple(glossary.warnings) if folder else ()  # what the folder skipped
    if folder:
        change = replace(change, plan=glossary.plan)
    for w in change.warnings:
        if w.path in (name, f"{store.SOURCES}/{name}"):
            w.path = str(path)  # the file as the user named it
    if read_warnings:
        change = replace(change, warnings=(*read_warnings, *change.warnings))
    if replacing:
        change = replace(change, replaced=True)
    if not change.report or not change.report.terms:
        raise ParseError(
            "it has no term in any language: nothing to add",
            path=str(path),
            hint="give each concept a term in a language column or element, e.g. bn or en",
        )
    if not dry_run:
        _commit(user_dir, manifest, {f"{store.SOURCES}/{name}": data, **writes})
    return change


def _add_plain(
    user_dir: Path, base: Path | None, name: str, data: bytes, manifest: Mapping[str, Any]
) -> tuple[Change, dict[str, bytes | None]]:
    """Add a plain glossary file: the user's plain files are aligned again, together with the
    base's (they are translations of each other entry by entry), into ``concepts.yaml``."""
    plain = [(n, d) for n, d in _plain_sources(user_dir, manifest) if n != name]
    files = store.in_manifest_order([*plain, (name, data)], manifest)
    result = _build(user_dir, files, manifest, base)
    report = next(r for r in result.files if r.file == name)
    concepts = tuple(c for c in result.glossary.concepts if _gives(c, name))
    warnings = tuple(w for w in result.warnings if _concerns(w, name))
    from glossary_cli.parsing import CONTROL_IN_LINE

    for w in warnings:
        if w.message.startswith(CONTROL_IN_LINE):
            # kept by a build, but no export could write it (XML cannot hold it, a terminal
            # acts on it): refused here, as a table's cell that holds one is
            raise ParseError(
                w.message.replace("; it was kept", ""),
                path=w.path,
                line=w.line,
                hint="remove it: a glossary is plain text",
            )
    writes: dict[str, bytes | None] = {store.RECORDS: result.text.encode("utf-8")}
    how = "as --lang says" if manifest.get(name, {}).get("lang") else "by the script of its terms"
    plan = tuple(
        Reading(
            "term lines",
            f"{lang} terms, {how}; the line after each, its definition",
            total=report.entries,
        )
        for lang in report.langs
    )
    return Change(user_dir, name, report, concepts, warnings, plan=plan), writes


def _add_concepts(
    user_dir: Path,
    base: Path | None,
    name: str,
    data: bytes,
    fmt: str,
    manifest: Mapping[str, Any],
    known: Callable[[str | None], build.Known] | None,
    replacing: bool,
) -> tuple[Change, dict[str, bytes | None]]:
    """Add a file of concepts: read it alone, place its concepts among those the termbase
    holds (:func:`glossary_cli.build.place_concepts`) and write them as a record file of
    their own, ``records/NNNN-NAME.yaml``; nothing else is read or written, so the add costs
    what the file costs (and the index adds its concepts in place)."""
    glossary = build.parse_source(name, data, manifest.get(name, {}))
    if known is None or replacing:
        termbase: build.Known = _in_memory(user_dir, base, manifest, leave_out=name)
    else:
        termbase = known(None)
    placed = build.place_concepts(glossary, name, fmt, termbase)
    report = build.placed_report(name, glossary, placed)
    own = Glossary(glossary.sources, placed.concepts)
    writes: dict[str, bytes | None] = dict.fromkeys(_record_names(user_dir, name))
    writes[_next_record_name(user_dir, name)] = build.records_text(own).encode("utf-8")
    change = Change(user_dir, name, report, placed.concepts, glossary.warnings, plan=glossary.plan)
    return change, writes


def _gives(concept: Any, name: str) -> bool:
    """Whether a concept holds a term read from the file ``name``."""
    return any(
        t.source.rpartition(":")[0].endswith(name) or t.source.endswith(name)
        for s in concept.languages
        for t in s.terms
    )


def _concerns(warning: Any, name: str) -> bool:
    """Whether a warning is about the file ``name`` (or no file)."""
    return warning.path is None or warning.path.endswith(name) or warning.path.endswith(f"/{name}")


def _record_names(user_dir: Path, name: str) -> list[str]:
    """The record files (``records/NNNN-NAME.yaml``, relative to the user directory) of the
    added file ``name``."""
    folder = user_dir / store.RECORD_DIR
    if not folder.is_dir():
        return []
    return [
        f"{store.RECORD_DIR}/{p.name}"
        for p in sorted(folder.iterdir())
        if p.name.partition("-")[2] == f"{name}.yaml"
    ]


def _next_record_name(user_dir: Path, name: str) -> str:
    """A new record file for ``name``, numbered after every record file there is, so that
    the records are read in the order the files were added."""
    folder = user_dir / store.RECORD_DIR
    numbers = [0]
    if folder.is_dir():
        heads = [p.name.partition("-")[0] for p in folder.iterdir()]
        numbers += [int(h) for h in heads if h.isdigit()]
    return f"{store.RECORD_DIR}/{max(numbers) + 1:04d}-{name}.yaml"


def _plain_sources(user_dir: Path, manifest: Mapping[str, Any]) -> list[tuple[str, bytes]]:
    """The user's plain glossary files (those aligned entry by entry), as ``(name, bytes)``."""
    return [(n, d) for n, d in store.read_sources(user_dir) if _is_plain(n, d, manifest)]


def _is_plain(name: str, data: bytes, manifest: Mapping[str, Any]) -> bool:
    from glossary_cli import formats

    forced = manifest.get(name, {}).get("format")
    if forced:
        return bool(formats.get(forced).aligned)
    try:
        return formats.detect(name, data).aligned
    except GlossError:
        return False  # refused again, with its reason, when it is read


def _in_memory(
    user_dir: Path, base: Path | None, manifest: Mapping[str, Any], leave_out: str | None = None
) -> build.MemoryConcepts:
    """The concepts of ``base`` and of the user's records, but those of ``leave_out``."""
    known = build.MemoryConcepts()
    real_base = _base(base, user_dir)
    if real_base is not None and store.data_record_files(real_base):
        known.add(store.read_records(real_base).concepts)
    skip = set(_record_names(user_dir, leave_out)) if leave_out else set()
    for f in store.data_record_files(user_dir):
        rel = f"{store.RECORD_DIR}/{f.name}" if f.parent.name == store.RECORD_DIR else None
        if rel in skip:
            continue
        glossary = store.read_record_file(f)
        if f.name == store.RECORDS and leave_out:
            known.add(c for c in glossary.concepts if not _gives(c, leave_out))
        else:
            known.add(glossary.concepts)
    return known


#: The first line of a record file of gloss 0.1.0 that names its schema.
_LEGACY = b"schema: gloss/1"


def needs_upgrade(user_dir: Path) -> bool:
    """Whether an earlier release wrote the user's records: a ``concepts.yaml`` of record
    schema ``gloss/1`` (gloss 0.1.0), or one without the ``records/`` folder beside it
    (gloss 0.2.0 kept every added file's concepts in ``concepts.yaml``). One ``stat`` and, at
    most, one read of a kilobyte: every lookup asks."""
    path = user_dir / store.RECORDS
    if not path.is_file():
        return False
    if not (user_dir / store.RECORD_DIR).is_dir():
        return True
    try:
        with path.open("rb") as fh:
            head = fh.read(1024)
    except OSError:
        return False
    return any(line.strip() == _LEGACY for line in head.splitlines())


@_changing
def upgrade(user_dir: Path, base: Path | None) -> bool:
    """Rebuild the user's records from their sources when an earlier release wrote them
    (:func:`needs_upgrade`), so that what the files hold and the old records could not
    (every term of a termbase, its statuses, English definitions) is found after an upgrade,
    and each added file has its own record file. The records are replaced atomically; when
    the rebuild cannot be done (a file the new release refuses, a directory that cannot be
    written), the old records stay and are read migrated
    (:func:`glossary_cli.records.concept_from_v1`).

    Returns:
        Whether the records were rebuilt.
    """
    if not needs_upgrade(user_dir):
        return False
    try:
        if not store.read_sources(user_dir):
            return False
        _commit(user_dir, None, rebuild(user_dir, base).writes)
    except GlossError:
        return False
    return True


@dataclass(frozen=True, slots=True)
class Rebuilt:
    """What :func:`rebuild` computed.

    Attributes:
        writes: the files to write (bytes) or delete (``None``), relative to the directory.
        reports: what each file contributed, in the order they were added.
        warnings: the warnings of every file.
        concepts: the concepts of every record file, as written (not merged).
    """

    writes: dict[str, bytes | None]
    reports: tuple[build.FileReport, ...]
    warnings: tuple[ParseWarning, ...]
    concepts: int


@_changing
def rebuild(user_dir: Path, base: Path | None, *, strict: bool = False) -> Rebuilt:
    """All of the user's records again from their sources (``gloss build --user``, and
    :func:`upgrade`): the plain files aligned with the base into ``concepts.yaml``, then each
    file of concepts placed in the order they were added, as ``gloss add`` placed them.

    Raises:
        ParseError: a malformed file, or a warning under ``strict``; RecordError: a
            malformed manifest or curation file; StoreError: a file cannot be read.
    """
    from glossary_cli import formats

    manifest = store.read_manifest(user_dir)
    files = store.in_manifest_order(store.read_sources(user_dir), manifest)
    plain = [(n, d) for n, d in files if _is_plain(n, d, manifest)]
    writes: dict[str, bytes | None] = {}
    reports: list[build.FileReport] = []
    warnings: list[Any] = []
    known = build.MemoryConcepts()
    real_base = _base(base, user_dir)
    if real_base is not None and store.data_record_files(real_base):
        known.add(store.read_records(real_base).concepts)
    count = 0
    if plain:
        result = build.build_from(
            plain, manifest, store.read_curation(user_dir), strict=strict, base=real_base
        )
        writes[store.RECORDS] = result.text.encode("utf-8")
        reports.extend(result.files)
        warnings.extend(result.warnings)
        known.add(result.glossary.concepts)
        count += len(result.glossary.concepts)
    else:
        writes[store.RECORDS] = None
    folder = user_dir / store.RECORD_DIR
    if folder.is_dir():  # every record file is written again, numbered in order
        writes.update(dict.fromkeys(f"{store.RECORD_DIR}/{p.name}" for p in folder.iterdir()))
    number = 0
    for name, data in files:
        if (name, data) in plain:
            continue
        settings = manifest.get(name, {})
        forced = settings.get("format")
        fmt = formats.get(forced) if forced else formats.detect(name, data)
        glossary = build.parse_source(name, data, settings)
        if strict and glossary.warnings:
            first = glossary.warnings[0]
            raise ParseError(first.message, path=first.path, line=first.line, hint=first.hint)
        placed = build.place_concepts(glossary, name, fmt.name, known)
        known.add(placed.concepts)
        number += 1
        own = Glossary(glossary.sources, placed.concepts)
        writes[f"{store.RECORD_DIR}/{number:04d}-{name}.yaml"] = build.records_text(own).encode()
        reports.append(build.placed_report(name, glossary, placed))
        warnings.extend(glossary.warnings)
        count += len(placed.concepts)
    return Rebuilt(writes, tuple(reports), tuple(warnings), count)


@_changing
def remove(user_dir: Path, base: Path | None, name: str) -> Change:
    """Take the file ``name`` out of ``USER/sources``, with its records: a file of concepts
    takes its own record file with it (nothing else is rebuilt); a plain file has the
    remaining plain files aligned again.

    Raises:
        UnknownNameError: no such user file, or ``name`` is a file of ``base`` (the bundled
            glossary), with the names there are as suggestions (a usage error);
        StoreError: the directory cannot be written (nothing is changed).
    """
    names = user_sources(user_dir)
    if name not in names and Path(name).name in names:
        name = Path(name).name  # the path that was given to `gloss add`
    if name not in names:  # its name without the suffix, or a beginning no other has
        name = named_file(name, names, "remove") or name  # several: a usage error
    if name not in names:
        if base is not None and name in {p.name for p in store.source_files(base)}:
            raise UnknownNameError(
                f"{name} is a glossary of {base}, not one you added: it cannot be removed",
                tuple(names),
                label="added files",
            )
        raise UnknownNameError(
            f"no glossary named {name!r} was added", tuple(names), label="added files"
        )
    manifest = {k: v for k, v in store.read_manifest(user_dir).items() if k != name}
    writes: dict[str, bytes | None] = dict.fromkeys(_record_names(user_dir, name))
    if not writes:  # a plain file: the others are aligned again
        plain = [(n, d) for n, d in _plain_sources(user_dir, manifest) if n != name]
        if plain:
            files = store.in_manifest_order(plain, manifest)
            writes[store.RECORDS] = _build(user_dir, files, manifest, base).text.encode("utf-8")
        else:
            writes[store.RECORDS] = None
    _commit(user_dir, manifest, {**writes, f"{store.SOURCES}/{name}": None}, adding=False)
    return Change(user_dir, name, None, left=len(names) - 1)


def _build(
    user_dir: Path, files: list[tuple[str, bytes]], manifest: Mapping[str, Any], base: Path | None
) -> build.BuildResult:
    curation = store.read_curation(user_dir)
    return build.build_from(files, manifest, curation, base=_base(base, user_dir))


def _base(base: Path | None, user_dir: Path) -> Path | None:
    if base is None or base.resolve() == user_dir.resolve():
        return None
    return base


def _commit(
    user_dir: Path,
    manifest: Mapping[str, Any] | None,
    changes: Mapping[str, bytes | None],
    *,
    adding: bool = True,
) -> None:
    """Write a change: on add the sources first, then the records, then the manifest; on
    remove the records and manifest first, then the source — so that an interrupted change
    leaves records that describe files that exist. ``records/`` is created even when empty:
    it says the records are laid out as this release lays them out (:func:`needs_upgrade`).
    """
    ordered: dict[str, bytes | None] = {}
    sources = {k: v for k, v in changes.items() if k.startswith(f"{store.SOURCES}/")}
    rest = {k: v for k, v in changes.items() if k not in sources}
    if manifest is not None:
        rest[store.MANIFEST] = store.dump_yaml(dict(manifest)).encode("utf-8") if manifest else None
    ordered = {**sources, **rest} if adding else {**rest, **sources}
    (user_dir / store.RECORD_DIR).mkdir(parents=True, exist_ok=True)
    store.write_files(user_dir, ordered)
