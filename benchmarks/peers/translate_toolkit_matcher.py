"""translate-toolkit's terminology matcher (peer of ``gloss scan``).

Adapted from translate-toolkit 3.20.4 (repository translate/translate, files
``translate/search/match.py`` — class ``terminologymatcher`` — and
``translate/search/terminology.py`` — ``TerminologyComparer``; GPL-3.0-or-later), used as its
own tests use it (``tests/translate/search/test_match.py``, ``test_terminology``): a
``csvl10n.csvfile`` store with one unit per term (source and target the term: the matcher
takes only translated units), ``match.terminologymatcher(store)`` with its defaults, then
``matcher.matches(text)`` for each text. The library is called as installed; nothing of it is
copied or changed.

What the matcher does (its behaviour, kept): sources are lower-cased, a trailing
parenthetical is dropped (``file (noun)`` → ``file``) and variants are added (``-y`` →
``-ie``, spaces and hyphens dropped or swapped: ``down time`` → ``downtime``, ``pre-order`` →
``pre order``); terms shorter than 3 characters are never used; the text is lower-cased and
each term is sought with ``str.find`` — the first occurrence only, anywhere, even inside a
word (the code says so: "The term "form" will be found in the word "format""); the matches
are ordered by position, longer first, and one that begins before the previous one ends is
dropped.

What this module adds, and why:

- segments. The matcher is made for one translation unit at a time, and
  ``TerminologyComparer`` reads only the first ``max_length`` (500) characters of a text. A
  document is therefore matched one line at a time (the units a converter such as txt2po or
  md2po would make are paragraphs or lines), and a line longer than 500 characters is cut at
  the last whitespace before the limit (or at the limit) into pieces that are matched in turn,
  so that no part of the text is beyond the matcher's reach. Empty lines are skipped.
- spans. ``matches()`` returns units only. Their positions are the matcher's own record,
  ``matcher.match_info[unit.source]["pos"]`` (set by ``TerminologyComparer``: the offset of
  ``str.find`` in the lower-cased segment); the span is ``pos`` to ``pos + len(unit.source)``
  (the form that matched, a variant such as ``downtime`` included), mapped back from the
  lower-cased segment to the text's offsets. The term is the unit's target: the term as given,
  which the matcher leaves untouched.

Usage::

    from peers import translate_toolkit_matcher
    translate_toolkit_matcher.find([("en", "LoRA"), ("bn", "মডেল")], text)
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

#: ``TerminologyComparer``'s default ``max_len``: it reads no further into a text.
MAX_LEN = 500
_LINE = re.compile(r"[^\n]+")


def build(terms: list[tuple[str, str]]) -> Any:
    """A ``terminologymatcher`` over a CSV store of one unit per term (source = target =
    the term)."""
    from translate.search import match
    from translate.storage import csvl10n

    store = csvl10n.csvfile()
    seen: set[str] = set()
    for _lang, term in terms:
        if term.strip() and term not in seen:
            seen.add(term)
            unit = store.addsourceunit(term)
            unit.target = term
    return match.terminologymatcher(store)


def match(matcher: Any, text: str) -> list[tuple[int, int, str]]:
    """``(start, end, term)`` of each unit ``matcher.matches`` returns for each segment of
    ``text`` (see the module docstring), offsets into ``text``."""
    out: list[tuple[int, int, str]] = []
    for begin, segment in _segments(text):
        units = matcher.matches(segment)
        if not units:
            continue
        info = matcher.match_info
        origin = _origin(segment)
        for unit in units:
            pos = info[unit.source]["pos"]
            start, end = origin[pos], origin[min(pos + len(unit.source), len(origin) - 1)]
            out.append((begin + start, begin + end, str(unit.target)))
    return out


def find(terms: list[tuple[str, str]], text: str) -> list[tuple[int, int, str]]:
    """:func:`match` with a matcher of ``terms``."""
    return match(build(terms), text)


def _segments(text: str) -> Iterator[tuple[int, str]]:
    """``(offset, segment)``: each non-empty line, cut into pieces of at most
    :data:`MAX_LEN` characters at whitespace when longer."""
    for line in _LINE.finditer(text):
        begin, rest = line.start(), line.group()
        while len(rest) > MAX_LEN:
            cut = max(rest.rfind(" ", 0, MAX_LEN), rest.rfind("\t", 0, MAX_LEN))
            cut = cut + 1 if cut > 0 else MAX_LEN
            if rest[:cut].strip():
                yield begin, rest[:cut]
            begin, rest = begin + cut, rest[cut:]
        if rest.strip():
            yield begin, rest


def _origin(segment: str) -> Any:
    """For each offset of ``segment.lower()`` (and its end), the offset in ``segment``."""
    if len(segment.lower()) == len(segment):
        return range(len(segment) + 1)
    origin: list[int] = []
    for i, ch in enumerate(segment):
        origin.extend([i] * len(ch.lower()))
    origin.append(len(segment))
    return origin
