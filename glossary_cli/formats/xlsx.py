"""Spreadsheets (Office Open XML, ``.xlsx``), read with openpyxl: the first sheet, in the
column layouts of :mod:`glossary_cli.formats.table` (a row per term, or a row per concept
with a column per language, named by tag or in English).

A cell's value is read as it was last computed (``data_only``): a formula gives its result,
never its text, and a formula never computed gives an empty cell. A merged range's value is
its first cell's. Each row's source is ``FILE:ROW`` (the sheet's row number).

A spreadsheet is a ZIP archive: one whose parts would inflate to more than
:data:`MAX_INFLATED` bytes, or more than :data:`MAX_RATIO` times their compressed size, is
refused before anything is inflated (a "zip bomb").
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterator

from glossary_cli.errors import ParseError
from glossary_cli.formats._common import digest
from glossary_cli.formats.table import read_rows
from glossary_cli.model import Glossary

#: Most bytes a spreadsheet's parts may inflate to.
MAX_INFLATED = 512 << 20
#: Most a part may inflate, as a multiple of its compressed size.
MAX_RATIO = 200


def read(data: bytes, name: str) -> Glossary:
    """Read the first sheet of a spreadsheet (see the module docstring).

    Raises:
        ParseError: not a spreadsheet (with what openpyxl says), a zip bomb, an empty sheet,
            or a table :func:`glossary_cli.formats.table.read_rows` refuses.
    """
    _refuse_bomb(data, name)
    import openpyxl

    # what openpyxl raises for a damaged workbook: a broken ZIP, a missing part, XML that does
    # not parse (the standard library's and lxml's errors are SyntaxErrors, expat's limit on
    # entity amplification too), a value of the wrong kind
    damaged = (
        zipfile.BadZipFile,
        KeyError,
        ValueError,
        OSError,
        IndexError,
        SyntaxError,
        TypeError,
    )
    try:
        book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except damaged as exc:
        raise _damaged(name, exc) from None
    try:
        if not book.worksheets:
            raise ParseError("the spreadsheet has no sheet", path=name, hint="save it again")
        rows = list(_rows(book.worksheets[0]))
    except damaged as exc:
        raise _damaged(name, exc) from None
    finally:
        book.close()
    return read_rows(iter(rows), name, digest(data))


def _damaged(name: str, exc: BaseException) -> ParseError:
    reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return ParseError(
        f"not a spreadsheet gloss can read: {reason}",
        path=name,
        hint="open it and save it again as .xlsx, or as CSV (UTF-8)",
    )


def _rows(sheet: object) -> Iterator[tuple[int, list[str]]]:
    """The sheet's non-blank rows, each as wide as its header row (the first non-blank one):
    the empty cells a sheet reports past its last column are dropped, missing ones empty."""
    width = 0
    rows = sheet.iter_rows(values_only=True)  # type: ignore[attr-defined]
    for number, row in enumerate(rows, start=1):
        cells = ["" if v is None else _text(v) for v in row]
        if not any(c.strip() for c in cells):
            continue
        if not width:
            while cells and not cells[-1].strip():
                cells.pop()
            width = len(cells)
        elif len(cells) > width and not any(c.strip() for c in cells[width:]):
            cells = cells[:width]
        yield number, cells + [""] * (width - len(cells))


def _text(value: object) -> str:
    """A cell's value as text: a whole number without ``.0``."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _refuse_bomb(data: bytes, name: str) -> None:
    """Refuse a ZIP archive whose parts would inflate past the limits of the module."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile as exc:
        raise ParseError(
            f"not a spreadsheet: {exc}", path=name, hint="save it as .xlsx, or as CSV (UTF-8)"
        ) from None
    total = 0
    for info in archive.infolist():
        total += info.file_size
        ratio = info.file_size / max(info.compress_size, 1)
        if total > MAX_INFLATED or (info.file_size > (1 << 20) and ratio > MAX_RATIO):
            raise ParseError(
                f"the spreadsheet would inflate to more than {MAX_INFLATED >> 20} MB "
                f"({info.filename}: {info.file_size} bytes from {info.compress_size})",
                path=name,
                hint="a real glossary is far smaller: save it again, or as CSV",
            )
