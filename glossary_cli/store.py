"""Files ⇄ records: locate data directories, build and read YAML records, write atomically.

A data directory holds::

    sources/          glossary files in the plain format, and termbase files of any format of
                      :mod:`glossary_cli.formats` (see ``gloss add``)
    sources.yaml      optional: {FILE: {lang: TAG}} for files whose language is not guessed
    curation.yaml     optional: curated English (see its header)
    concepts.yaml     the YAML term records written by ``gloss build`` (record schema 2,
                      :mod:`glossary_cli.records`)
    records/          in the user's directory: the records of each file added with
                      ``gloss add`` that holds concepts of its own (any format but the plain
                      one), ``NNNN-NAME.yaml``, numbered in the order they were added

YAML is only ever read with a safe loader (which refuses a key given twice in one mapping) and
written with the safe dumper.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, BinaryIO

from glossary_cli.errors import (
    GlossError,
    RecordError,
    StoreError,
    UsageError,
    notice,
)
from glossary_cli.faults import step
from glossary_cli.formats._yaml import dump_yaml, load_yaml, load_yaml_lines, paused_gc, place
from glossary_cli.model import Glossary, Source
from glossary_cli.tags import is_language_tag

RECORDS = "concepts.yaml"
#: The records of the files added with ``gloss add``, one record file each.
RECORD_DIR = "records"
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
    """Delete the temporary files of writes that a stopped process left
    (``PREFIX.PID.*.tmp``, :func:`write_atomic`): their process is gone, or they are more
    than an hour old."""
    import time

    from glossary_cli.parallel import alive

    cutoff = time.time() - 3600
    try:
        for tmp in directory.glob(f"{prefix}*.tmp"):
            pid = tmp.name[len(prefix) :].partition(".")[0]
            gone = pid.isdigit() and not alive(int(pid))  # (no pid: an older release's)
            if gone or tmp.stat().st_mtime < cutoff:
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


#: The ending of the file beside a user data directory that locks it while a command changes
#: it (:func:`locked`): ``.NAME.gloss.lock``, outside the directory, whose files stay the user's.
LOCK = ".gloss.lock"
#: How long a command waits for another one changing the same directory (seconds), unless
#: ``GLOSS_LOCK_TIMEOUT`` says otherwise.
LOCK_TIMEOUT = 120.0
_HELD: dict[str, int] = {}


@contextmanager
def locked(directory: Path, timeout: float | None = None) -> Iterator[None]:
    """Hold the lock of ``directory`` while a block changes it, so that two gloss commands
    that change one user directory at once (two ``gloss add``, an ``add`` and a ``remove``)
    take turns instead of one losing the other's change: an advisory lock on the file
    ``.NAME.gloss.lock`` beside it (``fcntl.flock`` on POSIX, ``msvcrt.locking`` on Windows),
    which the operating system releases when the process ends, however it ends. Re-entrant
    within a process. A command waits for the other one (saying so once on standard error,
    :func:`glossary_cli.errors.notice`), up to ``timeout`` seconds (:data:`LOCK_TIMEOUT`, or
    ``GLOSS_LOCK_TIMEOUT``). Once the lock is had, a change that a stopped command left is
    finished or thrown away (:func:`recover`) before the block reads anything.

    Raises:
        StoreError: the lock was not had in time, or the lock file cannot be made.
    """
    import time

    key = str(directory.resolve())
    if _HELD.get(key):
        _HELD[key] += 1
        try:
            yield
        finally:
            _HELD[key] -= 1
        return
    if timeout is None:
        try:
            timeout = float(os.environ.get("GLOSS_LOCK_TIMEOUT", LOCK_TIMEOUT))
        except ValueError:
            timeout = LOCK_TIMEOUT
        if not 0 <= timeout < float("inf"):  # nan, a negative or an infinite wait
            timeout = LOCK_TIMEOUT
    try:
        directory.parent.mkdir(parents=True, exist_ok=True)
        fh = open(directory.parent / f".{directory.name}{LOCK}", "a+b")
    except OSError as exc:
        raise StoreError(
            f"cannot lock {directory}: {exc.strerror or exc}", hint="check its permissions"
        ) from None
    try:
        deadline = time.monotonic() + timeout
        while not _flock(fh, True):
            if time.monotonic() >= deadline:
                raise StoreError(
                    f"another gloss command is changing {directory}",
                    hint="try again when it is done (GLOSS_LOCK_TIMEOUT sets how long to wait)",
                )
            notice(f"waiting for another gloss command to finish changing {directory} …")
            time.sleep(0.05)
        _HELD[key] = 1
        try:
            recover(directory)  # what a stopped command left, before this one reads
            yield
        finally:
            _HELD.pop(key, None)
            _flock(fh, False)
    finally:
        fh.close()


def _flock(fh: BinaryIO, lock: bool) -> bool:
    """Take (without waiting) or give back the lock of an open file: ``fcntl.flock`` on POSIX,
    ``msvcrt.locking`` of its first byte on Windows. Whether that was done."""
    try:
        if os.name == "nt":
            import msvcrt

            fh.seek(0)
            mode = msvcrt.LK_NBLCK if lock else msvcrt.LK_UNLCK  # type: ignore[attr-defined]
            msvcrt.locking(fh.fileno(), mode, 1)  # type: ignore[attr-defined]
        else:
            import fcntl

            fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB if lock else fcntl.LOCK_UN)
    except OSError:
        return False
    return True


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically: temporary file, fsync, rename, fsync dir
    (:func:`atomic_writer`).

    Raises:
        StoreError: the directory is not writable, or the disk is full.
    """
    with atomic_writer(path) as fh:
        fh.write(data)


