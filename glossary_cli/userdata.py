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

Every change is all or nothing: the new records are built in memory first, and the files are
then replaced one by one with :func:`glossary_cli.store.write_atomic`; if a write fails, the
files already replaced are put back, so a failed ``add`` or ``remove`` leaves the directory as
it was, byte for byte.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from glossary_cli import build, store
from glossary_cli.errors import GlossError, NotFoundError, ParseError, StoreError, UsageError
from glossary_cli.tags import canonical_tag, is_language_tag


@dataclass(frozen=True, slots=True)
class Change:
    """What ``gloss add`` or ``gloss remove`` did.

    Attributes:
        user_dir: the user data directory.
        file: the file added or removed.
        report: what the added file contributed (``None`` after a remove).
        result: the user directory's new records, or ``None`` when it holds no file any more.
    """

    user_dir: Path
    file: str
    report: build.FileReport | None
    result: build.BuildResult | None


def user_sources(user_dir: Path) -> list[str]:
    """Names of the files in ``USER/sources``, sorted."""
    return [p.name for p in store.source_files(user_dir)]


def add(
    user_dir: Path,
    base: Path | None,
    path: Path,
    *,
    lang: str | None = None,
    force: bool = False,
    dry_run: bool = False,
    options: Mapping[str, Any] | None = None,
) -> Change:
    """Copy the glossary file ``path`` into ``USER/sources`` and rebuild the user's records.

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
    if not name or name.startswith("."):
        raise UsageError(f"{str(path)!r} is not a file name gloss can keep", hint="rename it")
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
        from glossary_cli.formats.folder import is_term_folder, read_folder

        if not is_term_folder(path):
            raise UsageError(
                f"{str(path)!r} is a folder, not a term folder",
                hint="give a folder of Markdown term files with front matter (title, "
                "short_description), or add its glossary files one by one",
            )
        # kept as one file of records: the folder's terms, each naming FOLDER/LANG/FILE
        glossary = read_folder(path)
        name = f"{path.name}.jsonl"
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
        raise StoreError(f"cannot read {path}: {exc.strerror}") from None
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
    files = [(n, d) for n, d in store.read_sources(user_dir) if n != name]
    files.append((name, data))
    # Every file has its line in sources.yaml, in the order the files were added (a file
    # replaced with --force keeps its place): concepts are built in that order, so that a
    # file added later cannot take the id of a concept added before.
    existing = dict(store.read_manifest(user_dir))
    earlier = sorted(n for n, _ in files if n not in existing and n != name)
    order = [*existing, *earlier, *([] if name in existing else [name])]
    manifest = {n: existing.get(n, {}) for n in order}
    # the file is read as this add says: a replaced file's old settings do not carry over
    settings: dict[str, Any] = dict(options)
    if lang is not None:
        settings["lang"] = lang
    manifest[name] = settings
    files = store.in_manifest_order(files, manifest)
    try:
        result = _build(user_dir, files, manifest, base)
    except GlossError as exc:
        if exc.path == f"{store.SOURCES}/{name}":
            exc.path = str(path)  # the file as the user named it, not its copy-to-be
        raise
    report = next(r for r in result.files if r.file == name)
    if not report.terms:
        raise ParseError(
            "it has no term in any language: nothing to add",
            path=str(path),
            hint="give each concept a term in a language column or element, e.g. bn or en",
        )
    if not dry_run:
        _commit(user_dir, result, manifest, {f"{store.SOURCES}/{name}": data})
    return Change(user_dir, name, report, result)


#: The first line of a record file of gloss 0.1.0 that names its schema.
_LEGACY = b"schema: gloss/1"


def upgrade(user_dir: Path, base: Path | None) -> bool:
    """Rebuild the user's records from their sources when an earlier release wrote them
    (record schema ``gloss/1``), so that what the files hold and the old records could not
    (every term of a termbase, its statuses, English definitions) is found after an upgrade.
    The records are replaced atomically; when the rebuild cannot be done (a file the new
    release refuses, a directory that cannot be written), the old records stay and are read
    migrated (:func:`glossary_cli.records.concept_from_v1`).

    Returns:
        Whether the records were rebuilt.
    """
    path = user_dir / store.RECORDS
    try:
        with path.open("rb") as fh:
            head = fh.read(1024)
    except OSError:
        return False
    if not any(line.strip() == _LEGACY for line in head.splitlines()):
        return False
    try:
        files = store.read_sources(user_dir)
        if not files:
            return False
        manifest = store.read_manifest(user_dir)
        result = _build(user_dir, store.in_manifest_order(files, manifest), manifest, base)
        store.write_atomic(path, result.text.encode("utf-8"))
    except GlossError:
        return False
    return True


def remove(user_dir: Path, base: Path | None, name: str) -> Change:
    """Take the file ``name`` out of ``USER/sources`` and rebuild the user's records.

    Raises:
        NotFoundError: no such user file, or ``name`` is a file of ``base`` (the bundled
            glossary), with the names there are as suggestions;
        StoreError: the directory cannot be written (nothing is changed).
    """
    names = user_sources(user_dir)
    if name not in names and Path(name).name in names:
        name = Path(name).name  # the path that was given to `gloss add`
    if name not in names:
        if base is not None and name in {p.name for p in store.source_files(base)}:
            raise NotFoundError(
                f"{name} is a glossary of {base}, not one you added: it cannot be removed",
                tuple(names),
            )
        raise NotFoundError(f"no glossary named {name!r} was added", tuple(names))
    files = [(n, d) for n, d in store.read_sources(user_dir) if n != name]
    manifest = {k: v for k, v in store.read_manifest(user_dir).items() if k != name}
    result = None
    if files:
        result = _build(user_dir, store.in_manifest_order(files, manifest), manifest, base)
    _commit(user_dir, result, manifest, {f"{store.SOURCES}/{name}": None})
    return Change(user_dir, name, None, result)


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
    result: build.BuildResult | None,
    manifest: Mapping[str, Any],
    sources: Mapping[str, bytes | None],
) -> None:
    """Write the source file change, then the manifest, then the records (or remove them
    when no file is left): sources first on add, records first on remove, so that an
    interrupted change leaves records that describe files that exist."""
    records = None if result is None else result.text.encode("utf-8")
    text = store.dump_yaml(dict(manifest)).encode("utf-8") if manifest else None
    changes: dict[str, bytes | None] = {store.MANIFEST: text, store.RECORDS: records}
    adding = any(v is not None for v in sources.values())
    changes = {**sources, **changes} if adding else {**changes, **sources}
    write_files(user_dir, changes)


def write_files(root: Path, changes: Mapping[str, bytes | None]) -> None:
    """Replace (bytes) or delete (``None``) files under ``root``, in order, all or nothing.

    Each file is written with :func:`glossary_cli.store.write_atomic`. When one fails, the
    files already changed get their old bytes back (or are removed again), and the
    directories created for them are removed, before the error is raised.

    Raises:
        StoreError: a file cannot be written or deleted.
    """
    saved: list[tuple[Path, bytes | None]] = []
    created: list[Path] = []
    try:
        for rel, data in changes.items():
            path = root / rel
            old = path.read_bytes() if path.is_file() else None
            if old == data:
                continue
            saved.append((path, old))
            if data is None:
                path.unlink()
                continue
            missing = [p for p in (path.parent, *path.parent.parents) if not p.exists()]
            path.parent.mkdir(parents=True, exist_ok=True)
            created.extend(reversed(missing))
            store.write_atomic(path, data)
    except (GlossError, OSError) as exc:
        for path, old in reversed(saved):
            try:
                if old is None:
                    path.unlink(missing_ok=True)
                else:
                    store.write_atomic(path, old)
            except (GlossError, OSError):
                pass  # best effort: the first error is the one to report
        for folder in reversed(created):
            try:
                folder.rmdir()
            except OSError:
                pass
        if isinstance(exc, GlossError):
            raise
        raise StoreError(
            f"cannot change {root}: {exc.strerror or exc}",
            hint="check the directory's permissions",
        ) from None
