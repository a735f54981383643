"""Tables of a column per language, the layout most glossaries are kept in (CSV, TSV,
spreadsheets, Markdown tables): each row a concept, each column what its header plan says
(:mod:`glossary_cli.formats._header`).

A term cell gives its terms as files write them (:mod:`glossary_cli.termtext`): several terms
split (``تقليم، تشذيب``), a part in another script filed under that script's language
(``ক্লাস্টার (Cluster)``). Within a file, identical rows are one row, and rows with the same
source term (the first column of terms, English when there is one) and the same id are one
concept; source terms are the same only when their text is (after Unicode normalization,
NFC): terms that differ in letter case or in marks (``PALM``, ``Palm``; ``أنتِ``, ``أنتَ``) are
kept apart, and said. Every row left out is counted and said, with its line.
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
    lines_text,
    refuse_cell_controls,
    sheet_cell,
    split_items,
)
from glossary_cli.formats._common import CELL_SEPARATOR, clean, read_from
from glossary_cli.formats._header import Column, Plan
from glossary_cli.model import EN_ORIGINS, Concept, Definition, LangSection, Term, is_english
from glossary_cli.records import normalize_status
from glossary_cli.termtext import names_in, split_alternatives

# how a column's language was told when the file does not name it: its cells' script, or a
# language identifier; a term in another script than the column's is filed by its own
_GUESSED = frozenset({"script", "identified"})


def _guessed(col: Column) -> bool:
    """Whether a column's language was told by its cells rather than named by the file."""
    return col.how in _GUESSED or col.how.startswith("script, not ")


# the fields whose cells hold terms, and so have the limit of a term
_TERMLIKE = frozenset({"term", "abbr", "avoid"})


@dataclass(slots=True)
class _Section:
    terms: list[Term] = field(default_factory=list)
    definitions: list[Definition] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    main: int | None = None  # the index of the main term (the first of the first term column)


def read_wide(
    numbered: Rows,
    plan: Plan,
    name: str,
    report: RowReport,
    width: int,
) -> list[tuple[Concept, int]]:
    """The rows of a table of a column per language → concepts with the line each starts on.

    Args:
        numbered: the rows after the header (all rows, without one).
        plan: what each column holds.
        name: the file's name, for sources and messages.
        report: where warnings go and what is done with a row that cannot be read.
        width: the number of columns of the header (or of the widest row).

    Returns:
        The concepts, identical rows read once and rows of one source term joined (each
        said), rows without any term left out (counted and said).

    Raises:
        ParseError: a row that cannot be read (a cell past the limits, a control character,
            a cell that was no text), unless ``report`` leaves it out.
    """
    from glossary_cli.formats._header import file_language

    columns = plan.columns
    langs = tuple(dict.fromkeys(c.lang for c in columns if c.field == "term" and c.lang))
    hinted = file_language(name)  # a part in another script goes to the file's language in it
    langs_known = (*langs, hinted) if hinted and hinted not in langs else langs
    source = next((lang for lang in langs if is_english(lang)), langs[0] if langs else "en")
    seen: dict[tuple[str, ...], int] = {}
    repeats: list[tuple[int, int]] = []
    termless: list[int] = []
    wider: list[int] = []
    groups: dict[tuple[str, str], int] = {}
    joined: dict[int, list[int]] = {}
    out: list[tuple[Concept, int]] = []
    mismatched: dict[tuple[str, str], list[int]] = {}
    for line, row in numbered:
        if isinstance(row, ParseError):
            report.bad(row)
            continue
        try:
            if len(row) > width and any(c.strip() for c in row[width:]):
                wider.append(line)
            row = [*row[:width], *[""] * (width - len(row))]
            for col in columns:
                check_length(row[col.at], col.label, col.field in _TERMLIKE, name, line)
            cells = [row[c.at] for c in columns]
            refuse_cell_controls(cells, [c.label for c in columns], name, line)
            key = tuple(clean(row[c.at]) for c in columns)
            if key in seen:
                repeats.append((line, seen[key]))
                continue
            seen[key] = line
            concept = row_concept(row, columns, name, line, report, langs_known, mismatched)
        except ParseError as exc:
            report.bad(exc)
            continue
        if concept is None:
            termless.append(line)
            continue
        section = concept.section(source)
        group = (concept.id, section.terms[0].text if section and section.terms else "")
        if group[1] and group in groups:
            k = groups[group]
            out[k] = (_joined(out[k][0], concept), out[k][1])
            joined.setdefault(k, [out[k][1]]).append(line)
            continue
        if group[1]:
            groups[group] = len(out)
        out.append((concept, line))
    _report(report, out, joined, repeats, termless, wider, width, source)
    _say_mismatched(report, mismatched)
    return out