@contextmanager
def atomic_writer(path: Path) -> Iterator[BinaryIO]:
    """A binary file that replaces ``path`` atomically when the block ends without an
    exception: what is written goes to a temporary file beside it, which is fsynced and
    renamed over ``path`` (then the directory fsynced); an exception removes it and leaves
    ``path`` as it was. So a writer can stream a file of any size without holding it.

    Readers see the old or the new file, never a mix; a crash leaves the old file intact
    (and a temporary file named with the process's id, removed by the next write of the
    file once that process is gone). A symbolic link
    is followed (its target is replaced, the link stays); a device, FIFO or socket (``-o
    /dev/stdout``, a named pipe) is written to as it is, since it cannot be replaced.

    Yields:
        The open file (``wb``).

    Raises:
        StoreError: the directory is not writable, or the disk is full.
    """
    import stat

    if path.is_symlink():
        path = Path(os.path.realpath(path))
    try:
        mode: int | None = path.stat().st_mode
    except OSError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
        try:
            with open(path, "wb") as fh:
                yield fh
        except OSError as exc:
            raise StoreError(f"cannot write {path}: {exc.strerror}") from None
        return
    import tempfile  # (here: a read, such as gloss stats, needs none of it)

    directory = path.parent
    _remove_abandoned(directory, f".{path.name}.")
    try:
        fd, tmp = tempfile.mkstemp(
            prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp", dir=directory
        )
    except OSError as exc:
        raise StoreError(
            f"cannot write in {directory}: {exc.strerror}",
            hint="check that the directory exists and that its permissions let you write in it",
        ) from None
    try:
        _set_mode(tmp, path)
        with os.fdopen(fd, "wb") as fh:
            yield fh
            fh.flush()
            os.fsync(fh.fileno())
        step("written")
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise StoreError(f"cannot write {path}: {exc.strerror}") from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _fsync_dir(directory)


# --- changes of several files: a redo journal ------------------------------------------------

#: The folder of a data directory that holds a change while it is made (:func:`write_files`):
#: the new files' bytes, then the plan that commits them.
JOURNAL = ".gloss-journal"
#: The plan file of :data:`JOURNAL`; its presence is the change's commit point.
_PLAN = "plan.json"
#: The layout of the plan file.
_JOURNAL_VERSION = 1


