"""Glossary files → entries. Pure: takes bytes or text, never paths; no YAML, no rich.

The plain glossary format (the format of ``data/sources/``)::

    TITLE
    SUBTITLE
    TERM [(ENGLISH) | (ABBR) | (ENGLISH - ABBR)]
    DEFINITION
    TERM …
    DEFINITION …

Lines end with LF, CRLF or CR; a UTF-8 byte order mark, blank lines and a missing final newline
are tolerated. Only those three line ends end a line: U+2028, U+2029, U+0085 and form feed inside
a line are kept inside it (turned into a space, with a warning).
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from glossary_cli.errors import ParseError, ParseWarning
from glossary_cli.model import Entry
from glossary_cli.scripts.writing import GUESSED_SCRIPTS as GUESSED_SCRIPTS
from glossary_cli.tags import is_language_tag
from glossary_cli.termtext import split_parenthetical

_TRAILING_PAREN = re.compile(r"\s*\(([^()]*)\)\s*$")
_INLINE_BREAKS = re.compile("[\u2028\u2029\u0085\u000b\u000c]")
#: How the warning of a line holding a control character begins (``gloss add`` refuses the
#: file for it; a build keeps the line, with the warning).
CONTROL_IN_LINE = "the line contains the control character"

# A line of text (line ends are made LF first), and the control characters that have no place
# in one: C0 other than tab and the inline breaks above, DEL, C1 other than U+0085.
_LINE = re.compile(r"^[^\S\n]*(?=\S)[^\n]*", re.MULTILINE)
_CONTROLS = re.compile("[\x01-\x08\x0e-\x1f\x7f-\x84\x86-\x9f]")
_BOMS = (
    (b"\xef\xbb\xbf", "utf-8"),
    (b"\xff\xfe", "utf-16-le"),
    (b"\xfe\xff", "utf-16-be"),
)


@dataclass(frozen=True, slots=True)
class ParsedGlossary:
    """One glossary file, parsed.

    Attributes:
        name: the file name used in ``Entry.source`` and in messages.
        lang: BCP 47 tag of the file's terms.
        title: the first line.
        subtitle: the second line.
        entries: the term/definition pairs, in file order.
        warnings: problems that were skipped (``--strict`` turns them into errors).
    """

    name: str
    lang: str
    title: str
    subtitle: str
    entries: tuple[Entry, ...]
    warnings: tuple[ParseWarning, ...] = ()


def decode(data: bytes, name: str) -> str:
    """Decode a glossary file's bytes: UTF-8 (BOM optional), or UTF-16 with a BOM.

    Args:
        data: the file's bytes.
        name: the file's name, for messages.

    Returns:
        The text, without the BOM.

    Raises:
        ParseError: empty file, NUL bytes (a binary file), or bytes that are not UTF-8; the error
            names the 1-based line and column of the first bad byte.
    """
    for bom, codec in _BOMS:
        if data.startswith(bom):
            body = data[len(bom) :]
            try:
                return body.decode(codec)
            except UnicodeDecodeError as exc:
                raise _decode_error(name, body, exc, codec) from None
    if not data.strip():
        raise ParseError(
            "the file is empty",
            path=name,
            hint="a glossary starts with a title and a subtitle line",
        )
    if b"\x00" in data:
        head = data[:65536]
        # the ASCII characters (spaces, line ends) of UTF-16 text put all NULs at one parity
        utf16 = (
            len(data) % 2 == 0
            and 4 <= head.count(0)
            and head.count(0) * 64 >= len(head)
            and (b"\x00" not in head[0::2] or b"\x00" not in head[1::2])
        )
        line = 1 if utf16 else data.count(b"\n", 0, data.index(b"\x00")) + 1
        raise ParseError(
            "the file looks like UTF-16 without a byte order mark"
            if utf16
            else "the file contains NUL bytes: it is binary or not UTF-8",
            path=name,
            line=line,
            hint="save the glossary as UTF-8 plain text",
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _decode_error(name, data, exc, "utf-8") from None


def _decode_error(name: str, data: bytes, exc: UnicodeDecodeError, codec: str) -> ParseError:
    before = data[: exc.start]
    line = before.count(b"\n") + 1
    column = exc.start - (before.rfind(b"\n") + 1) + 1
    return ParseError(
        f"byte 0x{data[exc.start]:02x} is not valid {codec.upper()}",
        path=name,
        line=line,
        column=column,
        hint="save the glossary as UTF-8 plain text",
    )


@dataclass(slots=True)
class _Line:
    number: int
    text: str


def parse_glossary(text: str, name: str, lang: str | None = None) -> ParsedGlossary:
    """Parse a glossary file's text.

    Args:
        text: the decoded file (see :func:`decode`); a leading BOM is dropped.
        name: the file name, used in ``Entry.source`` (``NAME:LINE``) and messages.
        lang: BCP 47 tag of the terms; detected from their script when ``None``
            (Bengali → ``bn``, Arabic → ``ar``; see :data:`GUESSED_SCRIPTS`).

    Returns:
        The parsed file. Terms and definitions are NFC (Unicode UAX #15), with runs of
        whitespace collapsed; the trailing parenthetical is split off the term.

    Raises:
        ParseError: no header, no entries, a term without a definition, an empty term, every
            entry past the limits of :mod:`glossary_cli.limits` (an entry past them is left
            out, with a warning), or a script whose language cannot be guessed; the error
            names the line.
    """
    if lang is not None and not is_language_tag(lang):
        raise ParseError(f"{lang!r} is not a language tag", path=name, hint="use e.g. bn, ar, hi")
    warnings: list[ParseWarning] = []
    lines = _split_lines(text.removeprefix("\ufeff"), name, warnings)
    content = [ln for ln in lines if ln.text]
    if not content:
        raise ParseError("the file is empty", path=name, line=1, hint="add a title line")
    if len(content) < 2:
        raise ParseError(
            "the file has a title but no subtitle and no entries",
            path=name,
            line=content[0].number,
            hint="a glossary is a title line, a subtitle line, then term and definition lines",
        )
    title, subtitle, body = content[0], content[1], content[2:]
    _check_header(title, subtitle, name)
    if not body:
        raise ParseError(
            "the file has a title and a subtitle but no entries",
            path=name,
            line=subtitle.number,
            hint="add term and definition lines after the subtitle",
        )
    if len(body) % 2:
        raise _unpaired_error(body, name)

    pairs = _within_limits([(body[i], body[i + 1]) for i in range(0, len(body), 2)], name, warnings)
    for term_line, _ in pairs:
        _check_term(term_line, name)
    _check_definitions(pairs, name, warnings)
    if lang is None:
        lang = _detect_language(pairs, name)
    entries: list[Entry] = []
    seen: dict[str, int] = {}
    for term_line, def_line in pairs:
        entry = _entry(term_line, def_line, name, lang, warnings)
        key = entry.term.casefold()
        if key in seen:
            warnings.append(
                ParseWarning(
                    f"the term {entry.term!r} appears twice (first on line {seen[key]})",
                    path=name,
                    line=term_line.number,
                    hint="merge the two entries or remove one",
                )
            )
        seen.setdefault(key, term_line.number)
        entries.append(entry)
    if lang in _guessed_langs():
        _check_scripts(pairs, lang, name, warnings)
    return ParsedGlossary(
        name=name,
        lang=lang,
        title=title.text,
        subtitle=subtitle.text,
        entries=tuple(entries),
        warnings=tuple(warnings),
    )


def _split_lines(text: str, name: str, warnings: list[ParseWarning]) -> list[_Line]:
    """The lines of ``text`` that are not blank, with their 1-based numbers.

    Blank and whitespace-only lines are skipped by a regex scan, never turned into objects,
    so a file of millions of empty lines costs linear time and no memory per line. The lines
    are stored NFC with single plain spaces; one warning says how many were changed
    (:func:`glossary_cli.formats._common.changes_warning`).
    """
    from collections import Counter

    from glossary_cli.formats._common import changes, changes_warning

    text = text.replace("\r\n", "\n").replace("\r", "\n")
    out = []
    seen: Counter[str] = Counter()
    number, pos = 1, 0
    for m in _LINE.finditer(text):
        number += text.count("\n", pos, m.start())
        pos = m.start()
        raw = m.group()
        control = _CONTROLS.search(raw)
        if control:
            warnings.append(
                ParseWarning(
                    f"{CONTROL_IN_LINE} U+{ord(control.group()):04X}; it was kept",
                    path=name,
                    line=number,
                    hint="remove it: a glossary is plain text",
                )
            )
        if _INLINE_BREAKS.search(raw):
            warnings.append(
                ParseWarning(
                    "a line separator or form feed inside the line was read as a space",
                    path=name,
                    line=number,
                    hint="keep each term and each definition on one line",
                )
            )
            raw = _INLINE_BREAKS.sub(" ", raw)
        cleaned = unicodedata.normalize("NFC", " ".join(raw.split()))
        if _visible(cleaned):
            seen.update(changes(raw))
            out.append(_Line(number, cleaned))
    said = changes_warning(seen, name)  # nothing is stored changed unsaid
    if said is not None:
        warnings.append(said)
    return out


def _within_limits(
    pairs: list[tuple[_Line, _Line]], name: str, warnings: list[ParseWarning]
) -> list[tuple[_Line, _Line]]:
    """The entries whose term and definition lines are within what gloss reads
    (:data:`glossary_cli.limits.MAX_TERM` characters a term line, with its parenthetical;
    :data:`~glossary_cli.limits.MAX_TEXT` a definition); the others are left out, and said in
    one warning with their lines.

    Raises:
        ParseError: every entry is past the limits: nothing of the file would be left.
    """
    from glossary_cli.limits import Overlong, overlong_error, overlong_warning, too_long

    kept, left = [], []
    for term, definition in pairs:
        over = [
            Overlong(what, line.number, len(line.text), what == "term")
            for what, line in (("term", term), ("definition", definition))
            if too_long(line.text, what == "term")
        ]
        if over:
            left += over
        else:
            kept.append((term, definition))
    if left and not kept:
        raise overlong_error(name, left)
    if left:
        warnings.append(overlong_warning(name, left, "its entry"))
    return kept


def _visible(text: str) -> bool:
    return any(unicodedata.category(c)[0] not in "CZ" for c in text)


def _check_header(title: _Line, subtitle: _Line, name: str) -> None:
    if _TRAILING_PAREN.search(title.text) and split_parenthetical(title.text)[1:] != (None, ()):
        raise ParseError(
            "the file has no header: line 1 looks like a term, not a title",
            path=name,
            line=title.number,
            hint="start the file with a title line and a subtitle line",
        )
    if len(subtitle.text) > 160:
        raise ParseError(
            "the file has no header: the second line looks like a definition, not a subtitle",
            path=name,
            line=subtitle.number,
            hint="start the file with a title line and a subtitle line",
        )


#: Words a definition line has at most to read as a term: when four in five of a file's
#: definitions are that short, the file is a list of terms, one a line.
TERM_WORDS = 3


def _check_definitions(
    pairs: Sequence[tuple[_Line, _Line]], name: str, warnings: list[ParseWarning]
) -> None:
    """Say when the definition lines read like terms: four in five as short as a term
    (:data:`TERM_WORDS` words, no sentence's end), as in a list of terms, one a line, whose
    every other term would be filed as the definition of the one before it and whose first
    two would be its title. Read as written (a glossary of short definitions is one too), and
    said with the first such line.
    """
    ends = (".", "।", "؟", "?", "!", "。")  # a sentence's
    short = [
        d
        for _, d in pairs
        if len(d.text.split()) <= TERM_WORDS and not d.text.rstrip().endswith(ends)
    ]
    if len(pairs) >= 2 and len(short) * 5 >= len(pairs) * 4:
        warnings.append(
            ParseWarning(
                f"{len(short)} of the {len(pairs)} definition lines are as short as terms: if "
                "this is a list of terms, one a line, each second term was read as the "
                "definition of the one before it, and the first two as the title",
                path=name,
                line=short[0].number,
                hint="give a list of terms as a table: a header naming the language, then a "
                "term a line, saved as .csv",
            )
        )


def _unpaired_error(body: list[_Line], name: str) -> ParseError:
    # A blank line where a definition was expected explains the odd count best: name it.
    # (Blank lines are not in ``body``: a gap in the line numbers is one.)
    for i in range(0, len(body) - 1, 2):
        term, following = body[i], body[i + 1]
        if following.number > term.number + 1 and len(following.text) < 120:
            return ParseError(
                f"the definition of {term.text[:40]!r} (line {term.number}) is empty",
                path=name,
                line=term.number + 1,
                hint="write the definition on this line, or remove the term",
            )
    last = body[-1]
    return ParseError(
        f"the term {last.text[:40]!r} has no definition (the file has an odd number of lines)",
        path=name,
        line=last.number,
        hint="every term line must be followed by its definition line",
    )


_LANG_HINT = (
    "give its language tag: gloss add FILE --lang {tag}, or FILE: {{lang: {tag}}} in sources.yaml"
)


@cache
def _guessed_langs() -> frozenset[str | None]:
    """The languages of :data:`GUESSED_SCRIPTS`."""
    from glossary_cli.scripts.writing import script_language

    return frozenset(script_language(s) for s in GUESSED_SCRIPTS)


def _detect_language(pairs: Sequence[tuple[_Line, _Line]], name: str) -> str:
    from glossary_cli.scripts.writing import script_counts, script_language, script_name

    counts: Counter[str] = Counter()
    for term_line, _ in pairs:
        counts.update(script_counts(split_parenthetical(term_line.text)[0]))
    if not counts:
        raise ParseError(
            "cannot tell the language: the terms have no letters",
            path=name,
            line=pairs[0][0].number,
            hint=_LANG_HINT.format(tag="hi"),
        )
    script = counts.most_common(1)[0][0]
    lang = script_language(script) if script in GUESSED_SCRIPTS else None
    if lang is None:
        raise ParseError(
            f"cannot tell the language of terms in {script_name(script)} script",
            path=name,
            line=pairs[0][0].number,
            hint=_LANG_HINT.format(tag=script_language(script) or "hi"),
        )
    return lang


def _check_scripts(
    pairs: Sequence[tuple[_Line, _Line]], lang: str, name: str, warnings: list[ParseWarning]
) -> None:
    from glossary_cli.scripts.writing import script_name, script_of, tag_scripts

    expected = tag_scripts(lang) or frozenset()
    for term_line, _ in pairs:
        script = script_of(split_parenthetical(term_line.text)[0])
        if script is not None and script not in expected and script != "Latn":
            warnings.append(
                ParseWarning(
                    f"the term is in {script_name(script)} script in a "
                    f"{' or '.join(sorted(map(script_name, expected)))} ({lang}) glossary",
                    path=name,
                    line=term_line.number,
                    hint="move it to a glossary of its own language",
                )
            )


def _check_term(term_line: _Line, name: str) -> None:
    m = _TRAILING_PAREN.search(term_line.text)
    term = term_line.text[: m.start()] if m else term_line.text
    if not _visible(term) or not any(c.isalnum() for c in term):
        raise ParseError(
            "the term is empty (only a parenthetical)",
            path=name,
            line=term_line.number,
            hint="write the term before its English equivalent: TERM (English)",
        )


def _entry(
    term_line: _Line, def_line: _Line, name: str, lang: str, warnings: list[ParseWarning]
) -> Entry:
    raw = term_line.text
    term, en, abbr = split_parenthetical(raw)
    if raw.count("(") != raw.count(")"):
        warnings.append(
            ParseWarning(
                "unbalanced parenthesis in the term; it was kept as written",
                path=name,
                line=term_line.number,
                hint="close the parenthesis: TERM (English - ABBR)",
            )
        )
    english = _english_words(def_line.text) if lang in _guessed_langs() else []
    if english:
        words = ", ".join(repr(w) for w in english)
        untranslated = ParseWarning(
            f"the definition holds the English word{'s' if len(english) > 1 else ''} "
            f"{words}, left untranslated",
            path=name,
            line=def_line.number,
            hint='translate it, or quote it in a note of curation.yaml: "WORD"',
        )
        untranslated.untranslated = tuple(english)
        warnings.append(untranslated)
    return Entry(
        lang=lang,
        term=term,
        definition=def_line.text,
        source=f"{name}:{term_line.number}",
        en=en,
        abbr=abbr,
        definition_source=f"{name}:{def_line.number}",
    )


#: English function words and sentence adverbs (from the SMART stop list, Salton 1971, as
#: Lucene's EnglishAnalyzer keeps a shorter one): in a Bengali or Arabic definition they are
#: English prose left untranslated, while technical names (RAM, DDIM, ReLU) are kept on purpose.
ENGLISH_FUNCTION_WORDS = frozenset(
    "a about above after again against all also although an and any are as at be because "
    "been before being below between both but by can could did do does during each either "
    "else for from further furthermore had has have having he hence her here hers him his "
    "how however if in into is it its itself just may me might more moreover most must my "
    "neither no nor not of off on once only or other our out over own same she should so "
    "some such than that the their them then there thereby therefore these they this those "
    "though through thus to too under until up upon very was we were what whereas whereby "
    "which while who whom whose why will with within without would yet you your".split()
)
_LATIN_WORD = re.compile(r"(?<![A-Za-z'’-])[a-z]+(?![A-Za-z'’-])")


def _english_words(text: str) -> list[str]:
    """English function words written in lower case in ``text`` (see
    :data:`ENGLISH_FUNCTION_WORDS`), each once.

    >>> _english_words("ত্বরান্বিত করে, thereby সরাসরি (যেমন: DDIM)")
    ['thereby']
    """
    return list(dict.fromkeys(w for w in _LATIN_WORD.findall(text) if w in ENGLISH_FUNCTION_WORDS))


def format_glossary(parsed: ParsedGlossary) -> str:
    """Write a parsed glossary back in the plain format (inverse of :func:`parse_glossary`).

    Returns:
        Text with LF line ends and a final newline; each term carries its parenthetical
        ``(ENGLISH - ABBR)``, ``(ENGLISH)`` or ``(ABBR)`` as parsed.
    """
    out = [parsed.title, parsed.subtitle]
    for e in parsed.entries:
        extra = " - ".join([*([e.en] if e.en else []), *e.abbr])
        out.append(f"{e.term} ({extra})" if extra else e.term)
        out.append(e.definition)
    return "\n".join(out) + "\n"
