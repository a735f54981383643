"""The exception hierarchy and the exit codes of the ``gloss`` command.

Core modules raise :class:`GlossError` subclasses; only :mod:`glossary_cli.cli` turns them into a
one-line message on stderr and an exit code (see :class:`ExitCode`).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum


class ExitCode(IntEnum):
    """Process exit codes, documented in the README and in ``gloss --help``."""

    OK = 0  #: something was found / the command succeeded
    NOT_FOUND = 1  #: the query matched nothing, or ``build --check`` found stale records
    USAGE = 2  #: bad options or arguments (Typer's own usage errors use 2 as well)
    DATA = 3  #: a glossary, record or index file is malformed or cannot be read or written
    #: an internal error: an exception gloss did not expect, which is a bug in gloss, never a
    #: verdict on the data (BSD ``sysexits.h`` ``EX_SOFTWARE``), so that a script does not read
    #: a crash as "nothing found"
    INTERNAL = 70
    #: interrupted (Ctrl-C): 128 + SIGINT, as a shell reports a command a signal ended
    INTERRUPTED = 130


#: Most characters of a message shown: one that quotes a value of a file whole (a huge cell,
#: a deeply nested value) is cut there.
MAX_MESSAGE = 1000


class GlossError(Exception):
    """Base class of every error gloss reports to the user.

    Args:
        message: what is wrong, in one sentence.
        path: the file concerned, if any (shown as given).
        line: 1-based line number in ``path``, if known.
        column: 1-based column, if known.
        hint: what the user can do about it.
    """

    exit_code: ExitCode = ExitCode.DATA

    def __init__(
        self,
        message: str,
        *,
        path: str | None = None,
        line: int | None = None,
        column: int | None = None,
        hint: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line
        self.column = column
        self.hint = hint

    def location(self) -> str:
        """``FILE:LINE:COLUMN`` as far as known, or ``""``."""
        parts = [p for p in (self.path, self.line, self.column) if p is not None]
        return ":".join(str(p) for p in parts)

    def __str__(self) -> str:
        where = self.location()
        message = self.message
        if len(message) > MAX_MESSAGE:  # a value quoted whole (a 100 MB cell): its start
            message = message[: MAX_MESSAGE - 1] + "…"
        text = f"{where}: {message}" if where else message
        return printable(f"{text} ({self.hint})" if self.hint else text)


def printable(text: str) -> str:
    r"""``text`` with every character :meth:`str.isprintable` rejects (controls, bidi and other
    format characters, line separators, lone surrogates) written as its escape, as ``repr``
    writes it, so that a file name or term in a message cannot act on the terminal.

    >>> printable("sources/a\x1b[31m.txt\u202e")
    'sources/a\\x1b[31m.txt\\u202e'
    """
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


#: Where :func:`notice` sends its line (a function of one string); ``None``: standard error.
#: The command line sets it; a program that uses gloss as a library may too.
notice_handler: Callable[[str], None] | None = None
_NOTICED: set[str] = set()


def notice(message: str) -> None:
    """Tell the user of a problem gloss worked around rather than failed on (a search index
    that could not be written, or that had to be repaired or compiled again): one line,
    ``gloss: MESSAGE`` on standard error (control characters made visible, :func:`printable`),
    or through :data:`notice_handler`; each message once per process.
    """
    if message in _NOTICED:
        return
    _NOTICED.add(message)
    if notice_handler is not None:
        notice_handler(message)
        return
    import sys

    if sys.stderr is not None:
        print(f"gloss: {printable(message)}", file=sys.stderr, flush=True)


class ParseError(GlossError):
    """A glossary file does not follow the format (title, subtitle, term/definition pairs)."""


class RecordError(GlossError):
    """A YAML record file or the curation file is malformed.

    ``keys`` is the path of mapping keys and list indexes to the offending value (e.g.
    ``("concepts", 3, "terms", "bn", "term")``), from which :mod:`glossary_cli.store` finds
    its line and column in the file.
    """

    keys: tuple[str | int, ...] = ()
    #: whether the last of ``keys`` is itself what is wrong (a mapping key), not its value
    on_key: bool = False


class StoreError(GlossError):
    """A data directory or index cannot be read or written."""


class DependencyError(GlossError):
    """A library gloss needs is missing or incomplete (ICU, its transliteration data)."""


class UsageError(GlossError):
    """Options or arguments that cannot be honoured (unknown language tag, bad limit)."""

    exit_code = ExitCode.USAGE


class SameLanguageError(UsageError):
    """A translation to check whose source and target are one language: nothing in it is a
    translation (an English PO of an English project)."""


class NotFoundError(GlossError):
    """A lookup found nothing; carries "did you mean" suggestions.

    Args:
        message: what was not found.
        suggestions: what there is instead, shown below the message.
        hint: what the user can do about it.
        label: what the suggestions are (``languages``), shown before them on one line;
            ``None``: "did you mean:", then one suggestion a line.
        after: a line shown after the suggestions (how to take the first of them).
    """

    exit_code = ExitCode.NOT_FOUND

    def __init__(
        self,
        message: str,
        suggestions: tuple[str, ...] = (),
        *,
        hint: str | None = None,
        label: str | None = None,
        after: str | None = None,
    ) -> None:
        super().__init__(message, hint=hint)
        self.suggestions = suggestions
        self.label = label
        self.after = after


class UnknownNameError(NotFoundError):
    """A name the user gave (a glossary file to lint or remove) names nothing loaded: a usage
    error, as an unknown ``--glossary`` is, with the names there are as suggestions."""

    exit_code = ExitCode.USAGE


class ParseWarning(GlossError):
    """A problem in a glossary file that can be skipped; ``--strict`` makes it an error.

    ``check`` names the ``gloss lint`` check that finds the same problem in the records
    (:data:`glossary_cli.lint.CODES`), when there is one: lint then reports it once, as
    that check.

    ``untranslated`` holds the English words a definition left untranslated, for the warning
    that says so: a curation note that quotes each of them notes the oddity, and the warning
    is then not given (:func:`glossary_cli.build.noted`).
    """

    check: str | None = None
    untranslated: tuple[str, ...] = ()