def _language(col: Column, script: str | None, langs: tuple[str, ...]) -> str | None:
    """The language of a part of a term cell in ``script``: the column's, unless the script
    is not one its language is written in, when the part is filed by its script (the
    file's language in it, else the one CLDR says): ``Cluster`` of ``ক্লাস্টার (Cluster)``."""
    from glossary_cli.scripts.writing import script_language, tag_scripts

    if col.lang is None or script is None:
        return col.lang
    scripts = tag_scripts(col.lang)
    if not scripts or script in scripts:
        return col.lang
    return script_language(script, langs) or col.lang


def _add(terms: list[Term], term: Term) -> None:
    """Add a term to a section's, unless the section has one of the same text (NFC)."""
    if all(t.text != term.text for t in terms):
        terms.append(term)


def _cell(raw: str, col: Column, report: RowReport, line: int) -> str:
    """A cell as read: :func:`sheet_cell`, the line breaks of a cell of terms kept (each
    line a term)."""
    term = col.field in _TERMLIKE
    if term and "\n" in raw.strip():
        lines = [sheet_cell(ln, col.label, term, report, line) for ln in raw.split("\n")]
        return "\n".join(ln for ln in lines if ln)
    return sheet_cell(raw, col.label, term, report, line)


def row_concept(
    row: Sequence[str],
    columns: Sequence[Column],
    name: str,
    line: int,
    report: RowReport,
    langs: tuple[str, ...] = (),
    mismatched: dict[tuple[str, str], list[int]] | None = None,
) -> Concept | None:
    """One row → a concept (id ``""`` unless an id column gives one); ``None`` for a row
    without any term.

    Args:
        row: the row's cells, as many as the header has.
        columns: what each column holds.
        name, line: the file and the line the row starts on (each term's and definition's
            source is ``NAME:LINE``).
        report: where the cells that were no text are reported.
        langs: the languages of the table's columns of terms, in order (a part of a cell in
            another script goes to the first of them written in it).
        mismatched: where the terms of a column whose header names its language, written in
            a script that language is not written in, are counted: ``(lang, script)`` → lines.

    Raises:
        ParseError: a cell that was no text where a term is (:func:`sheet_cell`), an unknown
            ``en_origin``.
    """
    from glossary_cli.scripts.writing import may_file, text_language

    where = f"{name}:{line}"
    values = [(col, _cell(row[col.at], col, report, line)) for col in columns]
    cid = next((v for c, v in values if c.field == "id" and v), "")
    cited = next((v for c, v in values if c.field == "source" and c.lang is None and v), None)
    lang_cited = {c.lang: v for c, v in values if c.field == "source" and c.lang and v}
    sections: dict[str, _Section] = {}
    notes: list[str] = []
    definitions: list[Definition] = []
    subjects: list[str] = []
    marks: dict[str, dict[str, str]] = {}
    origin: str | None = None
    firsts: dict[str, int] = {}  # the column whose first term is each language's main term
    for col, value in values:
        if not value:
            continue
        fld = col.field
        if fld in ("term", "abbr", "avoid"):
            # a cell of several lines gives a term a line (a Markdown <br>, a CSV's quoted line
            # breaks); gloss's own tables join the items of a cell with " | "; others, as
            # files do
            if "\n" in value:
                items = [ln for ln in value.split("\n") if ln.strip()]
            elif CELL_SEPARATOR in value:
                items = split_items(value)
            else:
                items = split_alternatives(value)
            for alternative in items:
                for k, part in enumerate(names_in(alternative, parenthetical=False)):
                    # a column whose header names its language keeps its terms (a term in
                    # another script is said); a part beside the term in another script, and
                    # any term of a column whose language its script told, go by their script
                    if k == 0 and not _guessed(col) and col.lang:
                        told: str | None = col.lang
                        _check_script(part.text, col.lang, line, mismatched)
                    elif k == 0 and col.lang and may_file(part.text, col.lang):
                        told = col.lang  # "API", "SDK" in a column of Arabic or Korean terms
                    else:
                        told = _language(col, part.script, langs) or text_language(part.text, langs)
                    lang = told or col.lang or "und"
                    section = sections.setdefault(lang, _Section())
                    if not any(c.isalnum() for c in part.text):
                        continue  # a placeholder ("—", "-"): no term
                    kind = "abbreviation" if fld == "abbr" or part.kind == "abbreviation" else None
                    term = Term(part.text, type=kind, source=where,
                                status="deprecated" if fld == "avoid" else None,
                                citation=lang_cited.get(lang) or cited,
                                notes=(part.note,) if part.note else ())  # fmt: skip
                    first = firsts.setdefault(lang, col.at) == col.at
                    if fld == "term" and lang == col.lang and first and section.main is None:
                        section.main = len(section.terms)
                    _add(section.terms, term)
        elif fld == "definition":
            of = col.lang or text_language(value, langs)
            definitions.append(Definition(value, where, lang_cited.get(of or "") or cited, of))
        elif fld == "note":
            if col.lang:
                sections.setdefault(col.lang, _Section()).notes.extend(split_items(value))
            else:
                notes.extend(n for n in split_items(value) if n not in notes)
        elif fld in ("status", "pos", "type"):
            # a column of no language marks the row's source term (its first column's)
            marks.setdefault(col.lang or (langs[0] if langs else ""), {})[fld] = value
        elif fld == "subject":
            subjects.extend(s for s in split_alternatives(value) if s not in subjects)
        elif fld == "en_origin":
            origin = value
    if origin is not None and origin not in EN_ORIGINS:
        raise ParseError(
            f"unknown en_origin {origin!r}",
            path=name,
            line=line,
            hint=f"use one of {', '.join(EN_ORIGINS)}, or leave the cell empty",
        )
    built: list[LangSection] = []
    for lang, section in sections.items():
        if not section.terms:
            continue
        terms = section.terms
        main = section.main if section.main is not None else 0
        terms[main] = _marked(terms[main], marks.get(lang, {}))
        if origin == "curated" and is_english(lang):
            terms[main] = terms[main]._replace(status="preferred", origin="curated")
        own = [d._replace(lang=None) for d in definitions if d.lang == lang]
        built.append(LangSection(lang, tuple(terms), tuple(own), tuple(section.notes)))
    if not built:
        return None
    have = {s.lang for s in built}
    concept = Concept(
        id=cid,
        languages=tuple(built),
        subject_fields=tuple(subjects),
        definitions=tuple(d for d in definitions if d.lang not in have),
        notes=tuple(notes),
    )
    return read_from(concept, where)


