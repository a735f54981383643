"""The ``gloss`` command: parse options, call one function of :mod:`glossary_cli.api` or
:mod:`glossary_cli.store`, hand the result to :mod:`glossary_cli.render`.

Exit codes (:class:`glossary_cli.errors.ExitCode`): 0 found, 1 nothing found (or stale records
under ``build --check``), 2 usage error, 3 data error, 70 internal error (a bug in gloss).
"""

# No ``from __future__ import annotations`` here: Typer reads every command's signature at
# start-up, and string annotations would be compiled and evaluated anew on every run.

import os
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from enum import Enum
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, Optional

import typer

if TYPE_CHECKING:
    from glossary_cli.model import Hit

from glossary_cli import __version__, formats
from glossary_cli.errors import ExitCode, GlossError, NotFoundError, UsageError, printable
from glossary_cli.tags import parse_langs

EPILOG = (
    "Exit codes: 0 found, 1 nothing found (or stale records with build --check, errors "
    "found by lint), "
    "2 usage error, 3 data error (a malformed glossary, record or index file), "
    "70 internal error (a bug in gloss; GLOSS_DEBUG=1 shows its traceback)."
)

app = typer.Typer(
    name="gloss",
    help=(
        "A glossary of AI terminology in Bengali, Arabic and English.\n\n"
        "Example: gloss search quantization"
    ),
    epilog=EPILOG,
    no_args_is_help=True,
    add_completion=True,
    context_settings={"help_option_names": ["-h", "--help"]},
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)


def _compiling(size: int) -> None:
    """Tell a person at a terminal why a lookup waits: the index is being compiled (only for
    records of a megabyte or more; the bundled glossary's take a fraction of a second)."""
    if size >= 1 << 20 and sys.stderr is not None and sys.stderr.isatty():
        print(
            f"gloss: compiling the search index of {size / (1 << 20):.0f} MB of records "
            "(once, until they change) …",
            file=sys.stderr,
            flush=True,
        )


class OutputFormat(str, Enum):
    """Output formats of ``search``, ``show`` and ``list``."""

    table = "table"
    json = "json"
    jsonl = "jsonl"
    csv = "csv"


class LintFormat(str, Enum):
    """Output formats of ``lint``."""

    table = "table"
    json = "json"
    jsonl = "jsonl"
    csv = "csv"
    sarif = "sarif"


def _complete_term(ctx: typer.Context, incomplete: str) -> list[str]:
    """Shell completion of QUERY/TERM: headwords, abbreviations and terms from the index."""
    from glossary_cli import api

    before = [w for w in ctx.params.get("words") or () if isinstance(w, str)]
    try:
        return api.complete_terms(incomplete, ctx.params.get("data"), before=before)
    except GlossError:
        return []


def _complete_lang(ctx: typer.Context, incomplete: str) -> list[str]:
    """Shell completion of --lang: the language tags of the loaded data, and en."""
    from glossary_cli import api

    try:
        return api.complete_langs(incomplete, ctx.params.get("data"))
    except GlossError:
        return []


