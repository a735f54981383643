"""The ``gloss`` command: parse options, call one function of :mod:`glossary_cli.api` or
:mod:`glossary_cli.store`, hand the result to :mod:`glossary_cli.render`.

Exit codes (:class:`glossary_cli.errors.ExitCode`, the README's table, :data:`EPILOG`): one
per cause, the same in every command, decided in one place (:func:`_fail`).
"""

# No ``from __future__ import annotations`` here: Typer reads every command's signature at
# start-up, and string annotations would be compiled and evaluated anew on every run.

import functools
import os
import sys
from collections.abc import Callable, Mapping
from enum import Enum
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, Optional, TypeVar

import typer

if TYPE_CHECKING:
    from glossary_cli.output import Format

from glossary_cli import __version__, formats
from glossary_cli.errors import ExitCode, GlossError, NotFoundError, UsageError, printable
from glossary_cli.output import GuardedStdout, OutputFailed, ReaderGone
from glossary_cli.tags import parse_langs

EPILOG = (
    "Exit codes (the table in the README): 0 found or done; 1 nothing found, or a verdict "
    "on the data (lint found an error, check an issue, build --check stale records); "
    "2 usage error (a bad option or language tag, an input file or --data directory that "
    "does not exist); 3 data error (a malformed glossary, record or index file, or one that "
    "cannot be written); 70 internal error (a bug in gloss; GLOSS_DEBUG=1 shows its "
    "traceback); 130 interrupted."
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
    lines = "lines"


#: What ``--format lines`` writes, and how it counts columns: said in each command's help.
LINES_HELP = (
    "one FILE:LINE:COLUMN: level: message [rule] line per finding (lines; COLUMN counts "
    "Unicode code points from 1, as editors and the rows' offsets do, where the SARIF log "
    "counts UTF-16 code units)"
)


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
        help="Shape and reorder Arabic for terminals without bidi support: tables, cards and "
        "reports on a terminal, never JSON, CSV or a pipe.",
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


def _warn(warnings: Any) -> None:
    """Say each warning on standard error: ``gloss: warning: …``."""
    for warning in warnings:
        _say(f"gloss: warning: {warning}", err=True)


def _joined(values: list[str] | None) -> str | None:
    """The values of an option given more than once, as one comma-separated list
    (``--status deprecated --status superseded`` is ``--status deprecated,superseded``)."""
    return None if values is None else ",".join(values)


def _selection(
    langs: tuple[str, ...],
    status: list[str] | None,
    term_type: list[str] | None,
    glossary: list[str] | None,
) -> Any:
    """The terms ``--status``, ``--type`` and ``--glossary`` select, as one
    :class:`glossary_cli.select.Selection` (``None`` when none of them is given), each read as
    every command reads it."""
    if status is None and term_type is None and glossary is None:
        return None
    from glossary_cli.select import Selection

    return Selection.of(langs, _joined(status), _joined(term_type), _joined(glossary))


def _say(text: str = "", *, err: bool = False) -> None:
    """Print a message or a line of a report for a person: every control character in it (of a
    file name, a term, a path) made visible as its escape, line by line
    (:func:`glossary_cli.errors.printable`), so that an ANSI sequence or a bell in a name cannot
    recolour, clear or ring the terminal. (Tables go through :mod:`glossary_cli.render`, JSON
    and CSV output is written as data.)"""
    lines = [printable(line) for line in text.split("\n")]
    if err:
        lines = _wrapped_for_the_terminal(lines, sys.stderr)
    typer.echo("\n".join(lines), err=err)


def _wrapped_for_the_terminal(lines: list[str], stream: Any) -> list[str]:
    """``lines`` broken between words to the width of the terminal ``stream`` is (a message
    on standard error that a terminal would otherwise break inside a word), each continuation
    indented two cells past its line's own indent; as they are for anything but a terminal,
    and a word wider than the terminal stays whole. Widths are counted in code points, which a
    Bengali or Arabic word never draws wider than."""
    try:
        if not stream.isatty():
            return lines
    except (AttributeError, ValueError):
        return lines
    import shutil
    import textwrap

    width = shutil.get_terminal_size((80, 24)).columns
    out: list[str] = []
    for line in lines:
        if len(line) <= width:
            out.append(line)
            continue
        indent = line[: len(line) - len(line.lstrip(" "))]
        out += textwrap.wrap(
            line,
            width,
            subsequent_indent=indent + "  ",
            break_long_words=False,
            break_on_hyphens=False,
        ) or [line]
    return out


def _fail(exc: GlossError) -> NoReturn:
    """The one place an error becomes what the user reads and the exit code: one line on
    standard error (a lookup's suggestions below it), and the error's own
    :class:`~glossary_cli.errors.ExitCode`, so that the same cause exits alike in every
    command."""
    if isinstance(exc, NotFoundError):
        _say(f"gloss: {exc.message}" + (f"; {exc.hint}" if exc.hint else ""), err=True)
        if exc.suggestions and exc.label:
            _say(f"{exc.label}: " + ", ".join(exc.suggestions), err=True)
        elif exc.suggestions:
            _say("did you mean:", err=True)
            for line in exc.suggestions:
                _say("  " + line, err=True)
            if exc.after:
                _say(exc.after, err=True)
    else:
        _say(f"gloss: {exc}", err=True)
    raise typer.Exit(int(exc.exit_code)) from None


_F = TypeVar("_F", bound=Callable[..., None])


def _command(name: str | None = None) -> Callable[[_F], _F]:
    """``@app.command``, with the error boundary around the command: a
    :class:`~glossary_cli.errors.GlossError` it raises ends it through :func:`_fail`."""

    def register(func: _F) -> _F:
        @functools.wraps(func)
        def guarded(*args: Any, **kwargs: Any) -> None:
            try:
                func(*args, **kwargs)
            except GlossError as exc:
                _fail(exc)

        app.command(name=name)(guarded)
        return func

    return register


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


def _format(fmt: Enum, as_json: bool = False) -> "Format":
    """The output format a command's ``--format`` (and ``--json``) asked for, as
    :func:`glossary_cli.output.emit` takes it.

    Raises:
        UsageError: ``--json`` with another ``--format`` (exit 2).
    """
    from glossary_cli.output import Format, resolve

    return resolve(Format(fmt.value), as_json)


@_command()
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
    from glossary_cli import api, output

    query = " ".join(words)
    chosen = _format(fmt, as_json)
    searcher = api.open_searcher(data, on_compile=_compiling)
    langs = tuple(api.termbase_langs(searcher, parse_langs(_joined(lang)), "--lang"))
    selection = _selection(langs, status, term_type, glossary)
    results = api.search(
        searcher,
        query,
        langs=langs,
        limit=limit,
        selection=selection,
        mode=mode.lower(),
        min_score=min_score,
    )
    if not results:
        output.nothing(chosen)
        raise NotFoundError(api.no_hit_message(searcher, query, langs, selection, min_score))
    output.emit(output.hits(results, langs), chosen, bidi=bidi, wide=wide, pager=not no_pager)
    if strict and all(h.match.approximate for h in results):
        raise NotFoundError(f"every hit for {query!r} is approximate")


@_command()
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
    from glossary_cli import api, output

    term = " ".join(words)
    chosen = _format(fmt, as_json)
    searcher = api.open_searcher(data, on_compile=_compiling)
    langs = tuple(api.termbase_langs(searcher, parse_langs(_joined(lang)), "--lang"))
    try:
        result = api.show(searcher, term, best=best)
    except NotFoundError:
        output.nothing(chosen, one=True)
        raise
    for note in api.show_notes(searcher, term, result):
        _say(f"gloss: {note}", err=True)
    output.emit(output.card(result, langs), chosen, bidi=bidi, wide=wide, pager=not no_pager)


@_command()
def browse(
    lang: LangOption = None,
    data: DataOption = None,
    bidi: BidiOption = False,
) -> None:
    """Search as you type: results follow each key, Enter opens a concept's card.

    Example: gloss browse --lang bn

    Up/Down and PageUp/PageDown move the selection; Enter opens the card (Esc, Enter or q
    goes back); Tab changes the languages shown; Up at the top of the list or Ctrl-R recalls
    an earlier query; Esc or Ctrl-C leaves. gloss with no arguments on a terminal starts it.
    """
    from glossary_cli.config import history_file, resolve_data_dir

    langs = parse_langs(_joined(lang))
    resolve_data_dir(data, os.environ)  # a missing directory is said before the screen
    if not _on_a_terminal():
        raise UsageError(
            "browse needs a terminal for its input and output",
            hint="gloss search QUERY prints the same results anywhere",
        )
    from glossary_cli.browse import History
    from glossary_cli.interactive import browse as run

    def open_searcher() -> Any:
        """The index, opened on the search thread once the first screen is drawn (importing
        the search modules takes a sixth of the start-up)."""
        from glossary_cli import api

        return api.open_searcher(data)

    run(open_searcher, langs=langs, history=History(history_file(os.environ)), bidi=bidi)


@_command()
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
    from glossary_cli import api

    built = api.build_records_report(data, strict=strict, check=check, user=user)
    _warn(built.warnings)
    _say("\n".join(built.lines))
    if built.stale is not None:
        raise NotFoundError(built.stale)


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


@_command()
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
    bidi: BidiOption = False,
) -> None:
    """Add glossary files or term folders to your own glossaries; lookups merge them with the
    bundled one.

    A file that translates a bundled glossary entry by entry joins its concepts.

    Example: gloss add hindi-terms.txt --lang hi
    """
    from glossary_cli import api, output

    options = api.ReadOptions(
        format=file_format,
        columns=api.parse_columns(columns) if columns is not None else None,
        sheet=sheet,
        skip_bad=skip_bad,
    )
    api.check_distinct(files)
    lang = api.language_option("--lang", lang)
    if len(files) > 1 and not dry_run:
        for file in files:  # every file read first: an error adds none of them
            api.add(file, lang=lang, force=force, dry_run=True, options=options)
    for file in files:
        change = api.add(file, lang=lang, force=force, dry_run=dry_run, options=options)
        # only the added file's warnings: those of the files added before were said then
        _warn(api.warnings_of(change))
        report = output.text(api.add_report(change, dry_run=dry_run))
        output.emit(report, output.Format.table, bidi=bidi, pager=False)


