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
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from glossary_cli.errors import ParseError, RecordError, UsageError
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


def write(glossary: Glossary, *, dialect: Dialect = "csv") -> bytes:
    """Write ``glossary`` as a table, one row per term (see the module docstring).

    Args:
        glossary: the concepts to write.
        dialect: ``"csv"`` (RFC 4180 quoting, comma) or ``"tsv"`` (tab, the same quoting for
            cells with tabs, quotes or newlines), both with ``\\n`` line ends.

    Returns:
        The table, UTF-8.

    Raises:
        UsageError: an unknown ``dialect``.
        RecordError: a multi-valued item cannot be joined unambiguously (it contains
            ``" | "``, is empty or has surrounding spaces), or a cell would hold a control
            character.
    """
    kind = _dialect(dialect)
    rows: list[dict[str, str]] = []
    for concept in glossary.concepts:
        rows += _concept_rows(concept)
    used = [c for c in COLUMNS if c in ("id", "lang", "term") or any(r.get(c) for r in rows)]
    out = io.StringIO()
    writer = csv.writer(out, dialect=kind, lineterminator="\n")
    # With "\n" line ends the csv module no longer quotes a cell for a carriage return, which a
    # reader would then take for a line end; rows with one are written with every cell quoted.
    quoted = csv.writer(out, dialect=kind, lineterminator="\n", quoting=csv.QUOTE_ALL)
    writer.writerow(used)
    for row in rows:
        cells = [row.get(c, "") for c in used]
        _refuse_written_controls(dict(zip(used, cells, strict=True)))
        (quoted if any("\r" in c for c in cells) else writer).writerow(cells)
    return out.getvalue().encode("utf-8")


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


def read(data: bytes, name: str, *, dialect: Dialect = "csv") -> Glossary:
    """Read a table in either layout of the module docstring.

    Args:
        data: the file's bytes (UTF-8, a BOM is dropped; or UTF-16 with a BOM).
        name: the file's name, for messages and sources.
        dialect: ``"csv"`` or ``"tsv"``.

    Returns:
        The glossary; every term and definition names ``NAME:LINE``, the line its row starts
        on, as its source, and cites the row's ``citation`` (or, failing that, its ``source``:
        the file it came from before this one); a concept without an id gets a slug of its
        headword or first term.

    Raises:
        UsageError: an unknown ``dialect``.
        ParseError: an empty file, a first row that names no known column, an unknown or
            repeated column, a row with more or fewer cells than the header, a value without
            its term, an invalid language tag, status, role or origin, a duplicate id, or
            quoting the ``csv`` module cannot read; each with the line where the row starts.
    """
    from glossary_cli.formats._common import decode

    text = decode(data, name)
    kind = _sniffed(text, _dialect(dialect))
    # the csv module refuses a cell longer than 128 KiB; a cell cannot be longer than its file
    csv.field_size_limit(max(csv.field_size_limit(), len(text)))
    reader = csv.reader(io.StringIO(text, newline=""), dialect=kind)

    def rows() -> Iterator[tuple[int, list[str]]]:
        line = 1
        try:
            for row in reader:
                if any(c.strip() for c in row):
                    yield line, row
                line = reader.line_num + 1
        except csv.Error as exc:
            raise ParseError(
                f"unreadable {dialect.upper()}: {exc}",
                path=name,
                line=line,
                hint="check the quoting: a cell with quotes must be quoted, its quotes doubled",
            ) from None

    return read_rows(rows(), name, digest(data))


def read_rows(numbered: Iterator[tuple[int, list[str]]], name: str, sha256: str) -> Glossary:
    """Read a table given as its rows, ``(line, cells)`` with blank rows left out, in either
    layout of the module docstring (:func:`read` for a CSV or TSV file; the spreadsheet
    reader gives its sheet's rows).

    Raises:
        ParseError: as :func:`read`.
    """
    first = next(numbered, None)
    if first is None:
        raise ParseError(
            "the file is empty",
            path=name,
            line=1,
            hint="the first row must name the columns, e.g. id,lang,term,definition",
        )
    header_line, header = first
    keys = [h.strip().casefold() for h in header]
    if "lang" in keys and "term" in keys:
        concepts = _read_long(numbered, header, header_line, name)
    else:
        concepts = _read_wide(numbered, [_named(h) for h in header], header_line, name)
    return glossary_of(with_ids(concepts, name), name, name, sha256)


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


def _named(header: str) -> str:
    """A header cell of the one-row-per-concept layout with a language named in English (or
    in Arabic or Bengali) as its tag, and a definition or description column marked
    (:data:`_DESCRIPTION`): ``english`` → ``en``, ``Arabic`` → ``ar``.

    >>> [_named(h) for h in ("English", "arabic", "id", "bn_definition")]
    ['en', 'ar', 'id', 'bn_definition']
    >>> _named("Description") == _DESCRIPTION
    True
    """
    from glossary_cli.formats._common import DEFINITION_COLUMNS, LANGUAGE_NAMES

    key = header.strip().casefold()
    if key in _V1_CONCEPT_COLUMNS:
        return header
    if key in LANGUAGE_NAMES:
        return LANGUAGE_NAMES[key]
    if key in DEFINITION_COLUMNS:
        return _DESCRIPTION
    return header


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
    numbered: Iterator[tuple[int, list[str]]], header: list[str], header_line: int, name: str
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
    for line, row in numbered:
        _check_width(row, len(columns), name, line)
        _cell_controls(row, columns, name, line)
        cells = {c: clean(v) for c, v in zip(columns, row, strict=True)}
        cid = cells.get("id", "")
        if cid:
            current = building.setdefault(cid, _Building(line, cid))
        elif current is None:
            raise ParseError(
                "the first row gives no id",
                path=name,
                line=line,
                hint="give the concept's id on its first row",
            )
        _long_row(current, cells, name, line)
    out = []
    for b in building.values():
        concept = _built(b, name)
        refuse_termless(
            concept,
            name,
            b.line,
            "give the concept a term in at least one language on one of its rows",
        )
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
    if _TAG.fullmatch(lang) and fld.casefold() in _V1_ENTRY_FIELDS:
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