DataOption = Annotated[
    Optional[str],  # noqa: UP045 - Typer 0.28 needs Optional on Python 3.10
    typer.Option(
        "--data",
        metavar="DIR",
        help="Data directory to read (default: $GLOSS_DATA, else the bundled glossary).",
        show_default=False,
    ),
]
LangOption = Annotated[
    Optional[list[str]],  # noqa: UP045
    typer.Option(
        "--lang",
        "-l",
        metavar="TAGS",
        help="Language tags to show, in order: comma-separated (bn,ar) or the option repeated.",
        show_default=False,
        autocompletion=_complete_lang,
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]
FormatOption = Annotated[
    OutputFormat, typer.Option("--format", "-f", help="Output format.", case_sensitive=False)
]
BidiOption = Annotated[
    bool,
    typer.Option(
        "--bidi/--no-bidi",
        envvar="GLOSS_BIDI",
        help="Shape and reorder Arabic for terminals without bidi support; "
        "tables only, never JSON, CSV or a pipe.",
    ),
]
WideOption = Annotated[bool, typer.Option("--wide", help="Show full text: never shorten with '…'.")]
StatusOption = Annotated[
    Optional[list[str]],  # noqa: UP045
    typer.Option(
        "--status",
        metavar="STATUS",
        show_default=False,
        help="Only terms of these administrative statuses: preferred, admitted, deprecated, "
        "superseded (comma-separated, or the option repeated).",
    ),
]
TypeOption = Annotated[
    Optional[list[str]],  # noqa: UP045
    typer.Option(
        "--type",
        metavar="TYPE",
        show_default=False,
        help="Only terms of these term types (TBX termType: fullForm, abbreviation, acronym, "
        "variant…; comma-separated, or the option repeated).",
    ),
]
GlossaryOption = Annotated[
    Optional[list[str]],  # noqa: UP045
    typer.Option(
        "--glossary",
        metavar="NAME",
        show_default=False,
        help="Only what was read from these glossary files (as `gloss sources` names them, "
        "suffix optional; curation.yaml for curated terms; comma-separated, or repeated).",
    ),
]
PagerOption = Annotated[
    bool,
    typer.Option(
        "--no-pager",
        help="Never page. (On a terminal, a table taller than the screen goes through $PAGER, "
        "else less -R.)",
    ),
]


def _count(n: int, one: str, many: str | None = None) -> str:
    """``1 entry``, ``2 entries``."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _joined(values: list[str] | None) -> str | None:
    """The values of an option given more than once, as one comma-separated list
    (``--status deprecated --status superseded`` is ``--status deprecated,superseded``)."""
    return None if values is None else ",".join(values)


def _multilingual(glossary: Any) -> int:
    """How many concepts have sections in two or more languages other than English."""
    from glossary_cli.model import is_english

    return sum(1 for c in glossary.concepts if sum(not is_english(s.lang) for s in c.languages) > 1)


def _say(text: str = "", *, err: bool = False) -> None:
    """Print a message or a line of a report for a person: every control character in it (of a
    file name, a term, a path) made visible as its escape, line by line
    (:func:`glossary_cli.errors.printable`), so that an ANSI sequence or a bell in a name cannot
    recolour, clear or ring the terminal. (Tables go through :mod:`glossary_cli.render`, JSON
    and CSV output is written as data.)"""
    typer.echo("\n".join(printable(line) for line in text.split("\n")), err=err)


def _fail(exc: GlossError) -> NoReturn:
    _say(f"gloss: {exc}", err=True)
    raise typer.Exit(int(exc.exit_code))


def _version(value: bool) -> None:
    if value:
        _say(f"gloss {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Show the version and exit."
        ),
    ] = False,
) -> None:
    """A glossary of AI terminology in Bengali, Arabic and English.

    Example: gloss search quantization
    """


def _format(fmt: OutputFormat, as_json: bool) -> OutputFormat:
    """The output format asked for: ``--json`` is ``--format json``; with another
    ``--format`` than ``json`` (or the default table) it is a usage error (exit 2)."""
    if not as_json:
        return fmt
    if fmt not in (OutputFormat.json, OutputFormat.table):
        _say(
            f"gloss: --json and --format {fmt.value} ask for different outputs: give one of them",
            err=True,
        )
        raise typer.Exit(int(ExitCode.USAGE))
    return OutputFormat.json


@app.command()
def search(
    words: Annotated[
        list[str],
        typer.Argument(
            metavar="QUERY...",
            help="What to look for, in any script (several words need no quotes).",
            autocompletion=_complete_term,
            show_default=False,
        ),
    ],
    lang: LangOption = None,
    limit: Annotated[int, typer.Option("--limit", "-n", help="Most results to show.")] = 10,
    mode: Annotated[
        str,
        typer.Option(
            "--mode",
            "-m",
            help="How to match: auto (ranked: exact, inflected, prefix, word, fuzzy, sound, "
            "definition), or one strategy: exact, prefix, word, fuzzy, regex (RE2), glob.",
        ),
    ] = "auto",
    min_score: Annotated[
        float, typer.Option("--min-score", help="Leave out hits scoring below this (0-100).")
    ] = 0.0,
    strict: Annotated[
        bool,
        typer.Option(
            "--strict",
            help="Exit 1 when every hit is approximate (fuzzy, by sound, partial, definition).",
        ),
    ] = False,
    status: StatusOption = None,
    term_type: TypeOption = None,
    glossary: GlossaryOption = None,
    as_json: JsonOption = False,
    fmt: FormatOption = OutputFormat.table,
    data: DataOption = None,
    bidi: BidiOption = False,
    wide: WideOption = False,
    no_pager: PagerOption = False,
) -> None:
    """Find concepts by any of their terms, in any language, or by a definition.

    Example: gloss search quantization --lang bn,ar

    A query that starts with '-' goes after '--': gloss search -- -1bit.
    Approximate hits are marked with ≈; --mode regex 'quant.*ion$' matches a pattern.
    """
    from glossary_cli import api

    query = " ".join(words)
    fmt = _format(fmt, as_json)
    try:
        langs = parse_langs(_joined(lang))
        selection = None
        if status is not None or term_type is not None or glossary is not None:
            from glossary_cli.select import Selection

            selection = Selection.of(langs, _joined(status), _joined(term_type), _joined(glossary))
        searcher = api.open_searcher(data, on_compile=_compiling)
        results = api.search(
            searcher,
            query,
            langs=langs,
            limit=limit,
            selection=selection,
            mode=mode.lower(),
            min_score=min_score,
        )
        elsewhere = not results and langs and api.search(searcher, query, limit=1)
        gap = None if results or elsewhere else api.language_gap(searcher, query)
    except GlossError as exc:
        _fail(exc)
    if not results:
        if fmt is OutputFormat.json:  # still a JSON document for `| jq`
            _emit([], langs, fmt, many=True)
        message = f"gloss: no concept matches {printable(query)!r}"
        if elsewhere:
            message = (
                f"gloss: no concept that matches {printable(query)!r} "
                f"has an entry in {', '.join(langs)}"
            )
        elif selection is not None and selection.filters_terms:
            message += " among the terms --status, --type and --glossary select"
        elif min_score:
            message += f" with a score of at least {min_score:g}"
        elif gap:
            message += f"; {gap.hint}"
        _say(message, err=True)
        raise typer.Exit(int(ExitCode.NOT_FOUND))
    _emit(results, langs, fmt, many=True, bidi=bidi, wide=wide, pager=not no_pager)
    if strict and all(h.match.approximate for h in results):
        _say(f"gloss: every hit for {printable(query)!r} is approximate", err=True)
        raise typer.Exit(int(ExitCode.NOT_FOUND))


@app.command()
def show(
    words: Annotated[
        list[str],
        typer.Argument(
            metavar="TERM...",
            help="A term, abbreviation, English name or concept id (no quotes needed).",
            autocompletion=_complete_term,
            show_default=False,
        ),
    ],
    lang: LangOption = None,
    best: Annotated[
        bool,
        typer.Option(
            "--best", help="Show the nearest concept even when the match is not sure (says so)."
        ),
    ] = False,
    as_json: JsonOption = False,
    fmt: FormatOption = OutputFormat.table,
    data: DataOption = None,
    bidi: BidiOption = False,
    wide: WideOption = False,
    no_pager: PagerOption = False,
) -> None:
    """Show the concept TERM surely names: headword, then each language's entry.

    Example: gloss show LoRA --lang bn,ar

    When the match is not sure (a neighbour, a guess), it lists the nearest concepts
    instead and exits 1; --best shows the nearest anyway.
    """
    from glossary_cli import api

    term = " ".join(words)
    fmt = _format(fmt, as_json)
    try:
        langs = parse_langs(_joined(lang))
        searcher = api.open_searcher(data, on_compile=_compiling)
        result = api.show(searcher, term, best=best)
        ties = api.exact_ties(searcher, term, result)
    except NotFoundError as exc:
        if fmt is OutputFormat.json:  # still a JSON document for `| jq`
            from glossary_cli import render

            render.write_json(None)
        _say(f"gloss: {exc.message}" + (f"; {exc.hint}" if exc.hint else ""), err=True)
        if exc.suggestions:
            _say("did you mean:", err=True)
            for line in exc.suggestions:
                _say("  " + printable(line), err=True)
            if "surely" in exc.message:
                _say("(gloss show --best shows the first of them)", err=True)
        raise typer.Exit(int(exc.exit_code)) from None
    except GlossError as exc:
        _fail(exc)
    if ties:
        _say(
            f"gloss: {len(ties)} more concept{'s match' if len(ties) > 1 else ' matches'} "
            f"{printable(term)!r} exactly: {printable(', '.join(ties))} "
            "(gloss show ID shows each)",
            err=True,
        )
    if not result.sure and result.match.field != "id":
        m = result.match
        _say(f"gloss: approximate: {m.kind} {m.score:.0f} on {printable(m.text)!r}", err=True)
    _emit(
        [result],
        langs,
        fmt,
        many=False,
        bidi=bidi,
        wide=wide,
        pager=not no_pager,
    )


@app.command()
def browse(
    lang: LangOption = None,
    data: DataOption = None,
) -> None:
    """Search as you type: results follow each key, Enter opens a concept's card.

    Example: gloss browse --lang bn

    Up/Down and PageUp/PageDown move the selection; Enter opens the card (Esc, Enter or q
    goes back); Tab changes the languages shown; Up at the top of the list or Ctrl-R recalls
    an earlier query; Esc or Ctrl-C leaves. gloss with no arguments on a terminal starts it.
    """
    from glossary_cli.config import history_file, resolve_data_dir

    try:
        langs = parse_langs(_joined(lang))
        resolve_data_dir(data, os.environ)  # a missing directory is said before the screen
    except GlossError as exc:
        _fail(exc)
    if not _on_a_terminal():
        _say(
            "gloss: browse needs a terminal for its input and output; gloss search QUERY "
            "prints the same results anywhere",
            err=True,
        )
        raise typer.Exit(int(ExitCode.USAGE))
    from glossary_cli.browse import History
    from glossary_cli.interactive import browse as run

    def open_searcher() -> Any:
        """The index, opened on the search thread once the first screen is drawn (importing
        the search modules takes a sixth of the start-up)."""
        from glossary_cli import api

        return api.open_searcher(data)

    run(
        open_searcher,
        langs=langs,
        history=History(history_file(os.environ)),
    )


def _emit(
    results: "list[Hit]",
    langs: tuple[str, ...],
    fmt: OutputFormat,
    *,
    many: bool,
    bidi: bool = False,
    wide: bool = False,
    pager: bool = True,
) -> None:
    from glossary_cli import render
    from glossary_cli.records import concept_json

    if fmt is OutputFormat.json:
        objects = [concept_json(h.concept, langs, h) for h in results]
        render.write_json(objects if many else objects[0])
    elif fmt is OutputFormat.jsonl:
        render.write_jsonl(concept_json(h.concept, langs, h) for h in results)
    elif fmt is OutputFormat.csv:
        render.write_csv(results, langs)
    else:
        if many:
            _paged(pager, lambda c: render.search_table(results, langs, c, bidi=bidi, wide=wide))
        else:
            concept = results[0].concept
            _paged(pager, lambda c: render.concept_card(concept, langs, c, bidi=bidi, wide=wide))


def _pager(enabled: bool) -> tuple[list[str], dict[str, str]] | None:
    from glossary_cli.config import pager_command

    return pager_command(os.environ) if enabled else None


@app.command()
def build(
    data: DataOption = None,
    check: Annotated[
        bool, typer.Option("--check", help="Write nothing; exit 1 if the records are stale.")
    ] = False,
    strict: Annotated[bool, typer.Option("--strict", help="Treat warnings as errors.")] = False,
    user: Annotated[
        bool,
        typer.Option(
            "--user",
            help="Rebuild the records of the glossaries added with `gloss add` instead, aligned "
            "with DATA (e.g. after an upgrade changed the bundled glossary).",
        ),
    ] = False,
) -> None:
    """Build the YAML term records (DATA/concepts.yaml) from DATA/sources and DATA/curation.yaml.

    Example: gloss build --data data --check
    """
    from glossary_cli import build as pipeline
    from glossary_cli import store
    from glossary_cli.config import resolve_data_dir

    try:
        data_dir = resolve_data_dir(data, os.environ)
        if user:
            _build_user(data_dir, strict=strict, check=check, data=data)
            return
        result = pipeline.build_records(data_dir, strict=strict)
    except GlossError as exc:
        _fail(exc)
    for warning in result.warnings:
        _say(f"gloss: warning: {warning}", err=True)
    g = result.glossary
    files = len(dict.fromkeys(s.file for s in g.sources))
    entries = sum(s.entries for s in g.sources)
    _say(
        f"{_count(files, 'source')}, {_count(entries, 'entry', 'entries')}, "
        f"{_count(len(g.concepts), 'concept')} ({_multilingual(g)} in more than one language "
        f"besides English), {_count(g.term_count, 'term')}"
    )
    for a in result.alignments:
        verdict = "parallel: merged" if a.parallel else f"not parallel ({a.reason})"
        _say(f"  {a.first} ~ {a.second}: {a.agreeing}/{a.compared} English agree; {verdict}")
    records = data_dir / store.RECORDS
    if check:
        if store.records_are_current(data_dir, result.text):
            _say(f"{records} is up to date")
            return
        import shlex

        again = "gloss build" + (f" --data {shlex.quote(data)}" if data else "")
        _say(f"gloss: {records} is stale; run `{again}` to rebuild it", err=True)
        raise typer.Exit(int(ExitCode.NOT_FOUND))
    try:
        changed = store.write_records(data_dir, result.text)
    except GlossError as exc:
        _fail(exc)
    _say(f"{'wrote' if changed else 'unchanged:'} {records}")


def _build_user(base: Any, *, strict: bool, check: bool, data: str | None) -> None:
    """``gloss build --user``: the user's records again, from the files they added."""
    from glossary_cli import api

    result = api.rebuild_user(base, strict=strict, check=check)
    if result is None:
        _say("no glossaries added with `gloss add`: nothing to rebuild")
        return
    for warning in result.warnings:
        _say(f"gloss: warning: {printable(str(warning))}", err=True)
    entries = sum(r.entries for r in result.reports)
    _say(
        f"{_count(len(result.reports), 'source')}, {_count(entries, 'entry', 'entries')}, "
        f"{_count(result.concepts, 'concept')}"
    )
    for r in result.reports:
        joined = f", {r.joined} joining concepts held already" if r.joined else ""
        _say(
            f"  {r.file}: {_count(r.entries, 'entry', 'entries')} in "
            f"{', '.join(r.langs) or 'no language'}, {_count(r.concepts, 'concept')}{joined}"
        )
    if check:
        if result.current:
            _say(f"{result.user_dir} is up to date")
            return
        import shlex

        again = "gloss build --user" + (f" --data {shlex.quote(data)}" if data else "")
        _say(f"gloss: {result.user_dir} is stale; run `{again}` to rebuild it", err=True)
        raise typer.Exit(int(ExitCode.NOT_FOUND))
    _say(f"{'wrote' if result.changed else 'unchanged:'} {result.user_dir}")


# --- the user's glossaries, exchange formats, browsing ---------------------------------------


def _complete_user_source(incomplete: str) -> list[str]:
    """Shell completion of `gloss remove`: the files added with `gloss add`."""
    from glossary_cli import api

    try:
        return api.complete_user_sources(incomplete)
    except GlossError:
        return []


def _complete_new_lang(incomplete: str) -> list[str]:
    """Shell completion of `gloss add --lang`: ISO 639 codes ICU knows."""
    from glossary_cli import api

    return api.complete_new_lang(incomplete)


def _complete_one_lang(ctx: typer.Context, incomplete: str) -> list[str]:
    """Shell completion of a single --lang tag of the loaded data."""
    return [t for t in _complete_lang(ctx, incomplete) if "," not in t]


@app.command()
def add(
    files: Annotated[
        list[str],
        typer.Argument(
            metavar="PATH...",
            help="Glossary files (gloss's plain text, or "
            + ", ".join(f.suffixes[0] for f in formats.FORMATS if not f.aligned and f.readable)
            + ") or term folders.",
            show_default=False,
        ),
    ],
    lang: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--lang",
            "-l",
            metavar="TAG",
            autocompletion=_complete_new_lang,
            show_default=False,
            help="Language of a plain file's terms (BCP 47: hi, ur, fa, en…); needed unless "
            "they are in Bengali or Arabic script.",
        ),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Replace a file of the same name added before.")
    ] = False,
    dry_run: Annotated[
        bool,
        typer.Option(
            "--dry-run",
            help="Read the file and say what would be added (concepts, terms per language, "
            "the first entries, every warning); change nothing.",
        ),
    ] = False,
    file_format: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--format",
            "-f",
            metavar="FORMAT",
            show_default=False,
            help="Read every PATH as this format, whatever its name and content: "
            + ", ".join(formats.names(readable=True))
            + ", folder.",
        ),
    ] = None,
    columns: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--columns",
            metavar="WHAT=COLUMN,...",
            show_default=False,
            help="What each column of a CSV, TSV or spreadsheet holds, by header name or "
            "1-based number: en=english,ar=arabic,definition:ar=description.",
        ),
    ] = None,
    sheet: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--sheet", metavar="NAME", show_default=False, help="The spreadsheet's sheet to read."
        ),
    ] = None,
    skip_bad: Annotated[
        bool,
        typer.Option(
            "--skip-bad",
            help="Leave malformed rows out (each reported with its line) instead of refusing "
            "the file.",
        ),
    ] = False,
) -> None:
    """Add glossary files or term folders to your own glossaries; lookups merge them with the
    bundled one.

    A file that translates a bundled glossary entry by entry joins its concepts.

    Example: gloss add hindi-terms.txt --lang hi
    """
    from glossary_cli import api

    try:
        options = {
            "format": file_format,
            "columns": api.parse_columns(columns) if columns is not None else None,
            "sheet": sheet,
            "skip_bad": skip_bad,
        }
        api.check_distinct(files)
        if len(files) > 1 and not dry_run:
            for file in files:  # every file read first: an error adds none of them
                api.add(file, lang=lang, force=force, dry_run=True, options=options)
        for file in files:
            change = api.add(file, lang=lang, force=force, dry_run=dry_run, options=options)
            _add_one(change, dry_run)
    except GlossError as exc:
        _fail(exc)