def write_files(root: Path, changes: Mapping[str, bytes | None]) -> None:
    """Replace (bytes) or delete (``None``) files under ``root`` as one change, all or
    nothing, whatever stops the process (SIGKILL, power loss): a redo journal.

    1. the new files are written into ``ROOT/.gloss-journal/`` and flushed to disk;
    2. the plan (which file becomes which, JSON with the SHA-256 of each new file) is written
       beside them atomically (:func:`write_atomic`): the change is committed;
    3. each new file is renamed into place, in the order given, each deleted one removed,
       and the directories are flushed;
    4. the journal is removed.

    Stopped before 2, the directory is as it was (the next change or lookup removes the
    journal); stopped after 2, the next change or lookup finishes it (:func:`recover`). The
    caller holds the directory's lock (:func:`locked`; taken here too, it is re-entrant).

    Args:
        root: the data directory.
        changes: ``{path relative to root: new bytes, or None to delete}``, in the order
            they are to be made.

    Raises:
        StoreError: a file cannot be written (nothing was changed), or the committed change
            cannot be finished (it is finished by the next command that can).
    """
    import hashlib
    import json

    with locked(root):
        recover(root)
        todo: list[tuple[str, bytes | None]] = []
        for rel, data in changes.items():
            path = root / rel
            try:
                old = path.read_bytes() if path.is_file() else None
            except OSError:
                old = None
            if old != data:
                todo.append((rel, data))
        if not todo:
            return
        journal = root / JOURNAL
        plan: list[list[str | None]] = []
        try:
            journal.mkdir(parents=True, exist_ok=True)
            for number, (rel, data) in enumerate(todo, 1):
                if data is None:
                    plan.append([rel, None, None])
                    continue
                staged = f"{number:04d}"
                with open(journal / staged, "wb") as fh:
                    fh.write(data)
                    fh.flush()
                    os.fsync(fh.fileno())
                _set_mode(str(journal / staged), root / rel)
                plan.append([rel, staged, hashlib.sha256(data).hexdigest()])
                step("staged")
            _fsync_dir(journal)
            text = json.dumps({"journal": _JOURNAL_VERSION, "changes": plan}, ensure_ascii=False)
            write_atomic(journal / _PLAN, text.encode("utf-8"))
        except BaseException as exc:
            _discard(journal)
            if isinstance(exc, OSError):
                raise StoreError(
                    f"cannot change {root}: {exc.strerror or exc}",
                    hint="check the directory's permissions and free space",
                ) from None
            raise
        step("committed")
        _apply(root, journal, plan)


def recover(root: Path) -> bool:
    """Finish or undo a change of ``root`` that a stopped process left (:func:`write_files`):
    a committed one (its plan is there) is made, an uncommitted one is thrown away. Holds
    the directory's lock while it does so; a process making the change now is waited for.

    Returns:
        Whether a journal was found.

    Raises:
        StoreError: the directory cannot be changed (its permissions, a full disk), or the
            plan or a new file in it is damaged (it says what to do).
    """
    journal = root / JOURNAL
    if not journal.exists():
        return False
    with locked(root):
        if not journal.exists():
            return False  # the process that was making it has finished
        plan = _read_plan(journal)
        if plan is None:
            _discard(journal)  # never committed: the files are as they were
        else:
            _apply(root, journal, plan)
    return True


