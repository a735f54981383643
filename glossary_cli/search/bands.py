"""Score bands: what each kind of match scores, and which kinds are sure.

Every tier of the search (:data:`glossary_cli.search.searcher.TIERS`) scores inside its own
band, so a better kind of match always ranks higher, and a score says how a concept was found:

===========  =========  ============================================================
score        kind       what matched
===========  =========  ============================================================
100          exact      the whole query is a whole name
98           exact      equal once spaces, Arabic articles or word endings are set aside
97           inflected  the query is a Bengali inflected form of a whole name
             clitic     (প্রুনিংকে), or an Arabic one with a clitic (وتقليم)
90–96        prefix     a name starts with the query (compared without spaces, up to a
                        word's end)
80–89        word       every query word is a word of a name, or an inflected form of one
                        (the last may be a prefix); the more of the name the query covers
                        and the more words match as typed, the higher
75–79        word       every query word is a word of some name of the concept, in any
                        language (تقطير distillation, নেটওয়ার্ক pruning): words of
                        several names, the query mixing scripts or languages
84–88        spelled    a Bengali or Arabic query spells an abbreviation out letter by letter
                        (টিপিইউ: TPU), scored as its Latin reading (a word band)
70–79        fuzzy      a typo of indexed words, ranked as the corrected query is; or
60–79                   rapidfuzz similarity of query and name ≥ the fuzzy cut-off
60–79        phonetic   a romanized query sounds like a native term; a Bengali or Arabic
                        query spells out an English name (লোরা: LoRA)
60–75        partial    a name has more than half of the query's content words
40–59        definition a definition holds words of the query, in any form: two or more, or
                        a one-word query's rare word; the more and the rarer, the higher (BM25)
===========  =========  ============================================================

A match is *sure* (:func:`is_sure`) when it leaves no doubt which name was meant: an exact,
inflected or clitic match of a whole name, a prefix that only one concept's names start with,
an abbreviation spelled out exactly, or a slip in the spelling of one whole name with no
other concept near. ``gloss show`` prints a card only for a sure match; ``gloss search`` marks
the rest approximate.
"""

from __future__ import annotations

from glossary_cli.values import NamedTuple


class Band(NamedTuple):
    """The scores a kind of match can have: ``low`` ≤ score ≤ ``high`` (0–100)."""

    kind: str
    low: float
    high: float

    def scale(self, fraction: float) -> float:
        """The score ``fraction`` (0–1, clamped) of the way from ``low`` to ``high``.

        >>> PREFIX.scale(0.5)
        93.0
        """
        return self.low + (self.high - self.low) * min(1.0, max(0.0, fraction))


EXACT = 100.0
#: equal up to spaces, Arabic articles or light word endings
NORMALIZED = 98.0
#: a whole name in a Bengali inflected or an Arabic clitic form
INFLECTED = 97.0
PREFIX = Band("prefix", 90.0, 96.0)
WORD = Band("word", 80.0, 89.0)
#: every query word a word of one of the concept's names, not all of one name
ACROSS = Band("word", 75.0, 79.0)
#: the Latin reading of a spelled-out abbreviation, found exactly, by prefix, or by words
SPELLED = Band("spelled", 84.0, 88.0)
#: a query whose typos were corrected to indexed words, ranked as the corrected query
CORRECTED = Band("fuzzy", 70.0, 79.0)
FUZZY = Band("fuzzy", 60.0, 79.0)
PHONETIC = Band("phonetic", 60.0, 79.0)
PARTIAL = Band("partial", 60.0, 75.0)
DEFINITION = Band("definition", 40.0, 59.0)
#: A related term (another concept's name, curated or a cross-reference) is a lead, not the
#: concept's own name: it scores at most the bottom of the word band.
RELATED_MAX = WORD.low

#: Kinds whose hits ``gloss search`` marks approximate: not a name's own words as typed or
#: inflected, but a likeness.
APPROXIMATE_KINDS = frozenset({"fuzzy", "phonetic", "partial", "definition"})
#: How far a sure slip or spelling must stand above the next concept.
SURE_MARGIN = 5.0


def is_approximate(kind: str) -> bool:
    """Whether a match of ``kind`` is a likeness rather than the words of a name.

    >>> is_approximate("fuzzy"), is_approximate("inflected")
    (True, False)
    """
    return kind in APPROXIMATE_KINDS