def _add_one(change: Any, dry_run: bool) -> None:
    """Print what one ``gloss add`` of a file did (or would do)."""
    from glossary_cli import api

    r = change.report
    # only the added file's warnings: those of the files added before were said then
    for warning in api.warnings_of(change):
        _say(f"gloss: warning: {printable(str(warning))}", err=True)
    held = "concepts held already" if r.joins else "bundled concepts"
    joined = f", {r.joined} joining {held}" if r.joined else ""
    verb = (
        ("would replace" if dry_run else "replaced")
        if change.replaced
        else ("would add" if dry_run else "added")
    )
    _say(
        f"{verb} {r.file}: {_count(r.entries, 'entry', 'entries')} in "
        f"{', '.join(r.langs) or 'no language'}, {_count(r.concepts, 'concept')}{joined}"
    )
    if change.plan:
        _say("  read as:")
        for reading in change.plan:
            _say("    " + printable(api.reading_line(reading)))
    if r.joins:
        _say(f"  {_count(len(r.joins), 'concept')} joined by the stated rule:")
        for line in r.joins:
            _say("    " + printable(line))
    if r.corrected:
        _say(f"  {_count(len(r.corrected), 'concept')} held already, corrected:")
        for line in r.corrected:
            _say("    " + printable(line))
    if r.apart:
        _say(f"  {_count(len(r.apart), 'near-duplicate')} kept apart:")
        for line in r.apart:
            _say("    " + printable(line))
    if dry_run:
        for lang, count in api.terms_per_language(change).items():
            _say(f"  {lang}: {_count(count, 'term')}")
        for line in api.first_entries(change, 5):
            _say("  " + printable(line))
        _say("  nothing was changed (--dry-run)")
        return
    for other in r.aligned:
        _say(f"  aligned to {other} (parallel: merged)")
    if not r.aligned and not r.joined:
        _say("  not parallel to any other source: its concepts stand alone")
    _say(f"  in {change.user_dir}")


