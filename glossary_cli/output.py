"""The one way out of a command: a result, described once, written in the format asked for.

A command builds an :class:`Output` of what it found (the JSON document, the flat rows of
CSV and TSV, how to draw its table or card, its findings for SARIF) and hands it to
:func:`emit` with the chosen :class:`Format`. What each format means is decided here, the same
for every command: JSON and JSON Lines are written as data (never coloured, never shaped for
``--bidi``), CSV and TSV through one writer, SARIF as one log, ``lines`` as one
``FILE:LINE:COLUMN: level: message [rule]`` line per finding, and a table or card on a console
of its own, through the pager when it is taller than the terminal.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from enum import Enum
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, BinaryIO

from glossary_cli.errors import UsageError, printable
from glossary_cli.values import NamedTuple

if TYPE_CHECKING:
    from pathlib import Path

    from glossary_cli.api import CheckResult, ScanResult
    from glossary_cli.jsonout import JSONObject
    from glossary_cli.lint import Issue
    from glossary_cli.model import Hit, ListedTerm, LoadedSource, LookupResult, TermbaseStats


class Format(str, Enum):
    """Every output format a command can offer (each command declares which it takes)."""

    table = "table"
    card = "card"
    json = "json"
    jsonl = "jsonl"
    csv = "csv"
    tsv = "tsv"
    sarif = "sarif"
    lines = "lines"


#: How a command draws a table or card: ``draw(console, bidi=..., wide=...)``.
Draw = Callable[..., None]


class Output(NamedTuple):
    """A command's result, ready for every format it offers. Each part is made only when its
    format is asked for (a table never builds the JSON objects, nor JSON the SARIF findings).

    Attributes:
        document: makes the JSON document (``--format json``); ``None``: the list of ``rows``.
        rows: makes the flat JSON objects, one per row (JSON Lines, and CSV/TSV through
            ``fields``).
        fields: the CSV/TSV columns, in order, and the keys of ``rows`` they show.
        as_given: CSV/TSV columns written as they are, never guarded against spreadsheet
            formulas (the user's own queries, which the output is joined back to).
        draw: draws the table or card on a console (``draw(console, bidi=, wide=)``).
        findings: makes the SARIF findings (:class:`glossary_cli.sarif.Finding`), for
            ``sarif`` and ``lines``; ``rules``: the rules they refer to, by id.
        delimited: writes CSV (``","``) or TSV (``"\t"``) itself, given the delimiter, where
            the rows are not written as they are (search results: a column per language).
    """

    document: Callable[[], JSONObject | None] | None = None
    rows: Callable[[], Sequence[JSONObject]] = tuple
    fields: Sequence[str] = ()
    as_given: Sequence[str] = ()
    draw: Draw | None = None
    findings: Callable[[], Sequence[Any]] = tuple
    rules: Mapping[str, Any] = MappingProxyType({})
    delimited: Callable[[str], None] | None = None


def resolve(fmt: Format, as_json: bool) -> Format:
    """The format asked for: ``--json`` is ``--format json``.

    Raises:
        UsageError: ``--json`` with another ``--format`` than ``json`` or the default table.
    """
    if not as_json:
        return fmt
    if fmt not in (Format.json, Format.table, Format.card):
        raise UsageError(
            f"--json and --format {fmt.value} ask for different outputs", hint="give one of them"
        )
    return Format.json


def emit(
    output: Output, fmt: Format, *, bidi: bool = False, wide: bool = False, pager: bool = True
) -> None:
    """Write ``output`` to standard output as ``fmt``.

    Args:
        output: the command's result (:class:`Output`).
        fmt: the format; ``table`` and ``card`` draw with ``output.draw``.
        bidi: shape and reorder Arabic in a table or card on a terminal (never in data formats
            nor through a pipe).
        wide: never shorten text in a table or card.
        pager: page a table or card taller than the terminal (``--no-pager`` turns it off).
    """
    from glossary_cli import render

    if fmt is Format.json:
        render.write_json(list(output.rows()) if output.document is None else output.document())
    elif fmt is Format.jsonl:
        render.write_jsonl(output.rows())
    elif fmt in (Format.csv, Format.tsv) and output.delimited is not None:
        output.delimited("\t" if fmt is Format.tsv else ",")
    elif fmt in (Format.csv, Format.tsv):
        render.write_rows_csv(
            output.rows(),
            output.fields,
            delimiter="\t" if fmt is Format.tsv else ",",
            as_given=output.as_given,
        )
    elif fmt is Format.sarif:
        from glossary_cli import __version__, sarif

        log = sarif.Log(
            tuple(output.rules.values()), tuple(output.findings()), __version__, sarif.home_page()
        )
        render.write_json(sarif.log_json(log))
    elif fmt is Format.lines:
        from glossary_cli import sarif

        for finding in output.findings():
            sys.stdout.write(printable(sarif.finding_line(finding)) + "\n")
    elif output.draw is not None:
        draw = output.draw
        paged(pager, lambda console: draw(console, bidi=bidi, wide=wide))


def nothing(fmt: Format, *, one: bool = False) -> None:
    """What a command that found nothing writes: under ``--format json`` still a JSON document
    for ``| jq`` (``null`` for one concept, else ``[]``); nothing in any other format (the
    reason goes to standard error, the exit code says it)."""
    if fmt is Format.json:
        from glossary_cli import render

        render.write_json(None if one else [])


# --- standard output ----------------------------------------------------------------------------


class ReaderGone(Exception):
    """Standard output was a pipe whose reader went away (``gloss … | head -1``)."""


class OutputFailed(Exception):
    """Standard output could not be written (a full disk, an I/O error)."""


@contextmanager
def output_errors() -> Iterator[None]:
    """Writing to standard output: a closed pipe raises :class:`ReaderGone`, any other
    error :class:`OutputFailed`."""
    try:
        yield
    except BrokenPipeError:
        raise ReaderGone from None
    except OSError as exc:
        raise OutputFailed(exc.strerror or str(exc)) from None


class GuardedStdout:
    """``sys.stdout`` turning a closed pipe into :class:`ReaderGone` and any other write error
    into :class:`OutputFailed`: Typer would catch the ``BrokenPipeError`` and exit 1, which
    means "nothing found", and print a traceback for the rest."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        with output_errors():
            return int(self._stream.write(text))

    def flush(self) -> None:
        with output_errors():
            self._stream.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def write_bytes(data: bytes) -> None:
    """Write a binary result (an export) to standard output, after any text written before it.

    Raises:
        ReaderGone: the reader of the pipe went away; OutputFailed: any other write error.
    """
    sys.stdout.flush()
    with output_errors():
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()


def write_stream(write: Callable[[BinaryIO], None]) -> None:
    """Let ``write`` write a binary result (a streamed export) to standard output as it goes,
    after any text written before it.

    Raises:
        ReaderGone: the reader of the pipe went away; OutputFailed: any other write error;
        whatever ``write`` raises (the part written before stays written).
    """
    sys.stdout.flush()
    with output_errors():
        write(sys.stdout.buffer)
        sys.stdout.buffer.flush()


def paged(pager: bool, draw: Callable[[Any], None]) -> None:
    """Draw on a new console, through the pager when the output is taller than the terminal
    (``$PAGER``, else ``less -R``; never for a pipe or a file)."""
    from glossary_cli import render

    console = render.make_console()
    terminal = not isinstance(console, render.PlainConsole)
    command = None
    if pager and terminal:  # no reading of $PAGER for a pipe (shlex is not loaded)
        from glossary_cli.config import pager_command

        command = pager_command(os.environ)
    with render.Paging(console, command):
        draw(console)


# --- each command's result as an Output ------------------------------------------------------


def hits(results: Sequence[Hit], langs: Sequence[str]) -> Output:
    """Search results (:class:`glossary_cli.model.Hit`): the JSON objects of their concepts
    (:func:`glossary_cli.jsonout.concept`), CSV of their main terms, the results table."""
    from glossary_cli import render

    def objects() -> list[JSONObject]:
        from glossary_cli import jsonout

        return [jsonout.concept(h, langs) for h in results]

    def draw(console: Any, *, bidi: bool, wide: bool) -> None:
        render.search_table(list(results), langs, console, bidi=bidi, wide=wide)

    return Output(
        rows=objects, draw=draw, delimited=lambda delimiter: render.write_csv(results, langs)
    )


def card(hit: Hit, langs: Sequence[str]) -> Output:
    """The concept ``gloss show`` found (a :class:`glossary_cli.model.Hit`): its JSON object,
    its CSV row, its card."""
    from glossary_cli import render

    found = hits([hit], langs)

    def draw(console: Any, *, bidi: bool, wide: bool) -> None:
        render.concept_card(hit.concept, langs, console, bidi=bidi, wide=wide)

    return Output(
        document=lambda: found.rows()[0], rows=found.rows, draw=draw, delimited=found.delimited
    )


def _rows(values: Sequence[object]) -> Callable[[], list[JSONObject]]:
    """Makes the values' JSON rows (:func:`glossary_cli.jsonout.rows`: ``schema_version``
    first)."""

    def make() -> list[JSONObject]:
        from glossary_cli import jsonout

        return jsonout.rows(values)

    return make


def terms_list(rows: Sequence[ListedTerm]) -> Output:
    """``gloss list`` (``api.list_terms``: :class:`glossary_cli.model.ListedTerm` rows)."""
    from glossary_cli import render
    from glossary_cli.model import ListedTerm

    def draw(console: Any, *, bidi: bool, wide: bool) -> None:
        render.list_table(rows, console, bidi=bidi, wide=wide)

    return Output(rows=_rows(rows), fields=ListedTerm._fields, draw=draw)


def sources(rows: Sequence[LoadedSource]) -> Output:
    """``gloss sources`` (``api.sources``: :class:`glossary_cli.model.LoadedSource` rows)."""
    from glossary_cli import render
    from glossary_cli.model import LoadedSource

    def draw(console: Any, *, bidi: bool, wide: bool) -> None:
        render.sources_table(rows, console, bidi=bidi, wide=wide)

    return Output(rows=_rows(rows), fields=LoadedSource._fields, draw=draw)


def stats(counts: TermbaseStats) -> Output:
    """``gloss stats`` (``api.stats``: :class:`glossary_cli.model.TermbaseStats`): one JSON
    document (:func:`glossary_cli.jsonout.stats`) and its view."""
    from glossary_cli import render

    def document() -> JSONObject:
        from glossary_cli import jsonout

        return jsonout.stats(counts)

    def draw(console: Any, *, bidi: bool, wide: bool) -> None:
        render.stats_view(counts, console, bidi=bidi, wide=wide)

    return Output(document=document, draw=draw)


def lint(issues: Sequence[Issue], where: Mapping[str, Path]) -> Output:
    """The issues of ``gloss lint`` (:class:`glossary_cli.lint.Issue`): a row each, a SARIF
    finding each (``where``: the path of each file named), the report."""
    from glossary_cli import render
    from glossary_cli.lint import Issue
    from glossary_cli.sarif import LINT_RULES, lint_findings

    def draw(console: Any, *, bidi: bool, wide: bool) -> None:
        render.lint_report(issues, console, bidi=bidi, wide=wide)

    return Output(
        rows=_rows(issues),
        fields=Issue._fields,
        draw=draw,
        findings=lambda: lint_findings(issues, where),
        rules=LINT_RULES,
    )


def texts(inputs: Sequence[tuple[str, bytes]]) -> dict[str, str]:
    """The inputs as text, by name, for the regions of a SARIF log (what cannot be decoded is
    left out: its findings name the file alone)."""
    from glossary_cli.errors import GlossError
    from glossary_cli.formats._common import decode

    out = {}
    for name, raw in inputs:
        try:
            out[name] = decode(raw, name)
        except GlossError:
            continue
    return out


def scan(
    inputs: Sequence[tuple[str, bytes]],
    result: ScanResult,
    langs: Sequence[str],
    *,
    only_deprecated: bool,
) -> Output:
    """What ``gloss scan`` found (``api.scan``: an :class:`glossary_cli.api.ScanResult`): a
    row per occurrence (:class:`glossary_cli.model.FoundTerm`), a SARIF finding per
    occurrence, the highlighted texts and the concepts found."""
    from glossary_cli import api, jsonout, render
    from glossary_cli.sarif import SCAN_RULES, scan_findings

    found = result.found_terms()

    def findings() -> list[Any]:
        use = {(r.id, r.lang): r.use for r in found}
        return scan_findings(texts(inputs), result.texts, use, only_deprecated=only_deprecated)

    def draw(console: Any, *, bidi: bool, wide: bool) -> None:
        render.scan_view(result.texts, result.concepts, langs, console, bidi=bidi, wide=wide)

    def delimited(delimiter: str) -> None:
        flat = [{**jsonout.fields(r), "also": ",".join(r.also)} for r in found]
        render.write_rows_csv(flat, api.OCCURRENCE_FIELDS, delimiter=delimiter)

    return Output(
        rows=_rows(found),
        fields=api.OCCURRENCE_FIELDS,
        draw=draw,
        findings=findings,
        rules=SCAN_RULES,
        delimited=delimited,
    )


def check(inputs: Sequence[tuple[str, bytes]], results: Sequence[CheckResult]) -> Output:
    """The issues of ``gloss check`` (``api.check_files``): a row each, a SARIF finding each
    (at its place in the file), the table."""
    from glossary_cli import render
    from glossary_cli.sarif import CHECK_RULES, check_findings
    from glossary_cli.text.check import ROW_FIELDS

    issues = [i for result in results for i in result.issues]

    def findings() -> list[Any]:
        read = texts(inputs)
        return [
            finding
            for r in results
            for finding in check_findings(
                "-" if r.file == "-.tsv" else r.file, read.get(r.file), r.issues
            )
        ]

    def draw(console: Any, *, bidi: bool, wide: bool) -> None:
        render.check_view(tuple(issues), console, bidi=bidi, wide=wide)

    return Output(
        rows=_rows(issues),
        fields=ROW_FIELDS,
        draw=draw,
        findings=findings,
        rules=CHECK_RULES,
    )


def lookup(rows: Sequence[LookupResult], langs: Sequence[str]) -> Output:
    """The answers of ``gloss lookup`` (``api.lookup``: a
    :class:`glossary_cli.model.LookupResult` per query): a JSON object per query
    (:func:`glossary_cli.jsonout.row`); for TSV and the table, query, sure, id, English
    headword, then the term in each of ``langs`` (every language of the answers when empty),
    the queries as given."""
    from glossary_cli import render

    tags = list(langs) or list(dict.fromkeys(t for r in rows for t, _ in r.terms))
    fields = ("query", "sure", "id", "headword", *tags)
    flat = [
        {"query": r.query, "sure": "yes" if r.sure else "no", "id": r.id,
         "headword": r.en, **{t: dict(r.terms).get(t) for t in tags}}
        for r in rows
    ]  # fmt: skip

    def draw(console: Any, *, bidi: bool, wide: bool) -> None:
        render.rows_table(flat, fields, console, bidi=bidi, wide=wide)

    return Output(
        rows=_rows(rows),
        fields=fields,
        as_given=("query",),
        draw=draw,
        delimited=lambda delimiter: render.write_rows_csv(
            flat, fields, delimiter=delimiter, as_given=("query",)
        ),
    )


def text(lines: Sequence[str]) -> Output:
    """A report for a person (what ``gloss add`` or ``gloss build`` did), line by line."""
    from glossary_cli import render

    def draw(console: Any, *, bidi: bool, wide: bool) -> None:
        render.report_lines(lines, console, bidi=bidi, wide=wide)

    return Output(draw=draw)