@_command()
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

    change = api.remove(name)
    left = "" if change.left else "; no added glossaries left"
    _say(f"removed {change.file} from {change.user_dir}{left}")


@_command()
def sources(
    as_json: JsonOption = False,
    fmt: FormatOption = OutputFormat.table,
    data: DataOption = None,
    bidi: BidiOption = False,
    no_pager: PagerOption = False,
) -> None:
    """List every loaded glossary file: language, entries, bundled or yours, and where it is.

    Example: gloss sources --json
    """
    from glossary_cli import api, output

    chosen = _format(fmt, as_json)
    output.emit(output.sources(api.sources(data)), chosen, bidi=bidi, pager=not no_pager)


def _complete_export_format(incomplete: str) -> list[str]:
    """Shell completion of ``gloss export --format``: the formats the registry writes."""
    return [n for n in formats.names(writable=True) if n.startswith(incomplete.casefold())]


class TbxVersion(str, Enum):
    """TBX versions of ``gloss export --format tbx``."""

    v2 = "v2"
    v3 = "v3"


@_command(name="export")
def export_(
    fmt: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--format",
            "-f",
            metavar="FORMAT",
            show_default=False,
            autocompletion=_complete_export_format,
            help=", ".join(formats.names(writable=True))
            + " (or the beginning of one: amazon; default: from -o's suffix, else tbx).",
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
            help="Languages to write, e.g. bn,ar,en; default: all. (A translation service's "
            "glossary and languagetool write those of --source and --target instead.)",
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
    from pathlib import Path

    from glossary_cli import api

    chosen = api.export_format(fmt, output)
    langs = parse_langs(_joined(lang))
    api.check_export_options(chosen, langs=langs, output=output, to_terminal=sys.stdout.isatty())
    selection = _selection(langs, status, term_type, glossary)
    left_out: list[str] = []
    if formats.get(chosen).directory and output is not None:
        name = Path(output).resolve().name
        files = api.export_files(
            chosen, name=name, langs=langs, selection=selection, data=data, left_out=left_out
        )
        _warn(left_out)
        for path in api.write_export_files(files, output):
            _say(f"wrote {path} ({chosen})", err=True)
        return
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
    # streamed: into a temporary file renamed when complete, or to standard output
    if output is not None:
        from glossary_cli.store import atomic_writer

        with atomic_writer(Path(output)) as out:
            exporting(out)
        _warn(left_out)
        _say(f"wrote {output} ({chosen})", err=True)
        return
    from glossary_cli.output import write_stream

    write_stream(exporting)
    _warn(left_out)


@_command(name="list")
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
    bidi: BidiOption = False,
    no_pager: PagerOption = False,
) -> None:
    """List the headwords in the alphabetical order of their language (ICU collation).

    With --status, --type or --glossary, every term that passes is listed.

    Example: gloss list --lang bn
    """
    from glossary_cli import api, output
    from glossary_cli.select import Selection

    chosen = _format(fmt, as_json)
    langs = parse_langs(_joined(lang))
    if len(langs) > 1:
        raise UsageError("list takes one language", hint="e.g. --lang bn")
    reader = api.open_reader(data, on_compile=_compiling)
    langs = tuple(api.termbase_langs(reader, langs, "--lang"))
    selection = Selection.of(langs, _joined(status), _joined(term_type), _joined(glossary))
    try:
        rows = api.list_terms(reader, langs[0] if langs else None, selection)
    except NotFoundError:
        output.nothing(chosen)
        raise
    output.emit(output.terms_list(rows), chosen, bidi=bidi, pager=not no_pager)