@app.command()
def remove(
    name: Annotated[
        str,
        typer.Argument(
            metavar="FILE",
            autocompletion=_complete_user_source,
            show_default=False,
            help="The name of a file added with `gloss add` (see `gloss sources`).",
        ),
    ],
) -> None:
    """Remove a glossary file you added with `gloss add`.

    Example: gloss remove hindi-terms.txt
    """
    from glossary_cli import api

    try:
        change = api.remove(name)
    except NotFoundError as exc:
        _say(f"gloss: {exc.message}", err=True)
        if exc.suggestions:
            _say("added files: " + ", ".join(exc.suggestions), err=True)
        raise typer.Exit(int(exc.exit_code)) from None
    except GlossError as exc:
        _fail(exc)
    left = "" if change.left else "; no added glossaries left"
    _say(f"removed {change.file} from {change.user_dir}{left}")


@app.command()
def sources(
    as_json: JsonOption = False,
    data: DataOption = None,
    no_pager: PagerOption = False,
) -> None:
    """List every loaded glossary file: language, entries, bundled or yours, and where it is.

    Example: gloss sources --json
    """
    from glossary_cli import api, render

    _view(lambda: api.sources(data), render.sources_table, as_json=as_json, pager=not no_pager)


def _view(
    compute: Callable[[], Any], draw: Callable[[Any, Any], None], *, as_json: bool, pager: bool
) -> None:
    """Run a read-only report (``sources``, ``stats``): JSON, or drawn on a paged console."""
    from glossary_cli import render

    try:
        result = compute()
    except GlossError as exc:
        _fail(exc)
    if as_json:
        from glossary_cli.records import versioned

        if isinstance(result, list):
            render.write_json([versioned(r) for r in result])
        else:
            render.write_json(versioned(result))
        return
    _paged(pager, lambda console: draw(result, console))


def _paged(pager: bool, draw: Callable[[Any], None]) -> None:
    """Draw on a new rich console, through the pager when output is long (see ``_pager``)."""
    from glossary_cli import render

    console = render.make_console()
    # no pager for a pipe or a file (and no reading of $PAGER: shlex is not loaded)
    terminal = not isinstance(console, render.PlainConsole)
    with render.Paging(console, _pager(pager and terminal)):
        draw(console)


#: Formats of ``gloss export``: those the registry (:mod:`glossary_cli.formats`) writes.
ExportFormat = Enum(  # type: ignore[misc]
    "ExportFormat", {name: name for name in formats.names(writable=True)}, type=str
)


class TbxVersion(str, Enum):
    """TBX versions of ``gloss export --format tbx``."""

    v2 = "v2"
    v3 = "v3"


@app.command(name="export")
def export_(
    fmt: Annotated[
        Optional[ExportFormat],  # noqa: UP045
        typer.Option(
            "--format",
            "-f",
            case_sensitive=False,
            show_default=False,
            help=", ".join(formats.names(writable=True))
            + " (default: from -o's suffix, else tbx).",
        ),
    ] = None,
    lang: Annotated[
        Optional[list[str]],  # noqa: UP045
        typer.Option(
            "--lang",
            "-l",
            metavar="TAGS",
            autocompletion=_complete_lang,
            show_default=False,
            help="Languages to write, e.g. bn,ar,en; default: all.",
        ),
    ] = None,
    status: StatusOption = None,
    term_type: TypeOption = None,
    glossary: GlossaryOption = None,
    output: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            show_default=False,
            help="Write to FILE (atomically) instead of standard output.",
        ),
    ] = None,
    tbx_version: Annotated[
        TbxVersion, typer.Option("--tbx-version", help="v2 (martif; what most tools read) or v3.")
    ] = TbxVersion.v2,
    raw_cells: Annotated[
        bool,
        typer.Option(
            "--raw-cells",
            help="CSV/TSV: write cells as they are, even one that begins with = + - or @ "
            "(by default it is written after an apostrophe, so a spreadsheet shows it as text "
            "instead of running it as a formula).",
        ),
    ] = False,
    source: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--source",
            metavar="TAG",
            show_default=False,
            help="deepl, google-pairs, amazon-terminology, microsoft-dictionary: the source "
            "language (amazon-terminology: default en); languagetool: the language.",
        ),
    ] = None,
    target: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--target",
            metavar="TAG",
            show_default=False,
            help="deepl, google-pairs, microsoft-dictionary: the target language; "
            "amazon-terminology: one or more, comma-separated (default: every other language).",
        ),
    ] = None,
    definitions: Annotated[
        bool,
        typer.Option(
            "--definitions",
            help="llm-prompt, llm-json: give each concept's definition (cut at 200 characters).",
        ),
    ] = False,
    data: DataOption = None,
) -> None:
    """Export the glossary (bundled and your own) as TBX, CSV, TSV, JSON Lines, YAML, a
    spreadsheet, a dictionary, a web page, an Anki deck, a translation service's glossary, an
    LLM prompt or a Vale style.

    Example: gloss export --format tbx --lang bn,ar -o glossary.tbx

    xlsx is a spreadsheet of CSV's rows (every cell text, never a formula); tabfile is a
    dictionary source for PyGlossary (pyglossary glossary.tab glossary.ifo gives StarDict,
    for GoldenDict and KOReader); html is one self-contained page with a search box; anki is
    a deck (.apkg) of a note per concept and language pair. xlsx, anki and
    microsoft-dictionary are binary: give -o FILE, or redirect standard output. deepl,
    google-pairs and microsoft-dictionary need --source and --target (gloss export --format
    deepl --source en --target ar); vale writes a style directory: -o styles/Gloss.
    """
    import functools
    from pathlib import Path

    from glossary_cli import api
    from glossary_cli.select import Selection

    by_name = formats.by_suffix(output) if output else None
    from_suffix = by_name.name if by_name is not None and by_name.writable else None
    suffix = Path(output).suffix if output else ""
    if fmt is None and suffix and from_suffix is None:
        _say(
            f"gloss: cannot tell an export format from {suffix!r} (give --format "
            f"{', '.join(formats.names(writable=True))}, or a FILE ending in "
            + ", ".join(s for f in formats.FORMATS if f.writable for s in f.suffixes)
            + ")",
            err=True,
        )
        raise typer.Exit(int(ExitCode.USAGE))
    chosen = fmt.value if fmt else (from_suffix or "tbx")
    if formats.get(chosen).directory:
        _export_directory(chosen, output, lang, status, term_type, glossary, data)
        return
    if output is None and formats.get(chosen).binary and sys.stdout.isatty():
        _say(
            f"gloss: an {chosen} file is binary and is not written to a terminal: give -o FILE "
            "(or redirect standard output to a file or a pipe)",
            err=True,
        )
        raise typer.Exit(int(ExitCode.USAGE))
    left_out: list[str] = []
    try:
        langs = parse_langs(_joined(lang))
        selection = Selection.of(langs, _joined(status), _joined(term_type), _joined(glossary))
        exporting = functools.partial(
            api.export_to,
            chosen,
            langs=langs,
            selection=selection,
            tbx_version=tbx_version.value,
            data=data,
            left_out=left_out,
            raw_cells=raw_cells,
            source=source,
            target=target,
            definitions=definitions,
        )
        # streamed: to a temporary file renamed when complete, or to standard output
        if output is not None:
            from glossary_cli.store import atomic_writer

            with atomic_writer(Path(output)) as out:
                exporting(out)
        else:
            sys.stdout.flush()
            with _output_errors():
                exporting(sys.stdout.buffer)
                sys.stdout.buffer.flush()
    except NotFoundError as exc:
        _say(f"gloss: {exc.message}", err=True)
        if exc.suggestions:
            _say("languages: " + ", ".join(exc.suggestions), err=True)
        raise typer.Exit(int(exc.exit_code)) from None
    except GlossError as exc:
        _fail(exc)
    for message in left_out:
        _say(f"gloss: warning: {message}", err=True)
    if output is not None:
        _say(f"wrote {output} ({chosen})", err=True)


