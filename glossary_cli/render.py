"""Search results and concepts → JSON, CSV or rich tables and cards.

The only module that imports rich, and it does so inside the functions that draw, so that
``--json`` output never loads it. Glossary text reaches rich only as :class:`rich.text.Text`
(never parsed as markup) after :func:`safe` has made control characters visible.

Tables and cards are laid out by :mod:`glossary_cli.layout`, which measures text the way
terminals draw Bengali and Arabic (rich's own width tables do not), wraps it at ICU line breaks
and, with ``--bidi`` on a terminal, shapes and reorders Arabic; rich then only adds colour.

JSON contract (``--json``): ``search`` prints an array of concept objects, best first; ``show``
prints one. A concept object has the keys ``id``, ``en``, ``en_origin``, ``abbr``, ``aliases``,
``notes``, ``terms`` (language tag → ``{term, definition, source}`` or ``null`` for a requested
language with no entry), and, for search results, ``score`` and ``match``
(``{field, lang, text, score, kind}``).
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterable, Mapping, Sequence
from typing import IO, Any

#: English names of language tags shown in headers; other tags are named by ICU.
LANGUAGE_NAMES = {"en": "English", "bn": "Bengali", "ar": "Arabic"}

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


def language_name(tag: str) -> str:
    """English name of a BCP 47 tag: ``bn`` → ``Bengali``; ICU's display name for others."""
    if tag in LANGUAGE_NAMES:
        return LANGUAGE_NAMES[tag]
    try:
        import icu

        name = str(icu.Locale(tag.replace("-", "_")).getDisplayName(icu.Locale("en")))
    except Exception:
        return tag
    return name if name and name != tag else tag


# --- plain data ------------------------------------------------------------------------------


