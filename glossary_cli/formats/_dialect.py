"""The dialect of a CSV or TSV file, and its rows with their lines (the standard library's
:mod:`csv`, RFC 4180 quoting).

Spreadsheets in many locales save "CSV" with semicolons, and files named ``.csv`` are often
tab-separated: the delimiter is the one of comma, semicolon, tab and bar that cuts the first
lines into the same number of cells (:func:`sniffed`). Quoting is read strictly, so that an
unterminated quote is reported rather than read to the end of the file; a file whose cells
have text after their closing quote (``"x" ,y``), which only a lenient reader takes, is read
leniently, and said. Standard library only.
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from typing import Literal

from glossary_cli.errors import ParseError, ParseWarning, UsageError
from glossary_cli.formats._cells import Rows

Dialect = Literal["csv", "tsv"]
#: How many lines :func:`sniffed` compares.
SNIFF_LINES = 30


class _StrictCSV(csv.excel):
    """RFC 4180 CSV that reports an unterminated quote instead of reading to the end."""

    strict = True


class _StrictTSV(csv.excel_tab):
    """Tab-separated, quoted like CSV, strict about quotes."""

    strict = True


def dialect_of(dialect: str) -> type[csv.Dialect]:
    """The :mod:`csv` dialect of ``"csv"`` or ``"tsv"``.

    Raises:
        UsageError: another name.
    """
    if dialect == "csv":
        return _StrictCSV
    if dialect == "tsv":
        return _StrictTSV
    raise UsageError(f"unknown table dialect {dialect!r}", hint="use 'csv' or 'tsv'")


def sniffed(text: str, kind: type[csv.Dialect]) -> type[csv.Dialect]:
    """The dialect of a table: ``kind`` with the delimiter (comma, semicolon, tab or bar)
    that cuts the first :data:`SNIFF_LINES` lines into the same number of cells, two or more,
    most often; ``kind``'s own on a tie.

    >>> sniffed("word; translate; source\\nx;y;z\\n", _StrictCSV).delimiter
    ';'
    >>> sniffed("a\\tb, c\\nx\\ty\\nu\\tv\\n", _StrictCSV).delimiter
    '\\t'
    """
    lines = [ln for ln in text.lstrip("\ufeff").splitlines()[:SNIFF_LINES] if ln.strip()]
    best: tuple[float, bool, int] | None = None
    chosen = kind.delimiter
    for delimiter in dict.fromkeys((kind.delimiter, ",", ";", "\t", "|")):
        if not lines or delimiter not in lines[0]:
            continue
        try:
            counts = [len(r) for r in csv.reader(lines, delimiter=delimiter)]
        except csv.Error:
            continue
        common, times = Counter(counts).most_common(1)[0]
        if common < 2:
            continue
        score = (times / len(counts), delimiter == kind.delimiter, common)
        if best is None or score > best:
            best, chosen = score, delimiter
    if chosen == kind.delimiter:
        return kind
    found: type[csv.Dialect] = type("_Sniffed", (kind,), {"delimiter": chosen})
    return found


def _lenient(text: str, kind: type[csv.Dialect]) -> int | None:
    """The line of the first cell with text after its closing quote, which a strict reader
    refuses and a lenient one reads as part of the cell; ``None`` when there is none (or the
    first quoting error is another: an unterminated quote)."""
    reader = csv.reader(io.StringIO(text, newline=""), dialect=kind)
    try:
        for _ in reader:
            pass
    except csv.Error as exc:
        return reader.line_num if "expected after" in str(exc) else None
    return None


def _unclosed(lines: list[str], kind: type[csv.Dialect], width: int) -> list[list[str]] | None:
    """The rows of the physical ``lines`` one row of another width than the first row was
    read from, each line read alone, when each is a row of ``width`` cells: a quote not
    closed at the end of its cell (``"Click"|"To press…`` without its closing quote, a TSV
    cell that begins with ``"``) swallowed the rows after it, or a quote opened inside a row
    (``"dataset,ডেটাসেট,the "training" set``) made it one cell. A line is read as the csv
    module reads it, else with its quotes as text, a quote left unpaired at a cell's edge
    dropped; ``None`` when a line gives another number of cells."""
    lenient = type("_Lenient", (kind,), {"strict": False})
    literal = type("_Literal", (kind,), {"strict": False, "quoting": csv.QUOTE_NONE})
    out = []
    for ln in lines:
        if not ln.strip():
            continue
        found = None
        for dialect in (lenient, literal):
            try:
                cells = next(csv.reader([ln.rstrip("\r\n")], dialect=dialect))
            except (csv.Error, StopIteration):
                continue
            if len(cells) == width:
                found = [_paired(c, kind.quotechar or '"') for c in cells]
                break
        if found is None:
            return None
        out.append(found)
    return out or None


def _paired(cell: str, quote: str) -> str:
    """A cell without a quote left unpaired at its start or end (``"Hello`` → ``Hello``)."""
    if cell.count(quote) % 2:
        if cell.startswith(quote):
            return cell[1:]
        if cell.endswith(quote):
            return cell[:-1]
    return cell


def rows(
    text: str, dialect: Dialect, name: str, warnings: list[ParseWarning] | None = None
) -> Rows:
    """The rows of a CSV or TSV text, ``(line, cells)`` with the line each starts on (blank
    rows left out), or ``(line, error)`` for a row whose quoting cannot be read. A row a
    quote that does not close made of several lines, or of too few cells, is read again a
    line at a time (:func:`_unclosed`), and said; a row that cannot be read costs its own
    line only, the reading going on from the next.

    Args:
        text: the decoded file.
        dialect: ``"csv"`` or ``"tsv"``, the delimiter expected before sniffing.
        name: the file's name, for messages.
        warnings: where to say that the file was read leniently.

    Raises:
        UsageError: an unknown ``dialect``.
    """
    kind = sniffed(text, dialect_of(dialect))
    at = _lenient(text, kind)
    if at is not None:
        kind = type("_Lenient", (kind,), {"strict": False})
        if warnings is not None:
            warnings.append(
                ParseWarning(
                    "a cell has text after its closing quote: the file is read as a lenient "
                    "reader does",
                    path=name,
                    line=at,
                    hint="a quoted cell ends with its closing quote and the delimiter",
                )
            )
    # the csv module refuses a cell longer than 128 KiB; a cell cannot be longer than its file
    # (gloss's own limits are checked on the cells read, with their lines)
    csv.field_size_limit(max(csv.field_size_limit(), len(text) + 1))
    physical = io.StringIO(text, newline="").readlines()  # the lines as csv counts them
    width = 0  # the cells of the first row
    base: int | None = 0  # the physical line (from 0) a reader begins at; None: the end
    while base is not None and base < len(physical):
        reader = csv.reader(iter(physical[base:]), dialect=kind)
        begun, base = base, None
        line = begun + 1
        while True:
            try:
                row = next(reader)
            except StopIteration:
                break
            except csv.Error as exc:
                end = begun + reader.line_num  # the last line it read
                apart = _unclosed(physical[line - 1 : end], kind, width) if width else None
                if apart is not None:
                    _say_unclosed(warnings, name, line, end)
                    yield from ((line + k, cells) for k, cells in enumerate(apart))
                    base = end
                else:
                    yield (
                        line,
                        ParseError(
                            f"unreadable {dialect.upper()}: {exc}",
                            path=name,
                            line=line,
                            hint="check the quoting: a cell with quotes must be quoted, its quotes "
                            "doubled",
                        ),
                    )
                    base = line  # the row costs its own line: the next begins a row again
                break
            end = begun + reader.line_num
            if any(c.strip() for c in row):
                width = width or len(row)
                apart = None
                quoted = (kind.quotechar or '"') in "".join(physical[line - 1 : end])
                if len(row) != width and (end > line or quoted):
                    apart = _unclosed(physical[line - 1 : end], kind, width)
                if apart is None:
                    yield line, row
                else:
                    _say_unclosed(warnings, name, line, end)
                    yield from ((line + k, cells) for k, cells in enumerate(apart))
            line = end + 1


def _say_unclosed(warnings: list[ParseWarning] | None, name: str, line: int, end: int) -> None:
    """Say that a quote that does not close was read around, a line a row."""
    if warnings is None:
        return
    how = (
        "the line is read with the quote as text"
        if end <= line
        else f"lines {line}-{end} are read a row each, the quote as text"
    )
    warnings.append(
        ParseWarning(
            f"a quote opened on line {line} does not close where its cell ends: {how}",
            path=name,
            line=line,
            hint="close the quote at the end of its cell, or double a quote inside it",
        )
    )


def sniff_dialect(head: bytes) -> Dialect | None:
    """``"tsv"`` when a table's first line has tabs and no commas, ``"csv"`` when it has
    commas, else ``None``.

    >>> sniff_dialect(b"en\\tbn\\n"), sniff_dialect(b"en,bn\\n"), sniff_dialect(b"x\\n")
    ('tsv', 'csv', None)
    """
    first = head.split(b"\n", 1)[0]
    if b"\t" in first and b"," not in first:
        return "tsv"
    if b"," in first:
        return "csv"
    return None
