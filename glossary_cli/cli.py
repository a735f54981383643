"""The ``gloss`` command: parse options, call one function of :mod:`glossary_cli.api` or
:mod:`glossary_cli.store`, hand the result to :mod:`glossary_cli.render`.

Exit codes (:class:`glossary_cli.errors.ExitCode`): 0 found, 1 nothing found (or stale records
under ``build --check``), 2 usage error, 3 data error.
"""

from __future__ import annotations

import os
import sys
from enum import Enum
from typing import Annotated, Any, NoReturn, Optional

import typer

from glossary_cli import __version__
from glossary_cli.errors import ExitCode, GlossError, NotFoundError
from glossary_cli.tags import parse_langs

EPILOG = (
    "Exit codes: 0 found, 1 nothing found (or stale records with build --check), "
    "2 usage error, 3 data error (a malformed glossary, record or index file)."
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


class OutputFormat(str, Enum):
    """Output formats of ``search`` and ``show``."""

    table = "table"
    json = "json"
    jsonl = "jsonl"
    csv = "csv"


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
    Optional[str],  # noqa: UP045
    typer.Option(
        "--lang",
        "-l",
        metavar="TAGS",
        help="Comma-separated language tags to show, in order, e.g. bn,ar.",
        show_default=False,
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON (same as --format json).")]
FormatOption = Annotated[
    OutputFormat, typer.Option("--format", "-f", help="Output format.", case_sensitive=False)
]


def _fail(exc: GlossError) -> NoReturn:
    typer.echo(f"gloss: {exc}", err=True)
    raise typer.Exit(int(exc.exit_code))


def _version(value: bool) -> None:
    if value:
        typer.echo(f"gloss {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Show the version and exit."),
    ] = False,
) -> None:
    """A glossary of AI terminology in Bengali, Arabic and English.

    Example: gloss search quantization
    """


def _format(fmt: OutputFormat, as_json: bool) -> OutputFormat:
    return OutputFormat.json if as_json else fmt


@app.command()
def search(
    query: Annotated[str, typer.Argument(help="What to look for, in any script.")],
    lang: LangOption = None,
    limit: Annotated[int, typer.Option("--limit", "-n", help="Most results to show.")] = 10,
    as_json: JsonOption = False,
    fmt: FormatOption = OutputFormat.table,
    data: DataOption = None,
) -> None:
    """Find concepts by English name, abbreviation, native term or definition.

    Example: gloss search quantization --lang bn,ar
    """
    from glossary_cli import api

    try:
        langs = parse_langs(lang)
        results = api.search(api.open_searcher(data), query, langs=langs, limit=limit)
    except GlossError as exc:
        _fail(exc)
    if not results:
        typer.echo(f"gloss: no concept matches {query!r}", err=True)
        raise typer.Exit(int(ExitCode.NOT_FOUND))
    _emit(results, langs, _format(fmt, as_json), many=True)


@app.command()
def show(
    term: Annotated[str, typer.Argument(help="A term, abbreviation, English name or concept id.")],
    lang: LangOption = None,
    as_json: JsonOption = False,
    fmt: FormatOption = OutputFormat.table,
    data: DataOption = None,
) -> None:
    """Show the concept that best matches TERM: headword, then each language's entry.

    Example: gloss show LoRA --lang bn,ar
    """
    from glossary_cli import api

    try:
        langs = parse_langs(lang)
        result = api.show(api.open_searcher(data), term, langs=langs)
    except NotFoundError as exc:
        typer.echo(f"gloss: {exc.message}", err=True)
        if exc.suggestions:
            typer.echo("did you mean: " + ", ".join(exc.suggestions), err=True)
        raise typer.Exit(int(exc.exit_code)) from None
    except GlossError as exc:
        _fail(exc)
    _emit([result], langs, _format(fmt, as_json), many=False)


def _emit(results: list[dict[str, Any]], langs: tuple[str, ...], fmt: OutputFormat, *, many: bool) -> None:
    from glossary_cli import render

    if fmt is OutputFormat.json:
        render.write_json(results if many else results[0])
    elif fmt is OutputFormat.jsonl:
        render.write_jsonl(results)
    elif fmt is OutputFormat.csv:
        render.write_csv(results, langs)
    elif many:
        render.search_table(results, langs, render.make_console())
    else:
        render.concept_card(results[0], langs, render.make_console())


@app.command()
def build(
    data: DataOption = None,
    check: Annotated[
        bool, typer.Option("--check", help="Write nothing; exit 1 if the records are stale.")
    ] = False,
    strict: Annotated[bool, typer.Option("--strict", help="Treat warnings as errors.")] = False,
) -> None:
    """Build the YAML term records (DATA/concepts.yaml) from DATA/sources and DATA/curation.yaml.

    Example: gloss build --data data --check
    """
    from glossary_cli import store
    from glossary_cli.config import resolve_data_dir

    try:
        data_dir = resolve_data_dir(data, os.environ)
        result = store.build_records(data_dir, strict=strict)
    except GlossError as exc:
        _fail(exc)
    for warning in result.warnings:
        typer.echo(f"gloss: warning: {warning}", err=True)
    g = result.glossary
    bilingual = sum(1 for c in g.concepts if len(c.entries) > 1)
    typer.echo(
        f"{len(g.sources)} sources, {g.entry_count} entries, {len(g.concepts)} concepts "
        f"({bilingual} in more than one language)"
    )
    for a in result.alignments:
        verdict = "parallel: merged" if a.parallel else f"not parallel ({a.reason})"
        typer.echo(f"  {a.first} ~ {a.second}: {a.agreeing}/{a.compared} English agree; {verdict}")
    records = data_dir / store.RECORDS
    if check:
        if store.records_are_current(data_dir, result.text):
            typer.echo(f"{records} is up to date")
            return
        typer.echo(f"gloss: {records} is stale; run `gloss build` to rebuild it", err=True)
        raise typer.Exit(int(ExitCode.NOT_FOUND))
    try:
        changed = store.write_records(data_dir, result.text)
    except GlossError as exc:
        _fail(exc)
    typer.echo(f"{'wrote' if changed else 'unchanged:'} {records}")


def main() -> None:
    """Entry point of the ``gloss`` console script and ``python -m glossary_cli``."""
    try:
        app()
    except BrokenPipeError:
        # The reader went away (gloss … | head -1): stop quietly, as `cat` does.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(int(ExitCode.OK))
    except KeyboardInterrupt:
        sys.exit(130)