def concept_json(
    record: dict[str, Any],
    langs: Sequence[str] = (),
    *,
    score: float | None = None,
    match: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The JSON object of a concept (see the module docstring).

    Args:
        record: the concept mapping (``records.concept_to_mapping``).
        langs: requested language tags, in order; empty → every entry the concept has.
        score, match: added for search results.
    """
    terms = record.get("terms", {})
    wanted = list(langs) if langs else list(terms)
    out: dict[str, Any] = {
        "id": record["id"],
        "en": record.get("en"),
        "en_origin": record.get("en_origin", "none"),
        "abbr": record.get("abbr", []),
        "aliases": record.get("aliases", []),
        "notes": record.get("notes", []),
    }
    if score is not None:
        out["score"] = score
        out["match"] = match
    out["terms"] = {
        tag: (
            {k: terms[tag][k] for k in ("term", "definition", "source")} | _extras(terms[tag])
            if tag in terms
            else None
        )
        for tag in wanted
    }
    return out


def _extras(entry: dict[str, Any]) -> dict[str, Any]:
    return {k: entry[k] for k in ("en", "abbr", "status", "notes") if k in entry}


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


def write_csv(
    rows: Sequence[dict[str, Any]], langs: Sequence[str], stream: IO[str] | None = None
) -> None:
    """Print concepts as CSV (``csv`` module): id, en, abbr, score, then term and definition
    per language; multi-valued cells are joined with `` | ``; control characters are made
    visible (:func:`safe`)."""
    import csv

    out = stream or sys.stdout
    tags = list(langs) or _common_langs(rows)  # the table's order
    has_score = any("score" in r for r in rows)
    writer = csv.writer(out, lineterminator="\n")
    header = ["id", "en", "abbr"] + (["score"] if has_score else [])
    for tag in tags:
        header += [tag, f"{tag}_definition"]
    writer.writerow(header)
    for r in rows:
        row = [r["id"], r["en"] or "", " | ".join(r["abbr"])] + (
            [r.get("score", "")] if has_score else []
        )
        for tag in tags:
            entry = r["terms"].get(tag)
            row += [entry["term"], entry["definition"]] if entry else ["", ""]
        writer.writerow([safe(c) if isinstance(c, str) else c for c in row])


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


def _headword(record: dict[str, Any]) -> Any:
    from glossary_cli.layout import Field

    spans = [(safe(record.get("en") or record["id"]), "bold")]
    if record.get("abbr"):
        spans.append((" (" + ", ".join(safe(a) for a in record["abbr"]) + ")", "cyan"))
    return Field(tuple(spans))


def _term(entry: dict[str, Any] | None) -> Any:
    """A language's term with its own abbreviations attached, e.g. ``خليط الخبراء (MoE)``."""
    from glossary_cli.layout import Field

    if entry is None:
        return Field.of("—", "dim")
    spans = [(safe(entry["term"]), "")]
    if entry.get("abbr"):
        spans.append((" (" + ", ".join(safe(a) for a in entry["abbr"]) + ")", "cyan"))
    return Field(tuple(spans))


#: Lines a table cell shows before it is shortened with "…" (``--wide`` shows all).
CELL_LINES = 3


def search_lines(
    results: Sequence[dict[str, Any]], langs: Sequence[str], width: int, options: Any
) -> list[Any]:
    """Search results laid out in ``width`` cells: a table of rank, concept, one column per
    language and match; narrower than :data:`glossary_cli.layout.CARD_WIDTH`, one stacked card
    per result. Records without ``match`` (plain concept lists) get no match column."""
    from glossary_cli.layout import CARD_WIDTH, Column, Field, table

    tags = list(langs) or _common_langs(results)
    has_match = any(r.get("match") for r in results)

    def match(r: dict[str, Any]) -> Any:
        m = r["match"]
        return Field.of(safe(f"{m['kind']} {m['field']}/{m['lang']} {r['score']:.0f}"), "dim")

    if width >= CARD_WIDTH:
        columns = [
            Column("#", justify="right", wrap=False),
            Column("concept", max_lines=CELL_LINES),
        ]
        columns += [Column(language_name(tag), max_lines=CELL_LINES) for tag in tags]
        columns += [Column("match", max_lines=CELL_LINES)] if has_match else []
        rows = []
        for rank, r in enumerate(results, start=1):
            row = [(Field.of(str(rank)),), (_headword(r),)]
            row += [(_term(r["terms"].get(tag)),) for tag in tags]
            row += [(match(r),)] if has_match else []
            rows.append(row)
        return table(columns, rows, width, options)

    lines: list[Any] = []
    for rank, r in enumerate(results, start=1):
        if rank > 1:
            lines.append(())
        number = f"{rank}."
        lines += table(
            [Column(justify="right", wrap=False), Column(max_lines=CELL_LINES)],
            [[(Field.of(number),), (_headword(r),)]],
            width,
            options,
            box=None,
            show_header=False,
            gap=1,
        )
        rows = [
            [(Field.of(language_name(tag), "bold"),), (_term(r["terms"].get(tag)),)] for tag in tags
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
    results: Sequence[dict[str, Any]],
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


def _common_langs(results: Sequence[dict[str, Any]]) -> list[str]:
    seen: dict[str, None] = {}
    for r in results:
        for tag in r["terms"]:
            seen.setdefault(tag, None)
    return list(seen)


#: Lines of aliases ``show`` prints before shortening them with "…" (``--wide`` shows all).
ALIAS_LINES = 2


def concept_lines(
    record: dict[str, Any], langs: Sequence[str], width: int, options: Any
) -> list[Any]:
    """One concept laid out in ``width`` cells: headword and abbreviations, aliases, then for
    each requested language its term, definition and source — or "no X entry" — in a bordered
    table (stacked under language headings when narrower than
    :data:`glossary_cli.layout.CARD_WIDTH`), then notes."""
    from glossary_cli.layout import CARD_WIDTH, SQUARE, Column, Field, paragraph, table

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

    lines = paragraph(_headword(record), width, options)
    if record.get("en_origin", "none") == "curated":
        lines += paragraph(Field.of("English headword: curated", "dim"), width, options)
    if record.get("aliases"):
        lines += labelled(
            "also:", "; ".join(safe(a) for a in record["aliases"]), "dim", ALIAS_LINES
        )
    rows = []
    for tag, entry in record["terms"].items():
        name = language_name(tag)
        if entry is None:
            cell: tuple[Any, ...] = (Field.of(f"no {name} entry", "italic red"),)
        else:
            term = _term(entry)
            cell = (
                Field(tuple((t, s or "bold") for t, s in term.spans)),
                *([Field.of(safe(entry["definition"]))] if entry["definition"] else []),
                Field.of(safe(entry["source"]), "dim"),
            )
        rows.append([(Field.of(name, "bold"),), cell])
    if width >= CARD_WIDTH:
        lines += table(
            [Column(wrap=False), Column()],
            rows,
            width,
            options,
            box=SQUARE,
            show_header=False,
            row_rules=True,
        )
    else:
        for label, cell in rows:
            lines += paragraph(label[0], width, options)
            lines += table(
                [Column()], [[cell]], width, options, box=None, show_header=False, indent=2
            )
    for note in record.get("notes", []):
        lines += labelled("note:", safe(note), "yellow")
    return lines


def concept_card(
    record: dict[str, Any],
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
    print_lines(concept_lines(record, langs, console.width, options), console)


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


def _source_lines(
    rows: Sequence[dict[str, Any]], header: str, width: int, options: Any
) -> list[Any]:
    """Source files (``api.sources`` rows) laid out in ``width`` cells: a table of file,
    language, entries as a bar and kind (bundled, user, data) when it fits without breaking a
    file name; else each file on its own line with the rest indented below it, as search
    results are stacked on a narrow terminal."""
    from glossary_cli.layout import Column, Field, cell_width, paragraph, table, table_width

    most = max((r["entries"] for r in rows), default=0)

    def kind(r: dict[str, Any]) -> Any:
        return Field.of(r["kind"], "cyan" if r["kind"] == "user" else "dim")

    columns = [
        Column(header), Column("language", wrap=False),
        Column("entries", wrap=False), Column("kind", wrap=False),
    ]  # fmt: skip
    cells = [
        [
            (Field.of(safe(r["file"]), "bold"),),
            (_lang_field(r["lang"]),),
            (_bar(r["entries"], most, 12),),
            (kind(r),),
        ]
        for r in rows
    ]
    if width >= table_width(columns, cells, options):  # no file name broken
        return table(columns, cells, width, options)

    languages = {tag: _lang_field(tag) for tag in dict.fromkeys(r["lang"] for r in rows)}
    widest = max((cell_width(f.text) for f in languages.values()), default=0)
    languages = {  # padded alike, so that the bars of all the cards line up
        tag: Field((*f.spans, (" " * (widest - cell_width(f.text)), "")))
        for tag, f in languages.items()
    }
    lines: list[Any] = []
    for r in rows:
        lines += paragraph(Field.of(safe(r["file"]), "bold"), width, options)
        lines += table(
            [Column(wrap=False), Column(wrap=False), Column(wrap=False)],
            [[(languages[r["lang"]],), (_bar(r["entries"], most, 8),), (kind(r),)]],
            width,
            options,
            box=None,
            show_header=False,
            indent=2,
            gap=1,
        )
    return lines


def sources_table(rows: Sequence[dict[str, Any]], console: Any) -> None:
    """Draw the loaded sources (``api.sources``, see :func:`_source_lines`), then the
    directory each kind's files live in."""
    from pathlib import PurePath

    from glossary_cli.layout import Field, paragraph

    options = _options(console, False, False)
    lines = _source_lines(rows, "file", console.width, options)
    where = dict.fromkeys((r["kind"], str(PurePath(r["path"]).parent)) for r in rows)
    for kind, folder in where:
        field = Field(((f"{kind}: ", "bold"), (safe(folder), "dim")))
        lines += paragraph(field, console.width, options)
    print_lines(lines, console)


def list_table(rows: Sequence[dict[str, Any]], console: Any) -> None:
    """Draw ``gloss list`` rows (``api.list_terms``): the terms in collation order, with the
    English headword beside terms of other languages, and the concept id; narrower than
    :data:`glossary_cli.layout.CARD_WIDTH`, stacked (the term, then the rest indented)."""
    from glossary_cli.layout import CARD_WIDTH, Column, Field, paragraph, table

    english = all(r["lang"].split("-")[0] == "en" for r in rows)
    options = _options(console, False, False)
    width = console.width
    if width < CARD_WIDTH:  # stacked: each term on its own line, its English and id below
        lines: list[Any] = []
        for r in rows:
            lines += paragraph(Field.of(safe(r["term"]), "bold"), width, options)
            if not english:
                en = Field.of(safe(r["en"] or "—"), "" if r["en"] else "dim")
                lines += paragraph(en, width, options, indent=2)
            lines += paragraph(Field.of(safe(r["id"]), "dim"), width, options, indent=2)
        print_lines(lines, console)
        return
    tag = rows[0]["lang"] if rows else "en"
    columns = [Column(language_name(tag))] + ([] if english else [Column("English")])
    columns.append(Column("id", style="dim"))
    cells = []
    for r in rows:
        row = [(Field.of(safe(r["term"]), "bold"),)]
        if not english:
            row.append((Field.of(safe(r["en"] or "—"), "" if r["en"] else "dim"),))
        row.append((Field.of(safe(r["id"]), "dim"),))
        cells.append(row)
    print_lines(table(columns, cells, width, options), console)


def write_rows_csv(
    rows: Sequence[dict[str, Any]], columns: Sequence[str], stream: IO[str] | None = None
) -> None:
    """Print flat objects as CSV with a header row of ``columns`` (``None`` → empty cell)."""
    import csv

    writer = csv.writer(stream or sys.stdout, lineterminator="\n")
    writer.writerow(columns)
    for r in rows:
        writer.writerow(["" if r.get(c) is None else _cell(r[c]) for c in columns])


def _cell(value: Any) -> Any:
    return safe(value) if isinstance(value, str) else value


def stats_view(stats: dict[str, Any], console: Any) -> None:
    """Draw ``gloss stats`` (``api.stats``): totals; entries per language and per source as
    bars; then the coverage matrix, one row per concept, ``✓`` where it has an entry in a
    language and ``·`` where it lacks one."""
    from glossary_cli.layout import CARD_WIDTH, Column, Field, paragraph, table

    total = stats["concepts"]
    options = _options(console, False, False)
    width = console.width
    summary = (
        f"{total} concepts, {stats['entries']} entries; "
        f"{stats['headwords']} with an English headword"
    )
    lines: list[Any] = [*paragraph(Field.of(summary, "bold"), width, options), ()]
    langs = [row["lang"] for row in stats["languages"]]
    bar = 20 if width >= CARD_WIDTH else 6
    lines += table(
        [Column("language", wrap=False), Column("concepts with an entry", wrap=False),
         Column("missing", justify="right", wrap=False)],
        [
            [(_lang_field(row["lang"]),), (_bar(total - row["missing"], total, bar),),
             (Field.of(str(row["missing"]), "red" if row["missing"] else "dim"),)]
            for row in stats["languages"]
        ],
        width, options,
    )  # fmt: skip
    lines.append(())
    lines += _source_lines(stats["sources"], "source", width, options)
    lines += [(), (("coverage: ✓ an entry, · none", "dim"),)]
    columns = [Column("concept", max_lines=2), Column("English", wrap=False)]
    columns += [Column(tag, wrap=False) for tag in langs]
    coverage = stats["coverage"]
    if len(coverage) > COVERAGE_ROWS:  # those lacking an entry first: what is left to do
        coverage = sorted(coverage, key=lambda c: not c["missing"])[:COVERAGE_ROWS]
    rows = []
    for c in coverage:
        row = [(Field.of(safe(c["en"] or c["id"])),), (_mark(c["en"] is not None),)]
        row += [(_mark(tag not in c["missing"]),) for tag in langs]
        rows.append(row)
    lines += table(columns, rows, width, options)
    more = len(stats["coverage"]) - COVERAGE_ROWS
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
