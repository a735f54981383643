"""flashtext's ``KeywordProcessor`` as a term matcher (peer of ``gloss scan``).

Adapted from flashtext 2.7 (PyPI ``flashtext==2.7``; repository vi3k6i5/flashtext, file
``flashtext/keyword.py``, MIT licence), used as its README shows: a ``KeywordProcessor()``
with its defaults (case-insensitive: ``case_sensitive=False``), every term added with
``add_keyword(term, term)`` (the term is its own "clean name", so that a match says which
term it was), then ``extract_keywords(text, span_info=True)`` over the whole text, which
returns ``(clean name, start, end)`` with offsets into the text.

No deviation from flashtext's behaviour; what it does, for the record:

- word boundaries: only ASCII letters, digits and ``_`` are word characters
  (``non_word_boundaries``), so any other character ends a word — Bengali and Arabic letters
  and marks included, and a term can be found inside a Bengali or Arabic word;
- longest match from each start, left to right, no overlaps;
- case: the text is ``str.lower()``-ed and the offsets are those of the lowered text (equal to
  the text's unless lowering changes a length, as ``"İ".lower()`` does; flashtext does not
  correct for that and neither does this module);
- two terms that lower to the same keyword: the one added last names the match.

Usage::

    from peers import flashtext_matcher
    flashtext_matcher.find([("en", "LoRA"), ("bn", "মডেল")], text)
"""

from __future__ import annotations

from typing import Any


def build(terms: list[tuple[str, str]]) -> Any:
    """A ``KeywordProcessor`` holding every term (its defaults: case-insensitive)."""
    from flashtext import KeywordProcessor

    processor = KeywordProcessor()
    for _lang, term in terms:
        if term.strip():
            processor.add_keyword(term, term)
    return processor


def match(processor: Any, text: str) -> list[tuple[int, int, str]]:
    """``(start, end, term)`` of every keyword flashtext extracts from ``text``."""
    return [(start, end, term) for term, start, end in processor.extract_keywords(text, True)]


def find(terms: list[tuple[str, str]], text: str) -> list[tuple[int, int, str]]:
    """:func:`match` with a processor of ``terms``."""
    return match(build(terms), text)