class StatsFormat(str, Enum):
    """Output formats of ``stats``."""

    table = "table"
    json = "json"


@_command()
def stats(
    as_json: JsonOption = False,
    fmt: Annotated[
        StatsFormat,
        typer.Option("--format", "-f", case_sensitive=False, help="Output format."),
    ] = StatsFormat.table,
    data: DataOption = None,
    bidi: BidiOption = False,
    no_pager: PagerOption = False,
) -> None:
    """Count entries per language and per source, and show which concepts lack which language.

    Example: gloss stats --json
    """
    from glossary_cli import api, output

    chosen = _format(fmt, as_json)
    output.emit(output.stats(api.stats(data)), chosen, bidi=bidi, pager=not no_pager)


@_command()
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
            help="table, one object per issue (json, jsonl, csv), a SARIF 2.1.0 log for "
            "code scanning (sarif), or " + LINES_HELP + ".",
        ),
    ] = LintFormat.table,
    data: DataOption = None,
    bidi: BidiOption = False,
    no_pager: PagerOption = False,
) -> None:
    """Check glossary data for terminology errors: duplicates, near-duplicates, conflicting
    translations, scripts that contradict language tags, English left in native terms.

    Exits 1 when there is an error (warnings alone exit 0).

    Example: gloss lint my-terms.tbx
    """
    from glossary_cli import api, output

    chosen = _format(fmt, as_json)
    lang = api.language_option("--lang", lang)
    result, where = api.lint_paths(paths or (), glossary=glossary, lang=lang, data=data)
    output.emit(output.lint(result.issues, where), chosen, bidi=bidi, pager=not no_pager)
    _say(f"gloss: {api.lint_summary(result)}", err=True)
    if result.errors:
        raise typer.Exit(int(ExitCode.NOT_FOUND))


