"""Files ⇄ records: locate data directories, build and read YAML records, write atomically.

A data directory holds::

    sources/          glossary files in the plain format (and imports, see ``gloss add``)
    sources.yaml      optional: {FILE: {lang: TAG}} for files whose language is not guessed
    curation.yaml     optional: curated English (see its header)
    concepts.yaml     the YAML term records written by ``gloss build`` (schema ``gloss/1``)

YAML is only ever read with a safe loader and written with the safe dumper.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from glossary_cli.errors import GlossError, ParseError, ParseWarning, RecordError, StoreError
from glossary_cli.model import Glossary, Source

RECORDS = "concepts.yaml"
CURATION = "curation.yaml"
MANIFEST = "sources.yaml"
SOURCES = "sources"
HEADER = (
    "# gloss term records (schema gloss/1), written by `gloss build` from sources/ and\n"
    "# curation.yaml. Edit those and rebuild; edits made here are overwritten.\n"
)


# --- YAML -----------------------------------------------------------------------------------


def dump_yaml(data: Any) -> str:
    """YAML text of plain data: ``yaml.safe_dump`` with UTF-8 text kept readable, keys in
    insertion order, block style, no line folding (so output is byte-stable)."""
    import yaml

    return yaml.safe_dump(
        data,
        allow_unicode=True,
        sort_keys=False,
        default_flow_style=False,
        width=1_000_000,
    )


def load_yaml(text: str, name: str) -> Any:
    """Parse YAML text with the safe loader (libyaml's when available).

    Raises:
        RecordError: a syntax error, with the file name, line and column.
    """
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        return yaml.load(text, Loader=loader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise RecordError(
            f"invalid YAML: {problem}",
            path=name,
            line=mark.line + 1 if mark else None,
            column=mark.column + 1 if mark else None,
            hint="fix the file by hand, or rebuild it with `gloss build`",
        ) from None


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


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically: temporary file, fsync, rename, fsync dir.

    Readers see the old or the new file, never a mix; a crash leaves the old file intact.

    Raises:
        StoreError: the directory is not writable, or the disk is full.
    """
    directory = path.parent
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    except OSError as exc:
        raise StoreError(
            f"cannot write in {directory}: {exc.strerror}",
            hint="check the directory's permissions, or use --data to choose another",
        ) from None
    try:
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
class BuildResult:
    """What ``gloss build`` produced.

    Attributes:
        glossary: the records.
        text: their YAML text, exactly as written to ``concepts.yaml``.
        alignments: the pairwise file comparison (see :mod:`glossary_cli.align`).
        warnings: skipped problems (errors under ``--strict``).
    """

    glossary: Glossary
    text: str
    alignments: tuple[Any, ...]
    warnings: tuple[ParseWarning, ...]


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
    data = load_yaml(read_text(path), str(path)) or {}
    if not isinstance(data, dict) or not all(isinstance(v, dict) for v in data.values()):
        raise RecordError(
            "must map file names to settings, e.g. {my.txt: {lang: hi}}", path=str(path)
        )
    return {str(k): v for k, v in data.items()}


def build_records(data_dir: Path, *, strict: bool = False) -> BuildResult:
    """Parse ``DATA/sources``, align parallel files, merge ``DATA/curation.yaml``.

    Args:
        data_dir: the data directory.
        strict: raise the first warning as an error.

    Returns:
        The records and their YAML text; nothing is written (see :func:`write_records`).

    Raises:
        ParseError: a malformed glossary file (file and line named), or a warning under
            ``strict``; RecordError: a malformed curation or manifest file; StoreError: no
            sources.
    """
    from glossary_cli.align import align, parse_curation
    from glossary_cli.parsing import decode, parse_glossary
    from glossary_cli.records import glossary_to_mapping

    files = source_files(data_dir)
    if not files:
        raise StoreError(
            f"no glossary files in {data_dir / SOURCES}",
            hint="put glossary files there, or add one with `gloss add FILE`",
        )
    manifest = read_manifest(data_dir)
    parsed = []
    sources = []
    warnings: list[ParseWarning] = []
    for path in files:
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise StoreError(f"cannot read {path}: {exc.strerror}") from None
        lang = manifest.get(path.name, {}).get("lang")
        display = f"{SOURCES}/{path.name}"
        try:
            p = parse_glossary(decode(data, path.name), path.name, lang)
        except ParseError as exc:
            if exc.path == path.name:
                exc.path = display
            raise
        parsed.append(p)
        sources.append(_source(p, data))
        for w in p.warnings:
            if w.path == path.name:
                w.path = display
        warnings.extend(p.warnings)
    curation_path = data_dir / CURATION
    curation = ()
    if curation_path.is_file():
        curation = parse_curation(load_yaml(read_text(curation_path), CURATION), CURATION)
    result = align(parsed, curation)
    warnings.extend(result.warnings)
    if strict and warnings:
        first = warnings[0]
        raise ParseError(
            first.message,
            path=first.path,
            line=first.line,
            hint=first.hint or "fix it, or drop --strict",
        )
    glossary = Glossary(sources=tuple(sources), concepts=result.concepts)
    text = HEADER + dump_yaml(glossary_to_mapping(glossary))
    return BuildResult(glossary, text, result.alignments, tuple(warnings))


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
    data = load_yaml(read_text(path), str(path))
    try:
        return glossary_from_mapping(data)
    except RecordError as exc:
        exc.path = exc.path or str(path)
        raise


def record_files(data_dirs: Sequence[Path]) -> list[Path]:
    """The record files of several data directories that exist, in order."""
    return [d / RECORDS for d in data_dirs if (d / RECORDS).is_file()]


__all__ = [
    "BuildResult",
    "GlossError",
    "build_records",
    "dump_yaml",
    "load_yaml",
    "read_records",
    "records_are_current",
    "write_atomic",
    "write_records",
]
