"""How much one term, definition, cell and line of an imported file may hold: the one definition
every reader uses (tables, Markdown, PO, TBX, term folders, JSON Lines, YAML records, gloss's
plain format), and what a reader says of what it leaves out for its length.

A term is a word or a few; a definition a sentence or a paragraph. Text far past that is no
glossary's — a column of definitions read as terms, a document pasted into a cell, a file made
to hurt — and every step after reading costs more per character of a term than of any other
text (a 100 MB term took 1,113 s and 3.7 GB to search). Standard library only.
"""

from __future__ import annotations

from collections.abc import Sequence

from glossary_cli.errors import ParseError, ParseWarning
from glossary_cli.values import NamedTuple

#: Most characters a term (a term, an abbreviation, a synonym) may hold: a longer one is a
#: definition in the wrong column, or no glossary at all (a 5 MB "term" takes minutes to lay
#: out in a table).
MAX_TERM = 1_000
#: Most characters any other text (a definition, a note, a source, a table's cell) may hold:
#: ten pages.
MAX_TEXT = 20_000
#: The longest line, in bytes, a file read line by line (Markdown, PO, CSV, TSV) may have: a
#: longer one is no glossary, and Markdown's parser would take minutes over 100 MB of it.
MAX_LINE = 8 << 20

TERM_HINT = "a term is a word or a few: is it a definition in the wrong place?"
TEXT_HINT = "shorten it: a glossary's definition is a sentence or a paragraph"


def limit(term: bool) -> int:
    """The most characters a term (``term``) or any other text may hold."""
    return MAX_TERM if term else MAX_TEXT


def too_long(text: str, term: bool) -> bool:
    """Whether ``text`` holds more characters than a term (``term``) or other text may.

    >>> too_long("x" * MAX_TERM, True), too_long("x" * (MAX_TERM + 1), True)
    (False, True)
    """
    return len(text) > limit(term)


class Overlong(NamedTuple):
    """One text a reader left out for its length: what it is (``"term"``,
    ``"definition"``, ``"note"``…), the line it is on, its length in characters, and
    whether a term's limit applies."""

    what: str
    line: int | None
    length: int
    term: bool

    def describe(self) -> str:
        """``a term of 2,000,000 characters (line 12)``."""
        where = f" (line {self.line})" if self.line else ""
        return f"a {self.what} of {self.length:,} characters{where}"


def overlong_warning(name: str, found: Sequence[Overlong], left: str = "") -> ParseWarning:
    """One warning for everything a reader of ``name`` left out for its length, naming the
    first few with their lines; ``left`` says what went with them (``"the entry"``).

    >>> w = overlong_warning("g.txt", [Overlong("term", 7, 2_000_000, True)], "its entry")
    >>> w.line, w.message.split(" is ")[0], w.message.endswith("left out, with its entry")
    (7, 'a term of 2,000,000 characters (line 7)', True)
    """
    shown = "; ".join(o.describe() for o in found[:5])
    more = f"; and {len(found) - 5} more" if len(found) > 5 else ""
    many = len(found) > 1
    return ParseWarning(
        f"{shown}{more} {'are' if many else 'is'} longer than gloss reads ({MAX_TERM:,} "
        f"characters a term, {MAX_TEXT:,} any other text) and {'are' if many else 'is'} "
        f"left out" + (f", with {left}" if left else ""),
        path=name,
        line=found[0].line,
        hint=TERM_HINT if found[0].term else TEXT_HINT,
    )


def overlong_error(name: str, found: Sequence[Overlong]) -> ParseError:
    """The error of a file whose every entry a reader left out for its length: nothing of
    it would be left (the first named, with its line)."""
    first = found[0]
    return ParseError(
        f"{first.describe()} is longer than gloss reads ({limit(first.term):,} characters a "
        f"{'term' if first.term else first.what}), and no entry of the file is left without "
        + ("it" if len(found) == 1 else f"such text ({len(found)} in all)"),
        path=name,
        line=first.line,
        hint=TERM_HINT if first.term else TEXT_HINT,
    )


def overlong_message(what: str, length: int, term: bool) -> str:
    """``the term holds 2,000,000 characters, more than the 1,000 gloss reads in a term``."""
    return (
        f"the {what} holds {length:,} characters, more than the {limit(term):,} gloss reads "
        f"in a {'term' if term else 'text'}"
    )
