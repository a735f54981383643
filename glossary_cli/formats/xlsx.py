"""Spreadsheets (Office Open XML, ``.xlsx``), read with openpyxl: the first sheet, or the one
``sheet`` names, in the column layouts of :mod:`glossary_cli.formats.table` (a row per term,
or a row per concept with a column per language, named by tag or in English, or without a
header, read by the script of its cells), with the same ``columns`` and ``skip_bad``.

A cell's value is read as it was last computed (``data_only``): a formula gives its result,
never its text; a formula never computed is read as an empty cell, and reported with its
cell reference. A merged range's value is its top-left cell's; its other cells are empty.
A number in a term cell is read as its text (``1234``, a whole number without ``.0``) and
reported; a date, a truth value or an error value (``#N/A``) in a term cell is a malformed
row (an error value in any cell), reported with its cell reference. Each row's source is
``FILE:ROW`` (the sheet's row number).

A spreadsheet is a ZIP archive: one whose parts would inflate to more than
:data:`MAX_INFLATED` bytes, or more than :data:`MAX_RATIO` times their compressed size, is
refused before anything is inflated (a "zip bomb").

Writing (:func:`write`) gives one sheet in CSV's layout, a row per term
(:func:`glossary_cli.formats.table.table_cells`), with a bold header row that stays in view
(frozen panes). Every cell is a string cell: a term that begins like a formula
(``=HYPERLINK(…)``, ``+1``, ``@SUM``) is text that a spreadsheet shows and never runs — no
apostrophe is needed, as CSV needs one, so the cell holds the term exactly.
"""

from __future__ import annotations

import datetime
import io
import warnings
import zipfile
import zlib
from collections.abc import Iterator, Mapping
from itertools import zip_longest
from typing import Any, BinaryIO

from glossary_cli.errors import ParseError
from glossary_cli.formats._common import digest
from glossary_cli.formats.table import SheetCell, read_rows, table_cells, used_columns
from glossary_cli.model import Glossary, Reading

#: Most bytes a spreadsheet's parts may inflate to.
MAX_INFLATED = 512 << 20
#: Most a part may inflate, as a multiple of its compressed size.
MAX_RATIO = 200
#: What openpyxl raises for a damaged workbook: a broken ZIP (a part that does not inflate,
#: a compression method the standard library lacks), a missing part, XML that does not parse
#: (the standard library's and lxml's errors are SyntaxErrors, expat's limit on entity
#: amplification too), a value of the wrong kind.
DAMAGED = (
    zipfile.BadZipFile,
    zlib.error,
    NotImplementedError,
    EOFError,
    KeyError,
    ValueError,
    OSError,
    IndexError,
    SyntaxError,
    TypeError,
)


def read(
    data: bytes,
    name: str,
    *,
    sheet: str | None = None,
    columns: Mapping[str, str] | None = None,
    skip_bad: bool = False,
) -> Glossary:
    """Read a sheet of a spreadsheet (see the module docstring).

    Args:
        data: the file's bytes; ``name``: its name, for messages and sources.
        sheet: the sheet's name (compared without case); ``None``: the first sheet that
            holds a glossary (the sheets before it are named in the reading plan).
        columns, skip_bad: as :func:`glossary_cli.formats.table.read_rows`.

    Returns:
        The glossary, with the warnings of what was guessed, joined or left out.

    Raises:
        ParseError: not a spreadsheet (with what openpyxl says), a zip bomb, no sheet named
            ``sheet`` (with the sheets' names), an empty sheet, or a table
            :func:`glossary_cli.formats.table.read_rows` refuses.
        UsageError: ``columns`` that name what gloss does not read.
    """
    _refuse_bomb(data, name)
    import openpyxl

    # openpyxl's warnings about parts it passes over (an invalid relationship, a defined name
    # it drops) are no concern of the glossary's, and not printed
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            # the values as last computed, and (a second reading) which cells are formulas
            book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
            formulas = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=False)
        except DAMAGED as exc:
            raise _damaged(name, exc) from None
        try:
            return _read_sheets(book, formulas, name, digest(data), sheet, columns, skip_bad)
        finally:
            book.close()
            formulas.close()


