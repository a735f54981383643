"""CSV and TSV in and out (the standard library's :mod:`csv`), and the reading of every table
gloss takes: CSV, TSV, spreadsheets (:mod:`~glossary_cli.formats.xlsx`) and Markdown tables
(:mod:`~glossary_cli.formats.markdown`).

gloss writes one row per term (the layout of IATE's and most termbases' table exports), so that
every term keeps its own status, type and source and a spreadsheet can filter by them::

    id, lang, term, type, status, status_original, pos, usage, role, origin, source,
    citation, term_notes, definition, definition_source, definition_citation,
    definition_of, language_notes, subject_fields, notes, xrefs

Only ``id``, ``lang`` and ``term`` are always written; the other columns when a cell of theirs
is not empty. The rows of a concept follow one another; the concept's own cells
(``subject_fields``, ``notes``, ``xrefs``) are on its first row, and a language's definition
and notes on the first row of that language. A further definition of a language is a row with
its ``lang`` and an empty ``term``; a definition of the whole concept, a row with neither, or,
when it is in a language, a row with its ``lang`` and ``definition_of`` ``concept``; a
definition of one term (TBX: of a ``tig``), a row with that term and ``definition_of``
``term``.
Multi-valued cells join their items with ``" | "`` (:data:`~glossary_cli.formats._common.
CELL_SEPARATOR`); an ``xrefs`` item is ``TYPE: TEXT``. Curated search-only aliases and
misreadings are not terms: they are not written. TBX properties (contexts, transactions…) have
no column: export TBX, JSON Lines or YAML to keep them.

Reading takes what it recognises and names what it leaves out; a table is refused only when no
column of it holds terms. The work is done by four modules, one per step:

* :mod:`~glossary_cli.formats._dialect`: the delimiter, the quoting, the rows with their lines;
* :mod:`~glossary_cli.formats._header`: which column holds what — a header's language names
  and tags in every spelling, the words other tools use for terms, translations, definitions,
  notes and sources, else the script of each column's cells;
* :mod:`~glossary_cli.formats._long`: a table of one row per term (the layout above, and
  other tools' ``language``/``term`` exports);
* :mod:`~glossary_cli.formats._wide`: a table of a column per language (gloss 0.1.0's
  ``id, en, bn, bn_definition…`` among them), each row a concept.

What was read as what, and what was left out, is the glossary's reading plan
(:attr:`glossary_cli.model.Glossary.plan`), which ``gloss add`` prints.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator, Mapping, Sequence
from itertools import chain
from typing import BinaryIO

from glossary_cli.errors import ParseError, ParseWarning, RecordError
from glossary_cli.formats._cells import (
    FORMULA_START,
    MAX_COLUMNS,
    MAX_TERM,
    MAX_TEXT,
    SAMPLE_ROWS,
    RowReport,
    Rows,
    SheetCell,
    unescaped,
)
from glossary_cli.formats._common import (
    CELL_SEPARATOR,
    clean,
    control_message,
    digest,
    find_control,
    glossary_of,
    with_ids,
)
from glossary_cli.formats._dialect import Dialect, dialect_of, rows, sniff_dialect
from glossary_cli.formats._header import Plan, by_script, mapped, plan_header
from glossary_cli.formats._long import COLUMNS, is_long, read_long
from glossary_cli.formats._wide import read_wide
from glossary_cli.model import Concept, Definition, Glossary, Reading
from glossary_cli.values import NamedTuple

__all__ = (
    "COLUMNS", "FORMULA_START", "MAX_COLUMNS", "MAX_TERM", "MAX_TEXT", "SheetCell", "read",
    "read_rows", "read_table", "sniff_dialect", "spreadsheet_safe", "table_cells", "table_rows",
    "unescaped",
    "used_columns", "write", "write_to",
)  # fmt: skip


#: What a row's definition belongs to besides its language (``definition_of``): the whole
#: concept (TBX: a definition of the termEntry, in a language), or the row's term (of a tig).
DEFINITION_LEVELS = ("concept", "term")


def _join(items: Sequence[str], where: str) -> str:
    """Join a multi-valued cell. Each item is written as an import reads it back
    (:func:`~glossary_cli.formats._common.clean`: its line breaks and runs of spaces one
    space), empty items are left out.

    Raises:
        RecordError: an item contains the separator ``" | "``, so that the cell would not
            split back into the same items.
    """
    cleaned = [c for c in map(clean, items) if c]
    for item in cleaned:
        if CELL_SEPARATOR in item:
            raise RecordError(
                f"{where}: {item!r} holds {CELL_SEPARATOR!r}, which separates the items of a cell",
                hint=f"write it without {CELL_SEPARATOR!r} (e.g. '|' without spaces or '/'), "
                "or export as TBX or JSON Lines, which keep every item apart",
            )
    return CELL_SEPARATOR.join(cleaned)


# --------------------------------------------------------------------------- writing


def spreadsheet_safe(cell: str) -> str:
    """``cell`` as a spreadsheet will not run it: after an apostrophe when it begins like a
    formula (:data:`FORMULA_START`; OWASP's CSV injection guidance). :func:`read` takes the
    apostrophe off again.

    >>> spreadsheet_safe("=SUM(A1)"), spreadsheet_safe("LoRA")
    ("'=SUM(A1)", 'LoRA')
    """
    return "'" + cell if cell.startswith(FORMULA_START) else cell


def write(glossary: Glossary, *, dialect: Dialect = "csv", raw: bool = False) -> bytes:
    """The bytes :func:`write_to` writes (the same arguments and errors)."""
    out = io.BytesIO()
    write_to(glossary, out, dialect=dialect, raw=raw)
    return out.getvalue()


def write_to(
    glossary: Glossary, out: BinaryIO, *, dialect: Dialect = "csv", raw: bool = False
) -> None:
    """Write ``glossary`` to ``out`` as a table, one row per term (see the module docstring),
    a concept's rows at a time: the concepts are iterated twice, once for the columns that
    are used and once for the rows, so memory holds one concept's rows.

    Args:
        glossary: the concepts to write.
        out: a binary file; the table is UTF-8.
        dialect: ``"csv"`` (RFC 4180 quoting, comma) or ``"tsv"`` (tab, the same quoting for
            cells with tabs, quotes or newlines), both with ``\\n`` line ends.
        raw: write cells as they are; by default a cell that begins like a formula is made
            safe to open in a spreadsheet (:func:`spreadsheet_safe`).

    Raises:
        UsageError: an unknown ``dialect``.
        RecordError: a multi-valued item cannot be joined unambiguously (it contains
            ``" | "``, is empty or has surrounding spaces), or a cell would hold a control
            character (before the first byte for the first; for the second, once the rows
            before it are written).
    """
    kind = dialect_of(dialect)
    used = used_columns(glossary)
    text = io.TextIOWrapper(out, encoding="utf-8", newline="")
    try:
        writer = csv.writer(text, dialect=kind, lineterminator="\n")
        # With "\n" line ends the csv module no longer quotes a cell for a carriage return,
        # which a reader would then take for a line end; rows with one are written with
        # every cell quoted.
        quoted = csv.writer(text, dialect=kind, lineterminator="\n", quoting=csv.QUOTE_ALL)
        writer.writerow(used)
        for cells in table_cells(glossary, used):
            if not raw:
                cells = [spreadsheet_safe(c) for c in cells]
            (quoted if any("\r" in c for c in cells) else writer).writerow(cells)
    finally:
        text.flush()
        text.detach()  # ``out`` stays open: it is the caller's


def used_columns(glossary: Glossary) -> list[str]:
    """The columns of :data:`COLUMNS` a table of ``glossary`` uses: ``id``, ``lang`` and
    ``term``, and every other column a row gives a cell that is not empty (one pass over the
    concepts).

    Raises:
        RecordError: as :func:`write`.
    """
    filled: set[str] = set()
    for concept in glossary.concepts:
        for row in _concept_rows(concept):
            filled.update(k for k, v in row.items() if v)
    return [c for c in COLUMNS if c in ("id", "lang", "term") or c in filled]


def table_cells(glossary: Glossary, used: Sequence[str]) -> Iterator[list[str]]:
    """The rows of ``glossary``'s table in the columns ``used`` (:func:`used_columns`), cells
    as they are, made as they are consumed (one pass over the concepts).

    Raises:
        RecordError: as :func:`write`.
    """
    for concept in glossary.concepts:
        for row in _concept_rows(concept):
            cells = [row.get(c, "") for c in used]
            _refuse_written_controls(dict(zip(used, cells, strict=True)))
            yield cells


def table_rows(glossary: Glossary) -> tuple[list[str], list[list[str]]]:
    """The header and rows of the table of ``glossary`` (see the module docstring), cells as
    they are (a spreadsheet writer makes them safe in its own way); the CSV and TSV of
    :func:`write` and the spreadsheet of :func:`glossary_cli.formats.xlsx.write`.

    Returns:
        ``(columns, rows)``: the columns of :data:`COLUMNS` that are used, and one list of
        cells per row, in those columns.

    Raises:
        RecordError: as :func:`write`.
    """
    used = used_columns(glossary)
    return used, list(table_cells(glossary, used))


def left_out(glossary: Glossary) -> list[str]:
    """What a table of ``glossary`` leaves out: the data categories that have no column
    (TBX properties: contexts, grammatical gender, transactions…) and the targets of
    cross-references (an ``xrefs`` item is ``TYPE: TEXT``), one message each, with counts.

    >>> from glossary_cli.model import LangSection, Property, Term
    >>> bus = Term("Datenbus", source="x:1", properties=(Property("context", "…"),))
    >>> left_out(Glossary((), (Concept("bus", (LangSection("de", (bus,)),)),)))[0].split(":")[0]
    '1 data category (context) has no column and is not written'
    """
    categories: dict[str, int] = {}
    targets = 0
    for c in glossary.concepts:
        properties = [*c.properties]
        for s in c.languages:
            properties += s.properties
            properties += [p for t in s.terms if t.exported for p in t.properties]
        for p in properties:
            categories[p.category] = categories.get(p.category, 0) + 1
        targets += sum(1 for x in c.xrefs if x.target)
    out = []
    if categories:
        n = sum(categories.values())
        names = ", ".join(sorted(categories))
        out.append(
            f"{n} data categor{'y' if n == 1 else 'ies'} ({names}) "
            f"{'has' if n == 1 else 'have'} no column and {'is' if n == 1 else 'are'} not "
            f"written: export TBX, JSON Lines or YAML to keep {'it' if n == 1 else 'them'}"
        )
    if targets:
        out.append(
            f"{targets} cross-reference target{'' if targets == 1 else 's'} (ids, URLs) "
            f"{'is' if targets == 1 else 'are'} not written, only the text: export TBX, JSON "
            "Lines or YAML to keep them"
        )
    return out


def _concept_rows(concept: Concept) -> list[dict[str, str]]:
    where = f"concept {concept.id!r}"
    rows: list[dict[str, str]] = []
    own = {
        "subject_fields": _join(concept.subject_fields, f"{where}: subject_fields"),
        "notes": _join(concept.notes, f"{where}: notes"),
        "xrefs": _join([f"{x.type}: {x.text}" for x in concept.xrefs], f"{where}: xrefs"),
    }
    for section in concept.languages:
        terms = [t for t in section.terms if t.exported]
        if not terms:
            continue
        here = f"{where}: {section.lang}"
        definitions = list(section.definitions)
        for k, term in enumerate(terms):
            row = {
                "id": concept.id,
                "lang": section.lang,
                "term": term.text,
                "type": term.type or "",
                "status": term.status or "",
                "status_original": term.status_original or "",
                "pos": term.pos or "",
                "usage": term.usage or "",
                "role": term.role or "",
                "origin": term.origin if term.origin != "source" else "",
                "source": term.source,
                "citation": term.citation or "",
                "term_notes": _join(term.notes, f"{here} term notes"),
            }
            if k == 0:
                row["language_notes"] = _join(section.notes, f"{here} notes")
                if definitions:
                    row.update(_definition_cells(definitions[0]))
            rows.append(row)
        for d in definitions[1:]:
            rows.append({"id": concept.id, "lang": section.lang, **_definition_cells(d)})
        for term in terms:
            for d in term.definitions:
                rows.append({"id": concept.id, "lang": section.lang, "term": term.text,
                             **_definition_cells(d), "definition_of": "term"})  # fmt: skip
    for d in concept.definitions:
        rows.append({"id": concept.id, "lang": d.lang or "", **_definition_cells(d),
                     "definition_of": "concept" if d.lang else ""})  # fmt: skip
    if rows:
        rows[0].update(own)
    return rows


def _definition_cells(d: Definition) -> dict[str, str]:
    return {
        "definition": d.text,
        "definition_source": d.source,
        "definition_citation": d.citation or "",
    }


def _refuse_written_controls(row: dict[str, str]) -> None:
    """Refuse to write a cell that holds a control character, naming the concept, the
    column and the language of the row.

    Raises:
        RecordError: the first such cell.
    """
    for column, cell in row.items():
        control = find_control(cell)
        if control is not None:
            message, _ = control_message(control[1])
            lang = f" of its {row['lang']} row" if row.get("lang") else ""
            raise RecordError(
                f"concept {row['id']!r}: the {column} cell{lang} {message}",
                hint="remove it from the glossary file it came from (`gloss build` warns of it)",
            )


# --------------------------------------------------------------------------- reading


def read(
    data: bytes,
    name: str,
    *,
    dialect: Dialect = "csv",
    columns: Mapping[str, str] | None = None,
    skip_bad: bool = False,
) -> Glossary:
    """Read a CSV or TSV table, of either layout (see the module docstring), with or without
    a header.

    Args:
        data: the file's bytes: UTF-8 (a BOM is dropped), UTF-16 or UTF-32 with a BOM, UTF-16
            without one, or Windows-1252/Latin-1 text when its letters say so (with a
            warning; :func:`~glossary_cli.formats._common.decode`). Its delimiter is sniffed
            (comma, semicolon, tab, bar), line ends may be CRLF.
        name: the file's name, for messages and sources (a language its name gives tells the
            language of a column of terms its header and script do not).
        dialect: ``"csv"`` or ``"tsv"``, the delimiter expected before sniffing.
        columns: ``{WHAT: COLUMN}`` (``gloss add --columns``,
            :func:`glossary_cli.formats._header.mapped`), or ``None`` to read the header (or,
            without one, the script of the cells).
        skip_bad: leave out each row that cannot be read, with a warning, instead of
            refusing the file.

    Returns:
        The glossary, with the warnings of what was guessed, joined or left out, and its
        reading plan; every term and definition names ``NAME:LINE``, the line its row starts
        on, as its source, and cites the row's source column; a concept without an id gets
        a slug of its headword or first term.

    Raises:
        UsageError: an unknown ``dialect``, or ``columns`` that name what gloss does not read.
        ParseError: an encoding gloss cannot read, an empty file, a table with no column of
            terms; and, unless ``skip_bad``, a cell longer than :data:`MAX_TERM` or
            :data:`MAX_TEXT`, a control character, an invalid language or status, or quoting
            the ``csv`` module cannot read; each with the line where the row starts.
    """
    from glossary_cli.formats._common import decode

    warnings: list[ParseWarning] = []
    text = decode(data, name, warnings)
    dialect_of(dialect)
    numbered = rows(text, dialect, name, warnings)
    return read_rows(
        numbered, name, digest(data), columns=columns, skip_bad=skip_bad, warnings=warnings
    )


def read_rows(
    numbered: Rows,
    name: str,
    sha256: str,
    *,
    columns: Mapping[str, str] | None = None,
    skip_bad: bool = False,
    warnings: Sequence[ParseWarning] = (),
) -> Glossary:
    """Read a table given as its rows (:func:`read_table`): a CSV or TSV file's
    (:func:`read`) or a spreadsheet's sheet (with :class:`SheetCell` for the cells that were
    not text).

    Args:
        numbered: the rows, ``(line, cells)`` with blank rows left out, or ``(line, error)``
            for a row that could not be read.
        name: the file's name; ``sha256``: the hash of its bytes.
        columns, skip_bad: as :func:`read`.
        warnings: what was reported before the rows (the encoding guessed).

    Returns:
        The glossary, with its warnings and reading plan.

    Raises:
        UsageError, ParseError: as :func:`read`.
    """
    # the same list: the rows are read as the table is, and say what they find as they go
    report = RowReport(name, skip_bad, warnings if isinstance(warnings, list) else list(warnings))
    concepts, plan, _ = read_table(numbered, name, report, columns=columns)
    found = with_ids(concepts, name, report.warnings)
    return glossary_of(found, name, name, sha256)._replace(
        warnings=tuple(report.finish()), plan=tuple(plan)
    )


class Table(NamedTuple):
    """One table as read: its concepts with their lines, its reading plan, and whether a
    header named its columns (``False``: it has none, or they were told by the script of
    their cells)."""

    concepts: list[tuple[Concept, int]]
    plan: list[Reading]
    named: bool


def read_table(
    numbered: Rows,
    name: str,
    report: RowReport,
    *,
    columns: Mapping[str, str] | None = None,
    part: str = "",
) -> Table:
    """The concepts of one table, its reading plan, and whether its header named them.

    A first row is a header when most of its cells name columns, or some do and a Latin
    header stands over a column in another script
    (:func:`glossary_cli.formats._header.is_header`); a header with a language column and a
    term column is a table of one row per term (:mod:`~glossary_cli.formats._long`), any other
    a table of a column per language (:mod:`~glossary_cli.formats._header`,
    :mod:`~glossary_cli.formats._wide`); without a header, each column is read by the script
    of its cells, and that is said.

    Args:
        numbered, name, columns: as :func:`read_rows`.
        report: where warnings go and what is done with rows that cannot be read.
        part: how the plan names the table (``table at line 12``), ``""`` for a file that is
            one table.

    Raises:
        UsageError, ParseError: as :func:`read`.
    """
    rows_in = iter(numbered)
    sample: list[tuple[int, list[str] | ParseError]] = []
    for item in rows_in:
        sample.append(item)
        if len(sample) > SAMPLE_ROWS:
            break
    good = [(line, cells) for line, cells in sample if not isinstance(cells, ParseError)]
    if not good:
        for line, error in sample:
            report.bad(error if isinstance(error, ParseError) else ParseError("", line=line))
        raise ParseError(
            "the file is empty" if not sample else "the file has no row gloss can read",
            path=name,
            line=1,
            hint="the first row must name the columns, e.g. id,lang,term,definition, or "
            "en,ar,definition (a row per concept)",
        )
    comments = []
    while len(good) > 1 and _comment(good[0][1]) and not _comment(good[1][1]):
        comments.append(good.pop(0))  # OmegaT's "# Glossary in tab-separated format…"
    titles = []
    while len(good) > 2 and _titled(good):
        titles.append(good.pop(0))  # "AI Glossary 2024" above the header
    first_at = sample.index(good[0])
    for _, error in sample[:first_at]:
        if isinstance(error, ParseError):
            report.bad(error)
    header_line, header = good[0]
    _check_header_size(header, name, header_line)
    rest = chain(sample[first_at + 1 :], rows_in)
    body = [cells for _, cells in good[1:]]
    where = f"{part}, " if part else ""
    said = [
        Reading(f"{where}line {line}", "left out: a comment", line, True) for line, _ in comments
    ]
    said += [
        Reading(f"{where}line {line} {next(c for c in cells if c.strip())!r}", "left out: a "
                "title above the header", line, True)
        for line, cells in titles
    ]  # fmt: skip
    if is_long(header) and not columns:
        concepts, left = read_long(rest, header, name, report)
        plan = [*said, Reading(f"{where}one row per term", "the lang column gives each row's "
                               "language", header_line)]  # fmt: skip
        plan += _left_readings(left, where, header_line)
        return Table(concepts, plan, named=True)
    if columns:
        found: Plan | None = mapped(columns, header, body, name, header_line)
    else:
        found = plan_header(header, body, name, header_line)
    guessed = found is None
    if found is None:
        found = by_script([cells for _, cells in good], name, header_line)
        if _names_columns(header, found):
            # (a column past the header's last cell keeps the name its script gave it)
            labels = {
                c.at: (header[c.at].strip() if c.at < len(header) else "") or c.label
                for c in found.columns
            }
            found = found._replace(
                columns=tuple(c._replace(label=labels[c.at]) for c in found.columns),
                has_header=True,
            )
    if not found.has_header:
        rest = chain([(header_line, header)], rest)
    # without a header, the width most rows have (a row of more cells is said, not a column)
    # (with a header, a column its cells' script found past the header's last cell too)
    width = max((c.at for c in found.columns), default=0) + 1
    if found.has_header:
        width = max(width, len(header))
    if not found.has_header:
        width = max([width, *(i + 1 for i, _, _ in found.left_out)])
    concepts = read_wide(rest, found, name, report, width)
    plan = list(said)
    if not found.has_header:
        how = (
            "each column as --columns says"
            if columns
            else "each column read by the script of its cells"
        )
        plan.append(Reading(f"{where}no header row", how, header_line))
    elif guessed:
        plan.append(Reading(f"{where}header", "it names no column gloss reads: each column "
                            "read by the script of its cells", header_line))  # fmt: skip
    for col in sorted(found.columns, key=lambda c: c.at):
        named = f" {col.label!r}" if col.label != f"column {col.at + 1}" else ""
        plan.append(Reading(f"{where}column {col.at + 1}{named}", col.describe(), header_line))
    plan += _left_readings(found.left_out, where, header_line)
    plan.sort(key=lambda r: _column_number(r.part))
    if guessed:
        _say_by_script(found, report, header_line)
    return Table(concepts, plan, named=found.has_header and not guessed)


def _names_columns(header: Sequence[str], plan: Plan) -> bool:
    """Whether a first row that names no column gloss knows is still a header, not a
    row of terms: above a column of definitions (texts of five words or more) it has a
    name of a word or three, not a sentence (``Option | Description``, not ``abort | To
    terminate abruptly.``).

    >>> from glossary_cli.formats._header import Column
    >>> plan = Plan((Column(0, "en", "term", "1"), Column(1, "en", "definition", "2")),)
    >>> _names_columns(["Option", "Description"], plan)
    True
    >>> _names_columns(["abort", "To terminate abruptly."], plan)
    False
    """
    return any(
        c.field == "definition"
        and c.at < len(header)
        and 0 < len(header[c.at].split()) <= 3
        and not re.search(r"[.!?।؟。:;]\s*$", header[c.at])
        for c in plan.columns
    )


def _titled(rows: Sequence[tuple[int, list[str]]]) -> bool:
    """Whether the first row is a title above the table's header: one cell filled, and the
    row below it a header (:func:`glossary_cli.formats._header.is_header`) of more."""
    from glossary_cli.formats._header import is_header

    first, below = rows[0][1], rows[1][1]
    filled = [c for c in first if c.strip()]
    if len(filled) != 1 or sum(1 for c in below if c.strip()) < 2:
        return False
    return is_header(below, [cells for _, cells in rows[2:]])


def _comment(cells: Sequence[str]) -> bool:
    """Whether a row is a comment line: one cell, beginning with ``#``."""
    filled = [c for c in cells if c.strip()]
    return len(filled) == 1 and filled[0].lstrip().startswith("#") and "+" not in filled[0]