def _marked(term: Term, marks: dict[str, str]) -> Term:
    """The main term with the status, part of speech and term type its row gives."""
    status, original = normalize_status(marks.get("status"))
    return term._replace(
        status=status,
        status_original=original,
        pos=marks.get("pos") or term.pos,
        type=marks.get("type") or term.type,
    )


def _check_script(
    text: str, lang: str, line: int, mismatched: dict[tuple[str, str], list[int]] | None
) -> None:
    """Count a term of a column whose header names its language, written in a script that
    language is not written in (a Bengali term in an Arabic column): kept as read, said once
    per column (:func:`_say_mismatched`), and an error of ``gloss lint``
    (``script-mismatch``). Latin text is let through (an English name left untranslated:
    ``gloss lint`` says so)."""
    from glossary_cli.scripts.writing import script_of, tag_scripts

    script = script_of(text)
    expected = tag_scripts(lang)
    if script is None or script == "Latn" or not expected or script in expected:
        return
    if mismatched is not None:
        mismatched.setdefault((lang, script), []).append(line)


def _say_mismatched(report: RowReport, mismatched: dict[tuple[str, str], list[int]]) -> None:
    """One warning per column of terms in another script than its language's."""
    from glossary_cli.scripts.writing import script_name, tag_scripts

    for (lang, script), lines in mismatched.items():
        n = len(lines)
        expected = " or ".join(sorted(map(script_name, tag_scripts(lang) or ())))
        report.warn(
            f"{n} {lang} term{'s are' if n > 1 else ' is'} in {script_name(script)} script, not "
            f"the {expected} script {lang} is written in: kept as {lang}, line"
            f"{'s' if n > 1 else ''} {lines_text(lines)}",
            lines[0],
            "put each in its language's column, or give --columns to say what each column holds",
        )
        report.warnings[-1].check = "script-mismatch"