def _export_directory(
    chosen: str,
    output: str | None,
    lang: list[str] | None,
    status: list[str] | None,
    term_type: list[str] | None,
    glossary: list[str] | None,
    data: str | None,
) -> None:
    """``gloss export`` of a format that writes a directory (``vale``): each file written
    atomically under the parent of ``-o DIR``, the directory's name the style's."""
    from pathlib import Path

    from glossary_cli import api
    from glossary_cli.select import Selection
    from glossary_cli.store import write_atomic

    if output is None:
        _say(
            f"gloss: --format {chosen} writes a directory: give -o DIR (e.g. -o styles/Gloss)",
            err=True,
        )
        raise typer.Exit(int(ExitCode.USAGE))
    where = Path(output)
    name = where.resolve().name
    try:
        langs = parse_langs(_joined(lang))
        selection = Selection.of(langs, _joined(status), _joined(term_type), _joined(glossary))
        left_out: list[str] = []
        files = api.export_files(
            chosen, name=name, langs=langs, selection=selection, data=data, left_out=left_out
        )
        for message in left_out:
            _say(f"gloss: warning: {message}", err=True)
        root = where.resolve().parent
        for file in files:
            path = root.joinpath(*file.path.split("/"))
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, file.data)
    except NotFoundError as exc:
        _say(f"gloss: {exc.message}", err=True)
        if exc.suggestions:
            _say("languages: " + ", ".join(exc.suggestions), err=True)
        raise typer.Exit(int(exc.exit_code)) from None
    except GlossError as exc:
        _fail(exc)
    except OSError as exc:
        _say(f"gloss: cannot write {output}: {exc.strerror or exc}", err=True)
        raise typer.Exit(int(ExitCode.DATA)) from None
    for file in files:
        _say(f"wrote {root.joinpath(*file.path.split('/'))} ({chosen})", err=True)


@app.command(name="list")
def list_(
    lang: Annotated[
        Optional[list[str]],  # noqa: UP045
        typer.Option(
            "--lang",
            "-l",
            metavar="TAG",
            autocompletion=_complete_one_lang,
            show_default=False,
            help="List this language's terms (with the English headword beside); default: "
            "the English headwords.",
        ),
    ] = None,
    status: StatusOption = None,
    term_type: TypeOption = None,
    glossary: GlossaryOption = None,
    as_json: JsonOption = False,
    fmt: FormatOption = OutputFormat.table,
    data: DataOption = None,
    no_pager: PagerOption = False,
) -> None:
    """List the headwords in the alphabetical order of their language (ICU collation).

    With --status, --type or --glossary, every term that passes is listed.

    Example: gloss list --lang bn
    """
    from glossary_cli import api, render
    from glossary_cli.records import versioned
    from glossary_cli.select import Selection

    fmt = _format(fmt, as_json)
    try:
        langs = parse_langs(_joined(lang))
        if len(langs) > 1:
            from glossary_cli.errors import UsageError

            raise UsageError("list takes one language", hint="e.g. --lang bn")
        selection = Selection.of(langs, _joined(status), _joined(term_type), _joined(glossary))
        reader = api.open_reader(data, on_compile=_compiling)
        rows = api.list_terms(reader, langs[0] if langs else None, selection)
    except NotFoundError as exc:
        if fmt is OutputFormat.json:  # still a JSON document for `| jq`
            render.write_json([])
        _say(f"gloss: {exc.message}", err=True)
        if exc.suggestions:
            _say("languages: " + ", ".join(exc.suggestions), err=True)
        raise typer.Exit(int(exc.exit_code)) from None
    except GlossError as exc:
        _fail(exc)
    if fmt is OutputFormat.json:
        render.write_json([versioned(r) for r in rows])
    elif fmt is OutputFormat.jsonl:
        render.write_jsonl(versioned(r) for r in rows)
    elif fmt is OutputFormat.csv:
        render.write_rows_csv(rows, ("id", "lang", "term", "en", "status", "type"))
    else:
        _paged(not no_pager, lambda console: render.list_table(rows, console))


@app.command()
def stats(
    as_json: JsonOption = False,
    data: DataOption = None,
    no_pager: PagerOption = False,
) -> None:
    """Count entries per language and per source, and show which concepts lack which language.

    Example: gloss stats --json
    """
    from glossary_cli import api, render

    _view(lambda: api.stats(data), render.stats_view, as_json=as_json, pager=not no_pager)


@app.command()
def lint(
    paths: Annotated[
        Optional[list[str]],  # noqa: UP045
        typer.Argument(
            metavar="[PATH...]",
            show_default=False,
            help="Glossary files (any format gloss reads), term folders or data directories, "
            "each checked on its own; default: every loaded glossary.",
        ),
    ] = None,
    glossary: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--glossary",
            metavar="NAME",
            show_default=False,
            help="Only the issues of this loaded glossary file (as `gloss sources` names it, "
            "suffix optional), checked against everything loaded.",
        ),
    ] = None,
    lang: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--lang",
            "-l",
            metavar="TAG",
            show_default=False,
            help="Language of a plain file's terms, unless they are in Bengali or Arabic script.",
        ),
    ] = None,
    as_json: JsonOption = False,
    fmt: Annotated[
        LintFormat,
        typer.Option(
            "--format",
            "-f",
            case_sensitive=False,
            help="table, one object per issue (json, jsonl, csv), or a SARIF 2.1.0 log for "
            "code scanning (sarif).",
        ),
    ] = LintFormat.table,
    data: DataOption = None,
    no_pager: PagerOption = False,
) -> None:
    """Check glossary data for terminology errors: duplicates, near-duplicates, conflicting
    translations, scripts that contradict language tags, English left in native terms.

    Exits 1 when there is an error (warnings alone exit 0).

    Example: gloss lint my-terms.tbx
    """
    from glossary_cli import api, render
    from glossary_cli.lint import Issue, issue_mapping
    from glossary_cli.records import versioned

    if as_json and fmt not in (LintFormat.json, LintFormat.table):
        _say(
            f"gloss: --json and --format {fmt.value} ask for different outputs: give one of them",
            err=True,
        )
        raise typer.Exit(int(ExitCode.USAGE))
    fmt = LintFormat.json if as_json else fmt
    try:
        result, where = api.lint_paths(paths or (), glossary=glossary, lang=lang, data=data)
    except NotFoundError as exc:
        _say(f"gloss: {exc.message}", err=True)
        if exc.suggestions:
            _say("loaded glossaries: " + ", ".join(exc.suggestions), err=True)
        raise typer.Exit(int(exc.exit_code)) from None
    except GlossError as exc:
        _fail(exc)
    rows = [issue_mapping(i) for i in result.issues]
    if fmt is LintFormat.json:
        render.write_json([versioned(r) for r in rows])
    elif fmt is LintFormat.jsonl:
        render.write_jsonl(versioned(r) for r in rows)
    elif fmt is LintFormat.csv:
        render.write_rows_csv(rows, Issue._fields)
    elif fmt is LintFormat.sarif:
        from glossary_cli.sarif import LINT_RULES, lint_findings

        _write_sarif(lint_findings(result.issues, where), LINT_RULES)
    else:
        _paged(not no_pager, lambda console: render.lint_report(result.issues, console))
    found = f"{_count(result.errors, 'error')}, {_count(result.warnings, 'warning')}"
    checked = f"{_count(result.concepts, 'concept')} ({_count(result.terms, 'term')})"
    _say(f"gloss: {found} in {checked}", err=True)
    if result.errors:
        raise typer.Exit(int(ExitCode.NOT_FOUND))


