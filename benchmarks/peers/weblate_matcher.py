# Port of Weblate's glossary term matcher, for benchmarking only (not part of the gloss package).
#
# Source: WeblateOrg/weblate, weblate/glossary/models.py at commit
#         05135701baf91c3c4fd6bd22623f3759f0b359dc (get_glossary_automaton, get_glossary_terms,
#         NON_WORD_RE), and weblate/lang/models.py Language.uses_whitespace with
#         weblate/lang/data.py NO_SPACE_LANGUAGES at commit
#         1168c73e58ddfcfbaebd921e04f51c5a0accc5d7.
# Original: Copyright © Michal Čihař <michal@weblate.org>
# Licence:  SPDX-License-Identifier: GPL-3.0-or-later. This port is a derivative work and is
#           likewise licensed under the GNU General Public License, version 3 or (at your
#           option) any later version. It lives in benchmarks/ and is not shipped in the (MIT)
#           gloss package.
"""A port of Weblate's glossary matcher (peer of ``gloss scan``).

Ported from WeblateOrg/weblate, ``weblate/glossary/models.py`` at commit
``05135701baf91c3c4fd6bd22623f3759f0b359dc`` — ``get_glossary_automaton`` (the automaton of the
glossary's source terms) and ``get_glossary_terms`` (matching one unit's source against it,
with its word-boundary rule) — and ``Language.uses_whitespace`` with ``NO_SPACE_LANGUAGES`` of
``weblate/lang/data.py`` at commit ``1168c73e58ddfcfbaebd921e04f51c5a0accc5d7``. GPL-3.0-or-later
(see the header); benchmark code, not shipped with gloss. The repository was too large for a
local clone (5.7 GB); the files were read from a stored copy of the repository at those commits.

Weblate's rules, kept exactly:

- terms: the glossary's sources lower-cased (``Lower("source")``), the empty one discarded, in
  one Aho–Corasick automaton;
- text: the unit's source ``.lower().strip()``-ed;
- every match, overlapping ones included (``find_matches_as_indexes(overlapping=True)``);
- word boundaries, when the source language uses whitespace (``uses_whitespace``: not zh, ja,
  th, km, lo, my, ko): a match is kept when the character before it and the character after
  it are each a non-word character (``re.compile(r"\\W")``) or the edge of the text. ``\\W``
  is Python's: combining marks are not word characters, so a Bengali vowel sign or virama (and
  an Arabic haraka) is a "boundary" — Weblate keeps মডেল inside মডেলের and কল inside বিকল;
- a match names every glossary term whose lower-cased source is the matched text
  (``glossary_positions`` of each).

Deviations, none of which changes which spans match:

- the automaton is pyahocorasick's (``Automaton.iter`` reports every occurrence of every key,
  overlapping ones included, as ahocorasick_rs's ``overlapping=True`` that Weblate uses does);
- terms are lower-cased with Python's ``str.lower`` (Weblate: the database's ``LOWER``);
- the whole text is one unit (Weblate matches unit by unit; the boundary rule only looks at
  neighbouring characters, so splitting a document into lines gives the same spans);
- spans are mapped back from the lower-cased, stripped text to the text's own offsets (Weblate
  keeps offsets into its lower-cased source; they differ only where lowering changes a length,
  as ``"İ".lower()`` does, or by the leading whitespace that ``strip`` removes);
- the Django parts (units, variants, flags, ordering, caching) are left out: the terms are
  given as ``(lang, term)`` pairs of every language at once, and ``source_language`` (default
  ``"und"``, which uses whitespace) stands for the component's source language.

Usage::

    from peers import weblate_matcher
    weblate_matcher.find([("en", "LoRA"), ("bn", "মডেল")], text)
"""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Any

# weblate/glossary/models.py
NON_WORD_RE = re.compile(r"\W")

# weblate/lang/data.py
NO_SPACE_LANGUAGES = {
    "zh",
    "ja",
    "th",
    "km",
    "lo",
    "my",
    "ko",
}


def uses_whitespace(code: str) -> bool:
    """``Language.uses_whitespace`` (weblate/lang/models.py), with ``base_code`` inlined."""
    base_code = code.replace("_", "-").split("-")[0]
    return base_code not in NO_SPACE_LANGUAGES


class Matcher:
    """The automaton of the glossary's lower-cased sources, and which terms each stands for."""

    def __init__(self, terms: list[tuple[str, str]]) -> None:
        import ahocorasick

        self.terms: dict[str, list[str]] = defaultdict(list)
        for _lang, term in terms:
            key = term.lower()  # get_glossary_sources: Lower("source")
            if term not in self.terms[key]:
                self.terms[key].append(term)
        self.terms.pop("", None)  # terms.discard("")
        automaton = ahocorasick.Automaton()
        for key in self.terms:
            automaton.add_word(key, key)
        self.automaton = automaton
        self.empty = not self.terms
        if not self.empty:
            automaton.make_automaton()


def build(terms: list[tuple[str, str]]) -> Matcher:
    """``get_glossary_automaton`` of ``terms``."""
    return Matcher(terms)


def match(
    matcher: Matcher, text: str, *, source_language: str = "und"
) -> list[tuple[int, int, str]]:
    """``get_glossary_terms`` of one unit whose source is ``text``: ``(start, end, term)`` of
    every glossary term at every position Weblate reports, offsets into ``text``."""
    if matcher.empty:
        return []
    lowered, origin = _lowered(text)
    # "Build complete source for matching": text.lower().strip()
    stripped = lowered.strip()
    shift = len(lowered) - len(lowered.lstrip())
    source = stripped

    uses_ws = uses_whitespace(source_language)
    boundaries: set[int] = set()
    if uses_ws:
        # Get list of word boundaries
        boundaries = {m.span()[0] for m in NON_WORD_RE.finditer(source)}
        boundaries.add(-1)
        boundaries.add(len(source))

    positions: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for last, key in matcher.automaton.iter(source):
        start, end = last - len(key) + 1, last + 1
        if not uses_ws or ((start - 1 in boundaries) and (end in boundaries)):
            term = source[start:end].lower()
            positions[term].append((start, end))

    out: list[tuple[int, int, str]] = []
    for key, spans in positions.items():
        for start, end in spans:
            a, b = origin[start + shift], origin[end + shift]
            out.extend((a, b, term) for term in matcher.terms.get(key, ()))
    out.sort()
    return out


def find(
    terms: list[tuple[str, str]], text: str, *, source_language: str = "und"
) -> list[tuple[int, int, str]]:
    """:func:`match` with the automaton of ``terms``."""
    return match(build(terms), text, source_language=source_language)


def _lowered(text: str) -> tuple[str, Any]:
    """``text.lower()`` and, for each of its offsets (and its end), the offset in ``text``
    it comes from (the identity when lowering keeps every length)."""
    lowered = text.lower()
    if len(lowered) == len(text):
        return lowered, range(len(text) + 1)
    origin: list[int] = []
    for i, ch in enumerate(text):
        origin.extend([i] * len(ch.lower()))
    origin.append(len(text))
    return lowered, origin
