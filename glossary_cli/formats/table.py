"""CSV and TSV in and out (the standard library's :mod:`csv`).

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

Reading takes that layout (recognised by its ``lang`` and ``term`` columns; rows without an
``id`` continue the concept above them), and the layout of gloss 0.1.0, one row per concept:
``id, en, en_origin, abbr, aliases, notes``, a column per language named by its tag (``bn``,
``hi``, ``zh-Hans``; ``TAG_term`` for a tag that is also a column name, as Indonesian ``id``),
and ``TAG_definition``, ``TAG_source``, ``TAG_en``, ``TAG_abbr``, ``TAG_status``,
``TAG_notes`` (read as :func:`glossary_cli.records.concept_from_v1` reads a gloss/1 record).
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import chain
from typing import Any, Literal, NamedTuple

from glossary_cli.errors import ParseError, ParseWarning, RecordError, UsageError
from glossary_cli.formats._common import (
    CELL_SEPARATOR,
    clean,
    control_message,
    digest,
    find_control,
    glossary_of,
    read_from,
    refuse_controls,
    refuse_termless,
    script_lang,
    with_ids,
)
from glossary_cli.model import (
    EN_ORIGINS,
    ROLES,
    Concept,
    CrossReference,
    Definition,
    Glossary,
    LangSection,
    Term,
    is_english,
)
from glossary_cli.normalize import fold
from glossary_cli.records import concept_from_v1, normalize_status
from glossary_cli.tags import canonical_tag

Dialect = Literal["csv", "tsv"]

#: The columns of the one-row-per-term layout, in the order they are written.
COLUMNS = (
    "id", "lang", "term", "type", "status", "status_original", "pos", "usage", "role",
    "origin", "source", "citation", "term_notes", "definition", "definition_source",
    "definition_citation", "definition_of", "language_notes", "subject_fields", "notes", "xrefs",
)  # fmt: skip
#: What a row's definition belongs to besides its language (``definition_of``): the whole
#: concept (TBX: a definition of the termEntry, in a language), or the row's term (of a tig).
DEFINITION_LEVELS = ("concept", "term")
_MULTI = frozenset({"term_notes", "language_notes", "subject_fields", "notes", "xrefs"})
# The cells that describe a term, besides its text.
_TERM_CELLS = ("type", "status", "status_original", "pos", "usage", "role", "origin",
               "citation", "term_notes")  # fmt: skip

# gloss 0.1.0's layout, one row per concept.
_V1_CONCEPT_COLUMNS = ("id", "en", "en_origin", "abbr", "aliases", "notes")
_V1_ENTRY_FIELDS = ("term", "definition", "source", "en", "abbr", "status", "notes")
_V1_MULTI = frozenset({"abbr", "aliases", "notes"})
# A BCP 47 tag, loosely (RFC 5646 §2.1): an ISO 639 primary subtag of 2–3 letters, then
# subtags of 1–8 letters or digits (script, region, variant: zh-Hans, pt-BR).
_TAG = re.compile(r"[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*")


class _StrictCSV(csv.excel):
    """RFC 4180 CSV that reports an unterminated quote instead of reading to the end."""

    strict = True


class _StrictTSV(csv.excel_tab):
    """Tab-separated, quoted like CSV, strict about quotes."""

    strict = True


def _dialect(dialect: str) -> type[csv.Dialect]:
    if dialect == "csv":
        return _StrictCSV
    if dialect == "tsv":
        return _StrictTSV
    raise UsageError(f"unknown table dialect {dialect!r}", hint="use 'csv' or 'tsv'")


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


def _split(cell: str) -> list[str]:
    """Split a multi-valued cell; empty items (``"LoRA | "``) are dropped."""
    return [item for item in map(clean, cell.split(CELL_SEPARATOR)) if item]


# --------------------------------------------------------------------------- writing


#: What a spreadsheet program reads as the start of a formula (OWASP, "CSV Injection"): a
#: cell that begins with one is written after an apostrophe, which spreadsheets show as text.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(cell: str) -> str:
    """``cell`` as a spreadsheet will not run it: after an apostrophe when it begins like a
    formula (:data:`FORMULA_START`; OWASP's CSV injection guidance). :func:`read` takes the
    apostrophe off again.

    >>> spreadsheet_safe("=SUM(A1)"), spreadsheet_safe("LoRA")
    ("'=SUM(A1)", 'LoRA')
    """
    return "'" + cell if cell.startswith(FORMULA_START) else cell


def unescaped(cell: str) -> str:
    """``cell`` without the apostrophe :func:`spreadsheet_safe` put before a formula start.

    >>> unescaped("'=SUM(A1)"), unescaped("'tis")
    ('=SUM(A1)', "'tis")
    """
    return cell[1:] if cell.startswith("'") and cell[1:].startswith(FORMULA_START) else cell


def write(glossary: Glossary, *, dialect: Dialect = "csv", raw: bool = False) -> bytes:
    """Write ``glossary`` as a table, one row per term (see the module docstring).

    Args:
        glossary: the concepts to write.
        dialect: ``"csv"`` (RFC 4180 quoting, comma) or ``"tsv"`` (tab, the same quoting for
            cells with tabs, quotes or newlines), both with ``\\n`` line ends.
        raw: write cells as they are; by default a cell that begins like a formula is made
            safe to open in a spreadsheet (:func:`spreadsheet_safe`).

    Returns:
        The table, UTF-8.

    Raises:
        UsageError: an unknown ``dialect``.
        RecordError: a multi-valued item cannot be joined unambiguously (it contains
            ``" | "``, is empty or has surrounding spaces), or a cell would hold a control
            character.
    """
    kind = _dialect(dialect)
    used, rows = table_rows(glossary)
    out = io.StringIO()
    writer = csv.writer(out, dialect=kind, lineterminator="\n")
    # With "\n" line ends the csv module no longer quotes a cell for a carriage return, which a
    # reader would then take for a line end; rows with one are written with every cell quoted.
    quoted = csv.writer(out, dialect=kind, lineterminator="\n", quoting=csv.QUOTE_ALL)
    writer.writerow(used)
    for cells in rows:
        if not raw:
            cells = [spreadsheet_safe(c) for c in cells]
        (quoted if any("\r" in c for c in cells) else writer).writerow(cells)
    return out.getvalue().encode("utf-8")


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
    rows: list[dict[str, str]] = []
    for concept in glossary.concepts:
        rows += _concept_rows(concept)
    used = [c for c in COLUMNS if c in ("id", "lang", "term") or any(r.get(c) for r in rows)]
    out = []
    for row in rows:
        cells = [row.get(c, "") for c in used]
        _refuse_written_controls(dict(zip(used, cells, strict=True)))
        out.append(cells)
    return used, out


def left_out(glossary: Glossary) -> list[str]:
    """What a table of ``glossary`` leaves out: the data categories that have no column
    (TBX properties: contexts, grammatical gender, transactions…) and the targets of
    cross-references (an ``xrefs`` item is ``TYPE: TEXT``), one message each, with counts.

    >>> from glossary_cli.model import Property
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


# --------------------------------------------------------------------------- reading


#: Most characters a term cell (a term, an English name, abbreviations, aliases) may hold: a
#: term is a word or a few, and a longer one is a definition in the wrong column, or no
#: glossary at all (a 5 MB "term" takes minutes to lay out in a table).
MAX_TERM = 1_000
#: Most characters any other cell (a definition, a note, a source) may hold: ten pages.
MAX_TEXT = 20_000
#: Most columns a table may have.
MAX_COLUMNS = 1_000
#: How many rows (after the first) gloss reads to tell a header from data and the script of
#: each column.
SAMPLE_ROWS = 200

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


def read(
    data: bytes,
    name: str,
    *,
    dialect: Dialect = "csv",
    columns: Mapping[str, str] | None = None,
    skip_bad: bool = False,
) -> Glossary:
    """Read a table in either layout of the module docstring, or a table without a header.

    Args:
        data: the file's bytes: UTF-8 (a BOM is dropped), UTF-16 or UTF-32 with a BOM, UTF-16
            without one, or Windows-1252/Latin-1 text when its letters say so (with a
            warning; :func:`~glossary_cli.formats._common.decode`). Its delimiter is sniffed
            (comma, semicolon, tab, bar), line ends may be CRLF.
        name: the file's name, for messages and sources.
        dialect: ``"csv"`` or ``"tsv"``, the delimiter expected before sniffing.
        columns: ``{WHAT: COLUMN}`` (``gloss add --columns``, :func:`read_rows`), or ``None``
            to read the header (or, without one, the script of the cells).
        skip_bad: leave out each row that cannot be read, with a warning, instead of
            refusing the file.

    Returns:
        The glossary, with the warnings of what was guessed, joined or left out; every term
        and definition names ``NAME:LINE``, the line its row starts on, as its source, and
        cites the row's ``citation`` (or, failing that, its ``source``: the file it came from
        before this one); a concept without an id gets a slug of its headword or first term.

    Raises:
        UsageError: an unknown ``dialect``, or ``columns`` that name what gloss does not read.
        ParseError: an encoding gloss cannot read, an empty file, a first row that names no
            known column in a file whose columns the script of their cells does not tell
            apart, an unknown or repeated column; and, unless ``skip_bad``, a row with more or
            fewer cells than the header, a cell longer than :data:`MAX_TERM` or
            :data:`MAX_TEXT`, a value without its term, an invalid language tag, status, role
            or origin, a duplicate id, or quoting the ``csv`` module cannot read; each with the
            line where the row starts.
    """
    from glossary_cli.formats._common import decode

    warnings: list[ParseWarning] = []
    text = decode(data, name, warnings)
    kind = _sniffed(text, _dialect(dialect))
    # the csv module refuses a cell longer than 128 KiB; a cell cannot be longer than its file
    # (gloss's own limits are checked on the cells read, with their lines)
    csv.field_size_limit(max(csv.field_size_limit(), len(text) + 1))
    reader = csv.reader(io.StringIO(text, newline=""), dialect=kind)

    def rows() -> Rows:
        line = 1
        while True:
            try:
                row = next(reader)
            except StopIteration:
                return
            except csv.Error as exc:
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
                line = reader.line_num + 1
                continue
            if any(c.strip() for c in row):
                yield line, row
            line = reader.line_num + 1

    return read_rows(
        rows(), name, digest(data), columns=columns, skip_bad=skip_bad, warnings=warnings
    )


def read_rows(
    numbered: Iterator[tuple[int, list[str] | ParseError]],
    name: str,
    sha256: str,
    *,
    columns: Mapping[str, str] | None = None,
    skip_bad: bool = False,
    warnings: Sequence[ParseWarning] = (),
) -> Glossary:
    """Read a table given as its rows, ``(line, cells)`` with blank rows left out, or
    ``(line, error)`` for a row that could not be read, in either layout of the module
    docstring (:func:`read` for a CSV or TSV file; the spreadsheet reader gives its sheet's
    rows, with :class:`SheetCell` for the cells that were not text).

    A first row is a header when most of its cells name columns (language tags of languages
    ICU knows, language names in English, ``term``, ``translation``, ``definition``,
    ``description``, ``source``, ``note``, ``id``…); else the file has no header and each
    column is read by the script of its cells (:func:`_by_script`), with a warning that says
    how. ``term`` and ``translation`` columns get their languages the same way.

    Within the file, for the layout of a column per language: identical rows are one
    concept; rows with the same source term (the English column's, else the first language
    column's) and the same id (or none) are one concept holding every term and definition
    of them (the first row's terms first); each is reported. Rows without any term are left
    out and counted.

    Args:
        numbered: the rows.
        name: the file's name; ``sha256``: the hash of its bytes.
        columns: ``{WHAT: COLUMN}``: WHAT a language tag (its terms), ``definition:TAG``,
            ``definition`` (each cell's language by its script), ``notes``, ``source``,
            ``id``, ``aliases``, ``abbr`` or ``FIELD:TAG`` for FIELD ``status``, ``notes``,
            ``abbr``, ``source`` of a language; COLUMN a header name (compared without case)
            or a 1-based number. With numbers only, the first row is data unless it reads
            as a header. Columns not named are ignored.
        skip_bad: leave out the rows that raise :class:`ParseError` (one warning each, and a
            count) instead of refusing the file.
        warnings: what was reported before the rows (the encoding guessed).

    Returns:
        The glossary, with ``warnings``.

    Raises:
        UsageError: ``columns`` with an unknown WHAT or language, or for a table of one row
            per term.
        ParseError: as :func:`read`.
    """
    report = _Report(name, skip_bad, list(warnings))
    rows = iter(numbered)
    sample: list[tuple[int, list[str] | ParseError]] = []
    for item in rows:
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
    first_at = sample.index(good[0])
    for _, error in sample[:first_at]:
        report.bad(error)  # type: ignore[arg-type]
    header_line, header = good[0]
    longest = max(range(len(header)), key=lambda i: len(header[i]), default=0)
    if header and len(header[longest]) > MAX_TEXT:
        raise ParseError(
            f"cell {longest + 1} of the first row holds {len(header[longest]):,} characters, "
            f"more than the {MAX_TEXT:,} gloss reads in a cell",
            path=name,
            line=header_line,
            hint="is this a glossary? a header names the columns, a term is a word or a few",
        )
    if len(header) > MAX_COLUMNS:
        raise ParseError(
            f"the first row has {len(header):,} cells: gloss reads tables of at most "
            f"{MAX_COLUMNS:,} columns",
            path=name,
            line=header_line,
            hint="a glossary has a column per language and a few more: is this a table?",
        )
    rest = chain(sample[first_at + 1 :], rows)
    keys = [h.strip().casefold() for h in header]
    body = [cells for _, cells in good[1:]]
    if "lang" in keys and "term" in keys:
        if columns:
            raise UsageError(
                f"--columns is for tables of a column per language; {name} has a row per term "
                "(lang and term columns)",
                hint="leave --columns out",
            )
        concepts = _read_long(rest, header, header_line, name, report)
    else:
        if columns:
            plan, has_header = _mapped(columns, header, body, name, header_line)
        else:
            found = _header_plan(header, body, name, header_line)
            has_header = found is not None
            plan = found if found is not None else _by_script(good, name, header_line, report)
        if not has_header:
            rest = chain([(header_line, header)], rest)
        concepts = _read_wide(rest, plan, name, report, len(header))
    return glossary_of(with_ids(concepts, name), name, name, sha256)._replace(
        warnings=tuple(report.finish())
    )


class _Report:
    """The warnings of one file, and what is done with a row that cannot be read."""

    def __init__(self, name: str, skip_bad: bool, warnings: list[ParseWarning]) -> None:
        self.name, self.skip_bad, self.warnings = name, skip_bad, warnings
        self.skipped = 0

    def warn(self, message: str, line: int | None, hint: str | None = None) -> None:
        self.warnings.append(ParseWarning(message, path=self.name, line=line, hint=hint))

    def bad(self, error: ParseError) -> None:
        """Leave the row of ``error`` out (``skip_bad``), else raise it, its hint naming
        ``--skip-bad``."""
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
        if self.skipped:
            self.warn(
                f"{self.skipped} row{'s' if self.skipped != 1 else ''} that could not be read "
                f"{'were' if self.skipped != 1 else 'was'} left out (--skip-bad)",
                None,
            )
        return self.warnings


def _sniffed(text: str, kind: type[csv.Dialect]) -> type[csv.Dialect]:
    """The dialect of a table whose first line is not separated by ``kind``'s delimiter but
    by a semicolon, a tab or a bar (spreadsheets in many locales save "CSV" with semicolons):
    ``csv.Sniffer`` on the first lines, restricted to those delimiters; ``kind`` otherwise."""
    first = text.lstrip("\ufeff").split("\n", 1)[0]
    if kind.delimiter in first:
        return kind
    try:
        found = csv.Sniffer().sniff(text[:65536], delimiters=";\t|,")
    except csv.Error:
        return kind
    if found.delimiter == kind.delimiter or found.delimiter not in first:
        return kind
    return type("_Sniffed", (kind,), {"delimiter": found.delimiter})


#: Header words of the one-row-per-concept layout besides language tags: a definition or
#: description column, whose text goes to the language its script says.
_DESCRIPTION = "\0description"
#: A ``term`` or ``translation`` column: its language is the one the script of its cells says.
_BY_SCRIPT = "\0term"
_TERM_WORDS = frozenset({"term", "terms", "translation", "translations", "target", "equivalent",
                         "المصطلح", "مصطلح", "الترجمة", "পরিভাষা", "অনুবাদ"})  # fmt: skip
_SOURCE_WORDS = frozenset({"source", "sources", "reference", "references", "citation", "المصدر",
                           "উৎস"})  # fmt: skip
# the cells that hold terms, and so have the limit of a term
_TERMLIKE = frozenset({"term", "en", "abbr", "aliases"})
_NUMBER = re.compile(r"[\d\s.,:/+-]+")


class _Col(NamedTuple):
    """What one column of the one-row-per-concept layout holds: ``lang`` ``None`` for the
    concept's own fields (``id``, ``en`` — the English term —, ``en_origin``, ``abbr``,
    ``aliases``, ``notes``, ``source``, :data:`_DESCRIPTION`), else a field of that language's
    entry (``term``, ``definition``, ``source``, ``en``, ``abbr``, ``status``, ``notes``);
    ``label`` names it in messages."""

    at: int
    lang: str | None
    field: str
    label: str


@cache
def _iso_languages() -> frozenset[str]:
    from glossary_cli.icudata import icu

    return frozenset(icu().Locale.getISOLanguages())


def known_language(tag: str) -> bool:
    """Whether ``tag`` is a BCP 47 tag whose language subtag names a language ICU (CLDR)
    knows: ``bn``, ``zh-Hans``, ``ckb``, but not ``foo`` or ``baz``.

    >>> [known_language(t) for t in ("bn", "zh-Hans", "ckb", "foo", "baz", "e")]
    [True, True, True, False, False, False]

    Raises:
        DependencyError: ICU is not installed.
    """
    from glossary_cli.formats._common import LANGUAGE_NAMES

    if not _TAG.fullmatch(tag):
        return False
    primary = tag.split("-", 1)[0].casefold()
    return primary in LANGUAGE_NAMES.values() or primary in _iso_languages()


def _header_role(cell: str) -> tuple[str | None, str] | None:
    """What a header cell names (``(lang, field)`` as :class:`_Col`), or ``None`` when it
    names nothing gloss knows: a language by tag or by name (``english`` → ``en``), a usual
    column word, or a column of gloss 0.1.0's layout (``bn_definition``).

    >>> [_header_role(h) for h in ("English", "arabic", "id", "bn_definition", "foo", "Note")]
    [(None, 'en'), ('ar', 'term'), (None, 'id'), ('bn', 'definition'), None, (None, 'notes')]
    """
    from glossary_cli.formats._common import DEFINITION_COLUMNS, LANGUAGE_NAMES, NOTE_COLUMNS

    if len(cell) > 200:
        return None
    key = clean(cell).casefold()
    if not key or len(key) > 60:
        return None
    if key in _V1_CONCEPT_COLUMNS:
        return None, key
    named = LANGUAGE_NAMES.get(key)
    if named is None and _TAG.fullmatch(key) and known_language(key):
        named = key
    if named is not None:
        return (None, "en") if is_english(named) else (canonical_tag(named), "term")
    if key in DEFINITION_COLUMNS or key == "definitions":
        return None, _DESCRIPTION
    if key in NOTE_COLUMNS:
        return None, "notes"
    if key in _SOURCE_WORDS:
        return None, "source"
    if key in _TERM_WORDS:
        return None, _BY_SCRIPT
    for word in sorted(DEFINITION_COLUMNS):  # "english definition", "definition (ar)"
        rest = key.replace(word, "", 1).strip(" _-()") if word in key else ""
        lang = LANGUAGE_NAMES.get(rest) or (rest if known_language(rest) else None)
        if lang is not None:
            return canonical_tag(lang), "definition"
    try:
        lang, fld = _v1_column(cell, "", 0, 0)
    except ParseError:
        return None
    return lang, fld


def _check_header(header: list[str], columns: list[str], name: str, line: int) -> None:
    seen: set[str] = set()
    for i, col in enumerate(columns):
        if col in seen:
            raise ParseError(
                f"column {i + 1} {header[i].strip()!r} repeats an earlier column",
                path=name,
                line=line,
                hint="name each column once",
            )
        seen.add(col)


def _check_width(row: list[str], width: int, name: str, line: int) -> None:
    if len(row) != width:
        raise ParseError(
            f"the row has {len(row)} cells, the header {width}",
            path=name,
            line=line,
            hint="quote cells that contain the delimiter, and give every row all columns",
        )


@dataclass(slots=True)
class _Building:
    line: int
    cid: str
    sections: dict[str, dict[str, Any]] = field(default_factory=dict)
    definitions: list[Definition] = field(default_factory=list)
    subject_fields: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    xrefs: list[CrossReference] = field(default_factory=list)


def _read_long(
    numbered: Iterator[tuple[int, list[str] | ParseError]],
    header: list[str],
    header_line: int,
    name: str,
    report: _Report,
) -> list[tuple[Concept, int]]:
    columns = [h.strip().casefold() for h in header]
    for i, col in enumerate(columns):
        if col not in COLUMNS:
            raise ParseError(
                f"column {i + 1}: unknown column {header[i].strip()!r}",
                path=name,
                line=header_line,
                hint="the columns of a table with lang and term are " + ", ".join(COLUMNS),
            )
    _check_header(header, columns, name, header_line)
    if "id" not in columns:
        raise ParseError(
            "a table of one row per term needs an id column to tell which rows are one concept",
            path=name,
            line=header_line,
            hint="add an id column; rows with an empty id continue the concept above them",
        )
    building: dict[str, _Building] = {}
    current: _Building | None = None
    plan = [_Col(i, None, c, c) for i, c in enumerate(columns)]
    for line, row in numbered:
        if isinstance(row, ParseError):
            report.bad(row)
            continue
        try:
            _check_width(row, len(columns), name, line)
            _check_lengths(row, plan, name, line)
            _cell_controls(row, columns, name, line)
            cells = {c.field: _cell(row[c.at], c, name, line, report) for c in plan}
            cid = cells.get("id", "")
            if cid:
                here = building.get(cid) or _Building(line, cid)
            elif current is None:
                raise ParseError(
                    "the first row gives no id",
                    path=name,
                    line=line,
                    hint="give the concept's id on its first row",
                )
            else:
                here = current
            _long_row(here, cells, name, line)
        except ParseError as exc:
            report.bad(exc)
            continue
        current = building.setdefault(here.cid, here)
    out = []
    for b in building.values():
        concept = _built(b, name)
        try:
            refuse_termless(
                concept,
                name,
                b.line,
                "give the concept a term in at least one language on one of its rows",
            )
        except ParseError as exc:
            report.bad(exc)
            continue
        out.append((concept, b.line))
    return out


def _long_row(b: _Building, cells: dict[str, str], name: str, line: int) -> None:
    where = f"{name}:{line}"

    def fail(message: str, hint: str) -> ParseError:
        return ParseError(message, path=name, line=line, hint=hint)

    b.subject_fields += [s for s in _split(cells.get("subject_fields", "")) if s not in
                         b.subject_fields]  # fmt: skip
    b.notes += [n for n in _split(cells.get("notes", "")) if n not in b.notes]
    for item in _split(cells.get("xrefs", "")):
        kind, sep, text = item.partition(": ")
        x = CrossReference(kind, text) if sep else CrossReference("related", item)
        if x not in b.xrefs:
            b.xrefs.append(x)
    raw_lang, term = cells.get("lang", ""), cells.get("term", "")
    level = cells.get("definition_of", "")
    if level and level not in DEFINITION_LEVELS:
        raise fail(f"unknown definition_of {level!r}",
                   "use concept or term, or leave it empty for the language")  # fmt: skip
    if level and not cells.get("definition"):
        raise fail("definition_of given without a definition", "fill in the definition column")
    if level == "concept" and term:
        raise fail("a definition of the concept on a term's row",
                   "give it a row of its own, with an empty term")  # fmt: skip
    if level == "term" and not term:
        raise fail("a definition of a term on a row without one", "fill in the term column")
    definition = None
    if cells.get("definition"):
        definition = Definition(
            cells["definition"],
            where,
            cells.get("definition_citation") or cells.get("definition_source") or None,
        )
    if not raw_lang:
        if term:
            raise fail(f"the term {term!r} has no language", "fill in the lang column")
        if definition is not None:
            b.definitions.append(definition)
        return
    if not _TAG.fullmatch(raw_lang):
        raise fail(f"{raw_lang!r} is not a language tag", "use a BCP 47 tag such as bn or en-US")
    lang = canonical_tag(raw_lang)
    section = b.sections.setdefault(lang, {"terms": [], "definitions": [], "notes": []})
    section["notes"] += [n for n in _split(cells.get("language_notes", "")) if n not in
                         section["notes"]]  # fmt: skip
    if definition is not None and level == "concept":
        b.definitions.append(definition._replace(lang=lang))
    elif definition is not None and level == "term":
        own = [c for c in _TERM_CELLS if cells.get(c)]
        for i, t in enumerate(section["terms"]):
            if t.text == term and not own:  # a further row of a term read before
                section["terms"][i] = t._replace(definitions=(*t.definitions, definition))
                return
    elif definition is not None:
        section["definitions"].append(definition)
    if not term:
        filled = [c for c in ("type", "status", "pos", "usage", "role") if cells.get(c)]
        if filled:
            raise fail(f"{', '.join(filled)} given without a term", "fill in the term column")
        return
    status, original = normalize_status(cells.get("status"))
    if cells.get("status") and status is None and not cells.get("status_original"):
        raise fail(
            f"unknown status {cells['status']!r}",
            "use preferred, admitted, deprecated or superseded, and keep the termbase's own "
            "value in status_original",
        )
    meant = normalize_status(cells.get("status_original"))[0]
    if meant is not None and status is None and not cells.get("status"):
        status = meant  # only the termbase's own value was given: it says the status
    elif meant is not None and meant != status:
        raise fail(
            f"status_original {cells['status_original']!r} is a spelling of {meant}, but the "
            f"status is {status or cells['status']!r}",
            f"set status to {meant}, or leave status_original empty",
        )
    role = cells.get("role") or None
    if role is not None and role not in ROLES:
        raise fail(f"unknown role {role!r}", f"use {' or '.join(ROLES)}, or leave it empty")
    origin = cells.get("origin") or "source"
    if origin not in ("source", "curated"):
        raise fail(f"unknown origin {origin!r}", "use source or curated, or leave it empty")
    section["terms"].append(
        Term(
            text=term,
            type=cells.get("type") or None,
            status=status,
            status_original=cells.get("status_original") or original,
            pos=cells.get("pos") or None,
            usage=cells.get("usage") or None,
            role=role,
            origin=origin,
            source=where,
            citation=cells.get("citation") or cells.get("source") or None,
            notes=tuple(_split(cells.get("term_notes", ""))),
            definitions=(definition,) if definition is not None and level == "term" else (),
        )
    )


def _built(b: _Building, name: str) -> Concept:
    sections = []
    for lang, s in b.sections.items():
        if s["terms"]:
            sections.append(
                LangSection(lang, tuple(s["terms"]), tuple(s["definitions"]), tuple(s["notes"]))
            )
        else:
            b.definitions += [Definition(d.text, d.source, d.citation, lang)
                              for d in s["definitions"]]  # fmt: skip
    return Concept(
        id=b.cid,
        languages=tuple(sections),
        subject_fields=tuple(b.subject_fields),
        definitions=tuple(b.definitions),
        notes=tuple(b.notes),
        xrefs=tuple(b.xrefs),
        provenance=(f"{name}:{b.line}",),
    )


# --- gloss 0.1.0's layout ---------------------------------------------------------------------


def _v1_column(header: str, name: str, line: int, index: int) -> tuple[str | None, str]:
    """A header cell → ``(None, concept_field)`` or ``(lang, entry_field)``.

    Raises:
        ParseError: the header names no known column.
    """
    key = header.strip()
    if key.casefold() in _V1_CONCEPT_COLUMNS:
        return None, key.casefold()
    if header == _DESCRIPTION:
        return None, _DESCRIPTION
    lang, sep, fld = key.rpartition("_")
    if not sep:
        lang, fld = key, "term"
    if _TAG.fullmatch(lang) and fld.casefold() in _V1_ENTRY_FIELDS and known_language(lang):
        if is_english(lang):
            raise ParseError(
                f"column {index} {key!r}: English has no entry columns here",
                path=name,
                line=line,
                hint="the 'en', 'abbr' and 'aliases' columns hold the English names, "
                "or use the layout of one row per term (id, lang, term, …)",
            )
        return canonical_tag(lang), fld.casefold()
    raise ParseError(
        f"column {index}: unknown column {key!r}",
        path=name,
        line=line,
        hint="columns are id, en, en_origin, abbr, aliases, notes, a language tag such as "
        "'bn' or 'zh-Hans', and TAG_definition, TAG_source, TAG_en, TAG_abbr, TAG_status, "
        "TAG_notes; or id, lang, term, … (one row per term)",
    )


def _profile(cells: Sequence[str]) -> tuple[str | None, bool, bool]:
    """What a column's cells are: ``(script, long, numbers)``: the Unicode script most of
    them start with (``"LATIN"``, ``"ARABIC"``, ``"BENGALI"``…; ``None``: no letters),
    whether most are texts of five words or more (definitions rather than terms), and
    whether all are numbers. Only each cell's first 2,000 characters are looked at."""
    texts = [c[:2000].strip() for c in cells if c.strip()]
    if not texts:
        return None, False, False
    if all(_NUMBER.fullmatch(t) for t in texts):
        return None, False, True
    scripts = Counter(s for s in map(_script, texts) if s)
    script = scripts.most_common(1)[0][0] if scripts else None
    long = sum(1 for t in texts if len(t.split()) >= 5 or len(t) > 80) * 2 > len(texts)
    return script, long, False


def _script(text: str) -> str | None:
    """The Unicode script of a text's first letter, as the first word of its character name
    (``"LATIN"``, ``"ARABIC"``, ``"CJK"``…), or ``None``."""
    letter = next((c for c in text if c.isalpha()), None)
    return unicodedata.name(letter, "?").split()[0] if letter else None


#: The language a column in each script is read as, when nothing else says (the script's
#: most written language; ``--columns`` says otherwise).
_SCRIPT_LANGS = {
    "LATIN": "en", "ARABIC": "ar", "BENGALI": "bn", "DEVANAGARI": "hi", "CYRILLIC": "ru",
    "GREEK": "el", "HEBREW": "he", "CJK": "zh", "HIRAGANA": "ja", "KATAKANA": "ja",
    "HANGUL": "ko", "THAI": "th", "TAMIL": "ta", "GURMUKHI": "pa", "GUJARATI": "gu",
    "TELUGU": "te", "KANNADA": "kn", "MALAYALAM": "ml", "SINHALA": "si", "ETHIOPIC": "am",
    "GEORGIAN": "ka", "ARMENIAN": "hy", "ORIYA": "or", "MYANMAR": "my", "KHMER": "km",
}  # fmt: skip


def _column_lang(script: str | None, taken: set[str]) -> str | None:
    """The language of a column of ``script``'s terms, unless ``taken`` has it already."""
    lang = _SCRIPT_LANGS.get(script or "")
    return lang if lang is not None and lang not in taken else None


def _is_header(header: list[str], body: list[list[str]]) -> bool:
    """Whether a first row is a header: more than half its cells name columns, or some do
    and the row's cells are in Latin script where the column below is in another."""
    filled = [h for h in header if h.strip()]
    known = sum(1 for h in filled if _header_role(h) is not None)
    if known * 2 > len(filled):
        return True
    if not known:
        return False
    for i, cell in enumerate(header):
        script = _profile([r[i] for r in body if i < len(r)])[0]
        if cell.strip() and _script(cell) == "LATIN" and script not in (None, "LATIN"):
            return True
    return False


def _header_plan(
    header: list[str], body: list[list[str]], name: str, line: int
) -> list[_Col] | None:
    """The columns a header names, or ``None`` when the first row is no header.

    Raises:
        ParseError: a header with a column gloss does not know, a column repeated, an entry
            column without its language's term column, or a ``term`` column whose language
            the script of its cells does not tell.
    """
    if not _is_header(header, body):
        return None
    plan: list[_Col] = []
    for i, cell in enumerate(header):
        role = _header_role(cell)
        if role is None:
            try:
                _v1_column(cell, name, line, i + 1)
            except ParseError as exc:  # what is wrong with it
                if "English has no entry columns" in exc.message:
                    raise
            raise ParseError(
                f"column {i + 1}: unknown column {cell.strip()!r}",
                path=name,
                line=line,
                hint=_COLUMNS_HINT,
            )
        lang, fld = role
        plan.append(_Col(i, lang, fld, cell.strip()))
    taken = {c.lang or "en" for c in plan if c.field in ("term", "en") and c.lang != "en"}
    for k, col in enumerate(plan):
        if col.field != _BY_SCRIPT:
            continue
        script = _profile([r[col.at] for r in body if col.at < len(r)])[0]
        lang = _column_lang(script, taken)
        if lang is None:
            raise ParseError(
                f"column {col.at + 1} {col.label!r}: the script of its cells "
                f"({(script or 'none').title()}) does not tell its language",
                path=name,
                line=line,
                hint="name the language in the header (english, arabic, bn…), or give "
                f"--columns, e.g. --columns fr={col.label}",
            )
        taken.add(lang)
        plan[k] = (
            col._replace(lang=None, field="en")
            if lang == "en"
            else col._replace(lang=lang, field="term")
        )
    _check_header(header, [_key(c) for c in plan], name, line)
    term_langs = {c.lang.casefold() for c in plan if c.lang and c.field == "term"}
    for col in plan:
        if col.lang and not is_english(col.lang) and col.lang.casefold() not in term_langs:
            raise ParseError(
                f"column {col.at + 1} {col.label!r} has no {col.lang!r} term column",
                path=name,
                line=line,
                hint=f"add a column named {col.lang!r}",
            )
    return plan


_COLUMNS_HINT = (
    "name the columns: language tags or names (en, english, ar, arabic, bn…), term, "
    "translation, definition, description, source, note, id, TAG_definition…; or give "
    "--columns to read only the columns you name, e.g. --columns en=english,ar=arabic"
)


def _by_script(
    rows: list[tuple[int, list[str]]], name: str, line: int, report: _Report
) -> list[_Col]:
    """The columns of a table without a header, read by the script of their cells: a column
    of terms in Latin script is English (the first; a second one of long texts, English
    definitions), in Arabic script Arabic, Bengali Bengali, Devanagari Hindi…; a column of
    long texts the definitions of its script's language; a column of numbers is left out.
    Reports how it read them.

    Raises:
        ParseError: two columns of terms in one script (which language is which?), a script
            gloss has no language for, or no column of terms.
    """
    width = len(rows[0][1])
    plan: list[_Col] = []
    left: list[str] = []
    taken: dict[str, int] = {}
    for i in range(width):
        script, long, numbers = _profile([r[i] for _, r in rows if i < len(r)])
        if numbers or script is None:
            left.append(f"{i + 1} ({'numbers' if numbers else 'empty'})")
            continue
        lang = _SCRIPT_LANGS.get(script)
        if lang is None:
            raise ParseError(
                f"the file has no header row, and gloss cannot tell the language of column "
                f"{i + 1} from its script ({script.title()})",
                path=name,
                line=line,
                hint="add a header row naming the languages, or give --columns, e.g. "
                f"--columns en=1,xx={i + 1}",
            )
        what = f"definition:{lang}" if long else lang
        if what in taken:
            example = ",".join(f"{c.label}={c.at + 1}" for c in plan)
            raise ParseError(
                f"the file has no header row, and columns {taken[what] + 1} and {i + 1} both "
                f"hold {script.title()}-script {'texts' if long else 'terms'}: gloss cannot "
                "tell their languages apart",
                path=name,
                line=line,
                hint=f"give --columns, e.g. --columns {example},fr={i + 1}, or add a header "
                "row naming the languages",
            )
        taken[what] = i
        if long:
            plan.append(_Col(i, lang, "definition", what))
        elif lang == "en":
            plan.append(_Col(i, None, "en", what))
        else:
            plan.append(_Col(i, lang, "term", what))
    if not any(c.field in ("term", "en") for c in plan):
        raise ParseError(
            "the first row is not a header: it names no known column, and no column holds terms",
            path=name,
            line=line,
            hint=_COLUMNS_HINT,
        )
    said = ", ".join(
        f"column {c.at + 1} as {c.label}" if k == 0 else f"{c.at + 1} as {c.label}"
        for k, c in enumerate(plan)
    )
    gone = f"; column{'s' if len(left) > 1 else ''} {', '.join(left)} left out" if left else ""
    report.warn(
        f"no header row: read {said}, from the script of their cells{gone}",
        line,
        hint="give --columns to read it otherwise, e.g. --columns "
        + ",".join(f"{c.label}={c.at + 1}" for c in plan),
    )
    return plan


def _what(what: str) -> tuple[str | None, str]:
    """A ``WHAT`` of ``--columns`` → ``(lang, field)`` as :class:`_Col`.

    >>> _what("en"), _what("definition:ar"), _what("note"), _what("status:bn")
    ((None, 'en'), ('ar', 'definition'), (None, 'notes'), ('bn', 'status'))

    Raises:
        UsageError: not a language ICU knows, nor a field gloss reads.
    """
    key = what.strip().casefold()
    words = {"id": "id", "aliases": "aliases", "abbr": "abbr", "note": "notes",
             "notes": "notes", "comment": "notes", "source": "source", "citation": "source",
             "definition": _DESCRIPTION, "description": _DESCRIPTION}  # fmt: skip
    if key in words:
        return None, words[key]
    fields = {"definition": "definition", "description": "definition", "status": "status",
              "note": "notes", "notes": "notes", "abbr": "abbr", "source": "source"}  # fmt: skip
    head, sep, tag = what.strip().partition(":")
    hint = (
        "give a language tag (en, ar, bn, fr…) for its terms, definition:TAG, status:TAG, "
        "notes:TAG, abbr:TAG, source:TAG, or definition, notes, source, id, aliases, abbr"
    )
    if sep and head.casefold() not in fields:
        raise UsageError(f"--columns: {head!r} is not something gloss reads", hint=hint)
    tag = tag if sep else head
    if not known_language(tag.strip()):
        raise UsageError(f"--columns: {tag.strip()!r} is not a language gloss knows", hint=hint)
    lang = canonical_tag(tag.strip())
    if not sep:
        return (None, "en") if is_english(lang) else (lang, "term")
    fld = fields[head.casefold()]
    if is_english(lang) and fld != "definition":
        raise UsageError(
            f"--columns: {what!r}: English terms have no {fld} column",
            hint="give the English terms (en=…) and their definitions (definition:en=…)",
        )
    return lang, fld


def _mapped(
    columns: Mapping[str, str], header: list[str], body: list[list[str]], name: str, line: int
) -> tuple[list[_Col], bool]:
    """The columns ``--columns`` names, and whether the first row is a header (always when a
    column is named; with numbers only, when it reads as one).

    Raises:
        UsageError: a WHAT gloss does not read, two WHATs of one column, or none of terms.
        ParseError: a name the header does not have (with the header's columns), or a number
            past the last column.
    """
    numbers = all(str(c).strip().isdigit() for c in columns.values())
    has_header = not numbers or _is_header(header, body)
    names: dict[str, int] = {}
    for i, h in enumerate(header):
        names.setdefault(clean(h).casefold(), i)
    plan: list[_Col] = []
    for what, column in columns.items():
        lang, fld = _what(what)
        text = str(column).strip()
        if text.isdigit():
            index = int(text) - 1
            if not 0 <= index < len(header):
                raise ParseError(
                    f"--columns {what}={text}: the file has {len(header)} columns",
                    path=name,
                    line=line,
                    hint=f"number the columns from 1 to {len(header)}",
                )
        elif clean(text).casefold() in names:
            index = names[clean(text).casefold()]
        else:
            raise ParseError(
                f"--columns {what}={text}: the header has no column {text!r}",
                path=name,
                line=line,
                hint="its columns are "
                + ", ".join(repr(h.strip()) for h in header)
                + " (or give their numbers, from 1)",
            )
        if any(c.at == index for c in plan):
            raise UsageError(f"--columns: column {text!r} is given twice", hint="give each once")
        plan.append(_Col(index, lang, fld, what.strip()))
    if not any(c.field in ("term", "en") for c in plan):
        raise UsageError(
            "--columns names no column of terms",
            hint="name at least one language's column, e.g. --columns en=english",
        )
    _check_header([c.label for c in plan], [_key(c) for c in plan], name, line)
    return plan, has_header


def _key(col: _Col) -> str:
    """What a column holds, for finding one given twice (definitions, notes and sources
    may be in several columns)."""
    if col.field in (_DESCRIPTION, "notes", "source") and col.lang is None:
        return f"\0{col.at}"
    return f"{(col.lang or '').casefold()}\0{col.field}"


def _check_lengths(row: list[str], plan: Sequence[_Col], name: str, line: int) -> None:
    """Refuse a cell longer than :data:`MAX_TERM` (a term's) or :data:`MAX_TEXT`.

    Raises:
        ParseError: naming the column, the cell's length and the limit.
    """
    for col in plan:
        cell = row[col.at] if col.at < len(row) else ""
        limit = MAX_TERM if col.field in _TERMLIKE else MAX_TEXT
        if len(cell) > limit:
            raise ParseError(
                f"the {col.label} cell holds {len(cell):,} characters, more than the "
                f"{limit:,} gloss reads in a {'term' if limit == MAX_TERM else 'cell'}",
                path=name,
                line=line,
                hint="a term is a word or a few: is the column a definition? (name it "
                "definition, or give --columns)"
                if limit == MAX_TERM
                else "shorten the cell; a glossary's definition is a sentence or a paragraph",
            )


def _cell(raw: str, col: _Col, name: str, line: int, report: _Report) -> str:
    """A cell's text, as the model stores it (:func:`clean`); a spreadsheet's cell that was
    no text is reported: a formula never computed (read as empty), a number as a term.

    Raises:
        ParseError: a date, a truth value or an error value (``#N/A``) as a term, or an error
            value anywhere, with its cell reference.
    """
    if isinstance(raw, SheetCell):
        where = f"cell {raw.ref} ({col.label})"
        if raw.kind == "formula":
            report.warn(
                f"{where} holds a formula that was never computed: read as empty",
                line,
                hint="open the file in a spreadsheet program and save it, so that it keeps "
                "each formula's value",
            )
        elif raw.kind == "error" or (col.field in _TERMLIKE and raw.kind != "number"):
            kinds = {"date": "a date", "boolean": "a truth value", "error": "the error value"}
            raise ParseError(
                f"{where} holds {kinds.get(raw.kind, raw.kind)} ({raw}), not "
                + ("a term" if col.field in _TERMLIKE else "text"),
                path=name,
                line=line,
                hint="write the term in the cell as text, or empty it",
            )
        elif col.field in _TERMLIKE:
            report.warn(
                f"{where} holds the number {raw}: read as the term {str(raw)!r}",
                line,
                hint="format the cell as text if it is a term, or empty it",
            )
    return unescaped(clean(raw))


def _read_wide(
    numbered: Iterator[tuple[int, list[str] | ParseError]],
    plan: list[_Col],
    name: str,
    report: _Report,
    width: int,
) -> list[tuple[Concept, int]]:
    """The rows of the layout of a column per language → concepts with their lines,
    identical rows and rows of one source term joined (reported), rows without a term left
    out (reported), malformed rows to ``report``."""
    english = any(c.field == "en" for c in plan)
    source = "en" if english else next(c.lang for c in plan if c.field == "term" and c.lang)
    seen: dict[tuple[str, ...], int] = {}
    repeats: list[tuple[int, int]] = []
    termless: list[int] = []
    groups: dict[tuple[str, str], int] = {}
    joined: dict[int, list[int]] = {}
    ids: dict[str, int] = {}
    out: list[tuple[Concept, int]] = []
    for line, row in numbered:
        if isinstance(row, ParseError):
            report.bad(row)
            continue
        try:
            _check_width(row, width, name, line)
            _check_lengths(row, plan, name, line)
            _cell_controls([row[c.at] for c in plan], [c.label for c in plan], name, line)
            key = tuple(clean(row[c.at]) for c in plan)
            if key in seen:
                repeats.append((line, seen[key]))
                continue
            seen[key] = line
            concept = _wide_row(row, plan, name, line, report)
            if concept is None:
                termless.append(line)
                continue
            section = concept.section(source)
            # one source term, however its letters are cased or its marks written (fold)
            group = (concept.id, fold(section.terms[0].text) if section and section.terms else "")
            if group[1] and group in groups:
                k = groups[group]
                out[k] = (_joined(out[k][0], concept), out[k][1])
                joined.setdefault(k, [out[k][1]]).append(line)
                continue
            if concept.id in ids:
                raise ParseError(
                    f"duplicate concept id {concept.id!r} (first used on line {ids[concept.id]})",
                    path=name,
                    line=line,
                    hint="give every concept its own id, or leave the id out to derive one",
                )
        except ParseError as exc:
            report.bad(exc)
            continue
        if concept.id:
            ids[concept.id] = line
        if group[1]:
            groups[group] = len(out)
        out.append((concept, line))
    _report_joined(report, out, joined, repeats, termless, source)
    return out


#: The script each language of the region is written in, as :func:`glossary_cli.scripts.
#: script_block` names it (CLDR likely subtags): a term in another of these scripts is in the
#: wrong column. Latin text is let through (an English name left untranslated: ``gloss lint``
#: says so).
_SCRIPT_OF = {
    "bn": "bengali", "as": "bengali",
    "ar": "arabic", "fa": "arabic", "ur": "arabic", "ps": "arabic", "ckb": "arabic",
    "hi": "devanagari", "mr": "devanagari", "ne": "devanagari", "sa": "devanagari",
    "en": "latin", "fr": "latin", "de": "latin", "es": "latin", "it": "latin", "pt": "latin",
    "nl": "latin", "tr": "latin", "id": "latin", "ms": "latin",
}  # fmt: skip


def _check_script(term: str, lang: str, line: int, report: _Report) -> None:
    """Warn of a term written in a script of :data:`_SCRIPT_OF` other than its column's
    language's (Bengali in an Arabic column): kept as read, said at once, and an error of
    ``gloss lint`` (``script-mismatch``)."""
    from glossary_cli.scripts import script_block

    expected = _SCRIPT_OF.get(lang.split("-")[0].casefold())
    letters = [c for c in term if c.isalpha()]
    if expected is None or not letters:
        return
    found = script_block(letters[0])
    if found != expected and found in ("bengali", "arabic", "devanagari"):
        report.warn(
            f"the {lang} term {term!r} is in {found.capitalize()} script, not the "
            f"{expected.capitalize()} script {lang} is written in",
            line,
            "put it in its language's column, or give --columns to say what each column holds",
        )
        report.warnings[-1].check = "script-mismatch"


def _joined(a: Concept, b: Concept) -> Concept:
    """Concept ``a`` with what ``b`` adds: its further terms, definitions and notes (those
    ``a`` has already are not repeated), its languages ``a`` lacks."""

    def more(have: Sequence[Any], new: Sequence[Any], key: Any = lambda x: x) -> tuple[Any, ...]:
        known = {key(x) for x in have}
        return (*have, *(x for x in new if key(x) not in known))

    sections = {s.lang: s for s in a.languages}
    for s in b.languages:
        old = sections.get(s.lang)
        sections[s.lang] = s if old is None else old._replace(
            terms=more(old.terms, s.terms, lambda t: fold(t.text)),
            definitions=more(old.definitions, s.definitions, lambda d: d.text),
            notes=more(old.notes, s.notes),
        )  # fmt: skip
    return a._replace(
        languages=tuple(sections.values()),
        definitions=more(a.definitions, b.definitions, lambda d: (d.text, d.lang)),
        notes=more(a.notes, b.notes),
        provenance=more(a.provenance, b.provenance),
    )


def _lines(lines: Sequence[int], most: int = 12) -> str:
    shown = ", ".join(map(str, lines[:most]))
    return shown + (f" and {len(lines) - most} more" if len(lines) > most else "")


def _report_joined(
    report: _Report,
    out: list[tuple[Concept, int]],
    joined: dict[int, list[int]],
    repeats: list[tuple[int, int]],
    termless: list[int],
    source: str,
) -> None:
    if repeats:
        n = len(repeats)
        report.warn(
            f"{n} row{'s' if n > 1 else ''} repeat{'' if n > 1 else 's'} an earlier row and "
            f"{'are' if n > 1 else 'is'} read once: line "
            + _lines([f"{line} (as {first})" for line, first in repeats]),  # type: ignore[misc]
            repeats[0][0],
        )
    for k, lines in joined.items():
        concept = out[k][0]
        section = concept.section(source)
        head = section.terms[0].text if section and section.terms else concept.id
        others = "; ".join(
            f"{s.lang} " + ", ".join(t.text for t in s.terms)
            for s in concept.languages
            if s.lang != (section.lang if section else None) and len(s.terms) > 1
        )
        report.warn(
            f"the {source} term {head!r} is on lines {_lines(lines)}: read as one concept"
            + (f", with the terms {others}" if others else ""),
            lines[0],
            hint="if they are different concepts, give each row an id of its own",
        )
    if termless:
        n = len(termless)
        report.warn(
            f"{n} row{'s' if n > 1 else ''} {'have' if n > 1 else 'has'} no term in any "
            f"language and {'are' if n > 1 else 'is'} left out: line{'s' if n > 1 else ''} "
            + _lines(termless),
            termless[0],
        )


def _cell_controls(row: list[str], columns: list[str], name: str, line: int) -> None:
    """Refuse a cell read that holds a control character, naming its column (a table cell
    carries it raw, to a spreadsheet or a terminal).

    Raises:
        ParseError: with the line where the row starts.
    """
    cells = dict(zip(columns, row, strict=True))
    refuse_controls(cells, name, line, describe=lambda path: f"the {path[0]} cell")


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


def _wide_row(
    row: list[str], plan: Sequence[_Col], name: str, line: int, report: _Report
) -> Concept | None:
    """One row of the layout of a column per language → a concept, through the gloss/1
    record reader; ``None`` for a row without any term.

    Raises:
        ParseError: an entry value without its term, an unknown ``en_origin``, a cell that is
            no text (:func:`_cell`).
    """
    where = f"{name}:{line}"
    record: dict[str, Any] = {"id": "", "terms": {}}
    entries: dict[str, dict[str, Any]] = {}
    descriptions: list[str] = []
    definitions: list[tuple[str, str]] = []
    citation = ""
    for col in plan:
        value = _cell(row[col.at], col, name, line, report)
        lang, fld = col.lang, col.field
        if fld == _DESCRIPTION:
            if value:
                descriptions.append(value)
        elif fld == "definition" and lang is not None:
            if value:
                definitions.append((lang, value))
        elif lang is not None:
            entries.setdefault(lang, {})[fld] = value
        elif fld == "source":
            citation = citation or value
        elif fld in _V1_MULTI:
            record[fld] = [*record.get(fld, []), *_split(value)]
        elif value:
            record[fld] = value
    if record.get("en_origin") is not None and record["en_origin"] not in EN_ORIGINS:
        raise ParseError(
            f"unknown en_origin {record['en_origin']!r}",
            path=name,
            line=line,
            hint=f"use one of {', '.join(EN_ORIGINS)}, or leave the cell empty",
        )
    term_langs = [c.lang for c in plan if c.lang and c.field == "term"]
    for text in descriptions:
        # a description goes to the language its script says (Arabic script: the table's
        # Arabic-script language), else to English
        lang = "en" if script_lang(text) == "en" else script_lang(text, term_langs)
        definitions.append((lang, text))
    for lang, values in entries.items():
        term = values.get("term", "")
        if not term:
            filled = [f"{lang}_{k}" for k, v in values.items() if v]
            if filled:
                raise ParseError(
                    f"{', '.join(filled)} given without a {lang!r} term",
                    path=name,
                    line=line,
                    hint=f"fill in the {lang!r} column or empty the others",
                )
            continue
        _check_script(term, lang, line, report)
        record["terms"][lang] = {
            "term": term,
            "definition": "",
            "source": values.get("source") or citation or where,
            "en": values.get("en") or None,
            "abbr": _split(values.get("abbr", "")),
            "status": values.get("status") or None,
            "notes": _split(values.get("notes", "")),
        }
    if not (record.get("en") or record["terms"] or record.get("aliases") or record.get("abbr")):
        return None
    cid = record.pop("id", "")
    concept = concept_from_v1({**record, "id": "x"}, f"row {line}")
    sections = []
    for s in concept.languages:
        if is_english(s.lang):  # names without a source were read on this row
            terms = tuple(
                t if t.source else t._replace(source=where, citation=citation or None)
                for t in s.terms
            )
            s = s._replace(terms=terms)
        own = [(lang, text) for lang, text in definitions if lang.casefold() == s.lang.casefold()]
        cited = s.terms[0].citation if s.terms and s.terms[0].citation else citation or None
        added = tuple(Definition(text, where, cited) for _, text in own)
        sections.append(s._replace(definitions=s.definitions + added))
    langs = {s.lang.casefold() for s in sections}
    concept = Concept(
        id=cid,
        languages=tuple(sections),
        notes=concept.notes,
        definitions=concept.definitions + tuple(
            Definition(text, where, citation or None, lang)
            for lang, text in definitions if lang.casefold() not in langs
        ),
    )  # fmt: skip
    return read_from(concept, where)


def sniff_dialect(head: bytes) -> Dialect | None:
    """``"tsv"`` when a table's first line has tabs and no commas, ``"csv"`` when it has
    commas, else ``None``."""
    first = head.split(b"\n", 1)[0]
    if b"\t" in first and b"," not in first:
        return "tsv"
    if b"," in first:
        return "csv"
    return None


__all__ = ("COLUMNS", "read", "sniff_dialect", "table_rows", "write")