def _read_input(name: str, stdin_as: str = "-") -> tuple[str, bytes]:
    """``(name, bytes)`` of a file a command reads, ``-`` standard input
    (:func:`glossary_cli.api.read_input`)."""
    from glossary_cli import api

    return api.read_input(name, sys.stdin.buffer.read, stdin_as)


class ScanFormat(str, Enum):
    """Output formats of ``scan`` and ``check``."""

    table = "table"
    json = "json"
    jsonl = "jsonl"
    csv = "csv"
    tsv = "tsv"
    sarif = "sarif"
    lines = "lines"


class Side(str, Enum):
    """Which side of a bilingual file ``scan`` reads."""

    source = "source"
    target = "target"


@_command()
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
            "or " + LINES_HELP + ".",
        ),
    ] = ScanFormat.table,
    as_json: JsonOption = False,
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
    bidi: BidiOption = False,
    no_pager: PagerOption = False,
) -> None:
    """Find every glossary term in a text: every term of every language, in inflected and
    clitic forms, never inside a longer word.

    Offsets in the rows are code points of the text as read. Exits 1 when no term is found;
    with --only-deprecated, exits 1 when a deprecated term is found.

    Example: gloss scan chapter.md --lang bn,ar
    """
    from glossary_cli import api, output

    inputs = [_read_input(name) for name in files or ["-"]]
    langs = list(parse_langs(lang))
    result = api.scan(
        inputs,
        langs=langs,
        side=side.value,
        strict=strict,
        only_deprecated=only_deprecated,
        data=data,
    )
    found = output.scan(inputs, result, langs, only_deprecated=only_deprecated)
    output.emit(found, _format(fmt, as_json), bidi=bidi, pager=not no_pager)
    occurrences = sum(len(t.occurrences) for t in result.texts)
    if only_deprecated:
        _say(f"gloss: {api.counted(occurrences, 'deprecated term')} found", err=True)
        if occurrences:
            raise typer.Exit(int(ExitCode.NOT_FOUND))
    elif not occurrences:
        raise typer.Exit(int(ExitCode.NOT_FOUND))