def _read_input(name: str, stdin_as: str = "-") -> tuple[str, bytes]:
    """``(name, bytes)`` of a file to read, ``-`` standard input (named ``stdin_as``).

    Raises:
        UsageError: the file cannot be read.
    """
    if name == "-":
        return stdin_as, sys.stdin.buffer.read()
    try:
        with open(name, "rb") as fh:
            return name, fh.read()
    except OSError as exc:
        raise UsageError(
            f"cannot read {name}: {exc.strerror}", hint="give a file, or - for standard input"
        ) from None


class ScanFormat(str, Enum):
    """Output formats of ``scan`` and ``check``."""

    table = "table"
    json = "json"
    jsonl = "jsonl"
    csv = "csv"
    tsv = "tsv"
    sarif = "sarif"
    lines = "lines"


def _write_sarif(findings: list[Any], rules: Mapping[str, Any], *, lines: bool = False) -> None:
    """Print findings as one SARIF 2.1.0 log of the command's rules (:mod:`glossary_cli.sarif`),
    or with ``lines`` one ``FILE:LINE:COLUMN: level: message [rule]`` line each."""
    from glossary_cli import render, sarif

    if lines:
        for finding in findings:
            _say(sarif.finding_line(finding))
        return
    log = sarif.Log(tuple(rules.values()), tuple(findings), __version__, sarif.home_page())
    render.write_json(sarif.log_json(log))


def _texts(inputs: list[tuple[str, bytes]]) -> dict[str, str]:
    """The inputs as text, by name, for the regions of a SARIF log (what cannot be decoded is
    left out: its findings name the file alone)."""
    from glossary_cli.formats._common import decode

    out = {}
    for name, raw in inputs:
        try:
            out[name] = decode(raw, name)
        except GlossError:
            continue
    return out


class Side(str, Enum):
    """Which side of a bilingual file ``scan`` reads."""

    source = "source"
    target = "target"


@app.command()
def scan(
    files: Annotated[
        Optional[list[str]],  # noqa: UP045
        typer.Argument(
            metavar="[FILE...]",
            show_default=False,
            help="Texts to scan: plain text, Markdown (code skipped), PO, XLIFF or TMX; - or "
            "none for standard input.",
        ),
    ] = None,
    lang: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--lang",
            "-l",
            metavar="TAGS",
            autocompletion=_complete_lang,
            show_default=False,
            help="Seek only the terms of these languages (comma-separated: bn,ar); the table "
            "shows each concept's term in them.",
        ),
    ] = None,
    fmt: Annotated[
        ScanFormat,
        typer.Option(
            "--format",
            "-f",
            case_sensitive=False,
            help="table (the text highlighted, then the concepts found), one row per "
            "occurrence (json, jsonl, csv, tsv), a SARIF 2.1.0 log for code scanning (sarif), "
            "or one FILE:LINE:COLUMN line per occurrence (lines).",
        ),
    ] = ScanFormat.table,
    side: Annotated[
        Side,
        typer.Option(
            "--side",
            case_sensitive=False,
            help="Of a PO, XLIFF or TMX file: the source, or the translation.",
        ),
    ] = Side.source,
    strict: Annotated[
        bool,
        typer.Option(
            "--strict",
            help="Leave out the terms that are also everyday words of their language (a "
            "one-word term among its language's most frequent words: Arabic الخطوة, English "
            "model); the rows mark them with everyday.",
        ),
    ] = False,
    only_deprecated: Annotated[
        bool,
        typer.Option(
            "--only-deprecated",
            help="Only the deprecated and superseded terms, as findings to correct: exit 1 when "
            "there is one, 0 when the text has none (for CI and pre-commit).",
        ),
    ] = False,
    data: DataOption = None,
    no_pager: PagerOption = False,
) -> None:
    """Find every glossary term in a text: every term of every language, in inflected and
    clitic forms, never inside a longer word.

    Offsets in the rows are code points of the text as read. Exits 1 when no term is found;
    with --only-deprecated, exits 1 when a deprecated term is found.

    Example: gloss scan chapter.md --lang bn,ar
    """
    from glossary_cli import api, render

    try:
        inputs = [_read_input(name) for name in files or ["-"]]
        langs = list(parse_langs(lang))
        texts, concepts = api.scan(
            inputs,
            langs=langs,
            side=side.value,
            strict=strict,
            only_deprecated=only_deprecated,
            data=data,
        )
    except GlossError as exc:
        _fail(exc)
    rows = [
        api.occurrence_mapping(t.name, o, concepts.get(o.id)) for t in texts for o in t.occurrences
    ]
    if fmt in (ScanFormat.sarif, ScanFormat.lines):
        from glossary_cli.sarif import SCAN_RULES, scan_findings

        use = {(r["id"], r["lang"]): r["use"] for r in rows}
        findings = scan_findings(_texts(inputs), texts, use, only_deprecated=only_deprecated)
        _write_sarif(findings, SCAN_RULES, lines=fmt is ScanFormat.lines)
    elif fmt is ScanFormat.json:
        from glossary_cli.records import versioned

        render.write_json([versioned(r) for r in rows])
    elif fmt is ScanFormat.jsonl:
        from glossary_cli.records import versioned

        render.write_jsonl(versioned(r) for r in rows)
    elif fmt in (ScanFormat.csv, ScanFormat.tsv):
        flat = [{**r, "also": ",".join(r["also"])} for r in rows]
        columns = list(api.OCCURRENCE_FIELDS)
        render.write_rows_csv(flat, columns, delimiter="\t" if fmt is ScanFormat.tsv else ",")
    else:
        _paged(not no_pager, lambda console: render.scan_view(texts, concepts, langs, console))
    if only_deprecated:
        _say(f"gloss: {_count(len(rows), 'deprecated term')} found", err=True)
        if rows:
            raise typer.Exit(int(ExitCode.NOT_FOUND))
    elif not rows:
        raise typer.Exit(int(ExitCode.NOT_FOUND))


class LookupFormat(str, Enum):
    """Output formats of ``lookup``."""

    jsonl = "jsonl"
    tsv = "tsv"


