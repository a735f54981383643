"""Tables of one row per term, the layout of IATE's and most termbases' table exports and of
gloss's own (:func:`glossary_cli.formats.table.write`): a ``lang`` column says each row's
language, an ``id`` column which rows are one concept (a row without an id continues the concept
above it). Columns are matched whatever their case, in the names other tools give them
(``language``, ``locale``; ``text``), language cells in every spelling files write
(:func:`glossary_cli.tags.read_language`: ``ar_SA``, ``EN-us``, ``English``, ``বাংলা``; a term
without one, in the language its script says, and said); a column gloss does not read is
left out and named. Without an id column each row is a concept of its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from glossary_cli.errors import ParseError
from glossary_cli.formats._cells import (
    RowReport,
    Rows,
    check_length,
    refuse_cell_controls,
    sheet_cell,
    split_items,
)
from glossary_cli.formats._common import refuse_termless
from glossary_cli.formats._header import header_key
from glossary_cli.model import ROLES, Concept, CrossReference, Definition, LangSection, Term
from glossary_cli.records import normalize_status
from glossary_cli.scripts.writing import text_language
from glossary_cli.tags import read_language

#: The columns of the one-row-per-term layout, in the order gloss writes them.
COLUMNS = (
    "id", "lang", "term", "type", "status", "status_original", "pos", "usage", "role",
    "origin", "source", "citation", "term_notes", "definition", "definition_source",
    "definition_citation", "definition_of", "language_notes", "subject_fields", "notes", "xrefs",
)  # fmt: skip
#: What a row's definition belongs to besides its language (``definition_of``): the whole
#: concept (TBX: a definition of the termEntry, in a language), or the row's term (of a tig).
DEFINITION_LEVELS = ("concept", "term")
# The cells that describe a term, besides its text.
_TERM_CELLS = ("type", "status", "status_original", "pos", "usage", "role", "origin",
               "citation", "term_notes")  # fmt: skip
#: Other tools' names of the columns (compared without case, spaces and underscores).
SYNONYMS = {
    "language": "lang", "locale": "lang", "languagecode": "lang", "langcode": "lang",
    "xmllang": "lang", "text": "term", "termtext": "term", "termtype": "type",
    "administrativestatus": "status", "partofspeech": "pos", "usagenote": "usage",
    "note": "term_notes", "termnote": "term_notes", "conceptid": "id", "entryid": "id",
    "termentryid": "id", "subjectfield": "subject_fields", "subject": "subject_fields",
    "domain": "subject_fields", "xref": "xrefs", "crossreference": "xrefs",
    "description": "definition",
}  # fmt: skip


def column_name(cell: str) -> str | None:
    """The column of this layout a header cell names, or ``None``.

    >>> column_name("Language"), column_name("termType"), column_name(" ID "), column_name("x")
    ('lang', 'type', 'id', None)
    """
    key = header_key(cell).casefold()
    if key in COLUMNS:
        return key
    compact = "".join(c for c in key if c.isalnum())
    found = SYNONYMS.get(compact)
    if found is not None:
        return found
    return next((c for c in COLUMNS if c.replace("_", "") == compact), None)


def is_long(header: Sequence[str]) -> bool:
    """Whether a header is of this layout: a language column and a term column.

    >>> is_long(["id", "lang", "term"]), is_long(["ID", "Language", "Term"]), is_long(["en", "ar"])
    (True, True, False)
    """
    names = {column_name(h) for h in header}
    return "lang" in names and "term" in names


@dataclass(slots=True)
class _Building:
    line: int
    cid: str
    sections: dict[str, dict[str, Any]] = field(default_factory=dict)
    definitions: list[Definition] = field(default_factory=list)
    subject_fields: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    xrefs: list[CrossReference] = field(default_factory=list)


def read_long(
    numbered: Rows,
    header: Sequence[str],
    name: str,
    report: RowReport,
) -> tuple[list[tuple[Concept, int]], list[tuple[int, str, str]]]:
    """The rows of a table of one row per term → concepts with the line each starts on, and
    the columns left out (``(index, label, why)``: not a column of this layout, or a
    column named twice).

    Raises:
        ParseError: a row that cannot be read (a language cell that is no language, a status
            that is none, a value without its term), unless ``report`` leaves it out.
    """
    names: list[str | None] = []
    left: list[tuple[int, str, str]] = []
    for i, cell in enumerate(header):
        found = column_name(cell)
        if found is None or found in names:
            why = "not a column gloss reads" if found is None else f"a second {found} column"
            left.append((i, header_key(cell) or f"column {i + 1}", why))
            names.append(None)
        else:
            names.append(found)
    used = [(i, n) for i, n in enumerate(names) if n is not None]
    has_ids = "id" in names
    width = len(header)
    building: dict[str, _Building] = {}
    current: _Building | None = None
    guessed: list[int] = []
    for line, row in numbered:
        if isinstance(row, ParseError):
            report.bad(row)
            continue
        try:
            row = [*row[:width], *[""] * (width - len(row))]
            for i, n in used:
                check_length(row[i], n, n == "term", name, line)
            refuse_cell_controls([row[i] for i, _ in used], [n for _, n in used], name, line)
            cells = {n: sheet_cell(row[i], n, n == "term", report, line) for i, n in used}
            cid = cells.get("id", "") if has_ids else f"\0{line}"
            if cid:
                here = building.get(cid) or _Building(line, cid if has_ids else "")
            elif current is None:
                raise ParseError(
                    "the first row gives no id",
                    path=name,
                    line=line,
                    hint="give the concept's id on its first row",
                )
            else:
                here = current
            _long_row(here, cells, name, line, guessed)
        except ParseError as exc:
            report.bad(exc)
            continue
        current = building.setdefault(cid or here.cid, here)
    if guessed:
        count = len(guessed)
        report.warn(
            f"{count} term{'s have' if count > 1 else ' has'} no language in the lang column: "
            f"each is read as the language its script says, line{'s' if count > 1 else ''} "
            + ", ".join(map(str, guessed[:12])),
            guessed[0],
            hint="fill in the lang column",
        )
    if not has_ids and building:
        report.warn(
            "the table has no id column: each row is a concept of its own",
            next(iter(building.values())).line,
            hint="add an id column to say which rows are one concept's terms",
        )
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
    return out, left


def _long_row(
    b: _Building, cells: dict[str, str], name: str, line: int, guessed: list[int]
) -> None:
    where = f"{name}:{line}"

    def fail(message: str, hint: str) -> ParseError:
        return ParseError(message, path=name, line=line, hint=hint)

    b.subject_fields += [s for s in split_items(cells.get("subject_fields", "")) if s not in
                         b.subject_fields]  # fmt: skip
    b.notes += [n for n in split_items(cells.get("notes", "")) if n not in b.notes]
    for item in split_items(cells.get("xrefs", "")):
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
    if not raw_lang and term:
        # a term without its language: the one its script says, and said
        raw_lang = text_language(term) or ""
        if not raw_lang:
            raise fail(f"the term {term!r} has no language", "fill in the lang column")
        guessed.append(line)
    if not raw_lang:
        if definition is not None:
            b.definitions.append(definition)
        return
    found = read_language(raw_lang)
    if found is None:
        raise fail(f"{raw_lang!r} is not a language tag", "use a BCP 47 tag such as bn or en-US")
    lang = found
    section = b.sections.setdefault(lang, {"terms": [], "definitions": [], "notes": []})
    section["notes"] += [n for n in split_items(cells.get("language_notes", "")) if n not in
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
            notes=tuple(split_items(cells.get("term_notes", ""))),
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