def _read_plan(journal: Path) -> list[list[str | None]] | None:
    """The committed plan of a journal, checked (every new file there is has the SHA-256 the
    plan gives); ``None`` when there is none (the change was not committed).

    Raises:
        StoreError: the plan or a new file is damaged.
    """
    import hashlib
    import json

    try:
        raw = (journal / _PLAN).read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise StoreError(f"cannot read {journal / _PLAN}: {exc.strerror}") from None
    damaged = StoreError(
        f"the interrupted change in {journal} is damaged",
        hint=f"move {journal} aside, then run `gloss build --user` to write the records again",
    )
    try:
        value = json.loads(raw)
        plan = value["changes"]
        if value.get("journal") != _JOURNAL_VERSION or not isinstance(plan, list):
            raise damaged
        root = journal.parent
        for rel, staged, digest in plan:
            if (
                not isinstance(rel, str)
                or not rel.isprintable()
                or rel.strip(" /.") == ""
                or Path(rel).is_absolute()
                or ".." in Path(rel).parts
            ):
                raise damaged
            rel.encode("utf-8")  # (a lone surrogate raises)
            if (root / rel).is_dir():
                raise damaged  # a change replaces or deletes files, never a folder
            if staged is None:
                continue
            if not isinstance(staged, str) or not staged.isdigit():
                raise damaged
            try:
                data = (journal / staged).read_bytes()
            except FileNotFoundError:
                # renamed into place already: then the file there is the one planned
                data = (root / rel).read_bytes()
            if hashlib.sha256(data).hexdigest() != digest:
                raise damaged
    except (ValueError, KeyError, TypeError, OSError, RecursionError):
        raise damaged from None
    return list(plan)


def _apply(root: Path, journal: Path, plan: Sequence[Sequence[str | None]]) -> None:
    """Make a committed change (:func:`write_files` step 3) and remove its journal. Every
    step can be run again: a new file already renamed into place is not in the journal any
    more, a file already deleted is not there.

    Raises:
        StoreError: a file cannot be renamed or deleted (the journal stays, for the next
            command to finish).
    """
    folders: set[Path] = set()
    try:
        for rel, staged, _digest in plan:
            assert rel is not None
            path = root / rel
            if staged is None:
                path.unlink(missing_ok=True)
            else:
                source = journal / staged
                if not source.exists():
                    continue
                path.parent.mkdir(parents=True, exist_ok=True)
                if path.is_symlink():
                    path = Path(os.path.realpath(path))
                try:
                    os.replace(source, path)
                except OSError as exc:
                    import errno

                    if exc.errno != errno.EXDEV:
                        raise
                    write_atomic(path, source.read_bytes())  # another file system
                    source.unlink()
            folders.add(path.parent)
            step("applied")
        for folder in folders:
            _fsync_dir(folder)
    except OSError as exc:
        raise StoreError(
            f"cannot finish the change of {root}: {exc.strerror or exc}",
            hint="check the directory's permissions; the next gloss command finishes it",
        ) from None
    _discard(journal)


def _discard(journal: Path) -> None:
    """Remove a journal: its plan first (from then on the change is not to be finished),
    then the rest."""
    import shutil

    with contextlib.suppress(OSError):
        (journal / _PLAN).unlink(missing_ok=True)
        _fsync_dir(journal)
    shutil.rmtree(journal, ignore_errors=True)
    _fsync_dir(journal.parent)