def _joined(a: Concept, b: Concept) -> Concept:
    """Concept ``a`` with what ``b`` adds: its further terms, definitions and notes (those
    ``a`` has already, the same text, are not repeated), its languages ``a`` lacks."""

    def more(have: Sequence[Any], new: Sequence[Any], key: Any = None) -> tuple[Any, ...]:
        pick = key if callable(key) else (lambda x: x)
        known = {pick(x) for x in have}
        return (*have, *(x for x in new if pick(x) not in known))

    sections = {s.lang: s for s in a.languages}
    for s in b.languages:
        old = sections.get(s.lang)
        sections[s.lang] = s if old is None else old._replace(
            terms=more(old.terms, s.terms, lambda t: t.text),
            definitions=more(old.definitions, s.definitions, lambda d: d.text),
            notes=more(old.notes, s.notes),
        )  # fmt: skip
    return a._replace(
        languages=tuple(sections.values()),
        definitions=more(a.definitions, b.definitions, lambda d: (d.text, d.lang)),
        notes=more(a.notes, b.notes),
        subject_fields=more(a.subject_fields, b.subject_fields),
        provenance=more(a.provenance, b.provenance),
    )


def _report(
    report: RowReport,
    out: list[tuple[Concept, int]],
    joined: dict[int, list[int]],
    repeats: list[tuple[int, int]],
    termless: list[int],
    wider: list[int],
    width: int,
    source: str,
) -> None:
    """Say what the rows gave besides a concept each: repeats, joins, near-duplicates kept
    apart, rows without terms, cells past the header."""
    from glossary_cli.normalize import fold

    if repeats:
        n = len(repeats)
        report.warn(
            f"{n} row{'s' if n > 1 else ''} repeat{'' if n > 1 else 's'} an earlier row and "
            f"{'are' if n > 1 else 'is'} read once: line "
            + lines_text([f"{line} (as {first})" for line, first in repeats]),
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
            f"the {source} term {head!r} is on lines {lines_text(lines)}: read as one concept"
            + (f", with the terms {others}" if others else ""),
            lines[0],
            hint="if they are different concepts, give each row an id of its own",
        )
    heads: dict[str, list[tuple[str, int]]] = {}
    for concept, line in out:
        if concept.id:
            continue  # rows of ids of their own are the concepts their ids say
        section = concept.section(source)
        if section is not None and section.terms:
            text = section.terms[0].text
            heads.setdefault(fold(text), []).append((text, line))
    near = [found for found in heads.values() if len({t for t, _ in found}) > 1]
    if near:
        shown = "; ".join(
            " and ".join(f"{t!r} (line {line})" for t, line in found[:3]) for found in near[:8]
        )
        more = f" and {len(near) - 8} more" if len(near) > 8 else ""
        many = len(near) > 1
        report.warn(
            f"{len(near)} {source} term{'s' if many else ''} differ{'' if many else 's'} from "
            "another only in letter case, marks or punctuation and "
            f"{'are' if many else 'is'} kept as a concept of {'their' if many else 'its'} "
            f"own: {shown}{more}",
            near[0][0][1],
            hint="if two of them are one concept, give their rows the same id",
        )
    if termless:
        n = len(termless)
        report.warn(
            f"{n} row{'s' if n > 1 else ''} {'have' if n > 1 else 'has'} no term in any "
            f"language and {'are' if n > 1 else 'is'} left out: line{'s' if n > 1 else ''} "
            + lines_text(termless),
            termless[0],
        )
    if wider:
        n = len(wider)
        report.warn(
            f"{n} row{'s' if n > 1 else ''} {'have' if n > 1 else 'has'} more cells than the "
            f"table's {width} columns: the cells past them are left out: "
            f"line{'s' if n > 1 else ''} " + lines_text(wider),
            wider[0],
            hint="quote cells that contain the delimiter, or name the extra column in the header",
        )
