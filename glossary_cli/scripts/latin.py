"""Latin script (English): a light stemmer, on folded words."""

from __future__ import annotations

#: Function words of a lookup (articles, prepositions, conjunctions, question words): a query
#: of nothing else finds nothing, and they are left out of partial matches.
FUNCTION_WORDS = "what is are the a an of in for and or to by with on from at as"
#: The words of a question about a term ("what does … mean"), also left out.
QUESTION_WORDS = "meaning mean define definition term"


# English inflections and derivations of :func:`english_stem`, longest first, each with what
# replaces it. The -ize family (British -ise too) keeps its "iz": a word derived with it is
# not its root (tokenization is not token, normalization not normal). -ies and -ied become
# -y (studies, study; not studio).
_EN_SUFFIXES = (
    ("izations", "iz"),
    ("isations", "iz"),
    ("ization", "iz"),
    ("isation", "iz"),
    ("ations", ""),
    ("ation", ""),
    ("izing", "iz"),
    ("ising", "iz"),
    ("ized", "iz"),
    ("ised", "iz"),
    ("izes", "iz"),
    ("ises", "iz"),
    ("ize", "iz"),
    ("ise", "iz"),
    ("ings", ""),
    ("ing", ""),
    ("ied", "y"),
    ("ies", "y"),
    ("ed", ""),
    ("es", ""),
    ("s", ""),
    ("e", ""),
)


def english_stem(word: str) -> str:
    """A light English stem (in the spirit of the Porter stemmer's steps 1 and 2, with the
    ``-ize`` family): one suffix of a fixed list removed while three letters remain, so that
    quantize, quantized, quantization and quantisation meet, as do prune and pruning, and
    study and studies, while a word derived with ``-ize`` stays apart from its root (token,
    tokenization).

    >>> [english_stem(w) for w in ("quantization", "quantisation", "quantized", "pruning", "prune")]
    ['quantiz', 'quantiz', 'quantiz', 'prun', 'prun']
    >>> english_stem("studies") == english_stem("study") != english_stem("studio")
    True
    >>> english_stem("tokenization") == english_stem("token")
    False
    """
    if len(word) <= 3 or not word.isalpha():
        return word
    for suffix, replacement in _EN_SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            if suffix == "s" and word[-2] in "su":
                return word
            return word[: -len(suffix)] + replacement
    return word
