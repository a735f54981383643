"""Devanagari (Hindi, Marathi, Nepali): spelling variants, on folded words.

Folding (NFKC) already decomposes the nukta letters क़ ख़ ग़ ज़ ड़ ढ़ फ़ य़ (U+0958–U+095F) into
letter + nukta (U+093C): they are composition exclusions (UAX #15 §5), so both spellings meet.
Many writers leave the nukta out (ज़ूम, जूम) and write anusvara for chandrabindu (हैं, हैँ);
the Unicode Standard's Devanagari chapter (§12.1, "Nukta", "Candrabindu") describes both marks.
"""

from __future__ import annotations

_LOOSE = str.maketrans({"\u093c": None, "\u0901": "\u0902"})


def devanagari_loose(word: str) -> str:
    """A Devanagari word without nukta (U+093C) and with chandrabindu (U+0901) as anusvara
    (U+0902), as it is often typed.

    >>> devanagari_loose("\u091c\u093c\u0942\u092e") == "\u091c\u0942\u092e"
    True
    >>> devanagari_loose("\u0939\u0948\u0901") == "\u0939\u0948\u0902"
    True
    """
    return word.translate(_LOOSE)