def _read_sheets(
    book: Any,
    formulas: Any,
    name: str,
    sha256: str,
    sheet: str | None,
    columns: Mapping[str, str] | None,
    skip_bad: bool,
) -> Glossary:
    """The glossary of the sheet ``sheet`` names, or of the first that holds one; each
    sheet's rows are read as the table reads them, one at a time, never all kept.

    Raises:
        ParseError: as :func:`read`.
    """
    try:
        if not book.worksheets:
            raise ParseError("the spreadsheet has no sheet", path=name, hint="save it again")
        indexes = (
            [_sheet_index(book.sheetnames, sheet, name)]
            if sheet is not None
            else range(len(book.worksheets))
        )
    except DAMAGED as exc:
        raise _damaged(name, exc) from None
    passed: list[Reading] = []
    first: ParseError | None = None
    for i in indexes:
        title = book.sheetnames[i]
        rows = _undamaged(_rows(book.worksheets[i], formulas.worksheets[i]), name)
        try:
            glossary = read_rows(rows, name, sha256, columns=columns, skip_bad=skip_bad)
        except ParseError as exc:
            if len(indexes) == 1:
                raise
            first = first or exc
            passed.append(Reading(f"sheet {title!r}", f"left out: {exc.message}", exc.line, True))
            continue
        plan = (
            (*passed, Reading(f"sheet {title!r}", "the glossary"), *glossary.plan)
            if len(book.sheetnames) > 1
            else glossary.plan
        )
        return glossary._replace(plan=plan)
    assert first is not None
    first.message = f"no sheet holds a glossary; the first: {first.message}"
    raise first


def _undamaged(rows: Iterator[tuple[int, list[str]]], name: str) -> Iterator[tuple[int, list[str]]]:
    """``rows``, a damaged part met while reading them (:data:`DAMAGED`) a ParseError.

    Raises:
        ParseError: openpyxl could not read the sheet on.
    """
    try:
        yield from rows
    except DAMAGED as exc:
        raise _damaged(name, exc) from None


def write(glossary: Glossary) -> bytes:
    """The bytes :func:`write_to` writes (the same errors)."""
    out = io.BytesIO()
    write_to(glossary, out)
    return out.getvalue()


def write_to(glossary: Glossary, out: BinaryIO) -> None:
    """Write ``glossary`` to ``out`` as a spreadsheet (see the module docstring): one sheet,
    ``glossary``, the columns of :func:`glossary_cli.formats.table.used_columns`, a row per
    term, the header bold and frozen.

    openpyxl's write-only workbook streams the rows to a temporary file as they are appended,
    so memory holds one concept's rows; the ``.xlsx`` is a ZIP archive that openpyxl
    assembles when the workbook is saved, at the end.

    Raises:
        RecordError: a cell would hold a control character.
    """
    import openpyxl
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Font

    columns = used_columns(glossary)
    book = openpyxl.Workbook(write_only=True)
    sheet = book.create_sheet("glossary")
    sheet.freeze_panes = "A2"
    bold = Font(bold=True)

    def cells(texts: list[str], font: Font | None = None) -> list[WriteOnlyCell | None]:
        row: list[WriteOnlyCell | None] = []
        for text in texts:
            if not text:
                row.append(None)
                continue
            cell = WriteOnlyCell(sheet, value=text)
            # openpyxl takes a string that begins with "=" for a formula (data type "f"):
            # every cell of a glossary is text
            cell.data_type = "s"
            if font is not None:
                cell.font = font
            row.append(cell)
        return row

    sheet.append(cells(columns, bold))
    try:
        for texts in table_cells(glossary, columns):
            sheet.append(cells(texts))
    except BaseException:
        # the sheet's XML writer is a generator inside lxml's incremental writer: ended here,
        # and its temporary file removed, or it fails when it is collected
        sheet.close()
        sheet._writer.cleanup()
        raise
    book.save(out)


def _sheet_index(names: list[str], sheet: str | None, name: str) -> int:
    """The index of the sheet called ``sheet`` (without case), 0 for ``None``.

    Raises:
        ParseError: no sheet has that name; the hint lists them.
    """
    if sheet is None:
        return 0
    folded = [n.casefold() for n in names]
    if sheet.strip().casefold() in folded:
        return folded.index(sheet.strip().casefold())
    raise ParseError(
        f"the spreadsheet has no sheet {sheet!r}",
        path=name,
        hint="its sheets are " + ", ".join(repr(n) for n in names),
    )