class LookupFormat(str, Enum):
    """Output formats of ``lookup``."""

    jsonl = "jsonl"
    tsv = "tsv"
    table = "table"


@_command()
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
            help="jsonl (one object per query), tsv (query, sure, id, English headword, then "
            "the terms of --lang) or the same as a table.",
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
    bidi: BidiOption = False,
    no_pager: PagerOption = False,
) -> None:
    """Look many terms up at once: one query per line in, one result per line out.

    Exits 1 when some query has no sure answer.

    Example: gloss lookup terms.txt --lang bn,ar --format tsv
    """
    from glossary_cli import api, output

    _, raw = _read_input(file)
    langs = list(parse_langs(_joined(lang)))
    rows = api.lookup(api.queries(raw, file), langs=langs, data=data)
    missing = api.unanswered(rows)
    answers = output.lookup(missing if only_missing else rows, langs)
    output.emit(answers, _format(fmt), bidi=bidi, pager=not no_pager)
    if missing:
        raise typer.Exit(int(ExitCode.NOT_FOUND))


@_command()
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
            "scanning (sarif), or " + LINES_HELP + ".",
        ),
    ] = ScanFormat.table,
    as_json: JsonOption = False,
    data: DataOption = None,
    bidi: BidiOption = False,
    no_pager: PagerOption = False,
) -> None:
    """Check a translation against the glossary: missing, deprecated, inconsistent and
    untranslated terms.

    Exits 1 when there is an issue, 0 when the translation is clean.

    Example: gloss check chapter.tsv --source-lang en --target-lang bn
    """
    from glossary_cli import api, output

    # standard input: a bilingual table, tab-separated
    inputs = [_read_input(name, stdin_as="-.tsv") for name in files]
    results = api.check_files(
        inputs,
        source_lang=source_lang,
        target_lang=target_lang,
        kinds=api.check_kinds(kinds),
        columns=api.parse_columns(columns) if columns else None,
        data=data,
    )
    issues = output.check(inputs, results)
    output.emit(issues, _format(fmt, as_json), bidi=bidi, pager=not no_pager)
    for line in api.check_summary(results):
        _say(f"gloss: {line}", err=True)
    if any(result.issues for result in results):
        raise typer.Exit(int(ExitCode.NOT_FOUND))


@_command()
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
    except (BrokenPipeError, ReaderGone):
        code = int(ExitCode.OK)
    except OutputFailed as exc:
        code = _output_failed(exc)
    except (OSError, ValueError):
        pass
    try:
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
    os._exit(code)


def _output_failed(exc: OutputFailed) -> int:
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
        sys.exit(_output_failed(OutputFailed("standard output is closed")))
    stdout = sys.stdout
    sys.stdout = GuardedStdout(stdout)
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
    except (BrokenPipeError, ReaderGone):
        # The reader went away: stop quietly with success, whatever was left unwritten.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stdout.fileno())
        sys.exit(int(ExitCode.OK))
    except OutputFailed as exc:
        code = _output_failed(exc)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stdout.fileno())  # what is left in the buffer goes nowhere
        sys.exit(code)
    except KeyboardInterrupt:
        sys.exit(int(ExitCode.INTERRUPTED))
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