@app.command()
def lookup(
    file: Annotated[
        str,
        typer.Argument(
            metavar="[FILE]",
            show_default=False,
            help="One query per line; - or none for standard input.",
        ),
    ] = "-",
    lang: LangOption = None,
    fmt: Annotated[
        LookupFormat,
        typer.Option(
            "--format",
            "-f",
            case_sensitive=False,
            help="jsonl (one object per query) or tsv (query, sure, id, English headword, then "
            "the terms of --lang).",
        ),
    ] = LookupFormat.jsonl,
    only_missing: Annotated[
        bool,
        typer.Option(
            "--only-missing",
            help="Write only the queries the glossary has no sure answer for.",
        ),
    ] = False,
    data: DataOption = None,
) -> None:
    """Look many terms up at once: one query per line in, one result per line out.

    Exits 1 when some query has no sure answer.

    Example: gloss lookup terms.txt --lang bn,ar --format tsv
    """
    from glossary_cli import api, render

    try:
        _, raw = _read_input(file)
        from glossary_cli.formats._common import decode

        queries = decode(raw, file).splitlines()
        langs = list(parse_langs(_joined(lang)))
        rows = api.lookup(queries, langs=langs, data=data)
    except GlossError as exc:
        _fail(exc)
    missing = [r for r in rows if not r["sure"] and r["query"].strip()]  # a blank line asks nothing
    shown = missing if only_missing else rows
    if fmt is LookupFormat.jsonl:
        from glossary_cli.records import versioned

        render.write_jsonl(versioned(r) for r in shown)
    else:
        tags = langs or list(dict.fromkeys(t for r in rows for t in r["terms"]))
        flat = [
            {"query": r["query"], "sure": "yes" if r["sure"] else "no", "id": r["id"],
             "headword": r["en"], **{t: r["terms"].get(t) for t in tags}}
            for r in shown
        ]  # fmt: skip
        fields = ["query", "sure", "id", "headword", *tags]
        # the queries as given, so that the output joins back to the input
        render.write_rows_csv(flat, fields, delimiter="\t", as_given=("query",))
    if missing:
        raise typer.Exit(int(ExitCode.NOT_FOUND))


@app.command()
def check(
    files: Annotated[
        list[str],
        typer.Argument(
            metavar="FILE [TARGET]",
            show_default=False,
            help="A bilingual file (TSV or CSV with an id column and language columns, PO, "
            "XLIFF or TMX; - a TSV on standard input) or several, each checked on its own; or "
            "a source text and its line-aligned translation.",
        ),
    ],
    source_lang: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--source-lang",
            metavar="TAG",
            show_default=False,
            help="The source language (default: what the file or its script says).",
        ),
    ] = None,
    target_lang: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--target-lang",
            metavar="TAG",
            show_default=False,
            help="The target language (default: what the file or its script says).",
        ),
    ] = None,
    columns: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--columns",
            metavar="WHAT=COLUMN,...",
            show_default=False,
            help="A table's columns by name: id=segment,en=english,bn=bangla.",
        ),
    ] = None,
    kinds: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--kinds",
            metavar="KINDS",
            show_default=False,
            help="The checks to run, comma-separated: missing, deprecated, "
            "inconsistent, untranslated (default: all).",
        ),
    ] = None,
    fmt: Annotated[
        ScanFormat,
        typer.Option(
            "--format",
            "-f",
            case_sensitive=False,
            help="table, one row per issue (json, jsonl, csv, tsv), a SARIF 2.1.0 log for code "
            "scanning (sarif), or one FILE:LINE:COLUMN line per issue (lines).",
        ),
    ] = ScanFormat.table,
    data: DataOption = None,
    no_pager: PagerOption = False,
) -> None:
    """Check a translation against the glossary: missing, deprecated, inconsistent and
    untranslated terms.

    Exits 1 when there is an issue, 0 when the translation is clean.

    Example: gloss check chapter.tsv --source-lang en --target-lang bn
    """
    from glossary_cli import api, render
    from glossary_cli.text.check import ROW_FIELDS

    try:
        # standard input: a bilingual table, tab-separated
        inputs = [_read_input(name, stdin_as="-.tsv") for name in files]
        chosen = [k.strip() for k in kinds.split(",") if k.strip()] if kinds else None
        results = api.check_files(
            inputs,
            source_lang=source_lang,
            target_lang=target_lang,
            kinds=chosen,
            columns=api.parse_columns(columns) if columns else None,
            data=data,
        )
    except GlossError as exc:
        _fail(exc)
    issues = [i for result in results for i in result.issues]
    rows = [i.row() for i in issues]
    if fmt in (ScanFormat.sarif, ScanFormat.lines):
        from glossary_cli.sarif import CHECK_RULES, check_findings

        texts = _texts(inputs)
        _write_sarif([
            finding
            for r in results
            for finding in check_findings(
                "-" if r.file == "-.tsv" else r.file, texts.get(r.file), r.issues
            )
        ], CHECK_RULES, lines=fmt is ScanFormat.lines)  # fmt: skip
    elif fmt is ScanFormat.json:
        from glossary_cli.records import versioned

        render.write_json([versioned(r) for r in rows])
    elif fmt is ScanFormat.jsonl:
        from glossary_cli.records import versioned

        render.write_jsonl(versioned(r) for r in rows)
    elif fmt in (ScanFormat.csv, ScanFormat.tsv):
        render.write_rows_csv(rows, ROW_FIELDS, delimiter="\t" if fmt is ScanFormat.tsv else ",")
    else:
        _paged(not no_pager, lambda console: render.check_view(tuple(issues), console))
    for result in results:
        named = f"{printable(result.file)}: " if len(results) > 1 else ""
        if result.skipped:
            _say(f"gloss: {named}not checked: {result.skipped}", err=True)
            continue
        _say(
            f"gloss: {named}{_count(len(result.issues), 'issue')} in "
            f"{_count(result.segments, 'segment')} ({result.source_lang} → {result.target_lang})",
            err=True,
        )
    if issues:
        raise typer.Exit(int(ExitCode.NOT_FOUND))


@app.command()
def lsp(
    data: DataOption = None,
    stdio: Annotated[
        bool,
        typer.Option(
            "--stdio",
            help="Speak over standard input and output (the only transport; editors that "
            "pass --stdio may).",
        ),
    ] = True,
) -> None:
    """Run the language server: hover cards, diagnostics, quick fixes, completion and go to
    definition of glossary terms in Markdown, text, reStructuredText, PO and XLIFF files,
    for any editor with an LSP client, over standard input and output.

    Example: gloss lsp
    """
    from typing import BinaryIO, cast

    from glossary_cli.editor import Settings
    from glossary_cli.lsp import serve

    # the protocol's bytes go to the real standard output, not through the text wrapper
    stdout = sys.__stdout__.buffer if sys.__stdout__ is not None else None
    serve(Settings(data=data), cast(BinaryIO, sys.stdin.buffer), cast("BinaryIO | None", stdout))


class _ReaderGone(Exception):
    """Standard output was a pipe whose reader went away (``gloss … | head -1``)."""


class _OutputFailed(Exception):
    """Standard output could not be written (a full disk, an I/O error)."""


@contextmanager
def _output_errors() -> Iterator[None]:
    """Writing to standard output: a closed pipe raises :class:`_ReaderGone`, any other
    error :class:`_OutputFailed`."""
    try:
        yield
    except BrokenPipeError:
        raise _ReaderGone from None
    except OSError as exc:
        raise _OutputFailed(exc.strerror or str(exc)) from None