def _column_number(part: str) -> int:
    """The column a reading names, for ordering (the header row's reading first)."""
    _, _, tail = part.partition("column ")
    number = tail.split(" ", 1)[0]
    return int(number) if number.isdigit() else 0


def _left_readings(left: Sequence[tuple[int, str, str]], where: str, line: int) -> list[Reading]:
    return [
        Reading(
            f"{where}column {i + 1}" + (f" {label!r}" if label != f"column {i + 1}" else ""),
            f"left out: {why}",
            line,
            left_out=True,
        )
        for i, label, why in left
    ]


def _say_by_script(plan: Plan, report: RowReport, line: int) -> None:
    """Warn that a table without a header, or whose header names no column gloss reads,
    was read by the script of its cells, and how."""
    said = ", ".join(
        f"column {c.at + 1} as {_what(c)}" if k == 0 else f"{c.at + 1} as {_what(c)}"
        for k, c in enumerate(plan.columns)
    )
    gone = [f"{i + 1} ({why})" for i, _, why in plan.left_out]
    left = f"; column{'s' if len(gone) > 1 else ''} {', '.join(gone)} left out" if gone else ""
    report.warn(
        ("its header names no column gloss reads" if plan.has_header else "no header row")
        + f": read {said}, from the script of their cells{left}",
        line,
        hint="give --columns to read it otherwise, e.g. --columns "
        + ",".join(f"{_what(c)}={c.at + 1}" for c in plan.columns),
    )