def _fsync_dir(directory: Path) -> None:
    """Flush a directory's entries to disk (renames and deletions in it), where the system
    can (directories cannot be opened on Windows, where renames are flushed as they are
    made)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# --- building records ------------------------------------------------------------------------


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


def data_record_files(data_dir: Path) -> list[Path]:
    """The record files of a data directory, in the order their concepts are read:
    ``concepts.yaml`` (what ``gloss build`` writes), then the files of ``records/`` (one per
    file added with ``gloss add``, ``NNNN-NAME.yaml``: in the order they were added)."""
    out = [data_dir / RECORDS] if (data_dir / RECORDS).is_file() else []
    folder = data_dir / RECORD_DIR
    if folder.is_dir():
        added = [p for p in folder.iterdir() if p.suffix == ".yaml" and p.name[:1] != "."]
        out.extend(sorted(added, key=lambda p: record_order(p.name)))
    return out


def record_order(name: str) -> tuple[int, str]:
    """Where a file of ``records/`` comes: by its number (``NNNN-``, however many digits),
    then by name.

    >>> sorted(["10000-b.yaml", "0002-a.yaml"], key=record_order)
    ['0002-a.yaml', '10000-b.yaml']
    """
    number = name.partition("-")[0]
    return (int(number) if number.isdigit() else 1 << 62, name)


def read_record_file(path: Path) -> Glossary:
    """Load one record file (``concepts.yaml`` or a file of ``records/``).

    Raises:
        StoreError: it cannot be read; RecordError: malformed, with line and column.
    """
    from glossary_cli.records import glossary_from_mapping

    text = read_text(path)
    data = load_yaml(text, str(path))
    try:
        return glossary_from_mapping(data)
    except RecordError as exc:
        place(exc, text, str(path))
        raise


def read_records(data_dir: Path) -> Glossary:
    """Load the records of a data directory (:func:`data_record_files`), concepts that several
    files give under one id merged (:func:`glossary_cli.align.merge_concepts`, as the index
    merges them).

    Raises:
        UsageError: the directory has neither records nor glossary files: not a data
            directory (a wrong ``--data``; no build would help);
        StoreError: no record file, but glossary files to build it from (run ``gloss build``);
        RecordError: malformed, with line and column.
    """
    files = data_record_files(data_dir)
    if not files and not source_files(data_dir):
        raise UsageError(
            f"{data_dir} is not a gloss data directory: it has neither {RECORDS} nor "
            f"glossary files in {SOURCES}/",
            hint="check --data or GLOSS_DATA, or put glossary files in "
            f"{data_dir / SOURCES} and run `gloss build --data {data_dir}`",
        )
    if not files:
        raise StoreError(
            f"no records in {data_dir}: {RECORDS} is missing",
            hint=f"run `gloss build --data {data_dir}`",
        )
    glossaries = [read_record_file(f) for f in files]
    if len(glossaries) == 1:
        return glossaries[0]
    from glossary_cli.align import merge_concepts

    concepts = merge_concepts(c for g in glossaries for c in g.concepts)[0]
    return Glossary(
        sources=tuple(s for g in glossaries for s in g.sources), concepts=tuple(concepts)
    )


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
    """The ``sources`` of a data directory's record files without their concepts: ``gloss
    build`` writes them before the ``concepts:`` line, so only the lines above it are parsed
    (the whole file of 100 000 concepts takes half a minute). A file laid out otherwise is
    read whole.

    Raises:
        as :func:`read_records`.
    """
    files = data_record_files(data_dir)
    if not files:
        return read_records(data_dir).sources  # raises the "run gloss build" error
    return tuple(s for path in files for s in record_file_sources(path))


def record_file_sources(path: Path) -> tuple[Source, ...]:
    """The ``sources`` of one record file, from the lines above its ``concepts:`` line when
    ``gloss build`` wrote it so, else from a whole read.

    Raises:
        as :func:`read_record_file`.
    """
    try:
        with path.open("rb") as fh:
            header = read_header(fh)
        if header is not None and any(line.startswith(b"sources:") for line in header):
            return header_glossary(header, str(path)).sources
    except (OSError, UnicodeDecodeError, RecordError):
        pass
    # hand-edited, undecodable or invalid: a whole read says why, placed in the file
    return read_record_file(path).sources


def record_files(data_dirs: Sequence[Path]) -> list[Path]:
    """The record files of several data directories that exist, in order
    (:func:`data_record_files`)."""
    return [f for d in data_dirs for f in data_record_files(d)]


__all__ = [
    "GlossError",
    "dump_yaml",
    "header_glossary",
    "load_yaml",
    "load_yaml_lines",
    "paused_gc",
    "place",
    "read_header",
    "read_record_sources",
    "read_records",
    "record_file_sources",
    "records_are_current",
    "recover",
    "write_atomic",
    "write_files",
    "write_records",
]