def _damaged(name: str, exc: BaseException) -> ParseError:
    reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return ParseError(
        f"not a spreadsheet gloss can read: {reason}",
        path=name,
        hint="open it and save it again as .xlsx, or as CSV (UTF-8)",
    )


def _rows(sheet: Any, formulas: Any) -> Iterator[tuple[int, list[str]]]:
    """The sheet's non-blank rows, each as wide as its header row (the first non-blank one):
    the empty cells a sheet reports past its last column are dropped, missing ones empty;
    a cell that was no text a :class:`~glossary_cli.formats.table.SheetCell`. ``formulas``
    is the same sheet read with its formulas, to tell a formula never computed."""
    from openpyxl.utils import get_column_letter

    width = 0
    pairs = zip_longest(sheet.iter_rows(values_only=True), formulas.iter_rows(values_only=True))
    for number, (row, raw) in enumerate(pairs, start=1):
        row, raw = row or (), raw or ()
        cells: list[str] = []
        for column, value in enumerate(zip_longest(row, raw), start=1):
            cooked, written = value
            if cooked is None and isinstance(written, str) and written.startswith("="):
                cells.append(SheetCell("", f"{get_column_letter(column)}{number}", "formula"))
            else:
                cells.append(_text(cooked, f"{get_column_letter(column)}{number}"))
        if not any(c.strip() or isinstance(c, SheetCell) for c in cells):
            continue
        if not width:
            while cells and not cells[-1].strip():
                cells.pop()
            width = len(cells)
        elif len(cells) > width and not any(c.strip() for c in cells[width:]):
            cells = cells[:width]
        yield number, cells + [""] * (width - len(cells))


_ERRORS = frozenset({"#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A",
                     "#GETTING_DATA"})  # fmt: skip


def _text(value: object, ref: str) -> str:
    """A cell's value as text: a string as it is (an error value a
    :class:`~glossary_cli.formats.table.SheetCell`), a number as its text (a whole number
    without ``.0``), a date or time in ISO 8601, a truth value ``TRUE`` or ``FALSE``."""
    if value is None:
        return ""
    if isinstance(value, str):
        return SheetCell(value, ref, "error") if value in _ERRORS else value
    if isinstance(value, bool):
        return SheetCell("TRUE" if value else "FALSE", ref, "boolean")
    if isinstance(value, int | float):
        text = str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)
        return SheetCell(text, ref, "number")
    if isinstance(value, datetime.datetime) and value.time() == datetime.time():
        return SheetCell(value.date().isoformat(), ref, "date")
    if isinstance(value, datetime.datetime | datetime.date | datetime.time):
        return SheetCell(value.isoformat(), ref, "date")
    if isinstance(value, datetime.timedelta):
        return SheetCell(str(value), ref, "date")
    return str(value)


def _refuse_bomb(data: bytes, name: str) -> None:
    """Refuse a ZIP archive whose parts would inflate past the limits of the module, or that
    is encrypted (Python's ``zipfile`` reads no encrypted part without its password)."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, NotImplementedError, ValueError, EOFError, OSError) as exc:
        # (NotImplementedError: a part that needs a newer ZIP version than Python reads)
        raise ParseError(
            f"not a spreadsheet: {exc}", path=name, hint="save it as .xlsx, or as CSV (UTF-8)"
        ) from None
    total = 0
    for info in archive.infolist():
        if info.flag_bits & 0x1:  # (APPNOTE 4.4.4: bit 0, the part is encrypted)
            raise ParseError(
                f"the spreadsheet is encrypted ({info.filename} needs a password)",
                path=name,
                hint="open it and save it without a password, or as CSV (UTF-8)",
            )
        total += info.file_size
        ratio = info.file_size / max(info.compress_size, 1)
        if total > MAX_INFLATED or (info.file_size > (1 << 20) and ratio > MAX_RATIO):
            raise ParseError(
                f"the spreadsheet would inflate to more than {MAX_INFLATED >> 20} MB "
                f"({info.filename}: {info.file_size} bytes from {info.compress_size})",
                path=name,
                hint="a real glossary is far smaller: save it again, or as CSV",
            )