def _what(col: object) -> str:
    """A column as ``--columns`` names what it holds: ``en``, ``definition:ar``, ``source``."""
    lang, fld = getattr(col, "lang"), getattr(col, "field")  # noqa: B009
    if fld == "term":
        return str(lang)
    return f"{fld}:{lang}" if lang else str(fld)


def _check_header_size(header: Sequence[str], name: str, line: int) -> None:
    """Refuse a first row that no table of a glossary has: a cell of ten pages, or more than
    :data:`MAX_COLUMNS` columns.

    Raises:
        ParseError: with the line and a hint.
    """
    longest = max(range(len(header)), key=lambda i: len(header[i]), default=0)
    if header and len(header[longest]) > MAX_TEXT:
        raise ParseError(
            f"cell {longest + 1} of the first row holds {len(header[longest]):,} characters, "
            f"more than the {MAX_TEXT:,} gloss reads in a cell",
            path=name,
            line=line,
            hint="is this a glossary? a header names the columns, a term is a word or a few",
        )
    if len(header) > MAX_COLUMNS:
        raise ParseError(
            f"the first row has {len(header):,} cells: gloss reads tables of at most "
            f"{MAX_COLUMNS:,} columns",
            path=name,
            line=line,
            hint="a glossary has a column per language and a few more: is this a table?",
        )
