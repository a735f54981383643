"""A Typer app shaped like ``gloss`` (two commands, an argument, typed and annotated options)
that does nothing: the start-up cost of a Typer version, apart from gloss.

    python benchmarks/typer_app.py show LoRA --json

Used by ``typer_versions.sh``; it must run on every Typer version compared, so it uses only
what Typer 0.9+ offers.
"""

from typing import Annotated, Optional

import typer

app = typer.Typer(add_completion=True, rich_markup_mode=None, pretty_exceptions_enable=False)


@app.command()
def show(
    term: Annotated[str, typer.Argument(help="A headword, term or abbreviation.")],
    lang: Annotated[Optional[str], typer.Option("--lang", "-l", help="Tags.")] = None,  # noqa: UP045
    as_json: Annotated[bool, typer.Option("--json", help="JSON.")] = False,
    data: Annotated[Optional[str], typer.Option("--data", help="Directory.")] = None,  # noqa: UP045
) -> None:
    """Show one concept."""


@app.command()
def search(
    query: Annotated[str, typer.Argument(help="Words in any script.")],
    limit: Annotated[int, typer.Option("--limit", "-n", min=1, help="Results.")] = 10,
    lang: Annotated[Optional[str], typer.Option("--lang", "-l", help="Tags.")] = None,  # noqa: UP045
    as_json: Annotated[bool, typer.Option("--json", help="JSON.")] = False,
) -> None:
    """Search."""


if __name__ == "__main__":
    app()