class _Stdout:
    """``sys.stdout`` turning a closed pipe into :class:`_ReaderGone` and any other write error
    into :class:`_OutputFailed`: Typer would catch the ``BrokenPipeError`` and exit 1, which
    means "nothing found", and print a traceback for the rest."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        with _output_errors():
            return int(self._stream.write(text))

    def flush(self) -> None:
        with _output_errors():
            self._stream.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


#: Commands that only read: once they have written their output, nothing is left to clean up.
_READ_ONLY = frozenset({"search", "show", "list", "sources", "stats", "browse"})


def _invoked_command(args: list[str]) -> str | None:
    """The command of ``gloss [OPTIONS] COMMAND …`` when it comes first (``gloss show LoRA`` →
    ``show``); ``None`` for top-level options first (``--version``, ``--help``) or none."""
    name = next((a for a in args if not a.startswith("-")), None)
    return name if name is not None and args.index(name) == 0 else None


#: Commands whose arguments are free text that may begin with a hyphen.
_TEXT_COMMANDS = frozenset({"search", "show"})


def _query_that_looks_like_an_option(args: list[str]) -> None:
    """Stop with a usage error that says what to do when a query before ``--`` begins with a
    hyphen and cannot be an option: it holds a space or a letter outside ASCII (``"- LoRA"``,
    ``-প্রুনিং``), or it is no option of the command (``-inf``, ``-1bit``; asked of the
    command's declared options only when such a word is given): click would only say "No
    such option: -i"."""
    command = _invoked_command(args)
    if command not in _TEXT_COMMANDS:
        return
    options: dict[str, bool] | None = None  # option name → whether it takes a value
    takes_value = False
    for arg in args[1:]:
        if arg == "--":
            return
        if takes_value:  # the value of the option before it (--limit -5 is that option's)
            takes_value = False
            continue
        if arg.startswith("--") and "=" in arg:
            continue  # an option with its value (--lang=bn, ar)
        if not arg.startswith("-") or len(arg) == 1:
            continue
        strange = not arg.isascii() or any(c.isspace() for c in arg)
        if not strange:
            if options is None:
                options = _option_names(command)
            own = options.get(arg, options.get(arg[:2]) if not arg.startswith("--") else None)
            if own is not None:
                takes_value = own and arg in options  # -n5 carries its value itself
                continue
            strange = not arg.startswith("--")  # an unknown --word is click's to name
        if strange:
            shown = printable(arg)
            print(
                f"gloss: {shown!r} is not an option. To {command} text that begins with a "
                f"hyphen, put it after '--': gloss {command} -- {shown!r}",
                file=sys.stderr,
            )
            sys.exit(int(ExitCode.USAGE))


def _option_names(command: str) -> dict[str, bool]:
    """The option names of a command (``-n``, ``--limit``…), each with whether it takes a
    value (click's declaration of the Typer command)."""
    import typer.main

    group = typer.main.get_command(app)
    found = getattr(group, "commands", {}).get(command)
    out: dict[str, bool] = {"-h": False, "--help": False}  # the app's help options
    for param in getattr(found, "params", ()):
        if getattr(param, "param_type_name", "") != "option":
            continue
        for name in (*param.opts, *param.secondary_opts):
            out[name] = not getattr(param, "is_flag", False) and not getattr(param, "count", False)
    return out


def _only_the_invoked_command(args: list[str], env: "os._Environ[str]") -> None:
    """Register only the command being run (``gloss show …`` → ``show``).

    Typer turns every registered command into a click command on each start, reading all of
    their signatures; a lookup needs just its own (``benchmarks/RESULTS.md``). The full set
    stays for ``gloss --help``, an unknown command (so that click can say so) and shell
    completion.
    """
    if any(key.endswith("_COMPLETE") for key in env):
        return
    name = _invoked_command(args)
    if name is None:
        return
    chosen = [
        c
        for c in app.registered_commands
        if (c.name or (c.callback.__name__ if c.callback else "")).replace("_", "-") == name
    ]
    if chosen:
        app.registered_commands = chosen


def _exit_now(code: int) -> NoReturn:
    """End a read-only command at once: flush the output, then ``os._exit``.

    Python's own shutdown frees every loaded module and object one by one, which takes about
    as long as the lookup itself (15 ms of a 90 ms ``gloss show``, ``benchmarks/RESULTS.md``).
    A read-only command has nothing to finalize: its files are closed by ``with`` blocks, a
    rebuilt index was renamed into place before the lookup ran, and no pool or thread is left.
    A reader that went away while the output was flushed is success, as in :func:`main`.
    """
    try:
        sys.stdout.flush()
    except (BrokenPipeError, _ReaderGone):
        code = int(ExitCode.OK)
    except _OutputFailed as exc:
        code = _output_failed(exc)
    except (OSError, ValueError):
        pass
    try:
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
    os._exit(code)


def _output_failed(exc: _OutputFailed) -> int:
    """Say that standard output could not be written; the exit code of a data error."""
    try:
        print(f"gloss: cannot write the output: {exc}", file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass
    return int(ExitCode.DATA)


def _on_a_terminal() -> bool:
    """Whether standard input and output are both terminals (``gloss`` alone then browses;
    anywhere else it prints its help, as before)."""
    try:
        return sys.stdin is not None and sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def main() -> None:
    """Entry point of the ``gloss`` console script and ``python -m glossary_cli``."""
    # Output is UTF-8 whatever the locale says (JSON and CSV are UTF-8 by contract); what
    # cannot be encoded (lone surrogates from non-UTF-8 arguments) is escaped, never a crash.
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(encoding="utf-8", errors="backslashreplace")
    if sys.stdout is None:  # started with standard output closed (gloss … >&-)
        sys.exit(_output_failed(_OutputFailed("standard output is closed")))
    stdout = sys.stdout
    sys.stdout = _Stdout(stdout)
    args = sys.argv[1:]
    if not args and _on_a_terminal():  # gloss alone at a terminal: the interactive lookup
        args = ["browse"]
        sys.argv.append("browse")
    _query_that_looks_like_an_option(args)
    _only_the_invoked_command(args, os.environ)
    try:
        app()
    except SystemExit as stop:
        # A command stopped by a signal (exit 128 + N: an index build interrupted) ends
        # through Python's shutdown, which releases what the build's worker pool holds.
        # So does one that started a worker pool (an index build): its semaphores are released
        # by multiprocessing's exit handlers, not reported as leaked.
        code = stop.code or 0
        if (
            _invoked_command(args) in _READ_ONLY
            and isinstance(code, int)
            and code < 128
            and "multiprocessing.pool" not in sys.modules
        ):
            _exit_now(code)
        raise
    except (BrokenPipeError, _ReaderGone):
        # The reader went away: stop quietly with success, whatever was left unwritten.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stdout.fileno())
        sys.exit(int(ExitCode.OK))
    except _OutputFailed as exc:
        code = _output_failed(exc)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stdout.fileno())  # what is left in the buffer goes nowhere
        sys.exit(code)
    except KeyboardInterrupt:
        sys.exit(130)
    except Exception as exc:  # the funnel of last resort: a bug, said as one
        sys.exit(_internal_error(exc, os.environ))


#: The environment variable that makes an internal error print its traceback.
DEBUG_VARIABLE = "GLOSS_DEBUG"


def _internal_error(exc: BaseException, env: Mapping[str, str]) -> int:
    """Say that an exception gloss did not expect ended the command: a bug in gloss, not a
    verdict on the data. One line names it; the traceback follows only when
    ``GLOSS_DEBUG`` is set (to anything but ``""`` or ``0``).

    Returns:
        :attr:`ExitCode.INTERNAL` (70), never 1, which means "nothing found".
    """
    what = printable(f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__)
    lines = [f"gloss: internal error: {what}"]
    if env.get(DEBUG_VARIABLE, "") not in ("", "0"):
        import traceback

        lines += [printable(ln) for ln in "".join(traceback.format_exception(exc)).splitlines()]
    else:
        lines.append(
            "gloss: this is a bug in gloss, not a problem with your data: please report it with "
            f"the command that caused it (run it again with {DEBUG_VARIABLE}=1 to see the "
            "traceback to include)"
        )
    try:
        print("\n".join(lines), file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass
    return int(ExitCode.INTERNAL)