def _is_v1_column(header: str) -> bool:
    try:
        _v1_column(header, "", 0, 0)
    except ParseError:
        return False
    return True


def _read_wide(
    numbered: Iterator[tuple[int, list[str]]], header: list[str], header_line: int, name: str
) -> list[tuple[Concept, int]]:
    if not any(_is_v1_column(h) for h in header):
        other = next((d for d in (";", "\t", ",", "|") if any(d in h for h in header)), None)
        raise ParseError(
            "the first row is not a header: it names no known column",
            path=name,
            line=header_line,
            hint=(
                "the cells are separated by tabs: name the file .tsv"
                if other == "\t"
                else f"the cells seem to be separated by {other!r}: save the table with "
                "commas (.csv) or tabs (.tsv)"
            )
            if other is not None and len(header) == 1
            else "name the columns in the first row: id,lang,term,… (a row per term), or "
            "language tags such as en,bn,ar (a row per concept)",
        )
    columns = [_v1_column(h, name, header_line, i + 1) for i, h in enumerate(header)]
    _check_header(
        header, [f"{lang.casefold() if lang else ''}\0{fld}" for lang, fld in columns], name,
        header_line,
    )  # fmt: skip
    term_langs = {lang.casefold() for lang, fld in columns if lang and fld == "term"}
    for i, (lang, _) in enumerate(columns):
        if lang and lang.casefold() not in term_langs:
            raise ParseError(
                f"column {i + 1} {header[i].strip()!r} has no {lang!r} term column",
                path=name,
                line=header_line,
                hint=f"add a column named {lang!r}",
            )
    out = []
    for line, row in numbered:
        _check_width(row, len(columns), name, line)
        _cell_controls(row, [h.strip() for h in header], name, line)
        out.append((_wide_row(row, columns, name, line), line))
    return out


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


def _wide_row(row: list[str], columns: list[tuple[str | None, str]], name: str, line: int
              ) -> Concept:  # fmt: skip
    """One row of gloss 0.1.0's layout → a concept, through the gloss/1 record reader."""
    record: dict[str, Any] = {"id": "", "terms": {}}
    entries: dict[str, dict[str, Any]] = {}
    descriptions: list[str] = []
    for (lang, fld), raw in zip(columns, row, strict=True):
        value = clean(raw)
        if fld == _DESCRIPTION:
            if value:
                descriptions.append(value)
        elif lang is not None:
            entries.setdefault(lang, {})[fld] = value
        elif fld in _V1_MULTI:
            record[fld] = _split(value)
        elif value:
            record[fld] = value
    if record.get("en_origin") is not None and record["en_origin"] not in EN_ORIGINS:
        raise ParseError(
            f"unknown en_origin {record['en_origin']!r}",
            path=name,
            line=line,
            hint=f"use one of {', '.join(EN_ORIGINS)}, or leave the cell empty",
        )
    english_definitions = []
    term_langs = [lang for lang, _ in columns if lang]
    for text in descriptions:
        # a description goes to the language its script says (Arabic script: the table's
        # Arabic-script language), else to English
        lang = "en" if script_lang(text) == "en" else script_lang(text, term_langs)
        if lang in entries and not entries[lang].get("definition"):
            entries[lang]["definition"] = text
        else:
            english_definitions.append(text)
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
        record["terms"][lang] = {
            "term": term,
            "definition": values.get("definition", ""),
            "source": values.get("source") or f"{name}:{line}",
            "en": values.get("en") or None,
            "abbr": _split(values.get("abbr", "")),
            "status": values.get("status") or None,
            "notes": _split(values.get("notes", "")),
        }
    if not (record.get("en") or record["terms"] or record.get("aliases") or record.get("abbr")):
        raise ParseError(
            "the row names no concept",
            path=name,
            line=line,
            hint="give an English name (en) or at least one term",
        )
    cid = record.pop("id", "")
    concept = concept_from_v1({**record, "id": "x"}, f"row {line}")
    english = concept.english
    if english is not None:  # names without a source were read on this row
        english = LangSection(
            english.lang,
            tuple(t if t.source else _sourced(t, f"{name}:{line}") for t in english.terms),
            english.definitions,
            english.notes,
        )
        defs = tuple(
            Definition(d, f"{name}:{line}", lang=english.lang) for d in english_definitions
        )
        english = english._replace(definitions=english.definitions + defs)
        english_definitions = []
        concept = Concept(
            id=cid,
            languages=tuple(english if s.lang == english.lang else s for s in concept.languages),
            notes=concept.notes,
        )
    else:
        concept = Concept(id=cid, languages=concept.languages, notes=concept.notes)
    if english_definitions:
        concept = concept._replace(
            definitions=tuple(
                Definition(d, f"{name}:{line}", lang="en") for d in english_definitions
            )
        )
    return read_from(concept, f"{name}:{line}")


def _sourced(term: Term, source: str) -> Term:
    return term._replace(source=source)


def sniff_dialect(head: bytes) -> Dialect | None:
    """``"tsv"`` when a table's first line has tabs and no commas, ``"csv"`` when it has
    commas, else ``None``."""
    first = head.split(b"\n", 1)[0]
    if b"\t" in first and b"," not in first:
        return "tsv"
    if b"," in first:
        return "csv"
    return None


__all__ = ("COLUMNS", "read", "sniff_dialect", "write")
