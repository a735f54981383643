"""Search results and concepts → JSON, CSV or rich tables and cards.

The only module that imports rich, and it does so inside the functions that draw, so that
``--json`` output never loads it. Glossary text reaches rich only as :class:`rich.text.Text`
(never parsed as markup) after :func:`safe` has made control characters visible.

Tables and cards are laid out by :mod:`glossary_cli.layout`, which measures text the way
terminals draw Bengali and Arabic (rich's own width tables do not), wraps it at ICU line breaks
and, with ``--bidi`` on a terminal, shapes and reorders Arabic; rich then only adds colour.

The JSON objects themselves are built by :mod:`glossary_cli.records` (next to the schema they
follow); this module only writes them: ``--json``, never coloured, UTF-8 as it is.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import IO, Any

from glossary_cli.model import (
    AVOID,
    RELATED_TYPES,
    Concept,
    ConceptCoverage,
    Hit,
    LangSection,
    ListedTerm,
    LoadedSource,
    Match,
    Term,
    TermbaseStats,
    is_english,
)
from glossary_cli.tags import language_name

# C0/C1 controls, DEL, and bidi embedding/override/isolate controls: never sent to a terminal.
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u2028\u2029]")


def safe(text: str) -> str:
    """``text`` with control characters made visible: C0 controls as Unicode control pictures
    (ESC → ``␛``, BEL → ``␇``), others as ``<U+XXXX>``; tabs and newlines become spaces.

    >>> safe("a\\x1b[31mb\\u202e")
    'a␛[31mb<U+202E>'
    """

    def show(m: re.Match[str]) -> str:
        cp = ord(m.group())
        if cp < 0x20:
            return chr(0x2400 + cp)
        if cp == 0x7F:
            return "\u2421"
        return f"<U+{cp:04X}>"

    return _UNSAFE.sub(show, text).replace("\t", " ").replace("\n", " ")


# --- plain data ------------------------------------------------------------------------------


# What ``json.dumps(..., ensure_ascii=False)`` leaves raw that a terminal acts on: DEL, C1
# controls, bidi embeddings, overrides and isolates, line and paragraph separators. They can
# only occur inside JSON strings, where ``\\uXXXX`` reads back as the same character.
_JSON_UNSAFE = re.compile("[\x7f-\x9f\u202a-\u202e\u2066-\u2069\u2028\u2029]")


def _json_text(text: str) -> str:
    return _JSON_UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def write_json(data: Any, stream: IO[str] | None = None) -> None:
    """Print ``data`` as indented UTF-8 JSON (``ensure_ascii=False``), never coloured; control
    and bidi characters are written as ``\\uXXXX`` escapes."""
    out = stream or sys.stdout
    out.write(_json_text(json.dumps(data, ensure_ascii=False, indent=2)) + "\n")


def write_jsonl(rows: Iterable[Any], stream: IO[str] | None = None) -> None:
    """Print one compact JSON object per line (escapes as :func:`write_json`)."""
    out = stream or sys.stdout
    for row in rows:
        out.write(_json_text(json.dumps(row, ensure_ascii=False, separators=(",", ":"))) + "\n")


def write_csv(hits: Sequence[Hit], langs: Sequence[str], stream: IO[str] | None = None) -> None:
    """Print search results as CSV (``csv`` module): id, en, abbr, score, match, then per
    language its main term (a column named by the language tag, or ``TAG_term`` for a tag
    that is one of those five columns' names), that term's status and the first definition;
    multi-valued cells are joined with `` | ``; control characters are made visible and formula
    starts made harmless (:func:`_cell`)."""
    import csv

    out = stream or sys.stdout
    tags = list(langs) or _common_langs([h.concept for h in hits])  # the table's order
    writer = csv.writer(out, lineterminator="\n")
    header = ["id", "en", "abbr", "score", "match"]
    fixed = set(header)
    for tag in tags:  # en (English) and id (Indonesian) would repeat a column: en_term, id_term
        header += [f"{tag}_term" if tag.casefold() in fixed else tag, f"{tag}_status",
                   f"{tag}_definition"]  # fmt: skip
    writer.writerow(header)
    for h in hits:
        c = h.concept
        row: list[Any] = [c.id, c.en or "", " | ".join(c.abbreviations), h.score, _match_text(h)]
        for tag in tags:
            section = _section(c, tag)
            main = section.main if section is not None else None
            definitions = section.all_definitions() if section is not None else ()
            row += [
                main.text if main else "",
                (main.status or "") if main else "",
                definitions[0].text if definitions else "",
            ]
        writer.writerow([_cell(c) for c in row])


def _section(concept: Concept, tag: str) -> LangSection | None:
    """The section of ``concept`` that a column for ``tag`` shows."""
    return concept.section(tag)


def _kind(match: Match) -> str:
    """A match's kind as the match column shows it: ``≈`` before an approximate one."""
    return f"≈{match.kind}" if match.approximate else match.kind


def _match_text(hit: Hit) -> str:
    """The match column: ``kind field/lang score``, and ``· deprecated, use X`` for a term
    to be avoided."""
    m = hit.match
    text = f"{_kind(m)} {m.field}/{m.lang} {hit.score:.0f}"
    if m.status in AVOID:
        text += f" · {m.status}" + (f", use {m.use}" if m.use else "")
    return text


# --- rich ------------------------------------------------------------------------------------


def make_console(*, stderr: bool = False, width: int | None = None) -> Any:
    """The console that search results, concepts and reports are drawn on.

    On a terminal, a rich console: rich honours ``NO_COLOR``, ``TERM=dumb`` and ``COLUMNS``
    and adds the colours. Anywhere else (a pipe, a file) rich would write the same lines
    without any escape code, so a :class:`PlainConsole` writes them itself, without importing
    rich (half the time of a lookup, ``benchmarks/RESULTS.md``). Whether the output is a
    terminal, and its width, are decided as rich decides them (:func:`is_terminal`).
    """
    import os

    stream = sys.stderr if stderr else sys.stdout
    if not is_terminal(stream, os.environ):
        return PlainConsole(stream, width)
    from rich.console import Console

    return Console(stderr=stderr, width=width, highlight=False, emoji=False, markup=False)


def is_terminal(stream: Any, env: Mapping[str, str]) -> bool:
    """Whether rich treats ``stream`` as a terminal (``rich.console.Console.is_terminal``):
    ``TTY_COMPATIBLE=1``/``0`` says so; else a non-empty ``FORCE_COLOR`` (force-color.org) means
    yes and an empty one no; else the stream's ``isatty()``."""
    tty_compatible = env.get("TTY_COMPATIBLE", "")
    if tty_compatible in ("0", "1"):
        return tty_compatible == "1"
    force_color = env.get("FORCE_COLOR")
    if force_color is not None:
        return force_color != ""
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except ValueError:  # closed
        return False


class PlainConsole:
    """A console for output that is not a terminal: lines are written as they are, no colour.

    It offers what :mod:`glossary_cli.render` uses of :class:`rich.console.Console`
    (``width``, ``is_terminal``, ``file``) and draws what rich would draw on a stream that is
    not a terminal, byte for byte (``tests/test_render.py`` compares the two).

    Args:
        file: the text stream written to.
        width: cells per line; ``None``: as rich sizes a console (``Console.size``): the
            digits of ``$COLUMNS``, else the size of the first of standard input, output and
            error that is a terminal, else 80.
    """

    is_terminal = False

    def __init__(self, file: IO[str], width: int | None = None) -> None:
        import os

        self.file = file
        if width is None:
            columns = os.environ.get("COLUMNS", "")
            if columns.isdigit():
                width = int(columns)
            else:
                for fd in (0, 1, 2):
                    try:
                        width = os.get_terminal_size(fd).columns
                    except (AttributeError, ValueError, OSError):
                        continue
                    break
                width = width or 80
        self.width = width

    def write_lines(self, lines: Sequence[Any]) -> None:
        """Write laid-out lines (tuples of ``(text, style)`` spans), styles left out."""
        self.file.write("\n".join("".join(text for text, _ in line) for line in lines) + "\n")


def _options(console: Any, bidi: bool, wide: bool) -> Any:
    """Layout options for ``console``: ``bidi`` only when it is a terminal (never a pipe)."""
    from glossary_cli.layout import Options

    return Options(bidi=bidi and bool(console.is_terminal), wide=wide)


def print_lines(lines: Sequence[Any], console: Any) -> None:
    """Print lines laid out by :mod:`glossary_cli.layout` as they are: rich adds colour, but
    neither wraps, crops nor pads them (its own width tables disagree with terminals)."""
    if isinstance(console, PlainConsole):
        console.write_lines(lines)
        return
    from rich.text import Text

    out = Text()
    for k, line in enumerate(lines):
        if k:
            out.append("\n")
        for text, style in line:
            out.append(text, style=style or None)
    console.print(out, soft_wrap=True)


def _headword(concept: Concept) -> Any:
    """The concept column: the English headword (or the id) and its abbreviations; a
    headword to be avoided says so."""
    from glossary_cli.layout import Field

    head = concept.headword
    text = head.text if head else concept.id
    spans = [(safe(text), "bold")]
    abbreviations = [a for a in concept.abbreviations if a != text]  # an abbreviation as head
    if abbreviations:
        spans.append((" (" + ", ".join(safe(a) for a in abbreviations) + ")", "cyan"))
    if head is not None and head.avoid:
        spans.append((f" {head.status}", "red"))
    return Field(tuple(spans))


def told_apart(concepts: Iterable[Concept]) -> dict[str, str]:
    """What tells apart concepts whose headwords read alike in a table (letter case aside, as
    ``Pruning`` of the bundled glossary and ``Pruning`` of a user's file): for each of them,
    its id and the glossary file its headword was read from, ``"pruning-2 · u.csv"``; by
    concept id. Concepts whose headword no other concept shares are not in it, so that an
    ordinary table does not change.

    Args:
        concepts: the concepts of one table's rows.

    Returns:
        concept id → the text to show below its headword.
    """
    from glossary_cli.select import source_file

    by_name: dict[str, list[Concept]] = {}
    for c in concepts:
        by_name.setdefault((c.en or c.id).casefold(), []).append(c)
    apart = {}
    for same in by_name.values():
        if len({c.id for c in same}) < 2:
            continue
        for c in same:
            head = c.headword
            where = source_file(head.source) if head is not None and head.source else ""
            apart[c.id] = " · ".join(x for x in (c.id, where) if x)
    return apart


def _told(concept: Concept, apart: Mapping[str, str]) -> tuple[Any, ...]:
    """The fields that follow a concept's name in a table: what tells it apart from the
    concepts of the same headword (:func:`told_apart`), dim, or nothing."""
    from glossary_cli.layout import Field

    text = apart.get(concept.id)
    return (Field.of(safe(text), "dim"),) if text else ()


def _term(section: LangSection | None) -> Any:
    """A language's main term with its own abbreviations attached, e.g.
    ``خليط الخبراء (MoE)``; a term to be avoided says so."""
    from glossary_cli.layout import Field

    main = section.main if section is not None else None
    if section is None or main is None:
        return Field.of("—", "dim")
    spans = [(safe(main.text), "")]
    abbreviations = [a.text for a in section.abbreviations if a is not main]
    if abbreviations:
        spans.append((" (" + ", ".join(safe(a) for a in abbreviations) + ")", "cyan"))
    if main.avoid:
        spans.append((f" {main.status}", "red"))
    return Field(tuple(spans))


#: Lines a table cell shows before it is shortened with "…" (``--wide`` shows all).
CELL_LINES = 3


def search_lines(
    results: Sequence[Hit], langs: Sequence[str], width: int, options: Any
) -> list[Any]:
    """Search results laid out in ``width`` cells: a table of rank, concept, one column per
    language (its main term) and match; narrower than :data:`glossary_cli.layout.CARD_WIDTH`,
    one stacked card per result, and so too when the table would break a word
    (:func:`glossary_cli.layout.fits`). Without ``langs``, the languages of the results other
    than English, whose headword the concept column shows."""
    from glossary_cli.layout import CARD_WIDTH, Column, Field, fits, table

    tags = list(langs) or _common_langs([h.concept for h in results])
    has_match = True
    apart = told_apart(h.concept for h in results)

    def match(h: Hit) -> Any:
        m = h.match
        if m.status in AVOID:
            use = f", use {m.use}" if m.use else ""
            return Field(
                (
                    (safe(f"{_kind(m)} {m.field}/{m.lang} {h.score:.0f} "), "dim"),
                    (safe(f"{m.status}{use}"), "red"),
                )
            )
        return Field.of(safe(f"{_kind(m)} {m.field}/{m.lang} {h.score:.0f}"), "dim")

    if width >= CARD_WIDTH:
        columns = [
            Column("#", justify="right", wrap=False),
            Column("concept", max_lines=CELL_LINES),
        ]
        columns += [Column(language_name(tag), max_lines=CELL_LINES) for tag in tags]
        columns += [Column("match", max_lines=CELL_LINES)] if has_match else []
        rows = []
        for rank, r in enumerate(results, start=1):
            row = [(Field.of(str(rank)),), (_headword(r.concept), *_told(r.concept, apart))]
            row += [(_term(_section(r.concept, tag)),) for tag in tags]
            row += [(match(r),)] if has_match else []
            rows.append(row)
        if fits(columns, rows, width, options):
            return table(columns, rows, width, options)

    lines: list[Any] = []
    for rank, r in enumerate(results, start=1):
        if rank > 1:
            lines.append(())
        number = f"{rank}."
        lines += table(
            [Column(justify="right", wrap=False), Column(max_lines=CELL_LINES)],
            [[(Field.of(number),), (_headword(r.concept), *_told(r.concept, apart))]],
            width,
            options,
            box=None,
            show_header=False,
            gap=1,
        )
        rows = [
            [(Field.of(language_name(tag), "bold"),), (_term(_section(r.concept, tag)),)]
            for tag in tags
        ]
        if has_match:
            rows.append([(Field.of("match", "bold"),), (match(r),)])
        lines += table(
            [Column(wrap=False), Column(max_lines=CELL_LINES)],
            rows,
            width,
            options,
            box=None,
            show_header=False,
            indent=len(number) + 1,
        )
    return lines


def search_table(
    results: Sequence[Hit],
    langs: Sequence[str],
    console: Any,
    *,
    bidi: bool = False,
    wide: bool = False,
) -> None:
    """Draw search results (see :func:`search_lines`) at the console's width.

    Args:
        bidi: shape and reorder right-to-left fields for display (terminals only).
        wide: show full text; never shorten a cell with "…".
    """
    options = _options(console, bidi, wide)
    print_lines(search_lines(results, langs, console.width, options), console)


def _common_langs(concepts: Sequence[Concept]) -> list[str]:
    """The languages of ``concepts`` in order of first appearance, English left out (the
    concept column shows the English headword)."""
    seen: dict[str, None] = {}
    for c in concepts:
        for s in c.languages:
            if not is_english(s.lang):
                seen.setdefault(s.lang, None)
    return list(seen)


#: Lines of aliases ``show`` prints before shortening them with "…" (``--wide`` shows all).
ALIAS_LINES = 2


def _details(term: Term) -> str:
    """What the card says of a term beside it: its status, type, part of speech and role."""
    return ", ".join(x for x in (term.status, term.type, term.pos, term.role) if x)


def _says_more(section: LangSection) -> bool:
    """Whether a section holds more than the names a card's headword lines give: definitions,
    notes, or a term with a part of speech, usage, notes or a status that says to avoid it."""
    return bool(section.all_definitions() or section.notes) or any(
        t.pos or t.usage or t.notes or t.avoid for t in section.terms
    )


def _section_cell(section: LangSection) -> tuple[Any, ...]:
    """A language's cell of a card: every term with its status and type (the main one first,
    in bold, with its abbreviations), each followed by its usage and notes; then each
    definition with its source, the language's notes, and the main term's source.

    The details of a right-to-left term (Arabic, Hebrew) are a line of their own: beside it,
    the Unicode Bidirectional Algorithm (UAX #9) would run the English words into the term's
    and reorder them, in a terminal that applies it and under ``--bidi``."""
    from glossary_cli.layout import Field, is_rtl
    from glossary_cli.select import source_file

    main = section.main
    cell: list[Any] = []
    # an abbreviation with nothing to say but its type goes beside the main term; one with a
    # status or part of speech of its own gets its own line, with them
    beside = [a for a in section.abbreviations if a is not main and not (a.status or a.pos)]
    shown = {id(a) for a in beside}
    replacement = section.replacement

    def term_line(spans: list[tuple[str, str]], t: Term, details: str) -> None:
        style = "red" if t.avoid else "dim"
        if details and is_rtl(t.text):
            cell.extend((Field(tuple(spans)), Field.of(safe(details), style)))
        else:
            cell.append(Field((*spans, *([(f"  {safe(details)}", style)] if details else []))))

    def usage_and_notes(t: Term) -> None:
        if t.usage:
            cell.append(Field(((f"usage ({safe(t.text)}): ", "dim"), (safe(t.usage), ""))))
        cell.extend(Field.of(safe(note), "yellow") for note in t.notes)

    if main is None:
        cell.append(_term(section))
    else:
        spans = [(safe(main.text), "bold")]
        if beside:
            spans.append((" (" + ", ".join(safe(a.text) for a in beside) + ")", "cyan"))
        term_line(spans, main, _details(main))
        usage_and_notes(main)
    for t in section.terms:
        if t is main or id(t) in shown:
            continue
        details = _details(t)
        if t.avoid and replacement is not None and replacement is not t:
            details += f", use {replacement.text}"
        if main is not None and t.source and source_file(t.source) != source_file(main.source):
            # a term of another glossary than the main term's (a corrected bundled term)
            details = ", ".join(x for x in (details, f"from {t.source}") if x)
        term_line([(safe(t.text), "")], t, details)
        usage_and_notes(t)
    for t in beside:  # the abbreviations beside the main term: their usage and notes
        usage_and_notes(t)
    for d in section.all_definitions():
        cell.append(Field.of(safe(d.text)))
        # a definition read from the main term's file needs no line of its own
        same_file = main is not None and source_file(d.source) == source_file(main.source)
        if d.citation and d.citation != d.source:
            cell.append(Field.of(safe(f"source: {d.citation}"), "dim"))
        elif d.source and not same_file:
            cell.append(Field.of(safe(d.source), "dim"))
    for note in section.notes:
        cell.append(Field.of(safe(note), "yellow"))
    if main is not None and main.source:
        cited = f" (source: {_first_cited(main)})" if main.citation else ""
        cell.append(Field.of(safe(main.source + cited), "dim"))
    return tuple(cell)


def _first_cited(term: Any) -> str:
    """A term's citation as a card shows it: a curated term's citation lists its sources
    (:func:`glossary_cli.align._cited_term`, joined by ``"; "``), of which the card names the
    first and how many more (``--json`` and the exports give them all); any other citation
    whole."""
    if term.origin != "curated":
        return str(term.citation)
    first, *more = str(term.citation).split("; ")
    return f"{first} and {len(more)} more" if more else first


def concept_lines(concept: Concept, langs: Sequence[str], width: int, options: Any) -> list[Any]:
    """One concept laid out in ``width`` cells: headword and abbreviations, where it comes
    from, the other English names, subject fields, related terms, then for each requested
    language its terms (with status and type), definitions and sources — or "no X entry" —
    in a bordered table (stacked under language headings when narrower than
    :data:`glossary_cli.layout.CARD_WIDTH`), then notes. Without ``langs`` every language is
    shown but English, whose names the lines above give, unless it says more than its names
    (:func:`_says_more`)."""
    from glossary_cli.layout import CARD_WIDTH, SQUARE, Column, Field, fits, paragraph, table
    from glossary_cli.records import wanted_sections

    def labelled(label: str, text: str, style: str, max_lines: int | None = None) -> list[Any]:
        return table(
            [Column(wrap=False), Column(max_lines=max_lines)],
            [[(Field.of(label, style),), (Field.of(text, style),)]],
            width,
            options,
            box=None,
            show_header=False,
            gap=1,
        )

    lines = paragraph(_headword(concept), width, options)
    if concept.en_origin == "curated":
        lines += paragraph(Field.of("English headword: curated", "dim"), width, options)
    if concept.aliases:
        english = concept.english
        avoided = {t.text: t.status for t in english.terms if t.avoid} if english else {}
        names = [f"{a} ({avoided[a]})" if a in avoided else a for a in concept.aliases]
        lines += labelled("also:", "; ".join(safe(a) for a in names), "dim", ALIAS_LINES)
    if concept.subject_fields:
        lines += labelled("subject:", "; ".join(map(safe, concept.subject_fields)), "dim")
    related = [x for x in concept.xrefs if x.type in RELATED_TYPES and x.text]
    if related:
        text = "; ".join(safe(x.text) + (" (broader)" if x.type == "broader" else "")
                         for x in related)  # fmt: skip
        lines += labelled("related:", text, "dim")
    for d in concept.definitions:
        name = f"definition ({d.lang}):" if d.lang else "definition:"
        lines += labelled(name, safe(d.text), "")
    rows = []
    for tag, section in wanted_sections(concept, langs):
        if section is not None and not langs and is_english(section.lang):
            if not _says_more(section):
                continue
        name = language_name(tag)
        if section is None:
            cell: tuple[Any, ...] = (Field.of(f"no {name} entry", "italic red"),)
        else:
            cell = _section_cell(section)
        rows.append([(Field.of(name, "bold"),), cell])
    framed = [Column(wrap=False), Column()]
    if rows and width >= CARD_WIDTH and fits(framed, rows, width, options, show_header=False):
        lines += table(framed, rows, width, options, box=SQUARE, show_header=False, row_rules=True)
    else:
        for heading, cell in rows:
            lines += paragraph(heading[0], width, options)
            lines += table(
                [Column()], [[cell]], width, options, box=None, show_header=False, indent=2
            )
    for note in concept.notes:
        lines += labelled("note:", safe(note), "yellow")
    return lines


def concept_card(
    concept: Concept,
    langs: Sequence[str],
    console: Any,
    *,
    bidi: bool = False,
    wide: bool = False,
) -> None:
    """Draw one concept (see :func:`concept_lines`) at the console's width.

    Args:
        bidi: shape and reorder right-to-left fields for display (terminals only).
        wide: show full text; never shorten with "…".
    """
    options = _options(console, bidi, wide)
    print_lines(concept_lines(concept, langs, console.width, options), console)


# --- sources, list, stats, and the pager (gloss sources / list / stats) ----------------------


def _bar(count: int, total: int, width: int = 20) -> Any:
    """``count`` of ``total`` as a bar of ``width`` cells: ``█████░░░`` with the number."""
    from glossary_cli.layout import Field

    filled = round(width * count / total) if total else 0
    return Field(((f"{count:>5} ", ""), ("█" * filled, "green"), ("░" * (width - filled), "dim")))


def _lang_field(tag: str) -> Any:
    from glossary_cli.layout import Field

    name = language_name(tag)
    return Field(((safe(name), ""), (f" {tag}" if name != tag else "", "dim")))


def _source_lines(rows: Sequence[LoadedSource], header: str, width: int, options: Any) -> list[Any]:
    """Source files (``api.sources`` rows) laid out in ``width`` cells: a table of file,
    language, entries as a bar and kind (bundled, user, data) when it fits without breaking a
    file name; else each file on its own line with the rest indented below it, as search
    results are stacked on a narrow terminal."""
    from glossary_cli.layout import Column, Field, cell_width, paragraph, table, table_width

    most = max((r.entries for r in rows), default=0)

    def kind(r: LoadedSource) -> Any:
        return Field.of(r.kind, "cyan" if r.kind == "user" else "dim")

    columns = [
        Column(header), Column("language", wrap=False),
        Column("entries", wrap=False), Column("kind", wrap=False),
    ]  # fmt: skip
    cells = [
        [
            (Field.of(safe(r.file), "bold"),),
            (_lang_field(r.lang),),
            (_bar(r.entries, most, 12),),
            (kind(r),),
        ]
        for r in rows
    ]
    if width >= table_width(columns, cells, options):  # no file name broken
        return table(columns, cells, width, options)

    languages = {tag: _lang_field(tag) for tag in dict.fromkeys(r.lang for r in rows)}
    widest = max((cell_width(f.text) for f in languages.values()), default=0)
    languages = {  # padded alike, so that the bars of all the cards line up
        tag: Field((*f.spans, (" " * (widest - cell_width(f.text)), "")))
        for tag, f in languages.items()
    }
    lines: list[Any] = []
    for r in rows:
        lines += paragraph(Field.of(safe(r.file), "bold"), width, options)
        lines += table(
            [Column(wrap=False), Column(wrap=False), Column(wrap=False)],
            [[(languages[r.lang],), (_bar(r.entries, most, 8),), (kind(r),)]],
            width,
            options,
            box=None,
            show_header=False,
            indent=2,
            gap=1,
        )
    return lines


def sources_table(
    rows: Sequence[LoadedSource], console: Any, *, bidi: bool = False, wide: bool = False
) -> None:
    """Draw the loaded sources (``api.sources``, see :func:`_source_lines`), then the
    directory each kind's files live in."""
    from pathlib import PurePath

    from glossary_cli.layout import Field, paragraph

    options = _options(console, bidi, wide)
    lines = _source_lines(rows, "file", console.width, options)
    # a file whose entries were given by an earlier file too says what it was read with, so
    # that the counts of `gloss add` are found here
    for r in rows:
        if r.read != r.entries:
            said = f"{r.file} ({r.lang}): {r.read} read, {r.entries} not given by an earlier file"
            lines += paragraph(Field.of(safe(said), "dim"), console.width, options)
    where = dict.fromkeys((r.kind, str(PurePath(r.path).parent)) for r in rows)
    for kind, folder in where:
        # one line, however long: a path broken in two cannot be copied (a terminal wraps it
        # without breaking it)
        lines.append(((f"{kind}: ", "bold"), (safe(folder), "dim")))
    print_lines(lines, console)


def list_table(
    rows: Sequence[ListedTerm], console: Any, *, bidi: bool = False, wide: bool = False
) -> None:
    """Draw ``gloss list`` rows (``api.list_terms``): the terms in collation order, with the
    English headword beside terms of other languages, their status and type when any row has
    one (a status to avoid in red), and the concept id; narrower than
    :data:`glossary_cli.layout.CARD_WIDTH`, or where the table would break a word, stacked
    (the term, then the rest indented)."""
    from glossary_cli.layout import CARD_WIDTH, Column, Field, fits, paragraph, table

    english = all(r.lang.split("-")[0] == "en" for r in rows)
    described = any(r.status or r.type for r in rows)
    options = _options(console, bidi, wide)
    width = console.width

    def details(r: ListedTerm) -> Any:
        text = ", ".join(x for x in (r.status, r.type) if x)
        return Field.of(safe(text), "red" if r.status in AVOID else "dim")

    tag = rows[0].lang if rows else "en"
    columns = [Column(language_name(tag))] + ([] if english else [Column("English")])
    columns += [Column("status, type")] if described else []
    columns.append(Column("id", style="dim"))
    cells = []
    for r in rows:
        row = [(Field.of(safe(r.term), "bold"),)]
        if not english:
            row.append((Field.of(safe(r.en or "—"), "" if r.en else "dim"),))
        if described:
            row.append((details(r),))
        row.append((Field.of(safe(r.id), "dim"),))
        cells.append(row)
    if width >= CARD_WIDTH and fits(columns, cells, width, options):
        print_lines(table(columns, cells, width, options), console)
        return
    # stacked: each term on its own line, its English and id below
    lines: list[Any] = []
    for r in rows:
        lines += paragraph(Field.of(safe(r.term), "bold"), width, options)
        if not english:
            en = Field.of(safe(r.en or "—"), "" if r.en else "dim")
            lines += paragraph(en, width, options, indent=2)
        if r.status or r.type:
            lines += paragraph(details(r), width, options, indent=2)
        lines += paragraph(Field.of(safe(r.id), "dim"), width, options, indent=2)
    print_lines(lines, console)


def write_rows_csv(
    rows: Sequence[Mapping[str, Any]],
    columns: Sequence[str],
    stream: IO[str] | None = None,
    delimiter: str = ",",
    as_given: Sequence[str] = (),
) -> None:
    """Print flat objects as CSV (or, with ``delimiter="\\t"``, TSV) with a header row of
    ``columns`` (``None`` → empty cell). The cells of ``as_given`` columns (the user's own
    queries, which the output is joined back to) are not guarded against spreadsheet
    formulas (:func:`_cell`): ``-1bit`` stays ``-1bit``."""
    import csv

    writer = csv.writer(stream or sys.stdout, lineterminator="\n", delimiter=delimiter)
    writer.writerow(columns)
    for r in rows:
        writer.writerow([
            "" if r.get(c) is None else safe(r[c]) if c in as_given else _cell(r[c])
            for c in columns
        ])  # fmt: skip


def _cell(value: Any) -> Any:
    """A CSV cell: control characters made visible (:func:`safe`), and a text that begins
    like a spreadsheet formula written after an apostrophe
    (:func:`glossary_cli.formats.table.spreadsheet_safe`)."""
    from glossary_cli.formats.table import spreadsheet_safe

    return spreadsheet_safe(safe(value)) if isinstance(value, str) else value


def stats_view(
    stats: TermbaseStats, console: Any, *, bidi: bool = False, wide: bool = False
) -> None:
    """Draw ``gloss stats`` (``api.stats``): totals; entries per language and per source as
    bars; then the coverage matrix, one row per concept, ``✓`` where it has an entry in a
    language and ``·`` where it lacks one (narrower than
    :data:`glossary_cli.layout.CARD_WIDTH`, or where the table would break a word, each
    concept's name, then its marks below it)."""
    from glossary_cli.layout import CARD_WIDTH, Column, Field, fits, paragraph, records, table

    total = stats.concepts
    options = _options(console, bidi, wide)
    width = console.width
    summary = (
        f"{total} concepts, {stats.entries} entries from {len(stats.sources)} sources "
        f"({stats.sections} language sections); "
        f"{stats.headwords} with an English headword"
    )
    lines: list[Any] = [*paragraph(Field.of(summary, "bold"), width, options), ()]
    langs = [row.lang for row in stats.languages]
    bar = 20 if width >= CARD_WIDTH else 6
    # narrow, the bars' header is a word, so that the table fits without breaking one
    entered = "concepts with an entry" if width >= CARD_WIDTH else "concepts"
    per_language = [Column("language", wrap=False), Column(entered, wrap=False),
                    Column("missing", justify="right", wrap=False)]  # fmt: skip
    language_rows = [
        [(_lang_field(row.lang),), (_bar(total - row.missing, total, bar),),
         (Field.of(str(row.missing), "red" if row.missing else "dim"),)]
        for row in stats.languages
    ]  # fmt: skip
    draw = table if fits(per_language, language_rows, width, options) else records
    lines += draw(per_language, language_rows, width, options)
    lines.append(())
    lines += _source_lines(stats.sources, "source", width, options)
    lines += [(), (("coverage: ✓ an entry, · none", "dim"),)]
    columns = [Column("concept", max_lines=2), Column("headword", wrap=False)]
    columns += [Column(tag, wrap=False) for tag in langs]
    coverage: Sequence[ConceptCoverage] = stats.coverage
    if len(coverage) > COVERAGE_ROWS:  # those lacking an entry first: what is left to do
        coverage = sorted(coverage, key=lambda c: not c.missing)[:COVERAGE_ROWS]
    # concepts of the same headword are told apart by their ids (see told_apart)
    names = Counter((c.en or c.id).casefold() for c in coverage)

    def name(c: ConceptCoverage, style: str = "") -> tuple[Any, ...]:
        alike = names[(c.en or c.id).casefold()] > 1
        told = (Field.of(safe(c.id), "dim"),) if alike and c.en else ()
        return (Field.of(safe(c.en or c.id), style), *told)

    rows = []
    for c in coverage:
        row = [name(c), (_mark(c.en is not None),)]
        row += [(_mark(tag not in c.missing),) for tag in langs]
        rows.append(row)
    if width >= CARD_WIDTH and fits(columns, rows, width, options):
        lines += table(columns, rows, width, options)
    else:
        # stacked, as search results are on a narrow terminal: a concept's name on its own
        # lines (never broken inside a word), its marks indented below it
        for c in coverage:
            for k, field in enumerate(name(c, "bold")):
                lines += paragraph(field, width, options, indent=2 * k)
            marks: list[tuple[str, str]] = [
                ("  headword ", "dim"),
                *_mark(c.en is not None).spans,
            ]
            for tag in langs:
                marks += [(f"  {tag} ", "dim"), *_mark(tag not in c.missing).spans]
            lines.append(tuple(marks))
    more = len(stats.coverage) - COVERAGE_ROWS
    if more > 0:
        note = f"… and {more} more concepts (gloss stats --json lists them all)"
        lines += paragraph(Field.of(note, "dim"), width, options)
    print_lines(lines, console)


#: Concepts the coverage table of ``gloss stats`` shows (those lacking an entry first);
#: ``--json`` has them all.
COVERAGE_ROWS = 500


def _mark(present: bool) -> Any:
    from glossary_cli.layout import Field

    return Field.of("✓", "green") if present else Field.of("·", "red")


class Paging:
    """Print through a pager when the output is taller than the terminal.

    Used as ``with Paging(console, command): draw(console)``: on a terminal (``stdout`` is a
    TTY and rich treats it as one, so never under a pipe or ``TERM=dumb``) the output is
    captured first; if it has more lines than the terminal, it goes to ``command`` (argv and
    environment, from :func:`glossary_cli.config.pager_command`; ``less -R`` keeps the
    colours), otherwise it is printed as it is. With ``command=None`` (``--no-pager``, an
    empty ``$PAGER``) or no terminal, nothing changes. A pager that cannot be started is
    skipped.
    """

    def __init__(self, console: Any, command: tuple[list[str], dict[str, str]] | None) -> None:
        self.console = console
        self.command = command
        isatty = getattr(console.file, "isatty", None)
        self.active = bool(command and console.is_terminal and isatty and isatty())
        self._capture: Any = None

    def __enter__(self) -> Paging:
        if self.active:
            self._capture = self.console.capture()
            self._capture.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._capture is None:
            return
        self._capture.__exit__(*exc)
        if exc[0] is not None:
            return
        text = self._capture.get()
        if text.count("\n") < self.console.size.height or not self._page(text):
            self.console.file.write(text)
            self.console.file.flush()

    def _page(self, text: str) -> bool:
        import subprocess

        assert self.command is not None
        argv, env = self.command
        try:
            proc = subprocess.Popen(argv, stdin=subprocess.PIPE, env=env)
        except OSError:
            return False
        try:
            assert proc.stdin is not None
            proc.stdin.write(text.encode(getattr(self.console.file, "encoding", None) or "utf-8",
                                         "replace"))  # fmt: skip
            proc.stdin.close()
        except (BrokenPipeError, OSError):
            pass  # the reader quit early
        while True:
            try:
                proc.wait()
                return True
            except KeyboardInterrupt:
                continue  # less handles ^C itself; wait for it to exit


# --- gloss lint ------------------------------------------------------------------------------


def lint_lines(issues: Sequence[Any]) -> list[str]:
    """Issues of ``gloss lint`` (:class:`glossary_cli.lint.Issue`) as plain lines, one each,
    as compilers write them: ``FILE:LINE: severity: message (hint) [code]``; ``concept ID``
    where the source is not known. Control characters are made visible (:func:`safe`)."""
    out = []
    for i in issues:
        where = i.source or (f"concept {i.concept}" if i.concept else "gloss")
        hint = f" ({i.hint})" if i.hint else ""
        out.append(safe(f"{where}: {i.severity}: {i.message}{hint} [{i.code}]"))
    return out


def lint_report(
    issues: Sequence[Any], console: Any, *, bidi: bool = False, wide: bool = False
) -> None:
    """Draw the issues of ``gloss lint``: on a terminal, a table of where (source, else the
    concept), severity (errors in red), code, and the message with its hint below it (dim);
    narrower than :data:`glossary_cli.layout.CARD_WIDTH`, or where the table would break a
    word, each issue stacked; anywhere else
    (a pipe, a file) the plain lines of :func:`lint_lines`. Nothing for no issues."""
    if not issues:
        return
    if not console.is_terminal:
        console.file.write("".join(line + "\n" for line in lint_lines(issues)))
        return
    from glossary_cli.layout import CARD_WIDTH, Column, Field, fits, paragraph, table

    options = _options(console, bidi, wide)
    width = console.width

    def severity(i: Any) -> Any:
        return Field.of(i.severity, "bold red" if i.severity == "error" else "yellow")

    def where(i: Any) -> tuple[Any, ...]:
        cell = [Field.of(safe(i.source or "—"), "dim")]
        if i.concept:
            cell.append(Field.of(safe(i.concept), "cyan"))
        return tuple(cell)

    def what(i: Any) -> tuple[Any, ...]:
        cell = [Field.of(safe(i.message))]
        if i.hint:
            cell.append(Field.of(safe(i.hint), "dim"))
        return tuple(cell)

    columns = [
        Column("where", wrap=False), Column("severity", wrap=False), Column("code", wrap=False),
        Column("issue"),
    ]  # fmt: skip
    rows = [[where(i), (severity(i),), (Field.of(i.code, "cyan"),), what(i)] for i in issues]
    if width >= CARD_WIDTH and fits(columns, rows, width, options):
        print_lines(table(columns, rows, width, options), console)
        return
    # stacked: each issue's severity and code, then where and what, indented
    lines: list[Any] = []
    for n, i in enumerate(issues):
        if n:
            lines.append(())
        head = Field(((i.severity, "bold red" if i.severity == "error" else "yellow"),
                      (f" {i.code}", "cyan")))  # fmt: skip
        lines += paragraph(head, width, options)
        for field in where(i):
            lines += paragraph(field, width, options, indent=2)
        for field in what(i):
            lines += paragraph(field, width, options, indent=2)
    print_lines(lines, console)


def scan_view(
    texts: Sequence[Any],
    concepts: Mapping[str, Any],
    langs: Sequence[str],
    console: Any,
    *,
    bidi: bool = False,
    wide: bool = False,
) -> None:
    """Draw ``gloss scan`` (``api.scan``): on a terminal, each text with the terms found in it
    highlighted (deprecated ones in red); then, anywhere, a table of the concepts found: how
    often, the terms as found, the concept's term in each of ``langs`` (its languages when
    ``langs`` is empty: those of the terms found) and, for a deprecated term, what to use;
    narrower than :data:`glossary_cli.layout.CARD_WIDTH`, or where the table would break a
    word, each concept stacked."""
    from glossary_cli.layout import CARD_WIDTH, Column, Field, fits, paragraph, table

    options = _options(console, bidi, wide)
    width = console.width
    lines: list[Any] = []
    if console.is_terminal:
        for t in texts:
            if len(texts) > 1:
                lines += paragraph(Field.of(safe(t.name), "dim"), width, options)
            for line in _highlighted(t.text, t.occurrences):
                lines += paragraph(Field(line), width, options) if line else [()]
            lines.append(())
    counts: dict[str, int] = {}
    found_as: dict[str, dict[str, None]] = {}
    uses: dict[str, dict[str, None]] = {}
    seen_langs: dict[str, None] = {}
    for t in texts:
        for o in t.occurrences:
            counts[o.id] = counts.get(o.id, 0) + 1
            found_as.setdefault(o.id, {})[o.text] = None
            seen_langs[o.lang.split("-")[0]] = None
            concept = concepts.get(o.id)
            if o.status in ("deprecated", "superseded"):
                section = concept.section(o.lang) if concept is not None else None
                use = section.replacement if section is not None else None
                note = (
                    f"use {use.text} for {o.text}" if use is not None else f"{o.text}: {o.status}"
                )
                uses.setdefault(o.id, {})[note] = None
            if o.everyday:  # the term is also an everyday word: --strict leaves it out
                uses.setdefault(o.id, {})[f"{o.term}: also an everyday word"] = None
            for other in o.also:  # the same form is a term of other concepts too
                uses.setdefault(o.id, {})[f"also {other}"] = None
    if not counts:
        print_lines(lines + list(paragraph(Field.of("no glossary term found", "dim"), width,
                                           options)), console)  # fmt: skip
        return
    shown = list(langs) or [tag for tag in ("en", "bn", "ar") if tag in seen_langs] + [
        tag for tag in seen_langs if tag not in ("en", "bn", "ar")
    ]
    columns = [Column("concept", max_lines=2), Column("n", justify="right", wrap=False),
               Column("found as")] + [Column(tag) for tag in shown] + [Column("note")]  # fmt: skip
    apart = told_apart(c for cid in counts if (c := concepts.get(cid)) is not None)
    rows = []
    for cid, n in counts.items():
        concept = concepts.get(cid)
        name = (concept.en if concept is not None else None) or cid
        told = _told(concept, apart) if concept is not None else ()
        row = [(Field.of(safe(name), "cyan"), *told), (Field.of(str(n)),),
               (Field.of(safe(", ".join(found_as[cid]))),)]  # fmt: skip
        for tag in shown:
            section = concept.section(tag) if concept is not None else None
            main = section.main if section is not None else None
            row.append((Field.of(safe(main.text) if main is not None else "—"),))
        row.append((Field.of(safe("; ".join(uses.get(cid, {}))), "red"),))
        rows.append(row)
    if width >= CARD_WIDTH and fits(columns, rows, width, options):
        lines += table(columns, rows, width, options)
        print_lines(lines, console)
        return
    for cid, n in counts.items():  # stacked, as search results are on a narrow terminal
        concept = concepts.get(cid)
        name = (concept.en if concept is not None else None) or cid
        head = Field(((safe(name), "cyan"), (f"  ×{n}", "dim")))
        lines += paragraph(head, width, options)
        for field in _told(concept, apart) if concept is not None else ():
            lines += paragraph(field, width, options, indent=2)
        found_line = "found as: " + ", ".join(found_as[cid])
        lines += paragraph(Field.of(safe(found_line)), width, options, indent=2)
        for tag in shown:
            section = concept.section(tag) if concept is not None else None
            main = section.main if section is not None else None
            if main is not None:
                lines += paragraph(Field.of(safe(f"{tag}: {main.text}")), width, options,
                                   indent=2)  # fmt: skip
        for use in uses.get(cid, {}):
            lines += paragraph(Field.of(safe(use), "red"), width, options, indent=2)
    print_lines(lines, console)


def _highlighted(text: str, occurrences: Sequence[Any]) -> list[tuple[tuple[str, str], ...]]:
    """The lines of ``text`` as styled segments, each occurrence highlighted."""
    marks = sorted((o.start, o.end, o.status in ("deprecated", "superseded")) for o in occurrences)
    segments: list[tuple[str, str]] = []
    at = 0
    for start, end, avoid in marks:
        if start > at:
            segments.append((text[at:start], ""))
        segments.append((text[start:end], "bold red" if avoid else "bold yellow"))
        at = end
    segments.append((text[at:], ""))
    out: list[tuple[tuple[str, str], ...]] = []
    line: list[tuple[str, str]] = []
    for chunk, style in segments:
        parts = chunk.split("\n")
        for i, part in enumerate(parts):
            if i:
                out.append(tuple(line))
                line = []
            if part:
                line.append((safe(part), style))
    out.append(tuple(line))
    while out and not out[-1]:
        out.pop()
    return out


def check_view(
    issues: Sequence[Any], console: Any, *, bidi: bool = False, wide: bool = False
) -> None:
    """Draw the issues of ``gloss check``: a table of segment, kind (deprecated and missing in
    red), concept, the source term, what the glossary expects and what the target has."""
    from glossary_cli.layout import Column, Field, fits, paragraph, records, table

    options = _options(console, bidi, wide)
    width = console.width
    if not issues:
        print_lines(paragraph(Field.of("no terminology issue", "dim"), width, options), console)
        return
    styles = {"missing": "bold red", "deprecated": "bold red", "inconsistent": "yellow",
              "untranslated": "yellow"}  # fmt: skip
    columns = [Column("segment", wrap=False), Column("kind", wrap=False), Column("concept"),
               Column("source"), Column("expected"), Column("found")]  # fmt: skip
    rows = [
        [(Field.of(safe(i.seg_id), "dim"),), (Field.of(i.kind, styles.get(i.kind, "")),),
         (Field.of(safe(i.id), "cyan"),), (Field.of(safe(i.source)),),
         (Field.of(safe(i.expected)),), (Field.of(safe(i.found or "—")),)]
        for i in issues
    ]  # fmt: skip
    # a terminal too narrow for the table without breaking a word gets one record per issue
    draw = table if fits(columns, rows, width, options) else records
    print_lines(draw(columns, rows, width, options), console)


def rows_table(
    rows: Sequence[Mapping[str, Any]],
    fields: Sequence[str],
    console: Any,
    *,
    bidi: bool = False,
    wide: bool = False,
) -> None:
    """Draw flat rows as a table of ``fields`` (``gloss lookup --format table``): a column
    each, headed by its name, ``—`` for an empty cell; ``bidi`` and ``wide`` as in
    :func:`search_table`."""
    from glossary_cli.layout import Column, Field, fits, records, table

    options = _options(console, bidi, wide)
    columns = [Column(name) for name in fields]
    cells = [
        [
            (Field.of(safe(str(r[name]))) if r.get(name) is not None else Field.of("—", "dim"),)
            for name in fields
        ]
        for r in rows
    ]
    draw = table if fits(columns, cells, console.width, options) else records
    print_lines(draw(columns, cells, console.width, options), console)


def report_lines(
    lines: Sequence[str], console: Any, *, bidi: bool = False, wide: bool = False
) -> None:
    """Print the lines of a report for a person (``gloss add``, ``gloss build``) one each, as
    they are (the terminal wraps a long one), every control character written as its escape
    (:func:`glossary_cli.errors.printable`); with ``bidi`` on a terminal, the Arabic in them
    shaped and reordered as tables do. ``wide`` is accepted for
    :func:`glossary_cli.output.emit` (a report is never shortened)."""
    from glossary_cli.errors import printable
    from glossary_cli.layout import Field, field_lines

    options = _options(console, bidi, True)
    out: list[Any] = []
    for line in lines:
        text = printable(line)
        if options.bidi:
            laid, _ = field_lines(Field.of(text), 1 << 20, options)
            out += laid
        else:
            out.append(((text, ""),))
    print_lines(out, console)
