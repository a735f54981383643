"""The cells and rows of a table as every table reader takes them (CSV, TSV, spreadsheets,
Markdown tables): limits, cells that were no text in a spreadsheet, control characters, and
the report of what a file's rows gave and left out. Standard library only."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from glossary_cli.errors import ParseError, ParseWarning
from glossary_cli.formats._common import CELL_SEPARATOR, clean, refuse_controls
from glossary_cli.limits import MAX_TERM, MAX_TEXT, limit
from glossary_cli.values import NamedTuple

__all__ = ("MAX_TERM", "MAX_TEXT")  # (the limits of every reader: glossary_cli.limits)

#: Most columns a table may have.
MAX_COLUMNS = 1_000
#: How many rows (after the first) gloss reads to tell a header from data and the script of
#: each column.
SAMPLE_ROWS = 200
#: What a spreadsheet program reads as the start of a formula (OWASP, "CSV Injection"): a
#: cell that begins with one is written after an apostrophe, which spreadsheets show as text.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")

#: A table's rows: ``(line, cells)``, or ``(line, error)`` for a row that could not be read.
Rows = Iterator[tuple[int, "list[str] | ParseError"]]


class SheetCell(str):
    """A spreadsheet cell's text that was not text in the sheet (:mod:`~glossary_cli.formats.
    xlsx`), with its reference (``B7``) and ``kind``: ``"number"``, ``"date"``, ``"boolean"``,
    ``"error"`` (``#N/A``…) or ``"formula"`` (a formula never computed: the text is empty)."""

    ref: str
    kind: str

    def __new__(cls, text: str, ref: str, kind: str) -> SheetCell:
        cell = super().__new__(cls, text)
        cell.ref = ref
        cell.kind = kind
        return cell


def unescaped(cell: str) -> str:
    """``cell`` without the apostrophe a spreadsheet-safe export put before a formula start
    (:func:`glossary_cli.formats.table.spreadsheet_safe`).

    >>> unescaped("'=SUM(A1)"), unescaped("'tis")
    ('=SUM(A1)', "'tis")
    """
    return cell[1:] if cell.startswith("'") and cell[1:].startswith(FORMULA_START) else cell


def split_items(cell: str) -> list[str]:
    """Split a multi-valued cell of gloss's own tables (items joined by ``" | "``); empty
    items (``"LoRA | "``) are dropped.

    >>> split_items("a | b |  ")
    ['a', 'b']
    """
    return [item for item in map(clean, cell.split(CELL_SEPARATOR)) if item]


class Left(NamedTuple):
    """What a reader left out of a file: ``what`` (``"3 rows"``, ``"column 5 'uri'"``,
    ``"table at line 240"``), why, and the line it starts on."""

    what: str
    why: str
    line: int | None = None


class RowReport:
    """The warnings of one table, and what is done with a row that cannot be read: refused
    (the file is), or, with ``skip_bad``, left out and counted."""

    def __init__(self, name: str, skip_bad: bool, warnings: list[ParseWarning]) -> None:
        self.name, self.skip_bad, self.warnings = name, skip_bad, warnings
        self.skipped = 0

    def warn(self, message: str, line: int | None, hint: str | None = None) -> None:
        self.warnings.append(ParseWarning(message, path=self.name, line=line, hint=hint))

    def bad(self, error: ParseError) -> None:
        """Leave the row of ``error`` out (``skip_bad``), else raise it, its hint naming
        ``--skip-bad``.

        Raises:
            ParseError: ``error``, unless ``skip_bad``.
        """
        if error.path is None:
            error.path = self.name
        if not self.skip_bad:
            more = "or add the file with --skip-bad to leave out, and report, the rows gloss "
            more += "cannot read"
            error.hint = f"{error.hint}; {more}" if error.hint else more
            raise error
        self.skipped += 1
        self.warnings.append(
            ParseWarning(
                f"{error.message}: the row is left out",
                path=error.path,
                line=error.line,
                hint=error.hint,
            )
        )

    def finish(self) -> list[ParseWarning]:
        """The warnings, with the count of the rows left out."""
        if self.skipped:
            self.warn(
                f"{self.skipped} row{'s' if self.skipped != 1 else ''} that could not be read "
                f"{'were' if self.skipped != 1 else 'was'} left out (--skip-bad)",
                None,
            )
        return self.warnings


def check_length(cell: str, label: str, term: bool, name: str, line: int) -> None:
    """Refuse a cell longer than :data:`~glossary_cli.limits.MAX_TERM` (a term's) or
    :data:`~glossary_cli.limits.MAX_TEXT`.

    Raises:
        ParseError: naming the column, the cell's length and the limit.
    """
    most = limit(term)
    if len(cell) > most:
        raise ParseError(
            f"the {label} cell holds {len(cell):,} characters, more than the "
            f"{most:,} gloss reads in a {'term' if term else 'cell'}",
            path=name,
            line=line,
            hint="a term is a word or a few: is the column a definition? (name it "
            "definition, or give --columns)"
            if term
            else "shorten the cell; a glossary's definition is a sentence or a paragraph",
        )


def refuse_cell_controls(row: Sequence[str], labels: Sequence[str], name: str, line: int) -> None:
    """Refuse a cell read that holds a control character, naming its column (a table cell
    carries it raw, to a spreadsheet or a terminal).

    Raises:
        ParseError: with the line where the row starts.
    """
    cells = dict(zip(labels, row, strict=True))
    refuse_controls(cells, name, line, describe=lambda path: f"the {path[0]} cell")


def sheet_cell(raw: str, label: str, term: bool, report: RowReport, line: int) -> str:
    """A cell's text, as the model stores it (:func:`clean`, the apostrophe of a
    spreadsheet-safe export taken off); a spreadsheet's cell that was no text is read and
    reported with its reference: a formula never computed and an error value (``#N/A``) as
    empty, a number, a date or a truth value in a term's column as its text."""
    if isinstance(raw, SheetCell):
        where = f"cell {raw.ref} ({label})"
        if raw.kind == "formula":
            report.warn(
                f"{where} holds a formula that was never computed: read as empty",
                line,
                hint="open the file in a spreadsheet program and save it, so that it keeps "
                "each formula's value",
            )
        elif raw.kind == "error":
            report.warn(
                f"{where} holds the error value {raw}: read as empty",
                line,
                hint="correct the cell in a spreadsheet program, or empty it",
            )
            return ""
        elif term:
            kinds = {"date": "a date", "boolean": "a truth value", "number": "the number"}
            report.warn(
                f"{where} holds {kinds.get(raw.kind, raw.kind)} {raw}: read as the term "
                f"{str(raw)!r}",
                line,
                hint="format the cell as text if it is a term, or empty it",
            )
    return unescaped(clean(raw))


def lines_text(lines: Sequence[object], most: int = 12) -> str:
    """``2, 4, 7 and 3 more``: the lines of a report, the first ``most`` of them.

    >>> lines_text([2, 4, 7], most=2)
    '2, 4 and 1 more'
    """
    shown = ", ".join(map(str, lines[:most]))
    return shown + (f" and {len(lines) - most} more" if len(lines) > most else "")
